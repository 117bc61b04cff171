"""examples/Makefile: the message never goes through the shell's parser (or make's), and
a new MESSAGE is a new turn while the same one does nothing."""
import shutil
import subprocess
import sys

import pytest
from conftest import BIN, ROOT, db_rows, tree_snapshot

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
HOSTILE = "I said `touch {x}` today, \"quoted\", it's $dollar, $(touch {x}) and $$(touch {x}); \\n 100%"


def run_make(home, work, *extra):
    env = {"SHELLDON_HOME": str(home), "PATH": f"{BIN}:{sys.prefix}/bin:/usr/bin:/bin"}
    return subprocess.run(["make", "-s", "-f", str(ROOT / "examples/Makefile"), f"WORK={work}", *extra],
                          capture_output=True, env=env, timeout=120)


def owner_messages(home):
    return [text for (text,) in db_rows(home, "SELECT content FROM messages WHERE role = 'owner' ORDER BY id")]


def test_a_message_full_of_shell_syntax_runs_nothing_and_arrives_as_typed(tmp_path, home):
    marker = tmp_path / "x"
    message = HOSTILE.format(x=marker)
    result = run_make(home, tmp_path / "turn", f"MESSAGE={message}")
    assert result.returncode == 0, result.stderr
    assert not marker.exists(), "a backtick or $( ) in the message ran"
    assert (tmp_path / "turn/message.txt").read_text() == message + "\n"
    assert owner_messages(home) == [message]


def test_a_new_message_is_a_new_turn_and_the_same_one_nothing(tmp_path, home):
    work = tmp_path / "turn"
    assert run_make(home, work, "MESSAGE=I like green tea").returncode == 0
    snapshot = tree_snapshot(home)
    assert run_make(home, work, "MESSAGE=I like green tea").returncode == 0     # same: nothing
    assert run_make(home, work).returncode == 0                                 # none given: nothing
    assert tree_snapshot(home) == snapshot
    second = run_make(home, work, "MESSAGE=my sister Ana lives in Porto")
    assert second.returncode == 0, second.stderr
    assert owner_messages(home) == ["I like green tea", "my sister Ana lives in Porto"]
    assert db_rows(home, "SELECT count(DISTINCT turn_id) FROM messages") == [(2,)]


def test_the_message_may_come_from_the_environment(tmp_path, home):
    env_message = "it's `whoami` and $HOME"
    env = {"SHELLDON_HOME": str(home), "PATH": f"{BIN}:{sys.prefix}/bin:/usr/bin:/bin", "MESSAGE": env_message}
    result = subprocess.run(["make", "-s", "-f", str(ROOT / "examples/Makefile"), f"WORK={tmp_path / 'turn'}"],
                            capture_output=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert owner_messages(home) == [env_message]
