"""Fuzz targets: each takes bytes and may raise only the exceptions its contract names.

Shared by the atheris runner (fuzz/run.py, under `make torture`) and the hypothesis property
tests (tests/test_properties.py), so the two exercise exactly the same surface.
"""
import io
import json
import os
import sqlite3
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from shelldon.contracts import ContractError  # noqa: E402


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogatepass") if _valid(data) else data.decode("latin-1")


def _valid(data: bytes) -> bool:
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def op_decoder(data: bytes) -> None:
    """decode_op: a validated op, or ContractError. A valid op survives a round trip."""
    from shelldon.contracts.ops import convert_op, decode_op, encode_op, op_to_dict
    try:
        op = decode_op(data)
    except ContractError:
        pass
    else:
        assert decode_op(encode_op(op)) == op
        assert convert_op(op_to_dict(op)) == op
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError):
        return
    try:
        convert_op(obj)
    except ContractError:
        pass


def turn_reader(data: bytes) -> None:
    """The turn-record reader: decode_turn, and apply's line splitter (read_run)."""
    from shelldon.contracts.turn import decode_turn
    from shelldon.core.apply import read_run
    from shelldon.util.lines import iter_lines
    try:
        record = decode_turn(data)
    except ContractError:
        pass
    else:
        assert "\x00" not in record.owner
    items, records, bad = read_run(iter_lines(io.BytesIO(data), 4096), "bare-turn")
    for item in items:
        assert isinstance(item.raw, (bytes, str))
    for number, reason in bad:
        assert isinstance(number, int) and reason and "\n" not in reason


def slug(data: bytes) -> None:
    """slugify: never a path separator, never a dot, never empty-but-claimed, idempotent."""
    from shelldon.util.slug import MAX_SLUG, slugify
    name = _text(data)
    result = slugify(name)
    assert "/" not in result and "\\" not in result and "." not in result and "\x00" not in result
    assert not result.startswith("-") and not result.endswith("-")
    assert len(result) <= MAX_SLUG + len("-item")
    assert slugify(result) == result
    if result:
        directory = "/home/x/memory/facts"
        assert os.path.dirname(os.path.join(directory, f"{result}.md")) == directory


_FTS = None


def _fts_connection() -> sqlite3.Connection:
    global _FTS
    if _FTS is None:
        from shelldon.core.migrations import _fts_sql
        _FTS = sqlite3.connect(":memory:")
        _FTS.execute("CREATE TABLE messages (id INTEGER PRIMARY KEY, turn_id TEXT, role TEXT, content TEXT, ts TEXT)")
        for sql in _fts_sql("fts5"):
            _FTS.execute(sql)
        _FTS.execute("INSERT INTO messages (turn_id, role, content, ts) VALUES "
                     "('t', 'owner', 'Rex grew; José is growing tomatoes', 'x')")
    return _FTS


def fts_query(data: bytes) -> None:
    """build_match_query: whatever the message, the MATCH expression is valid FTS syntax."""
    from shelldon.worker.history_read import MAX_QUERY_TERMS, HistoryReader, build_match_query
    text = _text(data)
    expression = build_match_query(text)
    assert expression.count(" OR ") < MAX_QUERY_TERMS
    conn = _fts_connection()
    if expression:
        conn.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?", (expression,)).fetchall()
    HistoryReader(conn).search(text, 5)


def secrets_gate(data: bytes) -> None:
    """redact: never raises, idempotent, and leaves nothing looks_secret would flag."""
    from shelldon.util.secrets import looks_secret, redact
    text = _text(data)
    once, count = redact(text)
    assert count >= 0
    assert redact(once) == (once, 0), (text, once)
    assert looks_secret(once) is None, (text, once)


def poison_gate(data: bytes) -> None:
    from shelldon.core.poison import standing_instruction
    label = standing_instruction(_text(data))
    assert label is None or isinstance(label, str)


def markdown_reader(data: bytes) -> None:
    """parse_document never raises; what render_document writes parses back."""
    from shelldon.contracts.markdown import parse_document, render_document
    text = _text(data)
    parse_document(text)
    meta = {"name": text[:40], "collection": "facts", "created": "a", "updated": "b", "source": "t"}
    back, body = parse_document(render_document(meta, text))
    assert back == meta, (meta, back)


def reply_ops(data: bytes) -> None:
    """worker/replyops.split_reply: (reply, op lines, dropped lines); every kept line decodes."""
    try:
        from shelldon.worker.replyops import split_reply
    except ImportError:
        return
    from shelldon.contracts.ops import decode_op
    reply, op_lines, dropped = split_reply(_text(data))
    assert isinstance(reply, str)
    for line in op_lines:
        decode_op(line)


# Targets whose module has not landed yet are skipped by name, not run as no-ops.
REQUIRES = {"reply_ops": "shelldon.worker.replyops"}


def missing(name: str) -> str | None:
    """Why a target cannot run here, or None."""
    import importlib.util
    module = REQUIRES.get(name)
    if module and importlib.util.find_spec(module) is None:
        return f"{module} is not in this tree yet"
    return None


TARGETS = {
    "op_decoder": op_decoder,
    "turn_reader": turn_reader,
    "slug": slug,
    "fts_query": fts_query,
    "secrets_gate": secrets_gate,
    "poison_gate": poison_gate,
    "markdown_reader": markdown_reader,
    "reply_ops": reply_ops,
}
