"""The text a gate matches: what a reader sees, with the tricks that hide a word undone.

skeleton(text) is the one normalisation both gates (util/secrets.py, core/poison.py) match
against. It keeps case and punctuation, so a key's letters and a sentence's shape survive;
it undoes, in order:

- compatibility forms (NFKC): full-width "ｉｇｎｏｒｅ", ligatures, mathematical letters;
- invisible characters: every format character (Unicode category Cf: zero-width spaces and
  joiners, bidi controls, the soft hyphen, word joiners, the BOM) and variation selectors;
- digits of other scripts ("᧐", "٣") → their ASCII digit, so the l33t fold sees them;
- confusable letters of other scripts (Cyrillic, Greek, Armenian, IPA) → the Latin letter
  they are drawn like. In a text that is mostly Latin every such letter is folded; in one
  that is mostly Cyrillic or Greek only words that mix in a Latin letter are, so Russian
  stays Russian for the patterns written in it;
- letters spelled out one by one ("i g n o r e", "f.r.o.m", "o.n") → the word, when single
  letters stand with the same separator between each (three or more when it is a space).

Pure; the tables are built once, at import, the patterns on first use (util/lazyre.py).
"""
import re
import unicodedata

from .lazyre import lazy

# Lower-case look-alikes; upper-case forms are added below from the same pairs.
_LOWER = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "и": "u", "к": "k", "м": "m", "н": "h",
    "о": "o", "п": "n", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ь": "b", "ѕ": "s",
    "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "һ": "h", "ү": "y",
    "ɡ": "g", "ѵ": "v", "ѡ": "w", "ӧ": "o", "є": "e",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c", "ϳ": "j", "ζ": "z",
    # Armenian
    "օ": "o", "ս": "u", "ո": "n", "հ": "h", "ց": "g", "ք": "p", "զ": "q", "ա": "w",
    # Latin letters from IPA and other blocks drawn like plain ones
    "ı": "i", "ɑ": "a", "ɩ": "i", "ʏ": "y", "ɪ": "i", "ɴ": "n", "ʀ": "r", "ᴀ": "a", "ᴄ": "c",
    "ᴅ": "d", "ᴇ": "e", "ᴋ": "k", "ᴍ": "m", "ᴏ": "o", "ᴘ": "p", "ᴛ": "t", "ᴜ": "u", "ᴠ": "v",
    "ᴡ": "w", "ᴢ": "z", "ꜱ": "s", "ɢ": "g", "ʜ": "h", "ʟ": "l", "ƿ": "p", "ɒ": "a", "ꜰ": "f", "ʙ": "b",
    "ᴊ": "j", "ǫ": "q",
}
_UPPER = {"А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
          "Т": "T", "У": "Y", "Х": "X", "І": "I", "Ј": "J", "Ѕ": "S", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W",
          "Ӏ": "I", "Һ": "H", "Ү": "Y", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I",
          "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Օ": "O",
          "Ս": "U", "Ւ": "L", "Ⴝ": "S"}
_CONFUSABLE = {**_LOWER, **_UPPER}
_FOLD = str.maketrans(_CONFUSABLE)
_FOLD_CHARS = frozenset(_CONFUSABLE)

_INVISIBLE = lazy(r"[\u00ad\u034f\u180b-\u180f\ufe00-\ufe0f\U000e0000-\U000e007f]")
# Single letters with the same separator between each: "i g n o r e", "f.r.o.m", "o.n".
_SPELLED = lazy(r"(?<![^\W_])([^\W\d_])([ .\-_*·•/|])((?:[^\W\d_]\2)*[^\W\d_])(?![^\W_])")
_WORD = lazy(r"[^\W\d_]+")
_WIDE_GAP = lazy(r"( {2,})")
_ASCII_DIGITS = frozenset("0123456789")


def _script(ch: str) -> str:
    code = ord(ch)
    if code < 0x250 or 0x1D00 <= code < 0x1DC0 or 0x1E00 <= code < 0x1F00 or 0xA720 <= code < 0xA800:
        return "latin"
    if 0x370 <= code < 0x400 or 0x1F00 <= code < 0x2000:
        return "greek"
    if 0x400 <= code < 0x530 or 0x2DE0 <= code < 0x2E00 or 0xA640 <= code < 0xA6A0:
        return "cyrillic"
    return "other"


def _strip_invisible(text: str) -> str:
    if text.isascii():
        return text
    text = _INVISIBLE().sub("", text)
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _fold_digits(text: str) -> str:
    return "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() and ch not in _ASCII_DIGITS else ch
                   for ch in text)


def _fold_confusables(text: str) -> str:
    if not any(ch in _FOLD_CHARS for ch in text):
        return text
    latin = other = 0
    for ch in text:
        if ch.isalpha():
            script = _script(ch)
            if script == "latin":
                latin += 1
            elif script in ("greek", "cyrillic"):
                other += 1
    if latin > other:
        return text.translate(_FOLD)
    # Mostly Cyrillic or Greek: only a word that mixes in a Latin letter is a disguise.
    return _WORD().sub(lambda m: m.group().translate(_FOLD)
                     if any(_script(c) == "latin" for c in m.group()) else m.group(), text)


def _join_spaced_words(text: str) -> str:
    """"f r o m   n o w   o n": letters one space apart and words two or more apart — then a
    two-letter word ("o n") is spelled too, which _join_spelled alone cannot tell."""
    chunks = _WIDE_GAP().split(text)
    words = chunks[::2]
    spelled = [len(word) > 1 and all(len(part) == 1 for part in word.split(" ")) for word in words]
    if sum(spelled) < 2 or sum(spelled) * 2 < len(words):
        return text
    return " ".join(word.replace(" ", "") if each else word for word, each in zip(words, spelled))


def _join_spelled(text: str) -> str:
    if "  " in text:
        text = _join_spaced_words(text)

    def join(m: re.Match) -> str:
        word = (m.group(1) + m.group(3)).replace(m.group(2), "")
        # two letters and a space ("a b") are two words; two and a dot ("o.n") are spelled
        return m.group() if len(word) < 3 and m.group(2) == " " else word
    return _SPELLED().sub(join, text)


def skeleton(text: str) -> str:
    """text with compatibility forms, invisibles, foreign digits, confusables and spelled-out
    letters folded (see the module docstring); case and punctuation are kept."""
    if not text:
        return text
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
        text = _strip_invisible(text)
        text = _fold_digits(text)
        text = _fold_confusables(text)
    return _join_spelled(text)
