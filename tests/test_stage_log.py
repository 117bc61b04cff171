"""shelldon-log on the real script: the recent turns newest last, --json, --turn with ops."""
import json

from conftest import db_rows


def said(ready, *messages):
    for message in messages:
        result = ready("shelldon-turn", message)
        assert result.returncode == 0, result.stderr


def test_the_last_n_turns_newest_last_as_json(ready, home):
    said(ready, "my sister Ana lives in Porto", "I like green tea", "hello there")
    result = ready("shelldon-log", "-n", "2", "--json")
    assert result.returncode == 0, result.stderr
    turns = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert [t["owner"] for t in turns] == ["I like green tea", "hello there"]
    assert all(set(t) == {"turn_id", "ts", "owner", "pet"} for t in turns)
    ids = [row[0] for row in db_rows(home, "SELECT turn_id FROM messages WHERE role = 'owner' ORDER BY id")]
    assert [t["turn_id"] for t in turns] == ids[1:]
    assert turns[0]["pet"] == db_rows(home, "SELECT content FROM messages WHERE turn_id = ? AND role = 'pet'",
                                      (ids[1],))[0][0]


def test_default_is_ten_and_text_names_the_turn(ready):
    said(ready, *[f"note number {i} about kites" for i in range(12)])
    result = ready("shelldon-log")
    text = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    assert text.count("\nowner: ") + text.startswith("owner: ") == 10
    assert "note number 2 about" in text and "note number 1 about" not in text


def test_one_turn_with_its_journalled_ops(ready, home):
    said(ready, "my sister Ana lives in Porto")
    (turn_id,) = db_rows(home, "SELECT DISTINCT turn_id FROM messages")[0]
    result = ready("shelldon-log", "--turn", turn_id, "--json")
    assert result.returncode == 0, result.stderr
    (turn,) = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert turn["turn_id"] == turn_id and turn["owner"] == "my sister Ana lives in Porto"
    journal = db_rows(home, "SELECT seq, op, status, path FROM journal WHERE turn_id = ? ORDER BY seq", (turn_id,))
    assert [(o["seq"], o["op"], o["status"], o["path"]) for o in turn["ops"]] == journal
    assert any(o["op"] == "remember" and o["status"] == "applied" for o in turn["ops"])
    text = ready("shelldon-log", "--turn", turn_id).stdout.decode()
    assert turn_id in text and "remember memory/people/ana.md applied" in text


def test_an_unknown_turn_and_an_empty_home(ready, stage, tmp_path):
    result = ready("shelldon-log", "--turn", "nope")
    assert result.returncode == 65 and result.stderr.decode().count("\n") == 1, result.stderr
    result = ready("shelldon-log", "--json")
    assert result.returncode == 0 and result.stdout == b"", result.stderr
    result = stage("shelldon-log", env={"SHELLDON_HOME": str(tmp_path / "none")})
    assert result.returncode == 69, result.stderr


def test_log_writes_nothing(ready, home):
    said(ready, "I like green tea")
    before = (home / "history.db").read_bytes()
    assert ready("shelldon-log", "-n", "5").returncode == 0
    assert (home / "history.db").read_bytes() == before
