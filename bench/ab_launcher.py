#!/usr/bin/env python3
"""Interleaved A/B of launchers from two (or more) trees on copies of one home.

    python bench/ab_launcher.py HOME TURNS TREE_A TREE_B [TREE…]

Each TREE holds bin/ and lib/ (e.g. `git archive REV lib bin | tar -x -C DIR`). Every
launcher gets its own copy of HOME; turns go to them in turn (A, B, A, B, …) so a burst of
load on a shared machine hits all alike. GAP=seconds in the environment pauses before each
turn. Prints each tree's median and the median of the pairwise ratios to the first.
"""
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import socket_turn  # noqa: E402

MESSAGE = "what did I say about the garden last summer?"


def turn(sock: str) -> float:
    return socket_turn(sock, MESSAGE)


def main() -> int:
    source, turns, trees = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    gap = float(os.environ.get("GAP", "0"))
    work = tempfile.mkdtemp(prefix="shelldon-ab-")
    daemons, socks = [], []
    try:
        for n, tree in enumerate(trees):
            home = os.path.join(work, f"home{n}")
            shutil.copytree(source, home, symlinks=True)
            sock = os.path.join(home, "run", "ab.sock")
            env = {**os.environ, "SHELLDON_HOME": home, "PYTHONPATH": os.path.join(tree, "lib")}
            daemons.append(subprocess.Popen([sys.executable, os.path.join(tree, "bin", "shelldon-launcherd"),
                                             "--socket", sock], env=env, stderr=subprocess.DEVNULL))
            socks.append(sock)
        for sock in socks:
            for _ in range(400):
                if os.path.exists(sock):
                    break
                time.sleep(0.05)
            turn(sock)
            turn(sock)
        times = [[] for _ in socks]
        for _ in range(turns):
            for n, sock in enumerate(socks):
                time.sleep(gap)
                times[n].append(turn(sock))
    finally:
        for daemon in daemons:
            daemon.send_signal(signal.SIGTERM)
            daemon.wait()
        shutil.rmtree(work, ignore_errors=True)
    for tree, samples in zip(trees, times):
        print(f"{tree}: median {statistics.median(samples):.2f} ms")
    for tree, samples in zip(trees[1:], times[1:]):
        pairwise = statistics.median(b / a for a, b in zip(times[0], samples))
        print(f"{tree} / {trees[0]}: {pairwise:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
