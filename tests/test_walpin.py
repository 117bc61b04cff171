"""core/walpin.py on real sqlite files: the launcher's two locks keep the WAL and its index
in place through other connections' closes and through forks, and never block a writer."""
import os
import sqlite3

import pytest

from shelldon.core import walpin


def wal_db(path):
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    return str(path)


def write_and_close(db, value):
    conn = sqlite3.connect(db, timeout=2, isolation_level=None)
    try:
        conn.execute("INSERT INTO t VALUES (?)", (value,))
    finally:
        conn.close()   # the last connection: it checkpoints and removes the WAL if it can


def test_the_wal_and_its_index_outlive_the_last_connection_until_unpinned(tmp_path):
    db = wal_db(tmp_path / "h.db")
    fds = walpin.pin(db)
    try:
        write_and_close(db, 1)
        assert os.path.exists(db + "-wal") and os.path.exists(db + "-shm")
    finally:
        walpin.unpin(fds, db)
    assert not os.path.exists(db + "-wal") and not os.path.exists(db + "-shm")   # merged, removed
    assert sqlite3.connect(db).execute("SELECT x FROM t").fetchall() == [(1,)]


def test_a_forked_child_reads_and_closing_its_copies_releases_nothing(tmp_path):
    """What a held connection could not do: a worker forked after pin() opens its own
    read-only connection (no "locking protocol"), and closing the descriptors it inherited
    leaves the parent's locks in place."""
    db = wal_db(tmp_path / "h.db")
    write_and_close(db, 1)
    fds = walpin.pin(db)
    try:
        write_and_close(db, 2)
        read_r, read_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                os.closerange(3, read_w)   # as a worker does: every inherited descriptor
                os.closerange(read_w + 1, 1024)
                conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
                os.write(read_w, repr(conn.execute("SELECT x FROM t ORDER BY x").fetchall()).encode())
                conn.close()
                status = 0
            finally:
                os._exit(status)
        os.close(read_w)
        seen = os.read(read_r, 1000).decode()
        os.close(read_r)
        assert os.waitpid(pid, 0)[1] == 0
        write_and_close(db, 3)   # the last connection again, after the child closed its copies
        kept = os.path.exists(db + "-wal") and os.path.exists(db + "-shm")
    finally:
        walpin.unpin(fds, db)
    assert seen == "[(1,), (2,)]"
    assert kept


def test_a_database_not_in_wal_mode_is_not_locked_against_its_writers(tmp_path):
    db = str(tmp_path / "r.db")
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    fds = walpin.pin(db)
    try:
        assert fds == []
        write_and_close(db, 1)   # would wait out its timeout and fail under a held SHARED lock
    finally:
        walpin.unpin(fds, db)
    assert sqlite3.connect(db).execute("SELECT x FROM t").fetchall() == [(1,)]


@pytest.mark.parametrize("where", ["a directory that does not exist", "a directory"])
def test_no_database_to_pin_is_an_error_not_a_silent_pass(tmp_path, where):
    db = tmp_path / "no" / "h.db" if where == "a directory that does not exist" else tmp_path / "h.db"
    if where == "a directory":
        db.mkdir()
    with pytest.raises((OSError, sqlite3.Error)):
        walpin.pin(str(db))
