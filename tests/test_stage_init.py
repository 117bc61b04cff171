import os
import stat

from conftest import db_rows

from shelldon.core.migrations import MIGRATIONS

ALL = [(n,) for n, _name, _m in MIGRATIONS]


def test_init_creates_the_tree_with_modes(stage, home):
    result = stage("shelldon-init")
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().strip() == str(home)
    for rel in ("memory/facts", "memory/people", "memory/preferences", "memory/capabilities", "raw", "run"):
        assert (home / rel).is_dir(), rel
    assert stat.S_IMODE(os.stat(home / "memory" / "vault").st_mode) == 0o700
    assert db_rows(home, "SELECT number FROM migrations ORDER BY number") == ALL


def test_init_twice_is_idempotent(stage, home):
    assert stage("shelldon-init").returncode == 0
    (home / "memory" / "facts" / "keep.md").write_text("mine")
    os.chmod(home / "memory" / "vault", 0o755)
    second = stage("shelldon-init")
    assert second.returncode == 0, second.stderr
    assert (home / "memory" / "facts" / "keep.md").read_text() == "mine"
    assert stat.S_IMODE(os.stat(home / "memory" / "vault").st_mode) == 0o700
    assert db_rows(home, "SELECT count(*) FROM migrations") == [(len(ALL),)]


def test_home_flag_beats_env(stage, tmp_path):
    other = tmp_path / "other"
    assert stage("shelldon-init", "--home", other).returncode == 0
    assert (other / "history.db").exists()


def test_uninitialised_home_exits_69_with_a_hint(stage):
    for name, args in (("shelldon-apply", ()), ("shelldon-ingest", ("--owner", "a", "--pet", "b")),
                       ("shelldon-capture", ("x",))):
        result = stage(name, *args, input="")
        assert result.returncode == 69, (name, result.stderr)
        assert b"shelldon-init" in result.stderr and b"Traceback" not in result.stderr


def test_unknown_worker_user_is_refused(stage):
    result = stage("shelldon-init", "--worker-user", "no-such-user-xyz")
    assert result.returncode == 65 and b"--worker-user: no such worker user" in result.stderr


def test_help_tells_the_exit_codes(stage):
    for name in ("shelldon-init", "shelldon-apply", "shelldon-ingest", "shelldon-capture"):
        result = stage(name, "--help")
        assert result.returncode == 0 and b"Exit" in result.stdout and b"--home" in result.stdout


def test_a_home_that_is_a_symlink_to_a_directory_is_accepted(stage, tmp_path):
    """~/.shelldon → a USB disk: the owner's own link, followed once by init; the other
    stages work through it as they always did."""
    disk = tmp_path / "usb" / "shelldon"
    disk.mkdir(parents=True)
    link = tmp_path / "dot-shelldon"
    link.symlink_to(disk)
    first = stage("shelldon-init", "--home", link)
    assert first.returncode == 0, first.stderr
    assert first.stdout.decode().strip() == str(link)
    assert (disk / "history.db").exists() and (disk / "memory/facts").is_dir() and link.is_symlink()
    assert stat.S_IMODE(os.stat(disk / "memory/vault").st_mode) == 0o700
    assert stage("shelldon-init", "--home", link).returncode == 0            # idempotent
    op = b'{"op":"remember","collection":"facts","name":"tea","content":"green tea"}\n'
    assert stage("shelldon-apply", "--home", link, input=op).returncode == 0
    assert (disk / "memory/facts/tea.md").exists()


def test_a_home_that_is_a_symlink_to_nothing_is_refused(stage, tmp_path):
    link = tmp_path / "dot-shelldon"
    link.symlink_to(tmp_path / "unmounted" / "shelldon")
    result = stage("shelldon-init", "--home", link)
    assert result.returncode == 69 and b"is its disk mounted?" in result.stderr, result.stderr
    assert not (tmp_path / "unmounted").exists()


def test_a_symlink_planted_inside_the_home_is_refused(stage, home, tmp_path):
    assert stage("shelldon-init").returncode == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o755)
    mode = stat.S_IMODE(os.stat(elsewhere).st_mode)
    for rel in ("memory/vault", "memory/facts", "run", "memory"):
        target = home / rel
        kept = tmp_path / "kept"
        target.rename(kept)
        target.symlink_to(elsewhere)
        result = stage("shelldon-init")
        assert result.returncode == 65, (rel, result.stderr)
        assert f"refusing a symlink in the home: {target}".encode() in result.stderr
        assert stat.S_IMODE(os.stat(elsewhere).st_mode) == mode             # not chmod-ed through
        assert list(elsewhere.iterdir()) == []                                 # nothing made there
        target.unlink()
        kept.rename(target)
    assert stage("shelldon-init").returncode == 0
