"""normalise (duplicates) and the journal's undo data (revert)."""
from hypothesis import given, strategies as st

from shelldon.core import undo
from shelldon.util.text import normalise


def test_normalise_folds_case_space_and_edge_punctuation():
    assert normalise("  Owner drinks\n green  TEA. ") == normalise("owner drinks green tea") == "owner drinks green tea"
    assert normalise("«José» likes TEA!") == "josé» likes tea"  # only the ends are stripped
    assert normalise("3.5 kg") == "3.5 kg"  # inner punctuation stays
    assert normalise("...") == ""


def test_splice_rebuilds_an_appended_episode_log():
    log = b"## a \xc2\xb7 t1\n\nfirst\n" * 300
    before = b'---\nname: "episodes"\nupdated: "a"\n---\n' + log
    after = b'---\nname: "episodes"\nupdated: "b"\n---\n' + log + b"\n## b \xc2\xb7 t2\n\nsecond\n"
    content, spec = undo.for_journal(before, after, append=True)
    assert content is None and spec is not None and len(spec) < 200  # not the whole log again
    assert undo.rebuild(content, spec, after) == before


def test_splice_falls_back_to_the_whole_file_when_it_does_not_fit():
    before, after = b"---\n---\nold body\n", b"---\n---\nsomething else\n"
    content, spec = undo.for_journal(before, after, append=True)
    assert spec is None and undo.rebuild(content, spec, after) == before


def test_non_utf8_before_is_kept_as_bytes():
    content, spec = undo.for_journal(b"\xff\xfe hand", b"new", append=False)
    assert content == b"\xff\xfe hand" and undo.rebuild(content, spec, b"new") == b"\xff\xfe hand"


@given(st.binary(max_size=200), st.binary(max_size=200))
def test_whatever_is_stored_rebuilds_the_before_bytes_exactly(before, extra):
    after = before + extra
    content, spec = undo.for_journal(before, after, append=True)
    if before == after:
        return
    assert undo.rebuild(content, spec, after) == before
