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
        sealed = list_items(memory, 300, [], reader.conn, stale_after_days=0)   # written in 1970
    scanned = list_items(memory, 300, [], stale_after_days=0)

    def contents(found):
        return [item.content for item in found.items]
    assert contents(sealed) == contents(scanned) and sealed.total == scanned.total == 30
    assert contents(sealed)[:2] == ["fact number 29", "fact number 28"]


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


# -- the words and forgotten flags recall and status read instead of every file ---------

def recall(ready, query):
    done = ready("shelldon-recall", query)
    return done.returncode, done.stdout.decode()


def candidates(home, query):
    from shelldon.worker.recall import candidate_files, fold
    from shelldon.worker.history_read import match_terms
    terms = {fold(t) for t in match_terms(query)}
    found = candidate_files(Home(str(home)), terms)
    return sorted(os.path.relpath(p, home / "memory") for p in found if "/memory/" in p
                  and os.path.dirname(os.path.relpath(p, home / "memory")))


def test_recall_reads_only_the_items_that_can_match(ready, home):
    for n in range(200):
        (home / f"memory/facts/item-{n:03d}.md").write_text(f"ordinary fact number {n}\n")
    (home / "memory/facts/boat.md").write_text("the boat is called Pequod\n")
    with write_session(Home(str(home))):
        pass
    assert candidates(home, "what is the boat called") == ["facts/boat.md"]
    code, out = recall(ready, "Pequod")
    assert code == 0 and "memory/facts/boat.md:1: the boat is called Pequod" in out


def test_an_edit_in_place_is_found_though_the_directory_did_not_move(ready, home):
    remember(ready, "boat", "the boat is called Pequod")
    path = home / "memory/facts/boat.md"
    directory_mtime = os.stat(path.parent).st_mtime_ns
    with open(path, "a") as handle:                    # in place: no rename, no new entry
        handle.write("it now sails under the name Rachel\n")
    os.utime(path, ns=(time.time_ns() + 10**9,) * 2)   # a coarse clock still shows a new mtime
    assert os.stat(path.parent).st_mtime_ns == directory_mtime
    assert "facts/boat.md" in candidates(home, "Rachel")   # the index is stale: read the file
    code, out = recall(ready, "Rachel")
    assert code == 0 and "it now sails under the name Rachel" in out
    code, out = recall(ready, "Pequod")
    assert code == 0 and "Pequod" in out


def test_words_are_matched_as_recall_folds_them_not_as_the_index_tokenizes(ready, home):
    (home / "memory/people/jose.md").write_text("José García brews café au lait; x_y_z and 東京\n")
    with write_session(Home(str(home))):
        pass
    for query, expected in (("jose", "José García"), ("CAFE", "café"), ("x_y_z", "x_y_z"),
                            ("東京", "東京"), ("brewing", "brews")):
        code, out = recall(ready, query)
        assert code == 0 and expected in out, (query, out)
    assert recall(ready, "lait_au")[0] == 1


def test_a_hand_added_item_is_found_before_any_write_session(ready, home):
    remember(ready, "boat", "the boat is called Pequod")
    (home / "memory/facts/whale.md").write_text("a white whale\n")
    code, out = recall(ready, "whale")
    assert code == 0 and "memory/facts/whale.md:1: a white whale" in out


def test_status_counts_forgotten_items_from_the_index_and_from_edited_files(ready, home):
    import json
    remember(ready, "boat", "the boat is called Pequod")
    remember(ready, "whale", "a white whale")
    assert ready("shelldon-forget", "facts", "boat").returncode == 0
    memory = json.loads(ready("shelldon-status", "--json").stdout.decode())["memory"]
    assert (memory["items"], memory["forgotten"]) == (1, 1)
    assert db_rows(home, "SELECT path, forgotten FROM curated ORDER BY path") == [
        ("facts/boat.md", 1), ("facts/whale.md", 0)]
    path = home / "memory/facts/whale.md"              # forgotten by hand, in place
    text = path.read_text().replace("---\n", '---\nforgotten: "2026-01-01T00:00:00Z"\n', 1)
    with open(path, "r+") as handle:
        handle.write(text)
    os.utime(path, ns=(time.time_ns() + 10**9,) * 2)
    memory = json.loads(ready("shelldon-status", "--json").stdout.decode())["memory"]
    assert (memory["items"], memory["forgotten"]) == (0, 2)


def test_an_older_home_gets_its_words_at_the_next_write_session(ready, home):
    remember(ready, "boat", "the boat is called Pequod")
    db_rows(home, "SELECT 1")  # the schema is current here; drop the words as an old home lacks them
    import sqlite3
    with sqlite3.connect(home / "history.db") as conn:
        conn.execute("DELETE FROM curated_words")
        conn.execute("UPDATE curated SET indexed_ns = NULL")
    assert "facts/boat.md" in candidates(home, "anything")   # not described: read
    remember(ready, "whale", "a white whale", "people")
    assert db_rows(home, "SELECT count(*) FROM curated_words") == [(1,)]  # people/ moved, facts/ not
    assert recall(ready, "Pequod")[0] == 0


def _fold_reference(word):
    import unicodedata
    text = unicodedata.normalize("NFKD", word.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    for ending in ("ing", "es", "ed", "s"):
        if len(text) > len(ending) + 2 and text.endswith(ending):
            return text[: -len(ending)]
    return text


def test_fold_takes_the_ascii_shortcut_without_changing_a_word():
    from hypothesis import given, strategies as st

    @given(st.text(max_size=12) | st.text(alphabet="abcdefgINGSEDéßİıſK_", max_size=9))
    def check(word):
        assert curated_list.fold(word) == curated_list.fold(word) == _fold_reference(word)
    check()


# -- the headers the prompt reads instead of parsing YAML --------------------------------

def assemble_imports(ready, home, message="what do I know"):
    """(prompt, whether frontmatter or yaml was imported) of a real shelldon-assemble run."""
    import json
    import subprocess
    import sys
    from conftest import BIN
    done = subprocess.run([sys.executable, "-X", "importtime", str(BIN / "shelldon-assemble"), message],
                          capture_output=True, env={**os.environ, "SHELLDON_HOME": str(home)}, timeout=60)
    assert done.returncode == 0, done.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.decode().splitlines() if "|" in line}
    return json.loads(done.stdout)["prompt"], bool(imported & {"frontmatter", "yaml"})


def test_a_prompt_over_files_the_core_has_seen_parses_no_yaml(ready, home):
    (home / "memory/DIRECTIVE.md").write_text("---\nname: directive\n---\n\nAlways answer in French.\n")
    for n in range(5):
        remember(ready, f"Item {n}", f"fact number {n}")
    ops = '{"op":"rewrite_about","content":"I am a small pet."}\n{"op":"rewrite_summary","content":"We met."}\n'
    assert ready("shelldon-apply", input=ops).returncode == 0
    prompt, parsed = assemble_imports(ready, home)
    assert not parsed
    for text in ("Always answer in French.", "I am a small pet.", "We met.", "- **Item 4** (facts): fact number 4"):
        assert text in prompt
    assert "name: directive" not in prompt and "---" not in prompt.split("# The owner's directive")[1]
    # a file edited by hand since the core read it is parsed, and read as it is now
    path = home / "memory/facts/item-2.md"
    with open(path, "r+") as handle:          # in place: the directory does not move
        text = path.read_text().replace("name: Item 2", "name: Renamed by hand")
        handle.write(text)
    os.utime(path, ns=(time.time_ns() + 10**9,) * 2)
    prompt, parsed = assemble_imports(ready, home)
    assert parsed and "- **Renamed by hand** (facts): fact number 2" in prompt
    about = home / "memory/about.md"
    about.write_text(about.read_text().replace("a small pet", "a hand-edited pet"))
    prompt, _ = assemble_imports(ready, home)
    assert "I am a hand-edited pet." in prompt
    remember(ready, "Item 9", "fact number 9")   # a write session: the edited files are read again
    prompt, parsed = assemble_imports(ready, home)
    assert not parsed
    assert "- **Renamed by hand** (facts): fact number 2" in prompt and "I am a hand-edited pet." in prompt


def test_an_edit_that_keeps_the_mtime_is_seen_by_its_size(ready, home):
    remember(ready, "boat", "the boat is called Pequod")
    path = home / "memory/facts/boat.md"
    before = os.stat(path)
    path.write_text(path.read_text().replace("Pequod", "Rachel, not the Pequod"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    prompt, parsed = assemble_imports(ready, home)
    assert parsed and "the boat is called Rachel, not the Pequod" in prompt


def test_an_item_forgotten_by_hand_in_place_leaves_the_prompt(ready, home):
    remember(ready, "boat", "the boat is called Pequod")
    remember(ready, "whale", "a white whale")
    path = home / "memory/facts/boat.md"
    with open(path, "r+") as handle:
        handle.write(path.read_text().replace("---\n", "---\nforgotten: yes\n", 1))
    os.utime(path, ns=(time.time_ns() + 10**9,) * 2)
    prompt, _ = assemble_imports(ready, home)
    assert "Pequod" not in prompt and "a white whale" in prompt
    remember(ready, "fish", "a red fish")
    assert db_rows(home, "SELECT forgotten FROM headers WHERE path = 'facts/boat.md'") == [(1,)]
    prompt, parsed = assemble_imports(ready, home)
    assert not parsed and "Pequod" not in prompt and "a red fish" in prompt


def test_the_body_offset_is_in_bytes(ready, home):
    remember(ready, "José", "café com leite — ☕ every morning")
    data = (home / "memory/facts/josé.md").read_bytes()
    assert db_rows(home, "SELECT name, body_at FROM headers WHERE path = 'facts/josé.md'") == [
        ("José", data.index("café".encode()))]
    prompt, parsed = assemble_imports(ready, home)
    assert not parsed and "- **José** (facts): café com leite — ☕ every morning" in prompt


def test_a_file_that_is_not_utf8_gets_its_body_offset_too(ready, home):
    (home / "memory/facts/odd.md").write_bytes(b"---\nname: caf\xe9 \xe2\x98\x95\n---\n\nan odd \xff file\n")
    remember(ready, "boat", "the boat is called Pequod")
    assert db_rows(home, "SELECT name, body_at FROM headers WHERE path = 'facts/odd.md'") == [("caf\ufffd \u2615", 24)]
    prompt, parsed = assemble_imports(ready, home)
    assert not parsed and "- **caf\ufffd \u2615** (facts): an odd \ufffd file" in prompt


def test_an_older_home_gets_its_headers_at_the_next_write_session(ready, home):
    remember(ready, "boat", "the boat is called Pequod")
    import sqlite3
    with sqlite3.connect(home / "history.db") as conn:   # as a home from before migration 7 (and 11)
        conn.execute("DROP TABLE headers")
        for index in ("curated_order", "curated_expires", "curated_active"):
            conn.execute(f"DROP INDEX {index}")
        for column in ("pinned", "expires", "written", "active", "rank"):
            conn.execute(f"ALTER TABLE curated DROP COLUMN {column}")
        conn.execute("DELETE FROM migrations WHERE number IN (7, 11)")
    prompt, parsed = assemble_imports(ready, home)
    assert parsed and "the boat is called Pequod" in prompt     # no table: every file parsed
    remember(ready, "whale", "a white whale", "people")          # facts/ did not move
    assert db_rows(home, "SELECT path FROM headers ORDER BY path") == [("facts/boat.md",), ("people/whale.md",)]
    prompt, parsed = assemble_imports(ready, home)
    assert not parsed and "Pequod" in prompt and "a white whale" in prompt
