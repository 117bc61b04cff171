"""Turns sent to a running launcher's socket, one after another, for tests that do
something else (a backup, a replication) while the turns go on."""
import json
import threading
import time
from pathlib import Path

from daemons import exchange


class Talker(threading.Thread):
    """Send `turns` turns, turn ids t-0000…; every fifth (every third, …: `remember_every`)
    a statement the rules brain remembers, so curated files change too. acked holds
    (monotonic time of the answer, turn id) of every turn answered ok; failures the rest."""

    def __init__(self, home: Path, turns: int, remember_every: int = 3):
        super().__init__()
        self.sock, self.turns, self.every = home / "run/shelldon.sock", turns, remember_every
        self.acked: list[tuple[float, str]] = []
        self.failures: list = []

    def run(self) -> None:
        for i in range(self.turns):
            turn_id = f"t-{i:04d}"
            message = f"my friend number {i} is called Friend{i}" if i % self.every == 0 else f"hello number {i}"
            try:
                answer = json.loads(exchange(self.sock, json.dumps({"message": message, "turn_id": turn_id}).encode()
                                             + b"\n"))
            except (OSError, ValueError) as exc:
                self.failures.append((turn_id, exc))
                continue
            if answer.get("ok"):
                self.acked.append((time.monotonic(), turn_id))
            else:
                self.failures.append((turn_id, answer))
