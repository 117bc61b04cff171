import json
import os
import subprocess
import sys

import pytest
from hypothesis import example, given, settings, strategies as st

from shelldon.contracts import ContractError
from shelldon.contracts import ops
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
    assert decoded.to_dict()["op"] == op["op"]
    assert {k: v for k, v in decoded.to_dict().items() if k in op} == op
    assert ops._fast(json.dumps(op)) == decoded == ops._by_msgspec(json.dumps(op))


@pytest.mark.parametrize("bad,why", [
    ({"op": "delete_everything"}, "unknown op"),
    ({"content": "x"}, "no \"op\""),
    ({"op": "rewrite_about", "content": "x", "extra": 1}, "unknown field"),
    ({"op": "remember", "collection": "secrets", "name": "a", "content": "b"}, "collection"),
    ({"op": "remember", "collection": "facts", "name": "a\x00b", "content": "b"}, "control"),
    ({"op": "remember", "collection": "facts", "name": "a\nb", "content": "b"}, "control"),
    ({"op": "remember", "collection": "facts", "name": "ana\n", "content": "b"}, "control"),  # not $
    ({"op": "rewrite_about", "content": "x\r\n"}, "control"),
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


# -- the fast reader and msgspec agree ----------------------------------------------------
# The fast reader may defer (return None) on anything; whatever it accepts, msgspec must
# accept with the same values. The strategies below aim at the edges: bounds, control
# characters, surrogates, wrong types, bools for ints, floats, extra and missing keys.

_texts = st.one_of(
    st.text(max_size=12),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x7f), max_size=8),
    st.sampled_from(["", "x", "a\nb", "ab\n", "\t", "tab\there", "\x7f", "\x00", "\ud800", "é",
                     "x" * 40, "x" * 41, "x" * 120, "x" * 121, "n" * 1024, "n" * 1025,
                     "c" * 8192, "c" * 8193, "facts", "people", "promoted", "pruned", "pending"]))
_values = st.one_of(_texts, st.none(), st.booleans(), st.integers(min_value=-3, max_value=2**63),
                    st.floats(allow_nan=True), st.lists(_texts, max_size=17),
                    st.lists(st.integers(), max_size=2), st.dictionaries(_texts, _texts, max_size=2))
_keys = st.sampled_from(["op", "content", "collection", "name", "tags", "observation", "pattern_key",
                         "id", "status", "extra", "Content"])


@st.composite
def op_like(draw):
    kind = draw(st.sampled_from(ops.OPS))
    obj = {"op": draw(st.one_of(st.just(kind.tag), _texts))}
    for name, _kind, _default in kind.fields:
        if draw(st.booleans()) or draw(st.booleans()):
            obj[name] = draw(st.one_of(_values, st.sampled_from([v["content"] for v in VALID if "content" in v])))
    for key in draw(st.lists(_keys, max_size=2)):
        obj[key] = draw(_values)
    return obj


def _as_json(obj) -> str:
    return json.dumps(obj, ensure_ascii=False) if obj is not None else "null"


@settings(max_examples=1500, deadline=None)
@given(obj=op_like())
@example(obj={"op": "remember", "collection": "facts", "name": "ab\n", "content": "c"})
@example(obj={"op": "resolve_learning", "id": True, "status": "pruned"})
@example(obj={"op": "resolve_learning", "id": 2**62 + 1, "status": "pruned"})
@example(obj={"op": "capture_learning", "observation": "", "pattern_key": None})
def test_what_the_fast_reader_accepts_msgspec_accepts_alike(obj):
    try:
        text = _as_json(obj)
    except (ValueError, UnicodeEncodeError):
        return
    fast = ops._fast(text)
    try:
        slow = ops._by_msgspec(text)
    except ContractError:
        slow = None
    if fast is not None:
        assert slow is not None, f"fast accepted what msgspec refuses: {text[:200]}"
        assert fast.to_dict() == slow.to_dict()


@pytest.mark.parametrize("text", [
    '{"op":"rewrite_about","content":NaN}', '{"op":"rewrite_about","content":"a","content":"b"}',
    '{"op":"resolve_learning","id":3.0,"status":"pruned"}', '{"op":"rewrite_about","content":"\\ud800"}',
    b'{"op":"rewrite_about","content":"\xff"}', '\ufeff{"op":"rewrite_about","content":"x"}',
    '[{"op":"rewrite_about","content":"x"}]', '{"op":"rewrite_about","content":"x"} trailing',
])
def test_odd_json_is_left_to_msgspec(text):
    assert ops._fast(text) is None

    def outcome(read):
        try:
            return read(text).to_dict()
        except ContractError as exc:
            return str(exc)
    assert outcome(decode_op) == outcome(ops._by_msgspec)


def test_valid_ops_are_read_without_importing_msgspec():
    lines = "\n".join(json.dumps(op) for op in VALID)
    probe = ("import sys, json\nfrom shelldon.contracts.ops import decode_op\n"
             "for line in sys.stdin: decode_op(line)\nprint('msgspec' in sys.modules)")
    env = {**os.environ, "PYTHONPATH": os.path.join(os.path.dirname(__file__), "..", "lib")}
    done = subprocess.run([sys.executable, "-c", probe], input=lines, capture_output=True, text=True,
                          env=env, check=True)
    assert done.stdout.strip() == "False"
