"""The derived listing of the curated tree (table `curated` in history.db), kept by the core.

Prompt assembly wants the most recently updated items first and reads files only until its
budget is met; stat-ing all of 10,000 files every turn to find them would make every turn
pay for the size of the tree. So the core keeps (path, collection, mtime) rows, and the
directories' own mtimes (meta 'curated_dirs') as a seal: a worker trusts the rows only while
every collection directory's mtime still matches the seal, and scans the tree itself
otherwise. A file added, removed or renamed — by the core or by a person — moves its
directory's mtime, so the rows are refreshed (one directory rescanned) at the end of the
next write session. A file rewritten in place by hand keeps its directory's mtime: it moves
to the top at the next refresh of its directory (a write to that collection).

Derived data: deleting the rows loses nothing; the next write session rebuilds them.
"""
import os
import sqlite3

from ..home import COLLECTIONS, Home
from ..worker.curated_list import COUNT_KEY, SEAL_KEY, seal


def _scan(home: Home, collection: str) -> dict[str, int]:
    """relative path → mtime of each item file in one collection."""
    found = {}
    with os.scandir(home.collection_dir(collection)) as it:
        for entry in it:
            if entry.name.endswith(".md") and not entry.name.startswith(".") \
                    and entry.is_file(follow_symlinks=False):
                found[f"{collection}/{entry.name}"] = entry.stat(follow_symlinks=False).st_mtime_ns
    return found


def refresh(home: Home, conn: sqlite3.Connection) -> bool:
    """Bring the rows up to date with the tree where a directory moved. True if it wrote."""
    current = seal(home.memory)
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (SEAL_KEY,)).fetchone()
    if current is None or (row and row[0] == current):
        return False
    old = dict(part.split("=", 1) for part in row[0].split(";")) if row else {}
    new = dict(part.split("=", 1) for part in current.split(";"))
    conn.execute("BEGIN IMMEDIATE")
    try:
        for collection in COLLECTIONS:
            if old.get(collection) == new[collection]:
                continue
            found = _scan(home, collection)
            have = dict(conn.execute("SELECT path, mtime_ns FROM curated WHERE collection = ?",
                                     (collection,)))
            gone = [(path,) for path in have if path not in found]
            changed = [(path, collection, mtime) for path, mtime in found.items() if have.get(path) != mtime]
            conn.executemany("DELETE FROM curated WHERE path = ?", gone)
            conn.executemany("INSERT INTO curated (path, collection, mtime_ns) VALUES (?, ?, ?) "
                             "ON CONFLICT (path) DO UPDATE SET mtime_ns = excluded.mtime_ns", changed)
        total = conn.execute("SELECT count(*) FROM curated").fetchone()[0]
        conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE "
                         "SET value = excluded.value", ((SEAL_KEY, current), (COUNT_KEY, str(total))))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return True
