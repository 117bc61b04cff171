import pytest
from hypothesis import given, strategies as st

from shelldon.util.slug import slugify


@pytest.mark.parametrize("name,expected", [
    ("Ana", "ana"),
    ("José Saramago", "josé-saramago"),
    ("日本", "日本"),
    ("../etc", "etc"),
    ("../../x", "x"),
    ("/etc/passwd", "etc-passwd"),
    ("a  --  b", "a-b"),
    ("CON", "con-item"),
    (".", ""),
    ("", ""),
    ("🐢🐢", ""),
    ("snake_case name", "snake-case-name"),
])
def test_slugify(name, expected):
    assert slugify(name) == expected


@given(st.text())
def test_slug_never_leaves_its_directory(name):
    slug = slugify(name)
    assert "/" not in slug and "\\" not in slug and "." not in slug and "\x00" not in slug
    assert slug == slug.strip("-")
    assert len(slug) <= 85


def test_a_slug_fits_a_file_name_in_bytes_too():
    four = slugify("\U00020000" * 63)                  # 63 code points, 252 bytes: too long
    assert four == "\U00020000" * 60 and len(four.encode()) == 240
    assert slugify("日" * 100) == "日" * 80             # 80 three-byte characters: as before
    assert slugify("é" * 79 + "\U00020000" * 2) == "é" * 79 + "\U00020000"  # cut on a boundary
    assert slugify("\U00020000" * 59 + " \U00020000") == "\U00020000" * 59  # no trailing '-'


@given(st.text())
def test_a_slug_and_its_temp_name_fit_in_255_bytes(name):
    from shelldon.util.atomic import _temp_name
    slug = slugify(name)
    assert len(f"{slug}.md".encode()) <= 255
    assert len(_temp_name(f"{slug}.md").encode()) <= 255
