"""A named item larger than the collections budget is still shown to a brain — cut to its
newest lines within MAX_ITEM_SHOWN, after a line saying how many older ones are not shown —
and a brain's whole new text of it never drops what it was not shown: the core puts those
lines back ahead of it (worker/itemview.py), through shelldon-turn with a model brain and
the rules brain alike."""
import json

from shelldon.contracts.limits import MAX_ITEM_SHOWN
from shelldon.worker.itemview import keep_unseen, split_shown

LINES = [f"Ana fact {n:03d}: she keeps a jar of buttons number {n} on the shelf." for n in range(1, 106)]
ANA = "memory/people/ana.md"


def long_ana(ready, home):
    op = {"op": "remember", "collection": "people", "name": "Ana", "content": "\n".join(LINES)}
    result = ready("shelldon-apply", input=(json.dumps(op) + "\n").encode())
    assert result.returncode == 0, result.stderr
    assert len("\n".join(LINES).encode()) > 6 * 1024 > MAX_ITEM_SHOWN   # past the whole budget


def prompt_of(ready, message):
    result = ready("shelldon-assemble", message)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["prompt"]


def test_a_named_item_past_the_budget_is_shown_cut_with_a_marker(ready, home):
    long_ana(ready, home)
    hidden, shown = split_shown("\n".join(LINES))
    assert hidden and shown and shown[-1] == LINES[-1]
    prompt = prompt_of(ready, "where does Ana keep her buttons?")
    assert f"(cut: {len(hidden)} older lines of the next note" in prompt
    assert "- **Ana** (people): " + shown[0] in prompt and LINES[-1] in prompt
    assert LINES[0] not in prompt                        # the oldest are the ones left out
    (home / "config.toml").write_text("[bounds]\ncollections_bytes = 1024\n")
    small = prompt_of(ready, "where does Ana keep her buttons?")
    assert LINES[-1] in small and "(cut: " in small      # named: shown past even a small budget
    unnamed = prompt_of(ready, "what is the weather like?")
    assert LINES[-1] not in unnamed                      # not named: the budget holds as before


def test_a_models_whole_new_text_keeps_the_lines_it_was_not_shown(ready, home, fake_model):
    long_ana(ready, home)
    hidden, shown = split_shown("\n".join(LINES))
    # the model gives back what it saw, the last line struck as superseded, and the new fact
    new = [*shown[:-1], f"~~{shown[-1]}~~ (superseded 2026-03-04)", "Ana moved to Kassel."]
    op = {"op": "remember", "collection": "people", "name": "Ana", "content": "\n".join(new)}
    fake_model.reply = "Noted!\n```ops\n" + json.dumps(op) + "\n```"
    result = ready("shelldon-turn", "Ana moved to Kassel", env={
        "SHELLDON_BRAIN": "openai", "SHELLDON_BRAIN_URL": fake_model.openai_url, "SHELLDON_API_KEY": "k"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().strip() == "Noted!\n\nSaved: people/ana.md."
    assert f"(cut: {len(hidden)} older lines" in fake_model.requests[0]["body"]["messages"][0]["content"] + \
        fake_model.requests[0]["body"]["messages"][-1]["content"]
    body = (home / ANA).read_text().split("---\n", 2)[2].strip().splitlines()
    assert body == [*hidden, *new]                       # nothing it was not shown is lost


def test_the_rules_brain_adds_a_line_to_a_long_item_and_drops_none(ready, home):
    long_ana(ready, home)
    assert ready("shelldon-turn", "my sister Ana moved to Kassel").returncode == 0
    body = (home / ANA).read_text()
    assert all(line in body for line in LINES) and "moved to Kassel" in body


def test_keep_unseen_puts_back_only_what_was_not_shown_and_not_given():
    body = "\n".join(LINES)
    hidden, shown = split_shown(body)
    merged, kept = keep_unseen(body, "\n".join([hidden[0], *shown, "new"]))
    assert kept == len(hidden) - 1 and merged.splitlines() == [*hidden[1:], hidden[0], *shown, "new"]
    assert keep_unseen("short\nitem", "whole new text") == ("whole new text", 0)   # shown whole: replaced
    assert split_shown("x" * (MAX_ITEM_SHOWN + 1)) == (["x" * (MAX_ITEM_SHOWN + 1)], [])
