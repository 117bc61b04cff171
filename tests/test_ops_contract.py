import json
import subprocess
import sys

import pytest
from hypothesis import given, strategies as st

from shelldon.contracts import ContractError
from shelldon.contracts.ops import LogEpisode, Remember, convert_op, decode_op, encode_op

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
    assert convert_op(op) == decoded == decode_op(encode_op(decoded))


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


def test_ops_do_not_share_a_default_list():
    one, two = LogEpisode(content="a"), LogEpisode(content="b")
    one.tags.append("walk")
    assert two.tags == [] and LogEpisode(content="c").tags == []


@pytest.mark.parametrize("text,why", [
    ('{"op":"rewrite_about","content":NaN}', "not valid json"),
    ('{"op":"resolve_learning","id":3.0,"status":"pruned"}', "Expected `int`"),
    ('{"op":"rewrite_about","content":"\\ud800"}', "not valid json"),
    (b'{"op":"rewrite_about","content":"\xff"}', "not valid json"),
    ('\ufeff{"op":"rewrite_about","content":"x"}', "not valid json"),
    ('[{"op":"rewrite_about","content":"x"}]', "Expected `object`"),
    ('{"op":"rewrite_about","content":"x"} trailing', "not valid json"),
])
def test_odd_json_is_refused_with_a_reason(text, why):
    with pytest.raises(ContractError) as info:
        decode_op(text)
    assert why.lower() in str(info.value).lower()


@pytest.mark.parametrize("text", [
    "[" * 100000, '{"content":' + "[" * 100000, '{"x":' + "{\"a\":" * 100000,
    '{"op":"log_episode","content":"x","tags":' + "[" * 100000,
])
def test_a_line_nested_too_deeply_is_refused_not_a_crash(text):
    with pytest.raises(ContractError):
        decode_op(text)


def test_an_already_parsed_op_is_held_to_the_same_contract():
    assert convert_op({"op": "remember", "collection": "people", "name": "Ana", "content": "x"}) == \
        Remember("people", "Ana", "x")
    with pytest.raises(ContractError, match="unknown field"):
        convert_op({"op": "rewrite_about", "content": "x", "extra": 1})
    with pytest.raises(ContractError, match="Expected `int`"):
        convert_op({"op": "resolve_learning", "id": True, "status": "pruned"})   # strict: no bool for int


def test_apply_refuses_a_deeply_nested_line_with_65(tmp_path):
    import os
    bin_dir = os.path.join(os.path.dirname(__file__), "..", "bin")
    home = str(tmp_path / "home")
    env = {**os.environ, "SHELLDON_HOME": home}
    subprocess.run([sys.executable, os.path.join(bin_dir, "shelldon-init")], env=env, check=True,
                   capture_output=True)
    line = '{"content":' + "[" * 100000 + "\n"   # deep before the tag: msgspec must skip it
    done = subprocess.run([sys.executable, os.path.join(bin_dir, "shelldon-apply")], input=line.encode(),
                          env=env, capture_output=True)
    assert done.returncode == 65, done.stderr
    assert b"Traceback" not in done.stderr and b"nested too deeply" in done.stderr
