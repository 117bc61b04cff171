"""A worker's life, from fork to reap.

    child:  close every descriptor but the pipe → util.privdrop (groups → gid → uid → verify)
            → work(home, message, turn_id) through read-only handles
            → one wire.WorkerResult line on the pipe → exit
    parent: read the pipe (bounded) → reap; kill at the deadline

The child never sees the client's socket, the parent's database descriptors or a lock: it
keeps stdin, stdout, stderr and PIPE_FD. A drop that fails becomes a result with the
refusal's code (77), so the parent refuses the turn and writes nothing.
"""
import os
import selectors
import signal
import time
from collections.abc import Callable

import msgspec

from ..contracts import wire
from ..contracts.turn import TurnRecord
from ..home import Home
from ..util import privdrop
from .clients import Client

PIPE_FD = 3   # the child's only descriptor besides stdin, stdout and stderr

Work = Callable[[Home, str, str], TurnRecord]   # (home, message, turn_id) → record with reply


class Worker(msgspec.Struct):
    """One forked child and what it has said so far (mutable: filled in as it runs)."""
    client: Client
    pid: int
    pipe: int | None
    deadline: float
    out: bytearray = msgspec.field(default_factory=bytearray)
    eof: bool = False
    exited: bool = False
    status: int = 0
    killed: str | None = None   # why we killed it, if we did
    answered: bool = False


def child(home: Home, work: Work, worker_user: str | None, client: Client, pipe_w: int) -> None:
    """Runs in the fork; never returns."""
    status = 0
    try:
        signal.set_wakeup_fd(-1)
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGCHLD, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL)
        os.dup2(pipe_w, PIPE_FD, inheritable=False)
        os.closerange(PIPE_FD + 1, os.sysconf("SC_OPEN_MAX"))   # the db's locks, the sockets
        try:
            privdrop.maybe_drop(worker_user, quiet=True)
        except privdrop.DropRefused as exc:
            result = wire.WorkerResult(error=f"turn refused: {exc}", code=exc.exit_code)
        else:
            try:
                record = work(home, client.message, client.turn_id)
                result = wire.WorkerResult(reply=record.reply, ops=wire.raw_ops(record.ops),
                                           dropped=record.dropped)
            except Exception as exc:
                from ..stage import exit_code_for
                code, message = exit_code_for(exc)
                result = wire.WorkerResult(error=message, code=code)
        data = memoryview(wire.encode(result))
        while data:
            data = data[os.write(PIPE_FD, data):]
        os.close(PIPE_FD)   # the parent answers now, not after this process is torn down
    except BaseException:
        status = 1
    finally:
        os._exit(status)


class Workers:
    """The running children, by pid."""

    def __init__(self, home: Home, work: Work, worker_user: str | None, sel: selectors.BaseSelector,
                 turn_timeout: float):
        self.home, self.work, self.worker_user, self.sel = home, work, worker_user, sel
        self.turn_timeout = turn_timeout
        self.running: dict[int, Worker] = {}

    def __len__(self) -> int:
        return len(self.running)

    def deadlines(self) -> list[float]:
        return [w.deadline for w in self.running.values()]

    def start(self, client: Client, not_after: float | None = None) -> None:
        pipe_r, pipe_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            child(self.home, self.work, self.worker_user, client, pipe_w)
        os.close(pipe_w)
        os.set_blocking(pipe_r, False)
        deadline = time.monotonic() + self.turn_timeout
        worker = Worker(client, pid, pipe_r, deadline if not_after is None else min(deadline, not_after))
        self.running[pid] = worker
        self.sel.register(pipe_r, selectors.EVENT_READ, ("pipe", worker))

    def read(self, worker: Worker) -> None:
        try:
            chunk = os.read(worker.pipe, 65536)
        except (BlockingIOError, InterruptedError):
            return
        worker.out += chunk
        if len(worker.out) > wire.MAX_WORKER_RESULT:
            self.kill(worker, f"worker said more than {wire.MAX_WORKER_RESULT} bytes")
        elif not chunk:
            self._close_pipe(worker)
            worker.eof = True

    def kill(self, worker: Worker, why: str) -> None:
        if worker.killed is None and not worker.exited:
            worker.killed = why
            try:
                os.kill(worker.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self._close_pipe(worker)

    def reap(self, block: bool = False) -> None:
        """Collect every child that has exited (block: wait for all of them)."""
        while self.running:
            try:
                pid, status = os.waitpid(-1, 0 if block else os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            worker = self.running.get(pid)
            if worker is not None:
                worker.exited, worker.status = True, status

    def expire(self, now: float, not_after: float | None = None) -> None:
        """Kill what outlived its deadline; not_after (a shutdown's grace) shortens them all."""
        for worker in self.running.values():
            if not_after is not None:
                worker.deadline = min(worker.deadline, not_after)
            if now >= worker.deadline and not worker.exited:
                self.kill(worker, f"worker took longer than {self.turn_timeout:g}s")

    def done(self) -> list[Worker]:
        """Workers ready to be answered: said their one line, or gone. Each is answered
        once, and counts against max_workers until it is reaped — not at the pipe's end
        too, which cost every turn a second wakeup and let anything still holding the pipe
        hold the turn."""
        ready = []
        for pid, worker in list(self.running.items()):
            if worker.exited and worker.answered:
                del self.running[pid]
                continue
            if worker.answered:
                continue
            said_all = not worker.killed and worker.out.endswith(b"\n")
            if said_all or (worker.exited and (worker.eof or worker.killed)):
                if worker.exited:
                    del self.running[pid]
                self._close_pipe(worker)
                worker.answered = True
                ready.append(worker)
        return ready

    def _close_pipe(self, worker: Worker) -> None:
        if worker.pipe is not None:
            self.sel.unregister(worker.pipe)
            os.close(worker.pipe)
            worker.pipe = None
