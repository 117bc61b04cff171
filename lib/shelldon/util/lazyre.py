"""Patterns compiled on first need, behind a cheap test of whether a text could match.

The gates (util/secrets.py, core/poison.py) hold dozens of large patterns; compiling them
all at import was most of a stage's start-up beyond its floor. lazy(source) returns a
function that compiles the pattern the first time it is called and returns the same
compiled pattern after; cued(text, cues, …) says whether text holds one of each group of
cue strings (a word every match of a pattern must contain), so an ordinary sentence
compiles little or nothing. A cue is a plain substring: it may say yes when the pattern
then finds nothing, never no when it would find something.

A module with many cue groups, each tested on every text, declares them on one Cues():
held(text) finds every declared cue at once (only the cues that begin with one of the
text's three-letter runs are looked for), and each group's test is then a set lookup
(Cues.held_all).
"""
import functools
import re


def lazy(source: str, flags: int = 0):
    """A function returning re.compile(source, flags), compiled on its first call."""
    @functools.cache
    def pattern() -> re.Pattern:
        return re.compile(source, flags)
    return pattern


def cued(text: str, *groups) -> bool:
    """Whether text holds at least one cue of every group (each an iterable of substrings)."""
    # map over the bound __contains__: the loop runs in C, and the gates ask this of every
    # text for every pattern family (a turn's two halves, two dozen families)
    contains = text.__contains__
    for group in groups:
        if not any(map(contains, group)):
            return False
    return True


class Cues:
    """Cue groups that one look at a text answers for. group(*cues) declares a group and
    returns it (a frozenset); held(text) is the set of every declared cue that text holds;
    held_all(held, *groups) whether it holds one of each group — cued(text, *groups) with
    the looking done once for all the groups."""

    LONG = 4096   # past this many characters each cue is looked for on its own (see held)

    def __init__(self) -> None:
        self._cues: set[str] = set()
        self._index = None

    def group(self, *cues: str) -> frozenset:
        if self._index is not None:
            raise RuntimeError("a cue declared after the first look would never be found")
        self._cues.update(cues)
        return frozenset(cues)

    def held(self, text: str) -> set:
        if self._index is None:
            self._index = _by_trigram(self._cues)
        short, by_trigram, trigrams = self._index
        if len(text) > self.LONG:
            # a long text has most trigrams: one substring search per cue is cheaper, and
            # holds no set of every trigram in memory
            return set(filter(text.__contains__, self._cues))
        found = set(filter(text.__contains__, short))
        # a cue of three characters or more begins with one of the text's trigrams: only
        # those cues are looked for
        for trigram in trigrams.intersection({text[i:i + 3] for i in range(len(text) - 2)}):
            found.update(filter(text.__contains__, by_trigram[trigram]))
        return found

    @staticmethod
    def held_all(held: set, *groups: frozenset) -> bool:
        return bool(held) and all(not held.isdisjoint(group) for group in groups)


def _by_trigram(cues) -> tuple[tuple, dict, frozenset]:
    """(the cues shorter than three characters, {trigram: the cues it begins}, its keys)."""
    by_trigram: dict[str, list[str]] = {}
    for cue in cues:
        if len(cue) >= 3:
            by_trigram.setdefault(cue[:3], []).append(cue)
    return tuple(cue for cue in cues if len(cue) < 3), by_trigram, frozenset(by_trigram)
