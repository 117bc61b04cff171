"""util/secret_model.py: the learned net of the secret gate, and bench/train_secret_model.py,
which trains it on the corpora the project has read."""
import sys

import pytest

from conftest import ROOT, checked_model_file
from shelldon.util import linear_model, secret_model
from shelldon.util.secrets import looks_secret, redact

sys.path.insert(0, str(ROOT / "bench"))
import train_secret_model as trainer  # noqa: E402
from corpora import READ, UNREAD  # noqa: E402

EVERY_WORD = (*linear_model.OFF[:2], 100.0, 0.0)   # a model that takes every word it scores


def test_the_file_is_what_training_on_the_read_corpora_gives():
    """A corpus line added or changed without training again fails here (and the file
    never holds a split still unread)."""
    model = checked_model_file("train_secret_model.py", secret_model.MODEL)
    assert not [name for name in model["trained_on"] if any(f"/{split}_" in name for split in UNREAD)]
    assert {f"gates/{split}_secrets.txt" for split in READ} <= set(model["trained_on"])
    assert model["threshold"] == trainer.THRESHOLD


def test_words_are_labelled_by_the_marks():
    rows = secret_model.labelled("pin for the shed: 4471, ok?", [(18, 22)])
    assert [label for _features, label in rows] == [0, 0, 0, 0, 1, 0]


def test_shapes():
    assert secret_model.shape("Pickle88") == "Aa9"
    assert secret_model.shape("3-1-4-1") == "9-9-9-9"
    assert secret_model.shape("hunter2hunter2") == "a9a9"


# Written for this test, after the model was trained: none of these sentences is in a corpus,
# and the patterns alone let each through.
@pytest.mark.parametrize("text, value", [
    ("storage unit barrier: 2290 then hash", "2290"),
    ("my kindle master is Lantern-Gravel-55", "Lantern-Gravel-55"),
    ("tell dad the bitwarden master is Oak-Plover-Thimble-8", "Oak-Plover-Thimble-8"),
])
def test_values_the_patterns_miss_are_learned(text, value):
    with secret_model.using(linear_model.OFF):
        assert value in redact(text)[0]
    out = redact(text)[0]
    assert value not in out and "[redacted:learned]" in out


@pytest.mark.parametrize("text", [
    "the gym is open 24 hours and the locker costs 2 pounds",
    "we moved the garden office meeting to 14:30 on 2024-05-03",
    "keypad batteries died again, bought a 4-pack of AA",
    "version 3.9.17 of the router firmware fixed the keypad bug",
    "card 4111 1111 1111 1112 is the example from the docs",
    "export SESSION_TIMEOUT_SECONDS=3600 in the profile",
])
def test_look_alikes_are_not(text):
    assert looks_secret(text) is None, redact(text)


def test_the_patterns_go_first():
    """A value the patterns find keeps their kind; the model only adds what they left."""
    text = "wifi password is Hx7!kq92Lm and the storage unit barrier: 2290 then hash"
    out = redact(text)[0]
    assert "[redacted:password]" in out and "[redacted:learned]" in out
    assert looks_secret(text) == "password"


def test_a_run_of_taken_words_is_one_marker():
    with secret_model.using(EVERY_WORD):
        assert secret_model.spans("password Blue Giraffe") == [(0, 21)]


def test_an_ordinary_text_is_not_scored():
    """Where no credential word stands, only a word with a digit or a symbol in it is
    scored: even a model that takes every word it scores takes no other."""
    with secret_model.using(EVERY_WORD):
        assert secret_model.spans("we walked the dog by the river and had tea") == []
        assert secret_model.spans("Tea with Ann, it's on me") == []
        assert secret_model.spans("Tea with Ann at 4pm") == [(16, 19)]
        assert secret_model.spans("the shed pin is Blue Giraffe") == [(0, 28)]


def test_off_leaves_the_patterns_alone():
    text = "storage unit barrier: 2290 then hash"
    with secret_model.using(linear_model.OFF):
        assert looks_secret(text) is None
    assert looks_secret(text) == "learned"
