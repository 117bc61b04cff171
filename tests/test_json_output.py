"""--json on every stage that prints records: one object per line, the keys its --help
names, run on the real scripts."""
import json

from conftest import db_rows
from daemons import Daemon


def objects(result):
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.decode().splitlines()]


def test_turn_json_is_the_turn_as_recorded(ready, home):
    (turn,) = objects(ready("shelldon-turn", "--json", "my sister Ana lives in Porto"))
    assert set(turn) == {"turn_id", "ts", "owner", "pet", "ops"}
    assert turn["owner"] == "my sister Ana lives in Porto"
    assert db_rows(home, "SELECT content FROM messages WHERE turn_id = ? AND role = 'pet'",
                   (turn["turn_id"],)) == [(turn["pet"],)]
    assert [(o["seq"], o["op"], o["status"]) for o in turn["ops"]] == db_rows(
        home, "SELECT seq, op, status FROM journal WHERE turn_id = ? ORDER BY seq", (turn["turn_id"],))
    assert objects(ready("shelldon-log", "--turn", turn["turn_id"], "--json")) == [turn]


def test_say_json(ready, home):
    daemon = Daemon("shelldon-launcherd", "--home", home, socket_path=home / "run/shelldon.sock")
    try:
        (said,) = objects(ready("shelldon-say", "--json", "I like green tea"))
    finally:
        daemon.stop()
    assert set(said) == {"turn_id", "owner", "pet"} and said["owner"] == "I like green tea"
    assert db_rows(home, "SELECT role, content FROM messages WHERE turn_id = ? ORDER BY role",
                   (said["turn_id"],)) == [("owner", "I like green tea"), ("pet", said["pet"])]


def test_revert_json_one_object_per_file(ready, home):
    (turn,) = objects(ready("shelldon-turn", "--json", "my sister Ana lives in Porto"))
    files = objects(ready("shelldon-revert", "--json", turn["turn_id"]))
    assert files and all(set(f) == {"turn_id", "revert_id", "path", "action", "reason"} for f in files)
    assert {(f["path"], f["action"]) for f in files} == {("people/ana.md", "removed")}
    assert not (home / "memory/people/ana.md").exists()
    assert db_rows(home, "SELECT count(*) FROM journal WHERE turn_id = ?", (files[0]["revert_id"],))[0][0] >= 1


def test_prune_json(ready, home):
    (home / "raw/2001-01-01.md").write_text("old\n")
    (run,) = objects(ready("shelldon-prune", "--json", "--dry-run"))
    assert set(run) == {"dry_run", "removed", "kept_unrecorded", "bytes_before", "bytes_after"}
    assert run["dry_run"] is True and run["removed"] == [{"name": "2001-01-01.md", "bytes": 4, "why": "age"}]
    assert (home / "raw/2001-01-01.md").exists()
    (run,) = objects(ready("shelldon-prune", "--json"))
    assert run["dry_run"] is False and run["bytes_after"] == run["bytes_before"] - 4
    assert not (home / "raw/2001-01-01.md").exists()


def test_dream_json(ready, home):
    for _ in range(3):
        assert ready("shelldon-capture", "--key", "topic:kites", "the owner flies kites").returncode == 0
    (report,) = objects(ready("shelldon-dream", "--if-idle", "0", "--json"))
    assert set(report) == {"turn_id", "promoted", "pruned", "left", "wrote", "known", "waiting", "summary",
                           "refused", "stale"}
    assert report["turn_id"].startswith("dream-") and report["promoted"] == 1
    assert db_rows(home, "SELECT count(*) FROM learnings WHERE status = 'promoted'") == [(1,)]
