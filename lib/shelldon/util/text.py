"""Text normalised for "is this the same thing said again?" comparisons."""
import unicodedata


def _is_edge_junk(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch).startswith(("P", "S"))


def normalise(text: str) -> str:
    """NFC, casefold, every run of whitespace to one space, punctuation stripped at both ends.

    "Owner drinks  green tea." and "owner drinks green tea" normalise alike; words and
    punctuation inside the text are kept ("3.5 kg" stays "3.5 kg").
    """
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).casefold())
    folded = " ".join(folded.split())
    start, end = 0, len(folded)
    while start < end and _is_edge_junk(folded[start]):
        start += 1
    while end > start and _is_edge_junk(folded[end - 1]):
        end -= 1
    return folded[start:end]

