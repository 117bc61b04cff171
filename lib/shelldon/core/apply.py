"""The core's apply: the one code path that writes the stores.

Each op is validated against the contract, applied atomically and journalled under
(turn id, sequence). Seeing the same (turn id, sequence) again returns what happened the
first time and writes nothing, so a retried pipeline or a doubled cron job is harmless.
"""
import json
import os
from datetime import datetime

import msgspec

from ..contracts import ContractError
from ..contracts.limits import MAX_OBSERVATION
from ..contracts.ops import (FILE_OPS, OWNER_ONLY_OPS, CaptureLearning, Forget, LogEpisode,
                             ResolveLearning, Restore, decode_op, op_to_dict)
from ..home import Home
from ..util.atomic import SymlinkRefused
from ..util.clock import now as clock_now
from . import journal
from .gate import screen_op, screens_whole
from .history import HistoryStore, iso
from .journal import Entry
from .session import LOCK_TIMEOUT_S, write_session  # noqa: F401 - where they used to be


class Item(msgspec.Struct):
    """One op as it arrived: its JSON text, where it came from, and its journal key."""
    turn_id: str
    seq: int
    raw: bytes | str
    line: int | None = None
    by_owner: bool = False  # the owner asked (a stage they ran): hand-edit protection steps aside
    when: datetime | None = None  # when its turn was said (a record's ts): its episode's month
    proposed: bool = False  # a brain proposed it (a turn's reply, a dream): review mode may hold it


class Outcome(msgspec.Struct):
    item: Item
    entry: Entry
    replayed: bool = False


def _op_name(raw: bytes | str) -> str | None:
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return obj.get("op") if isinstance(obj, dict) and isinstance(obj.get("op"), str) else None


def _raw_text(raw: bytes | str) -> str:
    return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw


def _rejected(item: Item, reason: str) -> Entry:
    return Entry(item.turn_id, item.seq, _op_name(item.raw), "rejected", reason)


def _failed(home: Home, item: Item, exc: OSError) -> Entry:
    """The file system failed this one op (no space, an I/O error, a name it cannot hold,
    a file standing where a directory should): refused, the rest of the run goes on.
    Not journalled — the op is not at fault, so the same input run again applies it once
    the cause is fixed (a journalled rejection would be replayed as one for ever)."""
    where = exc.filename if isinstance(exc.filename, str) else None
    if where and os.path.isabs(where) and where.startswith(home.root + os.sep):
        where = os.path.relpath(where, home.root)
    reason = f"{where + ': ' if where else ''}{exc.strerror or exc}"
    from .outcome import FAILED_NOTE
    return _rejected(item, f"{reason} ({FAILED_NOTE}: fix that and run again)")


def _apply_one(home: Home, store: HistoryStore, item: Item, op, now: datetime) -> tuple[Entry, str | bytes | None]:
    from . import curated, handedits, undo  # file ops only: a capture never loads them
    name = _op_name(item.raw)
    if isinstance(op, FILE_OPS):
        change = curated.plan(home, op, item.turn_id, now, proposed=item.proposed)
        rel = os.path.relpath(change.path, home.root)
        # -- owner's tools (issue 8): hand edits win; the before bytes kept for revert ----
        hand = handedits.is_hand_edited(store.conn, rel, change.before)
        if hand and not change.unchanged and handedits.guarded(op) and not item.by_owner:
            return Entry(item.turn_id, item.seq, name, "conflict", handedits.conflict_reason(rel), rel,
                         curated.digest(change.before), None), None
        before_content, undo_spec = undo.for_journal(change.before, change.after, isinstance(op, LogEpisode))
        entry = Entry(item.turn_id, item.seq, name, "unchanged" if change.unchanged else "applied",
                      change.note, rel, curated.digest(change.before), curated.digest(change.after),
                      hand=handedits.hand_after(op, change.unchanged, hand), undo=undo_spec)
        if not change.unchanged:  # issue 7: the row is announced before the rename
            with store.transaction() as conn:
                journal.announce_write(conn, entry, op_to_dict(op), iso(now), before_content)
        curated.commit(home.root, change)
        return entry, before_content
        # -- end owner's tools ----------------------------------------------------------
    raise AssertionError("sqlite ops are applied inside the journal transaction")


def _apply_sqlite_op(store: HistoryStore, conn, item: Item, op, now: datetime) -> Entry:
    name = _op_name(item.raw)
    if isinstance(op, CaptureLearning):
        row = store.capture_learning(op.observation, op.pattern_key, now, conn=conn)
        if row is None:
            return Entry(item.turn_id, item.seq, name, "skipped", "empty observation")
        return Entry(item.turn_id, item.seq, name, "applied", f"learning {row}")
    if isinstance(op, ResolveLearning):
        if store.resolve_learning(op.id, op.status, conn=conn):
            return Entry(item.turn_id, item.seq, name, "applied", f"learning {op.id} {op.status}")
        return Entry(item.turn_id, item.seq, name, "noop", f"learning {op.id} is not pending (or does not exist)")
    raise AssertionError(type(op))


def _validate(home: Home, item: Item, now: datetime, owner_before: str = ""):
    op = decode_op(item.raw)
    if isinstance(op, OWNER_ONLY_OPS) and not item.by_owner:
        raise ContractError(f"{op.tag} is the owner's alone (shelldon-pin); a brain cannot {op.tag}")
    screen_op(op, owner_before)  # the gate (core/gate.py): no secrets, no standing instructions
    if isinstance(op, FILE_OPS):
        from . import curated
        # refuses a symlink or a non-file at the target or on the way to it
        curated.read_plain(home.root, curated.target_path(home, op, now))
    return op


def _candidate(home: Home, item: Item, op, now: datetime) -> Entry | None:
    """Review mode (core/review.py): the candidate entry for an op that would change its
    file, None for one that changes nothing (applied as usual: "already in memory")."""
    from . import curated
    from .review import CANDIDATE, WAITING
    change = curated.plan(home, op, item.turn_id, now, proposed=item.proposed)
    if change.unchanged:
        return None
    return Entry(item.turn_id, item.seq, _op_name(item.raw), CANDIDATE, WAITING,
                 os.path.relpath(change.path, home.root), curated.digest(change.before), None)


def apply_items(home: Home, store: HistoryStore, items: list[Item], atomic: bool = False,
                now: datetime | None = None, review=None) -> list[Outcome]:
    """Apply a run of ops (the caller holds the write session). Never raises for a bad op.
    review: the home's review settings (core/review.py); a file op a brain proposed in a
    reviewed scope is journalled as a candidate instead of applied. now: the time the stage
    acts at (util/clock: SHELLDON_NOW pins it, as it pins the brain's "until Friday")."""
    now = now or clock_now()
    ts = iso(now)
    outcomes: list[Outcome] = []
    pending: list[tuple[Item, object]] = []
    # The gate reads an op's text after the owner's latest recorded message, so that an
    # instruction the owner's side split over two turns is seen whole (core/poison.py).
    last = store.last_owner() if items else None
    owner_before = last[1] if last else ""
    for item in items:
        previous = journal.lookup(store.conn, item.turn_id, item.seq)
        if previous is not None:
            outcomes.append(Outcome(item, previous, replayed=True))
            continue
        try:
            op = _validate(home, item, item.when or now, owner_before)
        except (ContractError, SymlinkRefused) as exc:
            entry = _rejected(item, str(exc))
            # a secret the gate saw is withheld whole, not left to redact() (core/gate.py)
            args = getattr(exc, "journal_args", None) or _raw_text(item.raw)
            with store.transaction() as conn:
                journal.record(conn, entry, args, ts)
            outcomes.append(Outcome(item, entry))
            continue
        except OSError as exc:  # reading what stands at the target failed
            outcomes.append(Outcome(item, _failed(home, item, exc)))
            continue
        pending.append((item, op))
    if atomic and any(o.entry.rejected for o in outcomes):
        for item, _op in pending:
            outcomes.append(Outcome(item, Entry(item.turn_id, item.seq, _op_name(item.raw), "held",
                                                "not applied: --atomic and another op was rejected")))
        return _in_order(items, outcomes)
    for item, op in pending:
        try:
            held = (_candidate(home, item, op, item.when or now)
                    if review is not None and item.proposed and review.holds(op) else None)
            if held is not None:
                with store.transaction() as conn:
                    journal.record(conn, held, op_to_dict(op), ts, screened=screens_whole(op))
                entry = held
            elif isinstance(op, FILE_OPS):
                entry, before_text = _apply_one(home, store, item, op, item.when or now)
                with store.transaction() as conn:
                    journal.record(conn, entry, op_to_dict(op), ts, before_text, screened=screens_whole(op))
                    journal.settle_write(conn, entry.path)
                    if isinstance(op, (Forget, Restore)):   # the turns that told it go (or come back)
                        from . import hidden
                        hidden.after_op(conn, op, entry, ts)
            else:
                with store.transaction() as conn:
                    entry = _apply_sqlite_op(store, conn, item, op, now)
                    journal.record(conn, entry, op_to_dict(op), ts, screened=screens_whole(op))
        except (ContractError, SymlinkRefused) as exc:
            entry = _rejected(item, str(exc))
            with store.transaction() as conn:
                journal.record(conn, entry, op_to_dict(op), ts)
        except OSError as exc:
            # The write's announcement (pending_writes) stays: the next write session
            # journals the write if it landed after all (a failed directory fsync), and
            # drops the announcement if not.
            entry = _failed(home, item, exc)
        outcomes.append(Outcome(item, entry))
    return _in_order(items, outcomes)


def reject_malformed(store: HistoryStore, turn_id: str, first_seq: int, dropped: list[str] | None,
                     now: datetime | None = None) -> list[Entry]:
    """Journal, as rejected, the ops a brain proposed that think dropped as malformed (a
    turn record's `dropped`: one reason each), keyed after the turn's own ops so a retry
    journals nothing twice; the entries are what the reply's outcome line names."""
    from ..contracts.ops import OP_NAMES
    from .outcome import MALFORMED
    entries: list[Entry] = []
    for seq, why in enumerate(dropped or (), first_seq):
        entry = journal.lookup(store.conn, turn_id, seq)
        if entry is None:
            name = why.partition(": ")[0]
            entry = Entry(turn_id, seq, name if name in OP_NAMES else None, "rejected", f"{MALFORMED}: {why}")
            with store.transaction() as conn:
                journal.record(conn, entry, why, iso(now or clock_now()))
        entries.append(entry)
    return entries


def _in_order(items: list[Item], outcomes: list[Outcome]) -> list[Outcome]:
    rank = {id(item): n for n, item in enumerate(items)}
    return sorted(outcomes, key=lambda o: rank[id(o.item)])


# -- the shelldon-apply and shelldon-capture streams --------------------------------

MAX_LINE = 1 << 20
_TURN_FIELDS = frozenset(("owner", "prompt", "reply", "ops"))  # no op has any of these


def read_run(lines, bare_turn_id: str) -> tuple[list[Item], list, list[tuple[int, str]]]:
    """Split input lines into op items, turn records to pass through, and unusable lines.

    A line with an "op" field is a bare op (keyed by bare_turn_id and its position); a line
    with a "turn_id" is a turn record whose ops are keyed by its own id; one with a turn
    record's fields but no "turn_id" is refused as that; anything else is handed to the op
    decoder so the journal records why it was refused.
    """
    from ..contracts.turn import decode_text, decode_turn
    from ..util.lines import LineTooLong
    items: list[Item] = []
    records: list = []
    bad: list[tuple[int, str]] = []
    seq = 0
    for number, line in lines:
        if isinstance(line, LineTooLong):
            bad.append((number, str(line)))
            continue
        if not line.strip():
            continue
        try:
            text = decode_text(line, "line")
        except ContractError as exc:
            bad.append((number, str(exc)))
            continue
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):   # decode_op words why, for the journal
            obj = None
        if isinstance(obj, dict) and "op" not in obj and "turn_id" in obj:
            try:
                record = decode_turn(text)
            except ContractError as exc:
                bad.append((number, str(exc)))
                continue
            records.append(record)
            items.extend(Item(record.turn_id, n, bytes(raw), number, when=record.ts, proposed=True)
                         for n, raw in enumerate(record.ops or (), 1))
            continue
        if isinstance(obj, dict) and "op" not in obj and not _TURN_FIELDS.isdisjoint(obj):
            bad.append((number, 'looks like a turn record without a "turn_id" (an op would '
                                'have an "op" field): nothing applied, nothing passed through'))
            continue
        seq += 1
        items.append(Item(bare_turn_id, seq, text, number))
    return items, records, bad


def report(outcomes: list[Outcome], bad: list[tuple[int, str]]) -> bool:
    """One stderr line per refused op or line; True if anything was refused."""
    from ..util import log
    for number, reason in bad:
        log.error(f"line {number}: {reason}")
    refused = False
    for outcome in outcomes:
        entry = outcome.entry
        if entry.rejected:
            refused = True
            where = f"line {outcome.item.line}: " if outcome.item.line else ""
            again = " (rejected before)" if outcome.replayed else ""
            log.error(f"{where}{entry.op or 'op'} rejected{again}: {entry.reason}")
        elif entry.conflict:  # issue 8: held back, the owner's hand edit stays
            refused = True
            where = f"line {outcome.item.line}: " if outcome.item.line else ""
            again = " (held back before)" if outcome.replayed else ""
            log.error(f"{where}{entry.op or 'op'} not applied{again}: {entry.reason}")
    merged = sum(1 for o in outcomes if o.entry.op == "log_episode" and o.entry.status == "unchanged"
                 and not o.replayed)
    if merged:   # said once, so a run of 40 repeats does not look like 40 silent no-ops
        log.info(f"merged {merged} log_episode op{'s' if merged != 1 else ''} repeating an episode "
                 f"already logged (not appended again)")
    return refused or bool(bad)


def apply_stream(home: Home, stdin, stdout, turn_id: str | None = None, atomic: bool = False) -> int:
    from ..contracts.turn import check_turn_id, encode_turn, new_turn_id
    from ..util.lines import iter_lines
    home.require()
    # An empty --turn-id is refused, not taken for "none": a fresh id each run would make
    # every re-run write again, the very thing --turn-id is for.
    bare = check_turn_id(turn_id) if turn_id is not None else new_turn_id()
    items, records, bad = read_run(iter_lines(stdin, MAX_LINE), bare)
    with write_session(home) as store:
        if atomic and bad:
            outcomes = [Outcome(i, Entry(i.turn_id, i.seq, _op_name(i.raw), "held", "not applied"))
                        for i in items]
        else:
            from .review import settings
            outcomes = apply_items(home, store, items, atomic=atomic, review=settings(home))
        malformed = {r.turn_id: reject_malformed(store, r.turn_id, len(r.ops or ()) + 1, r.dropped)
                     for r in records if r.dropped}
    refused = report(outcomes, bad)
    if not (atomic and refused):
        for record in told(records, outcomes, malformed):
            stdout.write(encode_turn(record) + b"\n")
    return 65 if refused else 0


def told(records: list, outcomes: list[Outcome], malformed: dict[str, list[Entry]] | None = None) -> list:
    """The turn records passed through, each reply followed by what became of its ops
    (core/outcome.py), so the pipe's ingest records what the owner is told; malformed:
    turn id → the entries of the ops its brain proposed that think dropped."""
    import msgspec

    from .outcome import honest_reply
    by_turn: dict[str, list[Entry]] = {}
    for outcome in outcomes:
        by_turn.setdefault(outcome.item.turn_id, []).append(outcome.entry)
    for turn_id, entries in (malformed or {}).items():
        by_turn.setdefault(turn_id, []).extend(entries)
    return [msgspec.structs.replace(r, reply=honest_reply(r.reply, by_turn[r.turn_id]))
            if r.reply and r.turn_id in by_turn else r for r in records]


# An observation holds at most MAX_OBSERVATION characters, so at most 4 bytes each: a
# longer line is refused unread. Lines are applied in batches, each in its own write
# session: any length of input costs bounded memory (a batch of bounded lines), and the
# lock is not held while a slow pipe is read.
CAPTURE_LINE = 4 * MAX_OBSERVATION
CAPTURE_BATCH = 256


def stdin_observations(stdin):
    """(line number, observation — or the ContractError that refuses the line), one line
    at a time; blank lines skipped."""
    from ..contracts.turn import decode_text
    from ..util.lines import LineTooLong, iter_lines
    for number, line in iter_lines(stdin, CAPTURE_LINE):
        if isinstance(line, LineTooLong):
            yield number, ContractError(f"{line}; an observation holds {MAX_OBSERVATION} "
                                        f"characters at most")
            continue
        try:
            text = decode_text(line, "line")
        except ContractError as exc:
            yield number, exc
            continue
        if text.strip():
            yield number, text


def capture_stream(home: Home, observations, key: str | None) -> int:
    """Each observation — (number, text or ContractError) pairs, as stdin_observations
    gives them — becomes a capture_learning op, applied and journalled like any op.
    Every line is captured or refused by name: none is lost for a neighbour's fault."""
    from itertools import islice

    from ..contracts.turn import new_turn_id
    home.require()
    turn_id = new_turn_id("capture-")
    refused = False
    pairs = iter(observations)
    while chunk := list(islice(pairs, CAPTURE_BATCH)):
        batch: list[Item] = []
        bad: list[tuple[int, str]] = []
        for number, text in chunk:
            if isinstance(text, ContractError):
                bad.append((number, str(text)))
                continue
            op = {"op": "capture_learning", "observation": text}
            if key is not None:
                op["pattern_key"] = key
            batch.append(Item(turn_id, number, json.dumps(op, ensure_ascii=False), number))
        outcomes = []
        if batch:
            with write_session(home) as store:
                outcomes = apply_items(home, store, batch)
        refused = report(outcomes, bad) or refused
    return 65 if refused else 0
