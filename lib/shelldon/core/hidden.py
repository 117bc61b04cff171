"""Forgotten turns: the history rows no prompt may read again (migration 8's `hidden`).

Forgetting an item tombstones its file (the forget op), and the turns that told it are
hidden too: the journal knows which turns' ops wrote the item's path, and a turn whose
messages quote one of those (a reply that read the fact back) told it as well. A turn is
also hidden by id (shelldon-forget --turn) or because its messages hold a text
(--matching). History rows are never deleted: a hidden turn stays in history.db and
raw/, and is shown again by a restore, or by reverting the forget that hid it.

Readers leave hidden turns out through worker/history_read.py (recall, the recent
window, the dream's reading of history); the summary loses the lines that name what was
forgotten through worker/forgotten.py.
"""
import sqlite3

import msgspec

from ..contracts.ops import Forget, Restore
from .journal import Entry

QUOTE_MIN = 12         # a shorter text is too common to mean the forgotten one
MAX_QUOTES = 16        # each is a scan of history: a forget in a turn stays quick
TURN = "turn"          # why a turn hidden by id is hidden
MATCHING = "matching:"


class Turn(msgspec.Struct, frozen=True):
    """A turn as shelldon-forget shows it."""
    turn_id: str
    ts: str
    owner: str


def told(conn: sqlite3.Connection, path: str) -> list[str]:
    """The recorded turns whose ops wrote (or tried to write) the item at path."""
    rows = conn.execute(
        "SELECT DISTINCT j.turn_id FROM journal j WHERE j.path = ? AND j.op = 'remember' "
        "AND j.status IN ('applied', 'unchanged', 'conflict') "
        "AND EXISTS (SELECT 1 FROM messages m WHERE m.turn_id = j.turn_id) ORDER BY j.id", (path,))
    return [row[0] for row in rows]


def _quotes(conn: sqlite3.Connection, turn_ids: list[str], path: str | None) -> list[str]:
    """What those turns said, and what their ops stored at path: the texts a later turn
    would quote if it read the fact back."""
    import json
    texts: list[str] = []
    for turn_id in turn_ids:
        row = conn.execute("SELECT content FROM messages WHERE turn_id = ? AND role = 'owner'",
                           (turn_id,)).fetchone()
        if row:
            texts.append(row[0])
        if path is not None:
            for (args,) in conn.execute("SELECT args FROM journal WHERE turn_id = ? AND path = ?",
                                        (turn_id, path)):
                try:
                    content = json.loads(args).get("content")
                except (ValueError, AttributeError):
                    continue
                if isinstance(content, str):
                    texts.append(content)
    return [t for t in dict.fromkeys(" ".join(t.split()) for t in texts) if len(t) >= QUOTE_MIN][:MAX_QUOTES]


def containing(conn: sqlite3.Connection, text: str) -> list[Turn]:
    """Recorded turns either of whose messages holds text (case folded for ASCII), oldest
    first. A scan of history: forgetting is rare, and an owner's question."""
    rows = conn.execute(
        "SELECT DISTINCT turn_id FROM messages WHERE turn_id IS NOT NULL "
        "AND instr(lower(content), lower(?)) > 0 ORDER BY id", (text,)).fetchall()
    return turns(conn, [row[0] for row in rows])


def turns(conn: sqlite3.Connection, turn_ids: list[str]) -> list[Turn]:
    found = []
    for turn_id in turn_ids:
        row = conn.execute("SELECT ts, content FROM messages WHERE turn_id = ? AND role = 'owner'",
                           (turn_id,)).fetchone()
        if row:
            found.append(Turn(turn_id, row[0], row[1]))
    return found


def with_echoes(conn: sqlite3.Connection, turn_ids: list[str], path: str | None = None) -> list[str]:
    """turn_ids and every turn that quotes what they said (or stored at path)."""
    found = dict.fromkeys(turn_ids)
    for quote in _quotes(conn, turn_ids, path):
        for turn in containing(conn, quote):
            found.setdefault(turn.turn_id)
    return list(found)


def hide(conn: sqlite3.Connection, turn_ids: list[str], because: str, what: str | None,
         by_turn: str, ts: str) -> list[str]:
    """Hide these turns for this reason; returns those it newly hid (the caller's transaction)."""
    new = []
    for turn_id in turn_ids:
        cur = conn.execute("INSERT OR IGNORE INTO hidden (turn_id, because, what, by_turn, ts) "
                           "VALUES (?, ?, ?, ?, ?)", (turn_id, because, what, by_turn, ts))
        if cur.rowcount:
            new.append(turn_id)
    return new


def show(conn: sqlite3.Connection, *, because: str | None = None, turn_id: str | None = None,
         by_turn: str | None = None) -> list[str]:
    """Take away the hidden rows that match; returns the turns shown again (none still hidden)."""
    clauses = [(c, v) for c, v in (("because", because), ("turn_id", turn_id), ("by_turn", by_turn))
               if v is not None]
    where = " AND ".join(f"{c} = ?" for c, _ in clauses)
    params = [v for _, v in clauses]
    gone = [row[0] for row in conn.execute(f"SELECT DISTINCT turn_id FROM hidden WHERE {where}", params)]
    conn.execute(f"DELETE FROM hidden WHERE {where}", params)
    return [t for t in gone if not conn.execute("SELECT 1 FROM hidden WHERE turn_id = ?", (t,)).fetchone()]


def hidden_because(conn: sqlite3.Connection, because: str) -> list[str]:
    return [row[0] for row in conn.execute(
        "SELECT turn_id FROM hidden WHERE because = ? ORDER BY rowid", (because,))]


def after_op(conn: sqlite3.Connection, op, entry: Entry, ts: str) -> None:
    """A forget (or restore) the core has just journalled: hide (or show) the turns that
    told the item. In the op's journal transaction, so both land or neither."""
    if entry.path is None or entry.status not in ("applied", "unchanged"):
        return
    if isinstance(op, Forget):
        hide(conn, with_echoes(conn, told(conn, entry.path), entry.path), entry.path, op.name,
             entry.turn_id, ts)
    elif isinstance(op, Restore):
        show(conn, because=entry.path)
