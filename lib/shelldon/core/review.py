"""Review mode: what a brain proposes to write waits for the owner before it lands.

With `[memory] review = true` in config.toml (or a list of what to review, such as
`review = ["people", "facts"]`), a file op that a brain proposed — in a turn's reply or
in a dream — and that falls in a reviewed scope is not applied: after the contract and
the gates have passed it, it is journalled with status `candidate`, its path and the
hash of the file as it stood when it was proposed. The reply says so (core/outcome.py).

Scopes are the four collections (remember, forget and restore of an item in them),
"about" (rewrite_about), "summary" (rewrite_summary) and "episodes" (log_episode);
`true` means the four collections and "about" — the pet's durable knowledge — while the
running summary and the episode log, which every turn and dream touch, are written
as before unless named. Owner tools (shelldon-forget, a bare ops file given to
shelldon-apply, shelldon-revert, shelldon-resolve) are never candidates: the owner asked.

shelldon-review lists the open candidates, each with a unified diff against the file
as it is now, and settles them: accepted ones are applied through the same apply as any
op (contract, gates, hand-edit check, journal, git) under a turn id starting "review-";
declined ones are marked so and never applied; a candidate whose file changed since it
was proposed is refused with the reason (accepting it would write over what changed);
candidates older than `[memory] review_expire_days` (default 14) are marked expired the
next time shelldon-review runs. A candidate row keeps its (turn id, sequence): replaying
the turn replays its status, so nothing is applied twice.
"""
import json
import os
from datetime import datetime, timedelta

import msgspec

from ..contracts.ops import COLLECTIONS, Forget, LogEpisode, Remember, Restore, RewriteAbout, RewriteSummary
from ..home import Home
from ..util.errors import Rejected

SCOPES = (*COLLECTIONS, "about", "summary", "episodes")
REVIEW_ALL = (*COLLECTIONS, "about")          # what `review = true` covers
DEFAULT_EXPIRE_DAYS = 14
CANDIDATE = "candidate"
SETTLED = ("accepted", "declined", "expired")
WAITING = "waiting for the owner's review (shelldon-review)"


class Settings(msgspec.Struct, frozen=True):
    scopes: frozenset = frozenset()
    expire_days: int = DEFAULT_EXPIRE_DAYS

    def holds(self, op) -> bool:
        """Does this op, proposed by a brain, wait for review?"""
        return bool(self.scopes) and scope_of(op) in self.scopes


def scope_of(op) -> str | None:
    if isinstance(op, (Remember, Forget, Restore)):
        return op.collection
    if isinstance(op, RewriteAbout):
        return "about"
    if isinstance(op, RewriteSummary):
        return "summary"
    if isinstance(op, LogEpisode):
        return "episodes"
    return None


def settings_from(table: dict) -> Settings:
    """[memory] review and review_expire_days → Settings; a value of the wrong kind is refused
    by name (a typo must not quietly turn review off)."""
    value = table.get("review", False)
    if value is True:
        scopes = frozenset(REVIEW_ALL)
    elif value is False:
        scopes = frozenset()
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        unknown = [v for v in value if v not in SCOPES]
        if unknown:
            raise Rejected(f"config [memory] review: unknown {', '.join(map(repr, unknown))} "
                           f"(known: {', '.join(SCOPES)}, or true/false)")
        scopes = frozenset(value)
    else:
        raise Rejected(f"config [memory] review: true, false or a list of {', '.join(SCOPES)}, not {value!r}")
    days = table.get("review_expire_days", DEFAULT_EXPIRE_DAYS)
    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        raise Rejected(f"config [memory] review_expire_days: a whole number of days, 1 or more, not {days!r}")
    return Settings(scopes, days)


def settings(home: Home) -> Settings:
    """The home's review settings (no config.toml: review off, one stat)."""
    if not os.path.exists(home.config):
        return Settings()
    from ..config import read_file
    table = read_file(home).get("memory", {})
    return settings_from(table if isinstance(table, dict) else {})


# -- the candidates ---------------------------------------------------------------------

class Candidate(msgspec.Struct):
    id: int
    turn_id: str
    seq: int
    op: str | None
    path: str | None
    args: str
    before_hash: str | None
    ts: str
    status: str = CANDIDATE
    reason: str | None = None

    def proposed(self) -> dict:
        return json.loads(self.args)


_COLUMNS = "id, turn_id, seq, op, path, args, before_hash, ts, status, reason"


def open_candidates(conn) -> list[Candidate]:
    return [Candidate(*row) for row in conn.execute(
        f"SELECT {_COLUMNS} FROM journal WHERE status = ? ORDER BY id", (CANDIDATE,))]


def count_open(conn) -> int:
    return conn.execute("SELECT count(*) FROM journal WHERE status = ?", (CANDIDATE,)).fetchone()[0]


def expire(conn, expire_days: int, now: datetime) -> list[Candidate]:
    """Mark the candidates proposed more than expire_days ago as expired; return them."""
    from .history import iso
    cutoff = iso(now - timedelta(days=expire_days))
    gone = [c for c in open_candidates(conn) if c.ts < cutoff]
    for c in gone:
        c.status, c.reason = "expired", f"not reviewed within {expire_days} days"
        _settle(conn, c)
    return gone


def _settle(conn, c: Candidate) -> None:
    conn.execute("UPDATE journal SET status = ?, reason = ? WHERE id = ? AND status = ?",
                 (c.status, c.reason, c.id, CANDIDATE))


def current_hash(home: Home, c: Candidate) -> str | None:
    from . import curated
    return curated.digest(curated.read_plain(home.root, os.path.join(home.root, c.path)))


def diff(home: Home, c: Candidate, now: datetime) -> str:
    """What accepting would do to the file as it is now, as a unified diff."""
    import difflib

    from ..contracts.ops import convert_op
    from . import curated
    change = curated.plan(home, convert_op(c.proposed()), c.turn_id, now, proposed=True)
    old = (change.before or b"").decode("utf-8", "replace").splitlines(keepends=True)
    new = change.after.decode("utf-8", "replace").splitlines(keepends=True)
    rel = os.path.relpath(change.path, home.root)
    return "".join(difflib.unified_diff(old, new, f"a/{rel}" if change.before is not None else "/dev/null",
                                        f"b/{rel}"))


class Decision(msgspec.Struct):
    """One candidate as shelldon-review reports it (the keys of --json)."""
    id: int
    status: str               # candidate, accepted, declined, expired, refused
    op: str | None
    path: str | None
    turn_id: str              # the turn (or dream) that proposed it
    ts: str                   # when it was proposed
    changed_since: bool = False
    applied_as: str | None = None   # accepted: the journal turn id of the apply
    reason: str | None = None
    diff: str | None = None


def _decision(c: Candidate, status: str | None = None, **extra) -> Decision:
    extra.setdefault("reason", None if c.status == CANDIDATE else c.reason)
    return Decision(c.id, status or c.status, c.op, c.path, c.turn_id, c.ts, **extra)


def review(home: Home, accept: list[int] | None = None, reject: list[int] | None = None,
           every: bool = False, now: datetime | None = None) -> list[Decision]:
    """List (no ids), accept or reject candidates; expired ones are settled first and
    reported. Unknown or already settled ids are refused (Rejected) before anything moves."""
    from ..util.clock import now as clock_now
    from .apply import write_session
    now = now or clock_now()
    with write_session(home) as store:
        conn = store.conn
        with store.transaction() as tx:
            expired = [_decision(c) for c in expire(tx, settings(home).expire_days, now)]
        waiting = {c.id: c for c in open_candidates(conn)}
        if accept is None and reject is None:
            return expired + [_listed(home, c, now) for c in waiting.values()]
        chosen = list(waiting) if every else (accept or reject or [])
        _check_ids(conn, chosen, waiting)
        if reject is not None:
            out = []
            with store.transaction() as tx:
                for n in chosen:
                    c = waiting[n]
                    c.status, c.reason = "declined", f"declined by the owner at {_iso(now)}"
                    _settle(tx, c)
                    out.append(_decision(c))
            return expired + out
        return expired + [_accept(home, store, waiting[n], now) for n in chosen]


def _iso(now: datetime) -> str:
    from .history import iso
    return iso(now)


def _check_ids(conn, chosen: list[int], waiting: dict) -> None:
    for n in chosen:
        if n in waiting:
            continue
        row = conn.execute("SELECT status FROM journal WHERE id = ?", (n,)).fetchone()
        if row is None:
            raise Rejected(f"no candidate {n} (shelldon-review lists them)")
        raise Rejected(f"{n} is not waiting for review: it is {row[0]}")


def _listed(home: Home, c: Candidate, now: datetime) -> Decision:
    from ..contracts import ContractError
    from ..util.beneath import SymlinkRefused
    try:
        changed = current_hash(home, c) != c.before_hash
        text = diff(home, c, now)
        why = None
    except (ContractError, SymlinkRefused, OSError, ValueError) as exc:
        changed, text, why = True, None, f"cannot show what it would change: {exc}"
    if changed and why is None:
        why = f"{c.path} changed since this was proposed: accepting it is refused"
    return _decision(c, changed_since=changed, diff=text, reason=why)


def _accept(home: Home, store, c: Candidate, now: datetime) -> Decision:
    """Apply one candidate as any op is applied (the hand-edit check included), unless its
    file changed since it was proposed."""
    from ..contracts.turn import new_turn_id
    from .apply import Item, apply_items
    if current_hash(home, c) != c.before_hash:
        return _decision(c, "refused", changed_since=True,
                         reason=f"{c.path} changed since this was proposed; the candidate stays "
                                f"(decline it with --reject {c.id})")
    turn_id = new_turn_id("review-")
    # still the brain's op (proposed): a long item it saw cut keeps what it was not shown;
    # no review settings are passed, so it is applied, not held again
    entry = apply_items(home, store, [Item(turn_id, 1, c.args, proposed=True)], now=now)[0].entry
    if entry.status not in ("applied", "unchanged"):
        return _decision(c, "refused", applied_as=turn_id,
                         reason=f"{entry.status}: {entry.reason}; the candidate stays")
    c.status, c.reason = "accepted", f"accepted by the owner: applied as {turn_id}"
    with store.transaction() as tx:
        _settle(tx, c)
    return _decision(c, applied_as=turn_id, reason=c.reason)


def to_object(d: Decision) -> dict:
    return msgspec.structs.asdict(d)
