"""Pinning history.db's WAL and its index (-shm) in place while the launcher runs.

A dropped worker reads history through a read-only connection, which may use the WAL only
while its index (-shm) exists and is held open — a dropped uid cannot create or rebuild it
— and sqlite removes both when the last connection closes. What keeps them is not the
connection but two locks every idle connection holds: a read lock on the database file's
SHARED byte range (a closing connection needs the EXCLUSIVE lock over it to checkpoint and
remove the WAL and the index, and cannot get it) and a read lock on the index's DMS byte
(the next connection to open the index sees it in use, and does not rebuild it).

The launcher holds those two locks itself, as open-file-description locks, instead of a
connection: an sqlite connection must never cross a fork (a worker forked from its holder
inherits its lock bookkeeping and its own connection fails with "locking protocol"), and
holding one in a process of its own cost 10.7 MiB of resident memory. An OFD lock belongs
to the open file, not to a process: a worker that closes its copies of the descriptors
leaves it in place, and so does a connection of the launcher's own that closes (a POSIX
record lock would go with it). The byte offsets are sqlite's locking protocol for unix,
which every version shares so that they can share a database (lockingv3.html,
walformat.html); a connection opened elsewhere cannot tell these locks from an idle one's.
"""
import errno
import fcntl
import os
import sqlite3
import struct
import time

PENDING_BYTE = 0x40000000
SHARED_FIRST = PENDING_BYTE + 2
SHARED_SIZE = 510
SHM_DMS = 128        # the index's dead-man switch: after its 8 lock bytes at 120
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
