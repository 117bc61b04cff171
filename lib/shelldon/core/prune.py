"""Ageing raw/ out: day captures older than --keep-days, then the oldest while over --max-bytes.

The rule that never bends: a capture holding a turn that history.db does not have is kept,
whatever its age or size — raw/ is written before history, so such a file is the only copy
of that turn. plan() is pure (captures in → what goes); prune() reads raw/ and the history
under the write lock, removes, and returns the one summary line.
"""
import os
import re
from datetime import date, datetime

import msgspec

from ..home import Home
from ..util.atomic import remove_names
from ..util.beneath import READ_BOUND, SymlinkRefused, open_dir, open_regular, read_fd
from ..util.sizes import human
from . import raw

CAPTURE_NAME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})\.md$")
KEEP_DAYS = 30
NAMES_SHOWN = 4


class PruneSettings(msgspec.Struct, frozen=True):
    """config.toml [prune]; the flags beat it."""
    keep_days: int = KEEP_DAYS
    max_bytes: str | None = None      # '64M', or bytes; unset: no size cap


class Capture(msgspec.Struct):
    name: str
    day: date
    size: int
    unrecorded: int = 0               # turns in the file that history.db lacks


class Plan(msgspec.Struct):
    by_age: list[Capture] = msgspec.field(default_factory=list)
    by_size: list[Capture] = msgspec.field(default_factory=list)
    kept_unrecorded: list[Capture] = msgspec.field(default_factory=list)
    total_before: int = 0

    @property
    def removed(self) -> list[Capture]:
        return sorted(self.by_age + self.by_size, key=lambda c: c.day)

    @property
    def total_after(self) -> int:
        return self.total_before - sum(c.size for c in self.removed)


def plan(captures: list[Capture], today: date, keep_days: int, max_bytes: int | None) -> Plan:
    """Which captures go: by age first, then oldest first while raw/ is over max_bytes."""
    result = Plan(total_before=sum(c.size for c in captures))
    keep: list[Capture] = []
    for capture in sorted(captures, key=lambda c: c.day):
        old = (today - capture.day).days > keep_days
        if old and capture.unrecorded:
            result.kept_unrecorded.append(capture)   # would go, but holds the only copy of a turn
        if old and not capture.unrecorded:
            result.by_age.append(capture)
        else:
            keep.append(capture)
    if max_bytes is not None:
        total = sum(c.size for c in keep)
        for capture in keep:                       # oldest first
            if total <= max_bytes:
                break
            if capture.unrecorded:
                if capture not in result.kept_unrecorded:
                    result.kept_unrecorded.append(capture)
                continue
            result.by_size.append(capture)
            total -= capture.size
    return result


def survey(home: Home, has_turn) -> list[Capture]:
    """Every raw/YYYY-MM-DD.md that is a regular file, with its size and unrecorded turns.
    raw/ is reached from the home by descriptors (a symlinked raw/ is refused); a symlink,
    FIFO or directory in it is not ours to read or delete."""
    captures = []
    try:
        dir_fd = open_dir(home.root, home.raw)
    except FileNotFoundError:
        return []
    try:
        for name in sorted(os.listdir(dir_fd)):
            match = CAPTURE_NAME.match(name)
            if not match:
                continue
            try:
                day = date(*map(int, match.groups()))
            except ValueError:
                continue
            try:
                fd = open_regular(name, dir_fd, os.path.join(home.raw, name))
            except (FileNotFoundError, SymlinkRefused):
                continue
            try:
                size = os.fstat(fd).st_size
                text = read_fd(fd).decode("utf-8", "replace")
            finally:
                os.close(fd)
            unrecorded = sum(1 for turn_id in set(raw.turn_ids(text)) if not has_turn(turn_id))
            if size > READ_BOUND:   # not read to its end: it may hold a turn history lacks
                unrecorded = max(unrecorded, 1)
            captures.append(Capture(name, day, size, unrecorded))
    finally:
        os.close(dir_fd)
    return captures


def _names(captures: list[Capture]) -> str:
    shown = [c.name for c in captures[:NAMES_SHOWN]]
    more = len(captures) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def summary(result: Plan, dry_run: bool) -> str:
    removed = result.removed
    verb = "would remove" if dry_run else "removed"
    if removed:
        why = ", ".join(part for part in (f"{len(result.by_age)} by age" if result.by_age else "",
                                          f"{len(result.by_size)} by size" if result.by_size else "") if part)
        line = (f"{verb} {len(removed)} capture{'s' if len(removed) != 1 else ''} "
                f"({human(sum(c.size for c in removed))}; {why}): {_names(removed)}")
    else:
        line = f"{verb} nothing"
    if result.kept_unrecorded:
        line += (f"; kept {len(result.kept_unrecorded)} holding turns not in history: "
                 f"{_names(result.kept_unrecorded)}")
    return line + f"; raw/ {'would hold' if dry_run else 'holds'} {human(result.total_after)}"


def to_object(result: Plan, dry_run: bool) -> dict:
    """shelldon-prune --json: the run as one object (keys documented in its --help)."""
    return {"dry_run": dry_run,
            "removed": [{"name": c.name, "bytes": c.size, "why": "age" if c in result.by_age else "size"}
                        for c in result.removed],
            "kept_unrecorded": [c.name for c in result.kept_unrecorded],
            "bytes_before": result.total_before, "bytes_after": result.total_after}


def prune(home: Home, keep_days: int, max_bytes: int | None, dry_run: bool, now: datetime) -> tuple[Plan, str]:
    """Remove what plan() says (unless dry_run), under the write lock; the plan and its line."""
    from .session import write_session
    if keep_days < 0:
        from ..util.errors import Rejected
        raise Rejected(f"--keep-days must be 0 or more, not {keep_days}")
    today = now.astimezone().date()
    with write_session(home) as store:
        result = plan(survey(home, store.has_turn), today, keep_days, max_bytes)
        if not dry_run and result.removed:
            remove_names(home.raw, [c.name for c in result.removed], root=home.root)
    return result, summary(result, dry_run)
