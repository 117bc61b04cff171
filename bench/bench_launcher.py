#!/usr/bin/env python3
"""Turn latency through the launcher (a fork per turn) next to shelldon-turn (a process
per turn), rules brain, on a fresh home. As root the workers drop to `nobody`.

    python bench/bench_launcher.py [TURNS]

Prints the median and 90th percentile of: the launcher measured at its socket (the turn
itself), shelldon-say (the turn plus a client interpreter start), shelldon-turn.
"""
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(__file__).resolve().parent.parent / "bin"
TURNS = int(sys.argv[1]) if len(sys.argv) > 1 else 30
MESSAGES = ["my sister Ana lives in Porto", "I like green tea in the morning",
            "remember that the vet is on Friday", "where does Ana live?", "what do I like?"]


def run(*args, **kw):
    return subprocess.run([sys.executable, *map(str, args)], capture_output=True, check=True, **kw)


def ask(path: str, message: str) -> dict:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(path)
        s.sendall(json.dumps({"message": message}).encode() + b"\n")
        s.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return json.loads(data)


def timed(func, n):
    samples = []
    for i in range(n):
        start = time.perf_counter()
        func(MESSAGES[i % len(MESSAGES)])
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.9 * (len(samples) - 1))]


def main():
    base = tempfile.mkdtemp(prefix="shelldon-bench-")
    os.chmod(base, 0o755)
    home = os.path.join(base, "home")
    root = os.geteuid() == 0
    run(BIN / "shelldon-init", "--home", home, *(["--worker-user", "nobody"] if root else []))
    sock = os.path.join(home, "run", "shelldon.sock")
    daemon = subprocess.Popen([sys.executable, str(BIN / "shelldon-launcherd"), "--home", home,
                               *(["--worker-user", "nobody"] if root else [])],
                              stderr=subprocess.DEVNULL)
    try:
        for _ in range(500):
            if os.path.exists(sock):
                break
            time.sleep(0.01)
        ask(sock, "warm up")
        rows = [("launcher, at the socket", timed(lambda m: ask(sock, m), TURNS)),
                ("shelldon-say (client start + turn)", timed(lambda m: run(BIN / "shelldon-say", "--home", home, m), TURNS))]
    finally:
        daemon.terminate()
        daemon.wait()
    rows.append(("shelldon-turn (a process per turn)",
                 timed(lambda m: run(BIN / "shelldon-turn", "--home", home, m), TURNS)))
    shutil.rmtree(base, ignore_errors=True)
    print(f"turn latency, rules brain, {TURNS} turns each{' (workers drop to nobody)' if root else ' (dev mode)'}")
    for name, (median, p90) in rows:
        print(f"  {name:38s} median {median:7.1f} ms   p90 {p90:7.1f} ms")


if __name__ == "__main__":
    main()
