"""Files beneath a root, reached one directory descriptor at a time, and the one reader.

A path string is re-resolved by the kernel at every call: between the check of a
directory and the write into it, someone who may rename in the tree can put a symlink
where the directory was (renameat2 RENAME_EXCHANGE does it atomically), and the write
lands wherever the link points. So nothing here hands the kernel a path longer than one
name: open_dir walks from the root down, each step opened O_DIRECTORY|O_NOFOLLOW relative
to the one before, and the caller works relative to the descriptor it gets (dir_fd=,
src_dir_fd=/dst_dir_fd=, fsync of the descriptor). A directory swapped after it was
opened no longer matters: the descriptor names the directory itself, not its path.

The root itself is opened as named: it is the home, and a home that is a symlink
(~/.shelldon on a USB disk) is the owner's own doing. Everything below it must be what it
says: a symlink on the way is refused (SymlinkRefused), a file where a directory
should be is NotADirectoryError.

open_regular is the one way a file of the home is opened for reading: O_NOFOLLOW (a
symlink is refused, never opened), O_NONBLOCK (a FIFO cannot hang the open), then fstat
(anything but a regular file is refused before a byte is read); read_bounded never reads
more than its limit.
"""
import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager

DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
READ_BOUND = 64 * 1024 * 1024   # no file of the home is read past this, whatever it holds


class SymlinkRefused(OSError):
    """A symlink, or something else that is not a plain directory or file, stands where
    the home has a directory or a file of its own. (A plain file where a directory should
    be is NotADirectoryError: a mistake to fix, not something planted to follow.)"""

    def __str__(self) -> str:
        if self.strerror and self.filename:
            return f"{self.strerror}: {self.filename}"
        return super().__str__()


class NotRegular(SymlinkRefused):
    """A FIFO, socket, device or directory stands where a regular file should be."""


def parts(root: str, path: str) -> list[str]:
    """path's names below root (path absolute and under root, or relative to it)."""
    if not os.path.isabs(path):
        rel = os.path.normpath(path)
    elif path.startswith(root.rstrip(os.sep) + os.sep) and os.path.normpath(path) == path:
        rel = path[len(root.rstrip(os.sep)) + 1:]   # the usual case, a path joined onto root: no relpath
    else:
        rel = os.path.relpath(path, root)
    if rel == ".":
        return []
    names = rel.split(os.sep)
    if names[0] == ".." or os.path.isabs(rel):
        raise ValueError(f"{path} is not under {root}")
    return names


def _refusal(dir_fd: int, name: str, shown: str, exc: OSError) -> OSError:
    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except OSError:
        return exc
    if stat.S_ISLNK(st.st_mode):
        return SymlinkRefused(errno.ELOOP, "a symlink stands where the home has a directory: refused", shown)
    if stat.S_ISDIR(st.st_mode):   # a directory now, not at the open: swapped meanwhile
        return SymlinkRefused(errno.ELOOP, "swapped while it was opened: refused", shown)
    return NotADirectoryError(errno.ENOTDIR, "not a directory", shown)


def open_dir(root: str, path: str, create: int | None = None) -> int:
    """A descriptor of the directory path (root itself, or under it), walked down from
    root without following a symlink. create: the mode to make a missing step with (else
    FileNotFoundError). The caller closes it."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    walked = root
    try:
        for name in parts(root, path):
            walked = os.path.join(walked, name)
            step = _step(fd, name, walked, create)
            os.close(fd)
            fd = step
    except BaseException:
        os.close(fd)
        raise
    return fd


def _step(fd: int, name: str, walked: str, create: int | None) -> int:
    try:
        try:
            return os.open(name, DIR_FLAGS, dir_fd=fd)
        except FileNotFoundError:
            if create is None:
                raise
        try:
            os.mkdir(name, create, dir_fd=fd)
        except FileExistsError:
            pass   # made meanwhile: opened (and checked) below like any other
        return os.open(name, DIR_FLAGS, dir_fd=fd)
    except FileNotFoundError as exc:
        raise FileNotFoundError(exc.errno, exc.strerror, walked) from None
    except OSError as exc:
        if exc.errno not in (errno.ENOTDIR, errno.ELOOP):
            raise
        raise _refusal(fd, name, walked, exc) from None


@contextmanager
def parent(root: str, path: str, create: int | None = None) -> Iterator[tuple[int, str]]:
    """`with parent(root, path) as (dir_fd, name):` path's directory, opened by open_dir,
    and path's last name, to use with dir_fd=."""
    names = parts(root, path)
    if not names:
        raise ValueError(f"{path} names the root itself")
    fd = open_dir(root, os.path.join(root, *names[:-1]), create)
    try:
        yield fd, names[-1]
    finally:
        os.close(fd)


def open_regular(name: str, dir_fd: int, shown: str | None = None) -> int:
    """A read descriptor of the regular file `name` in dir_fd: a symlink is refused, a
    FIFO cannot block the open, and anything but a regular file is refused (fstat) before
    it is read. FileNotFoundError when absent. The caller closes it."""
    shown = shown or name
    try:
        fd = os.open(name, FILE_FLAGS, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SymlinkRefused(errno.ELOOP, "a symlink stands where the home has a file: refused",
                                 shown) from None
        if exc.errno in (errno.ENXIO, errno.ENODEV, errno.EOPNOTSUPP):  # a socket or a device
            raise NotRegular(exc.errno, "not a regular file", shown) from None
        raise OSError(exc.errno, exc.strerror, shown) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise NotRegular(errno.EINVAL, "not a regular file", shown)
    return fd


def read_fd(fd: int, limit: int = READ_BOUND) -> bytes:
    """At most limit bytes from the start of fd (never more than READ_BOUND)."""
    limit = READ_BOUND if limit < 0 else min(limit, READ_BOUND)
    chunks, got = [], 0
    while got < limit:
        chunk = os.pread(fd, min(limit - got, 1 << 20), got)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def read_bounded(root: str, path: str, limit: int = READ_BOUND) -> tuple[os.stat_result, bytes]:
    """The regular file at path's status and its first limit bytes, from one open, reached
    from root by descriptors. FileNotFoundError when absent; SymlinkRefused (or NotRegular)
    when a symlink or a non-file stands in the way; OSError when unreadable."""
    with parent(root, path) as (dir_fd, name):
        fd = open_regular(name, dir_fd, path)
    try:
        return os.fstat(fd), read_fd(fd, limit)
    finally:
        os.close(fd)


def read_regular(root: str, path: str, limit: int = READ_BOUND) -> bytes | None:
    """read_bounded's bytes, or None whenever it fails (absent, unreadable, refused): for
    readers that fail soft."""
    try:
        return read_bounded(root, path, limit)[1]
    except (OSError, ValueError):
        return None


_warned: set[str] = set()


def warn_refused_once(exc: OSError) -> None:
    """One stderr line per refused place per process: a reader leaves it out and says so once."""
    where = str(exc.filename or exc)
    if where not in _warned:
        _warned.add(where)
        from . import log
        log.warn(f"left out {where}: {exc.strerror or exc}")


@contextmanager
def scandir_beneath(root: str, path: str) -> Iterator[Iterator[os.DirEntry]]:
    """`with scandir_beneath(root, directory) as entries:` os.scandir of a directory reached
    by descriptors. A symlinked directory is refused (SymlinkRefused), never listed."""
    fd = open_dir(root, path)
    try:
        with os.scandir(fd) as entries:
            yield entries
    finally:
        os.close(fd)
