"""remember → forget → tombstone on disk → gone from what a prompt reads → restore → back."""
import json
import os

from conftest import db_rows, ops_lines

from shelldon.contracts.markdown import is_forgotten, parse_document

TEA = {"op": "remember", "collection": "facts", "name": "Tea", "content": "owner drinks green tea"}


def prompt_items(home):
    """What a prompt reader sees of the collections, by the rule the reader must apply."""
    seen = {}
    for collection in ("facts", "people", "preferences", "capabilities"):
        for path in sorted((home / "memory" / collection).glob("*.md")):
            meta, body = parse_document(path.read_text())
            if not is_forgotten(meta):
                seen[f"{collection}/{path.name}"] = body.strip()
    return seen


def test_forget_then_restore(ready, home):
    assert ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA)).returncode == 0
    path = home / "memory/facts/tea.md"
    original = path.read_bytes()
    assert prompt_items(home) == {"facts/tea.md": "owner drinks green tea"}

    result = ready("shelldon-forget", "facts", "Tea")
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().strip() == "forgot facts/tea.md"
    text = path.read_text()                       # still on disk, for audit
    meta, body = parse_document(text)
    assert is_forgotten(meta) and body == "owner drinks green tea\n"
    assert text.replace(f'forgotten: "{meta["forgotten"]}"\n', "").encode() == original
    assert prompt_items(home) == {}               # gone from every later prompt
    recall = ready("shelldon-recall", "green tea")
    assert recall.returncode == 1 and recall.stdout == b""
    assert b"[forgotten]" in ready("shelldon-recall", "--all", "green tea").stdout

    again = ready("shelldon-forget", "facts", "tea.md")
    assert again.returncode == 0 and b"already forgotten" in again.stdout

    back = ready("shelldon-forget", "--restore", "facts", "tea")
    assert back.returncode == 0 and back.stdout.decode().strip() == "restored facts/tea.md"
    assert path.read_bytes() == original          # byte for byte
    assert prompt_items(home) == {"facts/tea.md": "owner drinks green tea"}
    ops = db_rows(home, "SELECT op, status FROM journal WHERE turn_id LIKE 'owner-%' ORDER BY id")
    assert ops == [("forget", "applied"), ("forget", "unchanged"), ("restore", "applied")]


def test_forget_as_an_op_in_an_ops_file(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA))
    forget = {"op": "forget", "collection": "facts", "name": "tea"}
    assert ready("shelldon-apply", "--turn-id", "t2", input=ops_lines(forget)).returncode == 0
    assert prompt_items(home) == {}
    restore = {"op": "restore", "collection": "facts", "name": "tea"}
    assert ready("shelldon-apply", "--turn-id", "t3", input=ops_lines(restore)).returncode == 0
    assert "facts/tea.md" in prompt_items(home)


def test_forgetting_what_is_not_there(ready, home):
    result = ready("shelldon-forget", "facts", "nothing")
    assert result.returncode == 65 and b"no such item: facts/nothing.md" in result.stderr
    bad = ready("shelldon-forget", "secrets", "x")
    assert bad.returncode == 2  # not a collection: a usage error
    unknown = ready("shelldon-apply", input=ops_lines({"op": "forget", "collection": "facts", "name": "tea", "why": "x"}))
    assert unknown.returncode == 65 and b"unknown field" in unknown.stderr


def test_same_content_again_stays_forgotten_new_content_comes_back(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA))
    ready("shelldon-forget", "facts", "tea")
    ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({**TEA, "name": "drinks", "content": "Owner drinks green tea."}))
    assert prompt_items(home) == {} and not (home / "memory/facts/drinks.md").exists()
    ready("shelldon-apply", "--turn-id", "t3", input=ops_lines(TEA))
    assert prompt_items(home) == {}  # the same words do not bring a forgotten fact back
    ready("shelldon-apply", "--turn-id", "t4", input=ops_lines({**TEA, "content": "owner gave up tea"}))
    assert prompt_items(home) == {"facts/tea.md": "owner gave up tea"}


def test_a_hand_edited_item_can_be_forgotten_by_the_owner_and_keeps_its_edit(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA))
    path = home / "memory/facts/tea.md"
    path.write_text(path.read_text().replace("green", "white"))
    hand = path.read_bytes()
    assert ready("shelldon-forget", "facts", "tea").returncode == 0
    assert ready("shelldon-forget", "--restore", "facts", "tea").returncode == 0
    assert path.read_bytes() == hand
    # still the owner's: a model op over it is held back, not written
    result = ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({**TEA, "content": "owner drinks coffee"}))
    assert result.returncode == 65 and path.read_bytes() == hand


def test_a_model_forget_of_a_hand_edited_item_is_held_back(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA))
    path = home / "memory/facts/tea.md"
    path.write_text(path.read_text().replace("green", "white"))
    result = ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({"op": "forget", "collection": "facts", "name": "tea"}))
    assert result.returncode == 65 and b"edited by hand" in result.stderr
    assert prompt_items(home) == {"facts/tea.md": "owner drinks white tea"}


def test_the_owner_can_forget_by_hand(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA))
    path = home / "memory/facts/tea.md"
    path.write_text(path.read_text().replace("---\n", "---\nforgotten: yes\n", 1))
    assert prompt_items(home) == {}
    status = json.loads(ready("shelldon-status", "--json").stdout)
    assert status["memory"]["forgotten"] == 1 and status["memory"]["items"] == 0
    assert ready("shelldon-forget", "--restore", "facts", "tea").returncode == 0
    assert prompt_items(home) == {"facts/tea.md": "owner drinks green tea"}
    assert os.path.exists(path)


def prompt_for(stage, message):
    result = stage("shelldon-assemble", "--json", message)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["prompt"]


def test_the_next_prompt_lacks_a_forgotten_item_and_has_it_back_after_restore(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(
        TEA, {"op": "remember", "collection": "people", "name": "Ana", "content": "my sister, lives in Porto"}))
    assert "owner drinks green tea" in prompt_for(ready, "what do I drink?")
    assert ready("shelldon-forget", "facts", "tea").returncode == 0
    prompt = prompt_for(ready, "what do I drink?")
    assert "green tea" not in prompt and "lives in Porto" in prompt
    assert ready("shelldon-forget", "--restore", "facts", "tea").returncode == 0
    assert "owner drinks green tea" in prompt_for(ready, "what do I drink?")


def test_a_hand_edit_reaches_the_next_prompt(ready, home):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(TEA))
    path = home / "memory/facts/tea.md"
    path.write_text(path.read_text().replace("green tea", "jasmine tea"))
    ready("shelldon-apply", "--turn-id", "t2", input=ops_lines({**TEA, "content": "owner drinks coffee"}))
    prompt = prompt_for(ready, "what do I drink?")
    assert "owner drinks jasmine tea" in prompt and "coffee" not in prompt


BROKEN_HEADER = b"---\nname: [oops\n---\nbody\n"


def test_forgetting_an_item_whose_header_is_broken_is_refused_cleanly(ready, home):
    path = home / "memory/facts/oops.md"
    path.write_bytes(BROKEN_HEADER)
    result = ready("shelldon-forget", "facts", "oops")
    assert result.returncode == 65, result.stderr
    assert b"header is not one shelldon can read" in result.stderr
    assert len(result.stderr.splitlines()) == 1 and b"internal error" not in result.stderr
    assert path.read_bytes() == BROKEN_HEADER


def test_a_forget_of_a_broken_header_in_a_turn_record_costs_only_that_op(ready, home):
    (home / "memory/facts/oops.md").write_bytes(BROKEN_HEADER)
    record = {"turn_id": "t1", "owner": "forget oops, remember tea", "reply": "done",
              "ops": [{"op": "forget", "collection": "facts", "name": "oops"}, TEA]}
    result = ready("shelldon-apply", input=ops_lines(record))
    assert result.returncode == 65, result.stderr
    assert b"line 1: forget rejected: cannot forget facts/oops.md" in result.stderr
    said = json.loads(result.stdout)                  # the turn record passes through, told
    assert said == {**record, "reply": said["reply"]}
    assert said["reply"].startswith("done\n\nSaved: facts/tea.md. Refused (forget): cannot forget facts/oops.md")
    assert (home / "memory/facts/tea.md").exists()     # the later op is applied
    assert (home / "memory/facts/oops.md").read_bytes() == BROKEN_HEADER
    rows = db_rows(home, "SELECT seq, op, status FROM journal WHERE turn_id = 't1' ORDER BY seq")
    assert rows == [(1, "forget", "rejected"), (2, "remember", "applied")]


def test_an_empty_name_is_refused_in_the_stage_s_own_words(ready):
    for name in ("", "  ", ".md"):
        result = ready("shelldon-forget", "facts", name)
        err = result.stderr.decode()
        assert result.returncode == 65 and "NAME" in err and "Expected" not in err, err


def test_explain_counts_a_forgotten_item_as_forgotten_not_past_the_budget(ready):
    ready("shelldon-apply", "--turn-id", "t1", input=ops_lines(
        TEA, {"op": "remember", "collection": "people", "name": "Ana", "content": "my sister, lives in Porto"}))
    ready("shelldon-forget", "facts", "tea")
    report = ready("shelldon-assemble", "--explain", "what do I drink?").stderr.decode()
    row = next(line.split(None, 4) for line in report.splitlines() if line.startswith("collections"))
    assert row[2:] == ["1", "0", "1 forgotten or empty, not memory"], report
