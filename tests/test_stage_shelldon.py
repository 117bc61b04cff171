"""The umbrella `shelldon` command and what every stage shares on its command line:
-h beside --help, --version (the package's, one source), git-style dispatch."""
import importlib.metadata
import os
import shutil
import subprocess
import sys

import pytest

from conftest import BIN

VERSION = importlib.metadata.version("shelldon")
EVERY = sorted(p.name for p in BIN.glob("shelldon-*"))


@pytest.mark.parametrize("name", EVERY)
def test_every_stage_takes_version_and_h(stage, name):
    result = stage(name, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode() == f"{name} {VERSION}\n"
    short, long = stage(name, "-h"), stage(name, "--help")
    assert short.returncode == long.returncode == 0, short.stderr
    assert short.stdout == long.stdout and len(short.stdout) > 200


def test_version_and_help_list_every_stage_with_its_line(stage):
    result = stage("shelldon", "--version")
    assert result.returncode == 0 and result.stdout.decode() == f"shelldon {VERSION}\n"
    result = stage("shelldon", "-h")
    text = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    for name in EVERY:
        assert f"\n  {name.removeprefix('shelldon-')} " in text, name
    # the line is the stage's own first sentence, not a second list kept by hand
    assert "Search what shelldon remembers" in text and "Show the recent turns" in text
    assert "Serve vault/<key>.md to trusted peers" in text


def test_dispatch_runs_the_stage_and_passes_its_status(ready, home):
    assert ready("shelldon-turn", "my sister Ana lives in Porto").returncode == 0
    direct, umbrella = ready("shelldon-recall", "Ana"), ready("shelldon", "recall", "Ana")
    assert umbrella.returncode == direct.returncode == 0, umbrella.stderr
    assert umbrella.stdout == direct.stdout and b"Porto" in umbrella.stdout
    missing = ready("shelldon", "recall", "zebra")            # grep-like 1 passes through
    assert missing.returncode == 1 and missing.stdout == b""
    usage = ready("shelldon", "log", "-n", "0")               # the stage's own usage error
    assert usage.returncode == 2 and b"shelldon-log" in usage.stderr
    helped = ready("shelldon", "recall", "-h")                # -h goes to the stage
    assert helped.returncode == 0 and helped.stdout.startswith(b"Usage: shelldon-recall")


@pytest.mark.parametrize("name", ["bogus", "../bin/shelldon-recall", "Recall", ""])
def test_an_unknown_command_is_one_line_and_2(stage, name):
    result = stage("shelldon", name, "x")
    err = result.stderr.decode()
    assert result.returncode == 2 and result.stdout == b"", err
    assert err.count("\n") == 1 and err.startswith("shelldon: ") and "Traceback" not in err, err


def test_a_stage_on_path_is_found(tmp_path, home):
    # the installed layout: `shelldon` alone in one directory, a stage elsewhere on PATH
    lone, other = tmp_path / "a", tmp_path / "b"
    lone.mkdir(), other.mkdir()
    shutil.copy(BIN / "shelldon", lone / "shelldon")
    hello = other / "shelldon-hello"
    hello.write_text('#!/bin/sh\n# The hello stage.\necho "hello $*"\nexit 3\n')
    hello.chmod(0o755)
    env = {**os.environ, "PATH": f"{other}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": str(BIN.parent / "lib")}
    result = subprocess.run([sys.executable, str(lone / "shelldon"), "hello", "a b"], capture_output=True,
                            env=env, timeout=30)
    assert result.returncode == 3 and result.stdout == b"hello a b\n", result.stderr
    listed = subprocess.run([sys.executable, str(lone / "shelldon"), "-h"], capture_output=True, env=env)
    assert b"\n  hello\n" in listed.stdout   # not Python: listed without a line


def test_the_installed_entry_point(tmp_path):
    installed = shutil.which("shelldon", path=os.path.dirname(sys.executable))
    if installed is None:
        pytest.skip("the package is not installed in this interpreter's bin/ (make install does it)")
    result = subprocess.run([installed, "--version"], capture_output=True, timeout=30)
    assert result.returncode == 0 and result.stdout.decode() == f"shelldon {VERSION}\n"
