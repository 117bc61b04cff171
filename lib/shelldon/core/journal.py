"""The op journal: every op the core sees, applied or not, keyed by (turn id, sequence)."""
import json
import sqlite3
from ..util.records import dataclass


@dataclass
class Entry:
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


def record(conn: sqlite3.Connection, entry: Entry, args: object, ts: str,
           before_content: str | bytes | None = None) -> None:
    """before_content is text, or bytes (stored as a BLOB) when the file was not UTF-8."""
    conn.execute(
        "INSERT INTO journal (turn_id, seq, op, args, status, reason, path, before_hash, "
        "after_hash, before_content, ts, hand, undo, reverts) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (entry.turn_id, entry.seq, entry.op,
         args if isinstance(args, str) else json.dumps(args, ensure_ascii=False),
         entry.status, entry.reason, entry.path, entry.before_hash, entry.after_hash,
         before_content, ts, int(entry.hand), entry.undo, entry.reverts))
