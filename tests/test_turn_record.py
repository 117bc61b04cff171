"""Turn records read and written with the stdlib: strict, and faithful to the ops' JSON."""
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shelldon.contracts import ContractError
from shelldon.contracts.turn import TurnRecord, decode_turn, encode_turn


def test_round_trip_and_absent_fields_left_out():
    record = TurnRecord("t1", "héllo", prompt="p", reply="r", ops=[b'{"op":"log_episode","content":"x"}'])
    line = encode_turn(record)
    assert json.loads(line) == {"turn_id": "t1", "owner": "héllo", "prompt": "p", "reply": "r",
                                "ops": [{"op": "log_episode", "content": "x"}]}
    assert decode_turn(line) == record
    assert encode_turn(TurnRecord("t2", "hi")) == b'{"turn_id":"t2","owner":"hi"}'


@pytest.mark.parametrize("line, why", [
    ('{"turn_id":"t1","owner":"a","extra":1}', "unknown field `extra`"),
    ('{"owner":"a"}', "missing required field `turn_id`"),
    ('{"turn_id":"t1","owner":5}', "expected str"),
    ('{"turn_id":"t1","owner":"a","reply":["x"]}', "expected str"),
    ('{"turn_id":"t1","owner":"a","ops":{"op":"x"}}', "expected array"),
    ('["t1"]', "expected object"),
    ('{"turn_id":"t1","owner":NaN}', "not valid JSON"),
    ('{"turn_id":"t1","owner":"\\ud800"}', "not valid JSON"),
    ('{"turn_id":"../x","owner":"a"}', "bad turn id"),
    ('{"turn_id":"t1","owner":"a\\u0000b"}', "NUL"),
    ("{nope", "not valid JSON"),
])
def test_refusals(line, why):
    with pytest.raises(ContractError, match=why.replace("[", r"\[")):
        decode_turn(line)


def test_null_prompt_and_reply_are_absent():
    record = decode_turn('{"turn_id":"t1","owner":"a","prompt":null,"reply":null}')
    assert record.prompt is None and record.reply is None


@given(st.dictionaries(st.sampled_from(["turn_id", "owner", "prompt", "reply", "ops", "x"]),
                       st.one_of(st.none(), st.text(max_size=8), st.integers(), st.lists(st.integers(), max_size=2))))
def test_any_object_decodes_or_is_refused_cleanly(obj):
    try:
        record = decode_turn(json.dumps(obj))
    except ContractError:
        return
    assert decode_turn(encode_turn(record)) == record


def test_ts_round_trips_with_its_offset_and_is_left_out_when_absent():
    line = b'{"turn_id":"t1","owner":"a","reply":"b","ts":"2024-03-05T18:22:00+01:00"}'
    record = decode_turn(line)
    assert record.ts.isoformat() == "2024-03-05T18:22:00+01:00"
    assert encode_turn(record) == line
    assert b"ts" not in encode_turn(decode_turn(b'{"turn_id":"t1","owner":"a"}'))


@pytest.mark.parametrize("ts, why", [
    ("2024-03-05T18:22:00", "ts has no UTC offset"),
    ("2024-03-05", "ts has no UTC offset|ts is not an ISO 8601 time"),
    ("18:22", "ts is not an ISO 8601 time"),
    ("yesterday", "ts is not an ISO 8601 time"),
    (1709659320, "ts is not an ISO 8601 time"),
])
def test_a_ts_without_offset_or_not_iso_is_refused(ts, why):
    with pytest.raises(ContractError, match=why):
        decode_turn(json.dumps({"turn_id": "t1", "owner": "a", "ts": ts}))


def test_ops_given_as_bytes_equal_the_same_ops_decoded_and_are_written_unchanged():
    op = b'{"op": "log_episode",  "content": "x"}'
    record = TurnRecord("t1", "a", ops=[op])
    assert decode_turn(encode_turn(record)) == record
    assert op in encode_turn(record) and [bytes(o) for o in record.ops] == [op]


def test_a_deeply_nested_op_is_refused_not_a_crash():
    with pytest.raises(ContractError, match="not valid JSON"):
        decode_turn('{"turn_id":"t1","owner":"a","ops":[' + "[" * 100000 + "]" * 100000 + "]}")
