import json

import msgspec
import pytest
from hypothesis import given, strategies as st

from shelldon.contracts import ContractError
from shelldon.contracts.ops import LogEpisode, Remember, decode_op

VALID = [
    {"op": "rewrite_about", "content": "I am shelldon."},
    {"op": "remember", "collection": "people", "name": "Ana", "content": "sister, Porto"},
    {"op": "log_episode", "content": "went for a walk", "tags": ["walk"]},
    {"op": "rewrite_summary", "content": "we talked"},
    {"op": "capture_learning", "observation": "owner likes tea", "pattern_key": "tea"},
    {"op": "capture_learning", "observation": "owner likes tea"},
    {"op": "resolve_learning", "id": 3, "status": "pruned"},
]


@pytest.mark.parametrize("op", VALID)
def test_valid_ops_decode(op):
    decoded = decode_op(json.dumps(op))
    assert msgspec.to_builtins(decoded)["op"] == op["op"]


@pytest.mark.parametrize("bad,why", [
    ({"op": "delete_everything"}, "unknown op"),
    ({"content": "x"}, "no \"op\""),
    ({"op": "rewrite_about", "content": "x", "extra": 1}, "unknown field"),
    ({"op": "remember", "collection": "secrets", "name": "a", "content": "b"}, "collection"),
    ({"op": "remember", "collection": "facts", "name": "a\x00b", "content": "b"}, "control"),
    ({"op": "remember", "collection": "facts", "name": "a\nb", "content": "b"}, "control"),
    ({"op": "remember", "collection": "facts", "name": "", "content": "b"}, "length"),
    ({"op": "remember", "collection": "facts", "name": "x" * 121, "content": "b"}, "length"),
    ({"op": "rewrite_about", "content": "x" * (8 * 1024 + 1)}, "length"),
    ({"op": "rewrite_about", "content": "bell\x07"}, "control"),
    ({"op": "capture_learning", "observation": "o" * 1025}, "length"),
    ({"op": "resolve_learning", "id": "3", "status": "pruned"}, "Expected `int`"),
    ({"op": "resolve_learning", "id": 3, "status": "pending"}, "Invalid enum"),
    ({"op": "log_episode", "content": "x", "tags": "notalist"}, "Expected `array`"),
])
def test_invalid_ops_are_refused_with_a_reason(bad, why):
    with pytest.raises(ContractError) as info:
        decode_op(json.dumps(bad))
    assert why.lower() in str(info.value).lower()


def test_content_keeps_newline_and_tab():
    op = decode_op(json.dumps({"op": "rewrite_about", "content": "a\n\tb"}))
    assert op.content == "a\n\tb"


def test_ops_are_frozen():
    op = decode_op(json.dumps(VALID[1]))
    assert isinstance(op, Remember)
    with pytest.raises(AttributeError):
        op.name = "other"


def _paths(obj, prefix=()):
    """Every dict inside obj (by path), so an extra key can be planted at any depth."""
    if isinstance(obj, dict):
        yield prefix
        for key, value in obj.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(obj, list):
        for n, value in enumerate(obj):
            yield from _paths(value, prefix + (n,))


@given(op=st.sampled_from(VALID), key=st.text(min_size=1, max_size=10), data=st.data())
def test_an_extra_key_at_any_depth_is_refused(op, key, data):
    op = json.loads(json.dumps(op))
    target_path = data.draw(st.sampled_from(list(_paths(op))))
    target = op
    for step in target_path:
        target = target[step]
    if key in target:
        return
    target[key] = "x"
    with pytest.raises(ContractError):
        decode_op(json.dumps(op))


def test_nested_struct_fields_forbid_unknowns():
    # tags are plain strings today; an object in their place must not slip through.
    with pytest.raises(ContractError):
        decode_op(json.dumps({"op": "log_episode", "content": "x", "tags": [{"a": 1}]}))
    assert isinstance(decode_op(json.dumps({"op": "log_episode", "content": "x"})), LogEpisode)
