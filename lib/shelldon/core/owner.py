"""The owner's direct writes: forget/restore from the command line, revert, and settling
a conflict. Each goes through the core's apply and journal like every other write; what
differs is who asked — the owner, at a terminal — so hand-edit protection steps aside
(forget and restore keep every byte of a hand-edited file anyway).
"""
import json
import os
from datetime import datetime

import msgspec

from ..contracts.turn import new_turn_id
from ..home import Home
from ..util.errors import Rejected
from ..worker.recall import item_path
from . import curated
from .apply import Item, Outcome, apply_items, write_session
from .history import iso, utcnow
from .journal import Entry


class Forgotten(msgspec.Struct):
    """What a shelldon-forget did: the item's op (None for --turn/--matching), and the
    turns it hid or showed again (or, for --matching without --yes, would hide)."""
    outcome: Outcome | None
    turns: list = msgspec.field(default_factory=list)    # hidden.Turn, oldest first


def forget_item(home: Home, collection: str, name: str, restore: bool = False) -> Forgotten:
    """Apply one forget (or restore) op as the owner: the item is tombstoned (or back) and
    the turns that told it are hidden (or shown) by the core's apply (core/hidden.py)."""
    from . import hidden
    if not name.strip():   # said here: the op contract's own words are for ops lines
        raise Rejected("no item named: give the item's NAME (or its file name)")
    turn_id = new_turn_id("owner-")
    op = {"op": "restore" if restore else "forget", "collection": collection, "name": name}
    item = Item(turn_id, 1, json.dumps(op, ensure_ascii=False), by_owner=True)
    with write_session(home) as store:
        path = curated_path(home, collection, name)
        before = hidden.hidden_because(store.conn, path)
        outcome = apply_items(home, store, [item])[0]
        after = hidden.hidden_because(store.conn, path)
        changed = [t for t in before if t not in after] if restore else after
        return Forgotten(outcome, hidden.turns(store.conn, changed))


def pin_item(home: Home, collection: str, name: str, unpin: bool = False) -> Outcome:
    """Apply one pin (or unpin) op as the owner: `pinned: true` added to the item's header
    (or taken away), nothing else in the file changed; journalled, so shelldon-revert of
    its turn id undoes it."""
    if not name.strip():
        raise Rejected("no item named: give the item's NAME (or its file name)")
    op = {"op": "unpin" if unpin else "pin", "collection": collection, "name": name}
    item = Item(new_turn_id("owner-"), 1, json.dumps(op, ensure_ascii=False), by_owner=True)
    with write_session(home) as store:
        return apply_items(home, store, [item])[0]


def pin_record(outcome: Outcome, unpin: bool) -> dict:
    """shelldon-pin's output (its --json keys: action, item, status, turn_id, reason)."""
    entry = outcome.entry
    return {"action": "unpin" if unpin else "pin", "item": (entry.path or "").removeprefix("memory/") or None,
            "status": entry.status, "turn_id": entry.turn_id, "reason": entry.reason}


def curated_path(home: Home, collection: str, name: str) -> str:
    """The journal's path of an item (memory/<collection>/<slug>.md)."""
    from ..contracts import ContractError
    from ..contracts.ops import Remember
    try:
        return os.path.relpath(curated.target_path(home, Remember(collection, name, "-")), home.root)
    except (ContractError, ValueError):   # a name no item can have: the op's rejection says why
        return ""


FORGET_KEYS = ("action", "item", "status", "turn_id", "ts", "owner", "reason")


def forget_records(done: Forgotten, restore: bool, dry_run: bool = False) -> list[dict]:
    """shelldon-forget's output, one record per line (its --json keys: FORGET_KEYS). action:
    forget/restore for the item, then hide/show — or would-hide — for each turn."""
    records = []
    item = None
    if done.outcome is not None:
        entry = done.outcome.entry
        item = (entry.path or "").removeprefix("memory/") or None
        records.append({"action": "restore" if restore else "forget", "item": item,
                        "status": entry.status, "turn_id": None, "ts": None,
                        "owner": None, "reason": entry.reason})
    action = "would-hide" if dry_run else "show" if restore else "hide"
    for turn in done.turns:
        records.append({"action": action, "item": item, "status": "listed" if dry_run else "done",
                        "turn_id": turn.turn_id, "ts": turn.ts, "owner": turn.owner, "reason": None})
    return records


def forget_turns(home: Home, turn_id: str | None = None, matching: str | None = None,
                 restore: bool = False, dry_run: bool = False) -> Forgotten:
    """Hide (or show again) one turn by id — with the turns that quote it — or every turn
    that holds a text. dry_run: only say which. Journalled as an owner's op (hide/show) so
    shelldon-revert of its turn id shows the turns again."""
    from . import hidden, journal
    if matching is not None and len(matching.strip()) < 3:
        raise Rejected("--matching needs a text of 3 characters or more")
    because = hidden.TURN if turn_id is not None else hidden.MATCHING + matching
    owner_turn = new_turn_id("owner-")
    with write_session(home) as store:
        conn = store.conn
        if restore:
            targets = [turn_id] if turn_id is not None else hidden.hidden_because(conn, because)
        elif turn_id is not None:
            if not hidden.turns(conn, [turn_id]):
                raise Rejected(f"no turn {turn_id} in history (shelldon-recall --history finds ids)")
            targets = hidden.with_echoes(conn, [turn_id])
        else:
            targets = [t.turn_id for t in hidden.containing(conn, matching)]
        if dry_run or not targets:
            return Forgotten(None, hidden.turns(conn, targets))
        ts = iso(utcnow())
        with store.transaction() as c:
            if restore:
                done = (hidden.show(c, turn_id=turn_id) if turn_id is not None
                        else hidden.show(c, because=because))
            else:
                done = hidden.hide(c, targets, because, matching, owner_turn, ts)
            entry = Entry(owner_turn, 1, "show" if restore else "hide", "applied" if done else "unchanged",
                          f"{len(done)} turn(s) {'shown again' if restore else 'hidden'}")
            journal.record(c, entry, {"turns": targets, "because": because}, ts)
        return Forgotten(None, hidden.turns(conn, done))


def resolve(home: Home, spec: str, keep: str, now: datetime | None = None) -> str:
    """Settle the open conflicts on one file: keep="mine" adopts the hand edit as the core's
    own; keep="theirs" applies the latest held-back op over it. Returns what was done."""
    from ..worker.journal_read import open_conflicts
    rel = item_path(spec)
    with write_session(home) as store:
        held = [c for c in open_conflicts(store.conn) if c.path == rel]
        if not held:
            raise Rejected(f"no open conflict on {rel.removeprefix('memory/')}")
        turn_id = new_turn_id("resolve-")
        if keep == "theirs":
            latest = held[-1]
            item = Item(turn_id, 1, latest.args, by_owner=True)
            outcome = apply_items(home, store, [item], now=now)[0]
            if outcome.entry.status not in ("applied", "unchanged"):
                raise Rejected(f"could not apply the held-back {latest.op}: {outcome.entry.reason}")
            return f"{rel.removeprefix('memory/')}: took {latest.op} from {latest.turn_id} (your edit is kept in the journal)"
        current = curated.read_plain(home.root, rel)
        digest = curated.digest(current)
        from . import journal
        entry = Entry(turn_id, 1, "adopt", "adopted", f"owner kept the hand edit ({len(held)} held-back op(s) dropped)",
                      rel, digest, digest, hand=0)
        with store.transaction() as conn:
            journal.record(conn, entry, {"path": rel, "keep": "mine"}, iso(now or utcnow()))
        return f"{rel.removeprefix('memory/')}: kept your edit; later ops write over it as usual"
