"""Hand edits win: the owner may edit any curated file, and the core never overwrites it.

The journal says what the core last left at each path (the after hash of its latest
write row). A file whose bytes differ from that — or that the core never wrote — holds
the owner's hand edits. An op that would replace, hide or bring back such a file is not
applied: it is journalled as a "conflict" (its content kept in the journal's args) and
the owner's file stays. Appending an episode replaces nothing, so it is never held back.

A conflict stays open until a later row changes or adopts that path: the owner runs
shelldon-resolve PATH --mine (keep the hand edit, and let later ops write over it) or
--theirs (take the held-back op's content; the hand edit stays in the journal).
"""
import sqlite3

from ..contracts.ops import Forget, LogEpisode, Pin, Restore, Unpin
from ..worker.journal_read import WRITE_STATUSES
from .curated import digest

# Ops that keep every byte of the file's content (so keep its hand edits as they are).
PRESERVING = (LogEpisode, Forget, Restore, Pin, Unpin)

_IN_WRITE = ", ".join(f"'{s}'" for s in WRITE_STATUSES)


def last_write(conn: sqlite3.Connection, rel: str, before_id: int | None = None):
    """(after_hash, hand) of the latest write row for a path (before row id before_id)."""
    sql = f"SELECT after_hash, hand FROM journal WHERE path = ? AND status IN ({_IN_WRITE})"
    params: tuple = (rel,)
    if before_id is not None:
        sql += " AND id < ?"
        params += (before_id,)
    return conn.execute(sql + " ORDER BY id DESC LIMIT 1", params).fetchone()


def is_hand_edited(conn: sqlite3.Connection, rel: str, current: bytes | None) -> bool:
    """True if the file exists and is not what the core last left there."""
    if current is None:
        return False
    return state_is_hand(conn, rel, digest(current))


def state_is_hand(conn: sqlite3.Connection, rel: str, hash_: str | None,
                  before_id: int | None = None) -> bool:
    if hash_ is None:
        return False
    row = last_write(conn, rel, before_id)
    if row is None:
        return True  # the core never wrote it: hand-made
    after_hash, hand = row
    return bool(hand) or after_hash != hash_


def guarded(op) -> bool:
    """Would this op replace, hide or bring back what the owner wrote? (Appends do not.)"""
    return not isinstance(op, LogEpisode)


def hand_after(op, unchanged: bool, hand_before: bool) -> int:
    """Whether the file still holds unadopted hand edits once the op is done.

    An op that keeps the content keeps its state; one that replaced it (which only the
    owner can do to a hand-edited file) leaves the core's own bytes.
    """
    return int(hand_before) if unchanged or isinstance(op, PRESERVING) else 0


def conflict_reason(rel: str) -> str:
    return (f"{rel} was edited by hand; the owner's version stays (this op is kept in the "
            f"journal: shelldon-status lists it, shelldon-resolve settles it)")
