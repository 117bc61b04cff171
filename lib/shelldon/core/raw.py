"""raw/YYYY-MM-DD.md: each day's turns as captured, appended, then aged out by prune.

Every message line is quoted with '> ', so nothing the owner types can look like an
entry heading: the headings are the only lines that start with '## '.
"""
import os
import re
from datetime import datetime

from ..home import Home
from ..util.atomic import append_durable, ensure_dir
from .history import iso

ENTRY_HEADING = re.compile(r"^## (\S+) · ", re.MULTILINE)


def quote(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))


def render_entry(turn_id: str, owner: str, pet: str, when: datetime) -> str:
    local = when.astimezone()
    return (f"## {turn_id} · {local.strftime('%H:%M:%S %z')}\n\n"
            f"**owner**\n{quote(owner)}\n\n**pet**\n{quote(pet)}\n\n")


def day_path(home: Home, when: datetime) -> str:
    return os.path.join(home.raw, f"{when.astimezone().strftime('%Y-%m-%d')}.md")


def turn_ids(text: str) -> list[str]:
    return ENTRY_HEADING.findall(text)


def append_turn(home: Home, turn_id: str, owner: str, pet: str, when: datetime) -> bool:
    """Append once: a turn already in that day's file is not written again."""
    ensure_dir(home.raw)
    path = day_path(home, when)
    existing, lead = b"", ""
    if os.path.exists(path):
        with open(path, "rb") as handle:
            existing = handle.read()
        whole = existing
        if existing and not existing.endswith(b"\n\n"):
            # Every whole entry ends in a blank line: this one was cut short (an append
            # killed mid-write; its turn never reached history, which is written after) or
            # trimmed by hand. Its heading does not count as the turn captured, and the
            # next entry starts a line of its own. Nothing already there is cut.
            whole = existing[:existing.rfind(b"\n## ") + 1]
            lead = "\n" if existing.endswith(b"\n") else "\n\n"
        # The turn's heading, found as bytes (turn ids are ASCII): a day's file grows with
        # every turn, and decoding and scanning it with a regex each time grows with it.
        heading = f"## {turn_id} · ".encode()
        if whole.startswith(heading) or b"\n" + heading in whole:
            return False
    chunk = lead + render_entry(turn_id, owner, pet, when)
    if not existing:
        day = os.path.basename(path)[:-3]
        from ..contracts.markdown import render_document  # the day's first turn only
        chunk = render_document({"name": day, "collection": "raw", "created": iso(when),
                                 "updated": iso(when), "source": turn_id}, "") + "\n" + chunk
    append_durable(path, chunk.encode("utf-8"))
    return True
