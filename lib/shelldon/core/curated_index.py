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

Each row also holds what recall and status need of the file — its words (table
`curated_words`) and whether it is forgotten — with the mtime they were read at
(`indexed_ns`). A refresh reads again only the files whose mtime moved; a reader trusts a
row only while that mtime is still the file's (worker/curated_list.py).

Derived data: deleting the rows loses nothing; the next write session rebuilds them.
"""
import os
import sqlite3

from ..contracts.limits import MAX_ITEM_READ
from ..home import COLLECTIONS, Home
from ..util.atomic import read_regular
from ..worker.curated_list import COUNT_KEY, SEAL_KEY, index_words, scan_collection, seal


def _index(home: Home, conn: sqlite3.Connection, path: str, collection: str, mtime: int) -> None:
    """One item's row and words, read from the file (stat-ed before it is read: a file
    changed meanwhile has a newer mtime than the row, so readers read it themselves)."""
    data = read_regular(os.path.join(home.memory, path), MAX_ITEM_READ)
    if data is None:
        return
    text = data.decode("utf-8", "replace")
    from ..contracts.markdown import is_forgotten, parse_document  # only when a file moved
    meta, body = parse_document(text)
    rowid = conn.execute(
        "INSERT INTO curated (path, collection, mtime_ns, indexed_ns, forgotten) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (path) DO UPDATE SET mtime_ns = excluded.mtime_ns, indexed_ns = excluded.indexed_ns, "
        "forgotten = excluded.forgotten RETURNING rowid",
        (path, collection, mtime, mtime, int(is_forgotten(meta)))).fetchone()[0]
    name = f"{meta.get('name', '')} {os.path.basename(path)[:-3]}"
    conn.execute("DELETE FROM curated_words WHERE rowid = ?", (rowid,))
    conn.execute("INSERT INTO curated_words (rowid, words) VALUES (?, ?)", (rowid, index_words(name, body)))


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
            found = scan_collection(home.memory, collection)
            have = {path: (mtime, indexed) for path, mtime, indexed in conn.execute(
                "SELECT path, mtime_ns, indexed_ns FROM curated WHERE collection = ?", (collection,))}
            gone = [(path,) for path in have if path not in found]
            conn.executemany("DELETE FROM curated_words WHERE rowid = "
                             "(SELECT rowid FROM curated WHERE path = ?)", gone)
            conn.executemany("DELETE FROM curated WHERE path = ?", gone)
            for path, mtime in found.items():
                if have.get(path) != (mtime, mtime):
                    _index(home, conn, path, collection, mtime)
        total = conn.execute("SELECT count(*) FROM curated").fetchone()[0]
        conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE "
                         "SET value = excluded.value", ((SEAL_KEY, current), (COUNT_KEY, str(total))))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return True
