"""An exclusive lock on a file, with a timeout, for writers that must not interleave.

Built on flock(2) directly rather than the filelock package: the same primitive, but
without filelock 4's ~80 ms import, which is more than a whole stage costs on a Pi.
The lock file is opened with O_NOFOLLOW, so a planted symlink cannot redirect it
(the hole behind CVE-2025-68146).
"""
import errno
import fcntl
import os
import time


class LockTimeout(Exception):
    """The lock was held by someone else for longer than the timeout."""


class FileLock:
    def __init__(self, path: str, timeout: float = 30.0, poll: float = 0.02):
        self.path = path
        self.timeout = timeout
        self.poll = poll
        self._fd: int | None = None

    def acquire(self) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self._fd = fd
                return
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES):
                    os.close(fd)
                    raise
            if time.monotonic() >= deadline:
                os.close(fd)
                raise LockTimeout(self.path)
            time.sleep(self.poll)

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> "FileLock":
        self.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self.release()
