"""Patterns compiled on first need, behind a cheap test of whether a text could match.

The gates (util/secrets.py, core/poison.py) hold dozens of large patterns; compiling them
all at import was most of a stage's start-up beyond its floor. lazy(source) returns a
function that compiles the pattern the first time it is called and returns the same
compiled pattern after; cued(text, cues, …) says whether text holds one of each group of
cue strings (a word every match of a pattern must contain), so an ordinary sentence
compiles little or nothing. A cue is a plain substring: it may say yes when the pattern
then finds nothing, never no when it would find something.
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
