"""The stages' fast argument parser agrees with click, or hands over to it.

Each bin/ script's options are recorded once (its click decorators); a plain command line
is parsed without importing click. Whatever the fast parser accepts must give exactly the
values click gives; whatever click refuses, the fast parser must leave to click.
"""
import importlib.machinery
import importlib.util
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import BIN

# Every click stage; the root vault helper is standard library only (argparse) on purpose.
STAGES = sorted(p.name for p in BIN.glob("shelldon-*") if p.name != "shelldon-vaultd")


def load(name):
    loader = importlib.machinery.SourceFileLoader(f"bin_{name.replace('-', '_')}", str(BIN / name))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module.main


def fast_stages():
    from shelldon.stage import Command
    return [name for name in STAGES if isinstance(load(name), Command)]


def by_click(command, argv, env):
    """What click itself makes of argv: the params, or None for a usage error / --help."""
    import click
    real = command.click_command()
    try:
        with real.make_context("stage", list(argv)) as ctx:
            return dict(ctx.params)
    except (click.exceptions.Exit, click.exceptions.UsageError, click.exceptions.Abort):
        return None


def by_fast(command, argv, env):
    from shelldon.stage import _Defer
    try:
        return command.parse(list(argv), env)
    except _Defer:
        return None


def tokens_for(command):
    opts = [o for p in command.params for o in p.opts]
    return st.lists(st.one_of(
        st.sampled_from(opts + ["--", "-", "--help", "-h", "--nope", "rules", "ollama", "x=y"]),
        st.sampled_from([o + "=" for o in opts]).map(lambda o: o + "v"),
        st.text(max_size=6)), max_size=6)


@pytest.mark.parametrize("name", STAGES)
def test_every_stage_uses_the_recorded_click(name):
    from shelldon.stage import Command
    assert isinstance(load(name), Command), f"{name}: use `from shelldon.stage import click`"


@pytest.mark.parametrize("name", STAGES)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_fast_parse_equals_click_or_defers(name, data):
    import os
    from unittest import mock

    from shelldon.stage import Command
    command = load(name)
    if not isinstance(command, Command):
        return
    argv = data.draw(tokens_for(command))
    env = {k: v for k, v in os.environ.items() if not k.startswith("SHELLDON_")}
    if data.draw(st.booleans()):
        env["SHELLDON_HOME"] = data.draw(st.sampled_from(["", "/h"]))
    with mock.patch.dict(os.environ, env, clear=True):
        fast = by_fast(command, argv, os.environ)
        if fast is not None:
            assert fast == by_click(command, argv, os.environ), argv


@pytest.mark.parametrize("argv", [
    ["--owner", "hi", "--pet", "there"], ["--owner=hi", "--pet=-"], ["--home", "/x", "--owner", "a", "--pet", "b"],
])
def test_ordinary_lines_take_the_fast_path(argv):
    command = load("shelldon-ingest")
    assert by_fast(command, argv, {}) == by_click(command, argv, {}) is not None


def test_the_daemons_ordinary_lines_take_the_fast_path():
    # click costs a resident daemon ~4 MiB for the life of the process, not only 40 ms
    broker = load("shelldon-brokerd")
    argv = ["--socket", "/run/b.sock", "--vault-socket", "/run/v.sock", "--max-calls", "2", "--per-minute=30"]
    assert by_fast(broker, argv, {}) == by_click(broker, argv, {}) is not None
    assert by_fast(broker, ["--max-calls", "65"], {}) is None   # out of range: click says so
    launcher = load("shelldon-launcherd")
    argv = ["--socket", "/s.sock", "--worker-user", "nobody", "--broker-socket", "/b.sock", "--max-workers", "3"]
    assert by_fast(launcher, argv, {}) == by_click(launcher, argv, {}) is not None


def test_choice_and_arguments_fast():
    turn = load("shelldon-turn")
    argv = ["hello there", "--brain", "rules"]
    assert by_fast(turn, argv, {}) == by_click(turn, argv, {}) == {
        "message": "hello there", "home_dir": None, "brain": "rules", "brain_url": None, "model": None}
    assert by_fast(turn, ["--brain", "nope"], {}) is None
    capture = load("shelldon-capture")
    assert by_fast(capture, ["a", "b", "--", "--key"], {})["observations"] == ("a", "b", "--key")


def test_envvar_is_read_unless_empty():
    ingest = load("shelldon-ingest")
    assert by_fast(ingest, [], {"SHELLDON_HOME": "/h"})["home_dir"] == "/h"
    assert by_fast(ingest, [], {"SHELLDON_HOME": ""})["home_dir"] is None
    assert by_fast(ingest, ["--home", "/a"], {"SHELLDON_HOME": "/h"})["home_dir"] == "/a"


def test_help_completion_and_errors_go_to_click(tmp_path):
    ingest = load("shelldon-ingest")
    for argv in (["--help"], ["-h"], ["--owner"], ["--bogus"], ["extra"], ["--owner", "--pet"]):
        assert by_fast(ingest, argv, {}) is None, argv
    assert by_fast(ingest, [], {"_SHELLDON_INGEST_COMPLETE": "bash_source"}) is None
    result = subprocess.run([sys.executable, str(BIN / "shelldon-ingest"), "--help"], capture_output=True)
    assert result.returncode == 0 and b"Usage: shelldon-ingest" in result.stdout
    result = subprocess.run([sys.executable, str(BIN / "shelldon-ingest"), "--bogus"], capture_output=True)
    assert result.returncode == 2 and b"No such option" in result.stderr


SHORT_RUNS = {"shelldon-ingest": ["--owner", "a", "--pet", "b"], "shelldon-assemble": ["hello"],
              "shelldon-apply": ["--turn-id", "t1"], "shelldon-capture": ["seen once"],
              "shelldon-dream": ["--quiet", "--if-idle", "0"], "shelldon-prune": ["--quiet"],
              "shelldon-recall": ["tea"], "shelldon-status": [], "shelldon-turn": ["remember that my boat is called Pequod"]}


@pytest.mark.parametrize("name", sorted(SHORT_RUNS))
def test_an_ordinary_run_never_imports_click(ready, home, name):
    # apply gets well-formed ops: the contract's fast reader takes them without msgspec
    ops = (b'{"op":"remember","collection":"facts","name":"tea","content":"green tea"}\n'
           b'{"op":"capture_learning","observation":"likes tea","pattern_key":"tea"}\n')
    cmd = [sys.executable, "-X", "importtime", str(BIN / name), *SHORT_RUNS[name]]
    result = subprocess.run(cmd, capture_output=True, input=ops if name == "shelldon-apply" else b"",
                            env={"SHELLDON_HOME": str(home)})
    assert result.returncode in ((0, 1) if name == "shelldon-recall" else (0,)), result.stderr
    imported = {line.split("|")[-1].strip() for line in result.stderr.decode().splitlines() if "|" in line}
    assert "click" not in imported and "requests" not in imported
    if name not in ("shelldon-apply", "shelldon-ingest", "shelldon-turn"):   # these write a header
        assert "yaml" not in imported and "frontmatter" not in imported


# The stages a pipe or cron starts most: with their regex programs kept (as `make install`
# keeps them), none loads re (with enum), json, contextlib, msgspec or typing — together
# ~20 ms of a ~25 ms floor here (docs/PERFORMANCE.md).
LEAN_RUNS = ("shelldon-ingest", "shelldon-apply", "shelldon-capture", "shelldon-prune", "shelldon-dream")


@pytest.fixture(scope="module")
def kept_programs():
    subprocess.run([sys.executable, "-m", "shelldon.util.regex"], check=True, capture_output=True)


@pytest.mark.parametrize("name", LEAN_RUNS)
def test_the_short_stages_load_nothing_heavy(ready, home, name, kept_programs):
    ops = (b'{"op":"remember","collection":"facts","name":"tea","content":"green tea"}\n'
           b'{"op":"capture_learning","observation":"likes tea","pattern_key":"tea"}\n')
    cmd = [sys.executable, "-X", "importtime", str(BIN / name), *SHORT_RUNS[name]]
    result = subprocess.run(cmd, capture_output=True, input=ops if name == "shelldon-apply" else b"",
                            env={"SHELLDON_HOME": str(home)})
    assert result.returncode == 0, result.stderr
    imported = {line.split("|")[-1].strip() for line in result.stderr.decode().splitlines() if "|" in line}
    assert not imported & {"re", "enum", "json", "contextlib", "msgspec", "typing", "click"}, imported
    assert "dataclasses" not in imported and "urllib.parse" not in imported
    assert "msgspec" not in imported and "typing" not in imported and "hashlib" not in imported


EMPTY_HOME_RUNS = {**SHORT_RUNS, "shelldon-init": [], "shelldon-forget": ["facts", "tea"],
                   "shelldon-resolve": ["facts/tea", "--mine"], "shelldon-revert": ["t1"],
                   "shelldon-think": [], "shelldon-say": ["hi"], "shelldon-launcherd": [],
                   "shelldon-brokerd": []}


@pytest.mark.parametrize("name", STAGES)
def test_an_empty_home_flag_is_a_usage_error(name, tmp_path):
    """`--home ''` (say `--home "$DIR"` with DIR unset) never quietly means ~/.shelldon."""
    user_home = tmp_path / "user-home"
    env = {"HOME": str(user_home), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, str(BIN / name), *EMPTY_HOME_RUNS[name], "--home", ""],
                            capture_output=True, input=b"hello\n", env=env, timeout=30)
    assert result.returncode == 2, result.stderr
    assert result.stderr == f"{name}: --home is empty: name a directory, or leave --home out for " \
                            f"$SHELLDON_HOME or ~/.shelldon\n".encode()
    assert not user_home.exists()


# -- a broken pipe: the reader of stdout gone is no failure; any other is one ------------

def test_a_stage_whose_reader_went_away_exits_0_quietly(ready, home):
    import os
    read_end, write_end = os.pipe()
    os.close(read_end)   # `shelldon-status | true`: the reader is gone before the screen is written
    try:
        result = subprocess.run([sys.executable, str(BIN / "shelldon-status"), "--home", str(home)],
                                stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    assert result.returncode == 0 and result.stderr == b"", result.stderr


def test_a_broken_pipe_that_is_not_stdout_is_a_failure(tmp_path):
    # a daemon's client socket, say: exiting 0 there stopped the broker for good, as
    # systemd does not restart a service that exits 0
    script = ("import sys; sys.path.insert(0, sys.argv[1]); from shelldon import stage\n"
              "def serve():\n    raise BrokenPipeError(32, 'Broken pipe')\n"
              "stage.run('shelldon-test', serve)\n")
    result = subprocess.run([sys.executable, "-c", script, str(BIN.parent / "lib")], capture_output=True)
    assert result.returncode == 1
    assert result.stderr.decode().count("\n") == 1 and "Broken pipe" in result.stderr.decode()
