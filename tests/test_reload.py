"""SIGHUP (`systemctl reload`): the launcher and the broker read config.toml again, log
what changed, and keep the settings in force when the new file cannot be used. The real
daemons, a real loopback model server, the real shelldon-say."""
import json
import signal
import socket
import subprocess
import sys
import time

from conftest import BIN
from daemons import Daemon, wait_until


def openai_config(fake_model) -> str:
    return f'[brain]\nname = "openai"\nurl = "{fake_model.openai_url}"\nmodel = "m"\n'


def say(home, message):
    result = subprocess.run([sys.executable, str(BIN / "shelldon-say"), "--home", str(home), "--json", message],
                            capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def hup(daemon):
    daemon.proc.send_signal(signal.SIGHUP)
    time.sleep(0.3)   # the daemon reloads between rounds; a turn's worker forks after that


def test_the_launcher_takes_a_new_brain_on_sighup_and_keeps_it_over_a_broken_file(ready, home, fake_model):
    fake_model.reply = "Hello from the model."
    daemon = Daemon("shelldon-launcherd", "--home", home, socket_path=home / "run/shelldon.sock",
                    env={"SHELLDON_API_KEY": "test-key"})   # dev mode: no broker, the key from the env
    try:
        first = say(home, "hello there")
        assert first["pet"] != fake_model.reply and not fake_model.requests   # the rules brain
        (home / "config.toml").write_text(openai_config(fake_model))
        hup(daemon)
        second = say(home, "hello again")
        assert second["pet"] == fake_model.reply and len(fake_model.requests) == 1
        (home / "config.toml").write_text("[brain\nname = ")   # not TOML
        hup(daemon)
        third = say(home, "and once more")
        assert third["pet"] == fake_model.reply and len(fake_model.requests) == 2   # the old settings
        assert daemon.proc.poll() is None
    finally:
        err = daemon.stop()
    assert "reload: brain.model: None → 'm'; brain.name: 'rules' → 'openai'" in err, err
    assert "reload: keeping the settings in force; not used: " in err and "config.toml: Expected" in err, err
    assert "Traceback" not in err


def think(path) -> dict:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(60)
        s.connect(str(path))
        s.sendall(b'{"prompt": "hello", "message": "hello"}\n')
        s.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return json.loads(data)


def test_the_broker_takes_a_new_brain_on_sighup(ready, home, fake_model):
    fake_model.reply = "from the model"
    sock = home / "run/broker.sock"
    daemon = Daemon("shelldon-brokerd", "--home", home, "--socket", sock, socket_path=sock)
    try:
        assert think(sock)["ok"] is False   # the rules brain: nothing to call
        (home / "config.toml").write_text(openai_config(fake_model))
        daemon.proc.send_signal(signal.SIGHUP)
        assert wait_until(lambda: think(sock).get("ok"), timeout=10)
        (home / "config.toml").write_text('[brain]\nname = "nonsense"\n')
        daemon.proc.send_signal(signal.SIGHUP)
        time.sleep(1.0)   # a reload happens between accepts (at most 0.5 s apart)
        assert think(sock) == {"ok": True, "text": "from the model"}
        assert daemon.proc.poll() is None
    finally:
        err = daemon.stop()
    assert "reload: brain.model: None → 'm'; brain.name: 'rules' → 'openai'" in err, err
    assert "reload: keeping the settings in force; not used: " in err and "unknown brain 'nonsense'" in err, err
