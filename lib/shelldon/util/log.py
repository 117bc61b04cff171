"""One-line diagnostics on stderr, prefixed with the running stage's name."""
import sys

program = "shelldon"


def set_program(name: str) -> None:
    global program
    program = name


# A warning or an error is one line, whatever text it quotes: a newline, an ESC or any
# other control character from input (a turn id, a name) is shown escaped, never acted on
# by the terminal or read as a second line by a script.
_ESCAPED = {c: f"\\x{c:02x}" for c in (*range(0x20), 0x7f) if c != 0x09}


def warn(message: str) -> None:
    print(f"{program}: warning: {message.translate(_ESCAPED)}", file=sys.stderr, flush=True)


def error(message: str) -> None:
    print(f"{program}: {message.translate(_ESCAPED)}", file=sys.stderr, flush=True)


def info(message: str) -> None:
    print(f"{program}: {message}", file=sys.stderr, flush=True)
