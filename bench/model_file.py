"""What both trainers (bench/train_instruction_model.py, bench/train_secret_model.py) do
with a model file: name the corpora it was learned from by sha256, tell a kept file from a
fresh training, and write or check it."""
import hashlib
import json
import os
import sys

from corpora import CORPORA

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from shelldon.util import linear_model  # noqa: E402

DIGITS = 4   # the bias is written rounded, as the weights are (linear_model.SCALE)
FIXTURES = os.path.dirname(CORPORA)   # tests/fixtures/: the files are named under it


def digest(files) -> dict[str, str]:
    """sha256 of each (path under tests/fixtures/, label) file."""
    out = {}
    for name, _label in files:
        with open(os.path.join(FIXTURES, name), "rb") as handle:
            out[name] = hashlib.sha256(handle.read()).hexdigest()
    return out


def contents(files, weights: dict[int, float], bias: float, threshold: float) -> dict:
    """A model file's content: threshold, bias, the corpora, the quantized weights."""
    return {"threshold": threshold, "bias": round(bias, DIGITS), "scale": linear_model.SCALE,
            "trained_on": digest(files), **linear_model.encode(linear_model.quantized(weights))}


def differs(kept: dict, fresh: dict) -> str | None:
    """Why the file kept differs from a fresh training, or None. The corpora must be the same
    files; the numbers may differ by a last unit (a platform's exp() rounds its own way)."""
    if kept["trained_on"] != fresh["trained_on"]:
        changed = sorted(set(kept["trained_on"].items()) ^ set(fresh["trained_on"].items()))
        return "the corpora changed: " + ", ".join(sorted({name for name, _digest in changed}))
    if kept["threshold"] != fresh["threshold"] or abs(kept["bias"] - fresh["bias"]) > 2 * 10 ** -DIGITS:
        return "another threshold or bias"
    old, new = (dict(zip(*linear_model.decode(model))) for model in (kept, fresh))
    if any(abs(old.get(k, 0) - new.get(k, 0)) > 1 for k in old.keys() | new.keys()):
        return "other weights"
    return None


def write_or_check(path: str, model: dict, trainer: str, check: bool) -> int:
    """Write model to path, or with check say whether path holds it (exit status)."""
    name = os.path.basename(path)
    if check:
        with open(path, encoding="utf-8") as handle:
            why = differs(json.load(handle), model)
        print(f"{name} is " + (f"NOT what training gives ({why}): run {trainer}" if why else "what training gives"))
        return 1 if why else 0
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(model, ensure_ascii=False, indent=0, sort_keys=True) + "\n")
    print(f"{path}: {len(linear_model.decode(model)[0])} weights from {len(model['trained_on'])} files")
    return 0


class Tally:
    """A --cross run's sums over the splits: at each threshold, what the model caught and
    the lines and notes it refused; and what those are out of."""

    def __init__(self):
        self.at: dict[float, list[int]] = {}
        self.of = {"let through": 0, "lines": 0, "notes": 0}

    def add(self, threshold: float, caught: int, lines: int, notes: int) -> None:
        self.at[threshold] = [a + b for a, b in zip(self.at.get(threshold, [0, 0, 0]), (caught, lines, notes))]

    def out_of(self, let_through: int, lines: int, notes: int) -> None:
        for name, count in (("let through", let_through), ("lines", lines), ("notes", notes)):
            self.of[name] += count

    def summary(self, gates: str, lines: str, notes: str) -> str:
        """The closing line: "all … let through N; 0.5: +caught, +lines/… and +notes/… refused; …"."""
        return (f"all        {gates} let through {self.of['let through']}; "
                + "; ".join(f"{t}: +{c} caught, +{r}/{self.of['lines']} {lines} and +{n}/{self.of['notes']} {notes} refused"
                            for t, (c, r, n) in self.at.items()))
