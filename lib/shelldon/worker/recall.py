"""Recall for the owner: full-text over the history and the curated tree together, and
the version history of one curated item. Read-only, like everything in worker/.

In the tree, a line matches a query word when the words are equal once case and accents
are folded and a plain English ending (-s, -es, -ed, -ing) is dropped (curated_list.fold).
Only the files that can match are read: those whose indexed words hold a query word, and
those the index does not describe as they are now (worker/curated_list.py); without an
index every file is read. History goes through the FTS index.
"""
import os
import re
import sqlite3

import msgspec

from ..contracts.limits import MAX_ITEM_READ
from ..contracts.markdown import is_forgotten, parse_document
from ..home import COLLECTIONS, Home
from ..util.beneath import READ_BOUND, read_regular, scandir_beneath
from ..util.errors import Rejected
from ..util.slug import slugify
from .curated_list import fold, indexed_matches, tree_state
from .history_read import WORD, match_terms, open_readonly

TOP_FILES = ("DIRECTIVE.md", "about.md", "summary.md", "episodes.md")   # episodes.md: before the monthly logs
MONTH_LOG = re.compile(r"\d{4}-\d{2}\.md")


# path: relative to the home, e.g. memory/facts/tea.md; line: 1-based in the file (header
# counted), as grep -n says.
class TreeHit(msgspec.Struct, frozen=True):
    path: str
    line: int
    text: str
    score: float
    forgotten: bool


class HistoryHit(msgspec.Struct, frozen=True):
    id: int
    turn_id: str | None
    role: str
    ts: str
    content: str


def _read_regular(root: str, path: str, limit: int) -> str | None:
    data = read_regular(root, path, limit)
    return None if data is None else data.decode("utf-8", "replace")


def candidate_files(home: Home, terms: set[str]) -> list[str]:
    """The files that can hold a line matching terms: the top files, every item the index
    does not describe as it is now (all of them without an index), and the indexed items
    holding a term."""
    reader = None
    if os.path.isfile(home.db):
        try:
            reader = open_readonly(home.db)
        except sqlite3.Error:
            pass   # no index: every file is read
    try:
        state = tree_state(reader.conn if reader else None, home.memory)
        matches = indexed_matches(reader.conn, terms) if reader and state.fresh else set()
    finally:
        if reader:
            reader.close()
    fresh = state.fresh if matches is not None else set()   # the index cannot say: read all
    items = sorted(p for p in state.files if p not in fresh or p in matches)
    return ([home.memory_file(name) for name in TOP_FILES] + episode_files(home)
            + [os.path.join(home.memory, p) for p in items])


def episode_files(home: Home) -> list[str]:
    """The monthly episode logs (memory/episodes/YYYY-MM.md), newest month first."""
    directory = os.path.join(home.memory, "episodes")
    try:   # through descriptors: a symlinked episodes/ is refused, like a collection
        with scandir_beneath(home.root, directory) as entries:
            names = [entry.name for entry in entries]
    except OSError:
        return []
    return [os.path.join(directory, n) for n in sorted(names, reverse=True)
            if MONTH_LOG.fullmatch(n)]


def search_tree(home: Home, query: str, n: int, include_forgotten: bool = False) -> list[TreeHit]:
    terms = {fold(t) for t in match_terms(query, common=True)}
    if not terms or n <= 0:
        return []
    hits: list[TreeHit] = []
    for path in candidate_files(home, terms):
        # the top files and the episode logs whole (bounded); an item as far as the prompt reads it
        whole = os.path.dirname(path) in (home.memory, os.path.join(home.memory, "episodes"))
        text = _read_regular(home.root, path, READ_BOUND if whole else MAX_ITEM_READ)
        if text is None:
            continue
        meta, body = parse_document(text)
        forgotten = is_forgotten(meta)
        if forgotten and not include_forgotten:
            continue
        offset = text[: len(text) - len(body)].count("\n")  # header lines before the body
        name = f"{meta.get('name', '')} {os.path.basename(path)[:-3]}"
        name_terms = terms & {fold(w) for w in WORD.findall(name)}
        best: list[TreeHit] = []
        for number, line in enumerate(body.split("\n"), offset + 1):
            found = terms & {fold(w) for w in WORD.findall(line)}
            if found:
                score = len(found) + 0.5 * len(name_terms - found)
                best.append(TreeHit(os.path.relpath(path, home.root), number, line.strip(), score, forgotten))
        if not best and name_terms:
            first = next(((i, ln) for i, ln in enumerate(body.split("\n"), offset + 1) if ln.strip()), None)
            if first:
                best.append(TreeHit(os.path.relpath(path, home.root), first[0], first[1].strip(),
                                    0.5 * len(name_terms), forgotten))
        hits.extend(best)
    hits.sort(key=lambda h: (-h.score, h.path, h.line))
    return hits[:n]


def search_history(home: Home, query: str, n: int) -> list[HistoryHit]:
    if n <= 0 or not os.path.isfile(home.db):
        return []
    with open_readonly(home.db) as reader:
        return [HistoryHit(m.id, m.turn_id, m.role, m.ts, m.content) for m in reader.search(query, n, common=True)]


# -- the history of one item --------------------------------------------------------

def item_path(spec: str) -> str:
    """'facts/tea', 'facts/Tea.md', 'memory/facts/tea', 'about' → 'memory/facts/tea.md'."""
    spec = spec.strip().removeprefix("./").removeprefix("memory/").removesuffix(".md")
    if spec in ("about", "summary", "episodes"):
        return f"memory/{spec}.md"
    if spec.startswith("episodes/") and MONTH_LOG.fullmatch(spec.removeprefix("episodes/") + ".md"):
        return f"memory/{spec}.md"
    collection, sep, name = spec.partition("/")
    if not sep or collection not in COLLECTIONS or not slugify(name):
        raise Rejected(f"not a curated item: {spec!r} (use COLLECTION/NAME, e.g. facts/tea; or about, summary, episodes, episodes/YYYY-MM)")
    return f"memory/{collection}/{slugify(name)}.md"


# kind: written, hand edit, held back, adopted, now; content: the whole file as it was
# (None when the journal does not hold it).
class Version(msgspec.Struct, frozen=True):
    kind: str              # written, hand edit, held back
    ts: str | None
    turn_id: str | None
    op: str | None
    content: str | None
    note: str | None


def _text(value) -> str | None:
    if value is None:
        return None
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def _op_content(args) -> str | None:
    """The content an op's journalled arguments carry, or None (none, or not readable)."""
    import json
    try:
        content = json.loads(args).get("content")
    except (ValueError, TypeError, AttributeError):
        return None
    return content if isinstance(content, str) else None


def item_history(home: Home, spec: str) -> tuple[str, list[Version]]:
    """(path, versions oldest first): each write with when and which turn, hand edits found
    between them, ops held back by a conflict, and the file as it is now."""
    import hashlib
    from .journal_read import path_rows
    rel = item_path(spec)
    data = read_regular(home.root, rel)
    current = None if data is None else data.decode("utf-8", "replace")
    current_hash = None if data is None else hashlib.sha256(data).hexdigest()
    rows = []
    if os.path.isfile(home.db):
        with open_readonly(home.db) as reader:
            rows = path_rows(reader.conn, rel)
    known: dict[str, str] = {r.before_hash: _text(r.before_content) for r in rows
                             if r.before_hash and r.before_content is not None}
    if current_hash:
        known[current_hash] = current
    versions: list[Version] = []
    shown = None         # the hash of the latest state listed
    wrote = False
    for r in rows:
        if r.before_hash != shown:
            if r.before_hash is None:
                versions.append(Version("hand edit", None, None, None, None, f"removed by hand before {r.turn_id}"))
            else:
                versions.append(Version("hand edit", None, None, None, known.get(r.before_hash),
                                        f"found before {r.turn_id}" if wrote
                                        else "made by hand before the core wrote it"))
            shown = r.before_hash
        if r.status == "conflict":
            versions.append(Version("held back", r.ts, r.turn_id, r.op, _op_content(r.args),
                                    "not applied: the file was edited by hand"))
            continue
        wrote = True
        note = {"forget": "forgotten", "restore": "restored", "adopt": "the owner's edit adopted",
                "revert": f"reverted ({r.reason or ''})".replace(" (revert of ", " (").strip()}.get(r.op or "", "")
        if r.op == "log_episode":
            appended = _op_content(r.args)
            note = "appended" if appended is None else "appended: " + appended
        content = known.get(r.after_hash) if r.after_hash and r.op != "log_episode" else None
        if content is None and r.after_hash and r.op in ("remember", "rewrite_about", "rewrite_summary"):
            # the file's bytes went (a later edit replaced them): what the op wrote is in its args
            content = _op_content(r.args)
            content = content.strip() if content is not None else None
            if content is not None:
                note = "the text the op wrote (the file's header is not kept)"
        if r.after_hash is None:
            note = note or "removed"
        versions.append(Version("written", r.ts, r.turn_id, r.op, content, note))
        shown = r.after_hash
    if current_hash != shown:
        versions.append(Version("hand edit", None, None, None, current,
                                "removed by hand" if current is None else
                                "edited by hand since" if wrote else "made by hand; the core never wrote it"))
    return rel, versions


# -- output -------------------------------------------------------------------------

def _one_line(text: str, width: int = 160) -> str:
    flat = " ⏎ ".join(part.strip() for part in text.strip().splitlines() if part.strip())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _when(ts: str) -> str:
    return ts.replace("T", " ").removesuffix("Z")[:16] if ts else "?"


def hit_lines(tree: list[TreeHit], history: list[HistoryHit]) -> list[str]:
    """grep-like: 'memory/facts/tea.md:6: text' for the tree, 'turn ID DATE role: text' for history."""
    lines = [f"{h.path}:{h.line}: {_one_line(h.text)}{'  [forgotten]' if h.forgotten else ''}" for h in tree]
    lines += [f"turn {h.turn_id or '-'} {_when(h.ts)} {h.role}: {_one_line(h.content)}" for h in history]
    return lines


def hit_objects(tree: list[TreeHit], history: list[HistoryHit]) -> list[dict]:
    out = [{"kind": "memory", "path": h.path, "line": h.line, "text": h.text, "score": h.score,
            "forgotten": h.forgotten} for h in tree]
    out += [{"kind": "history", "id": h.id, "turn_id": h.turn_id, "ts": h.ts, "role": h.role,
             "content": h.content} for h in history]
    return out


def _body(content: str | None) -> str | None:
    return None if content is None else parse_document(content)[1].strip("\n")


def history_lines(rel: str, versions: list[Version]) -> list[str]:
    written = sum(v.kind == "written" for v in versions)
    lines = [f"{rel.removeprefix('memory/')}: {written} write(s) by the core, {len(versions)} entries"]
    for v in versions:
        who = f"turn {v.turn_id} {v.op}" if v.turn_id else "by hand"
        lines.append(f"@ {_when(v.ts) if v.ts else '(time unknown)'}  {v.kind}  {who}"
                     + (f"  — {_one_line(v.note, 100)}" if v.note else ""))
        body = v.content if v.kind == "held back" else _body(v.content)
        if body is None:
            if v.kind != "held back" and v.op != "log_episode" and v.note not in ("removed", "removed by hand"):
                lines.append("    (content not kept)")
        else:
            lines.extend(f"    {line}" for line in (body.splitlines() or [""]))
    return [ln for ln in lines if ln != ""]


def stale(home: Home, config) -> list[dict]:
    """The items withheld from prompts as expired or unused (curated_list.stale_records),
    all of them: shelldon-recall --stale."""
    from ..config import stale_after_days
    from ..util.clock import now
    from .curated_list import stale_records
    days = stale_after_days(config)
    with open_readonly(home.db) as reader:
        return stale_records(reader.conn, now(), days, limit=1_000_000)
