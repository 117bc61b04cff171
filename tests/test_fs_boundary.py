"""The file-system boundary of the home, attacked the way an outsider would (issue 19):
a directory swapped for a symlink mid-write, FIFOs where files are read, symlinked
collection directories, a symlinked run/ and a symlink at raw/<today>.md."""
import ctypes
import errno
import json
import os
import shutil
import subprocess
import threading
import time
from datetime import datetime

import pytest

from conftest import db_rows, ops_lines

RENAME_EXCHANGE = 2
AT_FDCWD = -100


def _renameat2():
    """libc's renameat2, or a reason it cannot be had here."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        func = libc.renameat2
    except (OSError, AttributeError):
        return None, "libc has no renameat2"
    func.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return func, None


def _exchange(func, a: str, b: str) -> int:
    if func(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return 0
    return ctypes.get_errno()


@pytest.mark.parametrize("swapped", ["memory/people", "memory"])
def test_a_directory_swapped_for_a_symlink_mid_apply_never_takes_a_write_outside(ready, home, tmp_path, swapped):
    """The attacker's race: a directory of the home (memory/people; memory itself, with a
    look-alike tree outside) and a symlink to a directory outside the home are exchanged
    (renameat2 RENAME_EXCHANGE) in a tight loop while shelldon-apply writes people/<name>
    hundreds of times. Nothing may land outside; an op that could not be written is
    refused, never journalled "applied"; each applied op is in the real directory."""
    func, why = _renameat2()
    if func is None:
        pytest.skip(why)
    outside = tmp_path / "outside"
    outside.mkdir()
    if swapped == "memory":
        (outside / "people").mkdir()       # what a path check would take for the real thing
    real, decoy = str(home / swapped), str(home / os.path.dirname(swapped) / "decoy")
    os.symlink(outside, decoy)
    err = _exchange(func, real, decoy)
    if err in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
        pytest.skip(f"the kernel or file system has no RENAME_EXCHANGE ({os.strerror(err)})")
    assert err == 0 and os.path.islink(real)
    _exchange(func, real, decoy)              # back: the real directory again
    stop, swaps = threading.Event(), [0]

    def attacker():
        # Swap to the symlink and back, then leave the real directory in place for a
        # moment: a loaded machine otherwise sees the symlink at every step of every
        # write, refuses them all, and the race never reaches the write itself.
        while not stop.is_set():
            for _ in range(2):
                if _exchange(func, real, decoy) == 0:
                    swaps[0] += 1
            time.sleep(0.0002)

    def applied_rows():
        rows = db_rows(home, "SELECT path, status FROM journal WHERE turn_id LIKE 'race-%'")
        return [path for path, status in rows if status == "applied"]

    thread = threading.Thread(target=attacker, daemon=True)
    thread.start()
    try:
        run = 0
        while run < 3 or (not applied_rows() and run < 12):
            ops = [{"op": "remember", "collection": "people", "name": f"p{run}-{n}",
                    "content": f"person number {n} of run {run}"} for n in range(100)]
            result = ready("shelldon-apply", "--turn-id", f"race-{run}", input=ops_lines(*ops), timeout=120)
            assert result.returncode in (0, 65), result.stderr
            assert b"Traceback" not in result.stderr
            run += 1
    finally:
        stop.set()
        thread.join()
    if os.path.islink(real):
        _exchange(func, real, decoy)
    assert swaps[0] > 100                      # the race really ran
    landed = [str(p.relative_to(outside)) for p in outside.rglob("*") if not p.is_dir()]
    assert landed == []                        # not one file, not one temp file
    applied = applied_rows()
    assert applied, "the race refused every write: nothing was tested"
    for path in applied:
        assert (home / path).is_file(), path  # journalled applied: really in the home


def test_a_fifo_at_todays_raw_file_is_refused_at_once_and_releases_the_lock(ready, home):
    fifo = home / "raw" / f"{datetime.now().astimezone().date().isoformat()}.md"
    os.mkfifo(fifo)
    result = ready("shelldon-ingest", "--owner", "hello", "--pet", "hi there", timeout=20)
    assert result.returncode == 65, result.stderr
    err = result.stderr.decode()
    assert len(err.splitlines()) == 1 and "not a regular file" in err, err
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]     # nothing half
    # the write lock was released: the next writer gets it at once
    other = ready("shelldon-capture", "--key", "k", input="an observation\n", env={"SHELLDON_LOCK_TIMEOUT": "0"})
    assert other.returncode == 0, other.stderr


@pytest.mark.parametrize("name", ["DIRECTIVE.md", "summary.md"])
@pytest.mark.parametrize("program", ["shelldon-assemble", "shelldon-turn"])
def test_a_fifo_in_the_prompt_files_is_left_out_with_a_warning(ready, home, name, program):
    os.mkfifo(home / "memory" / name)
    result = ready(program, "hello there", timeout=30)
    assert result.returncode == 0, result.stderr
    err = result.stderr.decode()
    assert name in err and "not a regular file" in err, err
    assert result.stdout.strip()


def _plant_outside_collection(home, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.md").write_text("---\nname: secret\ncollection: facts\n---\n\n"
                                       "OUTSIDEMARKER zebra lives outside the home\n")
    shutil.rmtree(home / "memory/facts")
    os.symlink(outside, home / "memory/facts")
    return outside


def test_readers_refuse_a_symlinked_collection_directory(ready, home, tmp_path):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(
        {"op": "remember", "collection": "people", "name": "Ana", "content": "zebra keeper in Porto"}))
    _plant_outside_collection(home, tmp_path)
    prompt = ready("shelldon-assemble", "--json", "tell me about the zebra")
    assert prompt.returncode == 0, prompt.stderr
    assert "OUTSIDEMARKER" not in prompt.stdout.decode() and "zebra keeper" in prompt.stdout.decode()
    warnings = [ln for ln in prompt.stderr.decode().splitlines() if "memory/facts" in ln]
    assert len(warnings) == 1 and "symlink" in warnings[0], prompt.stderr   # warned once
    recall = ready("shelldon-recall", "zebra")
    assert recall.returncode == 0, recall.stderr
    assert "OUTSIDEMARKER" not in recall.stdout.decode() and "zebra keeper" in recall.stdout.decode()
    status = ready("shelldon-status", "--json")
    assert status.returncode == 0, status.stderr
    assert "OUTSIDEMARKER" not in status.stdout.decode()
    # a remember into it is refused, as before
    refused = ready("shelldon-apply", input=ops_lines(
        {"op": "remember", "collection": "facts", "name": "x", "content": "written outside?"}))
    assert refused.returncode == 65 and os.listdir(tmp_path / "elsewhere") == ["secret.md"]


def test_the_dream_reads_nothing_from_a_symlinked_collection(ready, home, tmp_path):
    from shelldon.core.dream import _read_body
    from shelldon.home import Home
    _plant_outside_collection(home, tmp_path)
    assert _read_body(Home(str(home)), "facts", "secret") is None


def test_a_symlinked_run_directory_is_refused_before_any_lock(ready, home, tmp_path):
    elsewhere = tmp_path / "run-elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(home / "run")
    os.symlink(elsewhere, home / "run")
    for program, args, stdin in (("shelldon-ingest", ("--owner", "a", "--pet", "b"), None),
                                 ("shelldon-apply", ("--turn-id", "t"), ops_lines(
                                     {"op": "capture_learning", "observation": "x"}))):
        result = ready(program, *args, input=stdin, timeout=20)
        assert result.returncode == 65, (program, result.stderr)
        assert "symlink" in result.stderr.decode()
    assert os.listdir(elsewhere) == []


def test_a_symlink_at_todays_raw_file_is_refused_unopened(ready, home, tmp_path):
    """The link's target is a FIFO: an open that followed it would hang the ingest (and a
    read of a file would leak it); refused before any open, the run ends at once."""
    target = tmp_path / "target.fifo"
    os.mkfifo(target)
    today = home / "raw" / f"{datetime.now().astimezone().date().isoformat()}.md"
    os.symlink(target, today)
    result = ready("shelldon-ingest", "--owner", "hello", "--pet", "hi", timeout=20)
    assert result.returncode == 65, result.stderr
    assert "symlink" in result.stderr.decode()
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
def test_strace_shows_no_open_through_the_raw_symlink(ready, home, tmp_path):
    secret = tmp_path / "shadow"
    secret.write_text("root:SECRETMARKER:19000::::::\n")
    today = home / "raw" / f"{datetime.now().astimezone().date().isoformat()}.md"
    os.symlink(secret, today)
    trace = tmp_path / "trace"
    env = {**os.environ, "SHELLDON_HOME": str(home)}
    import sys
    from conftest import BIN
    result = subprocess.run(["strace", "-f", "-qq", "-e", "trace=open,openat,openat2", "-o", str(trace),
                             sys.executable, str(BIN / "shelldon-ingest"), "--owner", "a", "--pet", "b"],
                            capture_output=True, env=env, timeout=60)
    if b"PTRACE" in result.stderr or (not trace.exists()):
        pytest.skip(f"strace cannot trace here: {result.stderr.decode()[:200]}")
    assert result.returncode == 65, result.stderr
    opens = [ln for ln in trace.read_text().splitlines() if today.name in ln]
    assert opens, "the trace saw no attempt at the raw file at all"
    # every attempt at the day's file carried O_NOFOLLOW and failed with ELOOP: never opened
    assert all("O_NOFOLLOW" in ln and "ELOOP" in ln for ln in opens), opens
    assert "SECRETMARKER" not in result.stderr.decode() + result.stdout.decode()


def test_a_fifo_at_todays_raw_file_does_not_wedge_the_launcher(tmp_path):
    """Under the launcher the core records the turn: a FIFO there refuses that turn at
    once (the owner hears why), and the next turn, the FIFO gone, is served."""
    from test_launcher import init, launcher, say
    home = init(tmp_path / "home")
    fifo = home / "raw" / f"{datetime.now().astimezone().date().isoformat()}.md"
    os.mkfifo(fifo)
    daemon = launcher(home, "--turn-timeout", "20")
    try:
        first = say(home, "hello there", timeout=30)
        assert first.returncode != 0 and "not a regular file" in first.stderr, (first.returncode, first.stderr)
        os.unlink(fifo)
        second = say(home, "hello again", timeout=30)
        assert second.returncode == 0, second.stderr
    finally:
        daemon.stop()
    assert db_rows(home, "SELECT content FROM messages WHERE role = 'owner'") == [("hello again",)]
