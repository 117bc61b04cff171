"""Recording turns: each turn appended to raw/, then both its messages in one transaction.

The rules, and why they hold at a cost that does not grow with raw/ or history:

- history ⊆ raw/. The raw append comes first, the history transaction second, so a turn
  can be in raw/ without being in history — prune keeps such a capture — but never in
  history without its capture. A stream's appends are fsynced once per batch, after its
  commits, so a turn costs one fsync (history's) rather than two: a kill cannot break the
  order, since the appended bytes are the kernel's once write() returns; a power cut
  mid-batch can lose raw/ entries of that batch's turns, which history (synchronous=FULL)
  keeps. A turn recorded on its own (record() without a batch: the launcher, shelldon-turn)
  fsyncs its append before its commit.
- Recorded means in history: a retry finds the turn id there (one indexed lookup) and
  writes nothing, to either store.
- Only the last entry of a day's file can hold a turn that history lacks. Writers hold the
  write lock, so the one window is a writer killed between its append and its commit, and
  its entry is then the file's last. Before anything is appended after such an entry, the
  turn in it is recorded into history from raw/ (an entry reads back exactly). So a turn
  not in history is in raw/ at most as the last entry of its day's file, and appending it
  needs to read only that file's tail: a re-run of the same stream finds it there and
  commits it without a second copy. A killed ingest loses nothing and duplicates nothing.

A turn's time is its record's `ts` when it has one (an imported archive keeps its dates:
messages.ts, the raw/ file of the local day it was said, and that day's budget), else now.
A new turn costs 1 from its day's budget, in the same transaction as its messages.

Secret-shaped strings in either message are replaced by a marker (util/secrets.py) before
either store sees them, so neither raw/ nor history — nor its full-text index — can ever
give one back. The reply printed to stdout is the one the pet gave.
"""
import contextlib
import os
from datetime import datetime

from ..contracts import ContractError
from ..contracts.turn import TurnRecord
from ..home import Home
from ..util.atomic import fsync_file
from ..util.clock import local_day, now as clock_now
from ..util.secrets import redact_together
from . import raw
from .history import HistoryStore

TURN_COST = 1
MAX_LINE = 1 << 20    # as apply's: one stdin line
# Turns recorded per write session: the lock is not held while a slow pipe is read, and a
# long import holds bounded memory.
BATCH = 512


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


def _stored_owner(store: HistoryStore, turn_id: str) -> str | None:
    return _stored_owners(store, [turn_id]).get(turn_id)


def _stored_owners(store: HistoryStore, turn_ids: list[str]) -> dict[str, str]:
    """The owner message history holds for each of turn_ids that is recorded: one query for
    a batch (at most BATCH ids, well within sqlite's limit on parameters)."""
    if not turn_ids:
        return {}
    rows = store.conn.execute(f"SELECT turn_id, content FROM messages WHERE role = 'owner' AND turn_id IN "
                              f"({','.join('?' * len(turn_ids))})", turn_ids)
    return dict(rows)


def check_not_reused(store: HistoryStore, turn: TurnRecord) -> None:
    """ContractError if this turn id is already recorded with another owner message. The
    same turn again is a retry and changes nothing; another message under its id would be
    answered and then silently dropped."""
    stored = _stored_owner(store, turn.turn_id)
    if stored is not None and stored != redacted(turn)[0]:   # stored as redacted
        raise _reused(turn.turn_id)


def redacted(turn: TurnRecord) -> tuple[str, str, int]:
    """(owner, reply, how many secrets hidden): both halves through one gate, so a reply
    that repeats the owner's secret in other words loses it too."""
    (owner, reply), hidden = redact_together(turn.owner, turn.reply or "")
    return owner, reply, hidden


def _reused(turn_id: str) -> ContractError:
    return ContractError(f"turn {turn_id} is already recorded with another message; "
                         f"a new message needs a new turn id")


def _commit(store: HistoryStore, turn_id: str, owner: str, pet: str, when: datetime,
            batch: "Batch | None" = None) -> bool:
    from ..worker.curated_list import has_items, named_items
    if batch is not None and batch.items is None:
        batch.items = has_items(store.conn)
    # read before the transaction: one write in it
    used = named_items(store.conn, owner, pet) if batch is None or batch.items else []
    with store.transaction() as conn:
        # both callers found the turn not recorded, under the write lock: no second look
        new = store.record_turn(turn_id, owner, pet, when, conn=conn, checked=True)
        if new:
            store.budget_spend(local_day(when), TURN_COST, conn=conn)
            if used:
                store.count_use(used, when, conn=conn)
    return new


class Batch:
    """What one write session knows of the raw/ files it appended to: which are not yet
    fsynced, and how each ends — with a turn this session committed, so its tail need
    not be read again (the write lock keeps every other writer out meanwhile)."""

    def __init__(self, root: str):
        self.root = root   # the home: the files are reached from it by descriptors
        self.unsynced: set[str] = set()
        self.ends: dict[str, raw.Tail] = {}
        self.held: dict[str, int] = {}   # the day files appended to, opened once a batch
        # the owner message of every turn of the batch already in history, looked up at its
        # start, and of each turn it records: one query rather than one a turn
        self.stored: dict[str, str] = {}
        self.items: bool | None = None   # whether the home has curated items: a stream writes none

    def sync(self) -> None:
        """fsync every file appended to, then close them."""
        try:
            for path in sorted(self.unsynced):
                if path in self.held:
                    os.fsync(self.held[path])
                else:
                    fsync_file(path, root=self.root)
            self.unsynced.clear()
        finally:
            for fd in self.held.values():
                os.close(fd)
            self.held.clear()


def record(home: Home, store: HistoryStore, turn: TurnRecord, now: datetime | None = None,
           batch: Batch | None = None) -> bool:
    """True if the turn was new. A turn with nothing to record records nothing
    (ContractError, see check_recordable). batch: the session's Batch, whose raw/ appends
    the caller fsyncs (Batch.sync) once the batch is committed; without one, the raw
    append is fsynced before the commit."""
    check_recordable(turn)
    when = turn.ts or now or clock_now()
    owner, reply, hidden = redacted(turn)
    stored = batch.stored.get(turn.turn_id) if batch is not None else _stored_owner(store, turn.turn_id)
    if stored is not None:    # recorded: in history, so in raw/ too
        if stored != owner:
            raise _reused(turn.turn_id)
        return False
    if hidden:
        from ..util import log
        log.warn(f"turn {turn.turn_id}: {hidden} secret-shaped string(s) redacted "
                 f"before recording; keep secrets in memory/vault/")
    path = raw.day_path(home, when)
    known = batch.ends.get(path) if batch is not None else None
    tail = known or raw.read_tail(home.root, path)
    last = tail.last
    if last is None or last.turn_id != turn.turn_id:   # else: captured by a run killed before its commit
        if known is None and last is not None and not store.has_turn(last.turn_id):
            _commit(store, last.turn_id, last.owner, last.pet, last.when, batch)   # that run's turn, from raw/
            if batch is not None:
                batch.stored[last.turn_id] = last.owner
        tail = raw.append_turn(home, turn.turn_id, owner, reply, when, tail, sync=batch is None,
                               held=batch.held if batch is not None else None, path=path)
    elif batch is None:
        fsync_file(path, root=home.root)    # the killed run's append may not have reached the disk
    if batch is not None:
        batch.unsynced.add(path)
    new = _commit(store, turn.turn_id, owner, reply, when, batch)
    if batch is not None:
        batch.ends[path] = tail
        batch.stored[turn.turn_id] = owner
    return new


def input_size(stream) -> int | None:
    """The size of what stream will give, when it is a regular file (stdin redirected from
    one); None for a pipe, a terminal or a socket."""
    import stat
    try:
        st = os.fstat(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def _read_turns(stdin, bad: list):
    """(turn, bytes read) for each line that is a recordable turn record; a refused line is
    logged by number, counted in bad, and yields (None, bytes read)."""
    from ..contracts.turn import decode_text, decode_turn
    from ..util import log
    from ..util.lines import LineTooLong, iter_lines
    for number, line in iter_lines(stdin, MAX_LINE):
        if isinstance(line, LineTooLong):
            log.error(f"line {number}: {line}")
            bad.append(number)
            yield None, MAX_LINE
            continue
        size = len(line) + 1
        if not line.strip():
            yield None, size
            continue
        try:
            yield check_recordable(decode_turn(decode_text(line, "line"))), size
        except ContractError as exc:
            log.error(f"line {number}: {exc}")
            bad.append(number)
            yield None, size


def ingest_stream(home: Home, stdin, stdout, owner: str | None = None, pet: str | None = None,
                  progress=None) -> int:
    """Record turn records from stdin (or one turn from --owner/--pet: both given, at most
    one of them '-', which the stage checks as usage); print each reply. progress, if
    given, is called with the number of bytes of stdin each line took, once it is done."""
    from ..contracts.turn import clean_message, decode_text, new_turn_id
    from ..util.lines import read_bounded
    home.require()
    bad: list[int] = []
    if owner is not None:
        if "-" in (owner, pet):
            text = decode_text(read_bounded(stdin, MAX_LINE), "stdin").rstrip("\n")
            owner, pet = (text, pet) if owner == "-" else (owner, text)
        turn = check_recordable(TurnRecord(new_turn_id(), clean_message(owner),
                                           reply=clean_message(pet, "reply")))
        _record_batches(home, iter([(turn, 0)]), stdout, bad, progress)
    else:
        with _wal_kept(home):
            _record_batches(home, _read_turns(stdin, bad), stdout, bad, progress)
    return 65 if bad else 0


def _record_batches(home: Home, lines, stdout, bad: list, progress) -> None:
    from itertools import islice

    from ..util import log
    from .session import write_session
    while chunk := list(islice(lines, BATCH)):
        if not any(turn for turn, _ in chunk):
            if progress:
                progress(sum(size for _, size in chunk))
            continue
        batch = Batch(home.root)
        with write_session(home) as store:
            batch.stored = _stored_owners(store, sorted({turn.turn_id for turn, _ in chunk if turn is not None}))
            try:
                for turn, size in chunk:
                    if turn is not None:
                        try:
                            record(home, store, turn, batch=batch)
                        except ContractError as exc:   # a turn id already taken: the others still go in
                            log.error(str(exc))
                            bad.append(0)
                        else:
                            stdout.write(turn.reply.encode("utf-8") + b"\n")
                    if progress:
                        progress(size)
            finally:
                batch.sync()
        stdout.flush()


@contextlib.contextmanager
def _wal_kept(home: Home):
    """An idle connection to history.db for the length of a stream: sqlite checkpoints and
    removes the WAL when its last connection closes, which each batch's write session
    would otherwise do, and each batch's first hundred commits would then grow a new WAL
    file — an fsync that must also journal the file's new size, half again as slow as one
    that reuses the WAL in place. The connection holds no transaction, so checkpoints
    still run and the WAL stays bounded."""
    import sqlite3

    from ..worker.history_read import db_uri
    try:
        keep = sqlite3.connect(db_uri(home.db, "rw"), uri=True, isolation_level=None)
        keep.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()   # opens the WAL and its index
    except sqlite3.Error:
        keep = None   # a home not initialised or not readable: the session says what is wrong
    try:
        yield
    finally:
        if keep is not None:
            keep.close()
