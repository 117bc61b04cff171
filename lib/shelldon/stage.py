"""The one runner every bin/ script uses: the home, diagnostics, and exception → exit code.

Every stage fails the same way: one 'shelldon-<stage>: <what went wrong>' line on stderr
and a sysexits status (65 bad input, 69 unavailable, 75 try later, 77 denied, 1 other).
The command line is click's: a bin/ script declares itself with command() below (click's
own command, with -h as well as --help and --version), parses its arguments with click's
decorators (usage errors are click's, exit 2) and then hands its work to run().
"""
import errno
import os
import sys
from collections.abc import Callable


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


# What every stage's command line shares, as click's own settings: -h beside --help.
CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}


def command(doc: str):
    """click.command for a stage: its docstring as --help, -h too, and --version (the
    installed package's version, read by click from importlib.metadata when asked)."""
    import click   # every caller is a click script: already loaded

    def decorate(func):
        func = click.version_option(package_name="shelldon", message="%(prog)s %(version)s")(func)
        return click.command(help=doc, context_settings=CONTEXT_SETTINGS)(func)
    return decorate


def exit_code_for(exc: BaseException) -> tuple[int, str]:
    # Imported here, on the error path: a stage that fails in none of these ways never
    # pays for loading the modules that define them.
    import sqlite3

    from .contracts import ContractError
    from .util.atomic import SymlinkRefused
    from .util.errors import ShelldonError
    from .util.lines import LineTooLong
    if isinstance(exc, ShelldonError):
        return exc.exit_code, str(exc)
    if isinstance(exc, UnicodeEncodeError):   # text that came in as bytes that are not UTF-8
        from .contracts.turn import not_text   # (its position is in some inner string: left out)
        return 65, f"an argument or a line is not valid UTF-8 text ({not_text(exc)})"
    if isinstance(exc, (ContractError, SymlinkRefused, UnicodeError, LineTooLong)):
        return 65, str(exc)
    if isinstance(exc, TimeoutError):
        # filelock's Timeout is a TimeoutError (an OSError, so it is named before OSError
        # is); only then is filelock worth loading to ask.
        from filelock import Timeout
        if isinstance(exc, Timeout):
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
    from .util import log
    log.set_program(program)
    # Nothing a stage writes is anyone else's business until the home says otherwise
    # (home_for widens this for a home shared with the worker group).
    os.umask(PRIVATE_UMASK)
    try:
        status = func(*args, **kwargs) or 0
        sys.stdout.flush()
    except KeyboardInterrupt:
        status = 130
    except Exception as exc:
        if isinstance(exc, BrokenPipeError) and _stdout_reader_gone():
            # The reader went away (e.g. `| head`): not our failure, and no traceback.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(0)
        if os.environ.get("SHELLDON_DEBUG"):
            raise
        status, message = exit_code_for(exc)
        log.error(message)
    sys.exit(status)


def _stdout_reader_gone() -> bool:
    """Whether stdout's reader has closed its end (poll says so of ours). A broken pipe on
    anything else — a client's socket in a daemon — is a failure to report with exit 1,
    never a quiet 0 (a daemon that exits 0 is not restarted)."""
    import select
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except (OSError, ValueError):   # no stdout at all: nobody to report to there either
        return True


PRIVATE_UMASK, SHARED_UMASK = 0o077, 0o027


def umask_for(home_mode: int | None) -> int:
    """The umask for a stage writing a home whose own directory has home_mode (None: no
    home yet): 0077, files 0600; or, for a home init shared with the worker group (group
    bits set, setgid), 0027, files 0640 in that group."""
    from .home import shared
    return SHARED_UMASK if home_mode is not None and shared(home_mode) else PRIVATE_UMASK


def json_line(obj) -> str:
    """A record as --json prints it: one line of JSON, text as it is (not \\u-escaped)."""
    import json
    return json.dumps(obj, ensure_ascii=False)


def home_for(path: str | None):
    from .home import Home
    home = Home.resolve(path)
    try:
        mode = os.stat(home.root).st_mode
    except OSError:
        mode = None
    os.umask(umask_for(mode))
    return home
