"""Ops a model proposed that think dropped as malformed are named in the reply's last line
and journalled as rejected — through shelldon-turn, the pipe by hand and the launcher
alike — while the good op beside them is saved; the line gives reasons, never the line
the model wrote, and nothing secret-shaped."""
import json

from conftest import db_rows
from test_launcher import init, launcher, say

AWS = "AKIAQWERTYUIOP123456"
GOOD = '{"op": "remember", "collection": "people", "name": "Ana", "content": "my sister Ana lives in Porto"}'
BAD = '{"op": "remember", "collection": "people", "name": 42, "content": "Ana has a cat"}'
REPLY = f"Noted!\n```ops\n{GOOD}\n{BAD}\n```"
TOLD = ("Noted!\n\nSaved: people/ana.md. Not saved: 1 proposed change was malformed "
        "(remember: Expected `str`, got `int` - at `$.name`).")


def model_env(fake_model):
    return {"SHELLDON_BRAIN": "openai", "SHELLDON_BRAIN_URL": fake_model.openai_url,
            "SHELLDON_API_KEY": "test-key-123"}


def pet_replies(home):
    return [r for (r,) in db_rows(home, "SELECT content FROM messages WHERE role = 'pet' ORDER BY id")]


def rejected(home):
    return db_rows(home, "SELECT seq, op, status, reason FROM journal WHERE status = 'rejected' ORDER BY id")


def test_turn_saves_the_good_op_and_names_the_malformed_one(ready, home, fake_model):
    fake_model.reply = REPLY
    result = ready("shelldon-turn", "my sister Ana lives in Porto", env=model_env(fake_model))
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().strip() == TOLD
    assert "Porto" in (home / "memory/people/ana.md").read_text()
    assert pet_replies(home) == [TOLD]                       # history records what the owner saw
    assert rejected(home) == [(2, "remember", "rejected", "malformed, dropped before apply: "
                                                          "remember: Expected `str`, got `int` - at `$.name`")]
    again = ready("shelldon-log", "--json", "--turn",
                  db_rows(home, "SELECT turn_id FROM journal LIMIT 1")[0][0])
    ops = json.loads(again.stdout)["ops"]
    assert [o["status"] for o in ops] == ["applied", "rejected"]


def test_the_pipe_by_hand_tells_the_same(ready, home, fake_model):
    fake_model.reply = REPLY
    env = model_env(fake_model)
    thought = ready("shelldon-think", input=ready("shelldon-assemble", "my sister Ana lives in Porto").stdout, env=env)
    record = json.loads(thought.stdout)
    assert record["dropped"] == ["remember: Expected `str`, got `int` - at `$.name`"]
    assert len(record["ops"]) == 1
    applied = ready("shelldon-apply", input=thought.stdout)
    assert applied.returncode == 0, applied.stderr
    ingest = ready("shelldon-ingest", input=applied.stdout)
    assert ingest.returncode == 0, ingest.stderr
    assert ingest.stdout.decode().strip() == TOLD == pet_replies(home)[0]
    twice = ready("shelldon-apply", input=applied.stdout)   # applied again: journalled and told once
    assert twice.stdout == applied.stdout and len(rejected(home)) == 1


def test_the_launcher_tells_the_same(tmp_path, fake_model):
    home = init(tmp_path / "home")
    fake_model.reply = REPLY
    daemon = launcher(home, env=model_env(fake_model))
    try:
        said = say(home, "my sister Ana lives in Porto")
    finally:
        daemon.stop()
    assert said.returncode == 0, said.stderr
    assert said.stdout.strip() == TOLD == pet_replies(home)[0]
    assert "Porto" in (home / "memory/people/ana.md").read_text()


def test_a_value_msgspec_quotes_is_redacted_and_no_line_is_echoed(ready, home, fake_model):
    """msgspec names a bad enum value in its reason: a secret there never reaches the reply."""
    fake_model.reply = ("Ok.\n```ops\n"
                        f'{{"op": "remember", "collection": "{AWS}", "name": "k", "content": "c"}}\n'
                        '{"op": "remember", "collection": "facts", "name": "ab\\u0000", "content": "the raw line"}\n```')
    result = ready("shelldon-turn", "keep this", env=model_env(fake_model))
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode()
    assert "Not saved: 2 proposed changes were malformed (remember: Invalid enum value" in text
    assert AWS not in text and AWS not in pet_replies(home)[0]
    assert "the raw line" not in text
    assert all(AWS not in (reason or "") for *_, reason in rejected(home))


def test_the_line_for_reasons_alone():
    from shelldon.core.outcome import malformed_line
    assert malformed_line(["not valid JSON: JSON is malformed: invalid character (byte 4)"]) == \
        "Not saved: 1 proposed change was malformed (not valid JSON: JSON is malformed: invalid character (byte 4))."
    assert malformed_line(["more than 32 ops"] * 3) == "Not saved: 3 proposed changes were malformed (more than 32 ops)."
    assert AWS not in malformed_line([f"remember: Invalid enum value '{AWS}'"])
