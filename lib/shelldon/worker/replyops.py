"""Ops proposed inside a model's reply: a fenced block with the info string `ops`.

split_reply separates the owner-facing text from the block and keeps only the lines that
fit the op contract; the reply itself is never lost because of bad ops. A line it drops
is kept as a Dropped: the line (cut) and why, for the log, and .why alone — the reason
with the op's name, never the line's text — which the turn record carries to the core
(TurnRecord.dropped), so the owner is told a proposed change was malformed.
"""
import re

from ..contracts import ContractError
from ..contracts.limits import MAX_OPS
from ..contracts.turn import MAX_WHY   # a dropped line's reason, as a turn record carries it

_FENCE = re.compile(r"^[ \t]*(```+|~~~+)[ \t]*ops[ \t]*$", re.MULTILINE)
_BLANK_RUNS = re.compile(r"\n{3,}")


class Dropped(str):
    """A dropped op line as logged, "<line, cut> (<why>)"; .why is the reason alone,
    prefixed by the op's name when the line names a known one ("remember: expected …")."""

    def __new__(cls, line: str, why: str):
        self = super().__new__(cls, f"{line[:80]} ({why})")
        self.why = _named(line, why)[:MAX_WHY]
        return self


def _named(line: str, why: str) -> str:
    import json

    from ..contracts.ops import OP_NAMES
    try:
        op = json.loads(line).get("op")
    except (ValueError, RecursionError, AttributeError):
        return why
    return f"{op}: {why}" if op in OP_NAMES else why


def split_reply(text: str) -> tuple[str, list[str], list[str]]:
    """(reply without the ops blocks, valid op lines, dropped lines with their reasons)."""
    from ..contracts.ops import decode_op  # msgspec: only once there is a reply to read
    reply_parts: list[str] = []
    block_lines: list[str] = []
    position = 0
    while True:
        opening = _FENCE.search(text, position)
        if opening is None:
            reply_parts.append(text[position:])
            break
        reply_parts.append(text[position:opening.start()])
        fence = opening.group(1)
        closing = _closing(fence)
        end = closing.search(text, opening.end())
        body_end = end.start() if end else len(text)   # an unclosed block runs to the end
        block_lines.extend(text[opening.end():body_end].splitlines())
        position = end.end() if end else len(text)
    valid: list[str] = []
    dropped: list[Dropped] = []
    for line in (line.strip() for line in block_lines):
        if not line:
            continue
        if len(valid) >= MAX_OPS:
            dropped.append(Dropped(line, f"more than {MAX_OPS} ops"))
            continue
        try:
            decode_op(line)
        except ContractError as exc:
            dropped.append(Dropped(line, str(exc)))
            continue
        valid.append(line)
    reply = _BLANK_RUNS.sub("\n\n", "".join(reply_parts)).strip()
    return reply, valid, dropped


def _closing(fence: str):
    """What closes a block opened by `fence`: the same character, at least as many times."""
    return re.compile(rf"^[ \t]*{fence[0]}{{{len(fence)},}}[ \t]*$", re.MULTILINE)
