"""Ops proposed inside a model's reply: a fenced block with the info string `ops`.

split_reply separates the owner-facing text from the block and keeps only the lines that
fit the op contract; the reply itself is never lost because of bad ops.
"""
import re

from ..contracts import ContractError
from ..contracts.limits import MAX_OPS

_FENCE = re.compile(r"^[ \t]*(```+|~~~+)[ \t]*ops[ \t]*$", re.MULTILINE)
_BLANK_RUNS = re.compile(r"\n{3,}")


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
    dropped: list[str] = []
    for line in (line.strip() for line in block_lines):
        if not line:
            continue
        if len(valid) >= MAX_OPS:
            dropped.append(f"{line[:80]} (more than {MAX_OPS} ops)")
            continue
        try:
            decode_op(line)
        except ContractError as exc:
            dropped.append(f"{line[:80]} ({exc})")
            continue
        valid.append(line)
    reply = _BLANK_RUNS.sub("\n\n", "".join(reply_parts)).strip()
    return reply, valid, dropped


def _closing(fence: str):
    """What closes a block opened by `fence`: the same character, at least as many times."""
    return re.compile(rf"^[ \t]*{fence[0]}{{{len(fence)},}}[ \t]*$", re.MULTILINE)
