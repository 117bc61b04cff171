"""Syscall fault injection with strace: a kill at every syscall of an apply's write phase,
EIO on fsync/fdatasync, ENOSPC on write/pwrite64. After each: the curated file is the old
or the new version, the database is whole, the error is one clear line with a non-zero
exit, and the next run works.

Skipped (with the reason) where strace is missing or ptrace is not allowed.
"""
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BIN
from shelldon.contracts.markdown import HEADER_KEYS, parse_document

STRACE = shutil.which("strace")
pytestmark = pytest.mark.skipif(STRACE is None, reason="strace is not installed (apt-get install strace)")

OLD, NEW = "Ana lives in Porto", "Ana moved to Lisbon in May"
LINE = re.compile(r"^(\d+) +([a-z0-9_]+)\(")


def _env(home: Path) -> dict:
    return {**os.environ, "SHELLDON_HOME": str(home), "PYTHONHASHSEED": "0",
            "PYTHONDONTWRITEBYTECODE": "1"}


def _apply(home: Path, turn_id: str, content: str, strace_args=None, trace=None):
    op = json.dumps({"op": "remember", "collection": "facts", "name": "Ana", "content": content})
    cmd = [sys.executable, str(BIN / "shelldon-apply"), "--turn-id", turn_id]
    if strace_args is not None:
        cmd = [STRACE, "-f", "-qq", "-o", str(trace or os.devnull), *strace_args, *cmd]
    return subprocess.run(cmd, input=op.encode() + b"\n", capture_output=True, env=_env(home), timeout=60)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """A home where facts/ana.md holds OLD, kept aside to restore before every run."""
    base = tmp_path_factory.mktemp("faults")
    home = base / "home"
    subprocess.run([sys.executable, str(BIN / "shelldon-init")], env=_env(home), check=True, capture_output=True)
    assert _apply(home, "t0", OLD).returncode == 0
    probe = subprocess.run([STRACE, "-f", "-qq", "-o", os.devnull, "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"strace cannot trace here: {probe.stderr.decode().strip()[:200]}")
    keep = base / "pristine"
    shutil.copytree(home, keep)
    return keep


@pytest.fixture
def fresh(pristine, tmp_path):
    home = tmp_path / "home"
    shutil.copytree(pristine, home)
    return home


def _body(home: Path) -> str:
    text = (home / "memory" / "facts" / "ana.md").read_text()
    meta, body = parse_document(text)
    assert all(k in meta for k in HEADER_KEYS) and text.endswith("\n"), f"torn: {text!r}"
    return body.strip()


def _db_whole(home: Path) -> None:
    conn = sqlite3.connect(home / "history.db")
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        conn.execute("INSERT INTO messages_fts(messages_fts) VALUES('integrity-check')")
        conn.execute("INSERT INTO messages_fts(messages_fts, rank) VALUES('integrity-check', 1)")
    finally:
        conn.close()


def _next_run_works(home: Path, turn_id: str) -> None:
    again = _apply(home, turn_id, NEW)
    assert again.returncode == 0, again.stderr
    assert _body(home) == NEW
    assert not list((home / "memory").rglob(".*.tmp.*")), "temp file left after the next start"
    conn = sqlite3.connect(home / "history.db")
    try:
        assert conn.execute("SELECT count(*) FROM journal WHERE turn_id = ?", (turn_id,)).fetchone() == (1,)
    finally:
        conn.close()
    _db_whole(home)
    # and the pet's next write to the file is applied: a crash never makes the core's own
    # write look like the owner's hand edit (which would hold later writes back)
    later = _apply(home, "t2", "Ana is back in Porto")
    assert later.returncode == 0 and b"edited by hand" not in later.stderr, later.stderr
    assert _body(home) == "Ana is back in Porto"


# The allocator's own calls: how often malloc maps a new arena varies from run to run (one
# mmap more or less in the same apply), and none of them is a step of the write.
MEMORY_CALLS = frozenset({"mmap", "munmap", "mremap", "brk", "madvise", "mprotect"})


def _write_phase(trace: Path) -> list[tuple[str, int]]:
    """(syscall, its occurrence number) for each syscall from taking the write lock on, the
    allocator's own calls apart."""
    seen: dict[str, int] = {}
    phase, started = [], False
    for line in trace.read_text().splitlines():
        match = LINE.match(line)
        if not match or match.group(2) in MEMORY_CALLS:
            continue
        name = match.group(2)
        seen[name] = seen.get(name, 0) + 1
        if not started and "write.lock" in line:
            started = True
        if started:
            phase.append((name, seen[name]))
    return phase


def test_kill_at_every_syscall_of_an_apply(fresh, tmp_path, pristine):
    # warm up (caches), then two reference traces that must agree: the plan is deterministic
    refs = []
    for n in range(3):
        home = tmp_path / f"ref{n}"
        shutil.copytree(pristine, home)
        trace = tmp_path / f"ref{n}.trace"
        assert _apply(home, "t1", NEW, [], trace).returncode == 0
        refs.append(_write_phase(trace))
    if refs[1] != refs[2]:
        pytest.skip("the syscall sequence of an apply is not deterministic here")
    steps = refs[2]
    assert len(steps) > 50

    def one(index: int) -> str:
        name, occurrence = steps[index]
        home = tmp_path / f"victim{index}"
        shutil.copytree(pristine, home)
        result = _apply(home, "t1", NEW, ["-e", f"inject={name}:signal=KILL:when={occurrence}"])
        if result.returncode == 0:
            return "not killed"  # the syscall did not recur at this count: no kill
        body = _body(home)
        assert body in (OLD, NEW), f"step {index} ({name}#{occurrence}): {body!r}"
        _db_whole(home)
        _next_run_works(home, "t1")
        shutil.rmtree(home)
        return "old" if body == OLD else "new"

    from collections import Counter
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        outcomes = Counter(pool.map(one, range(len(steps))))
    killed = outcomes["old"] + outcomes["new"]
    print(f"\nstrace kill: {len(steps)} steps, {killed} killed, file old {outcomes['old']}, new {outcomes['new']}")
    assert killed >= len(steps) * 0.9
    assert outcomes["old"] and outcomes["new"]


@pytest.mark.parametrize("syscall, errno_name", [
    ("fsync", "EIO"),        # the temp file's fsync: the first fsync of an apply
    ("write", "ENOSPC"),     # the temp file's write: the first write() of an apply
    ("fdatasync", "EIO"),    # sqlite's commit of the journal row
    ("pwrite64", "ENOSPC"),  # sqlite's WAL write
])
def test_injected_error_leaves_the_old_file_and_a_clear_error(fresh, syscall, errno_name):
    home = fresh
    result = _apply(home, "t1", NEW, ["-e", f"inject={syscall}:error={errno_name}:when=1"])
    assert result.returncode not in (0, -9), result.stderr
    lines = result.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("shelldon-apply: "), lines
    assert "Traceback" not in result.stderr.decode()
    message = {"EIO": ("I/O error", "Input/output error"), "ENOSPC": ("disk is full", "No space left")}[errno_name]
    if syscall in ("fdatasync", "pwrite64"):  # sqlite reports its own I/O errors its own way
        message += ("database error: disk I/O error",)
    assert any(m in lines[0] for m in message), lines[0]
    assert "run again" in lines[0], lines[0]
    body = _body(home)
    if syscall in ("fsync", "write"):
        assert body == OLD, "a failed write must leave the old file"
        assert "ana.md" in lines[0], "the error names the file"
    else:
        assert body in (OLD, NEW)
    assert not list((home / "memory").rglob(".*.tmp.*"))
    _db_whole(home)
    _next_run_works(home, "t1")


def test_a_full_disk_on_one_op_costs_only_that_op_and_not_the_turn(fresh):
    """ENOSPC on the first op's write: that op is refused (65, named), the next op is
    applied, the turn record still passes through (in a pipe the turn is not lost), and the
    refused op is not journalled, so running the same record again applies it."""
    home = fresh
    record = {"turn_id": "t-full", "owner": "x", "reply": "y",
              "ops": [{"op": "remember", "collection": "facts", "name": "Ana", "content": NEW},
                      {"op": "remember", "collection": "facts", "name": "Bo", "content": "Bo is a dog"}]}
    line = json.dumps(record).encode() + b"\n"
    cmd = [sys.executable, str(BIN / "shelldon-apply")]
    result = subprocess.run([STRACE, "-f", "-qq", "-o", os.devnull, "-e", "inject=write:error=ENOSPC:when=1",
                             *cmd], input=line, capture_output=True, env=_env(home), timeout=60)
    assert result.returncode == 65, result.stderr
    err = result.stderr.decode()
    assert len(err.splitlines()) == 1 and "line 1: remember rejected: memory/facts/ana.md" in err
    assert "No space left" in err and "run again" in err
    said = json.loads(result.stdout)              # passed through, its reply saying what happened
    assert said == {**record, "reply": "y\n\nSaved: facts/bo.md. Not saved (remember): I could not "
                                       "write it (memory/facts/ana.md: No space left on device)."}
    assert _body(home) == OLD
    assert (home / "memory/facts/bo.md").exists()
    again = subprocess.run(cmd, input=line, capture_output=True, env=_env(home), timeout=60)
    assert again.returncode == 0, again.stderr
    assert _body(home) == NEW
    conn = sqlite3.connect(home / "history.db")
    try:
        rows = conn.execute("SELECT seq, status FROM journal WHERE turn_id = 't-full' ORDER BY seq").fetchall()
    finally:
        conn.close()
    assert rows == [(1, "applied"), (2, "applied")]
    _db_whole(home)


def test_a_revert_killed_right_after_removing_a_file_still_journals_the_removal(tmp_path):
    """shelldon-revert of a turn that created facts/bob.md removes it; a kill at the syscall
    right after that unlink (before the revert's journal row) used to leave the file gone
    and no row saying so: the journal still said the core left bob.md there, the revert of
    the revert could not bring it back, and the retried revert saw nothing to do."""
    home = tmp_path / "home"
    subprocess.run([sys.executable, str(BIN / "shelldon-init")], env=_env(home), check=True, capture_output=True)
    op = json.dumps({"op": "remember", "collection": "facts", "name": "Bob", "content": "Bob is a cat"})
    made = subprocess.run([sys.executable, str(BIN / "shelldon-apply"), "--turn-id", "t1"], input=op.encode() + b"\n",
                          capture_output=True, env=_env(home), timeout=60)
    assert made.returncode == 0, made.stderr
    bob = home / "memory" / "facts" / "bob.md"
    pristine = tmp_path / "pristine"
    shutil.copytree(home, pristine)

    def revert(target: Path, *strace_args, trace=None):
        cmd = [sys.executable, str(BIN / "shelldon-revert"), "t1"]
        cmd = [STRACE, "-f", "-qq", "-o", str(trace or os.devnull), *strace_args, *cmd]
        return subprocess.run(cmd, capture_output=True, env=_env(target), timeout=60)

    trace = tmp_path / "ref.trace"
    reference = tmp_path / "ref"
    shutil.copytree(pristine, reference)
    assert revert(reference, trace=trace).returncode == 0
    seen: dict[str, int] = {}
    steps = []
    for line in trace.read_text().splitlines():
        match = LINE.match(line)
        if match:
            seen[match.group(2)] = seen.get(match.group(2), 0) + 1
            steps.append((match.group(2), seen[match.group(2)], line))
    (at,) = [n for n, (name, _, line) in enumerate(steps) if name.startswith("unlink") and "bob.md" in line]
    name, occurrence, _ = steps[at + 1]  # the first syscall after the unlink

    killed = revert(home, "-e", f"inject={name}:signal=KILL:when={occurrence}")
    assert killed.returncode != 0 and not bob.exists()
    again = subprocess.run([sys.executable, str(BIN / "shelldon-revert"), "t1"], capture_output=True,
                           env=_env(home), timeout=60)
    assert again.returncode == 0, again.stderr
    conn = sqlite3.connect(home / "history.db")
    try:
        rows = conn.execute("SELECT turn_id, status FROM journal WHERE reverts = 't1#1'").fetchall()
        assert conn.execute("SELECT count(*) FROM pending_writes").fetchone() == (0,)
    finally:
        conn.close()
    assert len(rows) == 1 and rows[0][1] == "reverted", f"the removal of bob.md is not journalled: {rows}"
    back = subprocess.run([sys.executable, str(BIN / "shelldon-revert"), rows[0][0]], capture_output=True,
                          env=_env(home), timeout=60)
    assert back.returncode == 0, back.stderr
    assert "Bob is a cat" in bob.read_text()
