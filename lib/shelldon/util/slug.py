"""Names to file stems: one pure function, path-safe by construction."""
import re
import unicodedata

_NON_WORD = re.compile(r"[\W_]+")  # one run of non-word characters (underscore included) → one "-"
# Device names Windows refuses; a tree copied to a FAT-formatted SD card must survive.
_RESERVED = {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {f"lpt{i}" for i in range(10)}
MAX_SLUG = 80
# And in UTF-8 bytes: a file name holds 255 bytes (NAME_MAX), and `<slug>.md` must fit with
# room to spare, whatever the script. 240 is 80 three-byte characters, so every slug the
# code-point cap let through and the file system could hold is unchanged; only longer ones
# (four-byte characters, e.g. CJK extension B) are cut. util/atomic keeps the temp name
# `.<slug>.md.tmp.<pid>` within NAME_MAX on its own.
MAX_SLUG_BYTES = 240


def slugify(name: str) -> str:
    """NFC, casefold, every run of non-word characters to one '-', trimmed.

    Non-ASCII letters are kept (José → josé, 日本 → 日本); '../etc' → 'etc'. The result
    never contains a path separator or a dot, so it can never leave its directory.
    Returns '' when nothing is left; callers must refuse an empty slug.
    """
    text = unicodedata.normalize("NFC", name).casefold()
    text = unicodedata.normalize("NFC", text)  # casefold can denormalise (ß → ss is fine, others not)
    slug = _NON_WORD.sub("-", text).strip("-")[:MAX_SLUG]
    # errors="ignore" drops a character the byte cut split: the cut is on a boundary
    slug = slug.encode("utf-8")[:MAX_SLUG_BYTES].decode("utf-8", "ignore").strip("-")
    if slug in _RESERVED:
        slug += "-item"
    return slug
