"""The write session: the home's write lock, then the writer handle on history.db.

Every writer (apply, ingest, capture, the dream, prune, the launcher's core) writes inside
one. It lives apart from apply.py so a stage that writes no op (ingest, prune) does not
load the op contract (msgspec) to take the lock (docs/PERFORMANCE.md).
"""
import contextlib
import os

from ..home import COLLECTIONS, Home
from ..util.atomic import remove_stale_temps
from ..util.errors import TryLater
from ..util.lock import FileLock, LockTimeout
from .history import HistoryStore
from .migrations import MIGRATIONS

LOCK_TIMEOUT_S = float(os.environ.get("SHELLDON_LOCK_TIMEOUT", "30"))


@contextlib.contextmanager
def write_session(home: Home, timeout: float | None = None):
    """The write lock on the home, then the writer handle. Exit 75 if the lock is busy."""
    home.require()
    lock = FileLock(home.write_lock, LOCK_TIMEOUT_S if timeout is None else timeout)
    try:
        lock.acquire()
    except LockTimeout:
        raise TryLater(f"another writer holds {home.write_lock}; try again later") from None
    try:
        for directory in (home.memory, *(home.collection_dir(c) for c in COLLECTIONS)):
            remove_stale_temps(directory)
        with HistoryStore.open(home.db) as store:
            # -- owner's tools (issue 8): schema up to date, memory under git -----------
            from . import memgit
            done = {row[0] for row in store.conn.execute("SELECT number FROM migrations")}
            if done != {number for number, _, _ in MIGRATIONS}:   # numbers may land out of order
                store.migrate()
            # issue 7: journal the writes a kill cut off (the journal code only when some are)
            if store.conn.execute("SELECT 1 FROM pending_writes LIMIT 1").fetchone():
                from . import journal
                from .history import iso, utcnow
                journal.recover_writes(store.conn, home.root, iso(utcnow()))
            mark = memgit.mark(home, store.conn)
            try:
                yield store
            finally:
                memgit.commit_since(home, store.conn, mark)
            # -- end owner's tools ----------------------------------------------------
            _refresh_curated_index(home, store)   # perf: the sealed listing of the tree
    finally:
        lock.release()


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


