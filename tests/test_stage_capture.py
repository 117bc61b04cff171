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


def test_stdin_of_any_length_is_captured_a_line_at_a_time(ready, home):
    """Over 1 MiB of observations (the old cap on all of stdin): every line captured,
    in batches; a bad line in the middle is refused by its number and costs nothing else."""
    lines = [f"observation number {n} " + "x" * 1000 for n in range(1200)]
    lines[1000] = "y" * 5000                                   # over the line bound
    data = ("\n".join(lines) + "\n").encode()
    data = data.replace(b"observation number 7 ", b"observation \xff number 7 ", 1)  # not UTF-8
    assert len(data) > 1 << 20
    result = ready("shelldon-capture", input=data)
    assert result.returncode == 65, result.stderr
    err = result.stderr.decode().splitlines()
    assert len(err) == 2 and "Traceback" not in result.stderr.decode()
    assert any(e.startswith("shelldon-capture: line 8: line is not valid UTF-8") for e in err), err
    assert any(e.startswith("shelldon-capture: line 1001: line too long: ") for e in err), err
    assert db_rows(home, "SELECT count(*) FROM learnings") == [(1198,)]
    assert db_rows(home, "SELECT count(*) FROM journal WHERE status = 'applied'") == [(1198,)]
    assert db_rows(home, "SELECT count(DISTINCT turn_id) FROM journal") == [(1,)]
