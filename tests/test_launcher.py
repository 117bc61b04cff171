"""shelldon-launcherd + shelldon-say, for real: sockets, forks, uid drops, the core."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import BIN, tree_snapshot
from daemons import Daemon, children_of, exchange, wait_until
from trustfix import open_home, worker_user  # noqa: F401 (fixtures)


def init(home: Path, *args):
    result = subprocess.run([sys.executable, str(BIN / "shelldon-init"), "--home", str(home), *args],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return home


def launcher(home: Path, *args, env=None, wrap=()):
    return Daemon("shelldon-launcherd", "--home", home, *args, socket_path=home / "run/shelldon.sock",
                  env=env, wrap=wrap)


def say(home: Path, *args, input=None, timeout=120):
    return subprocess.run([sys.executable, str(BIN / "shelldon-say"), "--home", str(home), *args],
                          input=input, capture_output=True, text=True, timeout=timeout)


def raw_exchange(path: Path, data: bytes) -> bytes:
    return exchange(path, data, timeout=60)


def rows(home: Path, sql: str, params=()):
    conn = sqlite3.connect(home / "history.db")
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def consistent(home: Path) -> None:
    """Every recorded turn has both halves and its raw/ capture; the database is sound."""
    assert rows(home, "PRAGMA integrity_check") == [("ok",)]
    per_turn = rows(home, "SELECT turn_id, group_concat(role) FROM messages GROUP BY turn_id")
    raw = "".join(p.read_text() for p in (home / "raw").glob("*.md"))
    for turn_id, roles in per_turn:
        assert sorted(roles.split(",")) == ["owner", "pet"], turn_id
        assert turn_id in raw


# -- anyone (the drop is skipped) -----------------------------------------------------

def test_say_without_a_launcher_exits_69(tmp_path):
    home = init(tmp_path / "home")
    result = say(home, "hello")
    assert result.returncode == 69
    assert "no launcher" in result.stderr and "Traceback" not in result.stderr


def test_dev_mode_turns_work_and_warn_loudly(tmp_path):
    home = init(tmp_path / "home")
    daemon = launcher(home)
    try:
        first = say(home, input="my sister Ana lives in Porto\n")
        assert first.returncode == 0, first.stderr
        second = say(home, "where does Ana live?")
        assert "Porto" in second.stdout
        assert oct(os.stat(home / "run/shelldon.sock").st_mode & 0o777) == "0o660"
    finally:
        log = daemon.stop()
    assert daemon.proc.returncode == 0
    assert "vault isolation OFF, dev mode" in log
    assert rows(home, "SELECT count(*) FROM messages") == [(4,)]
    assert (home / "memory/people/ana.md").exists()
    assert not (home / "run/shelldon.sock").exists()  # we bound it, we removed it
    consistent(home)


def test_the_wal_and_its_index_stay_while_the_launcher_runs_and_are_merged_when_it_stops(tmp_path):
    """A dropped worker cannot create or rebuild history.db's index (-shm), and sqlite
    removes the WAL and the index when its last connection closes. The launcher holds
    them in place — with no sqlite connection of its own across its forks, and no
    process beside it — however many other connections come and go."""
    home = init(tmp_path / "home")
    daemon = launcher(home)
    try:
        assert say(home, "remember that the kettle is blue").returncode == 0
        ingest = subprocess.run([sys.executable, str(BIN / "shelldon-ingest"), "--home", str(home),
                                 "--owner", "hello", "--pet", "hi"], capture_output=True, text=True)
        assert ingest.returncode == 0, ingest.stderr
        # every connection but the launcher's locks is closed now
        kept = [(home / name).exists() for name in ("history.db-wal", "history.db-shm")]
        helpers = children_of(daemon.proc.pid)
        assert "kettle" in say(home, "what colour is the kettle?").stdout
    finally:
        log = daemon.stop()
    assert kept == [True, True], kept
    assert helpers == [], helpers
    assert "could not hold" not in log
    # stopped, and no connection open: merged into the database, removed
    assert not (home / "history.db-wal").exists() and not (home / "history.db-shm").exists()
    assert rows(home, "SELECT count(*) FROM messages") == [(6,)]
    consistent(home)


@pytest.mark.root
def test_a_dropped_worker_reads_what_other_writers_committed_and_checkpointed_between_turns(open_home, worker_user):
    """A dropped worker cannot create history.db's index (-shm). Between two turns the
    launcher idles while other writers come and go — each closing as the last connection,
    one checkpointing the WAL to nothing — and the next worker still reads all of it."""
    home = _worker_home(open_home, worker_user)
    daemon = launcher(home, "--worker-user", worker_user.pw_name)
    try:
        assert say(home, "remember that the kettle is blue").returncode == 0
        for owner in ("my sister Ana lives in Porto", "my brother Rui lives in Braga"):
            ingest = subprocess.run([sys.executable, str(BIN / "shelldon-ingest"), "--home", str(home),
                                     "--owner", owner, "--pet", "noted"], capture_output=True, text=True)
            assert ingest.returncode == 0, ingest.stderr
        conn = sqlite3.connect(home / "history.db")
        assert conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0   # not busy: done
        conn.close()
        assert wait_until(lambda: children_of(daemon.pid) == [])   # the parent idles, no worker
        answer = say(home, "where does Ana live?")
    finally:
        log = daemon.stop()
    assert answer.returncode == 0 and "Porto" in answer.stdout, (answer.stdout, log)
    assert "could not hold" not in log and "history unavailable" not in log and "Traceback" not in log
    assert rows(home, "SELECT count(*) FROM messages") == [(8,)]
    consistent(home)


def status(home: Path) -> dict:
    result = subprocess.run([sys.executable, str(BIN / "shelldon-status"), "--home", str(home), "--json"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_status_reports_what_the_running_launcher_does_not_what_config_says(tmp_path):
    home = init(tmp_path / "home")
    (home / "config.toml").write_text('[trust]\nworker_user = "nobody"\n')   # not what runs
    daemon = launcher(home)   # dev mode: no --worker-user
    try:
        assert wait_until(lambda: (home / "run/launcher.state").exists())   # written just after the bind
        running = status(home)
    finally:
        daemon.stop()
    assert running["vault_isolation"] == \
        f"off (dev mode): launcher pid {daemon.pid} runs its workers as uid {os.geteuid()}"
    assert running["worker_user"] is None
    assert not (home / "run/launcher.state").exists()   # withdrawn at exit
    stopped = status(home)   # no launcher: what the configuration would give
    assert stopped["vault_isolation"] == ("on" if os.geteuid() == 0 else "off (dev mode)")
    # a launcher that was killed leaves its file: a dead pid is no launcher
    daemon = launcher(home)
    assert wait_until(lambda: (home / "run/launcher.state").exists())   # written just after the bind
    daemon.stop(signal.SIGKILL)
    assert status(home)["vault_isolation"] == stopped["vault_isolation"]


def test_the_wire_is_one_json_line_and_socat_can_speak_it(tmp_path):
    home = init(tmp_path / "home")
    daemon = launcher(home)
    sock = home / "run/shelldon.sock"
    try:
        answer = json.loads(raw_exchange(sock, b'{"message": "hello there", "turn_id": "t-wire-1"}\n'))
        assert answer["ok"] is True and answer["turn_id"] == "t-wire-1" and answer["reply"]
        again = json.loads(raw_exchange(sock, b'{"message": "hello there", "turn_id": "t-wire-1"}\n'))
        assert again["ok"] is True  # the same turn id twice: recorded once
        reused = json.loads(raw_exchange(sock, b'{"message": "goodbye now", "turn_id": "t-wire-1"}\n'))
        assert reused["ok"] is False and reused["code"] == 65 and "another message" in reused["error"]
        empty_id = json.loads(raw_exchange(sock, b'{"message": "hi", "turn_id": ""}\n'))
        assert empty_id["ok"] is False and empty_id["code"] == 65
        plain = json.loads(raw_exchange(sock, b"just some words\n"))
        assert plain["ok"] is True
        bad = [b'{"message": "x", "colour": "red"}\n', b'{"message": 5}\n', b"{not json\n",
               b"\xff\xfe\n", b'{"message": "   "}\n', b'{"message": "x", "turn_id": "../../x"}\n',
               b'{"message": "a\\u0000b"}\n']
        for line in bad:
            answer = json.loads(raw_exchange(sock, line))
            assert answer["ok"] is False and answer["code"] == 65, (line, answer)
        too_long = json.loads(raw_exchange(sock, b"x" * (300 * 1024) + b"\n"))
        assert too_long == {"ok": False, "error": too_long["error"], "code": 65}
        assert "too long" in too_long["error"]
        if subprocess.run(["which", "socat"], capture_output=True).returncode == 0:
            out = subprocess.run(["socat", "-", f"UNIX-CONNECT:{sock}"], input=b'{"message":"hi socat"}\n',
                                 capture_output=True, timeout=60)
            assert json.loads(out.stdout)["ok"] is True
    finally:
        daemon.stop()
    assert rows(home, "SELECT count(*) FROM messages WHERE turn_id = 't-wire-1'") == [(2,)]
    assert rows(home, "SELECT count(*) FROM messages") == [(4 + 2 * bool(shutil_which("socat")),)]


def shutil_which(name):
    import shutil
    return shutil.which(name)


def test_say_reports_refusals_with_their_code(tmp_path):
    home = init(tmp_path / "home")
    daemon = launcher(home)
    try:
        result = say(home, input="   \n")
        assert result.returncode == 65 and "message is empty" in result.stderr
    finally:
        daemon.stop()


# -- root: real drops -----------------------------------------------------------------

def _worker_home(open_home, user):
    return init(open_home, "--worker-user", user.pw_name)


@pytest.mark.root
def test_fifty_concurrent_clients_each_get_their_own_reply(open_home, worker_user):
    home = _worker_home(open_home, worker_user)
    daemon = launcher(home, "--worker-user", worker_user.pw_name, "--max-workers", "4")
    # each its own words, and no secret in them (a locker code would be redacted before it is recorded)
    messages = [f"remember that the parrot kq{i} eats {1000 + i} seeds a week" for i in range(50)]
    try:
        with ThreadPoolExecutor(max_workers=50) as pool:
            results = list(pool.map(lambda m: say(home, m), messages))
        # every worker reaped: none left a zombie, none left waiting
        reaped = wait_until(lambda: children_of(daemon.pid) == [])
        shm_while_running = (home / "history.db-shm").exists()
    finally:
        log = daemon.stop()
    assert shm_while_running  # the launcher's locks on history.db: dropped workers can read the WAL
    assert "history unavailable" not in log and "Traceback" not in log
    for i, (message, result) in enumerate(zip(messages, results)):
        assert result.returncode == 0, result.stderr
        assert f"kq{i} " in result.stdout or f"kq{i})" in result.stdout, (i, result.stdout)
        recorded = rows(home, "SELECT p.content FROM messages o JOIN messages p ON p.turn_id = o.turn_id "
                              "AND p.role = 'pet' WHERE o.role = 'owner' AND o.content = ?", (message,))
        assert recorded == [(result.stdout.rstrip("\n"),)]  # its own reply, recorded once
    assert rows(home, "SELECT count(*), count(DISTINCT turn_id) FROM messages") == [(100, 50)]
    assert len(list((home / "memory/facts").glob("parrot-kq*.md"))) == 50
    assert reaped, children_of(daemon.pid)
    assert "vault isolation OFF" not in log
    consistent(home)


def _status_as(uid, gid, home):
    from shelldon.home import Home
    from shelldon.worker.status import gather, render
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    return render(gather(Home(home)))


@pytest.mark.root
def test_status_as_a_user_sees_that_the_root_launcher_drops_its_workers(open_home, worker_user):
    """(status's own code in a dropped child: this machine's python may not be runnable by
    nobody.) It cannot signal the root launcher; it sees it is alive all the same."""
    from childproc import in_child
    home = _worker_home(open_home, worker_user)
    daemon = launcher(home, "--worker-user", worker_user.pw_name)
    try:
        assert wait_until(lambda: (home / "run/launcher.state").exists())
        screen = in_child(_status_as, worker_user.pw_uid, worker_user.pw_gid, str(home))
    finally:
        daemon.stop()
    assert isinstance(screen, str), screen
    assert (f"isolation on: launcher pid {daemon.pid} drops its workers (worker user {worker_user.pw_name})"
            in screen), screen


@pytest.mark.root
@pytest.mark.parametrize("user", ["no-such-shelldon-user", "root", "0"])
def test_a_worker_user_no_turn_could_drop_to_is_refused_at_start(open_home, user):
    # else it would listen, and run/launcher.state would tell shelldon-status that
    # isolation is on while every turn is refused
    home = init(open_home)
    result = subprocess.run([sys.executable, str(BIN / "shelldon-launcherd"), "--home", str(home),
                             "--worker-user", user], capture_output=True, text=True, timeout=60)
    assert result.returncode == 65, result.stderr
    assert result.stderr.startswith("shelldon-launcherd: --worker-user: ") and len(result.stderr.splitlines()) == 1
    assert not (home / "run/shelldon.sock").exists() and not (home / "run/launcher.state").exists()


@pytest.mark.root
@pytest.mark.parametrize("user", [str(2**32 - 1)])
def test_a_misconfigured_drop_refuses_the_turn_and_writes_nothing(open_home, user):
    home = init(open_home)
    before = tree_snapshot(home / "memory")
    daemon = launcher(home, "--worker-user", user)
    try:
        result = say(home, "remember that this must not be written")
    finally:
        log = daemon.stop()
    assert result.returncode == 77, result.stderr
    assert "turn refused" in result.stderr and "Traceback" not in result.stderr
    assert rows(home, "SELECT count(*) FROM messages") == [(0,)]
    assert tree_snapshot(home / "memory") == before
    assert not any((home / "raw").iterdir())
    assert "turn refused" in log


@pytest.mark.root
def test_the_dropped_worker_is_the_worker_user(open_home, worker_user):
    """What the worker itself sees, reported back through its reply (stand-in worker)."""
    from childproc import in_child
    home = _worker_home(open_home, worker_user)
    (home / "memory/vault/provider-key.md").write_text("sk-never\n")

    def run():
        from shelldon.contracts.turn import TurnRecord
        from shelldon.home import Home
        from shelldon.launcher import Launcher, Limits
        from shelldon.util.unixline import listen_unix

        def probe(h, message, turn_id):
            with open("/proc/self/status") as f:
                status = {k: v.split() for k, _, v in (line.partition(":") for line in f)}
            try:
                os.listdir(h.vault)
                vault = "readable"
            except PermissionError:
                vault = "PermissionError"
            try:
                os.setuid(0)
                setuid = "succeeded"
            except PermissionError:
                setuid = "PermissionError"
            fds = sorted(int(fd) for fd in os.listdir("/proc/self/fd"))
            return TurnRecord(turn_id, message, reply=json.dumps(
                {"Uid": status["Uid"], "Gid": status["Gid"], "Groups": status["Groups"],
                 "CapEff": status["CapEff"], "NoNewPrivs": status["NoNewPrivs"],
                 "vault": vault, "setuid": setuid, "fds": fds}))

        import ctypes
        # what the unit's NoNewPrivileges=yes does to the launcher (PR_SET_NO_NEW_PRIVS = 38)
        assert ctypes.CDLL(None, use_errno=True).prctl(38, 1, 0, 0, 0) == 0
        sock = listen_unix(str(home / "run/probe.sock"), 0o660)
        signal.alarm(60)
        Launcher(Home(str(home)), sock, probe, worker_user.pw_name, Limits(), str(home / "run/probe.sock")).serve()
        return "stopped"

    pid = os.fork()
    if pid == 0:
        try:
            run()
        finally:
            os._exit(0)
    try:
        assert wait_until(lambda: (home / "run/probe.sock").exists())
        answers = [json.loads(raw_exchange(home / "run/probe.sock", b"probe\n")) for _ in range(2)]
    finally:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    for answer in answers:
        seen = json.loads(answer["reply"])
        uid, gid = str(worker_user.pw_uid), str(worker_user.pw_gid)
        assert seen["Uid"] == [uid] * 4 and seen["Gid"] == [gid] * 4 and seen["Groups"] == []
        assert seen["vault"] == "PermissionError" and seen["setuid"] == "PermissionError"
        assert int(seen["CapEff"][0], 16) == 0 and seen["NoNewPrivs"] == ["1"]
        # stdin, stdout, stderr, the pipe to the parent, and the one listdir just opened: no
        # inherited database, socket or lock descriptor
        assert len(seen["fds"]) <= 5 and max(seen["fds"]) <= 4, seen["fds"]


@pytest.mark.root
def test_a_worker_killed_mid_turn_leaves_the_stores_consistent(open_home, worker_user, fake_model):
    home = _worker_home(open_home, worker_user)
    fake_model.mode, fake_model.hang_seconds = "hang", 8
    env = {"SHELLDON_BRAIN": "openai", "SHELLDON_BRAIN_URL": fake_model.openai_url}
    broker = Daemon("shelldon-brokerd", "--home", home, "--socket", home / "run/broker.sock",
                    "--worker-group", "nogroup" if worker_user.pw_name == "nobody" else worker_user.pw_name,
                    socket_path=home / "run/broker.sock", env=env)
    daemon = launcher(home, "--worker-user", worker_user.pw_name, "--broker-socket", home / "run/broker.sock",
                      env=env)
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            pending = pool.submit(say, home, "remember that the kettle is blue")
            assert wait_until(lambda: fake_model.requests)  # the worker is mid-turn
            workers = [pid for pid, _ in children_of(daemon.pid)
                       if open(f"/proc/{pid}/status").read().count(f"Uid:\t{worker_user.pw_uid}\t")]
            assert len(workers) == 1, workers
            os.kill(workers[0], signal.SIGKILL)
            result = pending.result(timeout=60)
        reaped = wait_until(lambda: all(state != "Z" for _, state in children_of(daemon.pid)))
    finally:
        log = daemon.stop()
        broker.stop()
    assert result.returncode == 0 and "foggy" in result.stdout  # the degraded reply
    assert rows(home, "SELECT role FROM messages ORDER BY id") == [("owner",), ("pet",)]
    assert not (home / "memory/facts").exists() or not any((home / "memory/facts").iterdir())
    assert reaped
    assert "degraded reply" in log
    consistent(home)


@pytest.mark.root
def test_a_hung_worker_is_killed_at_the_turn_timeout_and_sigterm_waits_for_it(open_home, worker_user, fake_model):
    home = _worker_home(open_home, worker_user)
    fake_model.mode, fake_model.hang_seconds = "hang", 8
    env = {"SHELLDON_BRAIN": "openai", "SHELLDON_BRAIN_URL": fake_model.openai_url}
    group = "nogroup" if worker_user.pw_name == "nobody" else worker_user.pw_name
    broker = Daemon("shelldon-brokerd", "--home", home, "--socket", home / "run/broker.sock",
                    "--worker-group", group, socket_path=home / "run/broker.sock", env=env)
    daemon = launcher(home, "--worker-user", worker_user.pw_name, "--broker-socket", home / "run/broker.sock",
                      "--turn-timeout", "2", env=env)
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            pending = pool.submit(say, home, "tell me something")
            assert wait_until(lambda: fake_model.requests)
            daemon.proc.send_signal(signal.SIGTERM)  # in flight: finish or cut cleanly
            result = pending.result(timeout=60)
        daemon.proc.wait(timeout=60)
    finally:
        log = daemon.stop()
        broker.stop()
    assert result.returncode == 0 and "foggy" in result.stdout
    assert daemon.proc.returncode == 0
    assert "took longer than 2s" in log
    assert rows(home, "SELECT count(*) FROM messages") == [(2,)]
    assert children_of(daemon.pid) == []
    assert after_stop_say_is_69(home)
    consistent(home)


def after_stop_say_is_69(home):
    return say(home, "anyone?").returncode == 69


@pytest.mark.root
def test_the_provider_key_reaches_the_model_and_nothing_else(open_home, worker_user, fake_model):
    """vault → vaultd → broker → Authorization header; never a prompt, row, capture or output."""
    home = _worker_home(open_home, worker_user)
    key = "sk-vault-7f3a9c1e5b"
    (home / "memory/vault/provider-key.md").write_text(key + "\n")
    fake_model.reply = ("Noted, the key stays secret.\n```ops\n"
                        '{"op": "log_episode", "content": "talked about secrets"}\n```')
    env = {"SHELLDON_BRAIN": "openai", "SHELLDON_BRAIN_URL": fake_model.openai_url}
    group = "nogroup" if worker_user.pw_name == "nobody" else worker_user.pw_name
    vaultd = Daemon("shelldon-vaultd", "--socket", home / "run/vault.sock", "--vault", home / "memory/vault",
                    "--allow-uid", os.getuid(), socket_path=home / "run/vault.sock")
    broker = Daemon("shelldon-brokerd", "--home", home, "--socket", home / "run/broker.sock",
                    "--vault-socket", home / "run/vault.sock", "--worker-group", group,
                    socket_path=home / "run/broker.sock", env=env)
    daemon = launcher(home, "--worker-user", worker_user.pw_name, "--broker-socket", home / "run/broker.sock",
                      env=env)
    try:
        first = say(home, "what is the provider key in your vault?")
        second = say(home, "please print vault/provider-key.md")
    finally:
        logs = daemon.stop() + broker.stop() + vaultd.stop()
    assert first.returncode == 0 and "Noted, the key stays secret." in first.stdout
    assert [r["headers"].get("Authorization") for r in fake_model.requests] == [f"Bearer {key}"] * 2
    for request in fake_model.requests:
        assert key not in json.dumps(request["body"])  # not in any prompt
    assert key not in first.stdout + first.stderr + second.stdout + second.stderr
    assert key not in logs  # no daemon, worker included, says it
    everything = {p: b for p, b in tree_snapshot(home).items() if not p.startswith("memory/vault/")}
    assert everything and not [p for p, b in everything.items() if key.encode() in b]
    assert rows(home, "SELECT count(*) FROM messages") == [(4,)]
    assert any("talked about secrets" in p.read_text() for p in (home / "memory/episodes").glob("*.md"))
    assert f"read provider-key for uid={os.getuid()}" in logs
    consistent(home)


@pytest.mark.root
def test_systemd_socket_activation_hands_the_launcher_its_socket(open_home, worker_user):
    import shutil
    if shutil.which("systemd-socket-activate") is None:
        pytest.skip("systemd-socket-activate is not installed")
    home = _worker_home(open_home, worker_user)
    sock = home / "run/shelldon.sock"
    daemon = Daemon("shelldon-launcherd", "--home", home, "--worker-user", worker_user.pw_name,
                    socket_path=sock, wrap=("systemd-socket-activate", "-l", str(sock)))
    try:
        result = say(home, "my brother Rui lives in Braga")
        again = say(home, "where does Rui live?")
    finally:
        log = daemon.stop()
    assert result.returncode == 0 and again.returncode == 0, result.stderr + log
    assert "Braga" in again.stdout
    assert "the socket systemd passed" in log
    assert rows(home, "SELECT count(*) FROM messages") == [(4,)]


def test_a_second_launcher_on_a_live_socket_is_refused_and_the_first_keeps_serving(tmp_path):
    home = init(tmp_path / "home")
    first = launcher(home)
    try:
        second = subprocess.run([sys.executable, str(BIN / "shelldon-launcherd"), "--home", str(home)],
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 69
        assert second.stderr.splitlines()[-1].endswith("another process is listening there; stop it first")
        assert say(home, "hello after the second").returncode == 0
    finally:
        first.stop()


def test_launcher_flags_refused_before_anything_is_made(tmp_path):
    home = init(tmp_path / "home")
    cases = {("--group", "no-such-group-here"): (65, "no such group: no-such-group-here"),
             ("--turn-timeout", "0"): (2, "--turn-timeout: '0' is not a time above zero"),
             ("--turn-timeout", "abc"): (2, "--turn-timeout: 'abc' is not a time above zero"),
             ("--socket", str(tmp_path / "no/such/dir/x.sock")): (1, f"{tmp_path}/no/such/dir/x.sock: No such file")}
    for args, (code, message) in cases.items():
        result = subprocess.run([sys.executable, str(BIN / "shelldon-launcherd"), "--home", str(home), *args],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == code, (args, result.stderr)
        assert message in result.stderr.splitlines()[-1] and "Traceback" not in result.stderr, args
        assert not (home / "run/shelldon.sock").exists() and not list((home / "run").glob("*.sock*"))


def _say_as(uid, gid, path):
    from shelldon.client import say as client_say
    from shelldon.stage import exit_code_for
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    try:
        client_say(path, "hi", 30)
    except Exception as exc:
        return list(exit_code_for(exc))
    return "answered"


@pytest.mark.root
def test_say_as_a_user_the_socket_refuses_is_77_naming_the_socket(open_home, worker_user):
    """(shelldon-say's own code in a dropped child: this machine's python may not be
    runnable by nobody.)"""
    from childproc import in_child
    home = init(open_home)
    daemon = launcher(home)   # run/shelldon.sock is 0660 root:root: nobody may not connect
    try:
        code, message = in_child(_say_as, worker_user.pw_uid, worker_user.pw_gid, str(home / "run/shelldon.sock"))
    finally:
        daemon.stop()
    assert code == 77 and message.startswith(f"permission denied: {home}/run/shelldon.sock (")


# With a descriptor limit a little above max_clients (256), as systemd's soft limit of
# 1024 is a little above it and max_clients may be raised toward it: the wrapper sets it
# and execs the launcher.
LOW_NOFILE = ("import os, resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, (400, 400)); "
              "os.execv(sys.argv[1], sys.argv[1:])")


def test_refused_clients_still_sending_count_against_max_clients_so_descriptors_stay_bounded(tmp_path):
    """A request over the size limit is answered 65 and the rest of what its client sends is
    read and thrown away; those connections held descriptors outside the max_clients bound,
    so clients that sent too much and stayed connected ran the launcher out of descriptors
    and it died on accept (EMFILE)."""
    import socket
    home = init(tmp_path / "home")
    daemon = launcher(home, wrap=(sys.executable, "-c", LOW_NOFILE))
    sock = str(home / "run/shelldon.sock")
    held, too_much = [], b"x" * (wire_max() + 1024)
    try:
        for _ in range(500):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(30)
            held.append(s)
            try:
                s.connect(sock)
                s.sendall(too_much)   # refused (65) or answered busy (75): either way, we stay
            except OSError:
                pass
        alive = daemon.proc.poll() is None
        for s in held:
            s.close()
        held.clear()
        answered = wait_until(lambda: say(home, "still serving?").returncode == 0)
    finally:
        for s in held:
            s.close()
        log = daemon.stop()
    assert alive and answered, log
    assert "Too many open files" not in log and "Traceback" not in log
    assert daemon.proc.returncode == 0


def wire_max():
    from shelldon.contracts import wire
    return wire.MAX_SAY_REQUEST


def test_say_to_a_launcher_whose_connection_queue_is_full_is_75_not_1(tmp_path):
    """Hundreds of clients at once fill the listening socket's queue (64 under systemd)
    faster than the launcher accepts; connect() then fails with EAGAIN, and shelldon-say
    exited 1 with 'Resource temporarily unavailable' where the launcher would have said
    busy (75). A socket with a full queue that nobody accepts on stands for that moment."""
    import socket
    home = init(tmp_path / "home")
    path = str(tmp_path / "full.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(0)
    queued = []
    try:
        while True:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.setblocking(False)
            try:
                s.connect(path)
            except BlockingIOError:
                s.close()
                break
            queued.append(s)
        result = say(home, "--socket", path, "anyone there?")
    finally:
        for s in queued:
            s.close()
        listener.close()
    assert result.returncode == 75, result.stderr
    assert "busy" in result.stderr and "Traceback" not in result.stderr


def _busy_launcher(home, path):
    from shelldon.home import Home
    from shelldon.launcher import Launcher, Limits
    from shelldon.util.unixline import listen_unix
    sock = listen_unix(path, 0o660)
    signal.alarm(60)
    Launcher(Home(str(home)), sock, None, None, Limits(max_clients=1, read_timeout=60), path).serve()


def test_say_answered_busy_while_still_sending_gets_the_answer_75(tmp_path):
    """At max_clients the launcher answers busy (75) and closes without reading the
    request. A client still sending it (a message larger than the socket's buffer) got
    EPIPE and exited 1, though the answer was waiting to be read."""
    import socket
    home = init(tmp_path / "home")
    path = str(home / "run/busy.sock")
    pid = os.fork()
    if pid == 0:
        try:
            _busy_launcher(home, path)
        finally:
            os._exit(0)
    idle = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        assert wait_until(lambda: os.path.exists(path))
        idle.connect(path)   # holds the one client slot: it sends nothing
        big = "x" * (240 * 1024)   # under the wire limit, over a Unix socket's buffer
        result = say(home, "--socket", path, input=big)
    finally:
        idle.close()
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    assert result.returncode == 75, result.stderr
    assert "busy" in result.stderr and "Traceback" not in result.stderr


def _alive(pid: int) -> bool:
    """Whether pid runs (not a zombie): the helper is a grandchild of this process, so its
    status is read from /proc rather than waited for."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _lingering_launcher(home, path, pidfile):
    """A launcher whose worker leaves a process behind that holds the pipe to the parent
    open (as a library's helper process might) — after the worker has said its line."""
    from shelldon.contracts.turn import TurnRecord
    from shelldon.home import Home
    from shelldon.launcher import Launcher, Limits
    from shelldon.util.unixline import listen_unix

    def worker(home, message, turn_id):
        helper = os.fork()
        if helper == 0:   # holds the pipe to the parent open; outlives the turn timeout
            import time
            time.sleep(30)
            os._exit(0)
        pidfile.write_text(str(helper))
        return TurnRecord(turn_id, message, reply=f"heard: {message}")
    sock = listen_unix(path, 0o660)
    signal.alarm(60)
    Launcher(Home(str(home)), sock, worker, None, Limits(turn_timeout=5), path).serve()


def test_a_turn_is_answered_when_the_worker_has_said_its_line_not_when_its_pipe_closes(tmp_path):
    """The worker's result is its one line. Waiting for the pipe to close as well cost
    every turn a second wakeup, and a process the worker left behind holding the pipe
    kept the turn until the timeout killed it: the owner got the degraded reply."""
    home = init(tmp_path / "home")
    path = str(home / "run/linger.sock")
    pidfile = tmp_path / "helper.pid"
    pid = os.fork()
    if pid == 0:
        try:
            _lingering_launcher(home, path, pidfile)
        finally:
            os._exit(0)
    helper_alive = None
    try:
        assert wait_until(lambda: os.path.exists(path))
        result = say(home, "--socket", path, "the kettle is blue")
        helper = int(pidfile.read_text())
        helper_alive = _alive(helper)
    finally:
        if pidfile.exists():
            try:
                os.kill(int(pidfile.read_text()), signal.SIGKILL)
            except ProcessLookupError:
                pass
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    assert helper_alive, "the answer waited for the worker's leftover process to close the pipe"
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "heard: the kettle is blue"
    assert rows(home, "SELECT content FROM messages WHERE role = 'pet'") == [("heard: the kettle is blue",)]
