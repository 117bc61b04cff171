"""What was forgotten, as text: for the summary, which is written before a forget and
would otherwise keep telling what the forgotten turns said.

A summary line is withheld when it names a forgotten item (its name as whole words) or
quotes a hidden turn or a --matching text. The prompt withholds such lines from the
summary it reads; the dream's new summary is filtered the same way before it is written.
"""
import re
import sqlite3

import msgspec

QUOTE_AT = 24   # a hidden message is recognised by its first characters (a summary cuts long ones)
QUOTE_MIN = 12  # a shorter one ("ok", "thanks!") is in too many lines to mean the forgotten one


class Forgotten(msgspec.Struct, frozen=True):
    names: tuple[str, ...] = ()     # forgotten items' names
    quotes: tuple[str, ...] = ()    # hidden turns' owner messages, --matching texts

    def __bool__(self) -> bool:
        return bool(self.names or self.quotes)


def read(conn: sqlite3.Connection) -> Forgotten:
    """What the hidden table says was forgotten (nothing before migration 8)."""
    try:
        rows = conn.execute("SELECT because, what FROM hidden WHERE what IS NOT NULL").fetchall()
        owners = [row[0] for row in conn.execute(
            "SELECT content FROM messages WHERE role = 'owner' AND turn_id IN (SELECT turn_id FROM hidden)")]
    except sqlite3.OperationalError:
        return Forgotten()
    names = [what for because, what in rows if not because.startswith("matching:")]
    texts = [what for because, what in rows if because.startswith("matching:")]
    return Forgotten(tuple(dict.fromkeys(names)), tuple(dict.fromkeys(texts + owners)))


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def withhold_lines(text: str, forgotten: Forgotten) -> tuple[str, int]:
    """(text without the lines that name or quote what was forgotten, how many went). Pure."""
    if not forgotten or not text:
        return text, 0
    names = [re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, n.split())) + r"(?!\w)", re.IGNORECASE)
             for n in forgotten.names if n.split()]
    quotes = [_fold(q)[:QUOTE_AT] for q in forgotten.quotes if len(_fold(q)) >= QUOTE_MIN]
    kept, gone = [], 0
    for line in text.split("\n"):
        folded = _fold(line)
        if any(p.search(line) for p in names) or any(q and q in folded for q in quotes):
            gone += 1
            continue
        kept.append(line)
    return "\n".join(kept), gone
