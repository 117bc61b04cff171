"""The time a stage acts at: now, or SHELLDON_NOW when a test (or a replay) pins it.

SHELLDON_NOW is an ISO 8601 time with an offset ("2024-05-01T12:00:00Z"); it moves only
the clock of the stages that ask this module (the dream's gates, prune's ages, the rules
brain's dates, the times ingest and apply stamp and check an expiry against).
"""
import os
from datetime import datetime, timezone

from .errors import Rejected


class BadClock(Rejected):
    """SHELLDON_NOW is set but is not a time."""


def parse_time(text: str) -> datetime:
    """An ISO 8601 time → an aware datetime (a time without an offset is taken as UTC)."""
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise BadClock(f"not an ISO 8601 time: {text!r}") from None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def now() -> datetime:
    pinned = os.environ.get("SHELLDON_NOW")
    if pinned:
        try:
            return parse_time(pinned)
        except BadClock as exc:
            raise BadClock(f"SHELLDON_NOW: {exc}") from None
    return datetime.now(timezone.utc)


def local_day(when: datetime) -> str:
    """The local calendar day of a time, as the budget and raw/ name days."""
    return when.astimezone().date().isoformat()   # four-digit years, as strftime does not promise
