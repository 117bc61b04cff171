"""The one runner every bin/ script uses: the home, diagnostics, and exception → exit code.

Every stage fails the same way: one 'shelldon-<stage>: <what went wrong>' line on stderr
and a sysexits status (65 bad input, 69 unavailable, 75 try later, 77 denied, 1 other).
No click in here: bin/ parses arguments, this runs the call.
"""
import errno
import os
import sqlite3
import sys
from collections.abc import Callable

from .contracts import ContractError
from .home import Home
from .util import log
from .util.atomic import SymlinkRefused
from .util.errors import ShelldonError
from .util.lines import LineTooLong
from .util.lock import LockTimeout


# Storage failures: the write was atomic, so say so, and say what to do.
_OS_HINTS = {
    errno.ENOSPC: " (nothing half-written; free some space and run again)",
    errno.EDQUOT: " (nothing half-written; over quota, free some space and run again)",
    errno.EIO: " (nothing half-written; check the storage, then run again)",
    errno.EROFS: " (the file system is read-only)",
}
_STORAGE_HINTS = {
    13: " (SQLITE_FULL: nothing committed; free some space and run again)",
    10: " (SQLITE_IOERR: nothing committed; check the storage, then run again)",
}


def exit_code_for(exc: BaseException) -> tuple[int, str]:
    if isinstance(exc, ShelldonError):
        return exc.exit_code, str(exc)
    if isinstance(exc, (ContractError, SymlinkRefused, UnicodeError, LineTooLong)):
        return 65, str(exc)
    if isinstance(exc, LockTimeout):
        return 75, f"lock busy: {exc}; try again later"
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return 75, f"database busy: {exc}; try again later"
    if isinstance(exc, sqlite3.DatabaseError):
        hint = _STORAGE_HINTS.get(getattr(exc, "sqlite_errorcode", None) and exc.sqlite_errorcode & 0xff, "")
        return 1, f"database error: {exc}{hint}"
    if isinstance(exc, PermissionError):
        return 77, f"permission denied: {exc.filename or exc}"
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        hint = _OS_HINTS.get(exc.errno, "")
        return 1, f"{where}{exc.strerror or exc}{hint}"
    return 1, f"internal error: {type(exc).__name__}: {exc}"


def run(program: str, func: Callable[..., int | None], *args, **kwargs) -> None:
    """Call func and exit with its status, mapping every failure to one line and a code."""
    log.set_program(program)
    try:
        status = func(*args, **kwargs) or 0
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not our failure, and no traceback.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        status = 130
    except Exception as exc:
        if os.environ.get("SHELLDON_DEBUG"):
            raise
        status, message = exit_code_for(exc)
        log.error(message)
    sys.exit(status)


def home_for(path: str | None) -> Home:
    return Home.resolve(path)
