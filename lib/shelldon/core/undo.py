"""What the journal keeps so a file op can be undone: the before bytes, or for an append
(log_episode) a splice that rebuilds them from the file as it is now.

Keeping the whole of episodes.md for every entry would grow the journal with the square
of the log; the splice keeps the old header and how much of the body was there before:

    before = head + body_of(after)[:keep] + tail

It is checked when it is made: if it does not rebuild the before bytes exactly, the
whole before file is kept instead.
"""
import json


def _body_start(data: bytes) -> int:
    if not data.startswith(b"---\n"):
        return 0
    end = data.find(b"\n---\n", 3)
    return 0 if end == -1 else end + 5


def as_stored(data: bytes | None) -> str | bytes | None:
    """Text when the bytes are UTF-8 (readable in the journal), the bytes themselves otherwise."""
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data


def as_bytes(stored: str | bytes | None) -> bytes | None:
    if stored is None:
        return None
    return stored if isinstance(stored, bytes) else stored.encode("utf-8")


def splice(before: bytes, after: bytes) -> str | None:
    """The splice that rebuilds before from after, or None if after does not extend before."""
    b0, a0 = _body_start(before), _body_start(after)
    body = before[b0:]
    core = body.rstrip(b"\n")
    if not after[a0:].startswith(core):
        return None
    try:
        made = json.dumps({"head": before[:b0].decode("utf-8"), "keep": len(core),
                           "tail": body[len(core):].decode("utf-8")}, ensure_ascii=False)
    except UnicodeDecodeError:
        return None
    return made if rebuild_from_splice(made, after) == before else None


def rebuild_from_splice(undo: str, current: bytes) -> bytes | None:
    try:
        spec = json.loads(undo)
        start = _body_start(current)
        return (spec["head"].encode("utf-8") + current[start:start + spec["keep"]]
                + spec["tail"].encode("utf-8"))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def for_journal(before: bytes | None, after: bytes, append: bool) -> tuple[str | bytes | None, str | None]:
    """(before_content, undo) to journal for one file op."""
    if before is None or before == after:
        return None, None
    if append:
        made = splice(before, after)
        if made is not None:
            return None, made
    return as_stored(before), None


def rebuild(before_content: str | bytes | None, undo: str | None, current: bytes) -> bytes | None:
    """The before bytes of a journalled op, given the file as the op left it."""
    if undo is not None:
        return rebuild_from_splice(undo, current)
    return as_bytes(before_content)
