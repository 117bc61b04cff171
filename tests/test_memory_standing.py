"""What goes into the prompt (issue 21), through the real stages: named items first, then
pinned, then by use decayed by age; expired and unused items withheld, listed by
shelldon-status, shelldon-recall --stale and the dream; shelldon-pin; remember's expires."""
import json
from datetime import datetime, timedelta, timezone

from conftest import db_rows, ops_lines

NOW = "2026-06-10T12:00:00Z"
TODAY = datetime.now(timezone.utc).date()   # the core dates what it writes by the real clock


def day(offset: int) -> str:
    return (TODAY + timedelta(days=offset)).isoformat()


def at(when=NOW, **extra):
    return {"SHELLDON_NOW": when, **extra}


def remember(ready, collection, name, content, **fields):
    op = {"op": "remember", "collection": collection, "name": name, "content": content, **fields}
    done = ready("shelldon-apply", input=ops_lines(op))
    assert done.returncode == 0, done.stderr
    return done


def hand_item(home, collection, name, content, **header):
    """An item written as a person would, with the header fields given."""
    lines = [f"name: {name}", *(f"{k}: {v}" for k, v in header.items())]
    (home / "memory" / collection / f"{name.replace(' ', '-')}.md").write_text("---\n" + "\n".join(lines) + "\n---\n\n" + content + "\n")


def settle(ready):
    """A write session (an empty apply), so the core indexes what a person wrote."""
    assert ready("shelldon-apply", input="").returncode == 0


def assemble(ready, message="hello", env=None):
    done = ready("shelldon-assemble", "--json", message, env=env or at())
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def collections_of(record):
    return next(s for s in record["sections"] if s["section"] == "collections")


def items_by_state(record, state):
    return [i["item"] for i in record["items"] if i["state"] == state]


def test_pinned_items_survive_a_full_budget_and_come_first_after_named(ready, home):
    hand_item(home, "facts", "anchor", "the anchor fact the owner relies on", updated="2026-01-01")
    for n in range(80):   # newer items that fill the 6 KiB budget many times over
        hand_item(home, "facts", f"filler-{n:02d}", f"filler note number {n} " + "words " * 20,
                  updated=f"2026-06-0{1 + n % 9}")
    hand_item(home, "people", "maren", "my brother, lives in Lyon", updated="2026-02-01")
    settle(ready)
    assert "the anchor fact" not in assemble(ready)["prompt"]
    done = ready("shelldon-pin", "facts", "anchor", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["action"] == "pin" and out["status"] == "applied" and out["turn_id"].startswith("owner-")
    assert "pinned: true" in (home / "memory/facts/anchor.md").read_text()
    record = assemble(ready, "where is Maren now?")
    kept = items_by_state(record, "in")
    assert kept[:2] == ["people/maren.md", "facts/anchor.md"]    # named, then pinned
    assert [i["because"] for i in record["items"][:2]] == ["named", "pinned"]
    assert "past the" in collections_of(record)["why"]             # the budget was full
    # unpinned through shelldon-revert of the pin's owner turn: out again
    assert ready("shelldon-revert", out["turn_id"]).returncode == 0
    assert "pinned" not in (home / "memory/facts/anchor.md").read_text()
    assert "the anchor fact" not in assemble(ready)["prompt"]


def test_pin_twice_unpin_and_a_missing_item(ready, home):
    remember(ready, "facts", "boat", "the boat is called Pequod")
    before = (home / "memory/facts/boat.md").read_bytes()
    assert ready("shelldon-pin", "facts", "boat").returncode == 0
    again = ready("shelldon-pin", "facts", "boat.md")
    assert again.returncode == 0 and b"already pinned" in again.stdout
    assert ready("shelldon-pin", "--unpin", "facts", "boat").returncode == 0
    assert (home / "memory/facts/boat.md").read_bytes() == before   # one line in, the same line out
    missing = ready("shelldon-pin", "facts", "nothing")
    assert missing.returncode == 65 and b"no such item" in missing.stderr
    assert ready("shelldon-pin", "nowhere", "boat").returncode == 2


def test_a_brain_cannot_pin(ready, home):
    remember(ready, "facts", "boat", "the boat is called Pequod")
    done = ready("shelldon-apply", input=ops_lines({"op": "pin", "collection": "facts", "name": "boat"}))
    assert done.returncode == 65 and b"owner's alone" in done.stderr
    assert "pinned" not in (home / "memory/facts/boat.md").read_text()


def test_a_remember_keeps_the_pin(ready, home):
    remember(ready, "facts", "boat", "the boat is called Pequod")
    assert ready("shelldon-pin", "facts", "boat").returncode == 0
    remember(ready, "facts", "boat", "the boat is called Rachel now")
    text = (home / "memory/facts/boat.md").read_text()
    assert "pinned: true" in text and "Rachel" in text


def test_used_items_come_before_newer_unused_ones(ready, home):
    """The score: hits decayed by the age of the last use, writing counting as one use.
    A fact used every week (named by the owner's messages) outranks newer trivia."""
    hand_item(home, "facts", "garage code", "the garage code is 4711", updated="2026-01-05")
    for n in range(60):
        hand_item(home, "facts", f"trivia-{n:02d}", f"trivia of the week {n} " + "padding " * 20,
                  updated="2026-06-01")
    settle(ready)
    start = datetime(2026, 5, 1, 9, tzinfo=timezone.utc)
    turns = "".join(json.dumps({"turn_id": f"t{n}", "owner": "what was the garage code again?",
                                "reply": "4711", "ts": (start + timedelta(days=n)).isoformat()}) + "\n"
                    for n in range(8))
    assert ready("shelldon-ingest", input=turns).returncode == 0
    assert db_rows(home, "SELECT hits FROM item_use WHERE path = 'facts/garage-code.md'") == [(8,)]
    record = assemble(ready, "hello")   # the message names nothing
    kept = items_by_state(record, "in")
    assert kept[0] == "facts/garage-code.md"
    scores = [i["score"] for i in record["items"] if i["state"] == "in"]
    assert scores == sorted(scores, reverse=True) and scores[0] > 1


def test_an_item_that_expired_yesterday_is_withheld_and_listed(ready, home):
    remember(ready, "people", "Maren", "Maren is in Lyon this week", expires=day(3))
    remember(ready, "facts", "boat", "the boat is called Pequod")
    hand_item(home, "facts", "visit", "the plumber comes on Tuesday", updated=day(0), ttl_days=3)
    settle(ready)
    inside = assemble(ready, env=at(f"{day(3)}T10:00:00Z"))
    assert "Maren is in Lyon" in inside["prompt"] and "plumber" in inside["prompt"]
    later = at(f"{day(4)}T10:00:00Z")   # the day after their last day
    record = assemble(ready, "where is Maren?", env=later)
    assert "Maren is in Lyon" not in record["prompt"] and "plumber" not in record["prompt"]
    assert "Pequod" in record["prompt"]
    assert "2 expired" in collections_of(record)["why"]
    assert set(items_by_state(record, "expired")) == {"people/maren.md", "facts/visit.md"}
    assert (home / "memory/people/maren.md").exists()   # kept on disk
    listed = ready("shelldon-recall", "--stale", "--json", env=later)
    assert listed.returncode == 0
    rows = [json.loads(line) for line in listed.stdout.splitlines()]
    assert {(r["item"], r["why"]) for r in rows} == {("people/maren.md", "expired"), ("facts/visit.md", "expired")}
    status = ready("shelldon-status", env=later)
    assert b"stale      2 withheld" in status.stdout and b"memory/people/maren.md: expired" in status.stdout
    assert json.loads(ready("shelldon-status", "--json", env=later).stdout)["memory"]["stale"] == 2
    explained = ready("shelldon-assemble", "--explain", "where is Maren?", env=later)
    assert b"people/maren.md" in explained.stderr and b"expired" in explained.stderr
    nothing = ready("shelldon-recall", "--stale", env=at(f"{day(1)}T10:00:00Z"))
    assert nothing.returncode == 1 and nothing.stdout == b""


def test_unused_for_stale_after_days_steps_out_unless_pinned_or_named(ready, home):
    hand_item(home, "facts", "old-news", "the old bakery closed", updated="2025-01-01")
    hand_item(home, "facts", "old-anchor", "the house number is 12", updated="2025-01-01")
    hand_item(home, "facts", "fresh", "the new bakery opened", updated="2026-06-01")
    settle(ready)
    assert ready("shelldon-pin", "facts", "old-anchor").returncode == 0
    record = assemble(ready)
    assert "old bakery" not in record["prompt"] and "house number" in record["prompt"]
    assert "1 stale (unused for 180 days)" in collections_of(record)["why"]
    assert items_by_state(record, "stale") == ["facts/old-news.md"]
    assert "old bakery" in assemble(ready, "any old news?")["prompt"]   # named: in use again
    stale = ready("shelldon-recall", "--stale", env=at())
    assert stale.stdout.decode().startswith("memory/facts/old-news.md: stale (last used or written 2025-01-01")
    (home / "config.toml").write_text("[memory]\nstale_after_days = 0\n")
    assert "old bakery" in assemble(ready)["prompt"]                   # 0: never stale
    (home / "config.toml").write_text("[memory]\nstale_after_days = -3\n")
    bad = ready("shelldon-assemble", "hello", env=at())
    assert bad.returncode == 65 and b"stale_after_days" in bad.stderr


def test_remember_takes_a_bounded_expires(ready, home):
    ok = day(10)
    remember(ready, "facts", "loan", "the neighbour has the ladder", expires=ok)
    assert f"expires: '{ok}'" in (home / "memory/facts/loan.md").read_text()
    for bad, why in ((day(-1), b"in the past"), (day(6 * 366), b"years ahead"),
                     ("2026-13-01", b"not a date"), ("next friday", b"expires")):
        done = ready("shelldon-apply", input=ops_lines({"op": "remember", "collection": "facts",
                                                       "name": "x", "content": "y", "expires": bad}))
        assert done.returncode == 65 and why in done.stderr, (bad, done.stderr)
    assert not (home / "memory/facts/x.md").exists()
    remember(ready, "facts", "loan", "the neighbour has the ladder")   # the same text: nothing new
    assert f"expires: '{ok}'" in (home / "memory/facts/loan.md").read_text()
    remember(ready, "facts", "loan", "the neighbour gave the ladder back")   # a new text without one: none
    assert "expires" not in (home / "memory/facts/loan.md").read_text()


def test_the_rules_brain_dates_what_carries_a_date(ready, home):
    done = ready("shelldon-turn", "my brother Maren is in Lyon until Friday",
                 env=at("2026-12-02T10:00:00Z"))   # a Wednesday
    assert done.returncode == 0, done.stderr
    assert "expires: '2026-12-04'" in (home / "memory/people/maren.md").read_text()
    assert ready("shelldon-turn", "my sister Ana lives in Porto", env=at("2026-12-02T10:00:00Z")).returncode == 0
    assert "expires" not in (home / "memory/people/ana.md").read_text()


def test_the_dream_is_asked_about_what_is_past_its_time(ready, home, fake_model):
    remember(ready, "people", "Maren", "Maren is in Lyon this week", expires=day(1))
    ready("shelldon-capture", "the owner talks about Lyon")
    later = at(f"{day(5)}T10:00:00Z")
    rules = ready("shelldon-dream", "--if-idle", "0", env=later)
    assert rules.returncode == 0, rules.stderr
    assert b"past their time" in rules.stdout and f"people/maren.md (expired {day(1)})".encode() in rules.stdout
    fake_model.reply = "Nothing to do.\n\n```ops\n```"
    ready("shelldon-capture", "the owner talks about trains")
    model = ready("shelldon-dream", "--if-idle", "0", "--brain", "openai", "--brain-url",
                  fake_model.openai_url, env=later)
    assert model.returncode == 0, model.stderr
    prompt = fake_model.requests[-1]["body"]["messages"][-1]["content"]
    assert "# Notes past their time" in prompt
    assert f"- people/maren.md (expired {day(1)}): Maren is in Lyon this week" in prompt


def test_explain_stays_bounded(ready, home):
    for n in range(300):
        hand_item(home, "facts", f"item-{n:03d}", f"note {n}", updated="2026-06-01")
    settle(ready)
    done = ready("shelldon-assemble", "--explain", "hello", env=at())
    lines = done.stderr.decode().splitlines()
    assert len(lines) < 50 and any(line.startswith("… and ") for line in lines)
