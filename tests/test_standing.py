"""worker/standing.py and worker/until.py: the score, expiry, and the dates statements carry."""
from datetime import date, datetime, timedelta, timezone

import pytest

from shelldon.contracts import ContractError
from shelldon.contracts.ops import decode_op
from shelldon.worker.standing import (HALF_LIFE_DAYS, check_expires, expired, expires_on, is_pinned, rank,
                                      score, stale_cutoff)
from shelldon.worker.until import expires_from_text

NOW = datetime(2026, 6, 10, 12, tzinfo=timezone.utc)


def days_ago(n: float) -> datetime:
    return NOW - timedelta(days=n)


def test_the_rank_orders_as_decayed_hits_at_any_time():
    items = {"weekly, old": (40, days_ago(7), days_ago(365)), "new, unused": (0, None, days_ago(2)),
             "once, long ago": (1, days_ago(200), days_ago(300)), "twice today": (2, NOW, days_ago(90))}
    ranks = {k: rank(*v) for k, v in items.items()}
    for later in (0, 30, 400):   # the order is the same whenever it is looked at
        when = NOW + timedelta(days=later)
        decayed = {k: score(r, when) for k, r in ranks.items()}
        assert sorted(decayed, key=decayed.get) == sorted(ranks, key=ranks.get)
    assert sorted(ranks, key=ranks.get, reverse=True) == ["weekly, old", "twice today", "new, unused",
                                                         "once, long ago"]
    assert score(ranks["twice today"], NOW) == pytest.approx(2.0)
    assert score(rank(1, days_ago(HALF_LIFE_DAYS), None), NOW) == pytest.approx(0.5)
    assert rank(8, days_ago(90), None) == pytest.approx(rank(1, NOW, None))   # 2^3 uses = 3 half-lives


def test_writing_is_the_floor():
    assert rank(0, None, days_ago(1)) == rank(1, days_ago(1), days_ago(1))
    assert rank(1, days_ago(100), days_ago(1)) == rank(0, None, days_ago(1))   # rewritten since its use


def test_expiry_from_the_header():
    written = datetime(2026, 6, 1, tzinfo=timezone.utc)
    assert expires_on({"expires": "2026-06-05"}, written) == "2026-06-05"
    assert expires_on({"ttl_days": 3}, written) == "2026-06-04"
    assert expires_on({"ttl_days": "3", "expires": "2026-06-30"}, written) == "2026-06-04"   # the earlier
    assert expires_on({"expires": "soon", "ttl_days": "many"}, written) is None   # a broken edit hides nothing
    assert expires_on({"ttl_days": True}, written) is None
    assert not expired("2026-06-10", NOW) and expired("2026-06-09", NOW) and not expired(None, NOW)


def test_pinned_and_the_stale_cutoff():
    assert is_pinned({"pinned": True}) and is_pinned({"pinned": "yes"}) and is_pinned({"pinned": 1})
    assert not is_pinned({"pinned": False}) and not is_pinned({"pinned": "no"}) and not is_pinned({})
    assert stale_cutoff(NOW, 180) == "2025-12-12T12:00:00Z" and stale_cutoff(NOW, 0) is None


def test_check_expires_bounds():
    assert check_expires("2026-06-10", NOW) is None and check_expires("2031-06-10", NOW) is None
    assert "past" in check_expires("2026-06-09", NOW)
    assert "years ahead" in check_expires("2031-06-11", NOW)
    assert "not a date" in check_expires("2026-02-30", NOW)


def test_the_op_contract_takes_a_day_or_nothing():
    op = decode_op('{"op":"remember","collection":"facts","name":"a","content":"b","expires":"2026-07-01"}')
    assert op.expires == "2026-07-01" and op.to_dict()["expires"] == "2026-07-01"
    assert "expires" not in decode_op('{"op":"remember","collection":"facts","name":"a","content":"b"}').to_dict()
    for bad in ('"tomorrow"', "20260701", '"2026-07-01\\n"', '"2026-07-01T00:00"'):
        with pytest.raises(ContractError):
            decode_op('{"op":"remember","collection":"facts","name":"a","content":"b","expires":%s}' % bad)


WEDNESDAY = date(2026, 12, 2)


@pytest.mark.parametrize("text, last_day", [
    ("Maren is in Lyon until Friday", "2026-12-04"),
    ("the shop is closed till wednesday", "2026-12-02"),        # today's weekday: today
    ("the dentist is next Wednesday", "2026-12-09"),
    ("the office is closed this week", "2026-12-06"),
    ("we are away next week", "2026-12-13"),
    ("I'm off sugar in March", "2027-03-31"),                   # a month past this year's: next year's
    ("the heating is off during December", "2026-12-31"),
    ("the kids are at grandma's this weekend", "2026-12-06"),
    ("the car is at the garage until tomorrow", "2026-12-03"),
    ("the plumber comes today", "2026-12-02"),
    ("the car is on loan for two weeks", "2026-12-16"),
    ("the car is on loan for 10 days", "2026-12-12"),
    ("the bridge is shut until 2027-01-15", "2027-01-15"),
    ("this month the gym is closed", "2026-12-31"),
    ("until Friday, and in March too", "2026-12-04"),           # the earliest
])
def test_dates_a_statement_carries(text, last_day):
    assert expires_from_text(text, WEDNESDAY) == last_day


@pytest.mark.parametrize("text", [
    "I like March", "Friday is my favourite day", "my sister Ana lives in Porto",
    "the weekly market is nice", "I may come", "until 2020-01-01 it was red", "",
])
def test_no_date_no_end(text):
    assert expires_from_text(text, WEDNESDAY) is None
