"""The read side of history.db: a mode=ro connection, recent(n) and search(query, k).

Also the names of the schema both sides share (the core creates it).
"""
import re
import sqlite3

import msgspec

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


WORD = re.compile(r"\w+")   # a word, as every reader of text splits it

class Message(msgspec.Struct, frozen=True):
    """A history row, in the order `SELECT id, turn_id, role, content, ts` gives it."""
    id: int
    turn_id: str | None    # None for a message recorded without a turn
    role: str              # 'owner' or 'pet'
    content: str
    ts: str


def match_terms(text: str, limit: int = MAX_QUERY_TERMS, common: bool = False) -> list[str]:
    """The bare word terms of a message, stopwords out, de-duplicated, capped. common: a
    text of nothing but stopwords keeps them — the owner who searches for "hello" means
    it; a prompt's recall for "hello there" is better without."""
    seen: list[str] = []
    words = WORD.findall(text)
    for word in words:
        folded = word.casefold()
        if folded in STOPWORDS or folded in seen:
            continue
        seen.append(folded)
        if len(seen) >= limit:
            break
    if common and not seen:
        seen = list(dict.fromkeys(word.casefold() for word in words))[:limit]
    return seen


def build_match_query(text: str, limit: int = MAX_QUERY_TERMS) -> str:
    """A MATCH expression that can only mean "any of these words": each quoted, OR-ed.

    Operators, column filters, prefixes and quotes in the message never reach the
    query engine as syntax. Returns '' when no term is left.
    """
    return " OR ".join(map(_quoted, match_terms(text, limit)))


def _quoted(term: str) -> str:
    """A word as an FTS string: \\w+ holds no quote, so it can only ever be a word."""
    return f'"{term}"'


def fts_kind(conn: sqlite3.Connection) -> str | None:
    row = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (FTS_TABLE,)).fetchone()
    if row is None:
        return None
    return "fts5" if "fts5" in row[0].lower() else "fts4"


# A message of a forgotten turn (shelldon-forget; migration 8) is in no read of history
# that feeds a prompt or a dream.
VISIBLE = "NOT EXISTS (SELECT 1 FROM hidden h WHERE h.turn_id = messages.turn_id)"


class HistoryReader:
    """Two query shapes over a read-only connection; neither gives a forgotten turn's
    messages (they are counted in `withheld`, for shelldon-assemble --explain)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.fts = fts_kind(conn)
        if self.fts == "fts4":
            from sqlite_fts4 import register_functions
            register_functions(conn)
        self._hidden: set[int] | None = None
        self.withheld: dict[str, list[str]] = {}   # read → the forgotten turns it left out

    def hidden_ids(self) -> set[int]:
        """Row ids of the messages of forgotten turns (none before migration 8)."""
        if self._hidden is None:
            try:
                self._hidden = {row[0] for row in self.conn.execute(   # by the turn index: no scan
                    "SELECT id FROM messages WHERE turn_id IN (SELECT turn_id FROM hidden)")}
            except sqlite3.OperationalError:   # no hidden table yet: nothing is forgotten
                self._hidden = set()
        return self._hidden

    def visible(self) -> str:
        """The SQL condition on `messages` that keeps forgotten turns out ('1' before migration 8)."""
        return VISIBLE if self.hidden_ids() else "1"

    def _withhold(self, read: str, rows) -> None:
        turns = list(dict.fromkeys(row[1] or "" for row in rows))
        if turns:
            self.withheld[read] = turns

    def recent(self, n: int) -> list[Message]:
        rows = self.conn.execute(
            f"SELECT id, turn_id, role, content, ts FROM messages WHERE {self.visible()} "
            f"ORDER BY id DESC LIMIT ?", (max(0, n),)).fetchall()
        if rows and self.hidden_ids():
            self._withhold("recent", self.conn.execute(
                f"SELECT id, turn_id FROM messages WHERE id > ? AND NOT {VISIBLE} ORDER BY id",
                (rows[-1][0] if len(rows) >= n else 0,)).fetchall())
        return [Message(*row) for row in reversed(rows)]

    # Recall's cost must not grow with the number of rows a word matches. Up to SMALL rows
    # the plain ranked query is cheap whatever it matches; above, see _bounded_search.
    SMALL = 20_000        # rows up to which the plain ranked query is used
    WINDOW = 20_000       # recent rows in which each word's frequency is sampled
    FULL_CAP = 3_000      # rows of the rarest words taken from the whole history, at most
    PAIR_CAP = 200        # expected rows holding both words of a pair
    PAIR_SCAN = 80_000    # rows the words of all pairs may match together, at most
    RECENT_CAP = 1_200    # rows of the recent window taken for the commoner words, about
    SHORTLIST = 120       # rows whose lengths may be read for the final order, at most

    def search(self, query: str, k: int, common: bool = False) -> list[Message]:
        """Most relevant first; any input is safe; a database error gives []. common: as
        for match_terms."""
        terms = match_terms(query, common=common)
        if not terms or k <= 0 or self.fts is None:
            return []
        try:
            hidden = self.hidden_ids()
            wanted = k + len(hidden)   # forgotten rows may rank among the best: ask for as many more
            if self.fts == "fts5":
                top = self.conn.execute("SELECT max(id) FROM messages").fetchone()[0] or 0
                if top > self.SMALL:
                    return self._visible(self._fetch(self._bounded_search(terms, wanted, top)), k)
            return self._visible(self._fetch(self._ranked(" OR ".join(map(_quoted, terms)), wanted)), k)
        except sqlite3.Error:
            return []

    def _visible(self, found: list[Message], k: int) -> list[Message]:
        hidden = self.hidden_ids()
        self._withhold("recall", [(m.id, m.turn_id) for m in found if m.id in hidden])
        return [m for m in found if m.id not in hidden][:k]

    def _ranked(self, expression: str, k: int, above: int = 0) -> list[int]:
        if self.fts == "fts5":
            sql = (f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? AND rowid > ? "
                   f"ORDER BY rank LIMIT ?")
        else:
            sql = (f"SELECT docid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? AND docid > ? "
                   f"ORDER BY rank_bm25(matchinfo({FTS_TABLE}, 'pcnalx')) LIMIT ?")
        return [row[0] for row in self.conn.execute(sql, (expression, above, k))]

    def _count(self, term: str, above: int = 0) -> int:
        return self.conn.execute(f"SELECT count(*) FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? "
                                 f"AND rowid > ?", (_quoted(term), above)).fetchone()[0]

    def _bounded_search(self, terms: list[str], k: int, top: int) -> list[int]:
        """Look at a bounded number of rows however common the words are, and rank them.

        1. Each word's document frequency is sampled in the last WINDOW rows (a count the
           window bounds), and counted exactly over the whole index only when the sample
           says it is rare (so that count is cheap too).
        2. Candidates: every row holding one of the rarest words (FULL_CAP rows in all),
           from the whole history; rows holding both words of a pair of the four rarest
           words when such rows are few ("tomato AND plant"), from the whole history,
           cheapest pairs first while their words match PAIR_SCAN rows in all; and
           rows holding the commoner words among the most recent rows only — a window
           shrunk to hold about RECENT_CAP of them. Words in more than half the rows are
           dropped while another word is left.
           A word that is rare in the window but was common long ago is counted exactly,
           which costs a walk of its doclist (~0.1 µs a row) — the one unbounded step.
        3. Order: bm25 with term frequency taken as 1 — the idf of each of the question's
           words a row is known to hold, normalised by the row's length. Lengths are read
           for the best rows by idf alone, then for any other row (of the SHORTLIST best)
           whose idf sum could still beat the k-th once its length is known. On a tie,
           what the owner said comes first (the pet's lines only echo it), then the newest.
        """
        import math
        self._owners: set[int] = set()
        window = min(self.WINDOW, top)
        above = top - window
        sampled = {t: self._count(t, above) for t in terms}
        estimate = {t: sampled[t] * top / window for t in terms}
        exact = {t: self._count(t) for t in terms if estimate[t] <= self.FULL_CAP}
        df = {t: exact.get(t, estimate[t]) for t in terms}
        terms = sorted((t for t in terms if df[t] > 0), key=lambda t: df[t])
        if len(terms) > 1:
            terms = [t for t in terms if df[t] <= top / 2] or terms[:1]
        idf = {t: math.log((top - df[t] + 0.5) / (df[t] + 0.5) + 1) for t in terms}
        bit = {t: 1 << n for n, t in enumerate(terms)}
        found_with: dict[str, set[int]] = {t: set() for t in terms}   # word → rows known to hold it

        def take(expression: str, words: tuple, above: int = 0) -> None:
            # the rows as one string, parsed in C: thousands of rows cost no Python loop
            found = self.conn.execute(
                f"SELECT group_concat(rowid) FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? AND rowid > ?",
                (expression, above)).fetchone()[0]
            if found:
                rows = set(map(int, found.split(",")))
                for t in words:
                    found_with[t] |= rows

        full, used = [], 0
        for t in terms:
            if t in exact and used + exact[t] <= self.FULL_CAP:
                full.append(t)
                used += exact[t]
                take(_quoted(t), (t,))
        head = terms[:4]
        pairs = sorted(((a, b) for i, a in enumerate(head) for b in head[i + 1:]
                        if not (a in full and b in full) and df[a] * df[b] / top <= self.PAIR_CAP),
                       key=lambda pair: df[pair[0]] + df[pair[1]])
        scanned, partners = 0, {}
        for a, b in pairs:   # the cheapest pairs first, within the scan budget
            scanned += df[a] + df[b]
            if scanned > self.PAIR_SCAN:
                break
            if a in full or b in full:   # every row of one is known: only the other's can be new
                known, other = (a, b) if a in full else (b, a)
                partners.setdefault(other, []).append(known)
            else:
                take(f"{_quoted(a)} AND {_quoted(b)}", (a, b))
        for other, known in partners.items():   # one query for all the pairs of a word
            take(f"{_quoted(other)} AND ({' OR '.join(map(_quoted, known))})", (other,))
        rest = [t for t in terms if t not in full]
        if rest:
            in_window = sum(sampled[t] for t in rest) or 1
            span = max(1, min(window, int(window * self.RECENT_CAP / in_window)))
            for t in rest:
                take(_quoted(t), (t,), top - span)
        # Rows grouped by mask — the bits of the words a row is known to hold — by splitting
        # the found rows word by word with set operations, in C: a Python step per row cost
        # ~3 ms a search over the few thousand rows found.
        parts = [(0, set().union(*found_with.values()))]
        for t in terms:
            split = []
            for mask, rows in parts:
                inside = rows & found_with[t]
                if inside:
                    split.append((mask | bit[t], inside))
                    rows -= inside
                if rows:
                    split.append((mask, rows))
            parts = split
        groups = dict(parts)
        weights: dict[int, list[float]] = {}

        def weight(mask: int) -> list[float]:
            if mask not in weights:
                weights[mask] = [idf[t] for t in terms if mask & bit[t]]
            return weights[mask]

        score = {mask: sum(weight(mask)) for mask in groups}
        # best idf sum first, then the newest: the rows of the masks of one sum sorted
        # natively (a key function per row cost ~1 ms a search)
        by_score: dict[float, list[int]] = {}
        for mask in groups:
            by_score.setdefault(score[mask], []).append(mask)
        ranked: list[int] = []
        holds: dict[int, int] = {}   # shortlisted row → its mask
        for value in sorted(by_score, reverse=True):
            masks = by_score[value]
            rows = groups[masks[0]] if len(masks) == 1 else set().union(*(groups[m] for m in masks))
            chosen = sorted(rows, reverse=True)[: self.SHORTLIST - len(ranked)]
            for rowid in chosen:
                holds[rowid] = next(m for m in masks if rowid in groups[m])
            ranked.extend(chosen)
            if len(ranked) >= self.SHORTLIST:
                break
        k1, b = 1.2, 0.75
        best = (k1 + 1) / (1 + k1 * (1 - b))   # bm25's factor for the shortest possible row
        lengths = self._lengths(ranked[: max(k, self.SHORTLIST // 4)])
        if not lengths:
            return ranked[:k]
        average = self._average_length() or sum(lengths.values()) / len(lengths)

        scores: dict[int, float] = {}

        def bm25(rowid: int) -> float:
            if rowid not in scores:
                norm = 1 - b + b * lengths.get(rowid, average) / average
                scores[rowid] = sum(w * (k1 + 1) / (1 + k1 * norm) for w in weight(holds[rowid]))
            return scores[rowid]
        def order(rowid: int):   # on a tie, what the owner said, then the newest
            return -round(bm25(rowid), 9), rowid not in owners, -rowid
        owners = self._owners
        scored = sorted(lengths, key=order)
        if len(scored) >= k:  # rows not read yet that could still beat the k-th: read them
            floor = bm25(scored[k - 1])
            more = [r for r in ranked if r not in lengths and score[holds[r]] * best >= floor]
            lengths.update(self._lengths(more))
        return sorted(lengths, key=order)[:k]

    def _average_length(self) -> float | None:
        """Tokens per row over the whole index, from FTS5's averages record (id 1)."""
        try:
            row = self.conn.execute(f"SELECT block FROM {FTS_TABLE}_data WHERE id = 1").fetchone()
        except sqlite3.Error:
            return None
        values, value = [], 0
        for byte in (row[0] if row and row[0] else b""):
            value = (value << 7) | (byte & 0x7F)
            if byte < 0x80:
                values.append(value)
                value = 0
                if len(values) == 2:   # the row count, then the one column's token total
                    break
        return values[1] / values[0] if len(values) == 2 and values[0] else None

    def _lengths(self, ids: list[int]) -> dict[int, int]:
        """Token counts of these rows from FTS5's docsize table ({} if it cannot be read);
        notes in self._owners which of them the owner said."""
        if not ids:
            return {}
        try:
            rows = self.conn.execute(
                f"SELECT d.id, d.sz, m.role = 'owner' FROM {FTS_TABLE}_docsize d JOIN messages m "
                f"ON m.id = d.id WHERE d.id IN ({','.join('?' * len(ids))})", ids).fetchall()
        except sqlite3.Error:
            return {}
        lengths = {}
        for rowid, blob, owner in rows:
            if owner:
                self._owners.add(rowid)
            value = 0
            for byte in blob or b"":  # the first varint (big-endian, 7 bits a byte): the count
                value = (value << 7) | (byte & 0x7F)
                if byte < 0x80:
                    break
            lengths[rowid] = value or 1
        return lengths

    def _fetch(self, ids: list[int]) -> list[Message]:
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        rows = {row[0]: Message(*row) for row in self.conn.execute(
            f"SELECT id, turn_id, role, content, ts FROM messages WHERE id IN ({marks})", ids)}
        return [rows[i] for i in ids if i in rows]

    def close(self) -> None:
        self.conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def db_uri(path: str, mode: str = "ro") -> str:
    """sqlite's URI for the database at path, opened in mode ("ro", or "rw": never created);
    the path percent-quoted, so a '?' or '#' in it stays part of it."""
    from urllib.parse import quote
    return f"file:{quote(path)}?mode={mode}"


def open_readonly(path: str, timeout: float = 5.0, snapshot: bool = False) -> HistoryReader:
    """A connection on which any write raises (sqlite's mode=ro). snapshot: every read through
    it sees the database as it was at open (one read transaction, ended by close())."""
    conn = sqlite3.connect(db_uri(path), uri=True, timeout=timeout,
                           isolation_level=None, check_same_thread=False)
    if snapshot:
        conn.execute("BEGIN")
    for attempt in range(READ_ATTEMPTS):
        try:
            return HistoryReader(conn)   # its first query starts the read
        except sqlite3.OperationalError as exc:
            if (getattr(exc, "sqlite_errorcode", 0) & 0xFF) != SQLITE_READONLY or attempt + 1 == READ_ATTEMPTS:
                conn.close()
                raise
            import time
            time.sleep(0.002 * (attempt + 1))


# A reader that may not write the WAL index (-shm), as a dropped worker, can catch the
# index's header while a writer rewrites it; sqlite then says SQLITE_READONLY_RECOVERY
# ("attempt to write a readonly database") though nothing needs recovering once the writer
# is done. Starting the read again a moment later succeeds (seen with 50 turns at once).
SQLITE_READONLY = 8
READ_ATTEMPTS = 5
