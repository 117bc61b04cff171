"""systemd/: every unit passes `systemd-analyze verify`, is hardened, and the README's
exposure scores are the ones `systemd-analyze security --offline=true` gives today."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNITS = sorted(p for p in (ROOT / "systemd").iterdir() if p.suffix in (".service", ".socket", ".timer"))
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")
SYSTEM_UNITS = next((Path(p) for p in ("/usr/lib/systemd/system", "/lib/systemd/system")
                     if Path(p, "sysinit.target").exists()), None)


def _directives(unit: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in unit.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith(("#", ";", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def staged_root(root: Path) -> Path:
    """A scratch root as a machine would have it before `shelldon-init --system`: an
    etc/ with its account files, the distribution's units (verify needs sysinit.target &
    co.), and the stages installed in /opt/shelldon/bin."""
    if SYSTEM_UNITS is None:
        pytest.skip("no systemd unit directory with sysinit.target on this machine")
    (root / "etc").mkdir(parents=True)
    for name in ("passwd", "group", "shadow", "gshadow"):
        (root / "etc" / name).write_text("root:x:0:0:root:/root:/bin/sh\n" if name == "passwd" else
                                         "root:x:0:\n" if name == "group" else "root:*::\n" if name == "gshadow"
                                         else "root:*:19000:0:99999:7:::\n")
    shutil.copytree(SYSTEM_UNITS, root / "usr/lib/systemd/system", symlinks=True)
    (root / "opt/shelldon/bin").mkdir(parents=True)
    for script in (ROOT / "bin").glob("shelldon*"):   # the umbrella too, as pip installs it
        shutil.copy(script, root / "opt/shelldon/bin" / script.name)
    (root / "bin").mkdir()   # ExecReload's /bin/kill, as every distribution has it
    shutil.copy(shutil.which("kill") or "/bin/kill", root / "bin/kill")
    return root


def install_system(root: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "bin/shelldon-init"), "--system", "--root", str(root),
                           "--bindir", "/opt/shelldon/bin", *extra], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def fake_root(tmp_path_factory):
    """The units as `shelldon-init --system --root` installs them, for real, in a scratch
    root — so the host's /etc and /usr/local are never touched."""
    if os.geteuid() != 0 or shutil.which("useradd") is None:
        pytest.skip("shelldon-init --system needs root and useradd")
    root = staged_root(tmp_path_factory.mktemp("sysroot"))
    result = install_system(root)
    assert result.returncode == 0, result.stderr
    return root


def verify(root: Path, unit: str) -> subprocess.CompletedProcess:
    """systemd-analyze verify, its Documentation=man: checks against the pages installed
    in the root (verify asks `man`, which MANPATH points there)."""
    env = {**os.environ, "MANPATH": str(root / "usr/local/share/man")}
    return subprocess.run([ANALYZE, "verify", f"--root={root}", unit], capture_output=True, text=True,
                          timeout=120, env=env)


def test_the_trust_units_exist():
    names = {u.name for u in UNITS}
    assert {"shelldon.socket", "shelldon-launcher.service", "shelldon-broker.service",
            "shelldon-vault.service"} <= names


@needs_analyze
@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.name)
def test_verify_is_clean(fake_root, unit):
    assert (fake_root / "etc/systemd/system" / unit.name).read_bytes() == unit.read_bytes()
    result = verify(fake_root, unit.name)
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr


@needs_analyze
def test_verify_would_catch_a_broken_unit(fake_root):
    """The check above can fail: a unit whose program is missing is reported."""
    broken = fake_root / "etc/systemd/system/shelldon-broken.service"
    broken.write_text("[Unit]\nDocumentation=man:shelldon-nothing-here(1)\n"
                      "[Service]\nExecStart=/usr/local/bin/shelldon-nothing-here\nPrivateTmpp=yes\n")
    result = verify(fake_root, broken.name)
    assert result.returncode != 0 and "shelldon-nothing-here" in result.stderr
    assert "PrivateTmpp" in result.stderr and "man shelldon-nothing-here(1)" in result.stderr
    broken.unlink()


@pytest.mark.parametrize("unit", [u for u in UNITS if u.suffix == ".service"], ids=lambda u: u.name)
def test_every_service_is_hardened(unit):
    d = _directives(unit)
    assert d.get("NoNewPrivileges") == ["yes"]
    assert d.get("ProtectSystem") == ["strict"]
    assert d.get("PrivateTmp") == ["yes"]
    assert "CapabilityBoundingSet" in d
    assert "RestrictAddressFamilies" in d
    for path in d.get("ReadWritePaths", []):
        assert path.lstrip("-").startswith("/var/lib/shelldon"), path
    for command in d.get("ExecStart", []):
        assert command.startswith("/usr/local/bin/shelldon-"), command


def test_the_trust_services_get_exactly_what_they_need():
    launcher = _directives(ROOT / "systemd/shelldon-launcher.service")
    assert launcher["CapabilityBoundingSet"] == ["CAP_SETUID CAP_SETGID"]
    assert launcher["RestrictAddressFamilies"] == ["AF_UNIX"]
    assert launcher["ReadWritePaths"] == ["/var/lib/shelldon"]
    assert launcher["InaccessiblePaths"] == ["-/var/lib/shelldon/memory/vault"]
    vault = _directives(ROOT / "systemd/shelldon-vault.service")
    assert vault["CapabilityBoundingSet"] == [""] and vault["RestrictAddressFamilies"] == ["AF_UNIX"]
    assert "ReadWritePaths" not in vault
    broker = _directives(ROOT / "systemd/shelldon-broker.service")
    assert broker["CapabilityBoundingSet"] == [""]
    assert broker["User"] == ["shelldon"]  # the service user: neither root nor the worker
    socket = _directives(ROOT / "systemd/shelldon.socket")
    assert socket["Accept"] == ["no"] and socket["SocketMode"] == ["0660"]
    assert socket["Service"] == ["shelldon-launcher.service"]


def _exposure(unit: Path) -> str:
    result = subprocess.run([ANALYZE, "security", "--offline=true", "--no-pager", str(unit)],
                            capture_output=True, text=True, timeout=120)
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d)", result.stdout + result.stderr)
    assert match, result.stdout[-500:] + result.stderr
    return match.group(1)


@needs_analyze
@pytest.mark.parametrize("name", ["shelldon-launcher.service", "shelldon-broker.service",
                                  "shelldon-vault.service", "shelldon-dream.service",
                                  "shelldon-prune.service"])
def test_readme_gives_each_units_exposure_score(name):
    score = _exposure(ROOT / "systemd" / name)
    assert float(score) < 2.0, f"{name} exposure {score}: more than 'OK'"
    readme = (ROOT / "README.md").read_text()
    row = re.search(rf"^\| `{re.escape(name)}` \|[^\n]*\| ([\d.]+) \|", readme, re.M)
    assert row, f"README has no exposure row for {name}"
    assert row.group(1) == score, f"README says {row.group(1)}, systemd-analyze says {score}"


@pytest.mark.parametrize("name", ["shelldon-launcher.service", "shelldon-broker.service"])
def test_the_daemons_reload_on_sighup(name):
    # systemctl reload: the daemon reads config.toml again (tests/test_reload.py runs it)
    assert _directives(ROOT / "systemd" / name)["ExecReload"] == ["/bin/kill -HUP $MAINPID"]
