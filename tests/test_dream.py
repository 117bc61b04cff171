"""The dream's pure parts: gates, fingerprint and screen (core); bounds, offline policy, prompt (worker)."""
from datetime import datetime, timedelta, timezone

import pytest

from shelldon.contracts.ops import MAX_CONTENT, decode_op
from shelldon.core import dream as d
from shelldon.worker import dream as w
from shelldon.core.apply import Item

NOW = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)


def L(id, observation, count=1, key=None, age_days=0):
    seen = NOW - timedelta(days=age_days)
    return w.Learning(id, key, observation, count, seen, seen)


def test_idle_gate():
    d.idle_gate(None, NOW, 6 * 3600)                           # never spoke: open
    d.idle_gate(NOW - timedelta(hours=7), NOW, 6 * 3600)       # silent long enough
    d.idle_gate(NOW, NOW, 0)                                   # 0 turns the gate off
    with pytest.raises(d.GateClosed) as closed:
        d.idle_gate(NOW - timedelta(hours=2, minutes=5), NOW, 6 * 3600)
    assert closed.value.gate == "idle" and closed.value.exit_code == 75
    assert str(closed.value) == "gate idle: the owner spoke 2h05m ago; a dream waits for 6h00m of silence"


def test_budget_gate():
    d.budget_gate(197, 200, "2024-05-01")
    with pytest.raises(d.GateClosed, match=r"^gate budget: 198 of today's 200 turns spent \(2024-05-01\); "
                                          r"a dream costs 3$"):
        d.budget_gate(198, 200, "2024-05-01")


def test_bound_by_number_and_bytes():
    rows = [L(n, "x" * 50, count=10 - n) for n in range(1, 8)]
    assert [l.id for l in w.bound(rows, 3, 10_000)] == [1, 2, 3]
    one = len(w.tag(rows[0]).encode()) + 1
    assert [l.id for l in w.bound(rows, 50, one * 2 + 1)] == [1, 2]
    assert w.bound(rows, 50, 10) == []


def test_tag_format():
    assert w.tag(L(14, "owner prefers\nterse replies", count=5)) == "- [id=14] owner prefers terse replies (seen 5×)"


@pytest.mark.parametrize("text,taste", [
    ("The owner likes green tea.", True), ("owner loves hiking", True), ("prefers terse replies", True),
    ("The owner hates mornings", True), ("enjoys jazz on Sundays", True), ("her favourite colour is teal", True),
    ("favorite band: Low", True), ("owner can't stand cilantro", True),
    ("it looks like rain on Fridays", False), ("owner works from home on Mondays", False),
    ("The owner talks about gardening.", False), ("something like that", False),
])
def test_is_preference(text, taste):
    assert w.is_preference(text) is taste


def test_item_name():
    assert w.item_name(L(1, "The owner likes green tea.", key="pref:tea")) == "tea"
    assert w.item_name(L(2, "The owner walks the dog at dawn every day")) == "owner walks dog dawn every day"
    assert w.item_name(L(3, "!!! ???", key=":::")) == "learning 3"


def test_merge_adds_once_and_stays_bounded():
    assert w.merge(None, "Drinks tea.") == "Drinks tea."
    assert w.merge("Drinks tea.", "drinks tea") == "Drinks tea."
    assert w.merge("Drinks tea.", "Walks at dawn.") == "Drinks tea.\n\nWalks at dawn."
    big = "\n\n".join(f"paragraph {n} " + "x" * 1000 for n in range(9))
    merged = w.merge(big, "newest")
    assert merged.endswith("newest") and len(merged.encode()) <= MAX_CONTENT
    assert "paragraph 0 " not in merged and "paragraph 8 " in merged


def test_rules_policy_promotes_prunes_leaves():
    learnings = [
        L(1, "The owner likes green tea.", count=4, key="pref:tea"),
        L(2, "The owner works night shifts.", count=3, key="topic:shifts"),
        L(3, "The owner talks about kites.", count=2),                   # recurring, not enough: left
        L(4, "The owner mentioned a dentist.", count=1, age_days=31),     # old, never recurred: pruned
        L(5, "The owner mentioned a plumber.", count=1, age_days=29),     # young: left
    ]
    owner = [("2024-05-01T10:00:00Z", "good morning"), ("2024-05-01T10:05:00Z", "my kite   flew\nfar")]
    ops = w.rules_ops(learnings, owner, NOW, promote_at=3, prune_after_days=30, read_body=lambda c, n: None)
    for op in ops:
        decode_op(__import__("json").dumps(op))   # every op fits the contract
    assert ops[:5] == [
        {"op": "remember", "collection": "preferences", "name": "tea", "content": "The owner likes green tea."},
        {"op": "resolve_learning", "id": 1, "status": "promoted"},
        {"op": "remember", "collection": "facts", "name": "shifts", "content": "The owner works night shifts."},
        {"op": "resolve_learning", "id": 2, "status": "promoted"},
        {"op": "resolve_learning", "id": 4, "status": "pruned"},
    ]
    assert ops[5]["op"] == "rewrite_summary" and len(ops) == 6
    assert "good morning" in ops[5]["content"] and "my kite flew far" in ops[5]["content"]
    # deterministic: the same inputs give the same ops
    assert w.rules_ops(learnings, owner, NOW, 3, 30, lambda c, n: None) == ops


def test_rules_policy_never_promotes_a_topic_that_is_no_topic():
    learnings = [L(1, "The owner talks about years.", count=9, key="topic:years"),
                 L(2, "The owner talks about the.", count=5, key="topic:the"),
                 L(3, "The owner talks about 2003.", count=4, key="topic:2003"),
                 L(4, "The owner talks about lighthouse.", count=3, key="topic:lighthouse")]
    ops = w.rules_ops(learnings, [], NOW, promote_at=3, prune_after_days=30, read_body=lambda c, n: None)
    assert ops == [
        {"op": "resolve_learning", "id": 1, "status": "pruned"},
        {"op": "resolve_learning", "id": 2, "status": "pruned"},
        {"op": "resolve_learning", "id": 3, "status": "pruned"},
        {"op": "remember", "collection": "facts", "name": "lighthouse",
         "content": "The owner talks about lighthouse."},
        {"op": "resolve_learning", "id": 4, "status": "promoted"},
    ]


def test_rules_policy_merges_into_an_existing_file_and_within_the_dream():
    learnings = [L(1, "Tea at five.", count=3, key="a:tea"), L(2, "Tea with milk.", count=3, key="b:tea")]
    ops = w.rules_ops(learnings, [], NOW, 3, 30, read_body=lambda c, n: "Earl grey.\n")
    contents = [op["content"] for op in ops if op["op"] == "remember"]
    assert contents == ["Earl grey.\n\nTea at five.", "Earl grey.\n\nTea at five.\n\nTea with milk."]
    assert not any(op["op"] == "rewrite_summary" for op in ops)    # no messages: no summary


def test_summary_is_bounded():
    owner = [(f"2024-05-01T10:{n:02d}:00Z", "word " * 100) for n in range(40)]
    text = w.summary_from(owner, limit=12)
    assert text.count("\n- ") == 12 and all(len(l) < 200 for l in text.splitlines())
    assert w.summary_from([], 12) is None


def test_dream_prompt_bounded_and_tagged():
    learnings = [L(14, "owner prefers terse replies", count=5), L(22, "owner is in the Pacific timezone", count=2)]
    recent = [("owner", "x" * 5000)] * 30 + [("pet", "the newest reply")]
    prompt = w.dream_prompt(learnings, "I am shelldon.", "We talked.", recent)
    assert "- [id=14] owner prefers terse replies (seen 5×)\n- [id=22] owner is in the Pacific timezone (seen 2×)" in prompt
    assert "pet: the newest reply" in prompt
    assert len(prompt.encode()) < 16 * 1024
    assert prompt.index("# Pending learnings") > prompt.index("# Recent conversation")


def test_screen_refuses_what_a_dream_may_not_do():
    raw = ['{"op":"remember","collection":"facts","name":"a","content":"b"}',
           '{"op":"capture_learning","observation":"x"}',
           '{"op":"log_episode","content":"x"}',
           '{"op":"resolve_learning","id":7,"status":"promoted"}',
           '{"op":"resolve_learning","id":9,"status":"pruned"}',
           'not json']
    items = [Item("dream-x", n, r) for n, r in enumerate(raw, 1)]
    refused = d.screen(items, shown_ids={7})
    assert sorted(refused) == [2, 3, 5]
    assert "capture_learning is not a dream op" in refused[2]
    assert refused[5] == "learning 9 was not among this dream's learnings"


def test_fingerprint_changes_with_what_matters():
    base = d.fingerprint("2024-05-01", 10, [L(1, "a", 2)], 1)
    assert base == d.fingerprint("2024-05-01", 10, [L(1, "a", 2)], 1)
    assert base != d.fingerprint("2024-05-02", 10, [L(1, "a", 2)], 1)
    assert base != d.fingerprint("2024-05-01", 11, [L(1, "a", 2)], 1)
    assert base != d.fingerprint("2024-05-01", 10, [L(1, "a", 3)], 1)


def test_settled_only_when_the_next_dream_would_see_nothing_new():
    before = [L(1, "a", 2), L(2, "b", 1)]
    assert d.settled(before, [L(1, "a", 2)], True)              # what is left, it saw
    assert d.settled(before, [], True)
    assert not d.settled(before, [L(1, "a", 2), L(3, "c", 1)], True)   # one the bounds hid moves up
    assert not d.settled(before, [L(1, "a", 3)], True)          # recurred while it thought
    assert not d.settled(before, [L(1, "a", 2)], False)         # a turn while it thought
