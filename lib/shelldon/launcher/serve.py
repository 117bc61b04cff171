"""The launcher's loop: one selector over the socket, the clients and the workers' pipes.

A turn: accept → read the request → (queue) → fork → drop → work → pipe → commit → answer.
At most max_workers children at once (more requests queue), at most max_clients
connections in all (more are answered "busy", 75). SIGTERM stops accepting, answers the
queue "try again" (75), lets running turns finish within shutdown_grace (then kills them
and answers the degraded reply), reaps every child and returns.

While it serves, the loop holds history.db's WAL and its index in place for the dropped
workers (core/walpin.py says why that is two locks and not a connection).
"""
import selectors
import signal
import socket
import time
from collections import deque
from collections.abc import Callable

import msgspec

from ..contracts import wire
from ..core import walpin
from ..home import Home
from ..util import log
from . import commit as core_half
from .clients import Client, Listener, answer, refusal
from .workers import Work, Workers


class Limits(msgspec.Struct, frozen=True):
    max_workers: int = 4
    turn_timeout: float = 120.0
    read_timeout: float = 10.0
    max_request: int = wire.MAX_SAY_REQUEST
    max_clients: int = 256
    shutdown_grace: float = 20.0


class Launcher:
    def __init__(self, home: Home, listener: socket.socket, work: Work, worker_user: str | None = None,
                 limits: Limits | None = None, bound_path: str | None = None,
                 reload: Callable[[], None] | None = None):
        from ..core.turn import commit
        from ..worker.brain import DEGRADED_REPLY
        self.home, self.commit, self.degraded = home, commit, DEGRADED_REPLY
        self.limits = limits = limits or Limits()
        self.sel = selectors.DefaultSelector()
        self.listener = Listener(listener, self.sel, limits.max_clients, limits.max_request,
                                 limits.read_timeout, bound_path)
        self.workers = Workers(home, work, worker_user, self.sel, limits.turn_timeout)
        self.queue: deque[Client] = deque()
        self.grace_until: float | None = None   # set by SIGTERM
        self.reload, self.reload_asked = reload, False   # asked by SIGHUP, done between rounds

    def serve(self) -> None:
        self.home.require()
        pins = _pin_history(self.home)
        wake_r, wake_w = socket.socketpair()
        wake_r.setblocking(False)
        wake_w.setblocking(False)
        signal.set_wakeup_fd(wake_w.fileno(), warn_on_full_buffer=False)
        signal.signal(signal.SIGTERM, self._on_term)
        signal.signal(signal.SIGINT, self._on_term)
        signal.signal(signal.SIGCHLD, lambda *_: None)   # a byte on the wakeup fd is enough
        if self.reload is not None:
            signal.signal(signal.SIGHUP, self._on_hup)
        self.sel.register(wake_r, selectors.EVENT_READ, ("wake", None))
        try:
            while not (self.grace_until and not (self.workers or self.queue or self.listener.held())):
                self._round(wake_r)
        finally:
            signal.set_wakeup_fd(-1)
            self.listener.close()
            for worker in self.workers.running.values():
                self.workers.kill(worker, "launcher stopped")
            self.workers.reap(block=True)
            walpin.unpin(pins, self.home.db)
            wake_r.close()
            wake_w.close()

    def _round(self, wake_r: socket.socket) -> None:
        for key, _ in self.sel.select(self._timeout()):
            what, item = key.data
            if what == "accept":
                self.listener.accept(len(self.queue) + len(self.workers), self.grace_until is not None)
            elif what == "read":
                if (client := self.listener.read(item)) is not None:
                    self.queue.append(client)
            elif what == "drain":
                self.listener.drain(item)
            elif what == "pipe":
                self.workers.read(item)
            else:
                _drain(wake_r)
        if self.reload_asked:   # before any worker of this round forks: it gets the new settings
            self.reload_asked = False
            self.reload()
        now = time.monotonic()
        if self.grace_until is not None:
            self.listener.close()
        self.workers.reap()
        self.listener.expire(now)
        self.workers.expire(now, self.grace_until)
        for worker in self.workers.done():
            ended = f"exited with status {worker.status}" if worker.exited else "closed its pipe"
            reply = core_half.finish(self.home, self.commit, worker.client.turn_id, worker.client.message,
                                     bytes(worker.out), worker.killed, ended, self.degraded)
            answer(worker.client, reply)
        self._dispatch()

    def _dispatch(self) -> None:
        while self.queue:
            if self.grace_until is not None:
                answer(self.queue.popleft(), refusal("launcher stopping; try again later", 75))
            elif len(self.workers) < self.limits.max_workers:
                self.workers.start(self.queue.popleft())
            else:
                return

    def _timeout(self) -> float:
        deadlines = self.listener.deadlines() + self.workers.deadlines()
        if not deadlines:
            return 1.0
        return max(0.0, min(1.0, min(deadlines) - time.monotonic()))

    def _on_hup(self, *_) -> None:
        self.reload_asked = True

    def _on_term(self, *_) -> None:
        if self.grace_until is None:
            self.grace_until = time.monotonic() + self.limits.shutdown_grace
            log.info("stopping: no new connections; finishing the turns in flight")


def _pin_history(home: Home) -> list[int]:
    """Failing to pin, serve anyway, and say what it costs."""
    import sqlite3
    try:
        return walpin.pin(home.db)
    except (OSError, sqlite3.Error) as exc:
        log.warn(f"could not hold {home.db}'s WAL open ({exc}); a dropped worker may find "
                 f"the history unavailable while no other connection is open")
        return []


def _drain(sock: socket.socket) -> None:
    try:
        while sock.recv(4096):
            pass
    except (BlockingIOError, InterruptedError):
        pass
