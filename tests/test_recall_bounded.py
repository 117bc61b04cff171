"""Recall over a large history: the bounded search (HistoryReader._bounded_search).

The thresholds are class attributes; these tests shrink them so a few hundred rows behave
like a million (the bench measures the real sizes). The guarantees must hold on this
path too: quoted words only, hostile input safe, a database error gives [].
"""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from shelldon.core.history import HistoryStore

FILLER = ("time good people day night work home going back thing way still today want come "
          "made feel every next always dont said see first things went many years place").split()


class Tiny(HistoryStore):
    SMALL, WINDOW, FULL_CAP, PAIR_CAP, PAIR_SCAN, RECENT_CAP, SHORTLIST = 50, 60, 12, 30, 600, 40, 30


def filled(path, facts=(), rows=600, seed=1):
    rng = random.Random(seed)
    s = Tiny.open(str(path))
    s.migrate()
    n = 0
    with s.transaction() as conn:
        for fact in facts:
            s.record_turn(f"f{n}", fact, "noted", conn=conn)
            n += 1
        while n < rows // 2:
            s.record_turn(f"t{n}", " ".join(rng.choices(FILLER, k=8)), " ".join(rng.choices(FILLER, k=6)),
                          conn=conn)
            n += 1
    return s


@pytest.fixture
def big(tmp_path):
    questions = json.loads((ROOT / "tests/data/recall_questions.json").read_text())
    s = filled(tmp_path / "h.db", [q["fact"] for q in questions])
    yield s, questions
    s.close()


def test_the_bounded_path_is_taken(big, monkeypatch):
    s, _ = big
    called = []
    original = Tiny._bounded_search
    monkeypatch.setattr(Tiny, "_bounded_search", lambda self, *a: called.append(a) or original(self, *a))
    s.search("sister", 5)
    assert called


def test_old_facts_are_found_in_other_word_forms(big):
    s, questions = big
    found = sum(any(m.content == q["fact"] for m in s.search(q["question"], 8)) for q in questions)
    assert found / len(questions) >= 0.9, f"{found}/{len(questions)}"


def test_common_words_come_from_the_recent_window_or_in_pairs(big):
    s, _ = big
    top = s.conn.execute("SELECT max(id) FROM messages").fetchone()[0]
    hits = s.search("time good people", 10)
    assert hits
    for m in hits:  # older than the window only if it holds two of the words
        assert m.id > top - Tiny.WINDOW or len({"time", "good", "people"} & set(m.content.split())) >= 2


def test_a_word_in_most_rows_is_dropped_while_others_are_left(big):
    s, _ = big
    hits = s.search("time boiler", 5)   # "time" is in most rows; "boiler" in one
    assert hits[0].content == "the boiler was repaired on Tuesday"


def test_an_old_fact_with_two_common_words_is_found_by_the_pair(tmp_path):
    s = filled(tmp_path / "p.db", ["going home today"], rows=800, seed=3)
    hits = s.search("going home", 8)
    assert any(m.content == "going home today" for m in hits) or \
        all("going" in m.content and "home" in m.content for m in hits)
    s.close()


def test_a_database_error_gives_nothing(big):
    s, _ = big
    s.conn.execute("DROP TRIGGER messages_ad")
    s.conn.execute("DROP TABLE messages_fts")
    assert s.search("sister", 5) == []


@settings(max_examples=30, deadline=None)
@given(text=st.text())
def test_hostile_input_is_safe_on_the_bounded_path(tmp_path_factory, text):
    s = filled(tmp_path_factory.mktemp("b") / "h.db", ["alpha beta", "prefix prefixed"], rows=120)
    for query in (text, text + ' "NEAR( * : - AND OR alpha*'):
        hits = s.search(query, 5)
        assert isinstance(hits, list)
        words = {w.casefold() for w in __import__("re").findall(r"\w+", query)}
        for hit in hits:  # no operator, prefix or column filter: a hit shares a word
            assert words
    assert all(m.content != "prefix prefixed" for m in s.search("pre", 5))  # no prefix match
    s.close()


def test_rows_holding_both_words_come_before_rows_holding_one_newest_first(tmp_path):
    # many rows hold one word alone, a few hold both (the grouping by the words a row holds)
    s = filled(tmp_path / "g.db", rows=400, seed=5)
    both = []
    with s.transaction() as conn:
        for n in range(60):
            words = ("cedar kayak", "cedar pebble", "pebble kayak")[n % 3]
            s.record_turn(f"g{n}", f"{words} filler filler", "noted", conn=conn)
            if words == "cedar kayak":
                both.append(f"{words} filler filler")
    hits = s.search("cedar kayak", 8)
    s.close()
    assert [m.content for m in hits] == [m.content for m in hits if m.content in both] != []
    ids = [m.id for m in hits]
    assert ids == sorted(ids, reverse=True)


def test_rare_words_paired_with_a_commoner_one_find_the_old_rows_holding_both(tmp_path):
    # quinoa and saffron are rare: every row of each is taken. lantern is too common for
    # that and absent from the recent window: only the pairs (asked as one query, "lantern
    # AND (quinoa OR saffron)") say which old rows hold it too
    s = filled(tmp_path / "r.db", rows=0)
    rng = random.Random(7)
    texts = ["quinoa lantern filler", "saffron lantern filler"]
    texts += [f"lantern {' '.join(rng.choices(FILLER, k=5))}" for _ in range(40)]
    texts += [f"{('quinoa', 'saffron')[n % 2]} filler filler" for n in range(8)]   # newer
    texts += [" ".join(rng.choices(FILLER, k=8)) for _ in range(40)]   # the recent window
    with s.transaction() as conn:
        for n, text in enumerate(texts):
            s.record_turn(f"r{n}", text, "noted", conn=conn)
    hits = s.search("quinoa saffron lantern", 4)
    s.close()
    assert {m.content for m in hits[:2]} == {"quinoa lantern filler", "saffron lantern filler"}, hits
