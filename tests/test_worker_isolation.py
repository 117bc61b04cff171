"""What one dropped worker can do to another of the same uid (issue 19, hole 11), for real:
two children dropped by util/privdrop.py as the launcher drops its workers."""
import ctypes
import json
import os
from contextlib import contextmanager

import pytest

from childproc import in_child
from shelldon.util import privdrop
from trustfix import worker_user  # noqa: F401 (fixture)

PTRACE_SEIZE = 0x4206
SUID_DUMPABLE = "/proc/sys/fs/suid_dumpable"


@contextmanager
def suid_dumpable(value: str):
    """The kernel resets a process's dumpable flag to fs.suid_dumpable when it changes uid:
    at 0 (the usual default) every dropped worker is non-dumpable whether or not the drop
    asks for it. The test sets 1 for its second, so only the drop's own prctl can make the
    difference, and puts the old value back."""
    try:
        with open(SUID_DUMPABLE) as f:
            old = f.read().strip()
        with open(SUID_DUMPABLE, "w") as f:
            f.write(value)
    except OSError as exc:
        pytest.skip(f"cannot set {SUID_DUMPABLE} ({exc.strerror}): the drop's prctl cannot be told apart")
    try:
        yield
    finally:
        with open(SUID_DUMPABLE, "w") as f:
            f.write(old)


def _sibling(user):
    """A worker that waits (on stdin's pipe) until the test is done with it."""
    privdrop.drop_privileges(privdrop.resolve_worker(user))


def _attack(user, victim: int):
    privdrop.drop_privileges(privdrop.resolve_worker(user))
    found = {}
    for name in ("mem", "environ", "maps"):
        try:
            with open(f"/proc/{victim}/{name}", "rb") as f:
                f.read(1)
            found[name] = "read"
        except OSError as exc:
            found[name] = type(exc).__name__
    libc = ctypes.CDLL(None, use_errno=True)
    attached = libc.ptrace(PTRACE_SEIZE, victim, None, None)
    found["ptrace"] = "attached" if attached == 0 else os.strerror(ctypes.get_errno())
    try:
        os.kill(victim, 0)   # a signal still reaches it: what remains (docs/SECURITY.md)
        found["signal"] = "delivered"
    except OSError as exc:
        found["signal"] = type(exc).__name__
    return found


@pytest.mark.root
def test_a_worker_cannot_ptrace_or_read_a_sibling_worker(worker_user):
    ready_r, ready_w = os.pipe()
    hold_r, hold_w = os.pipe()
    with suid_dumpable("1"):
        victim = os.fork()
        if victim == 0:   # the sibling: dropped, then parked until the test lets it go
            code = 0
            try:
                os.close(ready_r)
                os.close(hold_w)
                _sibling(worker_user.pw_name)
                os.write(ready_w, b"1")
                os.read(hold_r, 1)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(ready_w)
        os.close(hold_r)
        try:
            assert os.read(ready_r, 1) == b"1", "the sibling did not drop"
            found = in_child(_attack, worker_user.pw_name, victim)
        finally:
            os.close(hold_w)
            os.close(ready_r)
            os.waitpid(victim, 0)
    assert found.get("raised") is None, json.dumps(found)
    assert found["ptrace"] == os.strerror(1), found     # EPERM
    assert found["mem"] == found["environ"] == found["maps"] == "PermissionError", found
    assert found["signal"] == "delivered"   # same uid: SIGKILL still reaches it


@pytest.mark.root
def test_the_drop_refuses_a_worker_left_dumpable(worker_user, monkeypatch):
    monkeypatch.setattr(privdrop, "set_undumpable", lambda: None)
    with suid_dumpable("1"):
        got = in_child(lambda user: privdrop.drop_privileges(privdrop.resolve_worker(user)) and None,
                       worker_user.pw_name)
    assert got["raised"] == "DropRefused" and "still dumpable" in got["error"], got
