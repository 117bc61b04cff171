"""An item's standing in the prompt: its score, when it expires, whether it is stale (pure).

The score is use decayed by age: every use counts, but the weight of the count halves with
each HALF_LIFE_DAYS since the item was last used, and writing an item counts as one use at
the time it was written (the floor that lets a new note in before anyone has asked about
it). In half-lives,

    rank = max(log2(hits) + day(last_used) / H, day(written) / H)

which orders items exactly as hits · 2^(-(now - last_used) / H) does, for any now: the
key does not move with the clock, so the core stores it (table `curated`, column `rank`)
and the prompt reads the items in its indexed order without computing anything. An item
used 8 times a quarter ago stands level with one used once today; one used 500 times a
year ago level with one written a month and a half ago.

An item expires after the day its header's `expires: YYYY-MM-DD` names, or `ttl_days`
days after it was written (`updated`, else `created`, else the file's mtime), whichever
comes first. It is stale when it expired, or when it has not been used or written for
`[memory] stale_after_days` and is not pinned. A stale item is withheld from prompts; it
stays on disk and the dream is asked about it.
"""
import math
from datetime import date, datetime, timedelta, timezone

HALF_LIFE_DAYS = 30.0
DEFAULT_STALE_AFTER_DAYS = 180
MAX_EXPIRES_YEARS = 5   # a `remember` op's expires may be at most this far ahead
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_TRUE_WORDS = ("true", "yes", "on", "1")


def parse_when(value) -> datetime | None:
    """A header's or a row's time (ISO 8601 date or time, as text) as an aware datetime;
    None when it is not one."""
    if value is None or isinstance(value, bool):
        return None
    try:
        when = datetime.fromisoformat(str(value).strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def day_number(when: datetime) -> float:
    return (when - _EPOCH).total_seconds() / 86400.0


def iso(when: datetime) -> str:
    """A time as the history writes one (UTC, seconds, Z): such texts compare as times."""
    return when.astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def rank(hits: int, last_used: datetime | None, written: datetime | None) -> float:
    """The stored ordering key (see the module's docstring): higher goes first."""
    floor = day_number(written) / HALF_LIFE_DAYS if written else -math.inf
    if hits <= 0 or last_used is None:
        return floor if written else 0.0
    return max(math.log2(hits) + day_number(last_used) / HALF_LIFE_DAYS, floor)


def score(stored_rank: float, now: datetime) -> float:
    """The rank as uses weighed at now: hits decayed by the age of the last use (1.0 is
    one use today, 0.5 one use a half-life ago) — what --explain shows."""
    return 2.0 ** (stored_rank - day_number(now) / HALF_LIFE_DAYS)


def is_pinned(meta: dict) -> bool:
    value = meta.get("pinned")
    if isinstance(value, str):
        return value.strip().casefold() in _TRUE_WORDS
    return value is True or (isinstance(value, int) and not isinstance(value, bool) and value == 1)


def written_at(meta: dict, mtime_ns: int | None = None) -> datetime | None:
    """When the item was last written: its header's `updated`, else `created`, else mtime."""
    for key in ("updated", "created"):
        when = parse_when(meta.get(key))
        if when is not None:
            return when
    if mtime_ns is None:
        return None
    return datetime.fromtimestamp(mtime_ns / 1e9, timezone.utc)


def expires_on(meta: dict, written: datetime | None) -> str | None:
    """The last day (YYYY-MM-DD) the item stands, from `expires` and `ttl_days`; None when
    it has neither (or neither is readable: a broken hand edit does not hide an item)."""
    days = []
    when = parse_when(meta.get("expires"))
    if when is not None:
        days.append(when.date())
    ttl = meta.get("ttl_days")
    if isinstance(ttl, str) and ttl.strip().isdigit():
        ttl = int(ttl)
    if isinstance(ttl, int) and not isinstance(ttl, bool) and 0 <= ttl <= 100 * 366 and written is not None:
        days.append(written.date() + timedelta(days=ttl))
    return min(days).isoformat() if days else None


def today(now: datetime) -> str:
    return now.astimezone(timezone.utc).date().isoformat()


def expired(expires: str | None, now: datetime) -> bool:
    """Past its last day (UTC)."""
    return expires is not None and expires < today(now)


def stale_cutoff(now: datetime, stale_after_days: int) -> str | None:
    """The ISO time before which an unpinned item's last use or write makes it stale; None
    when staleness by disuse is off (0)."""
    if stale_after_days <= 0:
        return None
    return iso(now - timedelta(days=stale_after_days))


def stale_rank(cutoff: str | None) -> float | None:
    """The rank below which an unpinned item is surely stale: rank ≥ day(active) / H for
    every item (a use counts at least once, and writing is the floor), so rank below
    day(cutoff) / H means active before cutoff. None when staleness is off."""
    when = parse_when(cutoff)
    return None if when is None else day_number(when) / HALF_LIFE_DAYS


def check_expires(text: str, now: datetime) -> str | None:
    """Why a `remember` op's expires cannot be taken (None when it can): a real date, not
    before today, at most MAX_EXPIRES_YEARS ahead."""
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return f"expires {text!r} is not a date (YYYY-MM-DD)"
    first = now.astimezone(timezone.utc).date()
    last = first.replace(year=first.year + MAX_EXPIRES_YEARS) if not (first.month == 2 and first.day == 29) \
        else first.replace(year=first.year + MAX_EXPIRES_YEARS, day=28)
    if day < first:
        return f"expires {text} is in the past"
    if day > last:
        return f"expires {text} is more than {MAX_EXPIRES_YEARS} years ahead"
    return None
