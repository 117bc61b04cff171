"""The curated markdown tree, the writer side: what each file op turns into on disk.

plan() is the pure-ish half (read the current file, compute the new bytes); commit()
writes them atomically. No function here can name DIRECTIVE.md or anything under vault/:
the targets are about.md, summary.md, episodes/YYYY-MM.md and <collection>/<slug>.md, full
stop.

Episodes are kept by month (the UTC month of the turn): an append reads, hashes and
journals one month's log, so a turn's cost does not grow with the pet's age. A home's
older episodes.md, from before the split, stays where it is and is still read.
"""
import errno
import hashlib
import os
from datetime import datetime, timezone

import msgspec

from ..contracts import ContractError
from ..contracts.limits import MAX_ITEM_READ
from ..contracts.markdown import (add_tombstone, body_start, is_forgotten, parse_document,
                                  remove_tombstone, render_document, set_pin)
from ..contracts.ops import Forget, LogEpisode, Pin, Remember, Restore, RewriteAbout, RewriteSummary, Unpin
from ..home import Home
from ..util.atomic import write_atomic
from ..util.beneath import READ_BOUND, NotRegular, SymlinkRefused, read_bounded, read_regular, scandir_beneath
from ..util.slug import slugify
from .history import iso


class FileChange(msgspec.Struct):
    path: str
    before: bytes | None
    after: bytes
    note: str | None = None   # why nothing changed, when that needs saying (issue 8)

    @property
    def unchanged(self) -> bool:
        return self.before == self.after


def digest(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


EPISODES_DIR = "episodes"


def episode_path(home: Home, when: datetime) -> str:
    """The month's episode log a turn at `when` appends to: memory/episodes/YYYY-MM.md."""
    month = when.astimezone(timezone.utc).strftime("%Y-%m")
    return os.path.join(home.memory, EPISODES_DIR, f"{month}.md")


def target_path(home: Home, op, now: datetime | None = None) -> str:
    """Where an op writes (an episode: the log of now's month); refuses anything that would
    leave its directory."""
    if isinstance(op, RewriteAbout):
        return home.memory_file("about.md")
    if isinstance(op, RewriteSummary):
        return home.memory_file("summary.md")
    if isinstance(op, LogEpisode):
        return episode_path(home, now or datetime.now(timezone.utc))
    if isinstance(op, (Remember, Forget, Restore, Pin, Unpin)):
        slug = slugify(op.name)
        if not slug:
            raise ContractError(f"name {op.name!r} has nothing to make a file name from")
        directory = home.collection_dir(op.collection)
        path = os.path.join(directory, f"{slug}.md")
        if os.path.dirname(path) != directory:  # structural, whatever slugify returns
            raise ContractError(f"name {op.name!r} would leave {op.collection}/")
        return path
    raise ContractError(f"not a file op: {type(op).__name__}")


def read_plain(root: str, path: str) -> bytes | None:
    """The current bytes of the regular file at path, reached from root by descriptors;
    None if absent (its directory too). A symlink, a FIFO or any other non-file at path or
    on the way to it is refused (SymlinkRefused), and so is a file too large to rewrite."""
    try:
        _st, data = read_bounded(root, path, READ_BOUND + 1)
    except FileNotFoundError:
        return None
    except SymlinkRefused as exc:
        raise type(exc)(exc.errno, f"{exc.strerror} where the core would write", exc.filename) from None
    if len(data) > READ_BOUND:
        raise NotRegular(errno.EFBIG, f"larger than {READ_BOUND} bytes: not rewritten", path)
    return data


def plan(home: Home, op, source: str, now: datetime, proposed: bool = False) -> FileChange:
    """The file op's change. proposed: a brain proposed it — a `remember` of an item it was
    shown only cut keeps the older lines it was not shown (worker/itemview.keep_unseen)."""
    path = target_path(home, op, now)
    before = read_plain(home.root, path)
    old_meta, old_body = parse_document(before.decode("utf-8", "replace")) if before else ({}, "")
    stamp = iso(now)
    # -- owner's tools (issue 8) --------------------------------------------------------
    if isinstance(op, (Forget, Restore)):
        return _tombstone(home, path, before, op, stamp)
    if isinstance(op, (Pin, Unpin)):
        return _pin(home, path, before, isinstance(op, Pin))
    if isinstance(op, Remember) and before is None:
        twin = find_twin(home, op.collection, op.content)
        if twin is not None:
            twin_path, data = twin
            gone = " (forgotten)" if is_forgotten(parse_document(data.decode("utf-8", "replace"))[0]) else ""
            return FileChange(twin_path, data, data, note=f"already remembered as "
                              f"{op.collection}/{os.path.basename(twin_path)}{gone}")
    # -- end owner's tools --------------------------------------------------------------
    if isinstance(op, LogEpisode):
        meta = old_meta or {"name": "episodes", "collection": "episodes", "created": stamp,
                            "updated": stamp, "source": source}
        tags = f" [{', '.join(op.tags)}]" if op.tags else ""
        if before is not None and _has_entry(old_body, f"{source}{tags}", op.content.strip()):
            # Already appended by a run that died before journalling it: the retry must
            # not append it twice (found by tests/test_crash.py).
            return FileChange(path, before, before)
        entry = f"## {stamp} · {source}{tags}\n\n{op.content.strip()}\n"
        body = (old_body.rstrip("\n") + "\n\n" + entry) if old_body.strip() else entry
        meta = {**meta, "updated": stamp, "source": source}
        return FileChange(path, before, render_document(meta, body).encode())
    if isinstance(op, Remember):
        name, collection = op.name, op.collection
    else:
        name = collection = os.path.basename(path)[:-3]
    body = op.content.strip()
    kept = 0
    if proposed and isinstance(op, Remember) and before is not None:
        from ..worker.itemview import keep_unseen
        body, kept = keep_unseen(old_body, body)
    expires = getattr(op, "expires", None)
    if expires is not None:
        from ..worker.standing import check_expires
        why = check_expires(expires, now)
        if why:
            raise ContractError(why)
    if before is not None and old_body.strip() == body and old_meta.get("name", name) == name \
            and (expires is None or old_meta.get("expires") == expires):
        return FileChange(path, before, before)  # same content: no rewrite, no churn
    meta = {"name": name, "collection": collection, "created": old_meta.get("created", stamp),
            "updated": stamp, "source": source}
    # The owner's standing choices about the item outlive a new text of it; an expiry is
    # the statement's own, so a new text keeps one only if it carries one.
    meta.update((key, old_meta[key]) for key in KEPT_KEYS if key in old_meta)
    if expires is not None:
        meta["expires"] = expires
    note = f"kept the {kept} older line{'s' if kept != 1 else ''} the brain was not shown" if kept else None
    return FileChange(path, before, render_document(meta, body).encode(), note=note)


KEPT_KEYS = ("pinned", "ttl_days")


def _has_entry(body: str, heading_tail: str, content: str) -> bool:
    """Does the episode log already hold this turn's entry with this content?"""
    import re  # a pattern made of the entry itself: only when an episode is logged
    pattern = r"^## \S+ · " + re.escape(heading_tail) + r"\n\n" + re.escape(content) + r"\n"
    return re.search(pattern, body, re.MULTILINE) is not None


# -- owner's tools (issue 8) ----------------------------------------------------------

def _tombstone(home: Home, path: str, before: bytes | None, op, stamp: str) -> FileChange:
    forget = isinstance(op, Forget)
    return _flag(home, path, before, forget, "forgotten", is_forgotten,
                 lambda text: add_tombstone(text, stamp) if forget else remove_tombstone(text),
                 ("forgotten", "remembered"), op.tag, "mark it by hand")


def _pin(home: Home, path: str, before: bytes | None, pinned: bool) -> FileChange:
    from ..worker.standing import is_pinned
    return _flag(home, path, before, pinned, "pinned", is_pinned, lambda text: set_pin(text, pinned),
                 ("pinned", "not pinned"), "pin" if pinned else "unpin", "set `pinned:` by hand")


def _flag(home: Home, path: str, before: bytes | None, on: bool, key: str, is_set, change,
          states: tuple[str, str], verb: str, by_hand: str) -> FileChange:
    """One header flag of an item set (on) or cleared by change(text), a one-line edit that
    keeps every other byte; is_set reads it back from a parsed header."""
    rel = os.path.relpath(path, home.memory)
    if before is None:
        raise ContractError(f"no such item: {rel}")
    try:
        text = before.decode("utf-8")
    except UnicodeDecodeError:
        raise ContractError(f"{rel} is not UTF-8 text: {by_hand}") from None
    if is_set(parse_document(text)[0]) == on:
        return FileChange(path, before, before, note=f"{rel} is already {states[0] if on else states[1]}")
    after = change(text)
    if is_set(parse_document(after)[0]) != on:
        raise ContractError(f"cannot {verb} {rel}: its header is not one "
                            f"shelldon can read; edit the `{key}:` line by hand")
    return FileChange(path, before, after.encode("utf-8"))


def find_twin(home: Home, collection: str, content: str) -> tuple[str, bytes] | None:
    """An item of the collection whose body says the same thing (normalised), if any."""
    from ..util.text import normalise
    wanted = normalise(content)
    directory = home.collection_dir(collection)
    try:
        with scandir_beneath(home.root, directory) as entries:
            names = sorted(e.name for e in entries if e.name.endswith(".md") and not e.name.startswith("."))
    except FileNotFoundError:
        return None
    for name in names:
        path = os.path.join(directory, name)
        # one read, never past what a note can be: a 300 MB log is nobody's twin (a
        # symlink or a non-file reads as None: not a twin either)
        data = read_regular(home.root, path, MAX_ITEM_READ + 1)
        if data is not None and len(data) <= MAX_ITEM_READ and normalise(_body(data.decode("utf-8", "replace"))) == wanted:
            return path, data
    return None
def _body(text: str) -> str:
    # Only the body is compared: the header's bounds are found without reading its YAML,
    # so a remember into a large collection does not parse every header in it.
    start = body_start(text)
    return text if start is None else text[start:]
# -- end owner's tools ----------------------------------------------------------------


def commit(root: str, change: FileChange) -> None:
    """Write the change, every step relative to descriptors walked down from root (the
    home): a collection directory missing is made, one swapped for a symlink is refused."""
    if change.unchanged:
        return
    write_atomic(change.path, change.after, root=root, create=0o755)
