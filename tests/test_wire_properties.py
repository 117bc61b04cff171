"""The launcher's wire format under arbitrary bytes: a request or a clear ContractError, never
anything else; and the worker's result and the broker's messages the same."""
import json

from hypothesis import given, settings, strategies as st

from shelldon.contracts import ContractError
from shelldon.contracts.wire import SayRequest, ThinkReply, ThinkRequest, WorkerResult, decode, decode_say_request

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
