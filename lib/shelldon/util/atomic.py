"""Whole-file writes that are either the old file or the new one, never a mix.

temp file in the same directory → write → flush → fsync → rename → fsync the directory,
every step relative to a descriptor of that directory reached from the home down
(util/beneath.py): a symlink where the file would go, or anywhere on the way to it, is
refused, never followed, and a directory swapped for a link mid-write changes nothing.
Every function takes root=, the home the path is under.
"""
import errno
import os
import stat

from .beneath import NotRegular, SymlinkRefused, open_dir, parent

__all__ = ["SymlinkRefused", "NotRegular", "ensure_dir", "fsync_dir", "fsync_file", "write_atomic",
           "append_durable", "append_to", "open_append", "remove_names", "remove_stale_temps"]


def _naming(exc: OSError, path: str) -> OSError:
    """The same error, naming the file: os.write/os.fsync failures carry no file name, and
    "Input/output error" alone does not say what failed."""
    if isinstance(exc, SymlinkRefused) or exc.filename == path or exc.errno is None:
        return exc
    named = OSError(exc.errno, exc.strerror, path)
    named.__cause__ = exc
    return named


def _refuse_other(dir_fd: int, name: str, shown: str) -> None:
    """Refuse a symlink, a FIFO or anything but a regular file where a file is to be written."""
    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise SymlinkRefused(errno.ELOOP, "refusing to write through a symlink", shown)
    if not stat.S_ISREG(st.st_mode):
        raise NotRegular(errno.EINVAL, "not a regular file where a file is written", shown)


def _open_write(name: str, flags: int, mode: int, dir_fd: int, shown: str) -> int:
    """O_NOFOLLOW and O_NONBLOCK (a FIFO planted at the name cannot hang the open), then
    fstat: only a regular file is written."""
    try:
        fd = os.open(name, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, mode, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SymlinkRefused(errno.ELOOP, "refusing to write through a symlink", shown) from None
        if exc.errno in (errno.ENXIO, errno.ENODEV, errno.EOPNOTSUPP):
            raise NotRegular(exc.errno, "not a regular file where a file is written", shown) from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise NotRegular(errno.EINVAL, "not a regular file where a file is written", shown)
    return fd


def ensure_dir(path: str, mode: int = 0o755, *, root: str) -> None:
    """Create the directory (and the missing ones on the way from root); refuse a symlink."""
    os.close(open_dir(root, path, create=mode))


def fsync_dir(path: str, *, root: str) -> None:
    fd = open_dir(root, path)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_file(path: str, *, root: str) -> None:
    """fsync the file at path (a file's appends made with sync=False reach the disk)."""
    from .beneath import open_regular
    with parent(root, path) as (dir_fd, name):
        fd = open_regular(name, dir_fd, path)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


NAME_MAX = 255  # bytes in one file name (Linux file systems, and FAT's long names)


def _temp_name(name: str) -> str:
    """`.<name>.tmp.<pid>`, the name cut (on a character boundary) so the whole stays
    within NAME_MAX: a name that fits must not fail for want of room for its temp. Two cut
    names cannot collide: one process writes one file at a time."""
    suffix = f".tmp.{os.getpid()}"
    room = NAME_MAX - 1 - len(suffix)
    encoded = os.fsencode(name)
    if len(encoded) > room:
        name = encoded[:room].decode("utf-8", "ignore")
    return f".{name}{suffix}"


def write_atomic(path: str, data: bytes, mode: int = 0o644, *, root: str,
                 create: int | None = None) -> None:
    """Replace path with data atomically and durably. create: the mode to make missing
    directories on the way with (else they must exist)."""
    with parent(root, path, create) as (dir_fd, name):
        _refuse_other(dir_fd, name, path)
        tmp = _temp_name(name)
        try:
            fd = _open_write(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode, dir_fd, path)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
        except BaseException as exc:
            try:
                os.unlink(tmp, dir_fd=dir_fd)
            except OSError:
                pass
            if isinstance(exc, OSError):
                raise _naming(exc, path) from None
            raise
        try:
            os.fsync(dir_fd)
        except OSError as exc:
            raise _naming(exc, os.path.dirname(path)) from None


def open_append(path: str, mode: int = 0o644, *, root: str) -> int:
    """A descriptor appending to path (made with mode when missing), reached by descriptors
    from root. The caller closes it."""
    with parent(root, path) as (dir_fd, name):
        return _open_write(name, os.O_WRONLY | os.O_CREAT | os.O_APPEND, mode, dir_fd, path)


def append_to(fd: int, path: str, data: bytes, sync: bool = True) -> None:
    """Append data to fd (opened by open_append) in one write(), then fsync (unless
    sync=False: the caller then covers many appends with one fsync).

    A failed append (a full disk after part of the data went in, an I/O error) is cut back
    to the file's earlier length: a torn entry left behind would stay for ever, since its
    heading makes a retry think the entry is already there. (The caller holds the write
    lock: no other appender moves the end meanwhile.)"""
    try:
        size = os.fstat(fd).st_size
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(fd, view):]
            if sync:
                os.fsync(fd)
        except OSError:
            try:
                os.ftruncate(fd, size)
                os.fsync(fd)
            except OSError:
                pass
            raise
    except OSError as exc:
        raise _naming(exc, path) from None


def append_durable(path: str, data: bytes, mode: int = 0o644, sync: bool = True, *, root: str) -> None:
    """open_append, append_to, close: one durable append, for logs, not for curated files."""
    fd = open_append(path, mode, root=root)
    try:
        append_to(fd, path, data, sync)
    finally:
        os.close(fd)


def remove_names(directory: str, names, *, root: str) -> int:
    """Unlink each name in directory (reached by descriptors), then fsync the directory
    once; returns how many were there to remove."""
    fd = open_dir(root, directory)
    removed = 0
    try:
        for name in names:
            try:
                os.unlink(name, dir_fd=fd)
                removed += 1
            except FileNotFoundError:
                pass
        if removed:
            os.fsync(fd)
    finally:
        os.close(fd)
    return removed


def remove_stale_temps(directory: str, *, root: str) -> int:
    """Remove temp files a killed writer left behind; returns how many."""
    try:
        fd = open_dir(root, directory)
    except FileNotFoundError:
        return 0
    try:
        names = [n for n in os.listdir(fd) if n.startswith(".") and ".tmp." in n]
    finally:
        os.close(fd)
    return remove_names(directory, names, root=root) if names else 0
