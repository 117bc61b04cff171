"""The op journal: every op the core sees, applied or not, keyed by (turn id, sequence)."""
import json
import re
import sqlite3

import msgspec

from ..util.secrets import redact, redact_obj


class Entry(msgspec.Struct):
    turn_id: str
    seq: int
    op: str | None
    status: str            # applied, unchanged, skipped, noop, rejected, held, conflict, reverted, adopted
    reason: str | None = None
    path: str | None = None
    before_hash: str | None = None
    after_hash: str | None = None
    hand: int = 0          # the file holds unadopted hand edits after this row (migration 2)
    undo: str | None = None
    reverts: str | None = None

    @property
    def rejected(self) -> bool:
        return self.status == "rejected"

    @property
    def conflict(self) -> bool:
        return self.status == "conflict"


def lookup(conn: sqlite3.Connection, turn_id: str, seq: int) -> Entry | None:
    row = conn.execute("SELECT turn_id, seq, op, status, reason, path, before_hash, after_hash "
                       "FROM journal WHERE turn_id = ? AND seq = ?", (turn_id, seq)).fetchone()
    return Entry(*row) if row else None


def _redacted_args(args: object) -> str:
    """The args as stored: every secret-shaped string replaced, inside JSON strings too
    (so a key spelled with \\u escapes is caught after decoding)."""
    if isinstance(args, str):
        try:
            cleaned, count = redact_obj(json.loads(args))
        except (ValueError, RecursionError):   # not JSON, or nested past the interpreter's limit
            # A rejected line is kept as its escapes decoded, then redacted: kept as
            # written, "\\u0041\\u004b…" would hide a key from the gate and give it back
            # to whoever decodes the row.
            return redact(_unescaped(args))[0]
        return json.dumps(cleaned, ensure_ascii=False) if count else redact(args)[0]
    return json.dumps(redact_obj(args)[0], ensure_ascii=False)


_ESCAPE = re.compile(r'\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))')
_SIMPLE = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _unescaped(text: str) -> str:
    """text with JSON's string escapes decoded wherever they stand, however broken the JSON
    around them; an unpaired surrogate becomes U+FFFD."""
    decoded = _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)) if m.group(1) else _SIMPLE[m.group(2)], text)
    return decoded.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def record(conn: sqlite3.Connection, entry: Entry, args: object, ts: str,
           before_content: str | bytes | None = None, screened: bool = False) -> None:
    """Insert one journal row. before_content is text, or bytes (stored as a BLOB) when the
    file was not UTF-8. Nothing secret-shaped is stored in clear: the args, the reason and a
    text before-content (a hand-edited file may hold one) are redacted, so an undo brings
    such a file back with the marker in place of the secret.screened: args is an op the
    gate passed, every string of it already screened (gate.screens_whole): stored as it is,
    not scanned a second time."""
    reason = redact(entry.reason)[0] if entry.reason else entry.reason
    if isinstance(before_content, str) and before_content:
        before_content = redact(before_content)[0]
    conn.execute(
        "INSERT INTO journal (turn_id, seq, op, args, status, reason, path, before_hash, "
        "after_hash, before_content, ts, hand, undo, reverts) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (entry.turn_id, entry.seq, entry.op,
         json.dumps(args, ensure_ascii=False) if screened else _redacted_args(args),
         entry.status, reason, entry.path, entry.before_hash, entry.after_hash,
         before_content, ts, int(entry.hand), entry.undo, entry.reverts))


# -- pending writes (migration 3): a file write announced before its rename ---------------

def announce_write(conn: sqlite3.Connection, entry: Entry, args: object, ts: str,
                   before_content: str | bytes | None = None) -> None:
    """Commit, before the rename (or a revert's removal), the journal row the write will
    get (issue 7). A removal is announced with the after hash "" (no file)."""
    if isinstance(before_content, str) and before_content:
        before_content = redact(before_content)[0]
    conn.execute("INSERT OR REPLACE INTO pending_writes (path, after_hash, turn_id, seq, entry, args, "
                 "before_content, ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                 (entry.path, entry.after_hash or "", entry.turn_id, entry.seq,  # "": a removal
                  json.dumps(msgspec.structs.asdict(entry)), _redacted_args(args), before_content, ts))


def settle_write(conn: sqlite3.Connection, path: str | None) -> None:
    """The write's journal row is in (same transaction): the announcement is done."""
    if path is not None:
        conn.execute("DELETE FROM pending_writes WHERE path = ?", (path,))


def recover_writes(conn: sqlite3.Connection, root: str, ts: str) -> int:
    """At the start of a write session: journal each announced write that landed (the file
    holds the announced bytes) but whose row a kill cut off; drop the others. Returns how
    many rows it wrote. Without this, the file would differ from what the journal says the
    core left there, and count as a hand edit."""
    from ..util.beneath import read_regular
    import hashlib
    recovered = 0
    conn.execute("BEGIN IMMEDIATE")
    try:
        for path, after_hash, entry_json, args, before_content in conn.execute(
                "SELECT path, after_hash, entry, args, before_content FROM pending_writes").fetchall():
            data = read_regular(root, path)
            current = None if data is None else hashlib.sha256(data).hexdigest()
            entry = Entry(**json.loads(entry_json))
            if current == (after_hash or None) and lookup(conn, entry.turn_id, entry.seq) is None:
                entry.reason = ((entry.reason + "; ") if entry.reason else "") + \
                    "journalled after a crash cut the writer off"
                record(conn, entry, args, ts, before_content)
                recovered += 1
            conn.execute("DELETE FROM pending_writes WHERE path = ?", (path,))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return recovered
