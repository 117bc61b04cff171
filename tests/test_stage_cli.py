"""The stages' command lines: each bin/ script is a plain click command, so help, usage
errors (exit 2) and shell completion are click's; what the stages add on top (an empty
--home refused, a reader gone from stdout, the heavy modules left unloaded) is checked here
on the real scripts."""
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
from unittest import mock

import click
import pytest

from conftest import BIN

# Every click stage; the root vault helper is standard library only on purpose.
STAGES = sorted(p.name for p in BIN.glob("shelldon-*") if p.name != "shelldon-vaultd")


def load(name):
    loader = importlib.machinery.SourceFileLoader(f"bin_{name.replace('-', '_')}", str(BIN / name))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module.main


@pytest.mark.parametrize("name", STAGES)
def test_every_stage_is_a_click_command(name):
    assert isinstance(load(name), click.Command), name
    assert "stage import click" not in (BIN / name).read_text()


def test_the_vault_helper_imports_no_click():
    result = subprocess.run([sys.executable, "-X", "importtime", str(BIN / "shelldon-vaultd"), "--help"],
                            capture_output=True)
    assert result.returncode == 0, result.stderr
    imported = {line.split("|")[-1].strip() for line in result.stderr.decode().splitlines() if "|" in line}
    assert "click" not in imported and not any(m.startswith("shelldon") for m in imported)


def params(name, argv, env):
    with mock.patch.dict(os.environ, env, clear=True):
        with load(name).make_context(name, list(argv)) as ctx:
            return dict(ctx.params)


def test_envvar_is_read_unless_empty():
    assert params("shelldon-ingest", [], {"SHELLDON_HOME": "/h"})["home_dir"] == "/h"
    assert params("shelldon-ingest", [], {"SHELLDON_HOME": ""})["home_dir"] is None
    assert params("shelldon-ingest", ["--home", "/a"], {"SHELLDON_HOME": "/h"})["home_dir"] == "/a"
    assert params("shelldon-say", [], {"SHELLDON_SOCKET": "/s.sock"})["socket_path"] == "/s.sock"


@pytest.mark.parametrize("name, argv, expected", [
    # the daemons' flags, as the systemd units and the tests give them
    ("shelldon-launcherd", ["--socket", "/s.sock", "--worker-user", "nobody", "--broker-socket", "/b.sock",
                            "--max-workers", "3", "--group", "pet"],
     {"socket_path": "/s.sock", "worker_user": "nobody", "broker_socket": "/b.sock", "max_workers": 3,
      "group": "pet", "turn_timeout": "120"}),
    ("shelldon-brokerd", ["--socket", "/run/b.sock", "--vault-socket", "/run/v.sock", "--worker-group", "pet",
                          "--max-calls", "2", "--per-minute=30"],
     {"socket_path": "/run/b.sock", "vault_socket": "/run/v.sock", "worker_group": "pet", "max_calls": 2,
      "per_minute": 30}),
    ("shelldon-init", ["--worker-user", "pet"], {"worker_user": "pet"}),
    ("shelldon-turn", ["hello there", "--brain", "rules"],
     {"message": "hello there", "home_dir": None, "brain": "rules", "brain_url": None, "model": None}),
    ("shelldon-capture", ["a", "b", "--", "--key"], {"observations": ("a", "b", "--key"), "key": None}),
    ("shelldon-recall", ["tea", "-n", "3", "--all"], {"query": ("tea",), "n": 3, "everything": True}),
])
def test_the_documented_flags(name, argv, expected):
    got = params(name, argv, {})
    assert {k: got[k] for k in expected} == expected


@pytest.mark.parametrize("name, argv", [
    ("shelldon-ingest", ["--owner"]), ("shelldon-ingest", ["--bogus"]), ("shelldon-ingest", ["extra"]),
    ("shelldon-ingest", ["--owner", "a"]),                      # --owner and --pet go together
    ("shelldon-ingest", ["--owner", "-", "--pet", "-"]),        # only one may read stdin
    ("shelldon-turn", ["--brain", "nope"]), ("shelldon-brokerd", ["--max-calls", "65"]),
    ("shelldon-recall", []), ("shelldon-recall", ["tea", "--history", "facts/tea"]),
    ("shelldon-resolve", ["facts/tea"]), ("shelldon-resolve", ["facts/tea", "--mine", "--theirs"]),
    ("shelldon-forget", ["nowhere", "tea"]), ("shelldon-prune", ["--keep-days", "-1"]),
])
def test_usage_errors_exit_2_in_clicks_words(tmp_path, name, argv):
    result = subprocess.run([sys.executable, str(BIN / name), *argv], capture_output=True, stdin=subprocess.DEVNULL,
                            env={**os.environ, "SHELLDON_HOME": str(tmp_path / "never")})
    assert result.returncode == 2, result.stderr
    assert b"Error: " in result.stderr and b"Traceback" not in result.stderr, result.stderr
    assert result.stdout == b"" and not (tmp_path / "never").exists()


@pytest.mark.parametrize("name", STAGES)
def test_help_is_clicks(name):
    result = subprocess.run([sys.executable, str(BIN / name), "--help"], capture_output=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"Usage: {name} ".encode()) and b"--home DIR" in result.stdout


def test_completion_is_clicks():
    result = subprocess.run([sys.executable, str(BIN / "shelldon-ingest")], capture_output=True,
                            env={**os.environ, "_SHELLDON_INGEST_COMPLETE": "bash_source"})
    assert result.returncode == 0 and b"_shelldon_ingest_completion()" in result.stdout


SHORT_RUNS = {"shelldon-ingest": ["--owner", "a", "--pet", "b"], "shelldon-assemble": ["hello"],
              "shelldon-apply": ["--turn-id", "t1"], "shelldon-capture": ["seen once"],
              "shelldon-dream": ["--quiet", "--if-idle", "0"], "shelldon-prune": ["--quiet"],
              "shelldon-recall": ["tea"], "shelldon-status": [], "shelldon-log": ["-n", "3"], "shelldon-turn": ["remember that my boat is called Pequod"]}
READERS = ("shelldon-assemble", "shelldon-log", "shelldon-recall", "shelldon-status")


@pytest.mark.parametrize("name", sorted(SHORT_RUNS))
def test_heavy_modules_load_only_where_their_job_is(ready, home, name):
    # The rules brain calls no model: nothing loads requests. A reader takes no lock:
    # nothing loads filelock.
    ops = (b'{"op":"remember","collection":"facts","name":"tea","content":"green tea"}\n'
           b'{"op":"capture_learning","observation":"likes tea","pattern_key":"tea"}\n')
    cmd = [sys.executable, "-X", "importtime", str(BIN / name), *SHORT_RUNS[name]]
    result = subprocess.run(cmd, capture_output=True, input=ops if name == "shelldon-apply" else b"",
                            env={"SHELLDON_HOME": str(home)})
    assert result.returncode in ((0, 1) if name == "shelldon-recall" else (0,)), result.stderr
    imported = {line.split("|")[-1].strip() for line in result.stderr.decode().splitlines() if "|" in line}
    assert "click" in imported and "requests" not in imported
    assert ("filelock" in imported) == (name not in READERS), name
    if name not in ("shelldon-apply", "shelldon-ingest", "shelldon-turn"):   # these write a header
        assert "yaml" not in imported and "frontmatter" not in imported


EMPTY_HOME_RUNS = {**SHORT_RUNS, "shelldon-init": [], "shelldon-forget": ["facts", "tea"],
                   "shelldon-pin": ["facts", "tea"],
                   "shelldon-resolve": ["facts/tea", "--mine"], "shelldon-revert": ["t1"],
                   "shelldon-think": [], "shelldon-say": ["hi"], "shelldon-launcherd": [],
                   "shelldon-brokerd": [], "shelldon-backup": ["/nonexistent/b.tar.gz"],
                   "shelldon-restore": ["/nonexistent/b.tar.gz"], "shelldon-replicate": ["--print-config"],
                   "shelldon-review": []}


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
