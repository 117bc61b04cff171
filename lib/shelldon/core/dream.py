"""The dream: pending learnings → a brain (or the offline policy) → ops → the core's apply.

Order of a dream, each step able to stop it:
  1. the dream lock (run/dream.lock, never waited for): a second dream exits 75 at once;
  2. the idle gate: the owner has been silent for --if-idle (0 turns it off);
  3. the budget gate: today's spent turns + a dream's 3 must fit the daily budget;
  4. pending learnings, most recurrent first, bounded in number and bytes (the offline
     policy also sweeps the oldest seen-once ones past --prune-after, which the bound
     would otherwise hide for ever): none → exit 0, no brain called, nothing spent;
  5. nothing new since the last dream (the learnings it would look at are those the last
     one looked at, none has recurred, no new message, same day) → exit 0 without calling the brain: a dream
     every 30 minutes through a long silence costs one dream, not forty;
  6. the ops: the offline policy (brain `rules`) or the model's ops block;
  7. under the write lock: spend the budget, apply every op through core.apply under the
     turn id dream-<id>, journalled; ops a dream may not make are refused and journalled.

A closed gate writes nothing. The pure parts (gates, policy, prompt) take their inputs as
arguments; dream() is the I/O around them.
"""
import hashlib
import json
import re
import sqlite3
from datetime import datetime

import msgspec

from ..contracts.markdown import parse_document
from ..home import Home
from ..util.clock import parse_time
from ..util.errors import TryLater
from ..worker.dream import DREAM_MESSAGE, Learning, bound, dream_prompt, rules_ops
from ..worker.forgotten import Forgotten, withhold_lines
from ..worker.forgotten import read as read_forgotten

DREAM_COST = 3
DREAM_OPS = ("remember", "rewrite_about", "rewrite_summary", "resolve_learning", "forget")
STALE_ASKED = 10      # items past their time one dream asks about (worker/standing.py)
TURN_PREFIX = "dream-"
FINGERPRINT_KEY = "dream_fingerprint"
STALE_SWEEP = 200     # stale learnings the offline policy may prune in one dream


class DreamSettings(msgspec.Struct, frozen=True):
    """config.toml [dream]; the flags beat it."""
    if_idle: str = "6h"           # a duration; "0" turns the gate off
    budget: int = 200             # turns a day; a turn costs 1, a dream 3
    promote_at: int = 3           # offline policy: recurrences that make a learning durable
    prune_after: int = 30         # offline policy: days after which a never-recurring learning goes
    max_learnings: int = 15       # learnings one dream considers (2 ops each fit a reply's 32)
    max_bytes: int = 8 * 1024     # bytes of learnings one dream considers
    summary_messages: int = 12    # offline policy: owner messages the summary is made from


class GateClosed(TryLater):
    """A gate said not now (exit 75); the message names the gate."""

    def __init__(self, gate: str, why: str):
        super().__init__(f"gate {gate}: {why}")
        self.gate = gate


class Report(msgspec.Struct):
    turn_id: str
    promoted: int = 0
    pruned: int = 0
    left: int = 0
    wrote: list[str] = msgspec.field(default_factory=list)      # curated files written, relative to memory/
    known: list[str] = msgspec.field(default_factory=list)      # files that already said it: nothing written
    waiting: list[str] = msgspec.field(default_factory=list)    # review mode: candidates for shelldon-review
    summary: bool = False
    refused: int = 0
    stale: list[str] = msgspec.field(default_factory=list)   # items past their time: the owner's to settle

    def line(self) -> str:
        text = f"dreamt ({self.turn_id}): promoted {self.promoted}, pruned {self.pruned}, left {self.left}"
        for label, paths in (("wrote", self.wrote), ("already in memory:", self.known),
                             ("waiting for review (shelldon-review):", self.waiting)):
            if paths:
                text += f"; {label} " + ", ".join(paths[:4]) + (" …" if len(paths) > 4 else "")
        if self.summary:
            text += "; summary rewritten"
        if self.refused:
            text += f"; refused {self.refused} proposed op{'s' if self.refused != 1 else ''} (see the journal)"
        return text + past_time_text(self.stale)


def past_time_text(lines: list[str]) -> str:
    """The report's word on the items withheld as expired or stale: confirm, update or forget."""
    if not lines:
        return ""
    return (f"; {len(lines)}{'+' if len(lines) >= STALE_ASKED else ''} past their time, to confirm, update "
            f"or forget: " + ", ".join(lines[:4]) + (" …" if len(lines) > 4 else "")
            + " (shelldon-recall --stale)")


def _past_time(home: Home, conn, config, now: datetime) -> list[dict]:
    """The items withheld from prompts as expired or unused, with the start of each text."""
    from ..config import stale_after_days
    from ..worker.curated_list import stale_records
    records = stale_records(conn, now, stale_after_days(config), STALE_ASKED)
    for record in records:
        collection, _, file = record["item"].partition("/")
        body = _read_body(home, collection, file[:-3]) or ""
        record["text"] = _clip_text(" ".join(body.split()), 200)
    return records


def _clip_text(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _past_time_line(record: dict) -> str:
    why = f"expired {record['expires']}" if record["why"] == "expired" else \
        f"unused since {(record['last_active'] or '?')[:10]}"
    return f"{record['item']} ({why})"


# -- the gates (pure) --------------------------------------------------------------

def _ago(seconds: float) -> str:
    minutes = int(seconds // 60)
    return f"{minutes // 60}h{minutes % 60:02d}m" if minutes >= 60 else f"{minutes}m"


def idle_gate(last_owner: datetime | None, now: datetime, if_idle: float) -> None:
    """Closed while the owner spoke less than if_idle seconds ago (0: always open)."""
    if if_idle <= 0 or last_owner is None:
        return
    silent = (now - last_owner).total_seconds()
    if silent < if_idle:
        raise GateClosed("idle", f"the owner spoke {_ago(max(silent, 0))} ago; "
                                 f"a dream waits for {_ago(if_idle)} of silence")


def budget_gate(spent: int, budget: int, day: str, cost: int = DREAM_COST) -> None:
    if spent + cost > budget:
        raise GateClosed("budget", f"{spent} of today's {budget} turns spent ({day}); a dream costs {cost}")


def fingerprint(day: str, last_message_id: int, learnings: list[Learning], pending: int) -> str:
    """What a dream saw: same fingerprint, same dream — so it is not dreamt twice."""
    seen = ";".join(f"{l.id}:{l.count}" for l in learnings)
    return hashlib.sha256(f"{day}|{last_message_id}|{pending}|{seen}".encode()).hexdigest()[:32]


def settled(before: list[Learning], after: list[Learning], same_messages: bool) -> bool:
    """May the next dream skip? Only if what it would look at, this one looked at, unchanged.

    Not so when a learning the bounds hid moves up, or a turn came while the brain thought.
    """
    shown = {(l.id, l.count) for l in before}
    return same_messages and all((l.id, l.count) in shown for l in after)


def _learning(row) -> Learning:
    return Learning(row["id"], row["pattern_key"], row["observation"], row["recurrence_count"],
                    parse_time(row["first_seen"]), parse_time(row["last_seen"]))


class Seen(msgspec.Struct):
    """What the read phase found."""
    learnings: list[Learning]            # pending, most recurrent first, bounded
    pending: int
    last_message_id: int
    stored_fingerprint: str | None
    owner_messages: list[tuple[str, str]]
    recent: list[tuple[str, str]]
    stale: list[Learning] = msgspec.field(default_factory=list)   # pending, seen once, past prune_after; oldest first
    forgotten: Forgotten = Forgotten()   # what no summary may tell again (shelldon-forget)
    past_time: list[dict] = msgspec.field(default_factory=list)   # items withheld as expired or stale

    def considered(self, offline: bool) -> list[Learning]:
        """What a dream looks at: a model the most recurrent; the offline policy those and the stale."""
        if not offline:
            return self.learnings
        ids = {l.id for l in self.learnings}
        return self.learnings + [l for l in self.stale if l.id not in ids]


def _read_state(store, settings: DreamSettings, now: datetime, recent_n: int = 20) -> Seen:
    from datetime import timedelta
    from .history import iso
    rows = store.pending_learnings(limit=max(0, settings.max_learnings))
    learnings = bound([_learning(r) for r in rows], settings.max_learnings, settings.max_bytes)
    conn = store.conn
    conn.row_factory = sqlite3.Row
    try:
        stale = [_learning(r) for r in conn.execute(
            "SELECT id, pattern_key, observation, recurrence_count, first_seen, last_seen FROM learnings "
            "WHERE status = 'pending' AND recurrence_count = 1 AND last_seen < ? ORDER BY last_seen, id LIMIT ?",
            (iso(now - timedelta(days=settings.prune_after)), STALE_SWEEP))]
    finally:
        conn.row_factory = None
    pending = conn.execute("SELECT count(*) FROM learnings WHERE status = 'pending'").fetchone()[0]
    last_id = conn.execute("SELECT coalesce(max(id), 0) FROM messages").fetchone()[0]
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (FINGERPRINT_KEY,)).fetchone()
    owner = conn.execute(f"SELECT ts, content FROM messages WHERE role = 'owner' AND {store.visible()} "
                         f"ORDER BY id DESC LIMIT ?", (max(0, settings.summary_messages),)).fetchall()
    recent = [(m.role, m.content) for m in store.recent(recent_n)]   # forgotten turns left out
    return Seen(learnings, pending, last_id, row[0] if row else None, list(reversed(owner)), recent, stale,
                read_forgotten(conn))


def without_forgotten(lines: list[str], forgotten: Forgotten) -> list[str]:
    """The op lines with every rewrite_summary's lines that tell what was forgotten taken out."""
    if not forgotten:
        return lines
    out = []
    for line in lines:
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):
            obj = None
        if isinstance(obj, dict) and obj.get("op") == "rewrite_summary" and isinstance(obj.get("content"), str):
            content, gone = withhold_lines(obj["content"], forgotten)
            if gone:
                line = json.dumps({**obj, "content": content}, ensure_ascii=False)
        out.append(line)
    return out


def _read_body(home: Home, collection: str, name: str) -> str | None:
    from . import curated
    from ..contracts.ops import Remember
    try:
        data = curated.read_plain(home.root, curated.target_path(home, Remember(collection, name, "-")))
    except (OSError, ValueError):
        return None
    return parse_document(data.decode("utf-8", "replace"))[1] if data else None


def _read_memory(home: Home, name: str) -> str | None:
    from ..util.beneath import read_regular
    from ..worker.curated_list import PROMPT_FILE_READ
    data = read_regular(home.root, home.memory_file(name), PROMPT_FILE_READ)
    return None if data is None else parse_document(data.decode("utf-8", "replace"))[1]


def model_ops(home: Home, config, seen: Seen) -> tuple[list[str], list[str]]:
    """Ask the configured model; (op lines that fit the contract, dropped lines with reasons)."""
    from ..worker.brain import BrainError, load_brain
    from ..worker.replyops import split_reply
    summary = withhold_lines(_read_memory(home, "summary.md") or "", seen.forgotten)[0]
    prompt = dream_prompt(seen.learnings, _read_memory(home, "about.md"), summary, seen.recent,
                          past_time=[f"- {_past_time_line(r)}: {r['text']}" for r in seen.past_time])
    brain = load_brain(config, home=home)
    try:
        text = brain.complete(prompt, DREAM_MESSAGE)
    except BrainError as exc:
        raise TryLater(f"the {brain.name} brain failed ({exc}); nothing applied, the next dream tries again") from None
    _reply, lines, dropped = split_reply(text)
    return lines, dropped


_OP_NAME = re.compile(r'"op"\s*:\s*"([^"\\]{1,40})"')


def screen(items, shown_ids: set[int]) -> dict[int, str]:
    """seq → why, for the items a dream may not apply: ops outside DREAM_OPS, ids it was not shown."""
    refused: dict[int, str] = {}
    for item in items:
        try:
            obj = json.loads(item.raw)
        except ValueError:
            continue                                   # the core's decoder says why
        if not isinstance(obj, dict) or not isinstance(obj.get("op"), str):
            continue
        if obj["op"] not in DREAM_OPS:
            refused[item.seq] = f"{obj['op']} is not a dream op (a dream may: {', '.join(DREAM_OPS)})"
        elif obj["op"] == "resolve_learning" and isinstance(obj.get("id"), int) and obj["id"] not in shown_ids:
            refused[item.seq] = f"learning {obj['id']} was not among this dream's learnings"
    return refused


def dream(home: Home, settings: DreamSettings, if_idle: float, config, now: datetime,
          dry_run: bool = False, quiet: bool = False, out=None, as_json: bool = False) -> int:
    """One dream; returns the exit status. out: where the owner's line (or --dry-run's ops) go;
    as_json: the report as one JSON object instead of the line."""
    import sys
    from ..util import log
    from ..util.clock import local_day
    from filelock import Timeout

    from ..util.lock import file_lock
    from .history import HistoryStore
    out = out or sys.stdout
    home.require()
    lock = file_lock(home.dream_lock, timeout=0)
    try:
        try:
            lock.acquire()
        except Timeout:
            raise GateClosed("lock", f"another dream holds {home.dream_lock}") from None
        try:
            day = local_day(now)
            with HistoryStore.open(home.db) as store:
                last = store.last_owner_ts()
                idle_gate(parse_time(last) if last else None, now, if_idle)
                budget_gate(store.budget_spent(day), settings.budget, day)
                seen = _read_state(store, settings, now)
                seen.past_time = _past_time(home, store.conn, config, now)
            offline = config.brain.name == "rules"
            considered = seen.considered(offline)
            if not considered:
                if not quiet:
                    log.info("no pending learnings: nothing to dream about"
                             + past_time_text([_past_time_line(r) for r in seen.past_time]))
                return 0
            if not dry_run and seen.stored_fingerprint == fingerprint(day, seen.last_message_id,
                                                                      considered, seen.pending):
                if not quiet:
                    log.info("nothing new since the last dream today: skipped")
                return 0
            if offline:
                lines = [json.dumps(op, ensure_ascii=False) for op in
                         rules_ops(considered, seen.owner_messages, now, settings.promote_at,
                                   settings.prune_after, lambda c, n: _read_body(home, c, n),
                                   settings.summary_messages)]
                dropped: list[str] = []
            else:
                lines, dropped = model_ops(home, config, seen)
            lines = without_forgotten(lines, seen.forgotten)
            if dry_run:
                for line in lines:
                    out.write(line + "\n")
                for reason in dropped:
                    log.warn(f"the brain proposed an invalid op: {reason}")
                return 0
            report = _apply(home, day, settings, seen, considered, offline, lines, dropped, now)
        finally:
            lock.release()
    except GateClosed:
        if quiet:
            return 75
        raise
    out.write((json.dumps(msgspec.structs.asdict(report), ensure_ascii=False) if as_json else report.line())
              + "\n")
    return 0


def _apply(home: Home, day: str, settings: DreamSettings, seen: Seen, considered: list[Learning],
           offline: bool, lines: list[str], dropped: list[str], now: datetime) -> Report:
    from ..contracts.turn import new_turn_id
    from . import journal
    from .apply import Item, apply_items, write_session
    from .history import iso
    from .journal import Entry
    turn_id = TURN_PREFIX + new_turn_id()
    from .review import settings as review_settings
    items = [Item(turn_id, n, line, proposed=True) for n, line in enumerate(lines, 1)]
    review = review_settings(home)
    refused = screen(items, {l.id for l in considered})
    report = Report(turn_id, stale=[_past_time_line(r) for r in seen.past_time])
    ts = iso(now)
    with write_session(home) as store:
        budget_gate(store.budget_spent(day), settings.budget, day)   # a turn may have spent it meanwhile
        with store.transaction() as conn:
            store.budget_spend(day, DREAM_COST, conn=conn)
        for item in items:
            if item.seq in refused:
                match = _OP_NAME.search(item.raw)
                with store.transaction() as conn:
                    journal.record(conn, Entry(turn_id, item.seq, match.group(1) if match else None,
                                               "rejected", refused[item.seq]), item.raw, ts)
        outcomes = []
        landed = True   # did this dream's latest memory write land? A promotion needs it to.
        for item in (i for i in items if i.seq not in refused):
            name = (_OP_NAME.search(item.raw) or [None, None])[1]
            if name == "resolve_learning" and not landed and '"promoted"' in item.raw:
                with store.transaction() as conn:
                    journal.record(conn, Entry(turn_id, item.seq, name, "rejected",
                                               "the memory write before this promotion did not land "
                                               "(refused or held back by a hand edit); the learning stays pending"),
                                   item.raw, ts)
                report.refused += 1
                continue
            outcome = apply_items(home, store, [item], now=now, review=review)[0]
            if name in ("remember", "rewrite_about"):   # a candidate is the owner's to decide
                landed = outcome.entry.status in ("applied", "unchanged", "candidate")
            outcomes.append(outcome)
        for n, reason in enumerate(dropped, len(items) + 1):
            match = _OP_NAME.search(reason)
            with store.transaction() as conn:
                journal.record(conn, Entry(turn_id, n, match.group(1) if match else None, "rejected",
                                           f"not a valid op: {reason}"), reason, ts)
        report.refused += len(refused) + len(dropped)
        for outcome in outcomes:
            entry = outcome.entry
            if entry.rejected:
                report.refused += 1
            elif entry.op == "rewrite_summary":
                report.summary = entry.status == "applied"
            elif entry.op in ("remember", "rewrite_about") and entry.path and entry.status == "applied":
                report.wrote.append(entry.path.removeprefix("memory/"))
            elif entry.op in ("remember", "rewrite_about") and entry.path and entry.status == "unchanged":
                report.known.append(entry.path.removeprefix("memory/"))
            elif entry.status == "candidate" and entry.path:
                report.waiting.append(entry.path.removeprefix("memory/"))
            elif entry.op == "resolve_learning" and entry.status == "applied":
                if json.loads(outcome.item.raw)["status"] == "promoted":
                    report.promoted += 1
                else:
                    report.pruned += 1
        after = _read_state(store, settings, now)
        report.left = after.pending
        next_look = after.considered(offline)
        with store.transaction() as conn:
            conn.execute("DELETE FROM meta WHERE key = ?", (FINGERPRINT_KEY,))
            if settled(considered, next_look, after.last_message_id == seen.last_message_id):
                conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (FINGERPRINT_KEY, fingerprint(
                    day, after.last_message_id, next_look, after.pending)))
    return report


def dream_stage(home: Home, overrides: dict, brain: str | None = None, brain_url: str | None = None,
                model: str | None = None, dry_run: bool = False, quiet: bool = False, out=None,
                as_json: bool = False) -> int:
    """shelldon-dream: settings (flag > config.toml [dream] > default), the clock, one dream."""
    from ..config import load_config, table
    from ..util.clock import now
    from ..util.durations import parse_duration
    from ..util.errors import Rejected
    home.require()
    config = load_config(home, brain, brain_url, model)
    settings = msgspec.structs.replace(table(config, "dream", DreamSettings),
                       **{k: v for k, v in overrides.items() if v is not None})

    def named(key: str) -> str:   # where the value came from: the flag, or config.toml
        flag = overrides.get(key) is not None
        return f"--{key.replace('_', '-')}" if flag else f"[dream] {key}"

    try:
        if_idle = parse_duration(settings.if_idle)
    except ValueError as exc:
        raise Rejected(f"{named('if_idle')}: {exc}") from None
    for name in ("budget", "promote_at", "max_learnings", "max_bytes"):
        if getattr(settings, name) < 1:
            raise Rejected(f"{named(name)} must be 1 or more, not {getattr(settings, name)}")
    for name in ("prune_after", "summary_messages"):
        if getattr(settings, name) < 0:
            raise Rejected(f"{named(name)} must be 0 or more, not {getattr(settings, name)}")
    return dream(home, settings, if_idle, config, now(), dry_run=dry_run, quiet=quiet, out=out, as_json=as_json)
