"""raw/YYYY-MM-DD.md: each day's turns as captured, appended, then aged out by prune.

A file is named by the local day the turns in it were said (the machine's time zone, as
the budget counts days) and starts with a frontmatter header. Each entry is

    ## <turn id> · HH:MM:SS +zzzz
    (blank line) **owner**, the owner's message quoted; (blank line) **pet**, the reply
    quoted; a blank line.

Every message line is quoted with '> ', so nothing the owner types can look like an
entry heading: the headings are the only lines that start with '## ', and an entry can be
read back exactly. Writers hold the home's write lock, so appends never interleave; which
turns are written here, and when they are synced, is core/ingest.py's rule.
"""
import os
import re
from datetime import datetime, timedelta, timezone

import msgspec

from ..home import Home
from ..util.atomic import append_durable, append_to, ensure_dir, open_append
from ..util.beneath import open_regular, parent
from ..util.clock import local_day
from .history import iso

ENTRY_HEADING = re.compile(r"^## (\S+) · ", re.MULTILINE)
_ENTRY = re.compile(r"## (\S+) · (\d\d):(\d\d):(\d\d) ([+-])(\d\d)(\d\d)\n\n"
                    r"\*\*owner\*\*\n(>.*?)\n\n\*\*pet\*\*\n(>.*)\n\n", re.DOTALL)
# The longest whole entry: two messages of at most 64 KiB, each line quoted ('\n' becomes
# '>\n': twice the size at worst), and the heading. A tail read never goes further back.
MAX_ENTRY = 2 * (2 * 64 * 1024 + 16) + 256
_TAIL_STEP = 16 * 1024


class Entry(msgspec.Struct, frozen=True):
    """A whole entry read back from a day's file."""
    turn_id: str
    owner: str
    pet: str
    when: datetime


class Tail(msgspec.Struct, frozen=True):
    """The end of a day's file: what an append needs to know, read without the rest."""
    size: int                 # 0: no file yet
    whole: bool               # the file ends where an entry ends (or holds only its header)
    last: Entry | None        # the last entry, if it is whole


def quote(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))


def unquote(block: str) -> str | None:
    """quote()'s inverse; None if a line is not quoted (not an entry we wrote)."""
    lines = []
    for line in block.split("\n"):
        if line.startswith("> "):
            lines.append(line[2:])
        elif line == ">":
            lines.append("")
        else:
            return None
    return "\n".join(lines)


def render_entry(turn_id: str, owner: str, pet: str, when: datetime) -> str:
    local = when.astimezone()
    return (f"## {turn_id} · {local.strftime('%H:%M:%S %z')}\n\n"
            f"**owner**\n{quote(owner)}\n\n**pet**\n{quote(pet)}\n\n")


def day_path(home: Home, when: datetime) -> str:
    return os.path.join(home.raw, f"{local_day(when)}.md")


def turn_ids(text: str) -> list[str]:
    """Every entry's turn id, whole or cut short."""
    return ENTRY_HEADING.findall(text)


def parse_entry(text: str, day: str) -> Entry | None:
    """One entry, from its heading to its closing blank line; None unless it is whole."""
    match = _ENTRY.fullmatch(text)
    if match is None:
        return None
    turn_id, hh, mm, ss, sign, oh, om, owner, pet = match.groups()
    owner, pet = unquote(owner), unquote(pet)
    if owner is None or pet is None:
        return None
    offset = timedelta(hours=int(oh), minutes=int(om)) * (-1 if sign == "-" else 1)
    try:
        when = datetime.strptime(f"{day} {hh}:{mm}:{ss}", "%Y-%m-%d %H:%M:%S")
        when = when.replace(tzinfo=timezone(offset))
    except ValueError:
        return None
    return Entry(turn_id, owner, pet, when)


def read_tail(root: str, path: str) -> Tail:
    """The file's last entry, reading back from its end no further than that entry's start
    (MAX_ENTRY at most): the cost of an append does not grow with the day's file.
    A symlink or a FIFO at path, or a symlinked raw/, is refused before anything is read
    (util.beneath.SymlinkRefused): the file is reached from root (the home) by descriptors."""
    try:
        with parent(root, path) as (dir_fd, name):
            fd = open_regular(name, dir_fd, path)
    except FileNotFoundError:
        return Tail(0, True, None)
    try:
        size = os.fstat(fd).st_size
        step, chunk = _TAIL_STEP, b""
        while True:
            start = max(0, size - step)
            chunk = os.pread(fd, size - start, start)
            at = chunk.rfind(b"\n## ")
            if at != -1 or start == 0 or step == MAX_ENTRY:
                break
            step = min(2 * step, MAX_ENTRY)
    finally:
        os.close(fd)
    whole = chunk.endswith(b"\n\n") or (at == -1 and chunk.endswith(b"---\n"))
    if at == -1 or not whole:
        return Tail(size, whole, None)
    day = os.path.basename(path)[:-3]
    last = parse_entry(chunk[at + 1:].decode("utf-8", "replace"), day)
    return Tail(size, last is not None, last)


def append_turn(home: Home, turn_id: str, owner: str, pet: str, when: datetime,
                tail: Tail | None = None, sync: bool = True, held: dict[str, int] | None = None,
                path: str | None = None) -> Tail:
    """Append the turn's entry to its day's file; the file's tail after it. tail: the
    file's before it, as read_tail gave it, if the caller has read it already. sync=False
    leaves the fsync to the caller, who may cover many appends with one. held: the caller's
    open descriptors by path (a stream's batch): the day's file is opened once, kept there,
    and closed by the caller. path: day_path(home, when), if the caller has it."""
    path = path or day_path(home, when)
    if tail is None:
        tail = read_tail(home.root, path)
    chunk = render_entry(turn_id, owner, pet, when)
    if not tail.size:
        ensure_dir(home.raw, 0o700, root=home.root)
        from ..contracts.markdown import render_document  # the day's first turn only
        chunk = render_document({"name": local_day(when), "collection": "raw", "created": iso(when),
                                 "updated": iso(when), "source": turn_id}, "") + "\n" + chunk
    elif not tail.whole:
        # The file ends inside an entry: an append killed mid-write (its turn never reached
        # history, which is written after) or a file trimmed by hand. That entry does not
        # count as captured, nothing already there is cut, and this one starts on a line
        # of its own, after a blank line.
        chunk = "\n\n" + chunk
    data = chunk.encode("utf-8")
    # 0600 even in a home shared with the worker group: no worker reads the captures.
    if held is None:
        append_durable(path, data, mode=0o600, sync=sync, root=home.root)
    else:
        if path not in held:
            held[path] = open_append(path, 0o600, root=home.root)
        append_to(held[path], path, data, sync)
    return Tail(tail.size + len(data), True, Entry(turn_id, owner, pet, when))


