"""Crash consistency: SIGKILL at random moments during ingest, apply (file ops and
learnings) and capture, then check the home is whole (tests/crashkit.py has the checker).

CI runs 200 kills; `make torture` sets SHELLDON_CRASH_ITERATIONS=1000. The positive controls
prove the checker can fail: a naive writer, a two-commit recorder and a stray temp file
are each caught.
"""
import os
import random
import sqlite3

import pytest

import crashkit
from crashkit import Model, check_home, curated_files
from shelldon.contracts.markdown import render_document
from shelldon.home import Home

ITERATIONS = int(os.environ.get("SHELLDON_CRASH_ITERATIONS", "200"))
NAMES = ["ingest", "apply", "learn", "capture", "dream", "prune"]


@pytest.fixture
def initialised(ready, home) -> Home:
    return Home(str(home))


def test_kill_loop(initialised):
    tally = crashkit.torture(initialised, NAMES, ITERATIONS,
                             seed=int(os.environ.get("SHELLDON_CRASH_SEED", "7")))
    print(f"\ncrash: {tally.iterations} iterations, {tally.kills} killed mid-run, "
          f"{len(tally.violations)} violations")
    assert tally.iterations == ITERATIONS
    assert tally.kills >= ITERATIONS // 4, "the kills must land mid-run, not after"
    assert tally.violations == []


def test_every_workload_is_registered():
    assert set(NAMES) <= set(crashkit.WORKLOADS)


# -- positive controls: the same checker catches a writer that is not crash-safe ----------

class NaiveWriter(crashkit.Workload):
    """open(path, 'w') and write in chunks: a kill between chunks tears the file."""
    name = "naive"

    def __init__(self, path, text):
        self.path, self.text = path, text

    def plan(self, it, rng, model):
        return [0]

    def run_step(self, home, step):
        import time
        with open(self.path, "w") as handle:
            for start in range(0, len(self.text), 64):
                handle.write(self.text[start:start + 64])
                handle.flush()
                time.sleep(0.01)


def test_control_naive_writer_is_caught_torn(initialised):
    home = initialised
    path = os.path.join(home.memory, "about.md")
    old = render_document({"name": "about", "collection": "about", "created": "x", "updated": "x",
                           "source": "t0"}, "old self")
    with open(path, "w") as handle:
        handle.write(old)
    new_body = "a long new self-summary " * 40
    new = render_document({"name": "about", "collection": "about", "created": "x", "updated": "y",
                           "source": "t1"}, new_body)
    model = Model(bodies={"about.md": {"old self", new_body.strip()}})
    model.snapshot = curated_files(home)
    writer = NaiveWriter(path, new)
    torn = 0
    for _ in range(5):
        crashkit.drive(home, writer, [0], kill_after=random.uniform(0.03, 0.12))
        problems = check_home(home, model)
        torn += any("torn" in p for p in problems)
        with open(path, "w") as handle:
            handle.write(old)
    assert torn >= 3, "the checker must see a half-written file as torn"


def test_control_two_commit_recorder_leaves_a_half_turn(initialised):
    home = initialised
    conn = sqlite3.connect(home.db)
    conn.execute("INSERT INTO messages (turn_id, role, content, ts) VALUES ('t-half', 'owner', 'hi', 'now')")
    conn.commit()  # ... and the process dies before the pet's row
    conn.close()
    problems = check_home(home, Model(acked_turns={"t-lost"}))
    assert any("half turn" in p for p in problems)
    assert any("acknowledged turn lost: t-lost" in p for p in problems)


def test_control_stray_temp_file_is_reported(initialised):
    home = initialised
    stray = os.path.join(home.memory, "facts", ".ana.md.tmp.999")
    with open(stray, "w") as handle:
        handle.write("half")
    assert any("temp file" in p for p in check_home(home, Model(), after_start=True))


def test_control_learning_count_out_of_step_with_journal(initialised):
    conn = sqlite3.connect(initialised.db)
    conn.execute("INSERT INTO learnings (pattern_key, observation, recurrence_count, first_seen, last_seen) "
                 "VALUES ('k', 'x', 3, 'a', 'a')")
    conn.commit()
    conn.close()
    assert any("learning 'k'" in p for p in check_home(initialised, Model()))


def test_control_corrupt_fts_index_is_caught(initialised):
    conn = sqlite3.connect(initialised.db)
    conn.execute("INSERT INTO messages (turn_id, role, content, ts) VALUES ('a', 'owner', 'rex', 'n'), ('a', 'pet', 'ok', 'n')")
    # an external-content index out of step with its table: the FTS check must say so
    conn.execute("INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', 1, 'rex')")
    conn.commit()
    conn.close()
    assert any("fts integrity" in p for p in check_home(initialised, Model()))


def test_retried_episode_after_a_crash_before_the_journal_appends_once(ready, home):
    """The violation the kill loop found: a log_episode whose file write landed but whose
    journal row did not (killed in between) was appended a second time by the retry."""
    op = '{"op": "log_episode", "content": "Rex found a hedgehog"}\n'
    assert ready("shelldon-apply", "--turn-id", "t-ep", input=op).returncode == 0
    conn = sqlite3.connect(home / "history.db")
    conn.execute("DELETE FROM journal WHERE turn_id = 't-ep'")  # as if killed before the commit
    conn.commit()
    conn.close()
    assert ready("shelldon-apply", "--turn-id", "t-ep", input=op).returncode == 0
    log, = (home / "memory" / "episodes").glob("*.md")
    assert log.read_text().count("Rex found a hedgehog") == 1


def test_own_write_cut_off_before_its_journal_row_is_not_a_hand_edit(ready, home):
    """The violation the kill loop found after the owner's tools landed: a kill between the
    rename and the journal row left the core's own file looking hand-edited, so every later
    write to it was held back as a conflict. Announced writes (migration 3) settle it: the
    next write session journals the write that landed."""
    import json as _json
    from shelldon.core import journal
    from shelldon.core.apply import Item, apply_items, write_session
    h = Home(str(home))
    op = lambda text: _json.dumps({"op": "rewrite_summary", "content": text}) + "\n"  # noqa: E731
    assert ready("shelldon-apply", "--turn-id", "t1", input=op("first")).returncode == 0
    pid = os.fork()
    if pid == 0:  # killed right after the rename, before the journal row
        journal.record = lambda *a, **k: os._exit(9)
        with write_session(h) as store:
            apply_items(h, store, [Item("t2", 1, op("second"))])
        os._exit(0)
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 9
    assert "second" in (home / "memory" / "summary.md").read_text()
    later = ready("shelldon-apply", "--turn-id", "t3", input=op("third"))
    assert later.returncode == 0, later.stderr
    assert "third" in (home / "memory" / "summary.md").read_text()
    conn = sqlite3.connect(home / "history.db")
    assert conn.execute("SELECT count(*) FROM journal WHERE status = 'conflict' OR hand = 1").fetchone() == (0,)
    assert conn.execute("SELECT status, reason FROM journal WHERE turn_id = 't2'").fetchall() == [
        ("applied", "journalled after a crash cut the writer off")]
    assert conn.execute("SELECT count(*) FROM pending_writes").fetchone() == (0,)


def test_a_real_hand_edit_still_holds_the_pet_back(ready, home):
    """The control: without an announcement, a changed file is the owner's, as before."""
    import json as _json
    op = lambda text: _json.dumps({"op": "rewrite_summary", "content": text}) + "\n"  # noqa: E731
    assert ready("shelldon-apply", "--turn-id", "t1", input=op("first")).returncode == 0
    path = home / "memory" / "summary.md"
    path.write_text(path.read_text().replace("first", "first, edited by the owner"))
    ready("shelldon-apply", "--turn-id", "t2", input=op("second"))
    assert "edited by the owner" in path.read_text()
