"""The crontab runs as written, and the systemd timers say the same as the crontab."""
import configparser
import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest

from conftest import BIN, ROOT

CRONTAB = ROOT / "crontab"
SYSTEMD = ROOT / "systemd"
ASSIGNMENT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")


def crontab():
    """(assignments in order, job lines as (five time fields, command))."""
    env, jobs = [], []
    for line in CRONTAB.read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = ASSIGNMENT.match(line)
        if match and not jobs:
            env.append((match.group(1), match.group(2)))
            continue
        assert not match, f"an assignment after the first job applies only below it: {line}"
        fields = line.split(None, 5)
        assert len(fields) == 6, f"not a cron job line: {line}"
        jobs.append((fields[:5], fields[5]))
    return env, jobs


def test_crontab_sets_path_and_home_first_and_calls_stages_by_bare_name():
    env, jobs = crontab()
    assert {"PATH", "SHELLDON_HOME"} <= {name for name, _ in env}
    path = dict(env)["PATH"]
    assert all(p.startswith("/") for p in path.split(":")), "cron does not expand ~ or $VARS in PATH"
    assert dict(env)["SHELLDON_HOME"].startswith("/")
    names = []
    for _when, command in jobs:
        assert "%" not in command, "cron turns % into a newline"
        program = shlex.split(command)[0]
        assert "/" not in program, f"call stages by their bare names: {program}"
        assert (BIN / program).is_file()
        names.append(program)
    assert sorted(names) == ["shelldon-dream", "shelldon-prune"]


def test_schedule_dream_every_30_minutes_prune_nightly():
    _env, jobs = crontab()
    when = {shlex.split(cmd)[0]: fields for fields, cmd in jobs}
    assert when["shelldon-dream"] == ["*/30", "*", "*", "*", "*"]
    minute, hour, *rest = when["shelldon-prune"]
    assert minute.isdigit() and hour.isdigit() and rest == ["*", "*", "*"]
    dream_cmd = next(cmd for _f, cmd in jobs if cmd.startswith("shelldon-dream"))
    assert "--if-idle" in dream_cmd


def _run_jobs(home):
    env = {"PATH": os.pathsep.join([str(BIN), os.path.dirname(sys.executable), "/usr/bin", "/bin"]),
           "SHELLDON_HOME": str(home), "HOME": str(home.parent), "LANG": "C.UTF-8"}
    results = []
    for _when, command in crontab()[1]:
        result = subprocess.run(["/bin/sh", "-c", command], env=env, capture_output=True, timeout=60)
        results.append((command, result))
    return results


def test_every_crontab_line_runs_as_written(ready, home):
    """On a fresh home, then on one with a recent turn and pending learnings (the idle gate closes)."""
    for command, result in _run_jobs(home):
        # as the crontab's comment says: nothing to do is exit 0, and --quiet says nothing
        assert result.returncode == 0 and result.stdout == result.stderr == b"", (command, result.stderr)
    assert ready("shelldon-ingest", "--owner", "I like green tea", "--pet", "noted").returncode == 0
    assert ready("shelldon-capture", "--key", "tea", "likes tea", "likes tea", "likes tea").returncode == 0
    results = dict(_run_jobs(home))
    for command, result in results.items():
        assert result.returncode in (0, 75), (command, result.stderr)
    dream = next(r for c, r in results.items() if c.startswith("shelldon-dream"))
    assert dream.returncode == 75 and dream.stdout == dream.stderr == b""   # the owner just spoke: a quiet skip


def _unit(name):
    parser = configparser.ConfigParser(strict=False, interpolation=None, empty_lines_in_values=False)
    parser.optionxform = str
    parser.read(SYSTEMD / name)
    return parser


@pytest.mark.parametrize("stage", ["dream", "prune"])
def test_units_are_hardened_oneshots_matching_the_crontab(stage):
    service = _unit(f"shelldon-{stage}.service")["Service"]
    assert service["Type"] == "oneshot"
    assert service["SuccessExitStatus"] == "75"           # a closed gate is a skip, not a failure
    for key, value in {"NoNewPrivileges": "yes", "ProtectSystem": "strict", "PrivateTmp": "yes",
                       "RestrictAddressFamilies": "AF_UNIX", "CapabilityBoundingSet": ""}.items():
        assert service[key] == value, key
    # a unit may have several Environment= lines (systemd adds them up; configparser keeps the last)
    home = re.search(r"^Environment=.*\bSHELLDON_HOME=(\S+)", (SYSTEMD / f"shelldon-{stage}.service").read_text(),
                     re.M).group(1)
    assert service["ReadWritePaths"] == home
    argv = shlex.split(service["ExecStart"])
    assert os.path.basename(argv[0]) == f"shelldon-{stage}"
    cron = next(cmd for _f, cmd in crontab()[1] if cmd.startswith(f"shelldon-{stage}"))
    assert argv[1:] == shlex.split(cron)[1:]              # the same flags as the crontab line
    timer = _unit(f"shelldon-{stage}.timer")["Timer"]
    assert timer["Unit"] == f"shelldon-{stage}.service"
    assert timer["OnCalendar"] == {"dream": "*:0/30", "prune": "*-*-* 03:17:00"}[stage]
    if stage == "prune":
        fields = next(f for f, cmd in crontab()[1] if cmd.startswith("shelldon-prune"))
        assert fields[:2] == ["17", "3"]


@pytest.mark.root
@pytest.mark.skipif(shutil.which("setpriv") is None, reason="setpriv (util-linux) not installed")
def test_the_units_stages_work_as_root_without_capabilities(tmp_path):
    """The units run dream and prune as root with an empty capability set, on the home the
    launcher (root) writes: the kernel lets them write root's own files and nothing more."""
    base = tmp_path / "srv"
    base.mkdir(mode=0o755)
    home = base / "home"
    env = {**os.environ, "SHELLDON_HOME": str(home)}
    run = lambda *argv, wrap=(): subprocess.run([*wrap, sys.executable, str(BIN / argv[0]), *argv[1:]],
                                                capture_output=True, env=env, timeout=120)
    assert run("shelldon-init", "--worker-user", "nobody").returncode == 0
    assert run("shelldon-turn", "I like green tea").returncode == 0
    for _ in range(3):
        assert run("shelldon-capture", "--key", "tea", "likes green tea").returncode == 0
    no_caps = ("setpriv", "--bounding-set=-all", "--inh-caps=-all")
    probe = subprocess.run([*no_caps, "grep", "^CapEff", "/proc/self/status"], capture_output=True, text=True)
    assert probe.stdout.split() == ["CapEff:", "0000000000000000"]
    dream = run("shelldon-dream", "--if-idle", "0", wrap=no_caps)
    assert dream.returncode == 0 and b"promoted 1" in dream.stdout, dream.stderr
    prune = run("shelldon-prune", wrap=no_caps)
    assert prune.returncode == 0, prune.stderr
    (home / "run").chmod(0o700)
    os.chown(home / "run", 65534, 65534)   # a file that is not root's: no capability reaches it
    refused = run("shelldon-prune", wrap=no_caps)
    assert refused.returncode == 77 and b"permission denied" in refused.stderr


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_units_verify(tmp_path):
    """systemd-analyze verify, with ExecStart pointed at this checkout (it checks the binary exists)."""
    names = [f"shelldon-{s}.{k}" for s in ("dream", "prune") for k in ("service", "timer")]
    for name in names:
        text = (SYSTEMD / name).read_text().replace("/usr/local/bin/", f"{BIN}/")
        (tmp_path / name).write_text(text)
    # Documentation=man: is checked by asking man: the pages as made from --help
    from shelldon.manpage import write_pages
    write_pages([str(BIN / "shelldon-dream"), str(BIN / "shelldon-prune")], str(tmp_path / "man/man1"))
    result = subprocess.run(["systemd-analyze", "verify", *(str(tmp_path / n) for n in names)],
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "MANPATH": str(tmp_path / "man")})
    assert result.returncode == 0, result.stderr
    assert "shelldon-" not in result.stderr, result.stderr
