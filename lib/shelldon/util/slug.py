"""Names to file stems: one pure function, path-safe by construction."""
import unicodedata

from . import regex

patterns = regex.Cache(__file__)

_NON_WORD = patterns.compile(r"[\W_]+")  # one run of non-word characters (underscore included) → one "-"
# Device names Windows refuses; a tree copied to a FAT-formatted SD card must survive.
_RESERVED = {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {f"lpt{i}" for i in range(10)}
MAX_SLUG = 80


def slugify(name: str) -> str:
    """NFC, casefold, every run of non-word characters to one '-', trimmed.

    Non-ASCII letters are kept (José → josé, 日本 → 日本); '../etc' → 'etc'. The result
    never contains a path separator or a dot, so it can never leave its directory.
    Returns '' when nothing is left; callers must refuse an empty slug.
    """
    text = unicodedata.normalize("NFC", name).casefold()
    text = unicodedata.normalize("NFC", text)  # casefold can denormalise (ß → ss is fine, others not)
    slug = _NON_WORD.sub("-", text).strip("-")[:MAX_SLUG].strip("-")
    if slug in _RESERVED:
        slug += "-item"
    return slug


patterns.save()
