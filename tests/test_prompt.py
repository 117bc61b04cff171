"""Prompt assembly: the binding order, the bounds, fail-soft reads."""
import json
import os
import sqlite3

import pytest

from shelldon.config import Bounds
from shelldon.core.history import HistoryStore
from shelldon.core.init import init_home
from shelldon.home import Home
from shelldon.worker.history_read import Message
from shelldon.worker.prompt import (ABOUT_HEADING, COLLECTIONS_HEADING, DIRECTIVE_HEADING, MESSAGE_HEADING,
                                    RECALL_HEADING, RECENT_HEADING, SUMMARY_HEADING, SYSTEM_HEADING,
                                    NOTES_OVERHEAD, CuratedItem, Sections, assemble_prompt, build_prompt)


def _sections(**kw):
    base = dict(message="where does Ana live?", directive="Be brief.", about="I am shelldon.",
                summary="We talked about family.",
                items=[CuratedItem("people", "Ana", "my sister, lives in Porto")],
                recent=[Message(1, "t1", "owner", "hello", "2026-11-01T00:00:00Z"),
                        Message(2, "t1", "pet", "hi!", "2026-11-01T00:00:00Z")],
                recall=[Message(2, "t1", "pet", "hi!", "2026-11-01T00:00:00Z"),
                        Message(9, "t0", "owner", "Ana moved to Porto", "2026-10-01T00:00:00Z")])
    base.update(kw)
    return Sections(**base)


def test_binding_order():
    prompt = assemble_prompt(_sections()).prompt
    order = [SYSTEM_HEADING, DIRECTIVE_HEADING, ABOUT_HEADING, SUMMARY_HEADING, COLLECTIONS_HEADING,
             RECENT_HEADING, RECALL_HEADING, MESSAGE_HEADING]
    positions = [prompt.index(h + "\n") for h in order]
    assert positions == sorted(positions)
    assert prompt.rstrip().endswith("where does Ana live?")


def test_recall_is_deduplicated_against_recent_by_id():
    assembly = assemble_prompt(_sections())
    recall = assembly.prompt.split(RECALL_HEADING)[1].split(MESSAGE_HEADING)[0]
    assert "Ana moved to Porto" in recall and "hi!" not in recall
    assert next(r for r in assembly.report if r.name == "recall").left_out == 1


def test_absent_sections_are_omitted_without_placeholders():
    prompt = assemble_prompt(Sections(message="hi")).prompt
    for heading in (DIRECTIVE_HEADING, ABOUT_HEADING, SUMMARY_HEADING, COLLECTIONS_HEADING, RECENT_HEADING, RECALL_HEADING):
        assert heading not in prompt
    assert prompt.startswith(SYSTEM_HEADING) and prompt.rstrip().endswith("hi")


def test_budget_holds_and_message_is_never_cut():
    huge = "x" * 100_000
    items = [CuratedItem("facts", f"f{n}", "fact " * 50) for n in range(500)]
    recent = [Message(n, f"t{n}", "owner", "y" * 3000, "2026-11-01") for n in range(40)]
    recall = [Message(1000 + n, f"r{n}", "owner", "z" * 3000, "2026-10-01") for n in range(40)]
    s = _sections(message=huge, items=items, recent=recent, recall=recall, about="a" * 50_000,
                  summary="s" * 50_000, directive="d" * 3000)
    assembly = assemble_prompt(s, prompt_bytes=24 * 1024)
    assert assembly.memory_bytes <= 24 * 1024
    assert assembly.prompt.endswith(huge + "\n")
    assert "d" * 3000 in assembly.prompt  # the directive is the last thing given up


def test_collections_budget():
    items = [CuratedItem("facts", f"f{n}", "fact " * 20) for n in range(100)]
    assembly = assemble_prompt(_sections(items=items), collections_bytes=1024)
    report = next(r for r in assembly.report if r.name == "collections")
    assert report.bytes <= 1024 + len(COLLECTIONS_HEADING) + 2 + NOTES_OVERHEAD
    assert report.left_out == 100 - report.kept and "budget" in report.why


@pytest.fixture
def big_home(tmp_path_factory):
    """10,000 curated facts and 100,000 messages."""
    root = tmp_path_factory.mktemp("big")
    home = Home(str(root / "home"))
    init_home(home)
    store = HistoryStore.open(home.db)
    with store.transaction() as conn:
        conn.executemany("INSERT INTO messages (turn_id, role, content, ts) VALUES (?, ?, ?, ?)",
                         ((f"t{n // 2}", "owner" if n % 2 == 0 else "pet",
                           f"message {n} about topic{n % 997} and the garden", "2026-01-01T00:00:00Z")
                          for n in range(100_000)))
    store.close()
    facts = home.collection_dir("facts")
    for n in range(10_000):
        with open(os.path.join(facts, f"fact-{n}.md"), "w") as handle:
            handle.write(f'---\nname: "fact {n}"\ncollection: "facts"\n---\nfact number {n} is about topic{n % 997}\n')
    return home


def test_bounds_hold_on_a_big_home(big_home):
    assembly = build_prompt(big_home, "tell me about topic42 and the garden", Bounds())
    assert assembly.memory_bytes <= 24 * 1024
    assert assembly.prompt.endswith("tell me about topic42 and the garden\n")
    report = {r.name: r for r in assembly.report}
    assert report["recent"].kept == 20 and report["recall"].kept <= 8
    assert report["collections"].bytes <= 6 * 1024 + 64 and report["collections"].left_out > 9000


def test_fail_soft_with_broken_parts(tmp_path, capfd):
    home = Home(str(tmp_path / "home"))
    init_home(home)
    with open(home.db, "r+b") as handle:   # corrupt the database
        handle.seek(0)
        handle.write(b"garbage" * 100)
    for name in ("-wal", "-shm"):
        if os.path.exists(home.db + name):
            os.unlink(home.db + name)
    os.mkdir(home.memory_file("about.md"))  # unreadable: a directory where a file should be
    with open(home.memory_file("summary.md"), "w") as handle:
        handle.write("we talked")
    assembly = build_prompt(home, "hello there", Bounds())
    assert SUMMARY_HEADING in assembly.prompt and ABOUT_HEADING not in assembly.prompt
    assert RECENT_HEADING not in assembly.prompt and assembly.prompt.rstrip().endswith("hello there")
    assert "warning" in capfd.readouterr().err


def test_missing_memory_dir(tmp_path):
    home = Home(str(tmp_path / "home"))
    init_home(home)
    import shutil
    shutil.rmtree(home.memory)
    assembly = build_prompt(home, "hello", Bounds())
    assert assembly.prompt.startswith(SYSTEM_HEADING) and assembly.prompt.rstrip().endswith("hello")


def test_vault_is_never_read(tmp_path):
    home = Home(str(tmp_path / "home"))
    init_home(home)
    with open(os.path.join(home.vault, "provider-key.md"), "w") as handle:
        handle.write("sk-secret-value")
    assert "sk-secret-value" not in build_prompt(home, "what is the provider key", Bounds()).prompt


def test_copies_of_one_line_take_one_recall_slot(tmp_path):
    """The "Maren" shape: an everyday line naming Maren said on many days must not spend
    recall's slots; the line that answers reaches the prompt, and the copies show as one
    line with their count and latest date."""
    home = Home(str(tmp_path / "home"))
    init_home(home)
    store = HistoryStore.open(home.db)
    everyday = "had coffee with Maren again, nothing new"
    rows = [("t-fact", "owner", "my brother Maren moved to Lyon last spring", "2026-03-02T10:00:00Z")]
    rows += [(f"t-day{n}", "owner", everyday, f"2026-04-{n + 1:02d}T09:00:00Z") for n in range(12)]
    rows += [(f"t-chat{n}", "owner", f"the weather on day {n} was mild", "2026-05-01T00:00:00Z")
             for n in range(30)]   # the recent window: nothing about Maren
    with store.transaction() as conn:
        conn.executemany("INSERT INTO messages (turn_id, role, content, ts) VALUES (?, ?, ?, ?)", rows)
    store.close()
    assembly = build_prompt(home, "remind me, where does Maren live these days?", Bounds())
    recall = assembly.prompt.split(RECALL_HEADING)[1].split(MESSAGE_HEADING)[0]
    assert "moved to Lyon" in recall
    assert recall.count(everyday) == 1
    assert "said 12 times, last 2026-04-12" in recall
    report = next(r for r in assembly.report if r.name == "recall")
    assert "11 copies" in report.why


def test_an_old_item_the_message_names_comes_before_newer_ones(tmp_path):
    """A fact filed long ago and asked about now reaches the prompt however many newer
    items fill the collections budget; the section says notes may be out of date."""
    from shelldon.core.session import write_session
    home = Home(str(tmp_path / "home"))
    init_home(home)
    maren = os.path.join(home.collection_dir("people"), "maren.md")
    with open(maren, "w") as handle:
        handle.write('---\nname: "Maren"\n---\nmy brother; moved to Lyon\n')
    os.utime(maren, (1_000_000, 1_000_000))
    for n in range(400):
        with open(os.path.join(home.collection_dir("facts"), f"trivia-{n}.md"), "w") as handle:
            handle.write(f"everyday trivia number {n}, of no great weight\n")
    with write_session(home):
        pass   # the core indexes the tree at the end of a write session
    for bounds_message, present in (("where does Maren live these days?", True), ("how are you?", False)):
        prompt = build_prompt(home, bounds_message, Bounds()).prompt
        collections = prompt.split(COLLECTIONS_HEADING)[1].split(RECENT_HEADING)[0].split(MESSAGE_HEADING)[0]
        assert ("moved to Lyon" in collections) is present
        assert "may be out of date" in collections
