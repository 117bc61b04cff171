"""The bench's data, built once with a fixed seed under bench/data/ and reused while the
code that shapes it (schema, generator) is unchanged.

- a history home of N messages: shelldon-init makes the home (so the schema is the real
  one), then the rows go in straight through sqlite in big transactions; the insert
  trigger fills the full-text index exactly as a turn would (then one FTS5 'optimize'). The recall question set's
  facts are told once each, early on, so recall (not the recent window) must find them.
- a curated tree of N items: markdown with a YAML header, as the core writes them.
"""
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(HERE, "data")
LIB = os.path.join(ROOT, "lib")
QUESTIONS = os.path.join(ROOT, "tests", "data", "recall_questions.json")
SEED = 20240601
COLLECTIONS = ("facts", "people", "preferences", "capabilities")

sys.path.insert(0, LIB)
sys.path.insert(0, HERE)


def _key(*parts: str) -> str:
    h = hashlib.sha1()
    for name in ("lib/shelldon/core/migrations.py", "lib/shelldon/core/history.py",
                 "lib/shelldon/core/init.py", "bench/corpus.py", "bench/data.py"):
        with open(os.path.join(ROOT, name), "rb") as handle:
            h.update(handle.read())
    for part in parts:
        h.update(part.encode())
    return h.hexdigest()[:10]


def python() -> str:
    """The venv's python, called directly (no shell shim in front)."""
    return sys.executable


def stage_path(name: str) -> str:
    return os.path.join(ROOT, "bin", name)


def init_home(path: str) -> None:
    env = {**os.environ, "SHELLDON_HOME": path}
    subprocess.run([python(), stage_path("shelldon-init")], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def questions() -> list[dict]:
    with open(QUESTIONS, encoding="utf-8") as handle:
        return json.load(handle)


def fact_positions(n_turns: int, count: int) -> list[int]:
    """Where the facts are told: spread over the oldest 80% of the turns."""
    return [int(n_turns * 0.8 * (i + 0.5) / count) for i in range(count)]


def _cache_path(kind: str, size: int) -> str:
    return os.path.join(DATA, f"{kind}-{size}-{_key(str(size), str(SEED))}")


def _built(path: str) -> bool:
    return os.path.exists(os.path.join(path, ".complete"))


def _mark_built(path: str) -> None:
    with open(os.path.join(path, ".complete"), "w"):
        pass


def _start(path: str, log, what: str) -> None:
    """Clear a half-built cache entry and say what is being built."""
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(DATA, exist_ok=True)
    log(f"building {what} in {path} (once; cached)")


def history_home(messages: int, log=print) -> str:
    """A home holding `messages` chat messages (messages/2 turns); cached."""
    path = _cache_path("history", messages)
    if _built(path):
        return path
    _start(path, log, f"a history of {messages:,} messages")
    started = time.monotonic()
    init_home(path)
    from corpus import Generator
    gen = Generator(SEED)
    facts = questions()
    turns = messages // 2
    at = dict(zip(fact_positions(turns, len(facts)), facts))
    start = datetime(2021, 1, 1, tzinfo=timezone.utc)
    step = timedelta(days=3 * 365) / max(1, turns)
    conn = sqlite3.connect(os.path.join(path, "history.db"), isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    batch = []

    def flush():
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO messages (turn_id, role, content, ts) VALUES (?, ?, ?, ?)", batch)
        conn.execute("COMMIT")
        batch.clear()

    for n in range(turns):
        ts = (start + step * n).strftime("%Y-%m-%dT%H:%M:%SZ")
        turn_id = f"bench-{n:08d}"
        owner = at[n]["fact"] if n in at else gen.message()
        batch.append((turn_id, "owner", owner, ts))
        batch.append((turn_id, "pet", gen.message(), ts))
        if len(batch) >= 100_000:
            flush()
    if batch:
        flush()
    # Bulk loading leaves a few huge level-0 segments that the next turns would spend their
    # writes merging; a history built turn by turn never has those. One 'optimize' gives the
    # steady state a long-lived index is in (one big segment high up, small ones merging).
    conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('optimize')")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    _mark_built(path)
    log(f"  built in {time.monotonic() - started:.0f} s")
    return path


def curated_tree(items: int, log=print) -> str:
    """A home whose memory/ holds `items` curated files over the four collections; cached."""
    path = _cache_path("tree", items)
    if _built(path):
        return path
    _start(path, log, f"a curated tree of {items:,} items")
    init_home(path)
    import frontmatter
    from corpus import Generator
    gen = Generator(SEED + items)
    base = datetime(2022, 1, 1, tzinfo=timezone.utc)
    for n in range(items):
        collection = COLLECTIONS[n % len(COLLECTIONS)]
        name = f"item {n:05d} " + " ".join(gen.message().split()[:3]).strip(".!?")
        stamp = (base + timedelta(minutes=n)).strftime("%Y-%m-%dT%H:%M:%SZ")
        post = frontmatter.Post(gen.message() + " " + gen.message(), name=name, collection=collection,
                                created=stamp, updated=stamp, source="bench")
        text = frontmatter.dumps(post, sort_keys=False) + "\n"
        file = os.path.join(path, "memory", collection, f"item-{n:05d}.md")
        with open(file, "w", encoding="utf-8") as handle:
            handle.write(text)
        mtime = (base + timedelta(minutes=n)).timestamp()
        os.utime(file, (mtime, mtime))
    seal(path)
    _mark_built(path)
    return path


def seal(home: str) -> None:
    """One real write through a stage, so the core takes in a tree that was filled behind
    its back (as any write session does) before anything is timed."""
    subprocess.run([python(), stage_path("shelldon-capture"), "--home", home, "--key", "bench-seal",
                    "the bench filled this tree"], check=True, stdout=subprocess.DEVNULL)


def copy_home(src: str, dst: str) -> str:
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst, symlinks=True)
    return dst
