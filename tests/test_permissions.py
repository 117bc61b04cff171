"""Who may read the home: the owner alone (0700 home, 0600 files), or with --worker-user
its group too (02750, 0640) for history.db and memory/ — never raw/ or the vault. Every
stage's umask does it, and init puts an existing home's modes right, saying so.

The reads are tried for real by a child that drops to another uid."""
import os
import stat

import pytest
from childproc import in_child
from conftest import ops_lines
from trustfix import open_home, worker_user  # noqa: F401 (fixtures)

root_only = pytest.mark.skipif(os.geteuid() != 0, reason="dropping to another uid needs root")
STRANGER = 54321          # a uid and gid no file here belongs to, and no group holds
REMEMBER = ops_lines({"op": "remember", "collection": "people", "name": "Ana", "content": "my sister"})


def mode(path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def _read_as(path: str, uid: int, gid: int) -> bool:
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    assert os.getuid() == uid and os.getgroups() in ([], [gid])
    try:
        with open(path, "rb") as handle:
            handle.read(1)
        return True
    except PermissionError:
        return False


def can_read(path, uid: int, gid: int) -> bool:
    """Whether uid:gid (no supplementary groups) can open path for reading, tried in a
    forked child that really drops to it."""
    result = in_child(_read_as, str(path), uid, gid)
    assert isinstance(result, bool), result
    return result


def a_turn(stage):
    assert stage("shelldon-ingest", "--owner", "my sister Ana lives in Porto", "--pet", "Noted").returncode == 0
    assert stage("shelldon-apply", input=REMEMBER).returncode == 0


def test_a_home_of_the_owner_alone_is_0700_and_its_files_0600(ready, home):
    a_turn(ready)
    raw = next((home / "raw").iterdir())
    assert mode(home) == 0o700
    for rel in ("memory", "memory/people", "memory/vault", "raw", "run"):
        assert mode(home / rel) == 0o700, rel
    for path in (home / "history.db", raw, home / "memory/people/ana.md", home / "memory/episodes.md"):
        if path.exists():
            assert mode(path) == 0o600, path


def test_the_umask_holds_even_when_the_callers_is_open(ready, home):
    """A stage run from a shell with umask 000 still writes 0600."""
    os.umask(0)
    try:
        a_turn(ready)
    finally:
        os.umask(0o022)
    assert mode(home / "memory/people/ana.md") == 0o600
    assert mode(next((home / "raw").iterdir())) == 0o600


@root_only
def test_another_uid_reads_nothing_of_a_private_home(open_home, stage):
    stage.home = open_home
    assert stage("shelldon-init").returncode == 0
    a_turn(stage)
    for path in (open_home / "history.db", next((open_home / "raw").iterdir()),
                 open_home / "memory/people/ana.md"):
        os.chmod(path, 0o644)                       # even a file left open by hand: the home is shut
        assert not can_read(path, STRANGER, STRANGER), path


@root_only
def test_a_shared_home_lets_the_worker_group_read_memory_and_history_only(open_home, stage, worker_user):
    stage.home = open_home
    first = stage("shelldon-init", "--worker-user", worker_user.pw_name)
    assert first.returncode == 0, first.stderr
    a_turn(stage)
    gid = worker_user.pw_gid
    assert mode(open_home) == 0o2750 and os.stat(open_home).st_gid == gid
    ana, raw = open_home / "memory/people/ana.md", next((open_home / "raw").iterdir())
    for path in (ana, open_home / "history.db"):
        assert mode(path) == 0o640 and os.stat(path).st_gid == gid, path   # born so: setgid dirs, umask 027
    assert mode(raw) == 0o600 and mode(open_home / "raw") == 0o700
    assert mode(open_home / "memory/vault") == 0o700
    # the worker (its uid, its group) reads memory and history, not raw/
    assert can_read(ana, worker_user.pw_uid, gid)
    assert can_read(open_home / "history.db", worker_user.pw_uid, gid)
    assert not can_read(raw, worker_user.pw_uid, gid)
    # a stranger reads none of it
    for path in (ana, raw, open_home / "history.db"):
        assert not can_read(path, STRANGER, STRANGER), path


def test_init_fixes_an_existing_homes_modes_and_says_so_in_one_line(ready, home):
    a_turn(ready)
    ana, raw = home / "memory/people/ana.md", next((home / "raw").iterdir())
    os.chmod(home, 0o755)
    os.chmod(ana, 0o644)
    os.chmod(raw, 0o664)
    os.chmod(home / "memory/facts", 0o777)
    result = ready("shelldon-init")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    assert "fixed the modes of 4 paths" in lines[0]
    assert "the home 0755→0700" in lines[0] and "memory/facts 0777→0700" in lines[0]
    assert (mode(home), mode(ana), mode(raw), mode(home / "memory/facts")) == (0o700, 0o600, 0o600, 0o700)
    again = ready("shelldon-init")
    assert again.stderr.decode().strip().endswith("as it should be, nothing changed")


def test_init_never_chmods_through_a_symlink(ready, home, tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("not the pet's")
    os.chmod(outside, 0o644)
    (home / "memory/facts/link.md").symlink_to(outside)
    assert ready("shelldon-init").returncode == 0
    assert mode(outside) == 0o644


def test_a_root_worker_user_is_refused(stage):
    result = stage("shelldon-init", "--worker-user", "root")
    assert result.returncode == 65 and b"root" in result.stderr
