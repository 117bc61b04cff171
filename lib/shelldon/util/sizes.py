"""Sizes as the stages take them: a number of bytes, or with a K, M or G suffix (powers of 1024)."""

import re

_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmg]?)(?:i?b)?\s*$", re.IGNORECASE)


def parse_size(text: str) -> int:
    """Bytes for '500000', '64K', '10M', '1.5G' (also '10MiB', '10MB'); ValueError otherwise."""
    match = _SIZE.match(str(text))
    if not match:
        raise ValueError(f"not a size: {text!r} (use a number of bytes, or 64K, 10M, 1G)")
    value, unit = match.groups()
    return int(float(value) * _UNITS[unit.lower()])


def human(size: int) -> str:
    """1536 → '1.5 KiB'."""
    for unit, factor in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= factor:
            return f"{size / factor:.1f} {unit}"
    return f"{size} B"
