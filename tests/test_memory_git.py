"""Memory under git: one commit per batch that changed files, naming its turn."""
import os
import re
import shutil
import subprocess

import pytest
from conftest import ops_lines

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git(home, *args):
    return subprocess.run(["git", "-c", "safe.directory=*", "-C", str(home / "memory"), *args],
                          capture_output=True, check=True).stdout.decode()


@pytest.fixture
def gitted(ready, home):
    (home / "config.toml").write_text("[memory]\ngit = true\n")
    (home / "memory/vault/provider-key.md").write_text("sk-secret")
    return ready


def test_one_commit_per_batch_naming_the_turn(gitted, home):
    batch = ops_lines({"op": "remember", "collection": "facts", "name": "tea", "content": "green tea"},
                      {"op": "log_episode", "content": "tea talk"},
                      {"op": "capture_learning", "observation": "likes tea"})
    assert gitted("shelldon-apply", "--turn-id", "t-one", input=batch).returncode == 0
    assert gitted("shelldon-apply", "--turn-id", "t-two", input=ops_lines(
        {"op": "remember", "collection": "people", "name": "Ana", "content": "sister"})).returncode == 0
    # a batch that changes no file makes no commit
    assert gitted("shelldon-apply", "--turn-id", "t-three", input=ops_lines(
        {"op": "capture_learning", "observation": "hums"})).returncode == 0
    gitted("shelldon-ingest", "--owner", "hi", "--pet", "hello")
    log = [re.sub(r"episodes/\d{4}-\d{2}\.md", "episodes/MONTH.md", line)
           for line in git(home, "log", "--format=%an|%s").splitlines()]
    assert log == ["shelldon|t-two: remember people/ana.md",
                   "shelldon|t-one: remember facts/tea.md, log_episode episodes/MONTH.md",
                   "shelldon|shelldon: the memory tree as found"]
    patch = git(home, "log", "-p", "-1", "--format=")
    assert "+sister" in patch
    assert "sk-secret" not in git(home, "log", "-p", "--all")
    assert git(home, "status", "--porcelain") == ""


def test_hand_edits_get_their_own_commit_and_a_revert_is_one_too(gitted, home):
    gitted("shelldon-apply", "--turn-id", "t1", input=ops_lines(
        {"op": "remember", "collection": "facts", "name": "tea", "content": "green tea"}))
    (home / "memory/facts/coffee.md").write_text("I drink coffee too\n")
    gitted("shelldon-apply", "--turn-id", "t2", input=ops_lines({"op": "rewrite_about", "content": "I am a pet"}))
    assert gitted("shelldon-revert", "t2").returncode == 0
    log = git(home, "log", "--format=%an|%s").splitlines()
    assert log[1] == "shelldon|t2: rewrite_about about.md"
    assert log[2] == "owner (by hand)|hand edits (found before the pet's next write)"
    assert log[0].startswith("shelldon|revert-") and log[0].endswith(": undo t2 about.md")


def test_git_missing_is_a_warning_not_a_failure(gitted, home, tmp_path):
    empty = tmp_path / "no-git-here"
    empty.mkdir()
    result = gitted("shelldon-apply", input=ops_lines({"op": "rewrite_about", "content": "x"}),
                    env={"PATH": str(empty)})
    assert result.returncode == 0
    assert b"warning: memory git is on but git is not installed" in result.stderr
    assert (home / "memory/about.md").exists() and not (home / "memory/.git").exists()


def test_git_off_by_default(ready, home):
    ready("shelldon-apply", input=ops_lines({"op": "rewrite_about", "content": "x"}))
    assert not (home / "memory/.git").exists()
    assert os.path.exists(home / "memory/about.md")


def test_a_hand_edit_kept_with_resolve_mine_is_committed_as_the_owners(gitted, home):
    remember = {"op": "remember", "collection": "facts", "name": "tea", "content": "green tea"}
    assert gitted("shelldon-apply", "--turn-id", "t1", input=ops_lines(remember)).returncode == 0
    (home / "memory/facts/tea.md").write_text("I drink black tea, by hand\n")
    held = gitted("shelldon-apply", "--turn-id", "t2", input=ops_lines({**remember, "content": "oolong"}))
    assert held.returncode == 65                                      # held back: a hand edit
    assert gitted("shelldon-resolve", "facts/tea.md", "--mine").returncode == 0
    assert git(home, "status", "--porcelain") == ""
    log = git(home, "log", "--format=%an|%s", "--", "facts/tea.md").splitlines()
    assert log[0] == "owner (by hand)|hand edits (found before the pet's next write)"
    assert "+I drink black tea, by hand" in git(home, "log", "-p", "-1", "--format=", "--", "facts/tea.md")


def test_a_hand_edit_is_committed_before_the_pet_writes_the_same_file(gitted, home):
    """The owner edits this month's episode log; the pet appends to it: two commits, the
    owner's first, and the pet's commit holds only the pet's lines."""
    assert gitted("shelldon-apply", "--turn-id", "t1", input=ops_lines(
        {"op": "log_episode", "content": "first walk"})).returncode == 0
    [log_file] = (home / "memory/episodes").glob("*.md")
    with open(log_file, "a") as handle:
        handle.write("\nmy own note about the walk\n")
    assert gitted("shelldon-apply", "--turn-id", "t2", input=ops_lines(
        {"op": "log_episode", "content": "second walk"})).returncode == 0
    log = git(home, "log", "--format=%an|%s").splitlines()
    assert log[:2] == [f"shelldon|t2: log_episode episodes/{log_file.name}",
                       "owner (by hand)|hand edits (found before the pet's next write)"]
    pets = git(home, "log", "-p", "-1", "--format=")
    assert "+second walk" in pets and "+my own note" not in pets
    assert "+my own note" in git(home, "log", "-p", "-1", "--format=", "HEAD~1")
    assert git(home, "status", "--porcelain") == ""
