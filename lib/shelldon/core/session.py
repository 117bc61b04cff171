"""The write session: the home's write lock, then the writer handle on history.db.

Every writer (apply, ingest, capture, the dream, prune, the launcher's core) writes inside
one. It lives apart from apply.py so a stage that writes no op (ingest, prune) does not
load the op contract (msgspec) to take the lock (docs/PERFORMANCE.md).
"""
import os

from ..home import COLLECTIONS, Home
from ..util.atomic import remove_stale_temps
from ..util.errors import TryLater
from ..util.lock import file_lock
from .history import HistoryStore
from .migrations import MIGRATIONS

LOCK_TIMEOUT_S = float(os.environ.get("SHELLDON_LOCK_TIMEOUT", "30"))


def write_session(home: Home, timeout: float | None = None) -> "WriteSession":
    """`with write_session(home) as store:` the write lock on the home, then the writer
    handle. Exit 75 if the lock is busy."""
    return WriteSession(home, LOCK_TIMEOUT_S if timeout is None else timeout)


class WriteSession:
    """On entry: the lock, the store, the schema brought up to date, a killed writer's
    leftovers dealt with. On exit: memory/ committed to git when enabled, the derived
    listing of the tree refreshed (after a block that did not raise), the store closed,
    the lock released."""

    def __init__(self, home: Home, timeout: float):
        self.home = home
        self.timeout = timeout
        self.lock = None
        self.store: HistoryStore | None = None
        self.mark = None

    def __enter__(self) -> HistoryStore:
        self.home.require()
        try:
            from filelock import Timeout
            lock = file_lock(self.home.write_lock, self.timeout)
            lock.acquire()
        except Timeout:
            raise TryLater(f"another writer holds {self.home.write_lock}; try again later") from None
        self.lock = lock
        try:
            self.store = HistoryStore.open(self.home.db)
            try:
                self._prepare(self.store)
            except BaseException:
                self.store.close()
                raise
        except BaseException:
            self.lock.release()
            raise
        return self.store

    def _prepare(self, store: HistoryStore) -> None:
        home = self.home
        # -- owner's tools (issue 8): schema up to date, memory under git -----------
        from . import memgit
        done = {row[0] for row in store.conn.execute("SELECT number FROM migrations")}
        if done != {number for number, _, _ in MIGRATIONS}:   # numbers may land out of order
            store.migrate()
        # A killed writer's temp files. memory/ holds a handful of entries: always. A
        # collection's temps only come from curated writes, and each of those is announced
        # in pending_writes (committed) before its temp is made and settled after the rename:
        # no announcement left, no temp left — so 10,000 items are not listed every session.
        remove_stale_temps(home.memory, root=home.root)
        if store.conn.execute("SELECT 1 FROM pending_writes LIMIT 1").fetchone():
            # the collections and the monthly episode logs: every curated write lands in one
            for directory in (*map(home.collection_dir, COLLECTIONS), os.path.join(home.memory, "episodes")):
                remove_stale_temps(directory, root=home.root)
            # issue 7: journal the writes a kill cut off (the journal code only when some are)
            from . import journal
            from .history import iso, utcnow
            journal.recover_writes(store.conn, home.root, iso(utcnow()))
        self.mark = memgit.mark(home, store.conn)
        # -- end owner's tools ----------------------------------------------------

    def __exit__(self, kind, exc, tb) -> bool:
        from . import memgit
        try:
            try:
                memgit.commit_since(self.home, self.store.conn, self.mark)
                if kind is None:
                    _refresh_curated_index(self.home, self.store)   # perf: the listing of the tree
            finally:
                self.store.close()
        finally:
            self.lock.release()
        return False


def _refresh_curated_index(home: Home, store: HistoryStore) -> None:
    """Keep the derived listing of the tree current (perf: core/curated_index.py)."""
    import sqlite3

    from . import curated_index
    try:
        curated_index.refresh(home, store.conn)
    except (sqlite3.Error, OSError) as exc:  # derived data: never fail a write for it
        if "no such table" not in str(exc):
            from ..util import log
            log.warn(f"curated listing not refreshed: {exc}")


