"""The core's half of a launcher turn: what the worker said → validated → committed → answer.

The parent trusts nothing from the worker but a reply text and op lines that the core
validates again (core.turn.commit); the turn id and the owner's message are the parent's
own. A worker that was killed, crashed, or said something that is not a worker result
gives the degraded reply, recorded as when a brain fails. A worker that could not drop
(77) or found a service missing (69) refuses the turn: nothing is written.
"""
from collections.abc import Callable

from ..contracts import ContractError, wire
from ..contracts.turn import MAX_DROPPED, MAX_WHY, TurnRecord, clean_message
from ..home import Home
from ..util import log

REFUSING = (69, 77)   # a worker's error codes that refuse the turn rather than degrade it


def what_the_worker_said(turn_id: str, out: bytes, killed: str | None, ended: str,
                         degraded: str) -> tuple[str, list | None, list | None] | wire.SayReply:
    """(reply, ops, dropped) to commit, or the refusal to answer without committing."""
    if killed:
        log.warn(f"turn {turn_id}: {killed}; killed it, answering the degraded reply")
        return degraded, None, None
    try:
        result = wire.decode(out, wire.WorkerResult, "worker result")
    except ContractError as exc:
        log.warn(f"turn {turn_id}: worker {ended} and {exc}; answering the degraded reply")
        return degraded, None, None
    if result.error is not None and result.code in REFUSING:
        log.error(f"turn {turn_id}: {result.error}")
        return wire.SayReply(ok=False, turn_id=turn_id, error=result.error, code=result.code)
    if result.error is not None:
        log.warn(f"turn {turn_id}: worker failed ({result.error}); degraded reply")
        return degraded, None, None
    if result.reply is None:
        return degraded, None, None
    try:
        return clean_message(result.reply, "reply"), result.ops, result.dropped
    except ContractError as exc:
        log.warn(f"turn {turn_id}: refused the worker's reply ({exc}); degraded reply")
        return degraded, None, None


def finish(home: Home, commit: Callable, turn_id: str, message: str, out: bytes,
           killed: str | None, ended: str, degraded: str) -> wire.SayReply:
    """Validate, commit, and say what the client is answered."""
    said = what_the_worker_said(turn_id, out, killed, ended, degraded)
    if isinstance(said, wire.SayReply):
        return said
    reply, ops, dropped = said
    try:   # the worker's reasons are bounded as any record's are (decode_turn's checks)
        done = commit(home, TurnRecord(turn_id, message, reply=reply, ops=ops,
                                       dropped=[why[:MAX_WHY] for why in dropped[:MAX_DROPPED]] if dropped else None))
    except Exception as exc:
        from ..stage import exit_code_for
        code, error = exit_code_for(exc)
        log.error(f"turn {turn_id} not recorded: {error}")
        return wire.SayReply(ok=False, turn_id=turn_id, error=error, code=code)
    for outcome in done.outcomes:
        if outcome.entry.rejected:
            log.warn(f"turn {turn_id}: the core refused a proposed op: {outcome.entry.reason}")
    return wire.SayReply(ok=True, turn_id=turn_id, reply=done.reply)
