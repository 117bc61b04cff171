"""Linear models over sets of string features, as the gates' learned nets keep them: the
weights, a file's encoding of them, scoring, and training.

A feature is kept by its CRC-32, not its name, and its weight as a 16-bit integer: a model
file holds the two as sorted arrays (base64, little-endian), read in a fraction of a
millisecond and searched by bisection, where a table of feature names took milliseconds to
parse on a stage's first use. Two features that share a CRC-32 share a weight: with a
model's twenty to forty thousand, about one unseen feature in a hundred thousand does.

Training is logistic regression by stochastic gradient descent in plain Python, in a fixed
order (a seed): the same examples give the same weights, so a model file can be checked
against its corpora (bench/train_*_model.py --check).

Pure: what is learned from (feature sets) and the file's fields in, weights and scores out.
Which features a text has is each model's own business (core/instruction_model.py,
util/secret_model.py).
"""
import array
import binascii   # base64 in C: the base64 module costs more to import than the weights to read
import bisect
import contextlib
import math
import sys
import zlib

SCALE = 1000   # a weight is kept as round(weight * SCALE), a 16-bit integer
# weights nearer 0 than this (in SCALE units) are left out: a good part of a file, and the
# cross-validated figures are the same without them
SMALLEST = 25
_KEY_TYPE = next(code for code in "IL" if array.array(code).itemsize == 4)   # 32 bits, on every platform

OFF = (array.array(_KEY_TYPE), array.array("h"), 0.0, math.inf)   # a model that passes everything


def key(feature: str) -> int:
    """What a feature is kept by: its CRC-32."""
    return zlib.crc32(feature.encode("utf-8"))


def quantized(weights: dict[int, float]) -> dict[int, int]:
    """Weights as a file keeps them: 16-bit integers, SCALE to a unit; those smaller than
    SMALLEST left out."""
    kept = {k: max(-32767, min(32767, round(w * SCALE))) for k, w in weights.items()}
    return {k: w for k, w in kept.items() if abs(w) >= SMALLEST}


def packed(weights: dict[int, int]) -> tuple[array.array, array.array]:
    """(keys, weights) of quantized weights, as decode gives them: the keys sorted."""
    ordered = sorted(weights)
    return array.array(_KEY_TYPE, ordered), array.array("h", (weights[k] for k in ordered))


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
    """The quantized weights as a file's two fields: keys and weights, in base64."""
    keys, values = packed(weights)
    return {"keys": _packed(keys), "weights": _packed(values)}


def decode(data: dict) -> tuple[array.array, array.array]:
    """(keys, weights) of a file's fields: two arrays, the keys sorted."""
    return _unpacked(_KEY_TYPE, data["keys"]), _unpacked("h", data["weights"])


def load(path: str, trainer: str) -> tuple:
    """(keys, weights, bias, threshold) of a model file; trainer is the script that writes it,
    named in the error when the file was written at another scale."""
    import json
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    if data["scale"] != SCALE:
        raise RuntimeError(f"{path}: weights written at another scale; run {trainer}")
    return *decode(data), data["bias"], data["threshold"]


class Current:
    """The model a gate judges with: its file's, read once on first need, unless a block
    (using) puts another in its place."""

    def __init__(self, path: str, trainer: str):
        self.path, self.trainer = path, trainer
        self._file: tuple | None = None
        self._in_use: list[tuple] = []

    def trained(self) -> tuple:
        """(keys, weights, bias, threshold) of the file."""
        if self._file is None:
            self._file = load(self.path, self.trainer)
        return self._file

    def __call__(self) -> tuple:
        return self._in_use[-1] if self._in_use else self.trained()

    @contextlib.contextmanager
    def using(self, model: tuple):
        """Inside the block, judge with model (keys, weights, bias, threshold; packed gives
        the first two) instead of the file's: how a trainer measures a model trained without
        one corpus on that corpus, and the rules alone (OFF)."""
        self._in_use.append(model)
        try:
            yield
        finally:
            self._in_use.pop()


def score(model: tuple, keys) -> float:
    """The log-odds a model (keys, weights, bias, threshold) gives a set of feature keys."""
    known, weights, bias, _threshold = model
    total = 0
    for k in keys:
        at = bisect.bisect_left(known, k)
        if at < len(known) and known[at] == k:
            total += weights[at]
    return bias + total / SCALE


def train(examples, epochs: int = 15, rate: float = 0.2, l2: float = 1e-4,
          seed: int = 7, decay: bool = False) -> tuple[dict[int, float], float]:
    """(weights by key, bias) of a logistic regression over (features, 1 or 0) pairs by
    stochastic gradient descent, in a fixed order (seed). A feature seen in only one example
    is left out: it would learn that example, not a kind. With decay the step is rate /
    (1 + epoch): the last examples seen move the weights less, so one corpus more or less
    does not reshuffle the verdicts (with a constant step, the last pass's order decides
    much)."""
    import random
    from collections import Counter
    rows = [(set(features), label) for features, label in examples]
    seen = Counter(feature for row, _label in rows for feature in row)
    rows = [(sorted({key(feature) for feature in row if seen[feature] >= 2}), label) for row, label in rows]
    weights: dict[int, float] = {}
    bias = 0.0
    order = random.Random(seed)
    for epoch in range(epochs):
        order.shuffle(rows)
        step = rate / (1 + epoch) if decay else rate
        for row, label in rows:
            z = max(-30.0, min(30.0, bias + sum(weights.get(k, 0.0) for k in row)))
            error = 1.0 / (1.0 + math.exp(-z)) - label
            bias -= step * error
            for k in row:
                weight = weights.get(k, 0.0)
                weights[k] = weight - step * (error + l2 * weight)
    return weights, bias
