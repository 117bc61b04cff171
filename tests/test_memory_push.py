"""[memory] git_remote: the curated tree's commits pushed after each write session, off the
turn's path; a failed push noted, shown by status, and retried after the next session."""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import BIN
from daemons import wait_until

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def run(name, *args, env=None, timeout=120):
    return subprocess.run([sys.executable, str(BIN / name), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


def git(*args) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout.strip()


def push_state(home: Path) -> dict | None:
    try:
        return json.loads((home / "run/git-push.json").read_text())
    except (OSError, ValueError):
        return None


def make_home(tmp_path: Path, remote: str) -> Path:
    home = tmp_path / "home"
    assert run("shelldon-init", "--home", home).returncode == 0
    (home / "config.toml").write_text(f'[memory]\ngit = true\ngit_remote = "{remote}"\n')
    return home


def test_a_failed_push_is_noted_and_retried_after_the_next_write(tmp_path):
    remote = tmp_path / "remote.git"
    home = make_home(tmp_path, str(remote))
    first = run("shelldon-turn", "--home", home, "my sister is called Ana")
    assert first.returncode == 0, first.stderr
    assert wait_until(lambda: (push_state(home) or {}).get("error"))
    failed = push_state(home)
    assert failed["pushed"] is None and "remote.git" in failed["error"]
    status = run("shelldon-status", "--home", home)
    assert "push       " in status.stdout and "failed" in status.stdout

    git("init", "-q", "--bare", str(remote))
    second = run("shelldon-turn", "--home", home, "my brother is called Rui")
    assert second.returncode == 0, second.stderr
    head = git("-C", str(home / "memory"), "rev-parse", "HEAD")
    assert wait_until(lambda: (push_state(home) or {}).get("pushed") == head)
    assert push_state(home)["error"] is None
    branch = git("-C", str(home / "memory"), "symbolic-ref", "--short", "HEAD")
    assert git("-C", str(remote), "rev-parse", branch) == head
    log = git("-C", str(remote), "log", "--format=%s", branch)
    assert "remember people/ana.md" in log and "remember people/rui.md" in log   # the first turn's too
    assert f"commit {head[:12]}" in run("shelldon-status", "--home", home).stdout


def test_a_hanging_remote_never_holds_a_turn(tmp_path):
    home = make_home(tmp_path, "ssh://backup.example/shelldon.git")
    started = time.monotonic()
    result = run("shelldon-turn", "--home", home, "my sister is called Ana",
                 env={"GIT_SSH_COMMAND": "sleep 6"})
    took = time.monotonic() - started
    assert result.returncode == 0, result.stderr
    assert took < 5, f"the turn waited {took:.1f}s for the push"
    assert wait_until(lambda: (push_state(home) or {}).get("error"), timeout=60)
