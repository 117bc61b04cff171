"""util/lock.py: the writers' locks are filelock's; two processes exclude each other, a
held lock past its timeout is exit 75, and a symlink at the lock path (or a symlinked
run/) is refused before anything is opened through it."""
import os
import subprocess
import sys
import time

import filelock
import pytest

from conftest import BIN, ROOT, db_rows
from shelldon.stage import exit_code_for
from shelldon.util.atomic import SymlinkRefused
from shelldon.util.lock import file_lock

# A second process that holds a lock until its stdin closes; it says "held" once it has it.
HOLDER = ("import sys; sys.path.insert(0, sys.argv[1]); from shelldon.util.lock import file_lock\n"
          "with file_lock(sys.argv[2], timeout=10):\n"
          "    print('held', flush=True); sys.stdin.read()\n")


def hold_in_another_process(path):
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(ROOT / "lib"), str(path)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdout.readline() == b"held\n"
    return child


def let_go(child):
    child.stdin.close()
    assert child.wait(timeout=10) == 0


def test_two_processes_exclude_each_other(tmp_path):
    path = tmp_path / "write.lock"
    child = hold_in_another_process(path)
    try:
        started = time.monotonic()
        with pytest.raises(filelock.Timeout):
            with file_lock(str(path), timeout=0.3):
                pytest.fail("both processes held the lock")
        assert time.monotonic() - started >= 0.3   # it waited for the timeout, then gave up
    finally:
        let_go(child)
    with file_lock(str(path), timeout=0):   # released with the holder: free at once
        pass


def test_a_held_lock_is_not_taken_twice_in_one_process(tmp_path):
    # Each writer makes its own lock object: filelock's reentrancy is per object, so a
    # second writer in the same process waits like any other.
    path = str(tmp_path / "write.lock")
    with file_lock(path, timeout=0):
        with pytest.raises(filelock.Timeout):
            file_lock(path, timeout=0).acquire()


def test_a_timeout_maps_to_75():
    assert exit_code_for(filelock.Timeout("/home/run/write.lock"))[0] == 75
    assert exit_code_for(SymlinkRefused("x is a symlink"))[0] == 65


def test_a_writer_waits_out_its_timeout_then_exits_75(ready, home):
    child = hold_in_another_process(home / "run" / "write.lock")
    try:
        result = ready("shelldon-ingest", "--owner", "hello", "--pet", "hi", env={"SHELLDON_LOCK_TIMEOUT": "0.3"})
    finally:
        let_go(child)
    assert result.returncode == 75, result.stderr
    assert b"another writer holds" in result.stderr and result.stderr.count(b"\n") == 1
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]
    assert ready("shelldon-ingest", "--owner", "hello", "--pet", "hi").returncode == 0


def _plant(home, tmp_path, lock_name):
    """A symlink at run/<lock_name> to a file outside the home; the target's bytes and stat."""
    target = tmp_path / "precious"
    target.write_bytes(b"not yours\n")
    os.chmod(target, 0o644)
    link = home / "run" / lock_name
    link.unlink(missing_ok=True)   # an earlier writer's lock file: replaced by the plant
    link.symlink_to(target)
    return target, os.stat(target)


@pytest.mark.parametrize("lock_name, stage_args", [
    ("write.lock", ("shelldon-ingest", "--owner", "hello", "--pet", "hi")),
    ("dream.lock", ("shelldon-dream", "--if-idle", "0")),
])
def test_a_symlink_at_the_lock_path_is_refused(ready, home, tmp_path, lock_name, stage_args):
    for _ in range(3):   # something pending, so the dream gets as far as its lock
        assert ready("shelldon-capture", "--key", "tea", "owner drinks tea").returncode == 0
    target, before = _plant(home, tmp_path, lock_name)
    result = ready(*stage_args)
    assert result.returncode == 65, result.stderr
    assert b"symlink" in result.stderr and result.stderr.count(b"\n") == 1, result.stderr
    assert target.read_bytes() == b"not yours\n"
    after = os.stat(target)
    assert (after.st_mode, after.st_mtime_ns, after.st_size, after.st_uid) == \
           (before.st_mode, before.st_mtime_ns, before.st_size, before.st_uid)
    assert (home / "run" / lock_name).is_symlink()


def test_a_dangling_symlink_at_the_lock_path_creates_nothing(home, tmp_path):
    (home / "run").mkdir(parents=True)
    target = tmp_path / "made-by-the-lock"
    (home / "run" / "write.lock").symlink_to(target)
    with pytest.raises(SymlinkRefused):
        file_lock(str(home / "run" / "write.lock"), timeout=0)
    assert not os.path.lexists(target)


def test_a_symlinked_run_directory_is_refused(ready, home, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / "run").rmdir()
    (home / "run").symlink_to(elsewhere)
    result = ready("shelldon-ingest", "--owner", "hello", "--pet", "hi")
    assert result.returncode == 65, result.stderr
    assert b"symlink" in result.stderr, result.stderr
    assert list(elsewhere.iterdir()) == []
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]


def test_readers_take_no_lock(ready, home):
    # A reader runs while a writer holds the lock for as long as it likes.
    child = hold_in_another_process(home / "run" / "write.lock")
    try:
        result = subprocess.run([sys.executable, str(BIN / "shelldon-status")], capture_output=True,
                                env={**os.environ, "SHELLDON_HOME": str(home), "SHELLDON_LOCK_TIMEOUT": "0"})
    finally:
        let_go(child)
    assert result.returncode == 0, result.stderr
