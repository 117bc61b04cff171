"""The launcher's wire format under arbitrary bytes: a request or a clear ContractError, never
anything else; and the worker's result and the broker's messages the same."""
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from shelldon.contracts import ContractError, wire
from shelldon.contracts.wire import (SayReply, SayRequest, ThinkReply, ThinkRequest, WorkerResult, decode,
                                     decode_say_request)

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=12)


def _request_or_clear_error(line: bytes) -> None:
    try:
        request = decode_say_request(line)
    except ContractError as exc:
        assert str(exc)
    else:
        assert isinstance(request, SayRequest)


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_give_a_request_or_a_clear_error(data):
    _request_or_clear_error(data)


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_any_json_gives_a_request_or_a_clear_error(value):
    _request_or_clear_error(json.dumps(value).encode())


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=200), json_values.map(lambda v: json.dumps(v).encode())),
       st.sampled_from([WorkerResult, ThinkRequest, ThinkReply]))
def test_the_other_wire_messages_never_raise_anything_else(data, kind):
    try:
        decode(data, kind, kind.__name__)
    except ContractError as exc:
        assert str(exc)


# -- the plain reader and msgspec agree -------------------------------------------------

WIRE_KINDS = [SayRequest, SayReply, WorkerResult, ThinkRequest, ThinkReply]
field_values = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=10)
                | st.lists(st.dictionaries(st.text(max_size=4), st.integers() | st.text(max_size=4), max_size=3),
                           max_size=3))


def _plain(message):
    values = message.values()
    if values.get("ops") is not None:
        values["ops"] = [json.loads(op) for op in values["ops"]]
    return values


@settings(max_examples=800, deadline=None)
@given(kind=st.sampled_from(WIRE_KINDS), data=st.data())
def test_what_the_plain_reader_accepts_msgspec_accepts_alike(kind, data):
    names = [name for name, _kind, _default in kind.fields] + ["extra"]
    obj = data.draw(st.dictionaries(st.sampled_from(names), field_values, max_size=len(names)))
    line = json.dumps(obj).encode()
    try:
        ours = decode(line, kind, "message")
    except ContractError:
        ours = None
    try:
        theirs = wire._by_msgspec(line, kind, "message")
    except ContractError:
        theirs = None
    assert (ours is None) == (theirs is None), (obj, ours, theirs)
    if ours is not None:
        assert _plain(ours) == _plain(theirs)


@pytest.mark.parametrize("message", [
    SayRequest("hi", turn_id="t-1"), SayReply(True, turn_id="t-1", reply="héllo"),
    SayReply(False, error="busy", code=75), WorkerResult(reply="ok", ops=[b'{"op":"rewrite_about","content":"x"}']),
    WorkerResult(error="boom", code=1), ThinkRequest("the prompt", "hi"), ThinkReply(True, text="fine")])
def test_what_is_encoded_decodes_to_the_same(message):
    line = wire.encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert decode(line, type(message), "message") == message
    assert wire._by_msgspec(line, type(message), "message") == message


def test_plain_lines_are_read_without_msgspec():
    code = ("import sys\n"
            "from shelldon.contracts import wire\n"
            "wire.decode(b'{\"reply\": \"hi\", \"ops\": [{\"op\": \"rewrite_about\", \"content\": \"x\"}]}', "
            "wire.WorkerResult, 'r')\n"
            "wire.decode_say_request(b'{\"message\": \"hi\"}')\n"
            "wire.encode(wire.SayReply(True, reply='hi'))\n"
            "print('msgspec' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
