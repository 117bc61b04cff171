"""Undo the file ops of one turn (or dream) from the journal.

Each file the turn changed goes back to its before bytes (kept in the journal, or for an
appended episode rebuilt from the splice) or, if the turn created it, is removed. The
ops are undone last first, so a turn that wrote one file twice unwinds in order.

A file that changed since — by a later op or by hand: its hash is no longer the one the
turn left — is not touched: revert refuses that file, says so, and goes on with the rest.
Each undone op is journalled as a "reverted" row under the revert's own id, with the
bytes it replaced, so a revert can itself be reverted; an op already reverted is skipped,
so reverting twice changes nothing. Learning ops (capture/resolve) are not undone.
"""
import os
from datetime import datetime

import msgspec

from ..contracts.turn import new_turn_id
from ..home import Home
from ..util.atomic import SymlinkRefused, remove_names
from ..util.errors import Rejected
from . import curated, handedits, journal, undo
from .history import HistoryStore, iso, utcnow
from .journal import Entry

REVERTIBLE = ("applied", "reverted")
LEARNING_OPS = ("capture_learning", "resolve_learning")


class Reverted(msgspec.Struct, frozen=True):
    """One file: removed (the turn made it), restored (to before the turn) or refused (why)."""
    path: str                 # relative to memory/
    action: str
    reason: str | None = None


class RevertReport(msgspec.Struct):
    turn_id: str
    revert_id: str
    files: list[Reverted] = msgspec.field(default_factory=list)
    already: int = 0
    learning_ops: int = 0

    @property
    def done(self) -> list[str]:
        """One line per file put back."""
        return [f"removed {f.path} (made by {self.turn_id})" if f.action == "removed"
                else f"restored {f.path} (as it was before {self.turn_id})"
                for f in self.files if f.action != "refused"]

    @property
    def refused(self) -> list[str]:
        """One line per file left alone, and why."""
        return [f"{f.path}: {f.reason}" for f in self.files if f.action == "refused"]

    def objects(self) -> list[dict]:
        """shelldon-revert --json: one object per file, keys turn_id, revert_id, path, action, reason."""
        return [{"turn_id": self.turn_id, "revert_id": self.revert_id, **msgspec.structs.asdict(f)}
                for f in self.files]


def _safe_target(home: Home, rel: str) -> str:
    path = os.path.normpath(os.path.join(home.root, rel))
    inside = os.path.relpath(path, home.memory)
    if inside.startswith("..") or inside.split(os.sep)[0] == "vault" or os.path.isabs(inside):
        raise SymlinkRefused(f"journal path outside the curated tree: {rel}")
    return path


def _remove(home: Home, path: str) -> None:
    if not remove_names(os.path.dirname(path), [os.path.basename(path)], root=home.root):
        raise FileNotFoundError(2, "already gone", path)


def revert_turn(home: Home, store: HistoryStore, turn_id: str, now: datetime | None = None) -> RevertReport:
    """Undo turn_id's file ops (the caller holds the write session)."""
    conn = store.conn
    rows = conn.execute(
        "SELECT id, seq, op, status, path, before_hash, after_hash, before_content, undo "
        "FROM journal WHERE turn_id = ? ORDER BY seq DESC", (turn_id,)).fetchall()
    if not rows:
        raise Rejected(f"no journal entries for turn {turn_id}")
    report = RevertReport(turn_id, new_turn_id("revert-"))
    ts = iso(now or utcnow())
    seq = 0
    for row_id, row_seq, op, status, rel, before_hash, after_hash, before_content, undo_spec in rows:
        if rel is None:
            report.learning_ops += op in LEARNING_OPS and status == "applied"
            continue
        if status not in REVERTIBLE or before_hash == after_hash:
            continue  # nothing was written (unchanged, conflict, rejected, adopted)
        key = f"{turn_id}#{row_seq}"
        if conn.execute("SELECT 1 FROM journal WHERE reverts = ? LIMIT 1", (key,)).fetchone():
            report.already += 1
            continue
        shown = rel.removeprefix("memory/")
        try:
            path = _safe_target(home, rel)
            current = curated.read_plain(home.root, path)
        except (SymlinkRefused, OSError) as exc:
            report.files.append(Reverted(shown, "refused", str(exc)))
            continue
        if curated.digest(current) == before_hash:
            report.already += 1  # already as it was before the turn (e.g. put back by hand)
            continue
        if curated.digest(current) != after_hash:
            report.files.append(Reverted(shown, "refused", f"changed since {turn_id} (by a later op or by hand); "
                                                          "left as it is"))
            continue
        before = None
        if before_hash is not None:
            before = undo.rebuild(before_content, undo_spec, current)
            if curated.digest(before) != before_hash:
                report.files.append(Reverted(shown, "refused", "the journal does not hold its earlier content; "
                                                              "left as it is"))
                continue
        hand = handedits.state_is_hand(conn, rel, before_hash, before_id=row_id)
        seq += 1
        entry = Entry(report.revert_id, seq, "revert", "reverted", f"revert of {key}", rel,
                      curated.digest(current), before_hash, hand=int(hand), reverts=key)
        # issue 7: the row is announced before the rename — and before a removal, or a
        # kill right after the unlink would leave the file gone with no row saying so
        with store.transaction() as c:
            journal.announce_write(c, entry, {"turn_id": turn_id, "seq": row_seq}, ts,
                                   undo.as_stored(current))
        if before is None:
            _remove(home, path)
            report.files.append(Reverted(shown, "removed"))
        else:
            curated.commit(home.root, curated.FileChange(path, current, before))
            report.files.append(Reverted(shown, "restored"))
        with store.transaction() as c:
            journal.record(c, entry, {"turn_id": turn_id, "seq": row_seq}, ts, undo.as_stored(current))
            journal.settle_write(c, rel)
    if rows and conn.execute("SELECT 1 FROM migrations WHERE number = 8").fetchone():
        from . import hidden
        with store.transaction() as c:   # a forget undone: the turns it hid are shown again
            shown = hidden.show(c, by_turn=turn_id)
        if shown:
            report.done.append(f"{len(shown)} forgotten turn(s) back in prompts: {', '.join(shown[:4])}"
                               + (" …" if len(shown) > 4 else ""))
    return report
