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

Table `headers` holds what the prompt needs of each file it reads — the items and
DIRECTIVE.md, about.md, summary.md: the name, whether it is forgotten, and where its body
starts — with the file's size and mtime when it was read, so a prompt over files the core
has seen parses no YAML (worker/curated_list.read_document). The prompt files are stat-ed
at the end of every write session (three stats) and read again when one moved.

Derived data: deleting the rows loses nothing; the next write session rebuilds them.
"""
import os
import sqlite3

from ..contracts.limits import MAX_ITEM_READ
from ..home import COLLECTIONS, Home
from ..util.beneath import read_bounded
from ..worker import standing
from ..worker.curated_list import (COUNT_KEY, PROMPT_FILE_READ, PROMPT_FILES, SEAL_KEY, header_row,
                                   index_words, name_words, scan_collection, seal)


def _index(home: Home, conn: sqlite3.Connection, path: str, collection: str, mtime: int) -> None:
    """One item's row, words and header, read from the file (stat-ed before it is read: a
    file changed meanwhile has a newer mtime than the row, so readers read it themselves)."""
    try:
        st, data = read_bounded(home.root, os.path.join(home.memory, path), MAX_ITEM_READ)
    except OSError:
        return
    text = data.decode("utf-8", "replace")
    from ..contracts.markdown import is_forgotten, parse_document  # only when a file moved
    meta, body = parse_document(text)
    pinned, expires, written, active, rank = _standing(conn, path, meta, mtime)
    rowid = conn.execute(
        "INSERT INTO curated (path, collection, mtime_ns, indexed_ns, forgotten, pinned, expires, written, "
        "active, rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (path) DO UPDATE SET mtime_ns = excluded.mtime_ns, indexed_ns = excluded.indexed_ns, "
        "forgotten = excluded.forgotten, pinned = excluded.pinned, expires = excluded.expires, "
        "written = excluded.written, active = excluded.active, rank = excluded.rank RETURNING rowid",
        (path, collection, mtime, mtime, int(is_forgotten(meta)), pinned, expires, written, active,
         rank)).fetchone()[0]
    name = f"{meta.get('name', '')} {os.path.basename(path)[:-3]}"
    conn.execute("DELETE FROM curated_words WHERE rowid = ?", (rowid,))
    conn.execute("INSERT INTO curated_words (rowid, words) VALUES (?, ?)", (rowid, index_words(name, body)))
    words = name_words(path)
    conn.execute("DELETE FROM item_names WHERE path = ?", (path,))
    conn.executemany("INSERT INTO item_names (word, path, words) VALUES (?, ?, ?)",
                     ((word, path, len(words)) for word in words))
    _note_header(conn, path, st, data, meta, body)


def _standing(conn: sqlite3.Connection, path: str, meta: dict, mtime: int) -> tuple:
    """(pinned, expires, written, active, rank) of an item (worker/standing.py), its use
    from item_use."""
    written = standing.written_at(meta, mtime)
    use = conn.execute("SELECT hits, last_used FROM item_use WHERE path = ?", (path,)).fetchone()
    hits, last_used = (use[0], standing.parse_when(use[1])) if use else (0, None)
    active = max(filter(None, (written, last_used)), default=None)
    return (int(standing.is_pinned(meta)), standing.expires_on(meta, written), standing.iso(written),
            standing.iso(active) if active else None, standing.rank(hits, last_used, written))


def note_use(conn: sqlite3.Connection, paths: list[str], when) -> None:
    """One more use of each item (path under memory/) at when (a datetime): its count in
    item_use, and its rank and last activity in `curated` moved to match — two small
    statements an item, in the caller's transaction. A use only ever raises the rank (one
    more hit, a last use no earlier), so the new rank is the larger of the old one and the
    use's own term, and the floor the write set stays in the old one."""
    stamp = standing.iso(when)
    for path in paths:
        hits, last_used = conn.execute(
            "INSERT INTO item_use (path, hits, last_used) VALUES (?, 1, ?) ON CONFLICT (path) "
            "DO UPDATE SET hits = hits + 1, last_used = max(last_used, excluded.last_used) "
            "RETURNING hits, last_used", (path, stamp)).fetchone()
        last = when if last_used == stamp else standing.parse_when(last_used) or when
        conn.execute("UPDATE curated SET rank = max(rank, ?), active = max(coalesce(active, ''), ?) "
                     "WHERE path = ?", (standing.rank(hits, last, None), last_used, path))


def _note_header(conn: sqlite3.Connection, path: str, st: os.stat_result, data: bytes,
                 meta: dict, body: str) -> None:
    """What the prompt needs of the file's header, with the size and mtime it was read at."""
    name, forgotten, body_at = header_row(data, meta, body)
    pinned = int(standing.is_pinned(meta))
    expires = standing.expires_on(meta, standing.written_at(meta, st.st_mtime_ns))
    conn.execute("INSERT INTO headers (path, mtime_ns, size, name, forgotten, body_at, pinned, expires) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                 "ON CONFLICT (path) DO UPDATE SET mtime_ns = excluded.mtime_ns, size = excluded.size, "
                 "name = excluded.name, forgotten = excluded.forgotten, body_at = excluded.body_at, "
                 "pinned = excluded.pinned, expires = excluded.expires",
                 (path, st.st_mtime_ns, st.st_size, name, int(forgotten), body_at, pinned, expires))


def _moved_prompt_files(home: Home, conn: sqlite3.Connection) -> list[tuple[str, bool]]:
    """(name, whether it has a row) of DIRECTIVE.md, about.md, summary.md where the row
    does not describe the file as it is."""
    known = {path: (mtime, size) for path, mtime, size in conn.execute(
        "SELECT path, mtime_ns, size FROM headers WHERE path IN (?, ?, ?)", PROMPT_FILES)}
    moved = []
    for name in PROMPT_FILES:
        try:
            st = os.lstat(home.memory_file(name))
            now = (st.st_mtime_ns, st.st_size)
        except OSError:
            now = None
        if known.get(name) != now:
            moved.append((name, name in known))
    return moved


def refresh(home: Home, conn: sqlite3.Connection) -> bool:
    """Bring the rows up to date with the tree where a directory moved, and the prompt
    files' header rows where a file moved. True if it wrote."""
    current = seal(home.memory)
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (SEAL_KEY,)).fetchone()
    tree_moved = current is not None and not (row and row[0] == current)
    notes = []   # (name, stat and bytes, or None: the row goes)
    for name, has_row in _moved_prompt_files(home, conn):
        try:
            notes.append((name, read_bounded(home.root, home.memory_file(name), PROMPT_FILE_READ)))
        except OSError:   # gone, or not a file a reader would read
            if has_row:
                notes.append((name, None))
    if not tree_moved and not notes:
        return False
    conn.execute("BEGIN IMMEDIATE")
    try:
        if tree_moved:
            _refresh_items(home, conn, row[0] if row else None, current)
        for name, read in notes:
            if read is None:
                conn.execute("DELETE FROM headers WHERE path = ?", (name,))
                continue
            st, data = read
            from ..contracts.markdown import parse_document  # only when one of them moved
            meta, body = parse_document(data.decode("utf-8", "replace"))
            _note_header(conn, name, st, data, meta, body)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return True


def _refresh_items(home: Home, conn: sqlite3.Connection, sealed: str | None, current: str) -> None:
    old = dict(part.split("=", 1) for part in sealed.split(";")) if sealed else {}
    new = dict(part.split("=", 1) for part in current.split(";"))
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
        conn.executemany("DELETE FROM headers WHERE path = ?", gone)
        conn.executemany("DELETE FROM item_names WHERE path = ?", gone)
        for path, mtime in found.items():
            if have.get(path) != (mtime, mtime):
                _index(home, conn, path, collection, mtime)
    total = conn.execute("SELECT count(*) FROM curated").fetchone()[0]
    conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE "
                     "SET value = excluded.value", ((SEAL_KEY, current), (COUNT_KEY, str(total))))
