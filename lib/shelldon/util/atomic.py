"""Whole-file writes that are either the old file or the new one, never a mix.

temp file in the same directory → write → flush → fsync → rename → fsync the directory.
A symlink where the file would go, or as the directory, is refused, never followed.
And the matching read: a regular file's bytes, never through a symlink (read_regular).
"""
import os
import stat


class SymlinkRefused(OSError):
    """A symlink stands where a write would land."""


def _naming(exc: OSError, path: str) -> OSError:
    """The same error, naming the file: os.write/os.fsync failures carry no file name, and
    "Input/output error" alone does not say what failed."""
    if isinstance(exc, SymlinkRefused) or exc.filename is not None or exc.errno is None:
        return exc
    named = OSError(exc.errno, exc.strerror, path)
    named.__cause__ = exc
    return named


def _refuse_symlink(path: str) -> None:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise SymlinkRefused(f"refusing to write through a symlink: {path}")


def read_regular(path: str, limit: int = -1) -> bytes | None:
    """The bytes of the regular file at path (its first limit bytes, when given); None when
    it is absent, unreadable, or not a regular file — a symlink is not followed, and a FIFO
    planted there cannot block the open (O_NONBLOCK, then fstat before reading)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            return handle.read(limit)
    except OSError:
        return None


def ensure_dir(path: str, mode: int = 0o755) -> None:
    """Create a directory (not its parents' symlinks) and refuse one that is a symlink."""
    _refuse_symlink(path)
    try:
        os.mkdir(path, mode)
    except FileExistsError:
        if not os.path.isdir(path) or os.path.islink(path):
            raise SymlinkRefused(f"not a plain directory: {path}")


def fsync_dir(path: str) -> None:
    fsync_file(path, os.O_DIRECTORY)


def fsync_file(path: str, flags: int = os.O_NOFOLLOW) -> None:
    """fsync what is at path (a file's appends made with sync=False reach the disk)."""
    fd = os.open(path, os.O_RDONLY | flags)
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


def write_atomic(path: str, data: bytes, mode: int = 0o644) -> None:
    """Replace path with data atomically and durably."""
    directory = os.path.dirname(path) or "."
    _refuse_symlink(directory)
    _refuse_symlink(path)
    tmp = os.path.join(directory, _temp_name(os.path.basename(path)))
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, mode)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            raise _naming(exc, path) from None
        raise
    try:
        fsync_dir(directory)
    except OSError as exc:
        raise _naming(exc, directory) from None


def append_durable(path: str, data: bytes, mode: int = 0o644, sync: bool = True) -> None:
    """Append in one write() with O_APPEND, then fsync (unless sync=False: the caller then
    covers many appends with one fsync_file): for logs, not for curated files.

    A failed append (a full disk after part of the data went in, an I/O error) is cut back
    to the file's earlier length: a torn entry left behind would stay for ever, since its
    heading makes a retry think the entry is already there. (The caller holds the write
    lock: no other appender moves the end meanwhile.)"""
    _refuse_symlink(path)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, mode)
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
    finally:
        os.close(fd)


def remove_stale_temps(directory: str) -> int:
    """Remove temp files a killed writer left behind; returns how many."""
    removed = 0
    try:
        names = os.listdir(directory)
    except FileNotFoundError:
        return 0
    for name in names:
        if name.startswith(".") and ".tmp." in name:
            try:
                os.unlink(os.path.join(directory, name))
                removed += 1
            except FileNotFoundError:
                pass
    return removed
