"""The op journal: every op the core sees, applied or not, keyed by (turn id, sequence)."""
import json
import sqlite3
from ..util.records import dataclass


@dataclass
class Entry:
    turn_id: str
    seq: int
    op: str | None
    status: str            # applied, unchanged, skipped, noop, rejected
    reason: str | None = None
    path: str | None = None
    before_hash: str | None = None
    after_hash: str | None = None

    @property
    def rejected(self) -> bool:
        return self.status == "rejected"


def lookup(conn: sqlite3.Connection, turn_id: str, seq: int) -> Entry | None:
    row = conn.execute("SELECT turn_id, seq, op, status, reason, path, before_hash, after_hash "
                       "FROM journal WHERE turn_id = ? AND seq = ?", (turn_id, seq)).fetchone()
    return Entry(*row) if row else None


def record(conn: sqlite3.Connection, entry: Entry, args: object, ts: str,
           before_content: str | None = None) -> None:
    conn.execute(
        "INSERT INTO journal (turn_id, seq, op, args, status, reason, path, before_hash, "
        "after_hash, before_content, ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (entry.turn_id, entry.seq, entry.op,
         args if isinstance(args, str) else json.dumps(args, ensure_ascii=False),
         entry.status, entry.reason, entry.path, entry.before_hash, entry.after_hash,
         before_content, ts))
