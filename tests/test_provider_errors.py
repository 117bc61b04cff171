"""A provider's refusal that quotes the key never carries it further (issue 19, hole 2):
not to the worker (the broker's error reply), brokerd's or the launcher's log, or the
stderr of a stage calling the provider itself (dev mode)."""
import json
import os
import subprocess
import sys

import pytest

from conftest import BIN
from daemons import Daemon
from test_broker import broker, home, think  # noqa: F401 (home: a fixture)
from trustfix import open_home  # noqa: F401 (fixture)

# Not secret-shaped on its own (too short for the gate's sk- pattern): only the key
# itself, known to the provider module, can hide it.
KEY = "sk-broker-test-42"
OTHER = "AKIAIOSFODNN7EXAMPLQ"   # something the secret gate recognises, quoted beside it


def refusing(fake_model, key=KEY):
    fake_model.status = 401
    message = (f"Incorrect API key provided: Bearer {key}. You can find your API key at "
               f"https://example.invalid/keys; key {key} (id {OTHER}) was revoked. " + "x" * 200 + key)
    fake_model.error_body = json.dumps({"error": {"message": message, "code": "invalid_api_key"}}).encode()
    return fake_model


def _leaks(*texts) -> list[str]:
    said = "\n".join(t.decode(errors="replace") if isinstance(t, bytes) else t for t in texts)
    return [s for s in (KEY, OTHER, KEY[:12] + "\n") if s in said]


def _stage(home, name, *args, input=None):
    env = {**os.environ, "SHELLDON_HOME": str(home), "SHELLDON_API_KEY": KEY}
    return subprocess.run([sys.executable, str(BIN / name), *args], input=input, capture_output=True, env=env,
                          timeout=120)


def test_dev_mode_turn_and_think_never_print_the_key(home, fake_model):
    refusing(fake_model)
    brain = ("--brain", "openai", "--brain-url", fake_model.openai_url)
    turn = _stage(home, "shelldon-turn", *brain, "hello there")
    assembled = _stage(home, "shelldon-assemble", "hello again")
    thought = _stage(home, "shelldon-think", *brain, input=assembled.stdout)
    assert [r["headers"]["Authorization"] for r in fake_model.requests] == [f"Bearer {KEY}"] * 2
    assert turn.returncode == 0 and turn.stdout.startswith(b"Sorry, my thoughts are foggy"), turn.stderr
    assert thought.returncode == 0, thought.stderr
    # the refusal is still named, with its status, and the markers say what was there
    assert b"refused with 401" in turn.stderr and b"[redacted:api-key]" in turn.stderr, turn.stderr
    assert b"[redacted:aws-key]" in thought.stderr, thought.stderr
    assert _leaks(turn.stdout, turn.stderr, thought.stdout, thought.stderr) == []


def test_scrub_cuts_after_it_redacts():
    """A key straddling the length the error text is cut to is not left half there."""
    from shelldon.broker.providers import ERROR_TEXT, scrub
    for offset in range(ERROR_TEXT - len(KEY), ERROR_TEXT + 1):
        said = scrub("y" * offset + KEY + " more", KEY)
        assert KEY[:6] not in said and len(said) <= ERROR_TEXT + 1
    assert scrub(f'"{KEY}/x"', KEY + "/x") == '"[redacted:api-key]"'
    assert scrub(json.dumps({"m": "k/ey"})[1:-1].replace("/", "\\/"), "k/ey") == '"m": "[redacted:api-key]"'


@pytest.mark.root
def test_the_broker_reply_and_every_log_hold_no_key(home, fake_model):
    refusing(fake_model)
    (home / "memory/vault/provider-key.md").write_text(KEY + "\n")
    env = {"SHELLDON_BRAIN": "openai", "SHELLDON_BRAIN_URL": fake_model.openai_url}
    vaultd = Daemon("shelldon-vaultd", "--socket", home / "run/vault.sock", "--vault", home / "memory/vault",
                    "--allow-uid", "root", socket_path=home / "run/vault.sock")
    brokerd = broker(home, fake_model, "--vault-socket", home / "run/vault.sock")
    launcher = Daemon("shelldon-launcherd", "--home", home, "--broker-socket", home / "run/broker.sock",
                      socket_path=home / "run/shelldon.sock", env=env)
    try:
        answer = think(home / "run/broker.sock")
        said = subprocess.run([sys.executable, str(BIN / "shelldon-say"), "--home", str(home), "hello"],
                              capture_output=True, timeout=120)
    finally:
        logs = launcher.stop() + brokerd.stop() + vaultd.stop()
    assert [r["headers"]["Authorization"] for r in fake_model.requests] == [f"Bearer {KEY}"] * 2
    assert answer["ok"] is False and "refused with 401" in answer["error"], answer
    assert "[redacted:api-key]" in answer["error"] and "[redacted:aws-key]" in answer["error"]
    assert said.returncode == 0 and said.stdout.startswith(b"Sorry, my thoughts are foggy"), said.stderr
    assert "refused with 401" in logs   # the refusal is logged, scrubbed
    assert _leaks(json.dumps(answer), said.stdout, said.stderr, logs) == []
