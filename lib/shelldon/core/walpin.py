"""Holding history.db's WAL and its index (-shm) in place while the launcher runs.

A dropped worker reads history through a read-only connection, which can use the WAL only
while its index (-shm) exists — a dropped uid cannot create or rebuild it — and sqlite
removes both when the last connection closes. What keeps them is two locks that every
idle connection holds: a read lock on the database file's SHARED byte range (a closing
connection needs an exclusive lock over it to checkpoint and remove the WAL and the index,
and cannot get it) and a read lock on the index's DMS byte (the next connection to open the
index sees it in use, and does not rebuild it). pin() takes those two locks and nothing
else.

Why not the plain way, one idle sqlite connection kept open in the launcher parent: the
workers are forked from the parent, and sqlite keeps what it knows of each open file (its
locks, the index's descriptor and memory map) in process-wide state that a fork copies
(https://www.sqlite.org/howtocorrupt.html, "Carrying an open database connection across a
fork()"). A worker that closes the parent's descriptors and opens its own read-only
connection is handed that copy: its index locks go to the closed descriptor (EBADF) and
its reads fail with "locking protocol" — tests/test_launcher.py's root test of a dropped
worker reading between turns fails that way with a plain connection held in the parent.
The worker would also inherit a writable shared mapping of the index, a way to corrupt
what the core reads. A connection held in a helper process of its own instead cost 10.7
MiB of resident memory. These locks are open-file-description (OFD) locks: they belong to
the open file, not to a process, so a worker that closes its inherited copies leaves them
in place, as does a connection of the launcher's own that closes (a POSIX record lock
would go with it).

The byte offsets are sqlite's locking protocol on unix, which every version shares so that
they can share a database: the database file's bytes in https://www.sqlite.org/lockingv3.html,
the index's in https://www.sqlite.org/walformat.html (its section on locks: eight lock
bytes from offset 120, then DMS). A connection opened elsewhere cannot tell these locks
from an idle connection's.
"""
import errno
import fcntl
import os
import sqlite3
import struct
import time

# The database file (lockingv3.html): the PENDING byte at 1 GiB, the RESERVED byte after
# it, then the SHARED range, 510 bytes.
PENDING_BYTE = 0x40000000
SHARED_FIRST = PENDING_BYTE + 2
SHARED_SIZE = 510
# The WAL index (walformat.html, "WAL-index locks"): WRITE, CKPT, RECOVER and READ0-4 at
# bytes 120-127, then DMS, the dead-man switch every connection holds a read lock on.
SHM_DMS = 128
LOCK_WAIT_S = 5.0    # a connection holds EXCLUSIVE only while it checkpoints on close


def pin(db_path: str) -> list[int]:
    """Hold the locks of an idle connection on db_path until unpin(). Returns the
    descriptors that hold them (none for a database not in WAL mode). Raises OSError (or
    sqlite3.Error) if it cannot."""
    conn = sqlite3.connect(db_path, timeout=30, isolation_level=None)
    fds: list[int] = []
    try:
        # Not in WAL mode, there is nothing to keep — and a SHARED lock held for good would
        # stop every writer, which needs EXCLUSIVE to write a rollback-journal database.
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            return fds
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()   # the WAL and its index exist
        for path, start, length in ((db_path, SHARED_FIRST, SHARED_SIZE), (db_path + "-shm", SHM_DMS, 1)):
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
            fds.append(fd)
            _read_lock(fd, start, length)
    except BaseException:
        unpin(fds, checkpoint=None)
        raise
    finally:
        conn.close()   # after the locks are held: its close cannot remove the WAL any more
    return fds


def unpin(fds: list[int], checkpoint: str | None) -> None:
    """Release the locks; then, given the database's path, let a connection close as the
    last one would: the WAL checkpointed into the database and removed, with its index —
    unless another connection is still open, which keeps them."""
    for fd in fds:
        os.close(fd)
    fds.clear()
    if checkpoint is None:
        return
    try:
        conn = sqlite3.connect(checkpoint, timeout=30, isolation_level=None)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        pass   # the WAL stays: as durable as the database, merged by the next writer


def _read_lock(fd: int, start: int, length: int) -> None:
    request = struct.pack("hhqqi4x", fcntl.F_RDLCK, os.SEEK_SET, start, length, 0)   # struct flock
    deadline = time.monotonic() + LOCK_WAIT_S
    while True:
        try:
            fcntl.fcntl(fd, fcntl.F_OFD_SETLK, request)
            return
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES) or time.monotonic() > deadline:
                raise
        time.sleep(0.01)
