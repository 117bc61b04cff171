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
