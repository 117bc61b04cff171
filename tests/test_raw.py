"""raw/ day files: entries read back exactly, and an append that reads only the file's tail."""
import os
from datetime import datetime, timezone

from shelldon.core import raw
from shelldon.home import Home

WHEN = datetime(2024, 3, 5, 17, 22, 0, tzinfo=timezone.utc)


def test_the_last_entry_reads_back_exactly(tmp_path, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    import time
    time.tzset()
    home = Home(str(tmp_path))
    raw.append_turn(home, "t1", "first", "one", WHEN)
    owner, pet = "line one\n\n> not a heading\n## nor this\n", "ok\n"
    raw.append_turn(home, "t2", owner, pet, WHEN)
    tail = raw.read_tail(home.root, raw.day_path(home, WHEN))
    assert tail.whole and tail.last == raw.Entry("t2", owner, pet, WHEN)
    assert tail.size == os.path.getsize(raw.day_path(home, WHEN))


def test_an_entry_cut_short_is_not_whole(tmp_path):
    home = Home(str(tmp_path))
    raw.append_turn(home, "t1", "first", "one", WHEN)
    path = raw.day_path(home, WHEN)
    with open(path, "rb+") as handle:
        handle.truncate(os.path.getsize(path) - 3)
    tail = raw.read_tail(home.root, path)
    assert not tail.whole and tail.last is None


def test_the_tail_read_does_not_grow_with_the_file(tmp_path, monkeypatch):
    home = Home(str(tmp_path))
    for n in range(3000):       # ~600 KB of earlier entries
        raw.append_turn(home, f"t{n}", "an owner message of some length " * 4, "a reply", WHEN)
    read = []
    real_pread = os.pread
    monkeypatch.setattr(os, "pread", lambda fd, n, at: read.append(n) or real_pread(fd, n, at))
    tail = raw.read_tail(home.root, raw.day_path(home, WHEN))
    assert tail.last.turn_id == "t2999"
    assert os.path.getsize(raw.day_path(home, WHEN)) > 2 * raw.MAX_ENTRY
    assert sum(read) <= raw.MAX_ENTRY
