"""The read side of the curated listing (table `curated`, kept by core/curated_index.py).

seal(): the collection directories' mtimes as one string. listing(): the rows, newest
first, but only while the seal stored with them still matches the directories — else
None, and the caller scans the tree itself. Paths are relative to memory/.
"""
import os
import sqlite3

from ..home import COLLECTIONS

SEAL_KEY = "curated_dirs"
COUNT_KEY = "curated_count"


def seal(memory: str) -> str | None:
    parts = []
    for collection in COLLECTIONS:
        try:
            parts.append(f"{collection}={os.stat(os.path.join(memory, collection)).st_mtime_ns}")
        except OSError:
            return None
    return ";".join(parts)


def listing(conn: sqlite3.Connection, memory: str):
    """(rows iterator of (collection, relative path), total) or None when stale or absent."""
    current = seal(memory)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN (?, ?)", (SEAL_KEY, COUNT_KEY)))
        if current is None or meta.get(SEAL_KEY) != current or not meta.get(COUNT_KEY, "").isdigit():
            return None
        total = int(meta[COUNT_KEY])
        rows = conn.execute("SELECT collection, path FROM curated ORDER BY mtime_ns DESC, path DESC")
    except sqlite3.Error:
        return None
    return rows, total
