"""JSON nested 100,000 deep costs only the line or request that holds it (issue 19, hole 4):
refused (65, or a refusal answer), everything around it applied, recorded or served."""
import json
import os
import subprocess
import sys

from conftest import BIN, db_rows
from daemons import Daemon, exchange
from test_broker import think

DEPTH = 100_000
ARRAY = "[" * DEPTH + "]" * DEPTH
OBJECT = '{"a":' * DEPTH + "1" + "}" * DEPTH
SHORT_OBJECT = '{"a":' * 40_000 + "1" + "}" * 40_000   # fits a say request's 256 KiB


def _op(name, **fields):
    return json.dumps({"op": "remember", "collection": "facts", "name": name, "content": f"{name} is fine",
                       **fields})


def _no_crash(result):
    assert b"internal error" not in result.stderr and b"Traceback" not in result.stderr, result.stderr[-500:]


def test_apply_refuses_only_the_deep_lines(ready, home):
    lines = [_op("tea"), ARRAY, '{"op":"remember","collection":"facts","name":"x","content":' + ARRAY + "}",
             OBJECT, '{"op":"remember","collection":"facts","name":"y","content":' + OBJECT + "}", _op("coffee")]
    result = ready("shelldon-apply", "--turn-id", "deep", input="\n".join(lines) + "\n")
    _no_crash(result)
    assert result.returncode == 65
    assert sorted(p.name for p in (home / "memory/facts").iterdir()) == ["coffee.md", "tea.md"]
    refused = [n.decode() for n in result.stderr.split() if n.endswith(b":") and n[:-1].isdigit()]
    assert refused == ["2:", "3:", "4:", "5:"], result.stderr[-500:]
    assert db_rows(home, "SELECT seq, status FROM journal WHERE turn_id = 'deep' ORDER BY seq") == [
        (1, "applied"), (2, "rejected"), (3, "rejected"), (4, "rejected"), (5, "rejected"), (6, "applied")]


def test_a_deep_turn_record_is_refused_and_the_others_pass_through_to_ingest(ready, home):
    good = {"turn_id": "t1", "owner": "hello", "reply": "hi", "ops": [json.loads(_op("tea"))]}
    deep = '{"turn_id": "t2", "owner": "hello", "reply": "hi", "ops": [' + ARRAY + "]}"
    last = {"turn_id": "t3", "owner": "hello again", "reply": "hi again"}
    lines = json.dumps(good) + "\n" + deep + "\n" + json.dumps(last) + "\n"
    applied = ready("shelldon-apply", input=lines)
    _no_crash(applied)
    assert applied.returncode == 65 and b"line 2: " in applied.stderr
    assert (home / "memory/facts/tea.md").exists()
    assert [json.loads(line)["turn_id"] for line in applied.stdout.splitlines()] == ["t1", "t3"]
    ingested = ready("shelldon-ingest", input=lines)   # the same stream straight to ingest
    _no_crash(ingested)
    assert ingested.returncode == 65 and ingested.stdout == b"hi\nhi again\n"
    assert db_rows(home, "SELECT DISTINCT turn_id FROM messages ORDER BY id") == [("t1",), ("t3",)]


def test_ingest_refuses_only_the_deep_lines(ready, home):
    lines = [json.dumps({"turn_id": "t1", "owner": "hello", "reply": "hi"}), ARRAY, OBJECT,
             '{"turn_id":"t2","owner":"x","reply":' + ARRAY + "}",
             json.dumps({"turn_id": "t3", "owner": "hello again", "reply": "hi again"})]
    result = ready("shelldon-ingest", input="\n".join(lines) + "\n")
    _no_crash(result)
    assert result.returncode == 65 and result.stdout == b"hi\nhi again\n"
    assert db_rows(home, "SELECT DISTINCT turn_id FROM messages ORDER BY id") == [("t1",), ("t3",)]


def test_the_launcher_refuses_a_deep_request_and_serves_the_next(ready, home):
    daemon = Daemon("shelldon-launcherd", "--home", home, socket_path=home / "run/shelldon.sock")
    try:
        answers = [exchange(home / "run/shelldon.sock", (request + "\n").encode())
                   for request in ('{"message": ' + ARRAY + "}", '{"message": ' + SHORT_OBJECT + "}")]
        said = subprocess.run([sys.executable, str(BIN / "shelldon-say"), "--home", str(home), "hello"],
                              capture_output=True, timeout=120)
    finally:
        log = daemon.stop()
    for answer in answers:
        reply = json.loads(answer)
        assert reply["ok"] is False and reply["code"] == 65 and reply["error"].startswith("not a say request")
    assert said.returncode == 0, said.stderr
    assert "RecursionError" not in log and "Traceback" not in log


def test_the_broker_refuses_a_deep_request_and_serves_the_next(ready, home, fake_model):
    env = {"SHELLDON_BRAIN": "openai", "SHELLDON_BRAIN_URL": fake_model.openai_url}
    daemon = Daemon("shelldon-brokerd", "--home", home, "--socket", home / "run/broker.sock",
                    socket_path=home / "run/broker.sock", env=env)
    try:
        deep = think(home / "run/broker.sock", raw=('{"prompt": "x", "message": ' + ARRAY + "}\n").encode())
        fine = think(home / "run/broker.sock")
    finally:
        log = daemon.stop()
    assert deep["ok"] is False and deep["error"].startswith("not a think request"), deep
    assert fine == {"ok": True, "text": "Hello from the model."}
    assert "RecursionError" not in log and "Traceback" not in log


def test_a_deep_model_reply_or_ops_line_costs_only_itself(ready, home, fake_model):
    """Dev mode: the provider's JSON and the ops block in the model's text are outside input too."""
    brain = ("--brain", "openai", "--brain-url", fake_model.openai_url)
    fake_model.reply = "Noted.\n```ops\n" + _op("tea") + "\n" + ARRAY + "\n" + _op("coffee") + "\n```"
    turn = ready("shelldon-turn", *brain, "remember things")
    _no_crash(turn)
    assert turn.returncode == 0 and turn.stdout.startswith(b"Noted.\n"), turn.stderr[-500:]
    assert sorted(p.name for p in (home / "memory/facts").iterdir()) == ["coffee.md", "tea.md"]
    fake_model.body = ARRAY.encode()   # the provider's whole answer nested too deeply
    deep = ready("shelldon-turn", *brain, "hello")
    _no_crash(deep)
    assert deep.returncode == 0 and deep.stdout.startswith(b"Sorry, my thoughts are foggy"), deep.stderr[-500:]


def test_a_config_nested_too_deeply_is_refused_with_one_line(ready, home):
    (home / "config.toml").write_text("x = " + "[" * 5000 + "1" + "]" * 5000 + "\n")
    result = ready("shelldon-turn", "hello")
    _no_crash(result)
    assert result.returncode == 65 and result.stderr.strip().endswith(b"config.toml: nested too deeply")
    os.unlink(home / "config.toml")
