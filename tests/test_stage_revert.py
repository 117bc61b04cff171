"""apply → revert → the tree byte-identical; twice → no-op; a file changed since is left alone."""
import hashlib

from conftest import db_rows, ops_lines


def hashes(home):
    """sha256 of every file under memory/ (vault/ included: it must not change either)."""
    root = home / "memory"
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


SEED = ops_lines(
    {"op": "remember", "collection": "people", "name": "Ana", "content": "my sister, lives in Porto"},
    {"op": "rewrite_about", "content": "I am shelldon."},
    {"op": "log_episode", "content": "met the owner"},
)
TURN = ops_lines(
    {"op": "remember", "collection": "people", "name": "Ana", "content": "my sister, moved to Lisbon"},
    {"op": "remember", "collection": "facts", "name": "tea", "content": "owner drinks green tea"},
    {"op": "rewrite_about", "content": "I am shelldon, a small pet."},
    {"op": "rewrite_summary", "content": "we talked about Ana and tea"},
    {"op": "log_episode", "content": "Ana moved", "tags": ["family"]},
    {"op": "log_episode", "content": "tea talk"},
    {"op": "capture_learning", "observation": "owner likes tea"},
    {"op": "forget", "collection": "people", "name": "Ana"},
)


def test_apply_then_revert_gives_a_byte_identical_tree(ready, home):
    assert ready("shelldon-apply", "--turn-id", "seed", input=SEED).returncode == 0
    before = hashes(home)
    assert ready("shelldon-apply", "--turn-id", "t1", input=TURN).returncode == 0
    assert hashes(home) != before
    result = ready("shelldon-revert", "t1")
    assert result.returncode == 0, result.stderr
    assert hashes(home) == before
    out = result.stdout.decode()
    assert "removed facts/tea.md (made by t1)" in out and "restored people/ana.md" in out
    assert "removed summary.md" in out and "restored episodes/" in out
    assert b"1 learning op(s) of t1 are not reverted" in result.stderr
    # journalled: one reverted row per file op undone, each naming what it undid
    rows = db_rows(home, "SELECT op, status, reverts FROM journal WHERE turn_id LIKE 'revert-%' ORDER BY seq")
    assert [r[:2] for r in rows] == [("revert", "reverted")] * 7
    assert sorted(r[2] for r in rows) == sorted(f"t1#{n}" for n in (1, 2, 3, 4, 5, 6, 8))


def test_reverting_twice_is_a_no_op(ready, home):
    ready("shelldon-apply", "--turn-id", "seed", input=SEED)
    ready("shelldon-apply", "--turn-id", "t1", input=TURN)
    assert ready("shelldon-revert", "t1").returncode == 0
    after_first = hashes(home)
    count = db_rows(home, "SELECT count(*) FROM journal")
    second = ready("shelldon-revert", "t1")
    assert second.returncode == 0 and second.stdout == b""
    assert b"already reverted" in second.stderr
    assert hashes(home) == after_first and db_rows(home, "SELECT count(*) FROM journal") == count


def test_a_file_changed_since_is_not_clobbered(ready, home):
    ready("shelldon-apply", "--turn-id", "seed", input=SEED)
    ready("shelldon-apply", "--turn-id", "t1", input=TURN)
    # a later op changes about.md; the owner edits summary.md by hand
    ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({"op": "rewrite_about", "content": "I am a turtle."}))
    summary = home / "memory/summary.md"
    summary.write_text(summary.read_text() + "my own note\n")
    about, hand = (home / "memory/about.md").read_bytes(), summary.read_bytes()
    result = ready("shelldon-revert", "t1")
    assert result.returncode == 65
    err = result.stderr.decode()
    assert "refused about.md: changed since t1" in err and "refused summary.md: changed since t1" in err
    assert (home / "memory/about.md").read_bytes() == about and summary.read_bytes() == hand
    assert not (home / "memory/facts/tea.md").exists()      # the rest was reverted
    assert "Lisbon" not in (home / "memory/people/ana.md").read_text()


def test_revert_of_a_revert_puts_the_turn_back(ready, home):
    ready("shelldon-apply", "--turn-id", "seed", input=SEED)
    ready("shelldon-apply", "--turn-id", "t1", input=TURN)
    applied = hashes(home)
    ready("shelldon-revert", "t1")
    revert_id = db_rows(home, "SELECT DISTINCT turn_id FROM journal WHERE turn_id LIKE 'revert-%'")[0][0]
    assert ready("shelldon-revert", revert_id).returncode == 0
    assert hashes(home) == applied


def test_a_reverted_file_is_the_cores_again(ready, home):
    ready("shelldon-apply", "--turn-id", "seed", input=SEED)
    ready("shelldon-apply", "--turn-id", "t1", input=TURN)
    ready("shelldon-revert", "t1")
    # later ops on the restored files apply: nothing looks hand-edited
    later = ops_lines({"op": "remember", "collection": "people", "name": "Ana", "content": "my sister"},
                      {"op": "rewrite_about", "content": "I am new."})
    assert ready("shelldon-apply", "--turn-id", "t3", input=later).returncode == 0


def test_unknown_turn_is_refused(ready):
    result = ready("shelldon-revert", "no-such-turn")
    assert result.returncode == 65 and b"no journal entries for turn no-such-turn" in result.stderr


def test_a_hand_file_that_was_not_utf8_comes_back_byte_for_byte(ready, home):
    path = home / "memory/about.md"
    ready("shelldon-apply", "--turn-id", "seed", input=SEED)
    path.write_bytes(b"\xff\xfe hand-made, not UTF-8\n")
    ready("shelldon-resolve", "about", "--mine")  # there is no conflict yet: refused, nothing done
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines({"op": "rewrite_about", "content": "x"}))
    assert ready("shelldon-resolve", "about", "--theirs").returncode == 0
    resolve_id = db_rows(home, "SELECT turn_id FROM journal WHERE turn_id LIKE 'resolve-%'")[0][0]
    assert ready("shelldon-revert", resolve_id).returncode == 0
    assert path.read_bytes() == b"\xff\xfe hand-made, not UTF-8\n"


def test_a_file_already_put_back_by_hand_is_not_a_refusal(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(
        {"op": "remember", "collection": "facts", "name": "tea", "content": "green tea"}))
    (home / "memory/facts/tea.md").unlink()
    result = ready("shelldon-revert", "t1")
    assert result.returncode == 0 and b"already reverted (or put back)" in result.stderr


def test_an_error_quoting_input_is_one_line_with_its_controls_escaped(ready):
    revert = ready("shelldon-revert", "ab\x1b[31mc\nd")
    assert revert.returncode != 0
    assert revert.stderr.count(b"\n") == 1 and b"\x1b" not in revert.stderr
    assert b"ab\\x1b[31mc\\x0ad" in revert.stderr
