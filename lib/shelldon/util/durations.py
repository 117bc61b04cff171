"""Durations as the stages take them: '30m', '6h', '2d', '45s', or a bare number of hours."""

import re

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")


def parse_duration(text: str) -> float:
    """Seconds for a duration string; ValueError with a readable message otherwise."""
    match = _DURATION.match(str(text))
    if not match:
        raise ValueError(f"not a duration: {text!r} (use 30m, 6h, 2d or a number of hours)")
    value, unit = match.groups()
    return float(value) * _UNITS[unit or "h"]


def seconds_option(flag: str, text: str, allow_zero: bool = False) -> float:
    """A daemon's time option: a bare number is seconds, else a duration ('90s', '2m').
    Usage (exit 2) for anything else, or for 0 unless allow_zero."""
    try:
        value = parse_duration(text if text[-1:].isalpha() else text + "s")
    except ValueError:
        value = -1.0
    if not (value >= 0 if allow_zero else value > 0):
        from .errors import Usage
        raise Usage(f"{flag}: {text!r} is not a time {'of zero or more' if allow_zero else 'above zero'} "
                    f"(seconds, or 90s, 2m)")
    return value
