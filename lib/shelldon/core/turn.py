"""The core side of a turn: apply the record's proposed ops, then record the turn.

One write session for both, so a turn's ops and its messages land together and a retry
of the same record changes nothing.
"""
from ..contracts.turn import TurnRecord
from ..home import Home
from .apply import Item, Outcome, apply_items, write_session
from .ingest import check_not_reused, record


def commit(home: Home, turn: TurnRecord) -> list[Outcome]:
    items = [Item(turn.turn_id, n, bytes(raw), None, when=turn.ts) for n, raw in enumerate(turn.ops or (), 1)]
    with write_session(home) as store:
        check_not_reused(store, turn)   # before its ops: a reused id applies nothing either
        outcomes = apply_items(home, store, items)
        record(home, store, turn)
    return outcomes


def turn_once(home: Home, message: str, config, stdout, as_json: bool = False) -> int:
    """shelldon-turn: assemble, think, apply, ingest in one process; print the reply (as_json:
    the turn as history and the journal now hold it, the object `shelldon-log --turn --json` prints)."""
    from ..util import log
    from ..worker.turn import prepare
    home.require()
    turn = prepare(home, message, config)
    outcomes = commit(home, turn)
    for outcome in outcomes:
        if outcome.entry.rejected or outcome.entry.status == "conflict":
            log.warn(f"the brain proposed an op the core {'refused' if outcome.entry.rejected else 'held back'}: "
                     f"{outcome.entry.op}: {outcome.entry.reason}")
    if as_json:
        import json

        from ..worker.turnlog import one_turn, to_object
        stdout.write(json.dumps(to_object(one_turn(home, turn.turn_id)), ensure_ascii=False).encode() + b"\n")
    else:
        stdout.write(turn.reply.encode("utf-8") + b"\n")
    return 0
