"""The writers' locks: filelock's FileLock, refused where a symlink stands.

The lock itself is filelock's (flock on Linux; a second process waits, up to the timeout,
then gets filelock.Timeout — the stages exit 75). What this module adds is where a lock
may be: a lock file, or the directory it is in, that is a symlink is refused before
anything is opened, so a planted link cannot make a writer create or lock a file
somewhere else. filelock itself opens the lock file with O_NOFOLLOW as well.
"""
import os
import stat

from .atomic import SymlinkRefused


def file_lock(path: str, timeout: float):
    """filelock.FileLock(path, timeout=timeout), once neither path nor its directory is a
    symlink. Use it as filelock's README does: `with file_lock(path, 30): ...`; a held lock
    raises filelock.Timeout after timeout seconds (0: at once)."""
    for where in (os.path.dirname(path) or ".", path):
        try:
            if stat.S_ISLNK(os.lstat(where).st_mode):
                raise SymlinkRefused(f"{where} is a symlink: refusing to lock through it")
        except FileNotFoundError:
            pass   # the lock file is made on first use; a missing directory is filelock's error
    # Imported here: only a writer takes a lock, and filelock costs a reader's whole start-up.
    from filelock import FileLock
    # 0600: the lock file is the writers' own business, whatever the umask.
    return FileLock(path, timeout=timeout, mode=0o600)
