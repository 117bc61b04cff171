import sqlite3

import pytest
from hypothesis import given, settings, strategies as st

from shelldon.core.history import HistoryStore
from shelldon.core.migrations import MIGRATIONS
from shelldon.worker.history_read import build_match_query, match_terms, open_readonly


@pytest.fixture(params=["fts5", "fts4"])
def store(request, tmp_path, monkeypatch):
    monkeypatch.setenv("SHELLDON_FTS", request.param)
    s = HistoryStore.open(str(tmp_path / "history.db"))
    s.migrate()
    assert s.fts == request.param
    yield s
    s.close()


def test_pragmas(store):
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert store.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000


def test_migrations_are_recorded_and_run_once(store):
    assert store.migrate() == []
    numbers = [row[0] for row in store.conn.execute("SELECT number FROM migrations")]
    assert numbers == [n for n, _, _ in MIGRATIONS]


def test_record_turn_writes_both_rows_in_order(store):
    assert store.record_turn("t1", "hello", "hi there")
    assert store.recent(10)[0].role == "owner"
    assert [(m.role, m.content) for m in store.recent(10)] == [("owner", "hello"), ("pet", "hi there")]
    assert not store.record_turn("t1", "hello", "hi there")  # idempotent by turn id
    assert len(store.recent(10)) == 2


def test_record_turn_is_both_or_neither(store):
    store.conn.execute("CREATE TRIGGER boom BEFORE INSERT ON messages WHEN new.role = 'pet' "
                       "BEGIN SELECT RAISE(ABORT, 'disk on fire'); END")
    with pytest.raises(sqlite3.IntegrityError):
        store.record_turn("t2", "owner half", "pet half")
    assert store.recent(10) == []


def test_recent_is_oldest_to_newest(store):
    for n in range(5):
        store.record_turn(f"t{n}", f"owner {n}", f"pet {n}")
    assert [m.content for m in store.recent(3)] == ["pet 3", "owner 4", "pet 4"]


def test_search_ranks_and_folds(store):
    store.record_turn("t1", "my sister Ana lives in Porto", "noted")
    store.record_turn("t2", "the weather is nice", "yes")
    store.record_turn("t3", "José plays the guitar", "cool")
    assert store.search("where does my sister live?", 5)[0].content == "my sister Ana lives in Porto"
    assert store.search("jose", 5)[0].content == "José plays the guitar"


def test_stemming_on_fts5(tmp_path):
    s = HistoryStore.open(str(tmp_path / "h.db"))
    s.migrate()
    s.record_turn("t1", "my tomatoes are growing fast", "nice")
    assert s.search("how much did the tomato grow", 3)[0].content.startswith("my tomatoes")


@pytest.mark.parametrize("query", ['"', "*", "NEAR(", "AND OR", "-", ":", "content:x", "a*", '"unbalanced',
                                   "NOT", "(((", "^start", "x:y:z", "", "   ", "\x00", "🐢"])
def test_search_is_safe_for_hostile_input(store, query):
    store.record_turn("t1", "content NEAR AND OR stuff", "ok")
    assert isinstance(store.search(query, 5), list)


def test_search_gives_nothing_on_a_database_error(store):
    store.conn.execute("DROP TABLE messages_fts")
    assert store.search("anything", 5) == []


def test_readonly_handle_refuses_writes(store, tmp_path):
    store.record_turn("t1", "a", "b")
    reader = open_readonly(str(tmp_path / "history.db"))
    assert [m.content for m in reader.recent(5)] == ["a", "b"]
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        reader.conn.execute("INSERT INTO messages (role, content, ts) VALUES ('owner', 'x', 'y')")
    reader.close()


def test_learnings_upsert(store):
    first = store.capture_learning("likes tea", "tea")
    store.capture_learning("likes tea", "tea")
    again = store.capture_learning("likes green tea", "tea")
    assert first == again
    row = store.pending_learnings(5)[0]
    assert (row["recurrence_count"], row["observation"]) == (3, "likes green tea")
    a = store.capture_learning("no key one", None)
    b = store.capture_learning("  No key ONE. ", "   ")  # blank key is no key; same normalised text
    assert a == b  # a keyless recurrence is counted, not added (issue 8)
    assert store.capture_learning("no key two", None) != a
    assert store.capture_learning("   ", "k") is None  # empty observation skipped
    assert [r["pattern_key"] for r in store.pending_learnings(10)][0] == "tea"  # most recurrent first


def test_pruned_learning_comes_back_pending_when_it_recurs(store):
    row = store.capture_learning("walks at dawn", "walks")
    assert store.resolve_learning(row, "pruned")
    assert not store.resolve_learning(row, "promoted")  # only pending rows move
    store.capture_learning("walks at dawn", "walks")
    assert [r["id"] for r in store.pending_learnings(5)] == [row]


def test_resolve_unknown_id_is_a_quiet_noop(store):
    assert store.resolve_learning(424242, "promoted") is False


def test_no_fts_at_all_is_a_clear_error(monkeypatch, tmp_path):
    from shelldon.core import migrations
    monkeypatch.setattr(migrations, "_has", lambda module: False)
    s = HistoryStore.open(str(tmp_path / "x.db"))
    with pytest.raises(migrations.NoFullTextSearch, match="neither FTS5 nor FTS4"):
        s.migrate()


# -- the query builder never hands syntax to the engine ------------------------------

@given(st.text())
def test_match_query_is_only_quoted_words(text):
    query = build_match_query(text)
    if not query:
        return
    for part in query.split(" OR "):
        assert part.startswith('"') and part.endswith('"')
        inner = part[1:-1]
        assert inner and '"' not in inner and all(ch.isalnum() or ch == "_" for ch in inner)
    assert len(match_terms(text)) <= 12


@settings(max_examples=150, deadline=None)
@given(st.text())
def test_search_never_raises_and_matches_no_more_than_typed(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("prop") / "h.db"
    s = HistoryStore.open(str(path))
    s.migrate()
    s.record_turn("t1", "alpha beta gamma", "delta epsilon")
    s.record_turn("t2", "prefix prefixed prefixes", "zeta")
    hits = s.search(text, 5)
    words = {w.casefold() for w in __import__("re").findall(r"\w+", text)}
    for hit in hits:
        # no prefix search, no column filter: a hit shares a (stemmed) word with the query
        assert words, "a query without words matched"
    s.close()


def test_a_new_history_uses_small_pages_and_fts_leaves_to_match(tmp_path):
    from shelldon.core.history import PAGE_SIZE
    s = HistoryStore.open(str(tmp_path / "new.db"))
    s.migrate()
    assert s.conn.execute("PRAGMA page_size").fetchone()[0] == PAGE_SIZE
    pgsz = s.conn.execute("SELECT v FROM messages_fts_config WHERE k = 'pgsz'").fetchone()
    assert pgsz is not None and pgsz[0] < PAGE_SIZE
    s.close()


def test_an_existing_history_keeps_its_pages(tmp_path):
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA page_size = 4096")
    conn.execute("CREATE TABLE keep (x)")
    conn.close()
    s = HistoryStore.open(str(path))
    s.migrate()
    assert s.conn.execute("PRAGMA page_size").fetchone()[0] == 4096
    assert s.conn.execute("SELECT v FROM messages_fts_config WHERE k = 'pgsz'").fetchone() is None
    s.close()


@pytest.mark.parametrize("name", ["a?b", "c#d", "e%20f", "g h", "ü"])
def test_read_only_open_takes_any_path(tmp_path, name):
    path = tmp_path / name / "history.db"
    path.parent.mkdir()
    s = HistoryStore.open(str(path))
    s.migrate()
    s.record_turn("t1", "hello there", "hi")
    s.close()
    with open_readonly(str(path)) as reader:
        assert [m.content for m in reader.recent(2)] == ["hello there", "hi"]
    assert not (tmp_path / name / "history.db?mode=ro").exists()
