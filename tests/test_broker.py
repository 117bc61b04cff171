"""shelldon-brokerd: who may ask, the limits, and the key path (real sockets, real drops)."""
import grp
import json
import os
import socket
import subprocess
import sys

import pytest

from childproc import in_child
from conftest import BIN
from daemons import Daemon
from trustfix import open_home, worker_user  # noqa: F401 (fixtures)


def think(path, prompt="hello", message="hello", raw=None) -> dict:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(60)
        s.connect(str(path))
        s.sendall(raw if raw is not None else json.dumps({"prompt": prompt, "message": message}).encode() + b"\n")
        s.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return json.loads(data)


@pytest.fixture
def home(open_home):
    subprocess.run([sys.executable, str(BIN / "shelldon-init"), "--home", str(open_home)], check=True,
                   capture_output=True)
    return open_home


def broker(home, fake_model, *args, env=None):
    env = {"SHELLDON_BRAIN": "openai", "SHELLDON_BRAIN_URL": fake_model.openai_url, **(env or {})}
    return Daemon("shelldon-brokerd", "--home", home, "--socket", home / "run/broker.sock", *args,
                  socket_path=home / "run/broker.sock", env=env)


def test_answers_its_own_uid_and_bounds_what_it_forwards(home, fake_model):
    fake_model.reply = "from the model"
    daemon = broker(home, fake_model, "--per-minute", "2")
    sock = home / "run/broker.sock"
    try:
        assert oct(os.stat(sock).st_mode & 0o777) == "0o600"
        assert think(sock) == {"ok": True, "text": "from the model"}
        assert think(sock, raw=b'{"prompt": "x", "message": "y", "extra": 1}\n')["ok"] is False
        too_big = think(sock, raw=b'{"prompt": "' + b"x" * (600 * 1024) + b'"}\n')
        assert too_big["ok"] is False and "longer than" in too_big["error"]
        assert think(sock)["ok"] is True
        limited = think(sock)
        assert limited == {"ok": False, "error": "rate limited: more than 2 calls a minute"}
    finally:
        log = daemon.stop()
    assert len(fake_model.requests) == 2
    assert "Authorization" not in fake_model.requests[0]["headers"]  # no vault, no key
    assert "from the model" not in log and "hello" not in log  # no prompt or reply in the log


def test_provider_failure_is_an_error_answer(home, fake_model):
    fake_model.status = 500
    daemon = broker(home, fake_model)
    try:
        answer = think(home / "run/broker.sock")
    finally:
        daemon.stop()
    assert answer["ok"] is False and "server error 500" in answer["error"]


def _ask_as(uid, gid, groups, path):
    os.setgroups(groups)
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    return think(path)


@pytest.mark.root
def test_only_the_worker_group_may_ask(home, fake_model, worker_user):
    group = grp.getgrgid(worker_user.pw_gid).gr_name
    # the socket is in the home's run/: a home shared with the worker group (a private one
    # is 0700, and no worker could reach the socket at all)
    subprocess.run([sys.executable, str(BIN / "shelldon-init"), "--home", str(home), "--worker-user",
                    worker_user.pw_name], check=True, capture_output=True)
    daemon = broker(home, fake_model, "--worker-group", group)
    sock = str(home / "run/broker.sock")
    try:
        assert oct(os.stat(sock).st_mode & 0o777) == "0o660"
        worker = in_child(_ask_as, worker_user.pw_uid, worker_user.pw_gid, [], sock)
        # in the socket's group only as a supplementary group: the kernel lets it connect,
        # the peer check (primary gid) does not let it ask
        stranger = in_child(_ask_as, 54321, 54321, [worker_user.pw_gid], sock)
        outsider = in_child(_ask_as, 54321, 54321, [], sock)
    finally:
        log = daemon.stop()
    assert worker["ok"] is True
    assert stranger == {"ok": False, "error": "peer not allowed"}
    assert outsider["raised"] == "PermissionError"  # 0660: the kernel refuses the connect
    assert "uid=54321" in log and "refused: peer not allowed" in log


@pytest.mark.root
def test_the_key_comes_from_the_vault_helper(home, fake_model):
    key = "sk-broker-test-42"
    (home / "memory/vault/provider-key.md").write_text(key + "\n")
    vaultd = Daemon("shelldon-vaultd", "--socket", home / "run/vault.sock", "--vault", home / "memory/vault",
                    "--allow-uid", "root", socket_path=home / "run/vault.sock")
    daemon = broker(home, fake_model, "--vault-socket", home / "run/vault.sock")
    try:
        answer = think(home / "run/broker.sock")
        # a stage's turn, found the broker on run/broker.sock: the vault's key, not its own
        turn = subprocess.run([sys.executable, str(BIN / "shelldon-turn"), "--brain", "openai", "--brain-url",
                               "http://127.0.0.1:9/v1", "hello"], capture_output=True,
                              env={**os.environ, "SHELLDON_HOME": str(home)})
    finally:
        logs = daemon.stop() + vaultd.stop()
    assert answer["ok"] is True and turn.returncode == 0 and turn.stdout == b"Hello from the model.\n"
    assert [r["headers"]["Authorization"] for r in fake_model.requests] == [f"Bearer {key}"] * 2
    assert key not in logs and key not in json.dumps(answer) and key.encode() not in turn.stderr


def test_no_vault_helper_is_an_error_not_a_keyless_call(home, fake_model):
    daemon = broker(home, fake_model, "--vault-socket", home / "run/nothing.sock")
    try:
        answer = think(home / "run/broker.sock")
    finally:
        daemon.stop()
    assert answer["ok"] is False and "vault helper" in answer["error"]
    assert fake_model.requests == []


def test_think_turn_and_dream_ask_through_a_running_broker(home, fake_model):
    """With a broker on the home's run/broker.sock, a stage's model call goes through it —
    the stage's own URL (here a dead port) and the environment's key are not used."""
    fake_model.reply = "through the broker"
    daemon = broker(home, fake_model)
    env = {**os.environ, "SHELLDON_HOME": str(home), "SHELLDON_API_KEY": "sk-never-sent"}
    stage = [sys.executable, str(BIN / "shelldon-turn"), "--brain", "openai", "--brain-url", "http://127.0.0.1:9/v1"]
    try:
        turn = subprocess.run([*stage, "I like green tea"], capture_output=True, env=env)
        capture = subprocess.run([sys.executable, str(BIN / "shelldon-capture"), "--key", "tea", "likes tea"],
                                 capture_output=True, env=env)
        dream = subprocess.run([sys.executable, str(BIN / "shelldon-dream"), "--if-idle", "0", "--brain", "openai",
                                "--brain-url", "http://127.0.0.1:9/v1"], capture_output=True, env=env)
    finally:
        daemon.stop()
    assert turn.returncode == 0 and turn.stdout == b"through the broker\n", turn.stderr
    assert b"dev mode" not in turn.stderr and b"SHELLDON_API_KEY" not in turn.stderr
    assert capture.returncode == 0 and dream.returncode == 0, dream.stderr
    assert len(fake_model.requests) == 2   # the turn's and the dream's, both by the broker
    assert all("Authorization" not in r["headers"] for r in fake_model.requests)   # no vault: no key
    # named by the environment, as the systemd dream unit does; a broker that is gone is a
    # failed brain (the degraded reply), never a direct call with the environment's key
    gone = subprocess.run([*stage, "hello again"], capture_output=True,
                          env={**env, "SHELLDON_BROKER_SOCKET": str(home / "run/nothing.sock")})
    assert gone.returncode == 0 and gone.stdout.startswith(b"Sorry, my thoughts are foggy")
    assert b"run/nothing.sock" in gone.stderr and len(fake_model.requests) == 2


def _answer_or_none(sock):
    """The broker's answer line to one request; None if there is none (yet)."""
    from shelldon.util.unixline import exchange
    try:
        return json.loads(exchange(sock, b'{"prompt": "hello", "message": "hello"}\n', 1024, 60))
    except (OSError, ValueError):   # EAGAIN while the listen queue is full; the broker gone
        return None


def test_a_client_gone_before_its_busy_answer_does_not_stop_the_broker(home, fake_model):
    """At max_clients (64) the broker answers 'broker busy' from its accept loop. A client
    that had already closed made that send fail with EPIPE, which nothing caught: serve()
    raised, and stage.run took the BrokenPipeError for a closed stdout — the broker exited
    0 with nothing said, so systemd (Restart=on-failure) did not start it again."""
    import signal
    daemon = broker(home, fake_model)
    sock = str(home / "run/broker.sock")
    idle = []
    try:
        busy = {"ok": False, "error": "broker busy"}
        for _ in range(200):   # idle clients (connected, saying nothing yet) until every slot is held
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(sock)
            idle.append(s)
            if len(idle) >= 64 and _answer_or_none(sock) == busy:
                break
        else:
            raise AssertionError("never saw the broker busy")
        os.kill(daemon.pid, signal.SIGSTOP)   # so the next client is gone before it is accepted
        try:
            gone = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            gone.connect(sock)
            gone.close()
        finally:
            os.kill(daemon.pid, signal.SIGCONT)
        after = _answer_or_none(sock)
        alive = daemon.proc.poll() is None
    finally:
        for s in idle:
            s.close()
        log = daemon.stop()
    assert alive and isinstance(after, dict), (after, log)   # answered: busy, or by then ok
    assert "Traceback" not in log


def test_a_provider_key_of_more_than_one_line_is_refused_and_never_logged(home, fake_model):
    """vault/provider-key.md with a second line (a note under the key, as a .md invites)
    went into the Authorization header; the HTTP client refused it with a ValueError that
    quotes the header, and the broker logged that error: the key, in the clear, in the
    journal. The key must never be logged."""
    key = "sk-two-lines-8d1e"
    (home / "memory/vault/provider-key.md").write_text(f"{key}\n# from the provider's dashboard\n")
    vaultd = Daemon("shelldon-vaultd", "--socket", home / "run/vault.sock", "--vault", home / "memory/vault",
                    "--allow-uid", "root", socket_path=home / "run/vault.sock")
    daemon = broker(home, fake_model, "--vault-socket", home / "run/vault.sock")
    try:
        answer = think(home / "run/broker.sock")
    finally:
        logs = daemon.stop() + vaultd.stop()
    assert answer["ok"] is False and "provider-key" in answer["error"]
    assert key not in logs and key not in json.dumps(answer)
    assert fake_model.requests == []


def test_a_request_trickled_a_byte_at_a_time_is_cut_off(home, fake_model):
    """The broker's read timeout (10 s) was per recv(), not for the request: a peer that
    sent a byte every second held its thread for as long as it liked (512 KiB of them),
    and 64 such peers held every client slot — the broker answered 'busy' to every worker.
    A trickling client must get an answer (a time-out) before it runs out of bytes."""
    import time
    daemon = broker(home, fake_model)
    answer = b""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(str(home / "run/broker.sock"))
            s.settimeout(1.0)
            for byte in b'{"prompt": "' + b"x" * 60:   # ~70 s of trickle at most
                try:
                    s.sendall(bytes([byte]))
                    answer = s.recv(65536)
                except TimeoutError:
                    continue
                except OSError:
                    break
                if answer:
                    break
    finally:
        log = daemon.stop()
    assert answer, "the broker kept reading a trickled request"
    reply = json.loads(answer)
    assert reply["ok"] is False and "timed out" in reply["error"], reply
    assert "Traceback" not in log


def test_a_provider_trickling_its_reply_is_cut_off_and_the_broker_serves_on(home, fake_model):
    """The provider's body comes a byte every 0.2 s (~20 s in all): the broker answers
    'no reply within' at its deadline, and its next call is served as usual."""
    import time
    fake_model.mode, fake_model.trickle_seconds = "trickle-body", 0.2
    daemon = broker(home, fake_model, env={"SHELLDON_BRAIN_TIMEOUT": "1.5"})
    try:
        started = time.monotonic()
        cut = think(home / "run/broker.sock")
        took = time.monotonic() - started
        fake_model.mode = "ok"
        after = think(home / "run/broker.sock")
    finally:
        log = daemon.stop()
    assert cut["ok"] is False and "no reply within 1.5s" in cut["error"], cut
    assert took < 5, took
    assert after == {"ok": True, "text": "Hello from the model."}
    assert "Traceback" not in log


def test_the_broker_reaches_an_https_provider_through_an_https_proxy(home, tmp_path):
    """https_proxy=https://…: the broker speaks TLS to the proxy, asks it for a tunnel,
    and TLS again with the provider inside; the provider's certificate is checked against
    REQUESTS_CA_BUNDLE."""
    trustme = pytest.importorskip("trustme")
    from fakemodel import FakeModel, TlsProxy, tls_context
    ca = trustme.CA()
    bundle = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(bundle))
    model = FakeModel().serve_tls(tls_context(ca)).start()
    proxy = TlsProxy(tls_context(ca))
    env = {"REQUESTS_CA_BUNDLE": str(bundle), "https_proxy": proxy.url, "HTTPS_PROXY": proxy.url,
           "no_proxy": "", "NO_PROXY": ""}
    try:
        daemon = broker(home, model, env=env)
        try:
            answer = think(home / "run/broker.sock")
        finally:
            daemon.stop()
    finally:
        proxy.stop()
        model.stop()
    assert answer == {"ok": True, "text": "Hello from the model."}
    assert proxy.handshakes == 1 and proxy.targets == [f"127.0.0.1:{model.port}"]
    assert len(model.requests) == 1
