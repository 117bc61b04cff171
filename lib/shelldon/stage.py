"""The one runner every bin/ script uses: the home, diagnostics, and exception → exit code.

Every stage fails the same way: one 'shelldon-<stage>: <what went wrong>' line on stderr
and a sysexits status (65 bad input, 69 unavailable, 75 try later, 77 denied, 1 other).

Also the stages' click, kept off the hot path: bin/ scripts say
`from shelldon.stage import click` and then use click's own decorators. Those record the
options; a run with an ordinary command line is parsed here by a few lines of stdlib code
from that record, and click itself is imported only for --help, shell completion, a usage
error, or anything the fast parser is not sure about — it then rebuilds the real click
command from the same record and lets click decide. One source of truth (the decorators),
two parsers, and the fast one never guesses: when in doubt it hands over to click.
Importing click costs ~35 ms, more than the rest of a stage (see docs/PERFORMANCE.md).
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


def exit_code_for(exc: BaseException) -> tuple[int, str]:
    # Imported here, on the error path: a stage that fails in none of these ways never
    # pays for loading the modules that define them.
    import sqlite3

    from .contracts import ContractError
    from .util.atomic import SymlinkRefused
    from .util.errors import ShelldonError
    from .util.lines import LineTooLong
    from .util.lock import LockTimeout
    if isinstance(exc, ShelldonError):
        return exc.exit_code, str(exc)
    if isinstance(exc, UnicodeEncodeError):   # text that came in as bytes that are not UTF-8
        from .contracts.turn import not_text   # (its position is in some inner string: left out)
        return 65, f"an argument or a line is not valid UTF-8 text ({not_text(exc)})"
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
    from .util import log
    log.set_program(program)
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


def home_for(path: str | None):
    from .home import Home
    return Home.resolve(path)


# -- the stages' click: record the decorators, parse the common case, defer to click ---------

class _Defer(Exception):
    """The fast parser is not sure: click decides."""


class _LazyType:
    """click.Choice(...) and friends, recorded; converted here when simple, else by click."""

    def __init__(self, name: str, args: tuple, kwargs: dict):
        self.name, self.args, self.kwargs = name, args, kwargs

    def real(self):
        import click
        return getattr(click, self.name)(*self.args, **self.kwargs)

    def convert(self, value: str):
        if self.name == "Choice" and set(self.kwargs) <= {"case_sensitive"} and \
                self.kwargs.get("case_sensitive", True) and len(self.args) == 1:
            if value in self.args[0]:
                return value
        elif self.name in ("IntRange", "FloatRange") and len(self.args) <= 2 and \
                set(self.kwargs) <= {"min", "max"}.difference(("min", "max")[:len(self.args)]):
            number = _convert(int if self.name == "IntRange" else float, value)
            bounds = {**dict(zip(("min", "max"), self.args)), **self.kwargs}
            low, high = bounds.get("min"), bounds.get("max")
            if (low is None or number >= low) and (high is None or number <= high):
                return number
        raise _Defer


def _convert(kind, value):
    if kind is None or kind is str:
        return value
    if isinstance(kind, _LazyType):
        return kind.convert(value)
    if kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            raise _Defer from None
    raise _Defer


_SIMPLE = {"help", "metavar", "envvar", "is_flag", "type", "default", "required",
           "show_envvar", "show_default", "hidden", "nargs"}


class _Param:
    def __init__(self, kind: str, decls: tuple, kwargs: dict):
        self.kind, self.decls, self.kwargs = kind, decls, kwargs
        names = [d for d in decls if d.isidentifier()]
        longs = [d for d in decls if d.startswith("--")]
        self.opts = [d for d in decls if d.startswith("-")]
        self.name = names[0] if names else (longs[0][2:].replace("-", "_").lower() if longs else None)
        self.simple = (set(kwargs) <= _SIMPLE and self.name is not None
                       and not any("/" in d for d in decls)
                       and kwargs.get("nargs", 1) in ((1,) if kind == "option" else (1, -1))
                       and not (kwargs.get("is_flag") and (kwargs.get("default") not in (None, False)
                                                           or kwargs.get("envvar") or "type" in kwargs)))

    def value(self, given, environ):
        kwargs = self.kwargs
        if given is None and kwargs.get("envvar"):
            names = kwargs["envvar"]
            for var in ([names] if isinstance(names, str) else names):
                if environ.get(var):
                    given = environ[var]
                    break
        if given is None:
            if kwargs.get("is_flag"):
                return False
            if self.kind == "argument" and kwargs.get("nargs") == -1:
                return ()
            if kwargs.get("required", self.kind == "argument"):
                raise _Defer
            default = kwargs.get("default")
            return None if default is None else _convert(kwargs.get("type"), default)
        if given is True:
            return True
        if isinstance(given, tuple):
            return tuple(_convert(kwargs.get("type"), v) for v in given)
        return _convert(kwargs.get("type"), given)


class Command:
    """What @click.command makes in a bin/ script: call it to run the stage."""

    def __init__(self, func: Callable, params: list[_Param], kwargs: dict):
        self.func, self.params, self.kwargs = func, params, kwargs
        self.__doc__ = func.__doc__

    def parse(self, argv: list[str], environ) -> dict:
        """argv → the function's keyword arguments, exactly as click would give them; or _Defer."""
        if set(self.kwargs) - {"help", "name", "short_help", "epilog"} or \
                not all(p.simple for p in self.params) or hasattr(self.func, "__click_params__"):
            raise _Defer
        if any(key.startswith("_") and key.endswith("_COMPLETE") for key in environ):
            raise _Defer  # shell completion
        options = {opt: p for p in self.params if p.kind == "option" for opt in p.opts}
        given: dict[str, object] = {}
        positional: list[str] = []
        args = list(argv)
        only_args = False
        while args:
            token = args.pop(0)
            if only_args or token == "-" or not token.startswith("-"):
                positional.append(token)
                continue
            if token == "--":
                only_args = True
                continue
            opt, eq, inline = token.partition("=")
            param = options.get(opt) if opt.startswith("--") else None
            if param is None:
                raise _Defer  # --help, a short option, an unknown one: click's to answer
            if param.kwargs.get("is_flag"):
                if eq:
                    raise _Defer
                given[param.name] = True
                continue
            if not eq:
                if not args or (args[0].startswith("-") and args[0] != "-"):
                    raise _Defer
                inline = args.pop(0)
            given[param.name] = inline
        arguments = [p for p in reversed(self.params) if p.kind == "argument"]
        if any(p.kwargs.get("nargs") == -1 for p in arguments):
            if len(arguments) != 1:
                raise _Defer
            given[arguments[0].name] = tuple(positional)
        else:
            if len(positional) > len(arguments):
                raise _Defer
            for p, token in zip(arguments, positional):
                given[p.name] = token
        return {p.name: p.value(given.get(p.name), environ) for p in self.params}

    def click_command(self):
        """The real click command, rebuilt from the same record."""
        import click
        func = self.func
        for p in self.params:  # in the order the decorators were applied
            kwargs = {k: (v.real() if isinstance(v, _LazyType) else v) for k, v in p.kwargs.items()}
            func = getattr(click, p.kind)(*p.decls, **kwargs)(func)
        return click.command(**self.kwargs)(func)

    def __call__(self, args: list[str] | None = None, **extra):
        if not extra:
            try:
                values = self.parse(sys.argv[1:] if args is None else list(args), os.environ)
            except _Defer:
                pass
            else:
                try:
                    return self.func(**values)
                except Exception as exc:
                    if not type(exc).__module__.startswith("click"):
                        raise
                    # A usage check inside the command (raised before it does anything):
                    # let click run it again and report the error its own way (exit 2).
        return self.click_command()(args, **extra)


class _Click:
    """The subset of click the stages use, recorded; anything else is click's own."""

    @staticmethod
    def _record(kind: str, decls: tuple, kwargs: dict):
        def decorate(func):
            func.__dict__.setdefault("__shelldon_params__", []).append(_Param(kind, decls, kwargs))
            return func
        return decorate

    def option(self, *decls, **kwargs):
        return self._record("option", decls, kwargs)

    def argument(self, *decls, **kwargs):
        return self._record("argument", decls, kwargs)

    def command(self, *args, **kwargs):
        if args:
            raise TypeError("write @click.command(help=...) with keywords in a stage")

        def decorate(func):
            return Command(func, func.__dict__.get("__shelldon_params__", []), kwargs)
        return decorate

    def Choice(self, *args, **kwargs):  # noqa: N802 - click's names
        return _LazyType("Choice", args, kwargs)

    def IntRange(self, *args, **kwargs):  # noqa: N802
        return _LazyType("IntRange", args, kwargs)

    def FloatRange(self, *args, **kwargs):  # noqa: N802
        return _LazyType("FloatRange", args, kwargs)

    INT, FLOAT, STRING = int, float, str

    @staticmethod
    def echo(message=None, err: bool = False, nl: bool = True) -> None:
        stream = sys.stderr if err else sys.stdout
        if isinstance(message, (bytes, bytearray)):
            stream.flush()
            stream.buffer.write(bytes(message) + (b"\n" if nl else b""))
            stream.buffer.flush()
            return
        stream.write(("" if message is None else str(message)) + ("\n" if nl else ""))
        stream.flush()

    def __getattr__(self, name):
        import click  # anything else (click.Path, click.File, pass_context…): click's own
        return getattr(click, name)


click = _Click()
