"""Recording turns: the raw capture first, then both messages in one transaction.

raw/ is written first so that a turn can be in raw/ without being in history (prune keeps
such a capture) but never in history without its capture. Both writes are idempotent by
turn id, so a retried ingest records each turn exactly once. A new turn costs 1 from the
day's budget, in the same transaction as its messages.

Secret-shaped strings in either message are replaced by a marker (util/secrets.py) before
either store sees them, so neither raw/ nor history — nor its full-text index — can ever
give one back. The reply printed to stdout is the one the pet gave.
"""
from datetime import datetime

from ..contracts import ContractError
from ..contracts.turn import TurnRecord
from ..home import Home
from ..util.clock import local_day, now as clock_now
from ..util.secrets import redact
from . import raw
from .history import HistoryStore

TURN_COST = 1


def check_recordable(turn: TurnRecord) -> TurnRecord:
    """The turn, if it has something to record; else ContractError. A turn without a reply,
    or whose reply or owner message is empty or only whitespace, records nothing: an empty
    row would be a turn nobody had, in the recent window and in raw/ for ever."""
    if turn.reply is None:
        raise ContractError(f"turn {turn.turn_id} has no reply: a turn that produced no reply records nothing")
    if not turn.reply.strip():
        raise ContractError(f"turn {turn.turn_id} has an empty reply: a turn that produced no reply records nothing")
    if not turn.owner.strip():
        raise ContractError(f"turn {turn.turn_id} has an empty owner message: nothing recorded")
    return turn


def check_not_reused(store: HistoryStore, turn: TurnRecord) -> None:
    """ContractError if this turn id is already recorded with another owner message. The
    same turn again is a retry and changes nothing; another message under its id would be
    answered and then silently dropped."""
    row = store.conn.execute("SELECT content FROM messages WHERE turn_id = ? AND role = 'owner' LIMIT 1",
                             (turn.turn_id,)).fetchone()
    if row is not None and row[0] != redact(turn.owner)[0]:   # stored as redacted
        raise ContractError(f"turn {turn.turn_id} is already recorded with another message; "
                            f"a new message needs a new turn id")


def record(home: Home, store: HistoryStore, turn: TurnRecord, now: datetime | None = None) -> bool:
    """True if the turn was new. A turn with nothing to record records nothing
    (ContractError, see check_recordable)."""
    check_recordable(turn)
    now = now or clock_now()
    check_not_reused(store, turn)
    owner, hidden = redact(turn.owner)
    reply, hidden_reply = redact(turn.reply)
    if hidden + hidden_reply:
        from ..util import log
        log.warn(f"turn {turn.turn_id}: {hidden + hidden_reply} secret-shaped string(s) redacted "
                 f"before recording; keep secrets in memory/vault/")
    raw.append_turn(home, turn.turn_id, owner, reply, now)
    with store.transaction() as conn:
        new = store.record_turn(turn.turn_id, owner, reply, now, conn=conn)
        if new:
            store.budget_spend(local_day(now), TURN_COST, conn=conn)
    return new


def ingest_stream(home: Home, stdin, stdout, owner: str | None = None, pet: str | None = None) -> int:
    """Record turn records from stdin (or one turn from --owner/--pet: both given, at most
    one of them '-', which the stage checks as usage); print each reply."""
    from ..contracts.turn import clean_message, decode_text, decode_turn, new_turn_id
    from ..util import log
    from ..util.lines import LineTooLong, iter_lines, read_bounded
    from .session import write_session
    MAX_LINE = 1 << 20  # as apply's: one stdin line
    home.require()
    turns: list[TurnRecord] = []
    bad = 0
    if owner is not None:
        if "-" in (owner, pet):
            text = decode_text(read_bounded(stdin, MAX_LINE), "stdin").rstrip("\n")
            owner, pet = (text, pet) if owner == "-" else (owner, text)
        turns.append(check_recordable(TurnRecord(new_turn_id(), clean_message(owner),
                                                 reply=clean_message(pet, "reply"))))
    else:
        for number, line in iter_lines(stdin, MAX_LINE):
            try:
                if isinstance(line, LineTooLong):
                    raise ContractError(str(line))
                if not line.strip():
                    continue
                turns.append(check_recordable(decode_turn(decode_text(line, "line"))))
            except ContractError as exc:
                log.error(f"line {number}: {exc}")
                bad += 1
    with write_session(home) as store:
        for turn in turns:
            try:
                record(home, store, turn)
            except ContractError as exc:   # a turn id already taken: the others still go in
                log.error(str(exc))
                bad += 1
                continue
            stdout.write(turn.reply.encode("utf-8") + b"\n")
    return 65 if bad else 0
