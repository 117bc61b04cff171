"""util/lazyre.py: Cues.held finds exactly the declared cues a text holds."""
import random

import pytest

from shelldon.util.lazyre import Cues

CUES = ("pas", "pass", "password", "sword", "word", "pw", "ass", "=", "7", " door", "κωδικ", "密码")


def _cues():
    cues = Cues()
    return cues, cues.group(*CUES[:7]), cues.group(*CUES[7:])


@pytest.mark.parametrize("text", [
    "", "p", "passwor", "my password is", "swordfish", "a=b", "front door 7", "ο κωδικός", "密码是",
    "passpasspass", "by the back door", "nothing here at all",
])
def test_held_is_every_cue_the_text_holds(text):
    cues, _first, _second = _cues()
    assert cues.held(text) == {cue for cue in CUES if cue in text}


def test_held_on_random_and_long_texts():
    """The trigram path (short texts) and the one-search-per-cue path (past Cues.LONG) agree
    with a plain substring test, overlapping cues included."""
    rng = random.Random(12)
    alphabet = "pasword =7 κωδικ密码"
    cues, _first, _second = _cues()
    for length in (3, 10, 57, 400, Cues.LONG + 10):
        for _ in range(50):
            text = "".join(rng.choice(alphabet) for _ in range(length))
            assert cues.held(text) == {cue for cue in CUES if cue in text}


def test_held_all_is_one_cue_of_each_group():
    cues, first, second = _cues()
    assert cues.held_all(cues.held("the password, front door 7"), first, second)
    assert not cues.held_all(cues.held("the password"), first, second)
    assert not cues.held_all(cues.held("nothing"), first)


def test_no_cue_declared_after_the_first_look():
    cues, _first, _second = _cues()
    cues.held("x")
    with pytest.raises(RuntimeError):
        cues.group("late")
