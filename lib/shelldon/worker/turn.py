"""The worker side of a turn: assemble the prompt, think, and propose — never write.

prepare() is what the launcher's dropped child runs and what shelldon-turn runs before
handing the record to the core.
"""
from ..contracts.turn import MAX_DROPPED, TurnRecord, clean_message, new_turn_id, owner_message
from ..util import log
from .prompt import Assembly, build_prompt

# The brain and the reply parser are imported where they are used: shelldon-assemble
# never thinks, and should not pay for loading them (docs/PERFORMANCE.md).


def assemble(home, message: str, config, turn_id: str | None = None) -> tuple[TurnRecord, Assembly]:
    from ..config import stale_after_days
    message = owner_message(message)
    assembly = build_prompt(home, message, config.bounds, stale_after_days(config))
    return TurnRecord(turn_id or new_turn_id(), message, prompt=assembly.prompt), assembly


def think(record: TurnRecord, brain) -> TurnRecord:
    """Fill in reply and ops. A failing brain gives the degraded reply, never an exception."""
    from ..contracts import ContractError
    from .brain import DEGRADED_REPLY, BrainError
    from .replyops import split_reply

    def degraded(why: str) -> TurnRecord:
        log.warn(f"the {brain.name} brain {why}; answering with the degraded reply")
        return TurnRecord(record.turn_id, record.owner, record.prompt, DEGRADED_REPLY, None)
    try:
        text = brain.complete(record.prompt or record.owner, record.owner)
    except BrainError as exc:
        return degraded(f"failed ({exc})")
    reply, op_lines, dropped = split_reply(text)
    try:   # a reply that cannot be recorded (a NUL, not text, too long) is a failed brain too:
        reply = clean_message(reply, "reply")   # refusing it would lose the owner's message
    except ContractError as exc:
        return degraded(f"gave a reply that cannot be recorded ({exc})")
    for line in dropped:
        log.warn(f"dropped an invalid op from the reply: {line}")
    if not reply.strip():
        if not op_lines:
            return degraded("gave an empty reply")
        reply = "…"
    ops = [line.encode() for line in op_lines] or None   # each op's raw JSON
    return TurnRecord(record.turn_id, record.owner, record.prompt, reply, ops,
                      dropped=[d.why for d in dropped[:MAX_DROPPED]] or None)


def prepare(home, message: str, config, turn_id: str | None = None, brain=None) -> TurnRecord:
    from .brain import load_brain
    record, _ = assemble(home, message, config, turn_id)
    return think(record, brain or load_brain(config, home=home))
