"""shelldon-prune: exactly the right raw/ captures go; one holding an unrecorded turn never does."""
import os
import time
from datetime import date, datetime, timedelta, timezone

import pytest

from conftest import db_rows
from shelldon.core import prune as pr
from shelldon.core import raw
from shelldon.core.history import HistoryStore
from shelldon.home import Home
from shelldon.util.lock import file_lock

NOW = "2024-02-15T12:00:00Z"
ENV = {"SHELLDON_NOW": NOW, "TZ": "UTC"}


def C(day, size=100, unrecorded=0):
    return pr.Capture(f"{day}.md", date.fromisoformat(day), size, unrecorded)


# -- plan() is pure ------------------------------------------------------------------

def test_plan_by_age_keeps_unrecorded_and_recent():
    caps = [C("2024-01-01"), C("2024-01-02", unrecorded=1), C("2024-01-15"), C("2024-01-16"), C("2024-02-15")]
    result = pr.plan(caps, date(2024, 2, 15), keep_days=30, max_bytes=None)
    assert [c.name for c in result.by_age] == ["2024-01-01.md", "2024-01-15.md"]  # 46 and 31 days old
    assert [c.name for c in result.kept_unrecorded] == ["2024-01-02.md"]
    assert result.by_size == [] and result.total_after == 300


def test_plan_by_size_removes_oldest_first_and_skips_unrecorded():
    caps = [C("2024-02-01", 400, unrecorded=2), C("2024-02-02", 300), C("2024-02-03", 200), C("2024-02-04", 100)]
    result = pr.plan(caps, date(2024, 2, 15), keep_days=30, max_bytes=550)
    assert [c.name for c in result.by_size] == ["2024-02-02.md", "2024-02-03.md"]
    assert [c.name for c in result.kept_unrecorded] == ["2024-02-01.md"]
    assert result.total_after == 500


def test_plan_keep_days_zero_keeps_only_today():
    caps = [C("2024-02-14"), C("2024-02-15")]
    assert [c.name for c in pr.plan(caps, date(2024, 2, 15), 0, None).removed] == ["2024-02-14.md"]


def test_plan_nothing_to_do():
    result = pr.plan([C("2024-02-10")], date(2024, 2, 15), 30, 10_000)
    assert result.removed == [] and result.kept_unrecorded == []
    assert pr.summary(result, dry_run=False) == "removed nothing; raw/ holds 100 B"


# -- the real stage ------------------------------------------------------------------

def _capture(h: Home, day: str, turn_id: str, recorded: bool):
    when = datetime.fromisoformat(day + "T10:00:00+00:00")
    raw.append_turn(h, turn_id, f"owner said something on {day}", "pet answered", when)
    if recorded:
        with HistoryStore.open(h.db) as store:
            store.record_turn(turn_id, f"owner said something on {day}", "pet answered", when)


@pytest.fixture
def laid_out(ready, home, monkeypatch):
    """raw/ with old, new and unrecorded captures, a header-only file, and things that are not captures."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    h = Home(str(home))
    _capture(h, "2024-01-01", "t-old-recorded", True)
    _capture(h, "2024-01-02", "t-old-recorded-2", True)
    _capture(h, "2024-01-02", "t-old-unrecorded", False)       # one of two turns missing: keep
    _capture(h, "2024-02-10", "t-new-recorded", True)
    _capture(h, "2024-02-11", "t-new-unrecorded", False)
    (home / "raw" / "2024-01-03.md").write_text("---\nname: \"2024-01-03\"\n---\n")  # header only
    (home / "raw" / "notes.md").write_text("the owner's own notes\n")
    (home / "raw" / "2023-13-45.md").write_text("not a date\n")
    os.symlink(home / "raw" / "notes.md", home / "raw" / "2023-12-31.md")
    yield h
    monkeypatch.undo()
    time.tzset()


def _names(home):
    return sorted(os.listdir(home / "raw"))


def test_prune_removes_exactly_the_old_recorded_captures(ready, home, laid_out):
    before = _names(home)
    result = ready("shelldon-prune", env=ENV)
    assert result.returncode == 0, result.stderr
    gone = sorted(set(before) - set(_names(home)))
    assert gone == ["2024-01-01.md", "2024-01-03.md"]
    line = result.stdout.decode().strip()
    assert "\n" not in line
    assert line.startswith("removed 2 captures (") and "2 by age" in line
    assert "2024-01-01.md, 2024-01-03.md" in line
    assert "kept 1 holding turns not in history: 2024-01-02.md" in line
    # the others are untouched, the symlink too (and what it points at)
    assert os.path.islink(home / "raw" / "2023-12-31.md")
    assert (home / "raw" / "notes.md").read_text() == "the owner's own notes\n"
    # running again removes nothing
    again = ready("shelldon-prune", env=ENV)
    assert again.stdout.decode().startswith("removed nothing")


def test_dry_run_removes_nothing(ready, home, laid_out):
    before = {n: (home / "raw" / n).read_bytes() for n in _names(home) if not os.path.islink(home / "raw" / n)}
    result = ready("shelldon-prune", "--dry-run", env=ENV)
    assert result.returncode == 0
    assert result.stdout.decode().startswith("would remove 2 captures")
    assert {n: (home / "raw" / n).read_bytes() for n in before} == before


def test_size_cap_removes_oldest_first_never_unrecorded(ready, home, laid_out):
    sizes = {n: (home / "raw" / n).stat().st_size for n in _names(home)}
    # a cap that the three recorded-or-empty captures must leave to meet
    cap = sizes["2024-01-02.md"] + sizes["2024-02-11.md"] + sizes["2024-02-10.md"]
    result = ready("shelldon-prune", "--keep-days", "365", "--max-bytes", str(cap), env=ENV)
    assert result.returncode == 0, result.stderr
    left = [n for n in _names(home) if n[0].isdigit() and not os.path.islink(home / "raw" / n)]
    assert left == ["2023-13-45.md", "2024-01-02.md", "2024-02-10.md", "2024-02-11.md"]
    assert "2 by size" in result.stdout.decode()
    # a cap below what the unrecorded captures weigh: they still stay, and prune says so
    result = ready("shelldon-prune", "--keep-days", "365", "--max-bytes", "1", env=ENV)
    assert sorted(set(left) - set(_names(home))) == ["2024-02-10.md"]
    assert "kept 2 holding turns not in history" in result.stdout.decode()


def test_config_table_and_quiet(ready, home, laid_out):
    (home / "config.toml").write_text("[prune]\nkeep_days = 3650\n")
    result = ready("shelldon-prune", "--quiet", env=ENV)
    assert result.returncode == 0 and result.stdout == b"" and result.stderr == b""
    assert "2024-01-01.md" in _names(home)
    result = ready("shelldon-prune", "--keep-days", "30", "--quiet", env=ENV)
    assert result.stdout.decode().startswith("removed 2 captures")
    (home / "config.toml").write_text("[prune]\nkeep_dayz = 3\n")
    result = ready("shelldon-prune", env=ENV)
    assert result.returncode == 65 and b"keep_dayz" in result.stderr


def test_bad_input_and_no_home(stage, ready, home):
    assert ready("shelldon-prune", "--max-bytes", "lots").returncode == 2   # a flag: click's usage error
    assert ready("shelldon-prune", "--keep-days", "-1").returncode == 2
    assert ready("shelldon-prune", env={"SHELLDON_NOW": "yesterday"}).returncode == 65
    other = stage("shelldon-prune", env={"SHELLDON_HOME": str(home.parent / "nowhere")})
    assert other.returncode == 69 and b"shelldon-init" in other.stderr


def test_waits_for_the_write_lock_then_exits_75(ready, home, laid_out):
    lock = file_lock(str(home / "run" / "write.lock"), timeout=0)
    lock.acquire()
    try:
        result = ready("shelldon-prune", env={**ENV, "SHELLDON_LOCK_TIMEOUT": "0.2"})
    finally:
        lock.release()
    assert result.returncode == 75
    assert "2024-01-01.md" in _names(home)


def test_ingested_turns_are_recorded_so_prunable(ready, home):
    """The real ingest path: its captures name turns that are in history."""
    assert ready("shelldon-ingest", "--owner", "hello pet", "--pet", "hello owner").returncode == 0
    (name,) = _names(home)
    text = (home / "raw" / name).read_text()
    (turn_id,) = raw.turn_ids(text)
    assert db_rows(home, "SELECT count(*) FROM messages WHERE turn_id = ?", (turn_id,)) == [(2,)]
    later = (datetime.now(timezone.utc) + timedelta(days=400)).isoformat()
    result = ready("shelldon-prune", env={"SHELLDON_NOW": later})
    assert result.returncode == 0 and _names(home) == []
