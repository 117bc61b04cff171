"""contracts/jsontext.py drives json's C codec without the json package: whatever it is
given, it must answer exactly as json.loads / json.dumps do — the same value, the same
text, the same exception with the same words."""
import json
import math
import subprocess
import sys

from hypothesis import example, given, settings, strategies as st

from shelldon.contracts import jsontext

scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
           | st.text())
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=20)


def same(a, b) -> bool:
    """Equal, counting NaN equal to NaN and telling 1 from 1.0 and True."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return a == b


def outcome(call):
    try:
        return "value", call()
    except Exception as exc:  # the type and the words are what a caller shows
        return type(exc), str(exc)


def agree(mine, theirs) -> None:
    if mine[0] == "value" and theirs[0] == "value":
        assert same(mine[1], theirs[1]), (mine, theirs)
    else:
        assert mine == theirs


@settings(max_examples=600, deadline=None)
@given(value=values, ascii=st.booleans(), compact=st.booleans())
def test_dumps_writes_what_json_writes(value, ascii, compact):
    ours = jsontext.dumps(value, ascii=ascii, compact=compact)
    assert ours == json.dumps(value, ensure_ascii=ascii, separators=(",", ":") if compact else None)
    assert same(jsontext.loads(ours), json.loads(ours))


@settings(max_examples=600, deadline=None)
@given(value=values, before=st.sampled_from(["", " ", "\n\t", "\ufeff", "\x0b"]),
       after=st.sampled_from(["", " \r\n", "x", " 1", ",", "\x00"]))
def test_loads_reads_what_json_reads(value, before, after):
    text = before + json.dumps(value) + after
    agree(outcome(lambda: jsontext.loads(text)), outcome(lambda: json.loads(text)))


@settings(max_examples=600, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list('{}[]:," \\ntrufalsNIiy0123456789.eE+-\ud800\x00é')),
                    max_size=30))
@example('{"a": 1, "a": 2}')
@example('"\\ud800"')
@example('[1, 2')
def test_loads_fails_as_json_fails(text):
    agree(outcome(lambda: jsontext.loads(text)), outcome(lambda: json.loads(text)))


def _no_repeats(pairs):
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a repeated key")
    return dict(pairs)


def _no_constant(name):
    raise ValueError(f"{name} is not a number here")


@given(text=st.sampled_from(['{"a": 1, "a": 2}', '{"a": [NaN]}', '{"a": {"b": 1, "c": Infinity}}',
                             '{"op": "x"}', '-Infinity']))
def test_hooks_are_called_as_json_calls_them(text):
    agree(outcome(lambda: jsontext.loads(text, pairs_hook=_no_repeats, constant=_no_constant)),
          outcome(lambda: json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)))


def test_what_json_refuses_to_write_is_refused_in_its_words():
    cycle: list = []
    cycle.append(cycle)
    for value in ({"when": object()}, cycle, {(1, 2): 3}):
        agree(outcome(lambda: jsontext.dumps(value)), outcome(lambda: json.dumps(value)))


def test_bytes_go_to_json():
    assert jsontext.loads(b'{"a": "\xc3\xa9"}') == {"a": "é"}


def test_errors_are_jsons_in_a_fresh_interpreter():
    # json.decoder not loaded yet: the C scanner cannot build its own error there
    code = ("from shelldon.contracts import jsontext\n"
            "for text in ('{not json', '[1,]', '1 2', ''):\n"
            "    try:\n"
            "        jsontext.loads(text)\n"
            "    except ValueError as exc:\n"
            "        print(type(exc).__name__, exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    expected = []
    for text in ("{not json", "[1,]", "1 2", ""):
        try:
            json.loads(text)
        except ValueError as exc:
            expected.append(f"{type(exc).__name__} {exc}")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == expected


def test_loading_it_does_not_load_json_or_re():
    code = ("import sys; from shelldon.contracts import jsontext; "
            "jsontext.dumps(jsontext.loads('{\"a\": [1, 2.5, null]}')); "
            "print(sorted(m for m in ('json', 're', 'enum') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
