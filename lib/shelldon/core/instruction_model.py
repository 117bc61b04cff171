"""The third net of the standing-instruction gate: a linear model over a sentence's words,
learned from the project's own gate corpora.

poison.py's patterns read an order's form, phrase by phrase; instruction_families.py the
families of words an order is made of. Both are rules written after reading orders that
got past them, and an order worded some third way passes both. The model instead weighs
every word, pair of words and word beginning of a sentence by how often it stood in the
planted orders of the corpora against the owner's facts, advice, secrets and look-alikes
beside them (logistic regression); a sentence whose weights add up past the threshold is
an order, "learned". One it is sure of the other way (below VETO) overrules the second net,
which counts an order's words and not who says them.

Its weights, threshold and the corpora they were learned from (by name and sha256) are
data, in instruction_model.json, which bench/train_instruction_model.py writes
(util/linear_model.py: how the weights are kept, scored and learned); its --top lists the
heaviest features by name. tests/test_instruction_model.py fails when a corpus changes and
the file was not trained again.

Pure: normalised text (poison.normalize) in, a score or a label out; the weights are read
once, on first need.
"""
import os

from ..util.linear_model import OFF, SCALE, decode, encode, key, packed, quantized  # noqa: F401  (the trainer's)
from ..util import linear_model
from .instruction_families import WORD, is_unspaced, sentences

MODEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "instruction_model.json")
PREFIX = 4   # a word's first letters stand for its inflections: "igno" for ignore/ignoriere/ignorez


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


def keys(sentence: str) -> set[int]:
    """The keys of a normalised sentence's features."""
    return {key(feature) for feature in features(sentence)}


_current = linear_model.Current(MODEL, "bench/train_instruction_model.py")
_trained = _current.trained
_model = _current
using = _current.using   # with using(model): … judges with model, or the rules alone (OFF)


def score(sentence: str, model: tuple | None = None) -> float:
    """The log-odds that a normalised sentence is an order to the pet."""
    return linear_model.score(model or _model(), keys(sentence))


# A sentence the model scores below this is a note, whatever words of an order it holds:
# the second net's count of those words is overruled (poison._label). Chosen by
# bench/train_instruction_model.py --cross: the highest at which no injection the second net
# caught, in a split the model was not trained on, would have been let through.
VETO = -8.0


def surely_not_an_order(sentence: str) -> bool:
    """Whether the model is sure a normalised sentence is not an order (it scores below VETO)."""
    return score(sentence) < VETO


def standing_by_model(norm: str) -> str | None:
    """"learned" when a sentence of the normalised text scores past the model's threshold."""
    model = _model()
    threshold = model[3]
    return "learned" if any(score(sentence, model) > threshold for sentence in sentences(norm)) else None


def train(examples: list[tuple[str, int]], **settings) -> tuple[dict[int, float], float]:
    """(weights by key, bias) learned from (normalised text, 1 for an order, 0 for not)."""
    return linear_model.train([(features(text), label) for text, label in examples], **settings)
