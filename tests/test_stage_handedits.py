"""Hand edits win: an op over a file the owner edited is held back as a conflict."""
import json

from conftest import db_rows, ops_lines

ABOUT = {"op": "rewrite_about", "content": "I am shelldon."}
TEA = {"op": "remember", "collection": "facts", "name": "tea", "content": "owner drinks green tea"}


def test_hand_edit_then_a_conflicting_op(ready, home):
    assert ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA)).returncode == 0
    path = home / "memory/facts/tea.md"
    path.write_text(path.read_text().replace("green tea", "jasmine tea (I fixed this)"))
    hand = path.read_bytes()
    result = ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({**TEA, "content": "owner drinks coffee"}))
    assert result.returncode == 65
    assert b"line 1: remember not applied: memory/facts/tea.md was edited by hand" in result.stderr
    assert path.read_bytes() == hand                                   # the owner's edit stays
    row = db_rows(home, "SELECT status, args, after_hash FROM journal WHERE turn_id = 't2'")[0]
    assert row[0] == "conflict" and json.loads(row[1])["content"] == "owner drinks coffee" and row[2] is None
    screen = ready("shelldon-status").stdout.decode()
    assert "conflicts  1 open" in screen and "facts/tea.md: remember from t2 held back: owner drinks coffee" in screen
    state = json.loads(ready("shelldon-status", "--json").stdout)
    assert state["conflicts"] == [{"path": "facts/tea.md", "turn_id": "t2", "op": "remember",
                                   "ts": state["conflicts"][0]["ts"], "proposed": "owner drinks coffee"}]
    # the hand-edited content is what a reader finds
    assert b"jasmine tea" in ready("shelldon-recall", "jasmine").stdout
    # re-running the same turn reports it again and writes nothing
    again = ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({**TEA, "content": "owner drinks coffee"}))
    assert again.returncode == 65 and b"held back before" in again.stderr and path.read_bytes() == hand


def test_a_file_the_core_never_wrote_counts_as_hand_edited(ready, home):
    about = home / "memory/about.md"
    about.write_text("I wrote this myself.\n")
    result = ready("shelldon-apply", input=ops_lines(ABOUT))
    assert result.returncode == 65 and about.read_text() == "I wrote this myself.\n"
    hand_fact = home / "memory/facts/tea.md"
    hand_fact.write_text("tea is mine\n")
    assert ready("shelldon-apply", input=ops_lines(TEA)).returncode == 65
    assert hand_fact.read_text() == "tea is mine\n"


def test_same_content_as_the_hand_edit_is_no_conflict(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA))
    path = home / "memory/facts/tea.md"
    path.write_text(path.read_text().replace("source: t1\n", "source: t1\ntags: mine\n"))
    assert ready("shelldon-apply", "--turn-id", "t2", input=ops_lines(TEA)).returncode == 0
    assert "tags" in path.read_text()


def test_episodes_append_over_a_hand_edit(ready, home):
    ready("shelldon-apply", input=ops_lines({"op": "log_episode", "content": "first"}))
    log, = (home / "memory/episodes").glob("*.md")
    log.write_text(log.read_text().replace("first", "first (owner: it was a Tuesday)"))
    assert ready("shelldon-apply", input=ops_lines({"op": "log_episode", "content": "second"})).returncode == 0
    text = log.read_text()
    assert "it was a Tuesday" in text and "second" in text


def test_resolve_mine_keeps_the_edit_and_lets_later_ops_write(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(ABOUT))
    about = home / "memory/about.md"
    about.write_text(about.read_text() + "and I like turtles\n")
    ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({"op": "rewrite_about", "content": "I am new."}))
    result = ready("shelldon-resolve", "about.md", "--mine")
    assert result.returncode == 0 and b"kept your edit" in result.stdout
    assert "turtles" in about.read_text()
    assert "conflicts  none" in ready("shelldon-status").stdout.decode()
    assert ready("shelldon-apply", "--turn-id", "t3", input=ops_lines({"op": "rewrite_about", "content": "I am newer."})).returncode == 0
    assert about.read_text().endswith("I am newer.\n")
    history = ready("shelldon-recall", "--history", "about").stdout.decode()
    assert "and I like turtles" in history and "held back" in history and "adopt" in history


def test_resolve_theirs_takes_the_held_back_op(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA))
    path = home / "memory/facts/tea.md"
    path.write_text(path.read_text().replace("green", "white"))
    ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({**TEA, "content": "owner drinks mate"}))
    result = ready("shelldon-resolve", "facts/tea", "--theirs")
    assert result.returncode == 0, result.stderr
    assert path.read_text().endswith("owner drinks mate\n")
    assert json.loads(ready("shelldon-status", "--json").stdout)["conflicts"] == []
    # the owner's version is in the journal
    assert b"owner drinks white tea" in ready("shelldon-recall", "--history", "facts/tea").stdout


def test_resolve_without_a_conflict_or_a_choice(ready):
    assert ready("shelldon-resolve", "facts/tea", "--mine").returncode == 65
    assert ready("shelldon-resolve", "facts/tea").returncode == 2
    assert ready("shelldon-resolve", "vault/key", "--mine").returncode == 65


def test_resolve_with_both_mine_and_theirs_is_a_usage_error_and_changes_nothing(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA))
    path = home / "memory/facts/tea.md"
    path.write_text(path.read_text().replace("green", "white"))
    ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({**TEA, "content": "owner drinks mate"}))
    hand, journal = path.read_bytes(), db_rows(home, "SELECT * FROM journal")
    for flags in (("--mine", "--theirs"), ("--theirs", "--mine")):
        result = ready("shelldon-resolve", "facts/tea", *flags)
        assert result.returncode == 2, result.stderr
        assert b"Usage:" in result.stderr and b"--mine or --theirs" in result.stderr
    assert path.read_bytes() == hand and db_rows(home, "SELECT * FROM journal") == journal
    assert len(json.loads(ready("shelldon-status", "--json").stdout)["conflicts"]) == 1


def test_a_hand_edited_header_reads_as_yaml_says(ready, home):
    """`name: 1e5` typed by hand is the string "1e5", as YAML reads it — not a number."""
    assert ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA)).returncode == 0
    path = home / "memory/facts/tea.md"
    text = path.read_text()
    assert "\nname: tea\n" in text
    path.write_text(text.replace("\nname: tea\n", "\nname: 1e5\n"))
    record = json.loads(ready("shelldon-assemble", "what do I drink").stdout)
    assert "- **1e5** (facts): owner drinks green tea" in record["prompt"]
    found = ready("shelldon-recall", "1e5")
    assert found.returncode == 0 and b"memory/facts/tea.md" in found.stdout
    # a write session indexes the edited file: the prompt reads the name from the index now
    assert ready("shelldon-apply", input=ops_lines({**TEA, "name": "coffee", "content": "and coffee"})).returncode == 0
    assert db_rows(home, "SELECT name FROM headers WHERE path = 'facts/tea.md'") == [("1e5",)]
    record = json.loads(ready("shelldon-assemble", "what do I drink").stdout)
    assert "- **1e5** (facts): owner drinks green tea" in record["prompt"]
