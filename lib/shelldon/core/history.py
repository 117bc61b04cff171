"""history.db, the writer side: messages, learnings, the op journal and the turn budget.

WAL with synchronous=FULL (a power cut never rolls back an acknowledged turn) and a busy
timeout, so parallel writers wait instead of failing. Every write transaction starts
with BEGIN IMMEDIATE: a writer takes the write lock up front instead of failing to
upgrade a read lock later.
"""
import sqlite3
from datetime import datetime, timezone

from ..worker.history_read import HistoryReader
from .migrations import MIGRATIONS

BUSY_TIMEOUT_S = 30.0
# A new database's page size. Every page a turn touches is written whole to the WAL, and a
# turn touches ~12 (messages, two indexes, the FTS segment, structure and sizes, the
# budget): 1 KiB pages make that ~13 KiB a turn instead of ~47 KiB (docs/PERFORMANCE.md).
PAGE_SIZE = 1024


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def iso(ts: datetime) -> str:
    return ts.astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


class Transaction:
    """`with`: BEGIN IMMEDIATE, then COMMIT — or ROLLBACK when the block raises."""
    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, kind, exc, tb) -> bool:
        self.conn.execute("ROLLBACK" if kind is not None else "COMMIT")
        return False


class Joined:
    """`with`: the caller's transaction, already open — nothing to begin or end."""
    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        return self.conn

    def __exit__(self, kind, exc, tb) -> bool:
        return False


class HistoryStore(HistoryReader):
    """The core's read-write handle (it reads too: the dream reads pending learnings)."""

    @classmethod
    def open(cls, path: str) -> "HistoryStore":
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None,
                               check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        if conn.execute("PRAGMA page_count").fetchone()[0] == 0:
            conn.execute(f"PRAGMA page_size = {PAGE_SIZE}")  # only a new, empty file takes it
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        return cls(conn)

    def transaction(self) -> "Transaction":
        return Transaction(self.conn)

    # -- migrations --------------------------------------------------------------

    def migrate(self) -> list[int]:
        with self.transaction() as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS migrations "
                         "(number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")
            done = {row[0] for row in conn.execute("SELECT number FROM migrations")}
            applied = []
            for number, name, migration in MIGRATIONS:
                if number in done:
                    continue
                migration(conn)
                conn.execute("INSERT INTO migrations VALUES (?, ?, ?)", (number, name, iso(utcnow())))
                applied.append(number)
        if applied:
            self.__init__(self.conn)  # the FTS kind may be new
        return applied

    # -- messages ----------------------------------------------------------------

    def record_turn(self, turn_id: str, owner: str, pet: str, now: datetime | None = None,
                    conn: sqlite3.Connection | None = None, checked: bool = False) -> bool:
        """Both rows or neither; False (and nothing written) if the turn is already recorded.
        checked: the caller, holding the write lock, has just found the turn not recorded."""
        ts = iso(now or utcnow())
        with (Joined(conn) if conn else self.transaction()) as c:
            if not checked and c.execute("SELECT 1 FROM messages WHERE turn_id = ? LIMIT 1", (turn_id,)).fetchone():
                return False
            c.execute("INSERT INTO messages (turn_id, role, content, ts) VALUES (?, 'owner', ?, ?)",
                      (turn_id, owner, ts))
            c.execute("INSERT INTO messages (turn_id, role, content, ts) VALUES (?, 'pet', ?, ?)",
                      (turn_id, pet, ts))
            return True

    def has_turn(self, turn_id: str) -> bool:
        return self.conn.execute("SELECT 1 FROM messages WHERE turn_id = ? LIMIT 1",
                                 (turn_id,)).fetchone() is not None

    def last_owner(self) -> tuple[str, str] | None:
        """(ts, content) of the owner's latest recorded message."""
        row = self.conn.execute("SELECT ts, content FROM messages WHERE role = 'owner' "
                                "ORDER BY id DESC LIMIT 1").fetchone()
        return (row[0], row[1]) if row else None

    def last_owner_ts(self) -> str | None:
        row = self.last_owner()
        return row[0] if row else None

    # -- learnings ---------------------------------------------------------------

    def capture_learning(self, observation: str, pattern_key: str | None,
                         now: datetime | None = None, conn: sqlite3.Connection | None = None) -> int | None:
        """One atomic UPSERT. Returns the row id, or None for an empty observation.

        With a key, the key is the identity. Without one, a pending keyless row with the
        same normalised observation (util.text.normalise) is counted again instead.
        """
        observation = observation.strip()
        if not observation:
            return None
        key = (pattern_key or "").strip() or None
        ts = iso(now or utcnow())
        c = conn or self.conn
        if key is None:  # issue 8: the same normalised observation, pending, counts again
            from ..util.text import normalise
            return c.execute(
                "INSERT INTO learnings (pattern_key, observation, norm, first_seen, last_seen) "
                "VALUES (NULL, ?, ?, ?, ?) "
                "ON CONFLICT (norm) WHERE pattern_key IS NULL AND status = 'pending' DO UPDATE SET "
                "recurrence_count = recurrence_count + 1, last_seen = excluded.last_seen "
                "RETURNING id", (observation, normalise(observation), ts, ts)).fetchone()[0]
        row = c.execute(
            "INSERT INTO learnings (pattern_key, observation, first_seen, last_seen) "
            "VALUES (?, ?, ?, ?) "
            "ON CONFLICT (pattern_key) WHERE pattern_key IS NOT NULL DO UPDATE SET "
            "recurrence_count = recurrence_count + 1, last_seen = excluded.last_seen, "
            "observation = excluded.observation, status = 'pending' "
            "RETURNING id", (key, observation, ts, ts)).fetchone()
        return row[0]

    def pending_learnings(self, limit: int = 50) -> list[sqlite3.Row]:
        self.conn.row_factory = sqlite3.Row
        try:
            return self.conn.execute(
                "SELECT id, pattern_key, observation, recurrence_count, status, first_seen, last_seen "
                "FROM learnings WHERE status = 'pending' "
                "ORDER BY recurrence_count DESC, last_seen DESC, id LIMIT ?", (limit,)).fetchall()
        finally:
            self.conn.row_factory = None

    def resolve_learning(self, learning_id: int, status: str,
                         conn: sqlite3.Connection | None = None) -> bool:
        """pending → status; a stale or invented id changes nothing and returns False."""
        c = conn or self.conn
        cur = c.execute("UPDATE learnings SET status = ? WHERE id = ? AND status = 'pending'",
                        (status, learning_id))
        return cur.rowcount == 1

    # -- budget ------------------------------------------------------------------

    def budget_spent(self, day: str) -> int:
        row = self.conn.execute("SELECT spent FROM budget WHERE day = ?", (day,)).fetchone()
        return row[0] if row else 0

    # -- use of curated items (issue 21) --------------------------------------------

    def count_use(self, paths: list[str], when: datetime, conn: sqlite3.Connection | None = None) -> None:
        """One more use for each item (path under memory/), last used at when; its rank
        in the prompt's order moves with it (core/curated_index.note_use)."""
        from .curated_index import note_use
        note_use(conn or self.conn, paths, when)

    def budget_spend(self, day: str, cost: int, conn: sqlite3.Connection | None = None) -> None:
        (conn or self.conn).execute(
            "INSERT INTO budget (day, spent) VALUES (?, ?) "
            "ON CONFLICT (day) DO UPDATE SET spent = spent + excluded.spent", (day, cost))
