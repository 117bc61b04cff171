"""The third net of the standing-instruction gate: a linear model over a sentence's words,
learned from the project's own gate corpora.

poison.py's patterns read an order's form, phrase by phrase; instruction_families.py the
families of words an order is made of. Both are rules written after reading orders that
got past them, and an order worded some third way passes both. The model instead weighs
every word, pair of words and word beginning of a sentence by how often it stood in the
planted orders of the corpora against the owner's facts, advice, secrets and look-alikes
beside them (logistic regression); a sentence whose weights add up past the threshold is
an order, "learned".

A feature is kept by its CRC-32, not its name, and its weight as a 16-bit integer: the
file holds the two as sorted arrays, read in a fraction of a millisecond and searched by
bisection, where a table of feature names took milliseconds to parse on every stage's
first note. (Two features that share a
CRC-32 share a weight; among the model's thirteen thousand, one in three hundred thousand
unseen features does.) They, the threshold and the corpora they were learned from (by name and sha256) are data,
in instruction_model.json, which bench/train_instruction_model.py writes (plain Python, a
fixed seed: the same corpora give the same file); its --top lists the heaviest features
by name. tests/test_instruction_model.py fails when a corpus changes and the file was not
trained again.

Pure: normalised text (poison.normalize) in, a score or a label out; the weights are read
once, on first need.
"""
import array
import binascii   # base64 in C: the base64 module costs more to import than the weights to read
import bisect
import contextlib
import functools
import math
import os
import sys
import zlib

from .instruction_families import WORD, is_unspaced, sentences

MODEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "instruction_model.json")
PREFIX = 4   # a word's first letters stand for its inflections: "igno" for ignore/ignoriere/ignorez
SCALE = 1000   # a weight is kept as round(weight * SCALE), a 16-bit integer
# weights nearer 0 than this (in SCALE units) are left out: forty per cent of the file, and
# the cross-validated figures are the same without them (bench/train_instruction_model.py)
SMALLEST = 25
_KEY_TYPE = next(code for code in "IL" if array.array(code).itemsize == 4)   # 32 bits, on every platform


def features(sentence: str) -> set[str]:
    """A normalised sentence's features: its words, each pair of neighbouring words, its
    first word and first two ("<the owner"), the beginning of each longer word ("^igno"),
    and each pair of letters of a script written without spaces (where a "word" is a whole
    clause)."""
    words = WORD().findall(sentence)
    found = set(words)
    found.update(f"{a} {b}" for a, b in zip(words, words[1:]))
    if words:   # how it opens: an order with a verb ("<ignore"), a note with its subject ("<the owner")
        found.add("<" + words[0])
        found.add("<" + " ".join(words[:2]))
    for word in words:
        if len(word) > PREFIX:
            found.add("^" + word[:PREFIX])
        if not word.isascii() and is_unspaced(word):
            found.update(word[i:i + 2] for i in range(len(word) - 1))
    return found


def key(feature: str) -> int:
    """What a feature is kept by: its CRC-32."""
    return zlib.crc32(feature.encode("utf-8"))


def keys(sentence: str) -> set[int]:
    """The keys of a normalised sentence's features."""
    return {key(feature) for feature in features(sentence)}


def quantized(weights: dict[int, float]) -> dict[int, int]:
    """Weights as the file keeps them: 16-bit integers, SCALE to a unit; those smaller than
    SMALLEST left out."""
    kept = {k: max(-32767, min(32767, round(w * SCALE))) for k, w in weights.items()}
    return {k: w for k, w in kept.items() if abs(w) >= SMALLEST}


def _packed(values: array.array) -> str:
    if sys.byteorder == "big":
        values = array.array(values.typecode, values)
        values.byteswap()   # the file is little-endian
    return binascii.b2a_base64(values.tobytes(), newline=False).decode("ascii")


def _unpacked(typecode: str, text: str) -> array.array:
    values = array.array(typecode, binascii.a2b_base64(text))
    if sys.byteorder == "big":
        values.byteswap()
    return values


def encode(weights: dict[int, int]) -> dict[str, str]:
    """The quantized weights as the file's two fields: keys and weights, in base64."""
    keys, values = packed(weights)
    return {"keys": _packed(keys), "weights": _packed(values)}


def decode(data: dict) -> tuple[array.array, array.array]:
    """(keys, weights) of the file's fields: two arrays, the keys sorted."""
    return _unpacked(_KEY_TYPE, data["keys"]), _unpacked("h", data["weights"])


def packed(weights: dict[int, int]) -> tuple[array.array, array.array]:
    """(keys, weights) of quantized weights, as decode gives them."""
    ordered = sorted(weights)
    return array.array(_KEY_TYPE, ordered), array.array("h", (weights[k] for k in ordered))


@functools.cache
def _trained() -> tuple:
    import json
    with open(MODEL, encoding="utf-8") as handle:
        data = json.load(handle)
    if data["scale"] != SCALE:
        raise RuntimeError(f"{MODEL}: weights written at another scale; run bench/train_instruction_model.py")
    return *decode(data), data["bias"], data["threshold"]


OFF = (array.array(_KEY_TYPE), array.array("h"), 0.0, math.inf)   # a model that passes everything: the rules alone
_in_use: list[tuple] = []


@contextlib.contextmanager
def using(model: tuple):
    """Inside the block, judge with model (keys, weights, bias, threshold; packed gives the
    first two) instead of the trained file's: how bench/train_instruction_model.py measures
    a model trained without one corpus on that corpus, and the rules alone (OFF)."""
    _in_use.append(model)
    try:
        yield
    finally:
        _in_use.pop()


def _model() -> tuple:
    return _in_use[-1] if _in_use else _trained()


def score(sentence: str, model: tuple | None = None) -> float:
    """The log-odds that a normalised sentence is an order to the pet."""
    known, weights, bias, _threshold = model or _model()
    total = 0
    for k in keys(sentence):
        at = bisect.bisect_left(known, k)
        if at < len(known) and known[at] == k:
            total += weights[at]
    return bias + total / SCALE


def standing_by_model(norm: str) -> str | None:
    """"learned" when a sentence of the normalised text scores past the model's threshold."""
    model = _model()
    threshold = model[3]
    return "learned" if any(score(sentence, model) > threshold for sentence in sentences(norm)) else None


def train(examples: list[tuple[str, int]], epochs: int = 15, rate: float = 0.2, l2: float = 1e-4,
          seed: int = 7) -> tuple[dict[int, float], float]:
    """(weights by key, bias) of a logistic regression over (normalised text, 1 for an
    order, 0 for not) by stochastic gradient descent, in a fixed order (seed). A feature
    seen in only one example is left out: it would learn that example, not a kind."""
    import random
    from collections import Counter
    rows = [(features(text), label) for text, label in examples]
    seen = Counter(feature for row, _label in rows for feature in row)
    rows = [(sorted({key(feature) for feature in row if seen[feature] >= 2}), label) for row, label in rows]
    weights: dict[int, float] = {}
    bias = 0.0
    order = random.Random(seed)
    for _epoch in range(epochs):
        order.shuffle(rows)
        for row, label in rows:
            z = max(-30.0, min(30.0, bias + sum(weights.get(k, 0.0) for k in row)))
            error = 1.0 / (1.0 + math.exp(-z)) - label
            bias -= rate * error
            for k in row:
                weight = weights.get(k, 0.0)
                weights[k] = weight - rate * (error + l2 * weight)
    return weights, bias
