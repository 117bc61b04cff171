"""The tombstone format: is_forgotten, and add/remove that change nothing else."""
import pytest
from hypothesis import given, strategies as st

from shelldon.contracts.markdown import (add_tombstone, is_forgotten, parse_document, remove_tombstone,
                                         render_document)

META = {"name": "Tea", "collection": "facts", "created": "c", "updated": "u", "source": "t1"}


def test_core_written_file_round_trips_byte_for_byte():
    text = render_document(META, "owner drinks green tea")
    marked = add_tombstone(text, "2026-11-30T12:00:00Z")
    meta, body = parse_document(marked)
    assert is_forgotten(meta) and meta["forgotten"] == "2026-11-30T12:00:00Z"
    assert body == "owner drinks green tea\n"
    assert remove_tombstone(marked) == text


def test_headerless_hand_file_gets_a_header_and_loses_it_again():
    text = "just my notes\n---\nwith a rule\n"
    marked = add_tombstone(text, "ts")
    assert is_forgotten(parse_document(marked)[0])
    assert parse_document(marked)[1] == text
    assert remove_tombstone(marked) == text


def test_hand_yaml_header_keeps_its_lines():
    text = "---\nname: Ana   # my sister\ntags: [family]\n---\nlives in Porto\n"
    marked = add_tombstone(text, "ts")
    assert marked.startswith("---\nname: Ana   # my sister\ntags: [family]\nforgotten: \"ts\"\n---\n")
    assert is_forgotten(parse_document(marked)[0])
    assert remove_tombstone(marked) == text


@pytest.mark.parametrize("value,expected", [
    ('"2026-11-30T12:00:00Z"', True), ("true", True), ("yes", True), ("2026-11-30", True),
    ("false", False), ("no", False), ('""', False), ("0", False), ("null", False), ("~", False),
])
def test_is_forgotten_reads_hand_written_values(value, expected):
    meta, _ = parse_document(f"---\nname: x\nforgotten: {value}\n---\nbody\n")
    assert is_forgotten(meta) is expected


def test_no_key_is_not_forgotten():
    assert not is_forgotten({}) and not is_forgotten(META)


def test_remove_takes_every_forgotten_line():
    text = "---\nname: \"x\"\nforgotten: yes\nforgotten: \"ts\"\n---\nbody\n"
    assert not is_forgotten(parse_document(remove_tombstone(text))[0])


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\x00")),
       st.text(alphabet="0123456789TZ:-", max_size=25))
def test_add_then_remove_is_identity(text, stamp):
    marked = add_tombstone(text, stamp)
    assert remove_tombstone(marked) == text
