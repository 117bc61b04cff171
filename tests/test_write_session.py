"""The write session with a writer handle opened ahead (the launcher opens its commit's
connection while a worker runs): the session uses that handle and owns it — closed after
the block, and closed too when the session cannot start."""
import sqlite3

import pytest

from conftest import db_rows
from shelldon.contracts.turn import TurnRecord
from shelldon.core.history import HistoryStore
from shelldon.core.session import write_session
from shelldon.core.turn import commit
from shelldon.home import Home
from shelldon.util.errors import TryLater
from shelldon.util.lock import file_lock


def closed(store: HistoryStore) -> bool:
    try:
        store.conn.execute("SELECT 1")
    except sqlite3.ProgrammingError:
        return True
    return False


def test_a_commit_on_a_handle_opened_ahead_records_the_turn_and_closes_it(ready, home):
    h = Home(str(home))
    ahead = HistoryStore.open(h.db)
    commit(h, TurnRecord("t-ahead", "my sister Ana lives in Porto", reply="noted"), ahead)
    assert closed(ahead)
    assert db_rows(home, "SELECT role, content FROM messages WHERE turn_id = 't-ahead' ORDER BY id") == [
        ("owner", "my sister Ana lives in Porto"), ("pet", "noted")]


def test_a_busy_lock_refuses_the_session_and_still_closes_the_handle(ready, home):
    h = Home(str(home))
    ahead = HistoryStore.open(h.db)
    with file_lock(h.write_lock, timeout=0):
        with pytest.raises(TryLater):
            with write_session(h, timeout=0.05, store=ahead):
                pytest.fail("the block ran without the lock")
    assert closed(ahead)
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]
