"""The launcher's wire format under arbitrary bytes: a request or a clear ContractError, never
anything else; and the worker's result and the broker's messages the same."""
import json

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


@pytest.mark.parametrize("message", [
    SayRequest("hi", turn_id="t-1"), SayReply(True, turn_id="t-1", reply="héllo"),
    SayReply(False, error="busy", code=75), WorkerResult(reply="ok", ops=wire.raw_ops([b'{"op":"rewrite_about","content":"x"}'])),
    WorkerResult(error="boom", code=1), ThinkRequest("the prompt", "hi"), ThinkReply(True, text="fine")])
def test_what_is_encoded_decodes_to_the_same(message):
    line = wire.encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert decode(line, type(message), "message") == message


def test_a_workers_ops_travel_as_their_own_json_text():
    op = b'{"op":"rewrite_about","content":"x"}'
    line = wire.encode(WorkerResult(reply="ok", ops=wire.raw_ops([op])))
    assert line == b'{"reply":"ok","ops":[' + op + b']}\n'
    assert [bytes(o) for o in decode(line, WorkerResult, "r").ops] == [op]


@pytest.mark.parametrize("line", [
    b'{"message": "hi", "extra": 1}', b'{"ok": "yes"}', b'{"message": 3}', b'{"message": "hi", "turn_id": 5}',
])
def test_unknown_fields_and_wrong_types_are_refused(line):
    with pytest.raises(ContractError):
        decode_say_request(line) if b"message" in line else decode(line, SayReply, "reply")


@pytest.mark.parametrize("kind", [WorkerResult, SayRequest, ThinkRequest])
def test_a_line_nested_too_deeply_is_a_contract_error(kind):
    for line in (b"[" * 100000, b'{"ops":[' + b"[" * 100000, b'{"zz":' + b"[" * 100000):
        with pytest.raises(ContractError):
            decode(line, kind, "message")
