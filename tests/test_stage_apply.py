import json
import os

from conftest import db_rows, ops_lines, tree_snapshot

MIXED = ops_lines(
    {"op": "remember", "collection": "people", "name": "Ana", "content": "my sister, lives in Porto"},
    {"op": "frobnicate", "x": 1},
    {"op": "remember", "collection": "facts", "name": "tea", "content": "green", "color": "red"},
    {"op": "capture_learning", "observation": "owner likes tea", "pattern_key": "tea"},
    "this is not json",
    {"op": "rewrite_about", "content": "I am shelldon, a small pet."},
    {"op": "resolve_learning", "id": 77, "status": "promoted"},
)


def test_mixed_file_applies_exactly_the_valid_lines(ready, home):
    result = ready("shelldon-apply", "--turn-id", "t-mixed", input=MIXED)
    assert result.returncode == 65
    err = result.stderr.decode()
    assert "line 2:" in err and "unknown op" in err
    assert "line 3:" in err and "unknown field `color`" in err
    assert "line 5:" in err and "not valid JSON" in err
    assert "line 1" not in err and "Traceback" not in err
    assert (home / "memory/people/ana.md").read_text().endswith("my sister, lives in Porto\n")
    assert not (home / "memory/facts/tea.md").exists()
    assert "small pet" in (home / "memory/about.md").read_text()
    assert db_rows(home, "SELECT pattern_key, recurrence_count FROM learnings") == [("tea", 1)]
    journal = dict(((seq, status) for seq, status in db_rows(home, "SELECT seq, status FROM journal WHERE turn_id='t-mixed'")))
    assert journal == {1: "applied", 2: "rejected", 3: "rejected", 4: "applied", 5: "rejected", 6: "applied", 7: "noop"}
    reasons = dict(db_rows(home, "SELECT seq, reason FROM journal WHERE status='rejected'"))
    assert "unknown op" in reasons[2] and "color" in reasons[3] and "JSON" in reasons[5]


def test_applying_the_same_file_again_changes_nothing(ready, home):
    ready("shelldon-apply", "--turn-id", "t-mixed", input=MIXED)
    before_tree = tree_snapshot(home / "memory")
    before_db = db_rows(home, "SELECT * FROM learnings"), db_rows(home, "SELECT count(*) FROM journal")
    again = ready("shelldon-apply", "--turn-id", "t-mixed", input=MIXED)
    assert again.returncode == 65  # the rejected lines are reported again
    assert b"rejected before" in again.stderr
    assert tree_snapshot(home / "memory") == before_tree
    assert (db_rows(home, "SELECT * FROM learnings"), db_rows(home, "SELECT count(*) FROM journal")) == before_db


def test_atomic_with_one_bad_line_writes_nothing(ready, home):
    before = tree_snapshot(home / "memory")
    result = ready("shelldon-apply", "--atomic", input=MIXED)
    assert result.returncode == 65
    assert tree_snapshot(home / "memory") == before
    assert db_rows(home, "SELECT count(*) FROM learnings") == [(0,)]


def test_atomic_all_valid_applies_all(ready, home):
    good = ops_lines({"op": "remember", "collection": "facts", "name": "a", "content": "x"},
                     {"op": "capture_learning", "observation": "y"})
    assert ready("shelldon-apply", "--atomic", input=good).returncode == 0
    assert (home / "memory/facts/a.md").exists()


def test_turn_records_pass_through_and_their_ops_are_keyed_by_turn(ready, home):
    record = {"turn_id": "t42", "owner": "I like tea", "reply": "noted",
              "ops": [{"op": "remember", "collection": "preferences", "name": "tea", "content": "likes tea"},
                      {"op": "nope"}]}
    line = json.dumps(record) + "\n"
    result = ready("shelldon-apply", input=line)
    assert result.returncode == 65
    out = json.loads(result.stdout)
    # the reply passes through with what became of its ops after it
    assert out["turn_id"] == "t42" and out["reply"].startswith("noted\n\nSaved: preferences/tea.md. ")
    assert "Refused (nope): unknown op" in out["reply"]
    assert db_rows(home, "SELECT turn_id, seq, status FROM journal ORDER BY seq") == [("t42", 1, "applied"), ("t42", 2, "rejected")]
    assert (home / "memory/preferences/tea.md").exists()


def test_apply_reads_a_named_file(ready, home, tmp_path):
    ops = tmp_path / "ops.jsonl"
    ops.write_text(ops_lines({"op": "rewrite_summary", "content": "we talked about tea"}))
    assert ready("shelldon-apply", ops).returncode == 0
    assert "tea" in (home / "memory/summary.md").read_text()


def test_symlink_in_facts_pointing_outside_is_refused(ready, home, tmp_path):
    outside = tmp_path / "outside.md"
    outside.write_text("untouched")
    os.symlink(outside, home / "memory/facts/evil.md")
    result = ready("shelldon-apply", input=ops_lines({"op": "remember", "collection": "facts", "name": "evil", "content": "pwned"}))
    assert result.returncode == 65 and b"symlink" in result.stderr
    assert outside.read_text() == "untouched"


def test_hostile_names_never_leave_the_tree(ready, home, tmp_path):
    names = ["../../x", "/etc/passwd", ".", "CON", "😀 party", "日本", "José"]
    ops = ops_lines(*({"op": "remember", "collection": "facts", "name": n, "content": f"c{i}"}
                      for i, n in enumerate(names)),  # distinct contents: equal ones are one item
                    {"op": "remember", "collection": "facts", "name": "", "content": "c"})
    result = ready("shelldon-apply", input=ops)
    assert result.returncode == 65  # "." and "" have no usable name
    written = sorted(p.name for p in (home / "memory/facts").iterdir())
    assert written == sorted(["x.md", "etc-passwd.md", "con-item.md", "party.md", "日本.md", "josé.md"])
    assert not (tmp_path / "x").exists() and not (home / "x.md").exists()


def test_invalid_utf8_and_nul_are_refused_cleanly(ready, home):
    result = ready("shelldon-apply", input=b'{"op":"rewrite_about","content":"\xff\xfe"}\n'
                                           b'{"op":"rewrite_about","content":"a\\u0000b"}\n')
    assert result.returncode == 65
    err = result.stderr.decode()
    assert "line 1: line is not valid UTF-8" in err and "line 2" in err and "Traceback" not in err
    assert not (home / "memory/about.md").exists()


def test_wrong_type_is_refused(ready):
    result = ready("shelldon-apply", input=ops_lines({"op": "resolve_learning", "id": "seven", "status": "promoted"}))
    assert result.returncode == 65 and b"Expected `int`" in result.stderr


def test_directive_is_never_written(ready, home):
    directive = home / "memory/DIRECTIVE.md"
    directive.write_text("be kind")
    ops = ops_lines({"op": "remember", "collection": "facts", "name": "../DIRECTIVE", "content": "obey me"},
                    {"op": "rewrite_about", "content": "x"})
    ready("shelldon-apply", input=ops)
    assert directive.read_text() == "be kind"


def test_a_long_name_in_four_byte_characters_is_written_under_a_shorter_slug(ready, home):
    name = "\U00020000" * 63          # contract-valid (120 characters at most), 252 UTF-8 bytes
    record = {"turn_id": "t-long", "owner": "x", "reply": "y",
              "ops": [{"op": "remember", "collection": "people", "name": name, "content": "x"},
                      {"op": "remember", "collection": "facts", "name": "cat", "content": "has a cat"}]}
    result = ready("shelldon-apply", input=ops_lines(record))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {**record, "reply": f"y\n\nSaved: people/{name[:60]}.md, facts/cat.md."}
    (written,) = (home / "memory/people").glob("*.md")
    assert written.name == "\U00020000" * 60 + ".md" and len(os.fsencode(written.name)) == 243
    assert (home / "memory/facts/cat.md").exists()


def test_one_op_the_file_system_fails_costs_only_that_op(ready, home):
    """Any OSError of one op's write refuses that op (65, named) and nothing else: the
    later ops are applied and the turn record passes through. It is not journalled, so the
    same input applies it once the cause is gone."""
    people = home / "memory/people"
    people.rmdir()
    people.write_text("a file where a collection should be\n")
    record = {"turn_id": "t-fs", "owner": "x", "reply": "y",
              "ops": [{"op": "remember", "collection": "people", "name": "Ana", "content": "my sister"},
                      {"op": "remember", "collection": "facts", "name": "cat", "content": "has a cat"}]}
    result = ready("shelldon-apply", input=ops_lines(record))
    assert result.returncode == 65, result.stderr
    err = result.stderr.decode()
    assert len(err.splitlines()) == 1 and "Traceback" not in err and "internal error" not in err
    assert "line 1: remember rejected: memory/people: not a directory" in err
    said = json.loads(result.stdout)
    assert said == {**record, "reply": said["reply"]}
    assert said["reply"].startswith("y\n\nSaved: facts/cat.md.")
    assert "memory/people: not a directory" in said["reply"]
    assert (home / "memory/facts/cat.md").exists()
    assert db_rows(home, "SELECT seq, status FROM journal WHERE turn_id = 't-fs'") == [(2, "applied")]
    people.unlink()
    people.mkdir()
    again = ready("shelldon-apply", input=ops_lines(record))
    assert again.returncode == 0, again.stderr
    assert (people / "ana.md").read_text().endswith("my sister\n")


def test_an_empty_turn_id_is_refused_not_taken_for_none(ready, home):
    op = ops_lines({"op": "remember", "collection": "facts", "name": "tea", "content": "green"})
    result = ready("shelldon-apply", "--turn-id", "", input=op)
    assert result.returncode == 65 and b"bad turn id ''" in result.stderr, result.stderr
    assert not (home / "memory/facts/tea.md").exists()
    assert db_rows(home, "SELECT count(*) FROM journal") == [(0,)]


def test_a_turn_record_without_a_turn_id_is_named_as_such(ready, home):
    record = {"owner": "remember tea", "reply": "ok",
              "ops": [{"op": "remember", "collection": "facts", "name": "tea", "content": "green"}]}
    result = ready("shelldon-apply", input=ops_lines(record, {"op": "rewrite_about", "content": "I am shelldon."}))
    assert result.returncode == 65 and result.stdout == b""
    err = result.stderr.decode()
    assert err.startswith('shelldon-apply: line 1: looks like a turn record without a "turn_id"'), err
    assert 'no "op" field' not in err and len(err.splitlines()) == 1
    assert not (home / "memory/facts/tea.md").exists() and (home / "memory/about.md").exists()


def test_episodes_are_filed_by_the_month_of_their_turn(ready, home):
    """An episode goes to memory/episodes/YYYY-MM.md of its turn's time (the record's ts),
    so an append reads one month's log, never the whole life of the pet."""
    records = "".join(json.dumps({"turn_id": f"t-{month}", "owner": "x", "ts": f"2025-{month:02d}-28T23:30:00-02:00",
                                  "ops": [{"op": "log_episode", "content": f"walked in month {month}"}]}) + "\n"
                      for month in (3, 4))
    result = ready("shelldon-apply", input=records)
    assert result.returncode == 0, result.stderr
    logs = sorted(p.name for p in (home / "memory/episodes").iterdir())
    assert logs == ["2025-03.md", "2025-04.md"]   # 23:30 at -02:00 is the next day in UTC, same month
    assert "walked in month 4" in (home / "memory/episodes/2025-04.md").read_text()
    assert "walked in month 4" not in (home / "memory/episodes/2025-03.md").read_text()
    assert "## 2025-03-29T01:30:00Z · t-3" in (home / "memory/episodes/2025-03.md").read_text()
    assert not (home / "memory/episodes.md").exists()
