"""Forget that forgets, end to end: after shelldon-forget, what the forgotten turns said is
in no later prompt — not through recall, the recent window or the summary — until
--restore (or a revert) brings it back; history rows are never deleted."""
import json

from conftest import db_rows

ANA = "my sister Ana lives in Porto"
QUESTION = "where does Ana live?"


def turn(ready, message):
    result = ready("shelldon-turn", message)
    assert result.returncode == 0, result.stderr
    return result.stdout.decode()


def prompt_for(ready, message):
    result = ready("shelldon-assemble", "--explain", message)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["prompt"], result.stderr.decode()


def turn_id_of(home, owner):
    ((turn_id,),) = db_rows(home, "SELECT turn_id FROM messages WHERE role = 'owner' AND content = ?", (owner,))
    return turn_id


def told_ana(ready, home):
    turn(ready, ANA)
    assert "Porto" in turn(ready, QUESTION)          # the reply reads the fact back: it tells it too
    turn(ready, "we baked bread together this afternoon")
    dreamt = ready("shelldon-dream", "--if-idle", "0")
    assert dreamt.returncode == 0, dreamt.stderr
    assert "Porto" in (home / "memory/summary.md").read_text()


def test_forget_an_item_then_ask_then_restore(ready, home):
    told_ana(ready, home)
    prompt, _ = prompt_for(ready, QUESTION)
    assert "Porto" in prompt

    forgot = ready("shelldon-forget", "people", "Ana")
    assert forgot.returncode == 0, forgot.stderr
    out = forgot.stdout.decode()
    assert out.startswith("forgot people/ana.md\n")
    told, echoed = turn_id_of(home, ANA), turn_id_of(home, QUESTION)
    assert f"hide {told} " in out and f"hide {echoed} " in out

    prompt, explained = prompt_for(ready, QUESTION)
    assert "Porto" not in prompt                     # not via recall, the window, the summary, the item
    assert "withheld as forgotten" in explained and told in explained
    assert "bread" in prompt                         # the rest of memory is still there
    assert "Porto" not in turn(ready, QUESTION)      # and the pet does not say it
    rows = db_rows(home, "SELECT count(*) FROM messages WHERE content LIKE '%Porto%'")
    assert rows[0][0] >= 2                           # history rows are never deleted

    back = ready("shelldon-forget", "--restore", "people", "Ana")
    assert back.returncode == 0, back.stderr
    assert back.stdout.decode().startswith("restored people/ana.md\n") and f"show {told} " in back.stdout.decode()
    prompt, explained = prompt_for(ready, QUESTION)
    assert "Porto" in prompt and "withheld" not in explained


def test_the_next_dream_leaves_the_forgotten_out_of_the_summary(ready, home):
    told_ana(ready, home)
    assert ready("shelldon-forget", "people", "Ana").returncode == 0
    turn(ready, "I visited the lighthouse at dawn")   # something new, so the dream runs
    dreamt = ready("shelldon-dream", "--if-idle", "0")
    assert dreamt.returncode == 0, dreamt.stderr
    summary = (home / "memory/summary.md").read_text()
    assert "lighthouse" in summary and "Porto" not in summary and "Ana" not in summary


def test_revert_of_a_forget_brings_item_and_turns_back(ready, home):
    turn(ready, ANA)
    assert ready("shelldon-forget", "people", "Ana").returncode == 0
    assert "Porto" not in prompt_for(ready, QUESTION)[0]
    ((owner_turn,),) = db_rows(home, "SELECT turn_id FROM journal WHERE op = 'forget'")
    reverted = ready("shelldon-revert", owner_turn)
    assert reverted.returncode == 0, reverted.stderr
    assert "Porto" in prompt_for(ready, QUESTION)[0]


def test_forget_one_turn_by_id(ready, home):
    turn(ready, "the spare key is under the blue flowerpot")
    turn(ready, "we baked bread together this afternoon")
    key_turn = turn_id_of(home, "the spare key is under the blue flowerpot")
    hid = ready("shelldon-forget", "--turn", key_turn)
    assert hid.returncode == 0, hid.stderr
    assert hid.stdout.decode().splitlines()[-1] == "hid 1 turn"
    prompt, explained = prompt_for(ready, "where is the spare key?")
    assert "flowerpot" not in prompt and key_turn in explained
    assert ready("shelldon-forget", "--turn", "no-such-turn").returncode == 65
    back = ready("shelldon-forget", "--turn", key_turn, "--restore")
    assert back.returncode == 0 and back.stdout.decode().splitlines()[-1] == "showed again 1 turn"
    assert "flowerpot" in prompt_for(ready, "where is the spare key?")[0]


def test_forget_matching_lists_then_hides_with_yes(ready, home):
    turn(ready, "the wifi router lives in the hallway cupboard")
    turn(ready, "we baked bread together this afternoon")
    listed = ready("shelldon-forget", "--matching", "hallway", "--json")
    assert listed.returncode == 0, listed.stderr
    records = [json.loads(line) for line in listed.stdout.decode().splitlines()]
    assert [r["action"] for r in records] == ["would-hide"]
    assert set(records[0]) == {"action", "item", "status", "turn_id", "ts", "owner", "reason"}
    assert "hallway" in prompt_for(ready, "where is the router?")[0]     # listing hides nothing

    hid = ready("shelldon-forget", "--matching", "hallway", "--yes")
    assert hid.returncode == 0 and hid.stdout.decode().splitlines()[-1] == "hid 1 turn"
    assert "hallway" not in prompt_for(ready, "where is the router?")[0]
    back = ready("shelldon-forget", "--matching", "hallway", "--restore")
    assert back.returncode == 0 and "hallway" in prompt_for(ready, "where is the router?")[0]


def test_usage_errors(ready):
    assert ready("shelldon-forget").returncode == 2
    assert ready("shelldon-forget", "people", "Ana", "--turn", "t1").returncode == 2
    assert ready("shelldon-forget", "people").returncode == 2
    assert ready("shelldon-forget", "--yes", "--turn", "t1").returncode == 2
    assert ready("shelldon-forget", "--matching", "a").returncode == 65


def test_forget_json_for_an_item(ready, home):
    turn(ready, ANA)
    result = ready("shelldon-forget", "people", "Ana", "--json")
    records = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert records[0]["action"] == "forget" and records[0]["item"] == "people/ana.md"
    assert records[0]["status"] == "applied"
    assert records[1]["action"] == "hide" and records[1]["owner"] == ANA


def test_withhold_lines_drops_what_names_or_quotes_the_forgotten():
    from shelldon.worker.forgotten import Forgotten, withhold_lines
    summary = ("What the owner said:\n\n- 2026-12-01 10:00 · my sister Ana lives in Porto\n"
               "- 2026-12-01 10:05 · Banana bread is the best\n- 2026-12-01 10:06 · we met at the harbour today")
    kept, gone = withhold_lines(summary, Forgotten(names=("Ana",), quotes=("we met at the harbour today",)))
    assert gone == 2 and "Porto" not in kept and "harbour" not in kept
    assert "Banana bread" in kept                         # a name is a whole word, not a substring
    assert withhold_lines(summary, Forgotten()) == (summary, 0)
    assert withhold_lines(summary, Forgotten(quotes=("ok",)))[1] == 0   # too short to mean it
