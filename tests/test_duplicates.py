"""The same fact three times is one file; the same keyless observation is one learning."""
import sqlite3
import subprocess
import sys

from conftest import BIN, db_rows, ops_lines

from shelldon.core.history import HistoryStore
from shelldon.core.migrations import MIGRATIONS


def test_the_same_fact_remembered_three_times_is_one_file(ready, home):
    turns = [{"op": "remember", "collection": "facts", "name": "tea", "content": "Owner drinks green tea."},
             {"op": "remember", "collection": "facts", "name": "Tea!", "content": "owner drinks green tea"},
             {"op": "remember", "collection": "facts", "name": "drinks", "content": "  OWNER drinks\ngreen tea "}]
    for n, op in enumerate(turns, 1):
        assert ready("shelldon-apply", "--turn-id", f"t{n}", input=ops_lines(op)).returncode == 0
    assert [p.name for p in (home / "memory/facts").iterdir()] == ["tea.md"]
    rows = db_rows(home, "SELECT turn_id, status, path, reason FROM journal ORDER BY id")
    # same slug: an update (the new wording supersedes, the old stays in the journal);
    # another name, same normalised words: nothing added
    assert [r[1] for r in rows] == ["applied", "applied", "unchanged"]
    assert db_rows(home, "SELECT before_content FROM journal WHERE turn_id = 't2'")[0][0].endswith("Owner drinks green tea.\n")
    assert rows[2][2] == "memory/facts/tea.md" and rows[2][3] == "already remembered as facts/tea.md"


def test_duplicates_are_per_collection(ready, home):
    ops = ops_lines({"op": "remember", "collection": "facts", "name": "a", "content": "likes tea"},
                    {"op": "remember", "collection": "preferences", "name": "b", "content": "likes tea"})
    ready("shelldon-apply", input=ops)
    assert (home / "memory/facts/a.md").exists() and (home / "memory/preferences/b.md").exists()


def test_keyless_observation_counts_a_recurrence(ready, home):
    assert ready("shelldon-capture", input="Owner likes tea.\nowner  likes TEA\nowner walks\n").returncode == 0
    assert ready("shelldon-apply", input=ops_lines({"op": "capture_learning", "observation": "owner likes tea!"})).returncode == 0
    rows = db_rows(home, "SELECT observation, recurrence_count FROM learnings ORDER BY id")
    assert rows == [("Owner likes tea.", 3), ("owner walks", 1)]


def test_a_resolved_keyless_learning_starts_a_new_row(ready, home):
    ready("shelldon-capture", input="owner likes tea\n")
    ready("shelldon-apply", input=ops_lines({"op": "resolve_learning", "id": 1, "status": "promoted"}))
    ready("shelldon-capture", input="owner likes tea\n")
    assert db_rows(home, "SELECT id, status, recurrence_count FROM learnings ORDER BY id") == [
        (1, "promoted", 1), (2, "pending", 1)]


def test_parallel_keyless_captures_never_duplicate(ready, home):
    env = {"SHELLDON_HOME": str(home)}
    procs = [subprocess.Popen([sys.executable, str(BIN / "shelldon-capture"), "the owner hums"],
                              env={**__import__("os").environ, **env}, stderr=subprocess.PIPE)
             for _ in range(8)]
    assert all(p.wait(timeout=60) == 0 for p in procs)
    assert db_rows(home, "SELECT count(*), sum(recurrence_count) FROM learnings") == [(1, 8)]


def test_migration_2_keeps_old_duplicates_and_counts_from_the_oldest(tmp_path):
    path = str(tmp_path / "h.db")
    store = HistoryStore.open(path)
    store.conn.execute("CREATE TABLE migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")
    MIGRATIONS[0][2](store.conn)
    store.conn.execute("INSERT INTO migrations VALUES (1, 'core', 'then')")
    for _ in range(2):  # two keyless rows a migration-1 home could hold
        store.conn.execute("INSERT INTO learnings (observation, first_seen, last_seen) VALUES ('hums', 'a', 'a')")
    assert store.migrate()[:1] == [2]  # later migrations (3: pending writes) may follow
    first = store.capture_learning("Hums.", None)
    assert first == 1
    assert store.conn.execute("SELECT id, recurrence_count FROM learnings ORDER BY id").fetchall() == [(1, 2), (2, 1)]
    store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM journal").fetchone() == (0,)
    conn.close()
