"""A rejected op line is journalled redacted after its escapes are decoded (issue 19, hole 7)."""
import json

from conftest import db_rows

KEY = "AKIAIOSFODNN7EXAMPLQ"   # AWS-key shaped, not a real key


def _escaped(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" for c in text)


def _stored_bytes(home) -> bytes:
    """history.db and its WAL as bytes: the row may rest in either."""
    return b"".join(p.read_bytes() for p in home.glob("history.db*"))


def test_a_malformed_line_with_an_escaped_key_keeps_no_key_in_history(ready, home):
    # a stray brace makes the line invalid JSON, so it is journalled as text, not as args
    line = '{"op":"remember","collection":"facts","name":"k","content":"key ' + _escaped(KEY) + '"}}\n'
    result = ready("shelldon-apply", "--turn-id", "leak", input=line)
    assert result.returncode == 65 and b"not valid JSON" in result.stderr
    [(args, status)] = db_rows(home, "SELECT args, status FROM journal WHERE turn_id = 'leak'")
    assert status == "rejected"
    assert KEY not in args and "[redacted:aws-key]" in args, args
    # decoding the stored row's escapes gives nothing back either
    assert KEY not in args.encode().decode("unicode_escape")
    stored = _stored_bytes(home)
    for form in (KEY, _escaped(KEY), _escaped(KEY).upper().replace("\\U", "\\u")):
        assert form.encode() not in stored, form


def test_escapes_split_over_a_surrogate_pair_and_a_backslash_still_decode(ready, home):
    # the key after an escaped backslash and an emoji spelled as a surrogate pair
    content = "\\\\ \\ud83d\\ude00 " + _escaped(KEY)
    line = '{"op":"remember","collection":"facts","name":"k","content":"' + content + '"'   # unterminated
    assert ready("shelldon-apply", "--turn-id", "pair", input=line + "\n").returncode == 65
    [(args,)] = db_rows(home, "SELECT args FROM journal WHERE turn_id = 'pair'")
    assert KEY not in args and "[redacted:aws-key]" in args and "\N{GRINNING FACE}" in args, args


def test_a_well_formed_rejected_op_still_keeps_its_args_as_json(ready, home):
    op = {"op": "remember", "collection": "facts", "name": "k", "content": "key " + KEY, "extra": 1}
    assert ready("shelldon-apply", "--turn-id", "ok", input=json.dumps(op) + "\n").returncode == 65
    [(args,)] = db_rows(home, "SELECT args FROM journal WHERE turn_id = 'ok'")
    assert json.loads(args)["content"] == "key [redacted:aws-key]"
