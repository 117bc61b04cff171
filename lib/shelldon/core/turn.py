"""The core side of a turn: apply the record's proposed ops, then record the turn.

One write session for both, so a turn's ops and its messages land together and a retry
of the same record changes nothing. The reply recorded — and answered — is the brain's
text with the outcome of its ops after it (core/outcome.py): the owner is never told a
write happened that the core held back or refused — nor left unaware of a change its
brain proposed that think dropped as malformed (the record's `dropped`, journalled as
rejected after its ops).
"""
import msgspec

from ..contracts.turn import TurnRecord
from ..home import Home
from .apply import Item, Outcome, apply_items, reject_malformed, write_session
from .ingest import check_not_reused, record
from .outcome import honest_reply


class Committed(msgspec.Struct):
    reply: str                 # what the owner is answered, as history records it
    outcomes: list[Outcome]


def commit(home: Home, turn: TurnRecord) -> Committed:
    from .review import settings
    items = [Item(turn.turn_id, n, bytes(raw), None, when=turn.ts, proposed=True)
             for n, raw in enumerate(turn.ops or (), 1)]
    with write_session(home) as store:
        check_not_reused(store, turn)   # before its ops: a reused id applies nothing either
        outcomes = apply_items(home, store, items, review=settings(home) if items else None)
        malformed = reject_malformed(store, turn.turn_id, len(items) + 1, turn.dropped)
        reply = honest_reply(turn.reply, [o.entry for o in outcomes] + malformed) if turn.reply else turn.reply
        record(home, store, msgspec.structs.replace(turn, reply=reply))
    return Committed(reply, outcomes)


def turn_once(home: Home, message: str, config, stdout, as_json: bool = False) -> int:
    """shelldon-turn: assemble, think, apply, ingest in one process; print the reply (as_json:
    the turn as history and the journal now hold it, the object `shelldon-log --turn --json` prints)."""
    from ..util import log
    from ..worker.turn import prepare
    home.require()
    turn = prepare(home, message, config)
    done = commit(home, turn)
    for outcome in done.outcomes:
        if outcome.entry.rejected or outcome.entry.status == "conflict":
            log.warn(f"the brain proposed an op the core {'refused' if outcome.entry.rejected else 'held back'}: "
                     f"{outcome.entry.op}: {outcome.entry.reason}")
    if as_json:
        import json

        from ..worker.turnlog import one_turn, to_object
        stdout.write(json.dumps(to_object(one_turn(home, turn.turn_id)), ensure_ascii=False).encode() + b"\n")
    else:
        stdout.write(done.reply.encode("utf-8") + b"\n")
    return 0
