"""The read side of history.db: a mode=ro connection, recent(n) and search(query, k).

Also the names of the schema both sides share (the core creates it).
"""
import re
import sqlite3
from typing import NamedTuple

FTS_TABLE = "messages_fts"
MAX_QUERY_TERMS = 12

# Words so common that matching them says nothing about relevance.
STOPWORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further
had has have having he her here hers herself him himself his how i if in into is it its itself
just let me more most my myself no nor not now of off on once only or other our ours ourselves
out over own same she should so some such than that the their theirs them themselves then there
these they this those through to too under until up very was we were what when where which
while who whom why will with would you your yours yourself yourselves tell know think please
hi hello hey ok okay yes yeah thanks thank also really get got like just one s t don
""".split())


class Message(NamedTuple):
    id: int
    turn_id: str | None
    role: str
    content: str
    ts: str


def match_terms(text: str, limit: int = MAX_QUERY_TERMS) -> list[str]:
    """The bare word terms of a message, stopwords out, de-duplicated, capped."""
    seen: list[str] = []
    for word in re.findall(r"\w+", text):
        folded = word.casefold()
        if folded in STOPWORDS or folded in seen:
            continue
        seen.append(folded)
        if len(seen) >= limit:
            break
    return seen


def build_match_query(text: str, limit: int = MAX_QUERY_TERMS) -> str:
    """A MATCH expression that can only mean "any of these words": each quoted, OR-ed.

    Operators, column filters, prefixes and quotes in the message never reach the
    query engine as syntax. Returns '' when no term is left.
    """
    return " OR ".join(f'"{term}"' for term in match_terms(text, limit))


def fts_kind(conn: sqlite3.Connection) -> str | None:
    row = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (FTS_TABLE,)).fetchone()
    if row is None:
        return None
    return "fts5" if "fts5" in row[0].lower() else "fts4"


class HistoryReader:
    """Two query shapes over a read-only connection."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.fts = fts_kind(conn)
        if self.fts == "fts4":
            from sqlite_fts4 import register_functions
            register_functions(conn)

    def recent(self, n: int) -> list[Message]:
        rows = self.conn.execute(
            "SELECT id, turn_id, role, content, ts FROM messages ORDER BY id DESC LIMIT ?",
            (max(0, n),)).fetchall()
        return [Message(*row) for row in reversed(rows)]

    def search(self, query: str, k: int) -> list[Message]:
        """Most relevant first; any input is safe; a database error gives []."""
        expression = build_match_query(query)
        if not expression or k <= 0 or self.fts is None:
            return []
        try:
            if self.fts == "fts5":
                sql = (f"SELECT m.id, m.turn_id, m.role, m.content, m.ts FROM {FTS_TABLE} f "
                       f"JOIN messages m ON m.id = f.rowid WHERE {FTS_TABLE} MATCH ? "
                       f"ORDER BY f.rank LIMIT ?")
            else:
                sql = (f"SELECT m.id, m.turn_id, m.role, m.content, m.ts FROM "
                       f"(SELECT rowid AS rid, rank_bm25(matchinfo({FTS_TABLE}, 'pcnalx')) AS score "
                       f"FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ?) f "
                       f"JOIN messages m ON m.id = f.rid ORDER BY f.score LIMIT ?")
            return [Message(*row) for row in self.conn.execute(sql, (expression, k))]
        except sqlite3.Error:
            return []

    def close(self) -> None:
        self.conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def open_readonly(path: str, timeout: float = 5.0) -> HistoryReader:
    """A connection on which any write raises (sqlite's mode=ro)."""
    from urllib.parse import quote
    conn = sqlite3.connect(f"file:{quote(path)}?mode=ro", uri=True, timeout=timeout,
                           isolation_level=None, check_same_thread=False)
    return HistoryReader(conn)
