"""shelldon-status: one screen (and --json) on the state of a home."""
import json
import os

import pytest
from conftest import ops_lines


def test_status_of_a_used_home(ready, home, monkeypatch):
    from datetime import datetime, timezone
    monkeypatch.setenv("SHELLDON_NOW", datetime.now(timezone.utc).isoformat())   # one instant for every stage
    ready("shelldon-ingest", "--owner", "hello", "--pet", "hi")
    ready("shelldon-ingest", "--owner", "I like tea", "--pet", "noted")
    ready("shelldon-capture", input="likes tea\nwalks\nhums\n")
    dream = ops_lines({"op": "remember", "collection": "preferences", "name": "tea", "content": "likes tea"},
                      {"op": "resolve_learning", "id": 1, "status": "promoted"},
                      {"op": "resolve_learning", "id": 2, "status": "pruned"},
                      {"op": "rewrite_summary", "content": "we said hello"})
    assert ready("shelldon-apply", "--turn-id", "dream-20261130T120000Z", input=dream).returncode == 0
    ready("shelldon-apply", input=ops_lines({"op": "remember", "collection": "facts", "name": "x", "content": "y"}))
    ready("shelldon-forget", "facts", "x")
    result = ready("shelldon-status", "--json")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["history"]["messages"] == 4 and state["history"]["turns"] == 2
    assert state["learnings"] == {"pending": 1, "promoted": 1, "pruned": 1}
    assert state["budget"]["spent"] == 2 and state["budget"]["limit"] == 200 and state["budget"]["left"] == 198
    assert state["last_dream"]["turn_id"] == "dream-20261130T120000Z"
    assert state["last_dream"]["did"] == {"remember applied": 1, "resolve_learning applied": 2,
                                          "rewrite_summary applied": 1}
    assert state["last_dream"]["files"] == ["preferences/tea.md", "summary.md"]
    assert state["memory"]["items"] == 1 and state["memory"]["forgotten"] == 1
    assert state["sizes"]["history_db"] > 0 and state["sizes"]["raw_files"] == 1 and state["sizes"]["raw_bytes"] > 0
    assert state["brain"]["brain"] == "rules" and state["vault_isolation"] == "off (dev mode)"
    screen = ready("shelldon-status").stdout.decode()
    applied = state["last_dream"]["ts"][:10]   # when the dream's ops were applied: today
    assert len(applied) == 10 and applied[4] == applied[7] == "-", applied
    for expected in ("history    4 messages in 2 turns", "learnings  1 pending, 1 promoted, 1 pruned",
                     f"last dream {applied}", "dream-20261130T120000Z", "budget     198 of 200 left today",
                     "1 forgotten", "vault      isolation off (dev mode)", "brain      rules", "conflicts  none"):
        assert expected in screen, expected
    assert len(screen.splitlines()) <= 24  # one screen


def test_status_reads_config_and_env(ready, home):
    (home / "config.toml").write_text('[brain]\nname = "ollama"\nmodel = "qwen"\nurl = "http://127.0.0.1:1"\n'
                                      '[dream]\nbudget = 50\n[trust]\nworker_user = "nobody"\n[memory]\ngit = true\n')
    state = json.loads(ready("shelldon-status", "--json").stdout)
    assert state["brain"] == {"brain": "ollama", "model": "qwen", "url": "http://127.0.0.1:1"}
    assert state["budget"]["limit"] == 50 and state["memory"]["git"] is True
    expected = "on" if os.geteuid() == 0 else "off (dev mode)"
    assert state["vault_isolation"] == expected
    env = json.loads(ready("shelldon-status", "--json", env={"SHELLDON_BRAIN": "openai"}).stdout)
    assert env["brain"]["brain"] == "openai"


@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="vault isolation is on only when running as root")
def test_vault_isolation_on_as_root_with_a_worker_user(ready, home):
    (home / "config.toml").write_text('[trust]\nworker_user = "nobody"\n')
    assert "isolation on (worker user nobody)" in ready("shelldon-status").stdout.decode()


def test_status_without_a_home(stage):
    result = stage("shelldon-status")
    assert result.returncode == 69 and b"shelldon-init" in result.stderr


def test_broken_config_still_answers(ready, home):
    (home / "config.toml").write_text("this is [not toml")
    result = ready("shelldon-status")
    assert result.returncode == 0 and "config     " in result.stdout.decode()
