"""Start the real daemons (bin/shelldon-*d) as subprocesses for a test, and stop them."""
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(__file__).resolve().parent.parent / "bin"


class Daemon:
    def __init__(self, name, *args, socket_path, env=None, wrap=()):
        full_env = dict(os.environ)
        full_env.update(env or {})
        self.socket_path = Path(socket_path)
        self.proc = subprocess.Popen([*wrap, sys.executable, str(BIN / name), *map(str, args)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=full_env)
        self.stderr = ""
        for _ in range(1000):
            if self.proc.poll() is not None:
                break
            if self._connectable():
                return
            time.sleep(0.01)
        raise AssertionError(f"{name} did not start: {self.stop()}")

    def _connectable(self) -> bool:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            try:
                s.connect(str(self.socket_path))
                return True
            except OSError:
                return False

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stop(self, sig=signal.SIGTERM, timeout=60) -> str:
        """Stop it (SIGTERM) and return everything it said on stderr."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            _, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        self.stderr += err.decode(errors="replace")
        return self.stderr


def children_of(pid: int) -> list[tuple[int, str]]:
    """(pid, state) of every process whose parent is pid, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid:
            found.append((int(entry), fields[0]))
    return found


def ids_of(pid: int) -> dict[str, list[int]]:
    """Uid, Gid (real, effective, saved, fs) and Groups of a process, from /proc."""
    ids = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            name, _, value = line.partition(":")
            if name in ("Uid", "Gid", "Groups"):
                ids[name] = [int(v) for v in value.split()]
    return ids


def wait_until(predicate, timeout=30.0, step=0.05):
    """Poll predicate until true or timeout; returns its last value (no timing asserted)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)


def exchange(path, data: bytes, timeout: float = 60) -> bytes:
    """Connect to a Unix socket, send data, half-close, and read the whole answer."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        s.connect(str(path))
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)
