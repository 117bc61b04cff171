import json
import sqlite3

from conftest import db_rows

NOON = "2026-06-01T12:00:00Z"


def test_ingest_one_turn_from_flags(ready, home):
    result = ready("shelldon-ingest", "--owner", "my sister Ana lives in Porto", "--pet", "Noted!")
    assert result.returncode == 0, result.stderr
    assert result.stdout == b"Noted!\n"
    rows = db_rows(home, "SELECT role, content, turn_id FROM messages ORDER BY id")
    assert [r[:2] for r in rows] == [("owner", "my sister Ana lives in Porto"), ("pet", "Noted!")]
    assert rows[0][2] == rows[1][2]
    raw = list((home / "raw").glob("*.md"))
    assert len(raw) == 1
    text = raw[0].read_text()
    assert f"## {rows[0][2]} · " in text and "**owner**\n> my sister Ana lives in Porto" in text and "**pet**\n> Noted!" in text


def test_owner_dash_reads_stdin(ready, home):
    assert ready("shelldon-ingest", "--owner", "-", "--pet", "ok", input="from stdin\n").returncode == 0
    assert db_rows(home, "SELECT content FROM messages WHERE role='owner'") == [("from stdin",)]


def test_owner_and_pet_misused_are_usage_errors(ready, home):
    for args in (("--owner", "-", "--pet", "-"), ("--owner", "a"), ("--pet", "b"), ("--owner", "-")):
        result = ready("shelldon-ingest", *args, input="x")
        assert result.returncode == 2, (args, result.stderr)
        assert result.stderr.startswith(b"Usage: ") and b"Error: " in result.stderr, result.stderr
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]
    assert not list((home / "raw").glob("*.md"))


def test_stream_of_turn_records_is_idempotent(ready, home):
    lines = "".join(json.dumps({"turn_id": f"t{n}", "owner": f"o{n}", "reply": f"p{n}"}) + "\n" for n in range(3))
    assert ready("shelldon-ingest", input=lines).stdout == b"p0\np1\np2\n"
    assert ready("shelldon-ingest", input=lines).returncode == 0
    assert db_rows(home, "SELECT count(*) FROM messages") == [(6,)]
    raw = "".join(p.read_text() for p in (home / "raw").glob("*.md"))
    assert raw.count("## t1 · ") == 1


def test_a_turn_id_taken_by_another_message_is_refused_and_the_rest_recorded(ready, home):
    first = json.dumps({"turn_id": "t1", "owner": "my cat Tom is grey", "reply": "noted"}) + "\n"
    assert ready("shelldon-ingest", input=first).returncode == 0
    retry = json.dumps({"turn_id": "t1", "owner": "my cat Tom is grey", "reply": "said otherwise"}) + "\n"
    assert ready("shelldon-ingest", input=retry).returncode == 0        # the same turn again: nothing new
    reused = json.dumps({"turn_id": "t1", "owner": "my cat Tom is black", "reply": "noted"}) + "\n"
    other = json.dumps({"turn_id": "t2", "owner": "hello", "reply": "hi"}) + "\n"
    result = ready("shelldon-ingest", input=reused + other)
    assert result.returncode == 65 and result.stdout == b"hi\n"
    assert b"turn t1 is already recorded with another message" in result.stderr
    assert db_rows(home, "SELECT turn_id, content FROM messages WHERE role = 'owner' ORDER BY id") == [
        ("t1", "my cat Tom is grey"), ("t2", "hello")]
    raw = "".join(p.read_text() for p in (home / "raw").glob("*.md"))
    assert "black" not in raw


def test_record_without_reply_is_refused(ready, home):
    lines = json.dumps({"turn_id": "t1", "owner": "hi"}) + "\n" + json.dumps({"turn_id": "t2", "owner": "a", "reply": "b"}) + "\n"
    result = ready("shelldon-ingest", input=lines)
    assert result.returncode == 65 and b"line 1" in result.stderr and b"no reply" in result.stderr
    assert db_rows(home, "SELECT turn_id, role FROM messages") == [("t2", "owner"), ("t2", "pet")]


def test_owner_text_cannot_forge_a_raw_heading(ready, home):
    ready("shelldon-ingest", "--owner", "hi\n## fake-turn · 00:00\nmore", "--pet", "ok")
    text = next((home / "raw").glob("*.md")).read_text()
    from shelldon.core.raw import turn_ids
    assert len(turn_ids(text)) == 1


def test_ten_megabyte_message_is_refused_without_writing(ready, home):
    big = "x" * (10 * 1024 * 1024)
    result = ready("shelldon-ingest", "--owner", "-", "--pet", "ok", input=big)
    assert result.returncode == 65 and b"too long" in result.stderr
    line = json.dumps({"turn_id": "t1", "owner": big, "reply": "r"}) + "\n"
    result = ready("shelldon-ingest", input=line)
    assert result.returncode == 65 and b"too long" in result.stderr
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]


def test_invalid_utf8_and_nul_on_stdin(ready, home):
    assert ready("shelldon-ingest", "--owner", "-", "--pet", "ok", input=b"\xff\xfeoops").returncode == 65
    assert ready("shelldon-ingest", "--owner", "-", "--pet", "ok", input=b"nul\x00byte").returncode == 65
    bad_json = ready("shelldon-ingest", input=b"{not json\n")
    assert bad_json.returncode == 65 and b"Traceback" not in bad_json.stderr
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]


def test_bad_turn_id_is_refused(ready):
    line = json.dumps({"turn_id": "../../etc", "owner": "a", "reply": "b"}) + "\n"
    assert ready("shelldon-ingest", input=line).returncode == 65


def test_a_turn_spends_one_from_the_budget(ready, home):
    ready("shelldon-ingest", "--owner", "a", "--pet", "b")
    ready("shelldon-ingest", "--owner", "c", "--pet", "d")
    assert db_rows(home, "SELECT sum(spent) FROM budget") == [(2,)]


def test_raw_dedupe_matches_whole_turn_ids_and_survives_a_lost_history_row(ready, home, monkeypatch):
    import sqlite3
    monkeypatch.setenv("SHELLDON_NOW", NOON)   # every ingest on one raw/ day, even at midnight
    record = lambda turn: json.dumps({"turn_id": turn, "owner": f"said in {turn}", "reply": "ok"}) + "\n"
    assert ready("shelldon-ingest", input=record("t10") + record("t1")).returncode == 0
    raw = lambda: "".join(p.read_text() for p in (home / "raw").glob("*.md"))
    assert raw().count("## t10 · ") == 1 and raw().count("## t1 · ") == 1   # t1 is not t10
    with sqlite3.connect(home / "history.db") as conn:   # a kill between raw/ and history
        conn.execute("DELETE FROM messages WHERE turn_id = 't1'")
    assert ready("shelldon-ingest", input=record("t1")).returncode == 0
    assert raw().count("## t1 · ") == 1                                       # not appended twice
    assert db_rows(home, "SELECT count(*) FROM messages WHERE turn_id = 't1'") == [(2,)]


def test_empty_or_blank_turns_are_refused_and_record_nothing(ready, home):
    for owner, pet, stdin in (("", "", None), ("  ", "ok", None), ("hi", " \t", None),
                              ("-", "ok", "\n"), ("hi", "-", "   \n"), ("\x01", "ok", None)):
        result = ready("shelldon-ingest", "--owner", owner, "--pet", pet, input=stdin)
        assert result.returncode == 65, (owner, pet, result.stderr)
        assert b"empty" in result.stderr and len(result.stderr.splitlines()) == 1
        assert result.stdout == b""
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]
    assert not list((home / "raw").glob("*.md"))
    lines = [{"turn_id": "t1", "owner": "hi", "reply": ""}, {"turn_id": "t2", "owner": "hi", "reply": " \n "},
             {"turn_id": "t3", "owner": "  ", "reply": "hello"}, {"turn_id": "t4", "owner": "hi", "reply": "hello"}]
    result = ready("shelldon-ingest", input="".join(json.dumps(line) + "\n" for line in lines))
    assert result.returncode == 65 and result.stdout == b"hello\n"
    err = result.stderr.decode()
    assert "line 1: turn t1 has an empty reply" in err and "line 2: turn t2 has an empty reply" in err
    assert "line 3: turn t3 has an empty owner message" in err and "line 4" not in err
    assert db_rows(home, "SELECT DISTINCT turn_id FROM messages") == [("t4",)]
    assert "## t4 · " in next((home / "raw").glob("*.md")).read_text()


def test_an_entry_cut_short_by_a_killed_append_does_not_count_as_captured(ready, home, monkeypatch):
    """A kill mid-write can cut the day's last entry short (its turn never reached history,
    which is written after raw/). The retry captures the turn whole; the next entry's heading
    starts a line; the cut bytes are left as they are."""
    monkeypatch.setenv("SHELLDON_NOW", NOON)   # every ingest on one raw/ day, even at midnight
    turn = lambda tid, owner, pet: json.dumps({"turn_id": tid, "owner": owner, "reply": pet}) + "\n"
    assert ready("shelldon-ingest", input=turn("t1", "first", "one")).returncode == 0
    day = next((home / "raw").glob("*.md"))
    whole = day.read_bytes()
    assert ready("shelldon-ingest", input=turn("t2", "my sister Ana lives in Porto", "noted")).returncode == 0
    entry = day.read_bytes()[len(whole):]
    day.write_bytes(whole + entry[: entry.index(b"Ana")])           # killed mid-append
    with sqlite3.connect(home / "history.db") as conn:                 # so t2 never got recorded
        conn.execute("DELETE FROM messages WHERE turn_id = 't2'")
    assert ready("shelldon-ingest", input=turn("t2", "my sister Ana lives in Porto", "noted")).returncode == 0
    assert ready("shelldon-ingest", input=turn("t3", "third", "three")).returncode == 0
    text = day.read_text()
    from shelldon.core.raw import turn_ids
    assert turn_ids(text) == ["t1", "t2", "t2", "t3"]                   # every heading at a line start
    assert "> my sister Ana lives in Porto\n\n**pet**\n> noted\n" in text  # t2 captured whole
    assert db_rows(home, "SELECT count(DISTINCT turn_id) FROM messages") == [(3,)]


def test_a_killed_runs_capture_is_recorded_before_another_turn_follows_it(ready, home, monkeypatch):
    """A run killed between its raw/ append and its commit leaves its turn only in raw/, as
    the day's last entry. The next turn recorded on that day records it from raw/ first, so
    a re-run of the killed stream, which reads only the tail, does not capture it twice."""
    monkeypatch.setenv("SHELLDON_NOW", NOON)
    turn = lambda tid, owner: json.dumps({"turn_id": tid, "owner": owner, "reply": f"re {owner}"}) + "\n"
    assert ready("shelldon-ingest", input=turn("t1", "first") + turn("t2", "my sister\n\nAna")).returncode == 0
    before = db_rows(home, "SELECT role, content, ts FROM messages WHERE turn_id = 't2' ORDER BY id")
    with sqlite3.connect(home / "history.db") as conn:                  # the kill before t2's commit
        conn.execute("DELETE FROM messages WHERE turn_id = 't2'")
        conn.execute("UPDATE budget SET spent = spent - 1")
    assert ready("shelldon-ingest", input=turn("t3", "third")).returncode == 0
    assert db_rows(home, "SELECT role, content, ts FROM messages WHERE turn_id = 't2' ORDER BY id") == before
    assert ready("shelldon-ingest", input=turn("t1", "first") + turn("t2", "my sister\n\nAna")).returncode == 0
    from shelldon.core.raw import turn_ids
    assert turn_ids(next((home / "raw").glob("*.md")).read_text()) == ["t1", "t2", "t3"]
    assert db_rows(home, "SELECT count(*) FROM messages") == [(6,)]
    assert db_rows(home, "SELECT spent FROM budget") == [(3,)]


def test_a_turn_with_ts_keeps_its_date_in_history_and_raw(ready, home):
    turn = {"turn_id": "old1", "owner": "we moved to Porto", "reply": "noted", "ts": "2024-03-05T23:30:00-02:00"}
    result = ready("shelldon-ingest", input=json.dumps(turn) + "\n", env={"TZ": "Europe/Lisbon"})
    assert result.returncode == 0, result.stderr
    assert db_rows(home, "SELECT DISTINCT ts FROM messages") == [("2024-03-06T01:30:00Z",)]
    assert db_rows(home, "SELECT day, spent FROM budget") == [("2024-03-06", 1)]   # Lisbon's day
    (day,) = (home / "raw").glob("*.md")
    assert day.name == "2024-03-06.md" and "## old1 · 01:30:00 +0000" in day.read_text()


def test_a_ts_without_offset_or_not_iso_is_refused_by_line(ready, home):
    lines = [{"turn_id": "t1", "owner": "a", "reply": "b", "ts": "2024-03-05T18:22:00"},
             {"turn_id": "t2", "owner": "a", "reply": "b", "ts": "5 March 2024"},
             {"turn_id": "t3", "owner": "a", "reply": "b", "ts": 1709659320},
             {"turn_id": "t4", "owner": "a", "reply": "b", "ts": "2024-03-05T18:22:00Z"}]
    result = ready("shelldon-ingest", input="".join(json.dumps(line) + "\n" for line in lines))
    assert result.returncode == 65 and result.stdout == b"b\n"
    err = result.stderr.decode().splitlines()
    assert len(err) == 3 and all("ts" in line for line in err), err
    assert err[0].startswith("shelldon-ingest: line 1:") and "no UTC offset" in err[0]
    assert err[1].startswith("shelldon-ingest: line 2:") and "not an ISO 8601 time" in err[1]
    assert db_rows(home, "SELECT DISTINCT turn_id, ts FROM messages") == [("t4", "2024-03-05T18:22:00Z")]


def _turns_file(tmp_path, count):
    path = tmp_path / "turns.jsonl"
    path.write_text("".join(json.dumps({"turn_id": f"t{n}", "owner": f"o{n}", "reply": f"p{n}"}) + "\n"
                            for n in range(count)))
    return path


def test_a_long_import_in_a_pipe_or_from_a_file_says_nothing_on_stderr(ready, home, tmp_path):
    import os
    import subprocess
    import sys
    from conftest import BIN
    path = _turns_file(tmp_path, 300)
    assert ready("shelldon-ingest", input=path.read_bytes()).stderr == b""
    with open(path, "rb") as stdin:    # stdin a file, stderr a pipe (cron): no bar either
        result = subprocess.run([sys.executable, str(BIN / "shelldon-ingest")], stdin=stdin,
                                capture_output=True, env={**os.environ, "SHELLDON_HOME": str(home)})
    assert result.returncode == 0 and result.stderr == b"" and len(result.stdout.splitlines()) == 300
    assert db_rows(home, "SELECT count(*) FROM messages") == [(600,)]


def test_a_long_import_shows_a_progress_bar_on_a_terminal(ready, home, tmp_path):
    import os
    import pty
    import subprocess
    import sys
    from conftest import BIN
    path = _turns_file(tmp_path, 2000)
    leader, follower = pty.openpty()
    try:
        with open(path, "rb") as stdin:
            proc = subprocess.Popen([sys.executable, str(BIN / "shelldon-ingest")], stdin=stdin,
                                    stdout=subprocess.DEVNULL, stderr=follower,
                                    env={**os.environ, "SHELLDON_HOME": str(home), "COLUMNS": "100"})
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:     # EIO: the stage exited and closed the terminal
                break
            if not chunk:
                break
            seen += chunk
        assert proc.wait(timeout=120) == 0
    finally:
        os.close(leader)
    assert b"ingesting" in seen and b"100%" in seen, seen[-300:]
    assert db_rows(home, "SELECT count(*) FROM messages") == [(4000,)]


def test_a_stream_killed_again_and_again_then_rerun_records_each_turn_once(ready, home, tmp_path):
    import os
    import random
    import signal
    import subprocess
    import sys
    import time
    from conftest import BIN
    from shelldon.core.raw import turn_ids
    path = _turns_file(tmp_path, 1500)
    env = {**os.environ, "SHELLDON_HOME": str(home), "SHELLDON_NOW": NOON}
    rng = random.Random(5)
    for _ in range(4):
        with open(path, "rb") as stdin:
            proc = subprocess.Popen([sys.executable, str(BIN / "shelldon-ingest")], stdin=stdin,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        time.sleep(rng.uniform(0.5, 2.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    with open(path, "rb") as stdin:
        done = subprocess.run([sys.executable, str(BIN / "shelldon-ingest")], stdin=stdin,
                              capture_output=True, env=env)
    assert done.returncode == 0, done.stderr
    assert db_rows(home, "SELECT count(*), count(DISTINCT turn_id) FROM messages") == [(3000, 1500)]
    ids = [i for day in (home / "raw").glob("*.md") for i in turn_ids(day.read_text())]
    assert sorted(ids) == sorted(f"t{n}" for n in range(1500))
    assert db_rows(home, "SELECT sum(spent) FROM budget") == [(1500,)]


def test_a_turn_counts_a_use_of_each_item_it_names(ready, home):
    """The rule (worker/curated_list.named_items): an item is used when the owner's message
    or the reply holds every word of its name, folded as recall folds; a word of its body
    is not enough. Counted once per turn, at the turn's time, in the turn's commit."""
    from conftest import ops_lines
    assert ready("shelldon-apply", input=ops_lines(
        {"op": "remember", "collection": "people", "name": "Maren", "content": "my brother; moved to Lyon"},
        {"op": "remember", "collection": "facts", "name": "green tea", "content": "the owner drinks it at four"},
    )).returncode == 0

    def use():
        return dict((p, (h, t)) for p, h, t in db_rows(home, "SELECT path, hits, last_used FROM item_use"))

    def turn(turn_id, owner, pet, ts=NOON):
        line = json.dumps({"turn_id": turn_id, "owner": owner, "reply": pet, "ts": ts}) + "\n"
        assert ready("shelldon-ingest", input=line).returncode == 0

    turn("t1", "remind me, where does Maren live these days?", "In Lyon.")
    assert use() == {"people/maren.md": (1, NOON)}
    turn("t2", "is Lyon far?", "A few hours by train.")             # a body word: not a use
    turn("t3", "I like tea", "Noted.")                              # half the name: not a use
    assert use() == {"people/maren.md": (1, NOON)}
    turn("t4", "who moved to the south?", "Maren's move, you said.", "2026-06-03T08:00:00Z")  # the reply names him
    turn("t5", "greens teas for everyone", "Two GREEN TEAS then, and one for Maren", "2026-06-02T08:00:00Z")
    assert use() == {"people/maren.md": (3, "2026-06-03T08:00:00Z"), "facts/green-tea.md": (1, "2026-06-02T08:00:00Z")}
    turn("t5", "greens teas for everyone", "Two GREEN TEAS then, and one for Maren", "2026-06-02T08:00:00Z")
    assert use()["people/maren.md"][0] == 3                         # a replayed turn counts nothing
