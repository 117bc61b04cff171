"""The worker side of a turn: assemble the prompt, think, and propose — never write.

prepare() is what the launcher's dropped child runs and what shelldon-turn runs before
handing the record to the core.
"""
from ..contracts.turn import TurnRecord, clean_message, new_turn_id
from ..util import log
from .prompt import Assembly, build_prompt

# The brain and the reply parser are imported where they are used: shelldon-assemble
# never thinks, and should not pay for loading them (docs/PERFORMANCE.md).


def assemble(home, message: str, config, turn_id: str | None = None) -> tuple[TurnRecord, Assembly]:
    message = clean_message(message)
    assembly = build_prompt(home, message, config.bounds)
    return TurnRecord(turn_id or new_turn_id(), message, prompt=assembly.prompt), assembly


def think(record: TurnRecord, brain) -> TurnRecord:
    """Fill in reply and ops. A failing brain gives the degraded reply, never an exception."""
    from .brain import DEGRADED_REPLY, BrainError
    from .replyops import split_reply
    try:
        text = brain.complete(record.prompt or record.owner, record.owner)
    except BrainError as exc:
        log.warn(f"the {brain.name} brain failed ({exc}); answering with the degraded reply")
        return TurnRecord(record.turn_id, record.owner, record.prompt, DEGRADED_REPLY, None)
    reply, op_lines, dropped = split_reply(text)
    for line in dropped:
        log.warn(f"dropped an invalid op from the reply: {line}")
    if not reply:
        reply = "…" if op_lines else DEGRADED_REPLY
    ops = [line.encode() for line in op_lines] or None   # each op's raw JSON
    return TurnRecord(record.turn_id, record.owner, record.prompt, clean_message(reply, "reply"), ops)


def prepare(home, message: str, config, turn_id: str | None = None, brain=None) -> TurnRecord:
    from .brain import load_brain
    record, _ = assemble(home, message, config, turn_id)
    return think(record, brain or load_brain(config))
