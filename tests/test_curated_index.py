"""The derived listing of the curated tree: used while sealed, rebuilt when the tree moves."""
import os
import time

from conftest import db_rows
from shelldon.config import Bounds
from shelldon.core.apply import write_session
from shelldon.home import Home
from shelldon.worker import curated_list
from shelldon.worker.history_read import open_readonly
from shelldon.worker.prompt import build_prompt, list_items


def remember(ready, name, content, collection="facts"):
    op = f'{{"op":"remember","collection":"{collection}","name":"{name}","content":"{content}"}}\n'
    assert ready("shelldon-apply", input=op).returncode == 0


def listing(home):
    with open_readonly(str(home / "history.db")) as reader:
        sealed = curated_list.listing(reader.conn, str(home / "memory"))
        return None if sealed is None else ([path for _, path in sealed[0]], sealed[1])


def test_a_write_session_seals_the_listing_newest_first(ready, home):
    remember(ready, "Ana", "my sister")
    time.sleep(0.01)
    remember(ready, "tea", "green", "preferences")
    assert listing(home) == (["preferences/tea.md", "facts/ana.md"], 2)


def test_a_hand_added_file_breaks_the_seal_and_the_prompt_still_sees_it(ready, home):
    remember(ready, "Ana", "my sister")
    (home / "memory/people/bob.md").write_text("Bob is my neighbour\n")
    assert listing(home) is None                      # stale: the worker scans instead
    prompt = build_prompt(Home(str(home)), "hello", Bounds()).prompt
    assert "Bob is my neighbour" in prompt
    with write_session(Home(str(home))):             # any write session refreshes it
        pass
    paths, total = listing(home)
    assert set(paths) == {"facts/ana.md", "people/bob.md"} and total == 2


def test_a_hand_removed_file_leaves_the_listing(ready, home):
    remember(ready, "Ana", "my sister")
    remember(ready, "Bob", "a neighbour")
    os.unlink(home / "memory/facts/bob.md")
    with write_session(Home(str(home))):
        pass
    assert listing(home) == (["facts/ana.md"], 1)
    assert db_rows(home, "SELECT path FROM curated") == [("facts/ana.md",)]


def test_sealed_and_scanned_give_the_same_items(ready, home):
    for n in range(30):
        (home / f"memory/facts/item-{n:02d}.md").write_text(f"fact number {n}\n")
        os.utime(home / f"memory/facts/item-{n:02d}.md", (1_000_000 + n, 1_000_000 + n))
    with write_session(Home(str(home))):
        pass
    memory = str(home / "memory")
    with open_readonly(str(home / "history.db")) as reader:
        sealed = list_items(memory, 300, [], reader.conn)
    scanned = list_items(memory, 300, [])
    assert sealed == scanned and sealed[1] == 30
    assert [i.content for i in sealed[0]][:2] == ["fact number 29", "fact number 28"]


def test_no_table_no_seal_falls_back_to_the_scan(ready, home):
    (home / "memory/facts/x.md").write_text("plain\n")
    import sqlite3
    conn = sqlite3.connect(home / "history.db")
    conn.execute("DROP TABLE curated")
    conn.close()
    with write_session(Home(str(home))):    # refresh fails quietly: derived data
        pass
    assert listing(home) is None
    assert "plain" in build_prompt(Home(str(home)), "hi", Bounds()).prompt
