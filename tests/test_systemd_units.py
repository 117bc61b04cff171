"""systemd/: every unit passes `systemd-analyze verify`, is hardened, and the README's
exposure scores are the ones `systemd-analyze security --offline=true` gives today."""
import re
import shutil
import subprocess
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


@pytest.fixture(scope="module")
def fake_root(tmp_path_factory):
    """A filesystem root for `verify --root`: the distribution's units (it needs
    sysinit.target & co.), ours in /etc/systemd/system, and our scripts where the units
    expect them, /usr/local/bin — so the host's /usr/local is never touched."""
    if SYSTEM_UNITS is None:
        pytest.skip("no systemd unit directory with sysinit.target on this machine")
    root = tmp_path_factory.mktemp("sysroot")
    shutil.copytree(SYSTEM_UNITS, root / "usr/lib/systemd/system", symlinks=True)
    (root / "etc/systemd/system").mkdir(parents=True)
    for unit in UNITS:
        shutil.copy(unit, root / "etc/systemd/system" / unit.name)
    (root / "usr/local/bin").mkdir(parents=True)
    for script in (ROOT / "bin").glob("shelldon-*"):
        shutil.copy(script, root / "usr/local/bin" / script.name)
    (root / "bin").mkdir()   # ExecReload's /bin/kill, as every distribution has it
    shutil.copy(shutil.which("kill") or "/bin/kill", root / "bin/kill")
    return root


def test_the_trust_units_exist():
    names = {u.name for u in UNITS}
    assert {"shelldon.socket", "shelldon-launcher.service", "shelldon-broker.service",
            "shelldon-vault.service"} <= names


@needs_analyze
@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.name)
def test_verify_is_clean(fake_root, unit):
    result = subprocess.run([ANALYZE, "verify", f"--root={fake_root}", unit.name],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr


@needs_analyze
def test_verify_would_catch_a_broken_unit(fake_root):
    """The check above can fail: a unit whose program is missing is reported."""
    broken = fake_root / "etc/systemd/system/shelldon-broken.service"
    broken.write_text("[Service]\nExecStart=/usr/local/bin/shelldon-nothing-here\nPrivateTmpp=yes\n")
    result = subprocess.run([ANALYZE, "verify", f"--root={fake_root}", broken.name],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "shelldon-nothing-here" in result.stderr
    assert "PrivateTmpp" in result.stderr


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
                                  "shelldon-vault.service"])
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
