"""The crash harness: run a workload in its own process group, SIGKILL it at a random
moment, then check that the home is whole. Used by tests/test_crash.py (CI: 200 kills)
and `make torture` (1,000 kills).

A workload is what the killed process does, as a list of steps; each step is acknowledged
on a pipe when it returns (for a bin/ step: when it exits 0), exactly as a caller would see
"ingest exited 0". After the kill the checker looks at the home as it was left; then the
same steps run again unkilled (the retried pipeline, the next cron run) and the checker
looks again, this time also for temp files and for journal/file agreement.

Adding a stage is one line: BinWorkload("dream", lambda it, rng: [["shelldon-dream", ...]]).
"""
import hashlib
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "bin"
sys.path.insert(0, str(ROOT / "lib"))

from shelldon.contracts.markdown import HEADER_KEYS, parse_document  # noqa: E402
from shelldon.home import Home  # noqa: E402
from shelldon.util.secrets import redact  # noqa: E402

WORDS = ("rex biscuit luna pepper walk vet kibble porto ana tea garden rain park ball "
         "sleep treat fish tank lead harness bath brush cat dog parrot hamster").split()
SECRET = "AKIAQWERTYUIOP123456"


# -- what the checker knows ------------------------------------------------------------

@dataclass
class Model:
    """What was asked of the home, and what was acknowledged."""
    turns: dict = field(default_factory=dict)        # turn id → (owner, pet) as stored (redacted)
    acked_turns: set = field(default_factory=set)
    bodies: dict = field(default_factory=dict)       # memory-relative path → bodies ever proposed
    episodes: set = field(default_factory=set)       # episode contents ever proposed
    acked_ops: set = field(default_factory=set)      # (turn id, seq) of ops whose apply returned
    acked_captures: dict = field(default_factory=dict)  # pattern key → ids of acknowledged captures
    snapshot: dict = field(default_factory=dict)     # memory-relative path → bytes before the run
    pruning: bool = False      # a prune runs in the mix: raw/ may lose captures of recorded turns
    raw_only: set = field(default_factory=set)       # turns captured in raw/ but not yet in history
    lenient: bool = False      # this run's writer proposes bodies we cannot list (the dream)


def curated_files(home: Home) -> dict[str, bytes]:
    out = {}
    for path in sorted(Path(home.memory).rglob("*.md")):
        rel = str(path.relative_to(home.memory))
        if rel.startswith("vault/") or rel == "DIRECTIVE.md" or path.name.startswith("."):
            continue
        out[rel] = path.read_bytes()
    return out


def temp_files(home: Home) -> list[str]:
    return sorted(str(p.relative_to(home.root)) for p in Path(home.root).rglob(".*.tmp.*"))


def _episode_entries(body: str) -> list[tuple[str, str]]:
    """(heading, content) of each episode entry."""
    entries = []
    for chunk in re.split(r"(?m)^## ", body)[1:]:
        heading, _, content = chunk.partition("\n\n")
        entries.append((heading, content.strip("\n")))
    return entries


def check_file(rel: str, data: bytes, model: Model, journalled: frozenset = frozenset()) -> str | None:
    """None if the file is the old version or a whole new one; else what is wrong.

    A whole new one: its header parses, it ends with a newline, and its body is one that was
    proposed for it — or its hash is one the journal recorded for it (a writer whose bodies
    the harness cannot list, like the dream, is checked that way after the retry)."""
    if model.snapshot.get(rel) == data or hashlib.sha256(data).hexdigest() in journalled:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return f"{rel}: torn (not UTF-8)"
    meta, body = parse_document(text)
    missing = [k for k in HEADER_KEYS if k not in meta]
    if missing:
        return f"{rel}: torn (header lacks {', '.join(missing)})"
    if not text.endswith("\n"):
        return f"{rel}: torn (no final newline)"
    if rel.startswith("episodes/"):
        seen = set()
        for heading, content in _episode_entries(body):
            if model.episodes and content not in model.episodes:
                return f"{rel}: torn entry ({content[:40]!r}…)"
            key = (heading.split(" · ", 1)[-1], content)
            if key in seen:
                return f"{rel}: entry written twice ({heading!r})"
            seen.add(key)
        return None
    allowed = model.bodies.get(rel)
    if allowed is not None and body.strip() not in allowed:
        if model.lenient:
            return f"unverified {rel}"
        return f"{rel}: torn (body is neither old nor new: {body.strip()[:40]!r}…)"
    return None


def connect(home: Home) -> sqlite3.Connection:
    return sqlite3.connect(home.db, timeout=30)


def check_home(home: Home, model: Model, after_start: bool = False) -> list[str]:
    """Every invariant; returns the violations (empty when the home is whole)."""
    bad = []
    conn = connect(home)
    journalled: dict = {}
    try:
        for path, digest in conn.execute("SELECT path, after_hash FROM journal WHERE after_hash IS NOT NULL"):
            journalled.setdefault(path, set()).add(digest)
    finally:
        conn.close()
    for rel, data in curated_files(home).items():
        problem = check_file(rel, data, model, frozenset(journalled.get(f"memory/{rel}", ())))
        if problem and problem.startswith("unverified ") and not after_start:
            continue  # a lenient writer's file without its journal row yet: the retry settles it
        if problem:
            bad.append(problem.replace("unverified ", "") + (" (no journal entry has this version)"
                                                              if problem.startswith("unverified ") else ""))
    if after_start:
        bad.extend(f"temp file left: {t}" for t in temp_files(home))
    conn = connect(home)
    try:
        result = conn.execute("PRAGMA integrity_check").fetchall()
        if result != [("ok",)]:
            bad.append(f"integrity_check: {result[:3]}")
        # the index's own structure, then (FTS5, rank=1) the index against the messages table
        checks = ["INSERT INTO messages_fts(messages_fts) VALUES('integrity-check')"]
        if "fts5" in conn.execute("SELECT sql FROM sqlite_master WHERE name='messages_fts'").fetchone()[0].lower():
            checks.append("INSERT INTO messages_fts(messages_fts, rank) VALUES('integrity-check', 1)")
        for sql in checks:
            try:
                conn.execute(sql)
            except sqlite3.DatabaseError as exc:
                bad.append(f"fts integrity-check: {exc}")
                break
        half = conn.execute("SELECT turn_id, count(*), sum(role = 'owner') FROM messages "
                            "GROUP BY turn_id HAVING count(*) != 2 OR sum(role = 'owner') != 1").fetchall()
        bad.extend(f"half turn: {row}" for row in half)
        rows = {}
        for turn_id, role, content in conn.execute("SELECT turn_id, role, content FROM messages"):
            rows.setdefault(turn_id, {})[role] = content
        for turn_id, pair in rows.items():
            expected = model.turns.get(turn_id)
            if expected is not None and (pair.get("owner"), pair.get("pet")) != expected:
                bad.append(f"turn {turn_id}: stored text differs from what was sent")
        for turn_id in model.acked_turns - set(rows):
            bad.append(f"acknowledged turn lost: {turn_id}")
        raw_ids = set()
        for path in Path(home.raw).glob("*.md"):
            from shelldon.core.raw import turn_ids
            raw_ids.update(turn_ids(path.read_text(encoding="utf-8", errors="replace")))
        if not model.pruning:  # ingest writes raw/ first: history ⊆ raw/ until prune ages it out
            for turn_id in set(rows) - raw_ids:
                bad.append(f"turn {turn_id} in history but not in raw/")
        for turn_id in model.raw_only - raw_ids - set(rows):
            bad.append(f"capture of unrecorded turn {turn_id} deleted from raw/")
        model.raw_only = raw_ids - set(rows)
        columns = {row[1] for row in conn.execute("PRAGMA table_info(journal)")}
        if "hand" in columns:  # nobody edits by hand here: a crash must not look like one
            for turn_id, seq, path in conn.execute("SELECT turn_id, seq, path FROM journal "
                                                   "WHERE status = 'conflict' OR hand = 1"):
                bad.append(f"{path}: the core's own write taken for a hand edit ({turn_id}#{seq})")
        journal = {(t, s): (op, status, args, path, after)
                   for t, s, op, status, args, path, after in conn.execute(
                       "SELECT turn_id, seq, op, status, args, path, after_hash FROM journal")}
        for key in model.acked_ops - set(journal):
            bad.append(f"acknowledged op lost: {key}")
        counts: dict = {}
        for (op, status, args, _p, _a) in journal.values():
            if op == "capture_learning" and status == "applied":
                key = json.loads(args).get("pattern_key")
                if key:
                    counts[key] = counts.get(key, 0) + 1
        for key, count in conn.execute("SELECT pattern_key, recurrence_count FROM learnings "
                                       "WHERE pattern_key IS NOT NULL"):
            if counts.get(key, 0) != count:
                bad.append(f"learning {key!r}: count {count} but {counts.get(key, 0)} journalled captures")
        for key, acked in model.acked_captures.items():
            if counts.get(key, 0) < len(acked):
                bad.append(f"learning {key!r}: {len(acked)} captures acknowledged, {counts.get(key, 0)} kept")
        if after_start:
            latest = {}
            for row in conn.execute("SELECT path, after_hash FROM journal WHERE path IS NOT NULL "
                                    "AND status IN ('applied', 'unchanged') ORDER BY id"):
                latest[row[0]] = row[1]
            for rel_home, digest in latest.items():
                path = Path(home.root) / rel_home
                if path.exists() and hashlib.sha256(path.read_bytes()).hexdigest() != digest:
                    bad.append(f"{rel_home}: differs from its last journal entry")
    finally:
        conn.close()
    return bad


# -- workloads ----------------------------------------------------------------------------

class Workload:
    """Steps for one iteration, run by the driver process; acks say which steps returned."""
    name = "workload"

    def plan(self, it: int, rng: random.Random, model: Model) -> list:
        raise NotImplementedError

    def run_step(self, home: Home, step) -> None:
        raise NotImplementedError

    def ack(self, step, model: Model) -> None:
        pass


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


class IngestWorkload(Workload):
    name = "ingest"

    def plan(self, it, rng, model):
        steps = []
        for k in range(rng.randint(2, 4)):
            turn_id = f"ingest-{it:05d}-{k}"
            owner = _text(rng, rng.randint(3, 40))
            if rng.random() < 0.2:
                owner += f" my key is {SECRET}"
            pet = _text(rng, rng.randint(2, 30))
            model.turns[turn_id] = (redact(owner)[0], redact(pet)[0])
            steps.append((turn_id, owner, pet))
        return steps

    def run_step(self, home, step):
        from shelldon.contracts.turn import TurnRecord
        from shelldon.core.apply import write_session
        from shelldon.core.ingest import record
        turn_id, owner, pet = step
        with write_session(home) as store:
            record(home, store, TurnRecord(turn_id, owner, reply=pet))

    def ack(self, step, model):
        model.acked_turns.add(step[0])


class ApplyWorkload(Workload):
    """File ops: remember, rewrite_about, rewrite_summary, log_episode."""
    name = "apply"

    def plan(self, it, rng, model):
        steps = []
        for seq in range(1, rng.randint(3, 5)):
            kind = rng.choice(["remember", "remember", "rewrite_about", "rewrite_summary", "log_episode"])
            size = rng.choice([5, 40, 300, 700])
            content = f"v{it}.{seq} " + _text(rng, size)
            if kind == "remember":
                collection = rng.choice(["facts", "people"])
                name = rng.choice(["Ana", "Rex", "tea", "José", "the garden"])
                op = {"op": kind, "collection": collection, "name": name, "content": content}
                from shelldon.util.slug import slugify
                rel = f"{collection}/{slugify(name)}.md"
            elif kind == "log_episode":
                op = {"op": kind, "content": content}
                rel = None
                model.episodes.add(content)
            else:
                op = {"op": kind, "content": content}
                rel = "about.md" if kind == "rewrite_about" else "summary.md"
            if rel:
                model.bodies.setdefault(rel, set()).add(content)
            steps.append((f"apply-{it:05d}", seq, json.dumps(op)))
        return steps

    def run_step(self, home, step):
        from shelldon.core.apply import Item, apply_items, write_session
        turn_id, seq, raw = step
        with write_session(home) as store:
            (outcome,) = apply_items(home, store, [Item(turn_id, seq, raw)])
        if outcome.entry.rejected:
            raise RuntimeError(outcome.entry.reason)

    def ack(self, step, model):
        model.acked_ops.add((step[0], step[1]))


class LearnWorkload(ApplyWorkload):
    """Learnings through apply: capture_learning (counted) and resolve_learning."""
    name = "learn"

    def plan(self, it, rng, model):
        steps = []
        for seq in range(1, rng.randint(3, 6)):
            if rng.random() < 0.75:
                op = {"op": "capture_learning", "observation": _text(rng, 6),
                      "pattern_key": f"k{rng.randint(0, 3)}"}
            else:
                op = {"op": "resolve_learning", "id": rng.randint(1, 6),
                      "status": rng.choice(["promoted", "pruned"])}
            steps.append((f"learn-{it:05d}", seq, json.dumps(op)))
        return steps

    def ack(self, step, model):
        super().ack(step, model)
        op = json.loads(step[2])
        if op["op"] == "capture_learning":
            model.acked_captures.setdefault(op["pattern_key"], set()).add((step[0], step[1]))


class BinWorkload(Workload):
    """Real bin/ scripts, one subprocess per step: argv(it, rng) → list of argv lists."""

    def __init__(self, name: str, argv, on_ack=None, lenient: bool = False):
        self.name = name
        self._argv = argv
        self._on_ack = on_ack
        self.lenient = lenient

    def plan(self, it, rng, model):
        return self._argv(it, rng)

    def run_step(self, home, step):
        env = {**os.environ, "SHELLDON_HOME": home.root}
        result = subprocess.run([sys.executable, str(BIN / step[0]), *step[1:]], env=env,
                                stdin=subprocess.DEVNULL, capture_output=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.decode(errors="replace"))

    def ack(self, step, model):
        if self._on_ack:
            self._on_ack(step, model)


def _capture_acked(step, model):
    key = step[step.index("--key") + 1]
    model.acked_captures.setdefault(key, set()).add(object())  # each run is a new capture


WORKLOADS = {
    "ingest": IngestWorkload(),
    "apply": ApplyWorkload(),
    "learn": LearnWorkload(),
    "capture": BinWorkload("capture", lambda it, rng: [
        ["shelldon-capture", "--key", f"c{rng.randint(0, 2)}", _text(rng, 5)] for _ in range(2)],
        on_ack=_capture_acked),
    "dream": BinWorkload("dream", lambda it, rng: [["shelldon-dream", "--if-idle", "0", "--budget", "1000000",
                                                    "--promote-at", "2", "--quiet"]], lenient=True),
    "prune": BinWorkload("prune", lambda it, rng: [["shelldon-prune", "--max-bytes", "1", "--quiet"]]),
}


# -- the driver and the kill loop -----------------------------------------------------------

def drive(home: Home, workload: Workload, steps: list, kill_after: float | None) -> tuple[list, bool, float]:
    """Run the steps in a child process group; SIGKILL it after kill_after seconds.

    Returns (indexes of acknowledged steps, whether it was killed, elapsed seconds).
    """
    read_fd, write_fd = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the driver: its own process group, so the kill takes its subprocesses too
        status = 0
        try:
            os.close(read_fd)
            os.setpgid(0, 0)
            for index, step in enumerate(steps):
                workload.run_step(home, step)
                os.write(write_fd, f"{index}\n".encode())
        except BaseException as exc:  # a failing step is a test failure, reported on the pipe
            os.write(write_fd, f"error {type(exc).__name__}: {exc}\n".encode()[:4000])
            status = 1
        finally:
            os._exit(status)
    os.close(write_fd)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass  # the child already did it (or exited)
    killed = reaped = False
    if kill_after is not None:
        deadline = started + kill_after
        while time.monotonic() < deadline:
            if os.waitpid(pid, os.WNOHANG)[0]:
                reaped = True
                break
            time.sleep(min(0.002, max(0.0, deadline - time.monotonic())))
        else:
            os.killpg(pid, signal.SIGKILL)
            killed = True
    if not reaped:
        os.waitpid(pid, 0)
    elapsed = time.monotonic() - started
    with os.fdopen(read_fd) as pipe:
        lines = pipe.read().splitlines()
    errors = [line for line in lines if line.startswith("error")]
    if errors and not killed:
        raise AssertionError(f"{workload.name} step failed: {errors[0]}")
    return [int(line) for line in lines if line.isdigit()], killed, elapsed


def next_start(home: Home) -> None:
    """The next write session starts (and ends) — what any later stage does first."""
    from shelldon.core.apply import write_session
    with write_session(home):
        pass


@dataclass
class Tally:
    iterations: int = 0
    kills: int = 0
    violations: list = field(default_factory=list)


def torture(home: Home, names: list[str], iterations: int, seed: int = 7) -> Tally:
    """The kill loop: iterations spread over the named workloads, one shared home."""
    rng = random.Random(seed)
    model = Model(pruning="prune" in names)
    tally = Tally()
    seen: set = set()
    duration = {}
    for it in range(iterations):
        workload = WORKLOADS[names[it % len(names)]]
        model.snapshot = curated_files(Home(home.root))
        model.lenient = getattr(workload, "lenient", False)
        steps = workload.plan(it, rng, model)
        if workload.name not in duration:  # calibrate: the first run of each goes unkilled
            acked, killed, duration[workload.name] = drive(home, workload, steps, None)
        else:
            acked, killed, _ = drive(home, workload, steps, rng.uniform(0, duration[workload.name] * 1.1))
        for index in acked:
            workload.ack(steps[index], model)
        tally.iterations += 1
        tally.kills += killed
        found = check_home(home, model)
        # the next start: the same steps again, unkilled (a retried pipeline, the next cron run)
        model.snapshot = curated_files(home)
        if killed:
            retry_steps = steps if not isinstance(workload, BinWorkload) else steps[:1]
            acked, _, _ = drive(home, workload, retry_steps, None)
            for index in acked:
                workload.ack(retry_steps[index], model)
            next_start(home)  # a retried dream may find nothing to do and write nothing
            found += check_home(home, model, after_start=True)
        for violation in found:  # a broken state stays broken: report each one once
            if violation not in seen:
                seen.add(violation)
                tally.violations.append(f"iteration {it} ({workload.name}): {violation}")
    return tally
