"""The read side of the op journal: what happened to each curated file, and when.

Read-only queries shared by the owner's tools (recall --history, status) and the core.
"""
import json
import sqlite3

import msgspec

# Rows after which the file holds what their after hash says.
WRITE_STATUSES = ("applied", "unchanged", "reverted", "adopted")
# Rows that settle an open conflict on their path.
SETTLING_STATUSES = ("applied", "reverted", "adopted")

_IN_SETTLING = ", ".join(f"'{s}'" for s in SETTLING_STATUSES)


class Conflict(msgspec.Struct, frozen=True):
    id: int
    turn_id: str
    seq: int
    op: str | None
    path: str | None
    args: str | None
    ts: str

    @property
    def proposed(self) -> dict:
        try:
            value = json.loads(self.args)
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}


def open_conflicts(conn: sqlite3.Connection) -> list[Conflict]:
    """Every conflict no later row has settled (changed or adopted its path), oldest first."""
    rows = conn.execute(
        "SELECT c.id, c.turn_id, c.seq, c.op, c.path, c.args, c.ts FROM journal c "
        "WHERE c.status = 'conflict' AND NOT EXISTS (SELECT 1 FROM journal l "
        f"WHERE l.path = c.path AND l.id > c.id AND l.status IN ({_IN_SETTLING})) "
        "ORDER BY c.id").fetchall()
    return [Conflict(*row) for row in rows]


class Version(msgspec.Struct, frozen=True):
    id: int
    turn_id: str
    seq: int
    op: str | None
    status: str
    reason: str | None
    args: str | None
    before_hash: str | None
    after_hash: str | None
    before_content: str | None
    ts: str


def path_rows(conn: sqlite3.Connection, rel: str) -> list[Version]:
    """Every journal row that wrote, adopted or was held back at a path, oldest first."""
    rows = conn.execute(
        "SELECT id, turn_id, seq, op, status, reason, args, before_hash, after_hash, "
        "before_content, ts FROM journal WHERE path = ? "
        "AND status IN ('applied', 'reverted', 'adopted', 'conflict') ORDER BY id", (rel,)).fetchall()
    return [Version(*row) for row in rows]


def last_dream(conn: sqlite3.Connection) -> tuple[str, str, list[tuple]] | None:
    """(turn id, time, [(op, status, path, reason)…]) of the latest turn whose id starts 'dream-'."""
    row = conn.execute("SELECT turn_id, max(ts) FROM journal WHERE turn_id LIKE 'dream-%' "
                       "GROUP BY turn_id ORDER BY max(id) DESC LIMIT 1").fetchone()
    if row is None:
        return None
    ops = conn.execute("SELECT op, status, path, reason FROM journal WHERE turn_id = ? ORDER BY seq",
                       (row[0],)).fetchall()
    return row[0], row[1], ops
