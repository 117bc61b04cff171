"""The owner's direct writes: forget/restore from the command line, revert, and settling
a conflict. Each goes through the core's apply and journal like every other write; what
differs is who asked — the owner, at a terminal — so hand-edit protection steps aside
(forget and restore keep every byte of a hand-edited file anyway).
"""
import json
import os
from datetime import datetime

from ..contracts.turn import new_turn_id
from ..home import Home
from ..util.errors import Rejected
from ..worker.recall import item_path
from . import curated
from .apply import Item, Outcome, apply_items, write_session
from .history import iso, utcnow
from .journal import Entry


def forget_item(home: Home, collection: str, name: str, restore: bool = False) -> Outcome:
    """Apply one forget (or restore) op as the owner; the Outcome says what happened."""
    if not name.strip():   # said here: the op contract's own words are for ops lines
        raise Rejected("no item named: give the item's NAME (or its file name)")
    turn_id = new_turn_id("owner-")
    op = {"op": "restore" if restore else "forget", "collection": collection, "name": name}
    item = Item(turn_id, 1, json.dumps(op, ensure_ascii=False), by_owner=True)
    with write_session(home) as store:
        return apply_items(home, store, [item])[0]


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
