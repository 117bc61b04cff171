"""Reading stdin as lines with a bound, so a 10 MB line costs a bounded buffer."""
from collections.abc import Iterator
from typing import BinaryIO


class LineTooLong(ValueError):
    pass


def iter_lines(stream: BinaryIO, max_line: int) -> Iterator[tuple[int, bytes | LineTooLong]]:
    """(line number, bytes without the newline) — or a LineTooLong in place of the bytes."""
    number = 0
    while True:
        line = stream.readline(max_line + 1)
        if not line:
            return
        number += 1
        if len(line) > max_line and not line.endswith(b"\n"):
            size = len(line)
            while True:  # drain the rest of the oversized line
                more = stream.readline(1 << 16)
                size += len(more)
                if not more or more.endswith(b"\n"):
                    break
            yield number, LineTooLong(f"line too long: {size} bytes (at most {max_line})")
            continue
        yield number, line.rstrip(b"\n").rstrip(b"\r")


def read_bounded(stream: BinaryIO, limit: int) -> bytes:
    """All of stream up to limit bytes; LineTooLong past it (read no further)."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise LineTooLong(f"input too long: more than {limit} bytes")
    return data
