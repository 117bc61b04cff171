import os
from datetime import datetime, timezone

import pytest

from shelldon.contracts import ContractError
from shelldon.contracts.markdown import parse_document, render_document
from shelldon.contracts.ops import LogEpisode, Remember, RewriteAbout
from shelldon.core import curated
from shelldon.core.init import init_home
from shelldon.home import Home
from shelldon.util.atomic import SymlinkRefused

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc)


@pytest.fixture
def home(tmp_path):
    h = Home(str(tmp_path / "home"))
    init_home(h)
    return h


def test_document_round_trip():
    meta = {"name": "José", "collection": "people", "created": "c", "updated": "u", "source": "t"}
    text = render_document(meta, "line one\nline two")
    assert text == "---\nname: José\ncollection: people\ncreated: c\nupdated: u\nsource: t\n---\n\nline one\nline two\n"
    assert parse_document(text) == (meta, "line one\nline two\n")


def test_rendering_is_deterministic_in_a_fixed_key_order():
    """The same header and body give the same bytes, whatever order the dict came in:
    the core's five keys first, then the rest by name; one key per line; a trailing newline."""
    long = "x" * 300
    a = render_document({"zeta": "z", "source": "t", "alpha": long, "name": "n", "updated": "u",
                         "created": "c", "collection": "facts"}, "body\n\n\n")
    b = render_document({"collection": "facts", "name": "n", "created": "c", "updated": "u", "source": "t",
                         "alpha": long, "zeta": "z"}, "body")
    assert a == b
    assert [line.split(":")[0] for line in a.split("\n")[1:8]] == \
        ["name", "collection", "created", "updated", "source", "alpha", "zeta"]
    assert a.endswith("---\n\nbody\n") and f"alpha: {long}\n" in a


def test_values_that_look_like_other_types_read_back_as_written():
    meta = {"name": "1e5", "collection": "facts", "created": "2026-11-30T12:00:00Z", "updated": "yes",
            "source": "null", "n": "007", "z": "Ana: sister # no comment"}
    assert parse_document(render_document(meta, "b"))[0] == meta


def test_hand_written_yaml_header_is_read():
    meta, body = parse_document("---\nname: Ana\ntags: [a, b]\n---\nbody\n")
    assert meta["name"] == "Ana" and meta["tags"] == ["a", "b"] and body == "body\n"


def test_a_hand_edited_header_reads_as_yaml_says():
    meta, body = parse_document("---\nname: 1e5   # a comment\ncreated: 2026-11-30\nn: 12\n---\n\nbody\n")
    assert meta == {"name": "1e5", "created": "2026-11-30", "n": 12} and body == "body\n"


def test_a_header_written_with_json_quoted_values_reads_the_same():
    """Files written before the header went through python-frontmatter quote every value
    as a JSON string; JSON strings are YAML, so they read as they always did."""
    text = ('---\nname: "Ana \\"the sister\\" \\u00e9 \\\\ x"\ncollection: "people"\n'
            'created: "2026-11-30T12:00:00Z"\nupdated: "1e5"\nsource: "t1"\n---\nlives in Porto\n')
    meta, body = parse_document(text)
    assert meta == {"name": 'Ana "the sister" é \\ x', "collection": "people",
                    "created": "2026-11-30T12:00:00Z", "updated": "1e5", "source": "t1"}
    assert body == "lives in Porto\n"


@pytest.mark.parametrize("text", ["no header\n", "---\nname: [unclosed\n---\nbody\n", "---\nnever closed\n",
                                  "", "----\n"])
def test_a_text_without_a_readable_header_is_all_body(text):
    assert parse_document(text) == ({}, text)


def test_remember_then_same_content_rewrites_nothing(home):
    op = Remember(collection="facts", name="Tea", content="owner drinks green tea")
    change = curated.plan(home, op, "t1", NOW)
    curated.commit(home.root, change)
    path = change.path
    mtime = os.stat(path).st_mtime_ns
    again = curated.plan(home, op, "t2", NOW.replace(hour=13))
    assert again.unchanged
    curated.commit(home.root, again)
    assert os.stat(path).st_mtime_ns == mtime


def test_update_keeps_created(home):
    curated.commit(home.root, curated.plan(home, Remember(collection="facts", name="x", content="one"), "t1", NOW))
    change = curated.plan(home, Remember(collection="facts", name="x", content="two"), "t2", NOW.replace(hour=14))
    curated.commit(home.root, change)
    meta, body = parse_document(open(change.path).read())
    assert meta["created"] == "2026-11-30T12:00:00Z" and meta["updated"] == "2026-11-30T14:00:00Z"
    assert body == "two\n" and meta["source"] == "t2"


def test_episode_appends_under_dated_headings(home):
    for n in range(2):
        curated.commit(home.root, curated.plan(home, LogEpisode(content=f"event {n}", tags=["x"]), f"t{n}", NOW))
    text = open(home.memory_file("episodes/2026-11.md")).read()   # the month of NOW
    assert text.count("---\n") == 2  # one header
    assert "## 2026-11-30T12:00:00Z · t0 [x]\n\nevent 0" in text and "event 1" in text


@pytest.mark.parametrize("name", ["../../x", "/etc/passwd", "a/../../b"])
def test_names_stay_in_their_collection(home, name):
    path = curated.target_path(home, Remember(collection="facts", name=name, content="c"))
    assert os.path.dirname(path) == home.collection_dir("facts")


@pytest.mark.parametrize("name", [".", "..", "🐢", "---"])
def test_empty_slug_is_refused(home, name):
    with pytest.raises(ContractError):
        curated.target_path(home, Remember(collection="facts", name=name, content="c"))


def test_symlink_file_is_refused(home, tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("precious")
    os.symlink(outside, os.path.join(home.collection_dir("facts"), "x.md"))
    with pytest.raises(SymlinkRefused):
        curated.plan(home, Remember(collection="facts", name="x", content="evil"), "t", NOW)
    assert outside.read_text() == "precious"


def test_symlinked_collection_dir_is_refused(home, tmp_path):
    os.rmdir(home.collection_dir("people"))
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", home.collection_dir("people"))
    with pytest.raises(SymlinkRefused):
        curated.plan(home, Remember(collection="people", name="ana", content="x"), "t", NOW)
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_no_op_targets_directive_or_vault(home):
    targets = {curated.target_path(home, RewriteAbout(content="x"))}
    for collection in ("facts", "people", "preferences", "capabilities"):
        for name in ("DIRECTIVE", "../DIRECTIVE", "../vault/key", "vault"):
            targets.add(curated.target_path(home, Remember(collection=collection, name=name, content="x")))
    assert not any(t.endswith("memory/DIRECTIVE.md") or "/vault/" in t for t in targets)


def test_a_file_written_with_json_quoted_values_is_not_rewritten_for_the_same_content(home):
    """A home from before the header went through python-frontmatter: the same content
    again changes no byte (the journal's hashes, hand-edit detection and git rely on it)."""
    path = os.path.join(home.collection_dir("facts"), "tea.md")
    old = (b'---\nname: "Tea"\ncollection: "facts"\ncreated: "2026-11-29T10:00:00Z"\n'
           b'updated: "2026-11-29T10:00:00Z"\nsource: "t0"\n---\nowner drinks green tea\n')
    with open(path, "wb") as handle:
        handle.write(old)
    change = curated.plan(home, Remember(collection="facts", name="Tea", content="owner drinks green tea"), "t1", NOW)
    assert change.unchanged and change.after == old
    change = curated.plan(home, Remember(collection="facts", name="Tea", content="owner drinks tea"), "t2", NOW)
    meta, body = parse_document(change.after.decode())
    assert meta["created"] == "2026-11-29T10:00:00Z" and meta["source"] == "t2" and body == "owner drinks tea\n"
