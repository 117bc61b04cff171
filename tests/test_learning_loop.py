"""The whole learning loop: turns capture a learning three times → the dream promotes it →
a later turn on an unrelated subject has it in its prompt, through the curated tree."""
import json

import pytest

from conftest import db_rows

HABIT = "The owner drinks green tea every afternoon."
TURNS = ["good morning pet", "off to work now, see you later", "back home after a long day"]
UNRELATED = "which flowers should I plant in the garden this spring?"


def turn_with_capture(stage, n, message):
    """One turn as the pipe has it: apply the record's ops, pass the record on to ingest."""
    record = {"turn_id": f"turn-{n}", "owner": message, "reply": "I see.",
              "ops": [{"op": "capture_learning", "observation": HABIT, "pattern_key": "habit:tea"}]}
    applied = stage("shelldon-apply", input=json.dumps(record) + "\n")
    assert applied.returncode == 0, applied.stderr
    ingested = stage("shelldon-ingest", input=applied.stdout)
    assert ingested.returncode == 0, ingested.stderr


def prompt_for(stage, message):
    result = stage("shelldon-assemble", "--json", message)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["prompt"]


def remembered(prompt):
    """The curated-collections section of a prompt ('' if absent)."""
    if "# What I remember" not in prompt:
        return ""
    return prompt.split("# What I remember")[1].split("\n# ")[0]


@pytest.fixture
def three_turns(ready, home):
    for n, message in enumerate(TURNS):
        turn_with_capture(ready, n, message)
    assert db_rows(home, "SELECT pattern_key, recurrence_count, status FROM learnings") == [("habit:tea", 3, "pending")]
    assert db_rows(home, "SELECT count(*) FROM messages") == [(6,)]
    assert HABIT not in prompt_for(ready, UNRELATED)       # not yet: a learning is not memory
    return ready


def check_later_turn_sees_it(stage):
    prompt = prompt_for(stage, UNRELATED)
    assert HABIT in remembered(prompt) or "green tea every afternoon" in remembered(prompt)
    # not through recall or the window: no message ever said it
    assert "green tea" not in prompt.split("# Recent conversation")[-1].split("# The owner says")[0]


def test_loop_with_the_offline_dream(three_turns, home):
    result = three_turns("shelldon-dream", "--if-idle", "0")
    assert result.returncode == 0, result.stderr
    assert "promoted 1, pruned 0, left 0; wrote facts/tea.md" in result.stdout.decode()
    assert db_rows(home, "SELECT status FROM learnings") == [("promoted",)]
    fact = (home / "memory/facts/tea.md").read_text()
    assert fact.endswith(f"---\n\n{HABIT}\n") and "\nsource: dream-" in fact
    check_later_turn_sees_it(three_turns)
    # the summary the dream wrote is in the prompt too
    assert "back home after a long day" in prompt_for(three_turns, UNRELATED).split("# Conversation so far")[1]


def test_loop_with_a_model_proposing_the_ops(three_turns, home, fake_model):
    fake_model.reply = ("Tidied my thoughts.\n```ops\n"
                        + json.dumps({"op": "remember", "collection": "facts", "name": "afternoon tea",
                                      "content": "The owner drinks green tea every afternoon."}) + "\n"
                        + json.dumps({"op": "resolve_learning", "id": 1, "status": "promoted"}) + "\n"
                        + json.dumps({"op": "rewrite_summary", "content": "A quiet working day."}) + "\n```\n")
    result = three_turns("shelldon-dream", "--if-idle", "0", "--brain", "openai", "--brain-url", fake_model.openai_url)
    assert result.returncode == 0, result.stderr
    assert len(fake_model.requests) == 1
    assert f"[id=1] {HABIT} (seen 3×)" in fake_model.requests[0]["body"]["messages"][-1]["content"]
    assert db_rows(home, "SELECT status FROM learnings") == [("promoted",)]
    assert (home / "memory/facts/afternoon-tea.md").exists()
    check_later_turn_sees_it(three_turns)
    assert "A quiet working day." in prompt_for(three_turns, UNRELATED)


def test_real_turns_with_the_rules_brain_feed_the_dream(ready, home):
    for message in ("I enjoy long walks by the sea", "I enjoy long walks in the hills",
                    "I enjoy long walks after dinner"):
        assert ready("shelldon-turn", message).returncode == 0
    (key, count), = db_rows(home, "SELECT pattern_key, recurrence_count FROM learnings WHERE pattern_key LIKE 'pref:%'")
    assert count == 3
    result = ready("shelldon-dream", "--if-idle", "0")
    assert result.returncode == 0, result.stderr
    assert db_rows(home, "SELECT status FROM learnings WHERE pattern_key = ?", (key,)) == [("promoted",)]
    # The dream's remember lands on one file: its own <name>.md, or — when a turn already
    # remembered the same words under another name — that item (issue 8: no duplicates).
    (path,), = db_rows(home, "SELECT path FROM journal WHERE turn_id LIKE 'dream-%' AND op = 'remember'")
    assert "The owner enjoys long walks" in (home / path).read_text()
    texts = [p.read_text() for p in (home / "memory/preferences").glob("*.md")]
    assert len(texts) == len({t.split("---\n")[-1] for t in texts})  # no two items say the same
