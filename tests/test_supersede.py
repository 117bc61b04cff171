"""Supersede, end to end through shelldon-turn: a second statement about a known person
adds to its file and never drops the first; a real contradiction keeps the newer fact and
strikes the older line as superseded; the journal keeps both versions."""
import json

from conftest import db_rows
from shelldon.worker.rules import prompt_items, propose_ops, revise

DAY = {"SHELLDON_NOW": "2026-03-04T10:00:00Z"}


def body(home, rel):
    return (home / rel).read_text().split("---\n", 2)[2]


def test_the_maren_case_keeps_both_statements(ready, home):
    assert ready("shelldon-turn", "my brother Maren moved to Lyon").returncode == 0
    assert ready("shelldon-turn", "my friend Maren the younger moved to Kassel").returncode == 0
    text = body(home, "memory/people/maren.md")
    assert "my brother Maren moved to Lyon" in text and "Maren the younger moved to Kassel" in text
    assert "superseded" not in text     # a brother and a friend: maybe two Marens, nothing struck
    asked = ready("shelldon-assemble", "remind me, where does Maren live these days?")
    prompt = json.loads(asked.stdout)["prompt"]
    assert "moved to Lyon" in prompt and "moved to Kassel" in prompt


def test_a_contradiction_supersedes_the_older_line(ready, home):
    assert ready("shelldon-turn", "my sister Ana moved to Lyon", env=DAY).returncode == 0
    assert ready("shelldon-turn", "my sister Ana moved to Kassel", env=DAY).returncode == 0
    lines = body(home, "memory/people/ana.md").strip().splitlines()
    assert lines == ["~~my sister Ana moved to Lyon. Ana is the owner's sister.~~ (superseded 2026-03-04)",
                     "my sister Ana moved to Kassel. Ana is the owner's sister."]
    reply = ready("shelldon-turn", "where does Ana live now?").stdout.decode()
    assert "Kassel" in reply and "Lyon" not in reply      # the struck line is never the answer
    versions = db_rows(home, "SELECT args FROM journal WHERE path = 'memory/people/ana.md' "
                             "AND status = 'applied' ORDER BY id")
    said = [json.loads(a)["content"] for (a,) in versions]
    assert said[0] == "my sister Ana moved to Lyon. Ana is the owner's sister."
    assert "Kassel" in said[1] and "~~" in said[1]


def test_saying_it_again_changes_nothing(ready, home):
    assert ready("shelldon-turn", "my dog Rex is four years old").returncode == 0
    before = (home / "memory/facts/rex.md").read_bytes()
    reply = ready("shelldon-turn", "my dog Rex is four years old").stdout.decode()
    assert "Already in memory: facts/rex.md" in reply
    assert (home / "memory/facts/rex.md").read_bytes() == before


def test_revise_is_pure_and_bounded():
    assert revise("Rex is four years old.", "Rex is five years old.", "2026-01-02") == \
        "~~Rex is four years old.~~ (superseded 2026-01-02)\nRex is five years old."
    assert revise("Ana works at the mill.", "Ana likes figs.", "d") == "Ana works at the mill.\nAna likes figs."
    struck = "~~Ana lives in Lyon.~~ (superseded 2025-01-01)"
    assert revise(struck, "Ana lives in Kassel.", "d").startswith(struck + "\n")   # struck once
    long = "\n".join(f"line {n} " + "x" * 100 for n in range(100))
    assert len(revise(long, "new line", "d").encode()) <= 8 * 1024


def test_the_brain_reads_the_item_from_the_prompt():
    prompt = ("# What I remember\nNotes\n<notes>\n> - **Ana** (people): first line\n>   second line\n"
              "> - **tea** (preferences): green\n</notes>\n# The owner says\nx\n")
    assert prompt_items(prompt) == {("people", "ana"): "first line\nsecond line", ("preferences", "tea"): "green"}
    ops = propose_ops("my sister Ana moved to Porto", prompt_items(prompt), "d")
    assert ops[0]["content"].startswith("first line\nsecond line\nmy sister Ana moved to Porto")


def test_a_model_is_shown_the_named_items_whole_text_and_told_to_keep_it(ready, home):
    assert ready("shelldon-turn", "my sister Ana moved to Lyon").returncode == 0
    assert ready("shelldon-turn", "my sister Ana works at the harbour").returncode == 0
    for n in range(60):   # newer items that would fill the collections budget by write order
        op = {"op": "remember", "collection": "facts", "name": f"note {n}", "content": f"note {n} " + "y" * 120}
        assert ready("shelldon-apply", input=json.dumps(op) + "\n").returncode == 0
    prompt = json.loads(ready("shelldon-assemble", "Ana has a new job").stdout)["prompt"]
    assert "> - **Ana** (people): my sister Ana moved to Lyon. Ana is the owner's sister.\n" \
           ">   my sister Ana works at the harbour. Ana is the owner's sister.\n" in prompt
    assert "give its name and its whole new text" in prompt and "(superseded YYYY-MM-DD)" in prompt
