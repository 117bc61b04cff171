"""The read side of the curated listing (table `curated`, kept by core/curated_index.py).

seal(): the collection directories' mtimes as one string. listing(): the rows, newest
first, but only while the seal stored with them still matches the directories — else
None, and the caller scans the tree itself. Paths are relative to memory/.

The words of each item (table `curated_words`) and whether it is forgotten are kept with
the mtime they were read at, so recall and status read only the files that matter instead
of all of them. A row counts only while that mtime is the file's mtime now (tree_state
stats every file: cheap next to reading it), so an edit by hand — even in place, which
leaves the directory's mtime alone — is never missed: such a file is read itself.

The prompt's reading of a file (read_document) works the same way with table `headers`:
a file as the core last read it is not parsed again, so a prompt never imports YAML for
a tree the core has seen.
"""
import os
import sqlite3
import unicodedata

import math
from collections.abc import Iterator
from itertools import chain

import msgspec

from ..home import COLLECTIONS
from ..util.beneath import SymlinkRefused, read_bounded, scandir_beneath, warn_refused_once
from .history_read import WORD

SEAL_KEY = "curated_dirs"
COUNT_KEY = "curated_count"


def seal(memory: str) -> str | None:
    parts = []
    for collection in COLLECTIONS:
        try:
            # lstat: a collection swapped for a symlink moves the seal (and is refused by the scan)
            parts.append(f"{collection}={os.lstat(os.path.join(memory, collection)).st_mtime_ns}")
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


# -- the words of an item (recall's matching; the core indexes them, recall queries them) --



def fold(word: str) -> str:
    """Casefold, strip accents, drop a plain English ending: the tree's answer to FTS stemming."""
    folded = _folded.get(word)
    if folded is None:
        if word.isascii():
            text = word.lower()   # ASCII: casefold is lower, and there is no accent to strip
        else:
            text = unicodedata.normalize("NFKD", word.casefold())
            text = "".join(ch for ch in text if not unicodedata.combining(ch))
        folded = text
        for ending in ("ing", "es", "ed", "s"):
            if len(text) > len(ending) + 2 and text.endswith(ending):
                folded = text[: -len(ending)]
                break
        if len(_folded) < 50_000:   # words repeat: a recall folds each once
            _folded[word] = folded
    return folded


_folded: dict[str, str] = {}


def word_token(folded: str) -> str:
    """One index token per folded word, ASCII letters and digits only, so the index's own
    tokenizer can neither split nor drop it: equal words, equal tokens."""
    if folded.isascii() and folded.isalnum():
        return folded
    return "x" + folded.encode("utf-8").hex()


def index_words(name: str, body: str) -> str:
    """The tokens recall can match in an item: the words of its name and of its body."""
    return " ".join(sorted({word_token(fold(w)) for w in WORD.findall(f"{name}\n{body}")}))


# files: every item file now, path under memory/ → mtime_ns; fresh: those whose indexed
# words and flags are current; forgotten: the fresh ones the index holds as forgotten.
class TreeState(msgspec.Struct, frozen=True):
    files: dict
    fresh: set
    forgotten: set


def scan_collection(memory: str, collection: str) -> dict[str, int]:
    """Each item file of one collection (collection/name.md) with its mtime; never follows
    a symlink, the directory's own included (left out, with a warning once); {} when the
    directory cannot be read."""
    files = {}
    try:
        with scandir_beneath(os.path.dirname(memory), os.path.join(memory, collection)) as entries:
            for entry in entries:
                if entry.name.endswith(".md") and not entry.name.startswith(".") \
                        and entry.is_file(follow_symlinks=False):
                    files[f"{collection}/{entry.name}"] = entry.stat(follow_symlinks=False).st_mtime_ns
    except SymlinkRefused as exc:
        warn_refused_once(exc)
        return {}
    except OSError:
        return {}
    return files


def scan_items(memory: str) -> dict[str, int]:
    """Every item file of every collection with its mtime."""
    files = {}
    for collection in COLLECTIONS:
        files.update(scan_collection(memory, collection))
    return files


def tree_state(conn: sqlite3.Connection | None, memory: str) -> TreeState:
    """The files now, and which of them the index describes as they are."""
    files = scan_items(memory)
    try:
        rows = conn.execute("SELECT path, indexed_ns, forgotten FROM curated").fetchall() if conn else []
    except sqlite3.Error:
        rows = []  # an older schema or a damaged index: every file is read
    fresh, forgotten = set(), set()
    for path, indexed_ns, gone in rows:
        if indexed_ns is not None and files.get(path) == indexed_ns:
            fresh.add(path)
            if gone:
                forgotten.add(path)
    return TreeState(files, fresh, forgotten)


def indexed_matches(conn: sqlite3.Connection, folded_terms: set[str]) -> set[str] | None:
    """Paths whose indexed words hold any of the terms; None when the index cannot say."""
    if not folded_terms:
        return set()
    query = " OR ".join(f'"{word_token(t)}"' for t in sorted(folded_terms))
    try:
        return {row[0] for row in conn.execute(
            "SELECT c.path FROM curated_words w JOIN curated c ON c.rowid = w.rowid "
            "WHERE curated_words MATCH ?", (query,))}
    except sqlite3.Error:
        return None


# -- which items a text names (issue 21: their use is counted, they come first) -------

NAMING_TERMS = 64   # words of a message (and of a reply) looked up, at most


def name_words(path: str) -> set[str]:
    """The folded words of an item's name, as its file name spells it, stopwords out."""
    from .history_read import STOPWORDS
    stem = os.path.basename(path)[:-3]
    return {fold(w) for w in stem.split("-") if w and w not in STOPWORDS}


def has_items(conn: sqlite3.Connection | None) -> bool:
    """Whether the index names any item: a home with none (a history alone, an archive
    imported first) has nothing for named_items to find."""
    if conn is None:
        return False
    try:
        return conn.execute("SELECT 1 FROM item_names LIMIT 1").fetchone() is not None
    except sqlite3.Error:
        return False   # an older schema


def named_items(conn: sqlite3.Connection | None, *texts: str) -> list[str]:
    """The items (paths under memory/) that one of the texts names: every word of the
    item's name (its file name, stopwords out) is a word of that text, once both are folded
    as recall folds them (fold). Found through the index's table of name words
    (`item_names`, kept with `curated_words`), so it reads no file and looks only at the
    items whose names hold a word of the text; [] when the index cannot say. A word of the
    body is not enough: "tea" or "garden" is in many items, and an item counts as used only
    when the talk is about it."""
    from .history_read import match_terms
    if not has_items(conn):
        return []
    each = [{fold(t) for t in match_terms(text, NAMING_TERMS)} for text in texts]
    terms = sorted(set().union(*each))
    if not terms:
        return []
    try:   # one query for all the texts: a turn's commit pays for one
        rows = conn.execute(f"SELECT path, word, words FROM item_names WHERE word IN "
                            f"({','.join('?' * len(terms))})", terms).fetchall()
    except sqlite3.Error:
        return []   # an older schema
    held: dict[str, tuple[int, set]] = {}
    for path, word, count in rows:
        held.setdefault(path, (count, set()))[1].add(word)
    return sorted(path for path, (count, words) in held.items()
                  if len(words) == count and any(words <= text for text in each))


# -- headers: the prompt reads curated files without parsing their YAML ----------------
# Table `headers` (kept by core/curated_index.py) holds, for each file the prompt reads,
# its name, whether it is forgotten and the byte offset where its body starts, with the
# size and mtime the file had when the core read it. A reader that opens the file and
# finds that size and mtime takes the body from the offset; any other file is parsed
# (python-frontmatter). A hand edit moves the mtime or the size, so it costs a parse; only
# one that kept both (same length, within one tick of a coarse clock) would be read as the
# core last saw it, until the core next reads the file.

PROMPT_FILES = ("DIRECTIVE.md", "about.md", "summary.md")   # read whole, besides the items
PROMPT_FILE_READ = 256 * 1024   # what the prompt takes of one of them


def header_row(data: bytes, meta: dict, body: str) -> tuple[str | None, bool, int]:
    """(name, forgotten, byte offset of the body) of a curated file's first bytes, given
    what parse_document made of them (decoded as UTF-8 with replacement)."""
    from ..contracts.markdown import is_forgotten
    text_length = len(data.decode("utf-8", "replace"))
    start = text_length - len(body)
    if start in (0, text_length):
        body_at = 0 if start == 0 else len(data)
    else:
        # The body starts right after a newline, and a newline byte is the same character
        # however the bytes around it decode: count them to find the byte offset.
        lines = data.decode("utf-8", "replace")[:start].count("\n")
        body_at = len(b"\n".join(data.split(b"\n", lines)[:lines])) + 1
    name = meta.get("name")
    return (str(name) if name else None), is_forgotten(meta), body_at


def read_document(root: str, path: str, limit: int, conn: sqlite3.Connection | None = None,
                  rel: str | None = None) -> tuple[object, bool, str, str | None]:
    """(name or None, forgotten, body, the last day it stands or None) of a curated file,
    as far as its first limit bytes: the header as the index describes it when the file is
    as the core read it (rel: its path under memory/), else parsed. OSError as
    util.beneath.read_bounded (root: the home)."""
    st, data = read_bounded(root, path, limit)
    row = None
    if conn is not None and rel is not None:
        try:
            row = conn.execute("SELECT name, forgotten, body_at, expires FROM headers WHERE path = ? "
                               "AND mtime_ns = ? AND size = ?", (rel, st.st_mtime_ns, st.st_size)).fetchone()
        except sqlite3.Error:
            row = None   # an older schema: parse
    if row is not None:
        name, forgotten, body_at, expires = row
        return name, bool(forgotten), data[body_at:].decode("utf-8", "replace"), expires
    from ..contracts.markdown import is_forgotten, parse_document
    from .standing import expires_on, written_at
    meta, body = parse_document(data.decode("utf-8", "replace"))
    return meta.get("name"), is_forgotten(meta), body, expires_on(meta, written_at(meta, st.st_mtime_ns))


# -- standing: what steps out of the prompt (issue 21: worker/standing.py) -------------

class Standing(msgspec.Struct, frozen=True):
    """One curated row as the prompt's order sees it."""
    collection: str
    path: str
    pinned: bool
    expires: str | None
    active: str | None
    rank: float
    forgotten: bool

    def out_because(self, today: str, cutoff: str | None, named: bool = False) -> str:
        """Why the row steps out of the prompt before its file is read: "expired",
        "stale" (unused since before cutoff, not pinned, not named now), or ""."""
        if self.expires is not None and self.expires < today:
            return "expired"
        if cutoff is not None and not (self.pinned or named) and self.active is not None \
                and self.active < cutoff:
            return "stale"
        return ""


_COLUMNS = "collection, path, pinned, expires, active, rank, forgotten"


def _standing(rows) -> Iterator[Standing]:
    return (Standing(c, p, bool(pin), exp, act, rank or 0.0, bool(gone)) for c, p, pin, exp, act, rank, gone in rows)


def ordered(conn: sqlite3.Connection, memory: str, named: list[str], floor: float | None = None):
    """(the named items' rows, the other rows in the prompt's order — pinned first, then
    by rank — and how many rows in all), lazily, from the sealed listing; None when the
    listing is stale or absent, or the schema older than the standing columns.

    floor: the rank below which every unpinned item is stale (standing.stale_rank), so
    those rows are never read: a tree of old notes costs a prompt what a young one does."""
    sealed = listing(conn, memory)
    if sealed is None:
        return None
    _rows, total = sealed
    order = "ORDER BY rank DESC, mtime_ns DESC, path DESC"
    try:
        first = {} if not named else {s.path: s for s in _standing(conn.execute(
            f"SELECT {_COLUMNS} FROM curated WHERE path IN ({','.join('?' * len(named))})", named))}
        pinned = conn.execute(f"SELECT {_COLUMNS} FROM curated WHERE pinned = 1 {order}")
        rest = conn.execute(f"SELECT {_COLUMNS} FROM curated WHERE pinned = 0 AND rank >= ? {order}",
                            (-math.inf if floor is None else floor,))
    except sqlite3.Error:
        return None
    skip = set(first)
    return ([first[p] for p in named if p in first],
            (s for s in _standing(chain(pinned, rest)) if s.path not in skip), total)


def stepped_out_counts(conn: sqlite3.Connection, today: str, cutoff: str | None,
                       cap: int | None = None) -> dict[str, int]:
    """How many items are out as expired, and as stale by disuse (forgotten ones apart),
    counted off the indexes on expires and (pinned, forgotten, active); each count stops
    at cap when one is given (a prompt's report says "1000+": counting every stale note
    of a large old tree would make every prompt pay for its size)."""
    limit = -1 if cap is None else cap   # LIMIT -1: no limit
    try:
        expired = conn.execute("SELECT count(*) FROM (SELECT 1 FROM curated WHERE expires < ? "
                               "AND forgotten = 0 LIMIT ?)", (today, limit)).fetchone()[0]
        stale = 0 if cutoff is None else conn.execute(
            "SELECT count(*) FROM (SELECT 1 FROM curated WHERE pinned = 0 AND forgotten = 0 AND active < ? "
            "AND (expires IS NULL OR expires >= ?) LIMIT ?)", (cutoff, today, limit)).fetchone()[0]
    except sqlite3.Error:
        return {"expired": 0, "stale": 0}
    return {"expired": expired, "stale": stale}


def longest_unused(conn: sqlite3.Connection, cutoff: str | None, limit: int) -> list[Standing]:
    """A few of the unpinned items unused since before cutoff, the longest unused first,
    read off the (pinned, forgotten, active) index: --explain's sample of the stale."""
    if cutoff is None or limit <= 0:
        return []
    try:
        return list(_standing(conn.execute(
            f"SELECT {_COLUMNS} FROM curated WHERE pinned = 0 AND forgotten = 0 AND active < ? "
            f"ORDER BY active LIMIT ?", (cutoff, limit))))
    except sqlite3.Error:
        return []


def stale_items(conn: sqlite3.Connection, today: str, cutoff: str | None, limit: int = 1000) -> list[Standing]:
    """The items withheld from prompts as expired or stale (not forgotten), expired first
    then the longest unused, at most limit: what shelldon-status, shelldon-recall --stale
    and the dream list."""
    try:
        rows = conn.execute(
            f"SELECT {_COLUMNS} FROM curated WHERE forgotten = 0 AND (expires < ? OR "
            f"(? IS NOT NULL AND pinned = 0 AND active < ?)) "
            f"ORDER BY (expires < ?) DESC, coalesce(active, '') ASC, path LIMIT ?",
            (today, cutoff, cutoff, today, limit)).fetchall()
    except sqlite3.Error:
        return []
    return list(_standing(rows))


def stale_records(conn: sqlite3.Connection, now, stale_after_days: int, limit: int = 1000) -> list[dict]:
    """stale_items as records: item (COLLECTION/FILE), why ("expired" or "stale"),
    expires (its last day, or None) and last_active (when last used or written)."""
    from .standing import stale_cutoff, today
    day, cutoff = today(now), stale_cutoff(now, stale_after_days)
    return [{"item": row.path, "why": row.out_because(day, cutoff) or "stale", "expires": row.expires,
             "last_active": row.active} for row in stale_items(conn, day, cutoff, limit)]


def stale_count(conn: sqlite3.Connection, now, stale_after_days: int) -> int:
    """How many items stale_records would list, without a limit."""
    from .standing import stale_cutoff, today
    return sum(stepped_out_counts(conn, today(now), stale_cutoff(now, stale_after_days)).values())


def stale_line(record: dict) -> str:
    """One stale item for a person: why, and since when."""
    if record["why"] == "expired":
        return f"memory/{record['item']}: expired (its last day was {record['expires']})"
    return f"memory/{record['item']}: stale (last used or written {(record['last_active'] or '?')[:10]})"
