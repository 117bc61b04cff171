"""The same mistake, the same exit code, in every stage: a table of bad command lines run
on the real scripts. An empty or non-UTF-8 argument is 2 or 65 (never a silent 1, never a
traceback); a bad flag value is click's usage error (2); a bad value in config.toml is 65."""
import os
import subprocess
import sys

import pytest

from conftest import BIN

BAD = os.fsdecode(b"\xff")   # how a byte that is not UTF-8 reaches a stage's argv

CASES = [
    # an empty argument
    ("shelldon-recall", [""], 65), ("shelldon-recall", ["  "], 65), ("shelldon-assemble", [""], 65),
    ("shelldon-turn", [""], 65), ("shelldon-say", [""], 65), ("shelldon-revert", [""], 65),
    ("shelldon-resolve", ["", "--mine"], 65), ("shelldon-forget", ["facts", ""], 65),
    ("shelldon-log", ["--turn", ""], 65), ("shelldon-apply", ["--turn-id", ""], 65),
    ("shelldon-ingest", ["--owner", "", "--pet", "x"], 65), ("shelldon-recall", ["--history", ""], 65),
    ("shelldon-init", ["--worker-user", ""], 65), ("shelldon-dream", ["--if-idle", ""], 2),
    # an argument that is not UTF-8
    ("shelldon-recall", [BAD], 65), ("shelldon-assemble", [BAD], 65), ("shelldon-turn", [BAD], 65),
    ("shelldon-say", [BAD], 65), ("shelldon-capture", [BAD], 65), ("shelldon-capture", ["--key", BAD, "x"], 65),
    ("shelldon-revert", [BAD], 65), ("shelldon-resolve", [BAD, "--mine"], 65), ("shelldon-forget", ["facts", BAD], 65),
    ("shelldon-log", ["--turn", BAD], 65), ("shelldon-apply", ["--turn-id", BAD], 65),
    ("shelldon-ingest", ["--owner", BAD, "--pet", "x"], 65), ("shelldon-recall", ["--history", BAD], 65),
    ("shelldon-dream", ["--if-idle", BAD], 2),
    # a bad flag value: click's usage error, naming the flag
    ("shelldon-prune", ["--keep-days", "-3"], 2), ("shelldon-prune", ["--max-bytes", "1X"], 2),
    ("shelldon-dream", ["--budget", "-1"], 2), ("shelldon-dream", ["--promote-at", "0"], 2),
    ("shelldon-dream", ["--prune-after", "-3"], 2), ("shelldon-dream", ["--max-bytes", "0"], 2),
    ("shelldon-dream", ["--if-idle", "soon"], 2), ("shelldon-log", ["-n", "0"], 2),
    ("shelldon-recall", ["-n", "-1", "tea"], 2), ("shelldon-launcherd", ["--turn-timeout", "0"], 2),
    # a file that is not there; a user no worker may be
    ("shelldon-apply", ["missing-file"], 2), ("shelldon-init", ["--worker-user", "root"], 65),
    ("shelldon-init", ["--worker-user", "no-such-user-xyz"], 65),
]


@pytest.mark.parametrize("name, argv, code", CASES, ids=[f"{n} {' '.join(a)!a}" for n, a, _ in CASES])
def test_the_same_mistake_the_same_code(ready, home, name, argv, code):
    result = subprocess.run([sys.executable, str(BIN / name), *argv], capture_output=True, stdin=subprocess.DEVNULL,
                            env={**os.environ, "SHELLDON_HOME": str(home)}, timeout=60)
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == code, err
    assert "Traceback" not in err and "internal error" not in err, err
    one_line = err.count("\n") == 1 and err.startswith(f"{name}: ")
    assert one_line or (code == 2 and "Error: " in err), err   # 2: click's usage text, or one line
    assert result.stdout == b""


def test_a_bad_config_value_is_65_and_names_the_key(ready, home):
    (home / "config.toml").write_text('[prune]\nmax_bytes = "1X"\n')
    result = ready("shelldon-prune")
    assert result.returncode == 65 and b"[prune] max_bytes" in result.stderr, result.stderr
    result = ready("shelldon-prune", "--max-bytes", "1X")   # the flag's own check comes first
    assert result.returncode == 2 and b"--max-bytes" in result.stderr, result.stderr


def test_init_reports_in_one_line(stage, home):
    first = stage("shelldon-init")
    assert first.returncode == 0 and first.stdout.decode() == f"{home}\n"
    assert first.stderr.decode().count("\n") == 1 and b"created" in first.stderr, first.stderr
    again = stage("shelldon-init")
    assert again.stderr.decode() == f"shelldon-init: {home}: as it should be, nothing changed\n"


def test_apply_says_how_many_repeated_episodes_were_merged(ready, home):
    ops = '{"op":"log_episode","content":"walked the dog"}\n' * 5
    result = ready("shelldon-apply", input=ops)
    assert result.returncode == 0, result.stderr
    assert b"merged 4 log_episode ops" in result.stderr, result.stderr
    [log_file] = (home / "memory/episodes").glob("*.md")   # this month's episode log
    assert log_file.read_text().count("walked the dog") == 1
