"""`shelldon-init --system`: for real in a scratch root (--root), as root; --dry-run;
twice changes nothing; a venv the units cannot reach is refused; --set-key."""
import os
import shutil
import stat
import subprocess
import sys

import pytest
from conftest import ROOT
from test_systemd_units import install_system, staged_root

needs_root = pytest.mark.skipif(os.geteuid() != 0 or shutil.which("useradd") is None,
                                reason="shelldon-init --system needs root and useradd")


def files_under(root):
    return {str(p.relative_to(root)): (p.lstat().st_mode, p.read_bytes() if p.is_file() and not p.is_symlink() else None)
            for p in sorted(root.rglob("*")) if "usr/lib/systemd" not in str(p)}


def accounts(root, table):
    return {line.split(":")[0]: line.split(":") for line in (root / "etc" / table).read_text().splitlines()}


def test_dry_run_prints_the_plan_and_makes_nothing(tmp_path):
    root = staged_root(tmp_path / "root")
    before = files_under(root)
    result = install_system(root, "--dry-run")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    for wanted in ("would make group shelldon-worker", "would make user shelldon",
                   "would make unit /etc/systemd/system/shelldon.socket",
                   "would make man page /usr/local/share/man/man1/shelldon-dream.1",
                   "would make man page /usr/local/share/man/man1/shelldon.1",
                   "would make link /usr/local/bin/shelldon → /opt/shelldon/bin/shelldon",
                   "would make link /usr/local/bin/shelldon-launcherd → /opt/shelldon/bin/shelldon-launcherd"):
        assert f"shelldon-init: {wanted}" in lines, (wanted, lines)
    assert files_under(root) == before


@needs_root
def test_system_install_for_real_in_a_scratch_root_then_again_changes_nothing(tmp_path):
    root = staged_root(tmp_path / "root")
    first = install_system(root)
    assert first.returncode == 0, first.stderr
    users, groups = accounts(root, "passwd"), accounts(root, "group")
    assert {"shelldon", "shelldon-worker"} <= users.keys()
    assert {"shelldon", "shelldon-worker", "shelldon-users"} <= groups.keys()
    assert "shelldon" in groups["shelldon-worker"][3].split(",")          # the broker hands its socket to workers
    assert users["shelldon-worker"][6] == "/usr/sbin/nologin"
    home = root / "var/lib/shelldon"
    worker_gid = int(groups["shelldon-worker"][2])
    assert stat.S_IMODE(home.stat().st_mode) == 0o2750 and home.stat().st_gid == worker_gid
    assert stat.S_IMODE((home / "history.db").stat().st_mode) == 0o640
    assert stat.S_IMODE((home / "memory/vault").stat().st_mode) == 0o700
    assert stat.S_IMODE((home / "raw").stat().st_mode) == 0o700
    for unit in (ROOT / "systemd").iterdir():
        installed = root / "etc/systemd/system" / unit.name
        assert installed.read_bytes() == unit.read_bytes()
        assert stat.S_IMODE(installed.stat().st_mode) == 0o644
    assert os.readlink(root / "usr/local/bin/shelldon-say") == "/opt/shelldon/bin/shelldon-say"
    page = root / "usr/local/share/man/man1/shelldon-launcherd.1"
    assert page.read_text().startswith(".TH SHELLDON-LAUNCHERD 1")
    umbrella = (root / "usr/local/share/man/man1/shelldon.1").read_text()
    assert umbrella.startswith(".TH SHELLDON 1") and ".SH COMMANDS" in umbrella
    assert ".B recall\nSearch what shelldon remembers" in umbrella      # the stages found, each with its line
    assert os.readlink(root / "usr/local/bin/shelldon") == "/opt/shelldon/bin/shelldon"
    snapshot = files_under(root)
    second = install_system(root)
    assert second.returncode == 0, second.stderr
    assert second.stderr.splitlines() == ["shelldon-init: nothing to do: everything is in place"]
    assert files_under(root) == snapshot


@needs_root
def test_a_root_without_accounts_gets_no_users_and_says_so(tmp_path):
    root = staged_root(tmp_path / "root")
    for name in ("passwd", "group", "shadow", "gshadow"):
        (root / "etc" / name).unlink()
    result = install_system(root)
    assert result.returncode == 0, result.stderr
    assert "note: " in result.stderr and "no users or groups made" in result.stderr
    assert not (root / "etc/passwd").exists()
    assert stat.S_IMODE((root / "var/lib/shelldon").stat().st_mode) == 0o700


def test_system_wants_root(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("as root the install is allowed")
    result = install_system(staged_root(tmp_path / "root"))
    assert result.returncode == 77


@needs_root
def test_stages_installed_where_the_units_cannot_reach_are_refused(tmp_path):
    """A venv under /root (or a 0700 home): the units would fail with 'env: Permission
    denied'; init says so and names /opt/shelldon instead."""
    closed = tmp_path / "closed"
    (closed / "venv/bin").mkdir(parents=True)
    os.chmod(closed, 0o700)
    shutil.copy(ROOT / "bin/shelldon-init", closed / "venv/bin/shelldon-init")
    result = subprocess.run([sys.executable, str(ROOT / "bin/shelldon-init"), "--system", "--dry-run",
                             "--bindir", str(closed / "venv/bin")], capture_output=True, text=True, timeout=120)
    assert result.returncode == 65, result.stderr
    assert "/opt/shelldon" in result.stderr and "not searchable" in result.stderr


def test_root_and_dry_run_need_system(stage):
    for flags in (("--dry-run",), ("--root", "/tmp/x"), ("--bindir", "/opt/shelldon/bin")):
        result = stage("shelldon-init", *flags)
        assert result.returncode == 2 and b"go with --system" in result.stderr


def test_set_key_reads_stdin_stores_it_0600_in_the_vault_and_never_on_argv(ready, home):
    result = ready("shelldon-init", "--set-key", input="sk-test-0123456789abcdef\n")
    assert result.returncode == 0, result.stderr
    key = home / "memory/vault/provider-key.md"
    assert key.read_text() == "sk-test-0123456789abcdef\n"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert b"sk-test" not in result.stderr + result.stdout
    # the broker's path to it: the vault helper serves exactly this file as "provider-key"
    assert ready("shelldon-init", "--set-key", input="\n").returncode == 65
    assert ready("shelldon-init", "--set-key", input="two\nlines\n").returncode == 65
    assert key.read_text() == "sk-test-0123456789abcdef\n"


def test_set_key_prompts_without_echo_on_a_terminal(ready, home):
    """On a terminal the key is asked for and not echoed (click.prompt hide_input)."""
    import pty
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["SHELLDON_HOME"] = str(home)
        os.execv(sys.executable, [sys.executable, str(ROOT / "bin/shelldon-init"), "--set-key"])
    seen = b""
    while b"Provider key" not in seen:
        seen += os.read(fd, 1024)
    os.write(fd, b"sk-typed-secret-42\n")
    rest = b""
    try:
        while True:
            chunk = os.read(fd, 1024)
            if not chunk:
                break
            rest += chunk
    except OSError:
        pass
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, rest
    assert b"sk-typed-secret-42" not in seen + rest
    assert (home / "memory/vault/provider-key.md").read_text() == "sk-typed-secret-42\n"


@pytest.mark.slow
def test_a_wheel_carries_the_man_pages_and_the_units(tmp_path):
    """`pip install .` installs what the wheel holds: share/man/man1 pages made from
    --help at build time, and the units for `shelldon-init --system`."""
    import zipfile
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                             "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=600)
    if result.returncode != 0 and ("No matching distribution" in result.stderr or "bdist_wheel" in result.stderr):
        pytest.skip("cannot build a wheel here (no setuptools or click for the build)")
    assert result.returncode == 0, result.stderr
    names = zipfile.ZipFile(next(tmp_path.glob("shelldon-*.whl"))).namelist()
    data = [n.split(".data/data/", 1)[1] for n in names if ".data/data/" in n]
    pages = sorted(p.name for p in (ROOT / "bin").glob("shelldon*"))   # the umbrella's shelldon.1 too
    assert sorted(n.removeprefix("share/man/man1/").removesuffix(".1") for n in data if "man1" in n) == pages
    assert sorted(n.removeprefix("share/shelldon/systemd/") for n in data if "systemd" in n) == \
        sorted(p.name for p in (ROOT / "systemd").iterdir())
