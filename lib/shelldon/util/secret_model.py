"""The learned net of the secret gate: a linear model that reads each word of a text, in its
place, and says whether it is a secret's value.

secrets.py's patterns read a secret's form, phrase by phrase: a credential word, how the
value is given ("is", ":", "then enter"), what the value looks like. Each was written after
reading secrets that got past the ones before, and a secret given some third way passes
them all. The model instead weighs what the gate corpora say about every word that held a
secret against every word beside it and in the look-alikes and notes: the word's shape
("Aa9" for "Pickle88", "9-9-9-9" for "3-1-4-1"), its length and digits, the words just
before and after it ("master is", "then hash"; a price before it, a unit after it), and
which credential words stand near it. A word that scores past the threshold is redacted,
as "learned" (the patterns' kinds go first: the model only adds what they missed).

Its weights, threshold and the corpora they were learned from (by name and sha256) are
data, in secret_model.json, which bench/train_secret_model.py writes (util/linear_model.py:
how the weights are kept, scored and learned). tests/test_secret_model.py fails when a
corpus changes and the file was not trained again.

Pure: text in, the spans of the words it takes out; the weights are read once, on first
need. Only a text that holds a credential word or a word with a digit or a symbol is
scored at all, in it only the words that could be a value, and of those the first MOST (a
thousand): a turn of plain words costs one search, and the longest message what a page
does.
"""
import os

from . import linear_model
from .lazyre import lazy
from .linear_model import OFF, key  # noqa: F401  (OFF: the trainer's and the tests')

MODEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "secret_model.json")
_current = linear_model.Current(MODEL, "bench/train_secret_model.py")
using = _current.using   # with using(model): … redacts with model, or the patterns alone (OFF)

_WORD = lazy(r"\S+")
_NOT_LETTER = lazy(r"\d|_|\w[^\w\s'’]+\w")   # a digit, or a symbol inside a word (not an apostrophe)
_EDGES = "\"'“”‘’()[]{}<>,.;:!?*"   # taken off a word's ends: the value is what they enclose
# Words near which values stand; a feature names which one, so the weights say how much each counts.
# Matched in small letters (a text lowered once is searched faster than a pattern that
# ignores case searches it).
_CREDENTIAL = lazy(r"pass|pw|pin|code|combo|combination|login|key|secret|cvv|cvc|otp|alarm|lock|safe|"
                   r"answer|master|wifi|wi-fi|seed|phrase|token|unlock|keypad|barrier|gate|door")
_SPOKEN = frozenset("zero oh o nought naught one won two too to three tree four for fore five six seven eight "
                    "ate nine niner ten eleven twelve double triple hundred thousand".split())
# Words that make the number before them an amount ("2048 bits", "1000 calls a day"): one
# feature for all of them, so a unit seldom seen in the corpora weighs as the common ones do.
_UNITS = frozenset("""
    bit bits byte bytes kb mb gb tb kbps mbps kg g mg lb lbs oz cm mm m km mi miles ft feet inch inches
    ml l litres liters s sec secs second seconds min mins minute minutes h hr hrs hour hours day days
    week weeks month months year years yrs % percent degrees deg volts v watts w kw kwh mah rpm hz
    calories kcal steps calls times tries attempts digits characters chars letters words pages
    people guests items pieces euros eur pounds gbp dollars usd quid pence cents
""".split())
# Words before a number that make it a price or a count ("cost me 2999", "paid 40"), one
# feature for all of them as for the units.
_AMOUNTS = frozenset("cost costs costing paid pay pays price priced spent spend worth owe owes about around "
                     "approx nearly almost £ $ € ¥ eur gbp usd".split())
_BEFORE, _AFTER = 8, 3   # how far back and ahead a credential word is looked for
# Words scored in one text, at most: an owner's message is a few dozen; a pasted log of
# thousands is left to the patterns, which stay linear, so a megabyte costs what a page does.
MOST = 1000


def _each_word(text: str):
    for match in _WORD().finditer(text):
        raw = match.group()
        core = raw.strip(_EDGES)
        if core:
            start = match.start() + raw.index(core)
            yield start, start + len(core), core


def words(text: str) -> list[tuple[int, int, str]]:
    """(start, end, word) of every word of a text: a run without spaces, its quotes, brackets
    and closing punctuation taken off."""
    return list(_each_word(text))


def shape(word: str) -> str:
    """A word's letters as A, a and 9, a run counted once, other characters as themselves:
    "Pickle88" → "Aa9", "3-1-4-1" → "9-9-9-9"; at most eight."""
    out: list[str] = []
    for ch in word:
        kind = "A" if ch.isupper() else "a" if ch.isalpha() else "9" if ch.isdigit() else ch
        if not out or out[-1] != kind:
            out.append(kind)
    return "".join(out)[:8]


def _size(count: int) -> str:
    for limit in (1, 2, 3, 4, 6, 8, 12, 20):
        if count <= limit:
            return str(limit)
    return "more"


def features(found: list[tuple[int, int, str]], i: int, lowered: list[str], credential: list[bool]) -> list[str]:
    """The features of the i-th of a text's words (context gives lowered and credential:
    each word in small letters, and whether it is a credential word)."""
    word = found[i][2]
    low, form = lowered[i], shape(word)
    digits = sum(ch.isdigit() for ch in word)
    before = lowered[i - 1] if i else "<"
    before2 = lowered[i - 2] if i > 1 else "<"
    after = lowered[i + 1] if i + 1 < len(lowered) else ">"
    out = ["bias", "s:" + form, "l:" + _size(len(word)), "sl:" + form + _size(len(word)), "w:" + low,
           "d:" + (_size(digits) if digits else "0"), "p1:" + before, "p2:" + before2, "n1:" + after,
           "p1s:" + before + "|" + form, "p12:" + before2 + " " + before, "n1s:" + after + "|" + form]
    if after in _UNITS:
        out.append("unit>")
    if before in _AMOUNTS or (before in ("me", "us", "them", "him", "her") and before2 in _AMOUNTS):
        out.append("<amount")
    if low in _SPOKEN:
        out.append("spoken")
        if (i and lowered[i - 1] in _SPOKEN) or (i + 1 < len(lowered) and lowered[i + 1] in _SPOKEN):
            out.append("spoken-run")
    for j in range(max(0, i - _BEFORE), i):
        if credential[j]:
            out += ["cb:" + lowered[j][:6], f"cbd:{min(i - j, 5)}{form}"]
    for j in range(i + 1, min(len(lowered), i + 1 + _AFTER)):
        if credential[j]:
            out.append("ca:" + lowered[j][:6])
    return out


def context(found: list[tuple[int, int, str]]) -> tuple[list[str], list[bool]]:
    """What features() reads of every word of a text, worked out once: the word in small
    letters, and whether it is a credential word."""
    lowered = [word.lower() for _s, _e, word in found]
    return lowered, [bool(_CREDENTIAL().search(word)) for word in lowered]


def labelled(text: str, values: list[tuple[int, int]]) -> list[tuple[list[str], int]]:
    """(features, 1 if the word is part of a secret's value else 0) of every word of a text;
    values: the (start, end) of each secret in it. What the trainer learns from."""
    found = words(text)
    lowered, credential = context(found)
    return [(features(found, i, lowered, credential), int(any(s < b and a < e for a, b in values)))
            for i, (s, e, _word) in enumerate(found)]


def _worth_scoring(word: str, talk: bool) -> bool:
    # in a text that names no credential, a value the corpora hold has a digit or a symbol
    # (a name or a plain word there is the patterns' to judge: a seed phrase, a security
    # answer): scoring only those keeps an ordinary turn cheap
    return talk or not word.replace("'", "").replace("’", "").isalpha()


def spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run of words the model takes for a secret's value, in order,
    among the first MOST words worth scoring."""
    talk = bool(_CREDENTIAL().search(text.lower()))
    if not talk and not _NOT_LETTER().search(text):
        return []   # no credential word, and nothing but words of letters
    model = _current()
    threshold = model[3]
    found: list[tuple[int, int, str]] = []
    chosen: list[int] = []   # the words scored: the first MOST worth it
    for word in _each_word(text):
        if len(chosen) == MOST and len(found) > chosen[-1] + _AFTER:
            break   # and the words the last one's features read
        found.append(word)
        if len(chosen) < MOST and _worth_scoring(word[2], talk):
            chosen.append(len(found) - 1)
    lowered, credential = context(found)
    out: list[tuple[int, int]] = []
    for i in chosen:
        start, end, _word = found[i]
        keys = {key(feature) for feature in features(found, i, lowered, credential)}
        if linear_model.score(model, keys) > threshold:
            if out and not text[out[-1][1]:start].strip():   # "blue giraffe": one value, one marker
                out[-1] = (out[-1][0], end)
            else:
                out.append((start, end))
    return out
