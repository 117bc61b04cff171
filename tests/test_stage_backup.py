"""shelldon-backup and shelldon-restore, end to end: the real scripts, a real launcher taking
turns meanwhile, real sqlite files and trees."""
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import BIN, db_rows, tree_snapshot
from daemons import Daemon, wait_until
from turnload import Talker

TURNS = 150   # through the launcher while the backup runs


def run(name, *args, env=None, timeout=300):
    return subprocess.run([sys.executable, str(BIN / name), *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, **(env or {})})


def init(home: Path) -> Path:
    result = run("shelldon-init", "--home", home)
    assert result.returncode == 0, result.stderr
    return home



def turn(home: Path, message: str):
    result = run("shelldon-turn", "--home", home, message)
    assert result.returncode == 0, result.stderr


def curated_match_the_journal(home: Path) -> int:
    """Every curated file is byte for byte what the journal in the same home last wrote."""
    checked = 0
    for path in sorted((home / "memory").glob("*/*.md")):
        rel = str(path.relative_to(home))
        want = db_rows(home, "SELECT after_hash FROM journal WHERE path = ? AND after_hash IS NOT NULL "
                                         "ORDER BY id DESC LIMIT 1", (rel,))
        assert want and want[0][0] == hashlib.sha256(path.read_bytes()).hexdigest(), rel
        checked += 1
    return checked


def test_a_backup_taken_while_turns_run_through_the_launcher_restores_every_acknowledged_turn(tmp_path):
    home = init(tmp_path / "home")
    daemon = Daemon("shelldon-launcherd", "--home", home, socket_path=home / "run/shelldon.sock")
    talker = Talker(home, TURNS)
    acked, failures = talker.acked, talker.failures
    try:
        talker.start()
        assert wait_until(lambda: len(acked) >= TURNS // 3, timeout=120)
        started = time.monotonic()
        result = run("shelldon-backup", "--home", home, "--json", tmp_path / "b.tar.gz")
        talker.join(timeout=300)
    finally:
        daemon.stop()
    assert not failures, failures[:3]
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""   # not a terminal: no progress bar
    out = json.loads(result.stdout)
    assert out["dest"] == str(tmp_path / "b.tar.gz") and out["bytes"] == (tmp_path / "b.tar.gz").stat().st_size
    assert (tmp_path / "b.tar.gz").stat().st_mode & 0o777 == 0o600

    restored = tmp_path / "new"
    back = run("shelldon-restore", tmp_path / "b.tar.gz", "--home", restored)
    assert back.returncode == 0, back.stderr
    assert "the last" in back.stdout and out["last_turn"]["turn_id"] in back.stdout
    db = restored / "history.db"
    assert db_rows(db.parent, "PRAGMA integrity_check") == [("ok",)]
    have = {t for (t,) in db_rows(db.parent, "SELECT turn_id FROM messages WHERE role = 'owner'")}
    before = {t for when, t in acked if when < started}
    assert before and before <= have                       # every turn acknowledged before the backup
    assert have <= {t for _, t in acked}                   # and nothing that was not a whole turn
    assert len(have) < TURNS                               # turns went on during the backup
    # one moment: the turns in history are the turns in raw/, each with both halves
    raw = "".join(p.read_text() for p in (restored / "raw").glob("*.md"))
    assert all(t in raw for t in have)
    assert all(f"## {t}" not in raw for _, t in acked if t not in have)
    assert curated_match_the_journal(restored) >= len(before) // 3
    # the modes shelldon-init gives, and a home that works
    assert (restored / "memory/vault").stat().st_mode & 0o777 == 0o700
    assert (restored / "memory").stat().st_mode & 0o777 == 0o700
    assert run("shelldon-status", "--home", restored).returncode == 0
    turn(restored, "my cousin is called Zed")
    # the live home, meanwhile, notes the backup for status
    status = json.loads(run("shelldon-status", "--home", home, "--json").stdout)
    assert status["backup"]["dest"] == out["dest"] and status["backup"]["last_turn"] == out["last_turn"]


def test_a_directory_backup_is_byte_identical_and_leaves_the_vault_out_unless_asked(tmp_path):
    home = init(tmp_path / "home")
    turn(home, "my sister is called Ana")
    (home / "memory/vault/provider-key.md").write_text("sk-secret\n")
    (home / "config.toml").write_text("[bounds]\nrecent = 10\n")
    result = run("shelldon-backup", "--home", home, tmp_path / "plain")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"wrote {tmp_path / 'plain'} (") and "1 turns" in result.stdout
    assert not (tmp_path / "plain/memory/vault").exists()
    ours = {k: v for k, v in tree_snapshot(home / "memory").items() if not k.startswith("vault/")}
    assert tree_snapshot(tmp_path / "plain/memory") == ours
    assert (tmp_path / "plain/config.toml").read_bytes() == (home / "config.toml").read_bytes()
    assert tree_snapshot(tmp_path / "plain/raw") == tree_snapshot(home / "raw")

    with_vault = run("shelldon-backup", "--home", home, "--with-vault", tmp_path / "all")
    assert with_vault.returncode == 0 and "warning: --with-vault" in with_vault.stderr
    assert (tmp_path / "all/memory/vault").stat().st_mode & 0o777 == 0o700
    restored = tmp_path / "new"
    (restored).mkdir()   # an empty directory is a fine target
    back = run("shelldon-restore", tmp_path / "all", "--home", restored)
    assert back.returncode == 0, back.stderr
    assert tree_snapshot(restored / "memory") == tree_snapshot(home / "memory")
    assert (restored / "memory/vault").stat().st_mode & 0o777 == 0o700


def test_bad_targets_are_refused_with_one_line_and_nothing_touched(tmp_path):
    home = init(tmp_path / "home")
    turn(home, "my sister is called Ana")
    before = tree_snapshot(home)
    inside = run("shelldon-backup", "--home", home, home / "memory/backup")
    assert inside.returncode == 65 and "inside the home" in inside.stderr
    assert len(inside.stderr.strip().splitlines()) == 1
    (tmp_path / "full").mkdir()
    (tmp_path / "full/x").write_text("x")
    for dest, code in ((tmp_path / "full", 65), (tmp_path / "no/such/dir/b.tar.gz", 66)):
        result = run("shelldon-backup", "--home", home, dest)
        assert result.returncode == code, result.stderr
    assert run("shelldon-backup", "--home", home, tmp_path / "b").returncode == 0
    again = run("shelldon-backup", "--home", home, tmp_path / "b")
    assert again.returncode == 65 and "already exists" in again.stderr
    assert tree_snapshot(home) == before | {"run/backup.json": (home / "run/backup.json").read_bytes()}
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []   # no staging left

    # restore: over a live home, into a non-empty directory, from a copy that was altered
    other = init(tmp_path / "other")
    daemon = Daemon("shelldon-launcherd", "--home", other, socket_path=other / "run/shelldon.sock")
    try:
        assert wait_until(lambda: (other / "run/launcher.state").exists()
                          and not list((other / "run").glob(".*.tmp.*")))   # written just after the bind
        # the running launcher may still open history.db (its WAL index, -shm, is shared
        # memory any reader rewrites): the files restore must not touch are the rest
        def content(root):
            return {name: data for name, data in tree_snapshot(root).items() if not name.endswith("-shm")}
        snap = content(other)
        live = run("shelldon-restore", tmp_path / "b", "--home", other)
        assert live.returncode == 65 and "live home" in live.stderr
        assert len(live.stderr.strip().splitlines()) == 1
        assert content(other) == snap
    finally:
        daemon.stop()
    full = run("shelldon-restore", tmp_path / "b", "--home", tmp_path / "full")
    assert full.returncode == 65 and "not empty" in full.stderr
    assert tree_snapshot(tmp_path / "full") == {"x": b"x"}
    people = next((tmp_path / "b/memory/people").glob("*.md"))
    people.write_text(people.read_text() + "tampered\n")
    bad = run("shelldon-restore", tmp_path / "b", "--home", tmp_path / "new")
    assert bad.returncode == 65 and "differs from the backup" in bad.stderr
    assert not (tmp_path / "new").exists()
    missing = run("shelldon-restore", tmp_path / "nope.tar.gz", "--home", tmp_path / "new")
    assert missing.returncode == 66
    neither = run("shelldon-restore", "--home", tmp_path / "new")
    assert neither.returncode == 2
    (tmp_path / "junk.tar.gz").write_bytes(b"not a tarball")
    junk = run("shelldon-restore", tmp_path / "junk.tar.gz", "--home", tmp_path / "new")
    assert junk.returncode == 65 and not (tmp_path / "new").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_backup_waits_for_the_writer_lock_and_gives_up_with_75(tmp_path):
    home = init(tmp_path / "home")
    sys.path.insert(0, str(BIN.parent / "lib"))
    from shelldon.util.lock import file_lock
    with file_lock(str(home / "run/write.lock"), 5):
        result = run("shelldon-backup", "--home", home, tmp_path / "b", env={"SHELLDON_LOCK_TIMEOUT": "0.5"})
    assert result.returncode == 75, result.stderr
    assert not (tmp_path / "b").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pty (Linux)")
def test_the_progress_bar_shows_only_on_a_terminal(tmp_path):
    import pty
    home = init(tmp_path / "home")
    turn(home, "my sister is called Ana")
    primary, secondary = pty.openpty()
    proc = subprocess.Popen([sys.executable, str(BIN / "shelldon-backup"), "--home", str(home), str(tmp_path / "b")],
                            stdout=subprocess.PIPE, stderr=secondary)
    os.close(secondary)
    out, _ = proc.communicate(timeout=60)
    seen = b""
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(primary)
    assert proc.returncode == 0 and b"copying" in seen and out.startswith(b"wrote ")
