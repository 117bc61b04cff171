"""A turn end to end: the pipe, shelldon-turn, the brains over real HTTP, memory reaching prompts."""
import json
import os
import subprocess
import sys
import time

import pytest

from conftest import BIN, ROOT, db_rows, tree_snapshot

SCRIPT = ["my sister Ana lives in Porto", "I like green tea in the morning",
          "remember that the vet appointment is on Friday", "we went to the beach and it was windy",
          "where does Ana live?", "my car is a blue Fiat"]


def pipe_turn(home, message, env=None):
    stages = " | ".join(f"{sys.executable} {BIN / s}" for s in
                        ("shelldon-assemble", "shelldon-think", "shelldon-apply", "shelldon-ingest"))
    return subprocess.run(["bash", "-o", "pipefail", "-c", stages], input=message.encode(),
                          capture_output=True, env={"SHELLDON_HOME": str(home), "PATH": "/usr/bin:/bin", **(env or {})})


def prompt_for(stage, message):
    result = stage("shelldon-assemble", "--json", message)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_pipe_and_turn_give_the_same_stores(tmp_path):
    from conftest import Stage
    homes = [tmp_path / "pipe", tmp_path / "turn"]
    for h in homes:
        assert Stage(h)("shelldon-init").returncode == 0
    for message in SCRIPT:
        assert pipe_turn(homes[0], message).returncode == 0
        assert Stage(homes[1])("shelldon-turn", message).returncode == 0

    def normalised(home):
        tree = {}
        for path, data in tree_snapshot(home / "memory").items():
            lines = [l for l in data.decode().splitlines()
                     if not l.startswith(("created:", "updated:", "source:", "## 20"))]
            tree[path] = lines
        messages = db_rows(home, "SELECT role, content FROM messages ORDER BY id")
        learnings = db_rows(home, "SELECT pattern_key, observation, recurrence_count FROM learnings ORDER BY id")
        journal = db_rows(home, "SELECT seq, op, status FROM journal ORDER BY id")
        return tree, messages, learnings, journal

    assert normalised(homes[0]) == normalised(homes[1])
    assert (homes[0] / "memory/people/ana.md").exists()


def test_fact_reaches_later_prompt_via_recent_then_recall_then_tree(ready, home):
    ready("shelldon-ingest", "--owner", "the spare key is under the blue flowerpot", "--pet", "ok")
    near = prompt_for(ready, "where is the spare key?")["prompt"]
    assert "the spare key is under the blue flowerpot" in near.split("# Recent conversation")[1]
    for n in range(15):  # push it out of the 20-message window
        ready("shelldon-ingest", "--owner", f"filler message number {n}", "--pet", f"reply {n}")
    far = prompt_for(ready, "where is the spare key?")["prompt"]
    assert "flowerpot" not in far.split("# Recent conversation")[1].split("# Recalled")[0]
    assert "the spare key is under the blue flowerpot" in far.split("# Recalled from earlier")[1]
    ready("shelldon-turn", "remember that the spare key is under the blue flowerpot")
    for n in range(3):
        unrelated = prompt_for(ready, f"what's the weather like, day {n}")["prompt"]
        assert "spare key is under the blue flowerpot" in unrelated.split("# What I remember")[1]


def test_about_md_is_in_every_later_prompt(ready, home):
    ready("shelldon-apply", input=json.dumps({"op": "rewrite_about", "content": "I am a turtle named Shell."}) + "\n")
    for message in ("hello", "what is 2+2?"):
        assert "I am a turtle named Shell." in prompt_for(ready, message)["prompt"].split("# About me")[1]


def test_recall_finds_other_word_forms(tmp_path):
    from conftest import Stage
    questions = json.loads((ROOT / "tests/data/recall_questions.json").read_text())
    stage = Stage(tmp_path / "h")
    stage("shelldon-init")
    lines = [json.dumps({"turn_id": f"f{n}", "owner": q["fact"], "reply": "noted"}) for n, q in enumerate(questions)]
    lines += [json.dumps({"turn_id": f"pad{n}", "owner": f"something else entirely {n}", "reply": "ok"}) for n in range(30)]
    assert stage("shelldon-ingest", input="\n".join(lines) + "\n").returncode == 0
    found = sum(q["fact"] in prompt_for(stage, q["question"])["prompt"] for q in questions)
    assert found / len(questions) >= 0.9, f"only {found}/{len(questions)} facts reached the prompt"


def test_think_needs_a_prompt(ready):
    result = ready("shelldon-think", input=json.dumps({"turn_id": "t1", "owner": "hi"}) + "\n")
    assert result.returncode == 65 and b"shelldon-assemble" in result.stderr


def test_assemble_rejects_bad_input(ready):
    assert ready("shelldon-assemble", input=b"\xff\xfe").returncode == 65
    assert ready("shelldon-assemble", input=b"a\x00b").returncode == 65
    assert ready("shelldon-assemble", input=b"").returncode == 65


def test_assemble_refuses_a_blank_message_argument_as_it_does_blank_stdin(ready, home):
    for args, stdin in ((("",), None), (("  \n ",), None), ((), b"\n")):
        result = ready("shelldon-assemble", *args, input=stdin)
        assert result.returncode == 65 and b"no message" in result.stderr and not result.stdout


def test_assemble_takes_a_json_object_without_a_turn_id_as_a_turn_record(ready, home):
    """DESIGN: stdin lines that parse as JSON objects are turn records; whoever first sees a
    message without a turn id makes one (audit: the JSON itself became the message)."""
    result = ready("shelldon-assemble", input=b'{"owner":"tea"}\n\n{"turn_id":"t1","owner":"coffee"}\n')
    assert result.returncode == 0, result.stderr
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["owner"] == "tea" and first["turn_id"] and first["turn_id"] != "t1"
    assert first["prompt"].rstrip().endswith("tea")
    assert second["turn_id"] == "t1" and second["owner"] == "coffee"


@pytest.mark.parametrize("stdin, why", [
    (b'{"a": 1}\n', b"line 1: not a turn record: unknown field `a`"),
    (b'{"owner": 3}\n', b"line 1: not a turn record: expected str"),
    (b'{"owner": "tea", "colour": "green"}\n', b"unknown field `colour`"),
    (b'{"owner": "tea"}\n{"owner": "x"\n', b"line 2: not valid JSON"),
    (b'{"turn_id": "t1", "owner": "unterminated\n', b"line 1: not valid JSON")])
def test_assemble_refuses_a_json_object_that_is_not_a_turn_record(ready, home, stdin, why):
    result = ready("shelldon-assemble", input=stdin)
    assert result.returncode == 65 and why in result.stderr and result.stderr.count(b"\n") == 1, result.stderr
    assert not result.stdout


@pytest.mark.parametrize("text", ["{not json, just braces}", "{curly} opening\nthen more", "my config:\n{\"a\": 1}",
                                  '["a", "json", "array"]'])
def test_assemble_keeps_text_that_only_looks_like_json_as_the_message(ready, home, text):
    result = ready("shelldon-assemble", input=text.encode() + b"\n")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["owner"] == text


def test_assemble_with_no_home_is_69(stage):
    result = stage("shelldon-assemble", "hi")
    assert result.returncode == 69 and b"shelldon-init" in result.stderr


# -- the HTTP brains against a real loopback server ------------------------------------

OPS_REPLY = ('Lovely, noted!\n```ops\n{"op": "remember", "collection": "people", "name": "Ana", "content": "sister in Porto"}\n'
             '{"op": "remember", "collection": "secret", "name": "x", "content": "y"}\nnot json at all\n```')


@pytest.mark.parametrize("kind", ["openai", "ollama"])
def test_http_brain_reply_with_ops(ready, home, fake_model, kind):
    fake_model.reply = OPS_REPLY
    url = fake_model.openai_url if kind == "openai" else fake_model.ollama_url
    result = ready("shelldon-turn", "--brain", kind, "--brain-url", url, "--model", "m1", "my sister Ana lives in Porto",
                   env={"SHELLDON_API_KEY": "test-key-123"})
    assert result.returncode == 0, result.stderr
    told = ("Lovely, noted!\n\nSaved: people/ana.md. Not saved: 2 proposed changes were malformed "
            "(remember: Invalid enum value 'secret' - at `$.collection`; not valid JSON: JSON is malformed: "
            "invalid character (byte 4)).")
    assert result.stdout.decode().strip() == told
    assert result.stderr.count(b"dropped an invalid op") == 2
    assert "sister in Porto" in (home / "memory/people/ana.md").read_text()
    request = fake_model.requests[0]
    assert request["body"]["model"] == "m1"
    assert "my sister Ana lives in Porto" in request["body"]["messages"][-1]["content"]
    assert request["headers"]["Authorization"] == "Bearer test-key-123"
    assert request["path"] == ("/v1/chat/completions" if kind == "openai" else "/api/chat")
    # history records the reply the owner saw
    assert db_rows(home, "SELECT content FROM messages WHERE role='pet'") == [(told,)]


DEGRADED = "Sorry, my thoughts are foggy"


@pytest.mark.parametrize("failure", ["500", "hang", "invalid-json", "refused"])
def test_http_brain_failures_give_the_degraded_reply(ready, home, fake_model, failure):
    url = fake_model.openai_url
    env = {"SHELLDON_BRAIN_TIMEOUT": "1"}
    if failure == "500":
        fake_model.status = 500
    elif failure == "hang":
        fake_model.mode, fake_model.hang_seconds = "hang", 3
    elif failure == "invalid-json":
        fake_model.mode = "invalid-json"
    else:
        url = "http://127.0.0.1:9/v1"  # discard port: nothing listens
    fake_model.reply = OPS_REPLY
    result = ready("shelldon-turn", "--brain", "openai", "--brain-url", url, "my sister Ana lives in Porto", env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith(DEGRADED)
    assert b"warning" in result.stderr and b"Traceback" not in result.stderr
    assert db_rows(home, "SELECT role, substr(content, 1, 28) FROM messages ORDER BY id") == [
        ("owner", "my sister Ana lives in Porto"), ("pet", DEGRADED)]
    assert not (home / "memory/people/ana.md").exists()
    if failure == "500":
        assert len(fake_model.requests) == 2  # one bounded retry


@pytest.mark.parametrize("mode", ["trickle", "trickle-body"])
def test_the_brain_timeout_bounds_the_whole_reply_not_each_read(ready, home, fake_model, mode):
    """A provider that sends its answer a byte at a time (each read well within the timeout)
    is cut off when the timeout has passed for the whole reply (audit: a turn was held 66 s
    with SHELLDON_BRAIN_TIMEOUT=3)."""
    fake_model.mode, fake_model.trickle_seconds = mode, 0.1   # the whole answer: ~20 s
    started = time.monotonic()
    result = ready("shelldon-turn", "--brain", "openai", "--brain-url", fake_model.openai_url, "hello there",
                   env={"SHELLDON_BRAIN_TIMEOUT": "2"})
    took = time.monotonic() - started
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith(DEGRADED), result.stdout
    assert b"no reply within 2s" in result.stderr and b"Traceback" not in result.stderr
    assert took < 8, took
    assert len(fake_model.requests) == 1   # a timeout is not retried: the deadline has passed


def test_the_retry_shares_the_timeout(ready, home, fake_model):
    """A 5xx that came late leaves its retry only the time left (README, The brains)."""
    fake_model.mode, fake_model.hang_seconds, fake_model.statuses = "hang", 1.5, [503]
    started = time.monotonic()
    result = ready("shelldon-turn", "--brain", "openai", "--brain-url", fake_model.openai_url, "hello there",
                   env={"SHELLDON_BRAIN_TIMEOUT": "2"})
    took = time.monotonic() - started
    assert result.stdout.decode().startswith(DEGRADED) and b"no reply within 2s" in result.stderr
    assert len(fake_model.requests) == 2 and took < 3 + 2, took   # not 2 x 1.5 s and a reply


@pytest.mark.parametrize("reply, why", [("I am\x00here", b"NUL byte"), ("broken \ud800 text", b"not valid UTF-8"),
                                        ("   \n", b"empty reply"), ("x" * (70 * 1024), b"too long")])
def test_a_reply_that_cannot_be_recorded_degrades_and_keeps_the_turn(ready, home, fake_model, reply, why):
    """The owner's message is recorded whatever the model says back (issue: a NUL made the
    pipe refuse the record and lose the turn)."""
    fake_model.reply = reply
    result = ready("shelldon-turn", "--brain", "openai", "--brain-url", fake_model.openai_url, "I like green tea")
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith(DEGRADED)
    assert why in result.stderr and b"Traceback" not in result.stderr
    assert db_rows(home, "SELECT role, substr(content, 1, 28) FROM messages ORDER BY id") == [
        ("owner", "I like green tea"), ("pet", DEGRADED)]
    # the pipe too: think emits the degraded record, exit 0, and ingest records the turn
    record = ready("shelldon-assemble", "what about tea").stdout
    thought = ready("shelldon-think", "--brain", "openai", "--brain-url", fake_model.openai_url, input=record)
    assert thought.returncode == 0 and json.loads(thought.stdout)["reply"].startswith(DEGRADED)
    assert ready("shelldon-ingest", input=thought.stdout).returncode == 0
    assert db_rows(home, "SELECT count(*) FROM messages") == [(4,)]


def test_an_empty_message_is_refused_not_recorded(ready, home):
    for args, stdin in ((("",), None), ((), b"\n\n")):
        result = ready("shelldon-turn", *args, input=stdin)
        assert result.returncode == 65 and b"no message" in result.stderr
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]


def test_bytes_that_are_not_utf8_in_an_argument_get_one_clear_line(ready, home):
    result = subprocess.run([sys.executable, str(BIN / "shelldon-turn"), b"caf\xe9 tea"], capture_output=True,
                            env={**os.environ, "SHELLDON_HOME": str(home)})
    assert result.returncode == 65
    assert result.stderr == b"shelldon-turn: message is not valid UTF-8 text (the byte 0xe9 at character 4)\n"
    forget = subprocess.run([sys.executable, str(BIN / "shelldon-forget"), "facts", b"caf\xe9"], capture_output=True,
                            env={**os.environ, "SHELLDON_HOME": str(home)})
    assert forget.returncode == 65 and b"not valid UTF-8 text (the byte 0xe9)" in forget.stderr
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]


def test_a_5xx_then_success_is_retried_once(ready, home, fake_model):
    fake_model.statuses = [503]
    fake_model.reply = "fine now"
    result = ready("shelldon-turn", "--brain", "openai", "--brain-url", fake_model.openai_url, "hello there")
    assert result.stdout == b"fine now\n" and len(fake_model.requests) == 2


def test_brain_choice_precedence(ready, home, fake_model):
    fake_model.reply = "from the model"
    (home / "config.toml").write_text(f'[brain]\nname = "ollama"\nurl = "{fake_model.ollama_url}"\n')
    assert ready("shelldon-turn", "hello one").stdout == b"from the model\n"
    assert ready("shelldon-turn", "hello two", env={"SHELLDON_BRAIN": "rules"}).stdout != b"from the model\n"
    assert ready("shelldon-turn", "--brain", "ollama", "hello three", env={"SHELLDON_BRAIN": "rules"}).stdout == b"from the model\n"
    (home / "config.toml").write_text('[brain]\nnmae = "x"\n')
    bad = ready("shelldon-turn", "hello")
    assert bad.returncode == 65 and b"unknown key 'nmae'" in bad.stderr


@pytest.mark.parametrize("url, why", [
    ("http://127.0.0.1:99999/v1", b"port '99999'"), ("http://[::1/v1", b"unclosed '['"),
    ("http://127.0.0.1:abc/v1", b"port 'abc'"), ("ftp://127.0.0.1/v1", b"not an http:// or https:// URL"),
    ("http:///v1", b"no host"), ("http://127.0.0.1/v 1", b"space")])
def test_a_malformed_brain_url_is_refused_at_load(ready, home, url, why):
    for args, env in ((("--brain-url", url), {}), ((), {"SHELLDON_BRAIN_URL": url})):
        result = ready("shelldon-turn", "--brain", "openai", *args, "hi", env=env)
        assert result.returncode == 65, result.stderr
        assert result.stderr.count(b"\n") == 1 and why in result.stderr and b"internal error" not in result.stderr
    assert db_rows(home, "SELECT count(*) FROM messages") == [(0,)]


@pytest.mark.parametrize("setting", ["timeout = -1", "timeout = 0", "timeout = nan", "timeout = 1e20",
                                     "connect_timeout = 0", "retries = -1", "retries = 1000"])
def test_a_brain_timeout_or_retry_out_of_range_is_refused_at_load(ready, home, fake_model, setting):
    (home / "config.toml").write_text(f'[brain]\nname = "openai"\nurl = "{fake_model.openai_url}"\n{setting}\n')
    result = ready("shelldon-turn", "hi")
    key = setting.split()[0].encode()
    assert result.returncode == 65 and result.stderr.startswith(b"shelldon-turn: config [brain]: " + key + b" must be")
    assert result.stderr.count(b"\n") == 1 and not fake_model.requests
    (home / "config.toml").unlink()
    env = {"SHELLDON_BRAIN_TIMEOUT": "-1"}
    result = ready("shelldon-turn", "--brain", "openai", "--brain-url", fake_model.openai_url, "hi", env=env)
    assert result.returncode == 65 and b"timeout must be more than 0" in result.stderr


def test_think_stage_alone_with_a_model(ready, fake_model):
    fake_model.reply = OPS_REPLY
    record = ready("shelldon-assemble", "my sister Ana lives in Porto").stdout
    result = ready("shelldon-think", "--brain", "openai", "--brain-url", fake_model.openai_url, input=record)
    out = json.loads(result.stdout)
    assert out["reply"] == "Lovely, noted!" and len(out["ops"]) == 1 and out["prompt"]


def test_examples_makefile_runs_a_turn_then_nothing(tmp_path, home):
    env = {"SHELLDON_HOME": str(home), "PATH": f"{BIN}:{sys.prefix}/bin:/usr/bin:/bin", "PYTHON": sys.executable}
    work = tmp_path / "turn"
    args = ["make", "-s", "-f", str(ROOT / "examples/Makefile"), f"WORK={work}", "MESSAGE=my sister Ana lives in Porto"]
    first = subprocess.run(args, capture_output=True, env=env)
    assert first.returncode == 0, first.stderr
    assert sorted(p.name for p in work.iterdir()) == ["applied.json", "message.txt", "prompt.json", "reply.txt", "turn.json"]
    snapshot = tree_snapshot(home), {p.name: p.stat().st_mtime_ns for p in work.iterdir()}
    second = subprocess.run(args, capture_output=True, env=env)
    assert second.returncode == 0
    assert (tree_snapshot(home), {p.name: p.stat().st_mtime_ns for p in work.iterdir()}) == snapshot
    assert db_rows(home, "SELECT count(*) FROM messages") == [(2,)]
    # as the Makefile's comment says: apply and ingest again for the same turn change nothing
    (work / "applied.json").unlink()
    (work / "reply.txt").unlink()
    again = subprocess.run(args, capture_output=True, env=env)
    assert again.returncode == 0 and again.stdout, again.stderr
    assert tree_snapshot(home) == snapshot[0] and db_rows(home, "SELECT count(*) FROM messages") == [(2,)]
    # ... and make -B is a new turn: a new turn id, the message recorded again
    forced = subprocess.run([*args, "-B"], capture_output=True, env=env)
    assert forced.returncode == 0, forced.stderr
    assert db_rows(home, "SELECT count(DISTINCT turn_id), count(*) FROM messages") == [(2, 4)]


def test_the_model_is_reached_through_the_proxy_the_environment_names(ready, home, fake_model):
    # the loopback model doubles as an HTTP proxy: it sees the absolute URL of the request
    fake_model.reply = "through the proxy"
    proxy = f"http://127.0.0.1:{fake_model.port}"
    args = ("shelldon-turn", "--brain", "openai", "--brain-url", "http://model.invalid/v1", "hello there")
    result = ready(*args, env={"http_proxy": proxy, "HTTP_PROXY": proxy, "no_proxy": "", "NO_PROXY": ""})
    assert result.stdout == b"through the proxy\n", result.stderr
    assert [r["path"] for r in fake_model.requests] == ["http://model.invalid/v1/chat/completions"]
    # no_proxy names the model's host: straight there, where nothing answers
    result = ready(*args, env={"http_proxy": proxy, "HTTP_PROXY": proxy, "no_proxy": "model.invalid",
                               "NO_PROXY": "model.invalid", "SHELLDON_BRAIN_TIMEOUT": "2"})
    assert result.stdout.decode().startswith(DEGRADED) and len(fake_model.requests) == 1


def test_a_statement_over_the_content_bound_reaches_episodes_as_an_excerpt(ready, home):
    """Audit: the rules brain proposed a log_episode over 8 KiB, think dropped it, and the
    statement never reached episodes.md."""
    message = "we walked along the shore and counted " + " ".join(f"pebble{i}" for i in range(1500))
    result = ready("shelldon-turn", message)
    assert result.returncode == 0 and b"dropped" not in result.stderr, result.stderr
    episodes = "".join(p.read_text() for p in (home / "memory/episodes").glob("*.md"))
    assert "we walked along the shore and counted pebble0 pebble1" in episodes
    assert f"[excerpt: the first words of {len(message)} characters]" in episodes
    assert db_rows(home, "SELECT length(content) FROM messages WHERE role = 'owner'") == [(len(message),)]
