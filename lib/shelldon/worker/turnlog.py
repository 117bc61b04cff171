"""The log of turns, as `llm logs` shows its conversations: the recent turns from history,
and one turn with the ops the journal holds for it.

Read-only: history.db through a mode=ro connection; nothing here writes.
"""
import sqlite3

import msgspec

from ..home import Home
from ..util.errors import Rejected
from .history_read import open_readonly


class Op(msgspec.Struct, frozen=True):
    seq: int
    op: str | None
    status: str
    path: str | None
    reason: str | None


class Turn(msgspec.Struct, frozen=True):
    """One turn: its id, when the owner spoke, both messages (None where history has none,
    as for a dream, which is journalled but says nothing), and, for --turn, its ops."""
    turn_id: str
    ts: str | None
    owner: str | None
    pet: str | None
    ops: list[Op] | None = None


def _turns(conn: sqlite3.Connection, turn_ids: list[str]) -> list[Turn]:
    marks = ", ".join("?" * len(turn_ids))
    said: dict[str, dict[str, tuple[str, str]]] = {t: {} for t in turn_ids}
    for turn_id, role, content, ts in conn.execute(
            f"SELECT turn_id, role, content, ts FROM messages WHERE turn_id IN ({marks})", turn_ids):
        said[turn_id][role] = (content, ts)
    out = []
    for turn_id in turn_ids:
        owner, pet = said[turn_id].get("owner"), said[turn_id].get("pet")
        ts = (owner or pet or (None, None))[1]
        out.append(Turn(turn_id, ts, owner and owner[0], pet and pet[0]))
    return out


def recent_turns(home: Home, n: int) -> list[Turn]:
    """The last n turns recorded in history, oldest first (newest last, as a chat reads).
    Bounded: it reads the newest 2n message rows by id (a turn is two rows), never the table."""
    with open_readonly(home.require().db) as reader:
        rows = reader.conn.execute("SELECT turn_id FROM messages WHERE turn_id IS NOT NULL "
                                   "ORDER BY id DESC LIMIT ?", (2 * n,)).fetchall()
        newest = list(dict.fromkeys(turn_id for (turn_id,) in rows))[:n]
        return _turns(reader.conn, newest[::-1]) if newest else []


def one_turn(home: Home, turn_id: str) -> Turn:
    """A turn with its journalled ops in order; Rejected (65) when neither history nor the
    journal knows the id."""
    with open_readonly(home.require().db) as reader:
        (turn,) = _turns(reader.conn, [turn_id])
        ops = [Op(*row) for row in reader.conn.execute(
            "SELECT seq, op, status, path, reason FROM journal WHERE turn_id = ? ORDER BY seq",
            (turn_id,))]
        if turn.ts is None and ops:
            (first,) = reader.conn.execute("SELECT min(ts) FROM journal WHERE turn_id = ?", (turn_id,)).fetchone()
            turn = msgspec.structs.replace(turn, ts=first)
    if turn.ts is None:
        raise Rejected(f"no turn {turn_id!r} in history or the journal (shelldon-log lists the recent ones)")
    return msgspec.structs.replace(turn, ops=ops)


def to_object(turn: Turn) -> dict:
    """The --json object: keys turn_id, ts, owner, pet, and ops (for --turn) — stable."""
    obj = msgspec.structs.asdict(turn)
    if turn.ops is None:
        del obj["ops"]
    else:
        obj["ops"] = [msgspec.structs.asdict(op) for op in turn.ops]
    return obj


def render(turn: Turn) -> str:
    """A turn for a person: a heading with its time and id, then who said what."""
    when = (turn.ts or "?").replace("T", " ").removesuffix("Z")[:19]
    lines = [f"## {when}  {turn.turn_id}", ""]
    for role, text in (("owner", turn.owner), ("pet", turn.pet)):
        if text is not None:
            lines += [f"{role}: {text}", ""]
    for op in turn.ops or ():
        where = f" {op.path}" if op.path else ""
        why = f" ({op.reason})" if op.reason else ""
        lines.append(f"  op {op.seq}: {op.op or '?'}{where} {op.status}{why}")
    if turn.ops == []:
        lines.append("  no ops")
    return "\n".join(lines).rstrip("\n") + "\n"
