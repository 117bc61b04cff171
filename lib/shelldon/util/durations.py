"""Durations as the stages take them: '30m', '6h', '2d', '45s', or a bare number of hours."""

from . import regex

patterns = regex.Cache(__file__)

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_DURATION = patterns.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")


def parse_duration(text: str) -> float:
    """Seconds for a duration string; ValueError with a readable message otherwise."""
    match = _DURATION.match(str(text))
    if not match:
        raise ValueError(f"not a duration: {text!r} (use 30m, 6h, 2d or a number of hours)")
    value, unit = match.groups()
    return float(value) * _UNITS[unit or "h"]


patterns.save()
