from conftest import db_rows


def test_capture_lines_and_key(ready, home):
    assert ready("shelldon-capture", input="likes tea\n\nwalks at dawn\n").returncode == 0
    assert ready("shelldon-capture", "--key", "tea", input="likes tea\n").returncode == 0
    assert ready("shelldon-capture", "--key", "tea", "likes green tea").returncode == 0
    rows = db_rows(home, "SELECT pattern_key, observation, recurrence_count FROM learnings ORDER BY id")
    assert rows == [(None, "likes tea", 1), (None, "walks at dawn", 1), ("tea", "likes green tea", 2)]
    assert db_rows(home, "SELECT count(*) FROM journal WHERE op='capture_learning'") == [(4,)]


def test_oversized_observation_is_refused(ready, home):
    result = ready("shelldon-capture", input="x" * 2000 + "\nfine\n")
    assert result.returncode == 65 and b"line 1" in result.stderr
    assert db_rows(home, "SELECT observation FROM learnings") == [("fine",)]
