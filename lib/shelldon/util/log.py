"""One-line diagnostics on stderr, prefixed with the running stage's name."""
import sys

program = "shelldon"


def set_program(name: str) -> None:
    global program
    program = name


def warn(message: str) -> None:
    print(f"{program}: warning: {message}", file=sys.stderr, flush=True)


def error(message: str) -> None:
    print(f"{program}: {message}", file=sys.stderr, flush=True)


def info(message: str) -> None:
    print(f"{program}: {message}", file=sys.stderr, flush=True)
