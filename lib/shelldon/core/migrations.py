"""Schema changes, numbered and append-only; each runs once and is recorded in the database.

Never edit a migration that has shipped: add the next number.
"""
import os
import sqlite3
import sys

from ..worker.history_read import FTS_TABLE


class NoFullTextSearch(RuntimeError):
    """This sqlite has neither FTS5 nor FTS4: recall would silently be empty."""


def _has(module: str) -> bool:
    try:
        conn = sqlite3.connect(":memory:")
        conn.execute(f"CREATE VIRTUAL TABLE probe USING {module}(x)")
        conn.close()
        return True
    except sqlite3.OperationalError:
        return False


def choose_fts() -> str:
    """FTS5 where the build has it; FTS4 (ranked by sqlite-fts4) when forced or as fallback."""
    forced = os.environ.get("SHELLDON_FTS", "").lower()
    if forced not in ("", "fts4", "fts5"):
        raise NoFullTextSearch(f"SHELLDON_FTS must be fts4 or fts5, not {forced!r}")
    if forced != "fts4" and _has("fts5"):
        return "fts5"
    if _has("fts4"):
        if forced != "fts4":
            print("shelldon: warning: this sqlite lacks FTS5; using FTS4 with rank_bm25 "
                  "(no stemming)", file=sys.stderr)
        return "fts4"
    raise NoFullTextSearch("this sqlite build has neither FTS5 nor FTS4: shelldon needs one for recall")


def _fts_sql(kind: str) -> list[str]:
    if kind == "fts5":
        # porter stems (grew/growing), unicode61 folds diacritics (José/jose).
        create = (f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5(content, content='messages', "
                  f"content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')")
    else:
        create = (f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts4(content='messages', content, "
                  f"tokenize=unicode61 \"remove_diacritics=2\")")
    delete = (f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, content) VALUES ('delete', old.id, old.content)"
              if kind == "fts5" else f"DELETE FROM {FTS_TABLE} WHERE docid = old.id")
    insert = (f"INSERT INTO {FTS_TABLE}(rowid, content) VALUES (new.id, new.content)"
              if kind == "fts5" else f"INSERT INTO {FTS_TABLE}(docid, content) VALUES (new.id, new.content)")
    return [
        create,
        f"CREATE TRIGGER messages_ai AFTER INSERT ON messages BEGIN {insert}; END",
        f"CREATE TRIGGER messages_ad AFTER DELETE ON messages BEGIN {delete}; END",
        f"CREATE TRIGGER messages_au AFTER UPDATE ON messages BEGIN {delete}; {insert}; END",
    ]


def m001_core(conn: sqlite3.Connection) -> None:
    kind = choose_fts()
    statements = [
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        # Nothing NOT NULL that a later chat_id column would force a rebuild for.
        """CREATE TABLE messages (
            id      INTEGER PRIMARY KEY,
            turn_id TEXT,
            role    TEXT NOT NULL CHECK (role IN ('owner', 'pet')),
            content TEXT NOT NULL,
            ts      TEXT NOT NULL)""",
        "CREATE UNIQUE INDEX messages_turn_role ON messages(turn_id, role) WHERE turn_id IS NOT NULL",
        *_fts_sql(kind),
        """CREATE TABLE learnings (
            id               INTEGER PRIMARY KEY,
            pattern_key      TEXT,
            observation      TEXT NOT NULL,
            recurrence_count INTEGER NOT NULL DEFAULT 1,
            status           TEXT NOT NULL DEFAULT 'pending'
                               CHECK (status IN ('pending', 'promoted', 'pruned')),
            first_seen       TEXT NOT NULL,
            last_seen        TEXT NOT NULL)""",
        "CREATE UNIQUE INDEX learnings_key ON learnings(pattern_key) WHERE pattern_key IS NOT NULL",
        "CREATE INDEX learnings_pending ON learnings(status, recurrence_count)",
        """CREATE TABLE journal (
            id             INTEGER PRIMARY KEY,
            turn_id        TEXT NOT NULL,
            seq            INTEGER NOT NULL,
            op             TEXT,
            args           TEXT NOT NULL,
            status         TEXT NOT NULL,
            reason         TEXT,
            path           TEXT,
            before_hash    TEXT,
            after_hash     TEXT,
            before_content TEXT,
            ts             TEXT NOT NULL,
            UNIQUE (turn_id, seq))""",
        "CREATE INDEX journal_path ON journal(path)",
        "CREATE TABLE budget (day TEXT PRIMARY KEY, spent INTEGER NOT NULL DEFAULT 0)",
    ]
    for sql in statements:
        conn.execute(sql)
    conn.execute("INSERT INTO meta(key, value) VALUES ('fts', ?)", (kind,))


def m002_owner(conn: sqlite3.Connection) -> None:
    """The owner's tools (issue 8): hand-edit state, undo data and revert links in the
    journal; keyless learnings counted as recurrences of the same normalised observation."""
    from ..util.text import normalise
    for sql in (
        # 1 when the file, after this row, holds hand edits the core has not adopted.
        "ALTER TABLE journal ADD COLUMN hand INTEGER NOT NULL DEFAULT 0",
        # How to rebuild the before bytes of an append (log_episode) without storing the file.
        "ALTER TABLE journal ADD COLUMN undo TEXT",
        # "<turn id>#<seq>" of the row a revert row undid: reverting twice is a no-op.
        "ALTER TABLE journal ADD COLUMN reverts TEXT",
        "CREATE INDEX journal_reverts ON journal(reverts) WHERE reverts IS NOT NULL",
        "CREATE INDEX journal_status ON journal(status) WHERE status = 'conflict'",
        "ALTER TABLE learnings ADD COLUMN norm TEXT",
    ):
        conn.execute(sql)
    seen: set[str] = set()
    rows = conn.execute("SELECT id, observation FROM learnings WHERE pattern_key IS NULL "
                        "AND status = 'pending' ORDER BY id").fetchall()
    for row_id, observation in rows:
        norm = normalise(observation)
        if norm in seen:
            continue  # an older duplicate keeps the norm; this one stays as it was
        seen.add(norm)
        conn.execute("UPDATE learnings SET norm = ? WHERE id = ?", (norm, row_id))
    conn.execute("CREATE UNIQUE INDEX learnings_norm ON learnings(norm) "
                 "WHERE pattern_key IS NULL AND status = 'pending'")


def m003_pending_writes(conn: sqlite3.Connection) -> None:
    """Crash safety (issue 7): before renaming a file into place the core commits here the
    journal row it is about to write (entry, args, before content); the row's own
    transaction deletes it. The next write session journals a write that landed but whose
    row a kill cut off, and drops one that never landed (core/journal.recover_writes)."""
    conn.execute("CREATE TABLE pending_writes (path TEXT PRIMARY KEY, after_hash TEXT NOT NULL, "
                 "turn_id TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL, args TEXT NOT NULL, "
                 "before_content, ts TEXT NOT NULL)")


def m005_perf(conn: sqlite3.Connection) -> None:
    """Bounded costs as memory grows (docs/PERFORMANCE.md).

    - FTS5 leaves sized to the database page. A new history uses 1 KiB pages
      (core/history.py: fewer bytes to the WAL per turn; an SD card wears by bytes
      written); FTS5's own leaf size (pgsz, ~4 KiB by default) is brought under the page so
      an index leaf never spills into an overflow page. Older databases keep their pages.
    - `curated`: a derived listing of the curated tree, newest first, so prompt assembly
      reads a few rows instead of stat-ing every file each turn. The core refreshes it from
      the files whenever a collection directory's mtime moved (core/curated_index.py).
    """
    conn.execute("CREATE TABLE curated (path TEXT PRIMARY KEY, collection TEXT NOT NULL, "
                 "mtime_ns INTEGER NOT NULL)")
    conn.execute("CREATE INDEX curated_recent ON curated(mtime_ns DESC, path DESC)")
    if conn.execute("SELECT value FROM meta WHERE key = 'fts'").fetchone() != ("fts5",):
        return
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    if page < 4096:
        conn.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rank) VALUES ('pgsz', ?)", (page - 100,))


def m006_tree_words(conn: sqlite3.Connection) -> None:
    """recall and status without reading every file (docs/PERFORMANCE.md): each `curated`
    row keeps the item's words (`curated_words`, one ASCII token per folded word) and
    whether it is forgotten, with the mtime they were read at. Derived data: the seal is
    dropped so the next write session reads the tree once and fills them."""
    conn.execute("ALTER TABLE curated ADD COLUMN indexed_ns INTEGER")
    conn.execute("ALTER TABLE curated ADD COLUMN forgotten INTEGER NOT NULL DEFAULT 0")
    if conn.execute("SELECT value FROM meta WHERE key = 'fts'").fetchone() == ("fts5",):
        conn.execute("CREATE VIRTUAL TABLE curated_words USING fts5(words, tokenize = 'ascii')")
    else:
        conn.execute("CREATE VIRTUAL TABLE curated_words USING fts4(words, tokenize = simple)")
    conn.execute("DELETE FROM meta WHERE key = 'curated_dirs'")


def m007_headers(conn: sqlite3.Connection) -> None:
    """Prompt assembly without parsing YAML (core/curated_index.py): for each curated file
    the prompt reads — the items, DIRECTIVE.md, about.md, summary.md — what its header says
    (name, forgotten) and where its body starts, with the size and mtime it was read at; a
    reader trusts a row only while the file still has them (worker/curated_list.py).
    Derived data: every item is read again at the next write session to fill it."""
    conn.execute("CREATE TABLE headers (path TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, "
                 "size INTEGER NOT NULL, name TEXT, forgotten INTEGER NOT NULL, body_at INTEGER NOT NULL)")
    conn.execute("UPDATE curated SET indexed_ns = NULL")
    conn.execute("DELETE FROM meta WHERE key = 'curated_dirs'")


def m008_hidden(conn: sqlite3.Connection) -> None:
    """Forget that forgets: the turns kept out of every prompt (recall, the recent window,
    the dream's reading of history). A row per turn and reason — the item whose forget hid
    it (`memory/people/ana.md`), `turn` (shelldon-forget --turn) or `matching:<text>` —
    with what was forgotten (the item's name, the text) for the summary's filter, and the
    owner's turn that hid it, so a revert or a restore shows it again. History rows are
    never deleted: a turn is shown again by deleting its rows here."""
    conn.execute("CREATE TABLE hidden (turn_id TEXT NOT NULL, because TEXT NOT NULL, what TEXT, "
                 "by_turn TEXT NOT NULL, ts TEXT NOT NULL, PRIMARY KEY (turn_id, because))")
    conn.execute("CREATE INDEX hidden_by ON hidden(by_turn)")
    conn.execute("CREATE INDEX hidden_because ON hidden(because)")


def m010_item_use(conn: sqlite3.Connection) -> None:
    """How much each curated item is used (issue 21): a count and the time of the last turn
    that named it (worker/curated_list.named_items), kept by the core in the turn's own
    transaction. Not derived: the tree does not hold it, so deleting it loses the counts.
    And `item_names`, the folded words of each item's name with how many it has, so the
    items a message names are found by their names alone (derived: the next write session
    reads the tree again to fill it)."""
    conn.execute("CREATE TABLE item_use (path TEXT PRIMARY KEY, hits INTEGER NOT NULL, "
                 "last_used TEXT NOT NULL)")
    conn.execute("CREATE TABLE item_names (word TEXT NOT NULL, path TEXT NOT NULL, "
                 "words INTEGER NOT NULL, PRIMARY KEY (word, path)) WITHOUT ROWID")
    conn.execute("CREATE INDEX item_names_path ON item_names (path)")
    conn.execute("UPDATE curated SET indexed_ns = NULL")
    conn.execute("DELETE FROM meta WHERE key = 'curated_dirs'")


def m011_standing(conn: sqlite3.Connection) -> None:
    """What goes into the prompt (issue 21; worker/standing.py): each `curated` row keeps
    whether the item is pinned, the last day it stands (`expires`, from its header's
    expires or ttl_days), when it was written, when it was last active (written or used)
    and its rank (use decayed by age), indexed in the prompt's order; `headers` keeps
    pinned and expires too, so a reader of a file edited by hand sees its own header.
    Derived data: every item is read again at the next write session to fill them."""
    for sql in (
        "ALTER TABLE curated ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE curated ADD COLUMN expires TEXT",
        "ALTER TABLE curated ADD COLUMN written TEXT",
        "ALTER TABLE curated ADD COLUMN active TEXT",
        "ALTER TABLE curated ADD COLUMN rank REAL NOT NULL DEFAULT 0",
        # the prompt's order, read as two ranges: the pinned, then the others down to the
        # rank below which every item is stale (worker/curated_list.ordered)
        "CREATE INDEX curated_order ON curated (pinned, rank, mtime_ns, path)",
        # counts of what stepped out, answered from the indexes alone
        "CREATE INDEX curated_expires ON curated (expires, forgotten) WHERE expires IS NOT NULL",
        "CREATE INDEX curated_active ON curated (pinned, forgotten, active, expires)",
        "ALTER TABLE headers ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE headers ADD COLUMN expires TEXT",
        "DELETE FROM headers",
        "UPDATE curated SET indexed_ns = NULL",
        "DELETE FROM meta WHERE key = 'curated_dirs'",
    ):
        conn.execute(sql)


MIGRATIONS = [
    (1, "core", m001_core),
    (2, "owner", m002_owner),
    (3, "pending writes", m003_pending_writes),
    (5, "perf", m005_perf),   # perf's reserved number
    (6, "tree words", m006_tree_words),
    (7, "headers", m007_headers),
    (8, "hidden turns", m008_hidden),
    (10, "item use", m010_item_use),   # memory's reserved number
    (11, "standing", m011_standing),   # memory2's reserved number
]
