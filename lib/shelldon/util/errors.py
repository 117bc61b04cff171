"""The exceptions every stage maps to a sysexits code (see stage.py)."""


class ShelldonError(Exception):
    """Base: an error with a one-line message and an exit status."""

    exit_code = 1


class Usage(ShelldonError):
    """A command line that cannot mean anything: the usage error click would give (EX_USAGE
    as click has it: 2), found past the parser."""

    exit_code = 2


class Rejected(ShelldonError):
    """Input rejected: bad JSON, an invalid op, bad bytes (EX_DATAERR)."""

    exit_code = 65


class Unavailable(ShelldonError):
    """A needed service or an initialised home is missing (EX_UNAVAILABLE)."""

    exit_code = 69


class TryLater(ShelldonError):
    """A lock is held or a gate is closed: cron treats it as a quiet skip (EX_TEMPFAIL)."""

    exit_code = 75


class Denied(ShelldonError):
    """Permission denied (EX_NOPERM)."""

    exit_code = 77


class NoInput(ShelldonError):
    """An input file or directory named on the command line does not exist (EX_NOINPUT)."""

    exit_code = 66
