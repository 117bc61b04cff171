"""The launcher: socket → fork → drop → worker → pipe → core.

One parent process, the core, that has imported everything before it listens. For each
connection it reads one request line (bounded in size and time), then forks a worker:

    child:  close every descriptor but the pipe → clear groups → setgid → setuid → verify
            → assemble + think through read-only handles (worker.turn.prepare)
            → write {"reply", "ops"} to the pipe → exit
    parent: (open the commit's connection while the child runs) → read the pipe → validate
            → core.turn.commit (apply ops, record the turn) → answer the client

After a turn, while no worker runs, the parent forks a spare: a child that drops, warms
up (a rules-brain prompt of its own, thrown away; its read-only connection opened) and
waits on a pipe for the next request line — then goes on as any worker. The fork, the
drop and the warm-up are off the next turn's path; the spare is dismissed (SIGKILL: it
holds only a read-only connection) after limits.spare_idle seconds without a turn, at
SIGTERM, or for a request too large for its pipe (that turn gets a fresh fork).

The child never opens a store for writing, never sees the client's socket, and the
parent trusts nothing from it but a reply text and op lines that the core validates
again; the turn id and the owner's message are the parent's own. A drop that fails
(no such user, a uid the kernel will not take, a check that does not hold) refuses the
turn: nothing is written and the client gets exit code 77. A worker that hangs past the
turn timeout, crashes or says something that is not a worker result is killed and the
owner gets the degraded reply (recorded, as when a brain fails).

Bounded: at most max_workers children at once (more requests queue), at most
max_clients connections in all (more are answered "busy", 75), requests of at most
max_request bytes read within read_timeout. SIGTERM stops accepting, answers the queue
"try again" (75), lets running turns finish within the grace period (then kills them and
answers the degraded reply), reaps every child and returns.
"""
import os
import selectors
import signal
import socket
import time
from collections import deque
from collections.abc import Callable

from .contracts import ContractError, wire
from .contracts.turn import TurnRecord, check_turn_id, clean_message, new_turn_id
from .core import walpin
from .home import Home
from .util import log, privdrop
from .util.records import dataclass, field
from .util.unixline import listen_unix

SOCKET_NAME = wire.SOCKET_NAME
PIPE_FD = 3  # the child's only descriptor besides stdin/stdout/stderr
JOB_FD = 4   # and a spare's: where its turn comes

Worker = Callable[[Home, str, str], TurnRecord]  # (home, message, turn_id) → record with reply


def _recv(conn: socket.socket) -> tuple[bytes | None, bool]:
    """(chunk, broken) from a non-blocking client: None when nothing is there yet; b"" when
    it is gone — broken=True if by an error rather than an orderly end."""
    try:
        return conn.recv(65536), False
    except (BlockingIOError, InterruptedError):
        return None, False
    except OSError:
        return b"", True


def default_socket(home: Home) -> str:
    return os.path.join(home.run, SOCKET_NAME)


@dataclass
class Limits:
    max_workers: int = 4
    spare_idle: float = 300.0   # seconds a spare worker waits for the next turn (0: none)
    turn_timeout: float = 120.0
    read_timeout: float = 10.0
    max_request: int = wire.MAX_SAY_REQUEST
    max_clients: int = 256
    shutdown_grace: float = 20.0


@dataclass
class Spare:
    pid: int
    job_w: int
    pipe: int
    expires: float


@dataclass
class Job:
    conn: socket.socket
    deadline: float
    buf: bytearray = field(default_factory=bytearray)
    message: str | None = None
    turn_id: str | None = None
    pid: int | None = None
    pipe: int | None = None
    out: bytearray = field(default_factory=bytearray)
    eof: bool = False
    exited: bool = False
    status: int = 0
    killed: str | None = None
    answered: bool = False


# -- the socket ---------------------------------------------------------------------

def activated_socket() -> socket.socket | None:
    """The listening socket systemd passed (LISTEN_PID/LISTEN_FDS), or None."""
    if os.environ.get("LISTEN_PID") != str(os.getpid()):
        return None
    try:
        count = int(os.environ.get("LISTEN_FDS", "0"))
    except ValueError:
        return None
    for var in ("LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"):
        os.environ.pop(var, None)
    if count < 1:
        return None
    sock = socket.socket(fileno=3)
    os.set_inheritable(3, False)
    return sock


# -- the child ----------------------------------------------------------------------

def _child(home: Home, worker: Worker, worker_user: str | None, job: Job | None, pipe_w: int,
           job_r: int | None = None, warm: Callable[[Home], None] | None = None) -> None:
    """Runs in the fork; never returns. With job_r, a spare: after the drop it warms up
    (warm), then waits for its turn on job_r (EOF before one: dismissed, exit 0)."""
    status = 0
    try:
        signal.set_wakeup_fd(-1)
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGCHLD, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL)
        if job_r == PIPE_FD:
            job_r = os.dup(job_r)
        os.dup2(pipe_w, PIPE_FD, inheritable=False)
        if job_r is not None:
            os.dup2(job_r, JOB_FD, inheritable=False)
        os.closerange((PIPE_FD if job_r is None else JOB_FD) + 1, os.sysconf("SC_OPEN_MAX"))  # the db, the sockets, the lock
        refused = None
        try:
            privdrop.maybe_drop(worker_user, quiet=True)
        except privdrop.DropRefused as exc:
            refused = exc
        if job_r is not None:
            if refused is None and warm is not None:
                try:
                    warm(home)
                except Exception:
                    pass   # the turn itself will say what is wrong
            job = _wait_for_job()
            if job is None:
                os._exit(0)
        if refused is not None:
            result = wire.WorkerResult(error=f"turn refused: {refused}", code=refused.exit_code)
        else:
            try:
                record = worker(home, job.message, job.turn_id)
                result = wire.WorkerResult(reply=record.reply, ops=wire.raw_ops(record.ops))
            except Exception as exc:
                from .stage import exit_code_for
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


def _wait_for_job() -> "wire.SayRequest | None":
    """A spare's turn: the request line the parent wrote on JOB_FD, or None at EOF."""
    data = bytearray()
    while chunk := os.read(JOB_FD, 65536):
        data += chunk
        if len(data) > wire.MAX_SAY_REQUEST:
            raise ContractError("job too long")
    os.close(JOB_FD)
    return wire.decode(bytes(data), wire.SayRequest, "job") if data else None


# -- the parent ---------------------------------------------------------------------

class Launcher:
    def __init__(self, home: Home, listener: socket.socket, worker: Worker,
                 worker_user: str | None = None, limits: Limits | None = None,
                 bound_path: str | None = None, commit: Callable | None = None,
                 warm: Callable[[Home], None] | None = None):
        from .core.turn import commit as core_commit
        from .worker.brain import DEGRADED_REPLY
        self.home, self.listener, self.worker = home, listener, worker
        self.worker_user = worker_user
        self.warm = warm    # what a spare does after its drop, before its turn comes
        self.limits = limits or Limits()
        self.bound_path = bound_path  # unlinked at exit when we bound it ourselves
        self.commit = commit or core_commit
        self.open_ahead = None
        if commit is None:
            from .core.history import HistoryStore
            self.open_ahead = HistoryStore.open
        self.degraded = DEGRADED_REPLY
        self.sel = selectors.DefaultSelector()
        self.reading: dict[int, Job] = {}   # conn fd → job still reading its request
        self.draining: dict[int, Job] = {}  # conn fd → refused client whose input we discard
        self.queue: deque[Job] = deque()
        self.children: dict[int, Job] = {}  # pid → job
        self.stopping = False
        self.ahead = None   # a writer handle opened while a worker runs, for the next commit
        self.spare: Spare | None = None
        self.want_spare = False   # a turn ran: keep a spare for the next one
        self.dismissed: set[int] = set()   # spares killed, not yet reaped

    # lifecycle
    def serve(self) -> None:
        self.home.require()
        pins = _pin_history(self.home)
        wake_r, wake_w = socket.socketpair()
        wake_r.setblocking(False)
        wake_w.setblocking(False)
        signal.set_wakeup_fd(wake_w.fileno(), warn_on_full_buffer=False)
        signal.signal(signal.SIGTERM, self._on_term)
        signal.signal(signal.SIGINT, self._on_term)
        signal.signal(signal.SIGCHLD, lambda *_: None)  # a byte on the wakeup fd is enough
        self.listener.setblocking(False)
        self.sel.register(self.listener, selectors.EVENT_READ, "accept")
        self.sel.register(wake_r, selectors.EVENT_READ, "wake")
        try:
            while not (self.stopping and not (self.children or self.reading or self.queue or self.draining)):
                for key, _ in self.sel.select(self._next_timeout()):
                    if key.data == "accept":
                        self._accept()
                    elif key.data == "wake":
                        _drain(wake_r)
                    elif key.data[0] == "conn":
                        self._read_request(key.data[1])
                    elif key.data[0] == "drain":
                        self._drain_client(key.data[1])
                    else:
                        self._read_pipe(key.data[1])
                self._reap()
                self._expire()
                self._dispatch()
                self._keep_spare()
        finally:
            signal.set_wakeup_fd(-1)
            self._close_listener()
            for pid, job in list(self.children.items()):
                self._kill(job, "launcher stopped")
            self._dismiss_spare()
            self._reap(block=True)
            self._close_ahead()
            walpin.unpin(pins, self.home.db)
            wake_r.close()
            wake_w.close()

    def _on_term(self, *_):
        if self.stopping:
            return
        self.stopping = True
        log.info("stopping: no new connections; finishing the turns in flight")

    def _close_listener(self) -> None:
        if self.listener.fileno() == -1:
            return
        try:
            self.sel.unregister(self.listener)
        except (KeyError, ValueError):
            pass
        self.listener.close()
        if self.bound_path:
            try:
                os.unlink(self.bound_path)
            except FileNotFoundError:
                pass

    def _next_timeout(self) -> float:
        deadlines = [j.deadline for j in (*self.reading.values(), *self.draining.values(),
                                           *self.children.values())]
        if self.spare is not None:
            deadlines.append(self.spare.expires)
        if not deadlines:
            return 1.0
        return max(0.0, min(1.0, min(deadlines) - time.monotonic()))

    # connections
    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            # every connection we still hold counts: a refused client we are draining too
            busy = len(self.reading) + len(self.queue) + len(self.children) + len(self.draining)
            job = Job(conn, time.monotonic() + self.limits.read_timeout)
            if self.stopping or busy >= self.limits.max_clients:
                self._answer(job, wire.SayReply(False, error="launcher busy; try again later", code=75))
                continue
            conn.setblocking(False)
            self.reading[conn.fileno()] = job
            self.sel.register(conn, selectors.EVENT_READ, ("conn", job))

    def _read_request(self, job: Job) -> None:
        chunk, broken = _recv(job.conn)
        if chunk is None:
            return
        if broken:
            job.buf.clear()
        job.buf += chunk
        if len(job.buf) > self.limits.max_request:
            return self._refuse(job, f"request too long: more than {self.limits.max_request} bytes", 65)
        if b"\n" not in job.buf and chunk:
            return
        self._stop_reading(job)
        if not job.buf.strip():
            job.conn.close()  # connected and said nothing
            return
        try:
            request = wire.decode_say_request(bytes(job.buf.split(b"\n", 1)[0]))
            job.message = clean_message(request.message)
            if not job.message.strip():
                raise ContractError("empty message")
            job.turn_id = check_turn_id(request.turn_id) if request.turn_id is not None else new_turn_id()
        except ContractError as exc:
            return self._answer(job, wire.SayReply(False, error=str(exc), code=65))
        self.queue.append(job)

    def _stop_reading(self, job: Job) -> None:
        if self.reading.pop(job.conn.fileno(), None) is not None:
            self.sel.unregister(job.conn)

    def _refuse(self, job: Job, error: str, code: int) -> None:
        """Answer a request we stopped reading; then discard what the client still sends
        (closing on unread bytes would reset the connection before it reads the answer)."""
        self._stop_reading(job)
        if self._answer(job, wire.SayReply(False, error=error, code=code), close=False):
            job.conn.setblocking(False)
            job.deadline = time.monotonic() + self.limits.read_timeout
            job.buf = bytearray()
            self.draining[job.conn.fileno()] = job
            self.sel.register(job.conn, selectors.EVENT_READ, ("drain", job))

    def _drain_client(self, job: Job) -> None:
        chunk, _broken = _recv(job.conn)
        if chunk is None:
            return
        job.out += chunk  # counted, not kept
        if not chunk or len(job.out) > 4 * self.limits.max_request:
            self._stop_draining(job)

    def _stop_draining(self, job: Job) -> None:
        if self.draining.pop(job.conn.fileno(), None) is not None:
            self.sel.unregister(job.conn)
            job.conn.close()

    def _answer(self, job: Job, reply: wire.SayReply, close: bool = True) -> bool:
        try:
            job.conn.setblocking(True)
            job.conn.settimeout(5.0)
            job.conn.sendall(wire.encode(reply))
            if not close:
                job.conn.shutdown(socket.SHUT_WR)
                return True
        except OSError as exc:
            log.warn(f"could not answer a client ({exc}); turn {job.turn_id or '-'} "
                     f"{'recorded' if reply.ok else 'not recorded'}")
        job.conn.close()
        return False

    # workers
    def _dispatch(self) -> None:
        while self.queue:
            if self.stopping:
                job = self.queue.popleft()
                self._answer(job, wire.SayReply(False, error="launcher stopping; try again later", code=75))
                continue
            if len(self.children) >= self.limits.max_workers:
                return
            self._fork(self.queue.popleft())

    def _fork(self, job: Job) -> None:
        self.want_spare = True
        if self._hand_to_spare(job):
            return
        self._close_ahead()   # no sqlite connection may cross a fork
        pipe_r, pipe_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            _child(self.home, self.worker, self.worker_user, job, pipe_w)
        os.close(pipe_w)
        self._watch(job, pid, pipe_r)

    def _watch(self, job: Job, pid: int, pipe_r: int) -> None:
        os.set_blocking(pipe_r, False)
        job.pid, job.pipe = pid, pipe_r
        job.deadline = time.monotonic() + self.limits.turn_timeout
        if self.stopping:
            job.deadline = min(job.deadline, time.monotonic() + self.limits.shutdown_grace)
        self.children[pid] = job
        self.sel.register(pipe_r, selectors.EVENT_READ, ("pipe", job))
        self._open_ahead()

    # perf: a spare worker — forked, dropped and warmed up (its prompt's code walked once,
    # its read-only connection open) after a turn, while nothing runs — takes the next turn:
    # the fork, the drop and most of the copy-on-write faults a fresh worker pays are then
    # off the turn's path (docs/PERFORMANCE.md). It is kept for limits.spare_idle seconds
    # (memory a conversation uses; an idle launcher holds none), is made only when no
    # worker runs, and has the same drop, descriptors and checks as any worker.
    def _keep_spare(self) -> None:
        spare = self.spare
        if spare is not None and (self.stopping or time.monotonic() >= spare.expires):
            self._dismiss_spare()
        if (self.want_spare and self.spare is None and not (self.stopping or self.children or self.queue)
                and self.limits.spare_idle > 0):
            self.want_spare = False
            self._make_spare()

    def _make_spare(self) -> None:
        self._close_ahead()   # no sqlite connection may cross a fork
        job_r, job_w = os.pipe()
        pipe_r, pipe_w = os.pipe()
        try:
            pid = os.fork()
        except OSError as exc:   # the next turn forks its own worker (or says why it cannot)
            log.warn(f"could not fork a spare worker: {exc}")
            for fd in (job_r, job_w, pipe_r, pipe_w):
                os.close(fd)
            return
        if pid == 0:
            _child(self.home, self.worker, self.worker_user, None, pipe_w, job_r, self.warm)
        os.close(job_r)
        os.close(pipe_w)
        os.set_blocking(job_w, False)
        self.spare = Spare(pid, job_w, pipe_r, time.monotonic() + self.limits.spare_idle)

    def _hand_to_spare(self, job: Job) -> bool:
        """Give the turn to the spare, if there is one that takes it whole."""
        spare, self.spare = self.spare, None
        if spare is None:
            return False
        request = wire.encode(wire.SayRequest(message=job.message, turn_id=job.turn_id))
        try:
            sent = os.write(spare.job_w, request)   # one write into an empty pipe
        except OSError:   # it died (reaped later), or the pipe is full
            sent = 0
        os.close(spare.job_w)
        if sent != len(request):   # a message larger than the pipe holds: a fresh worker
            self._kill_spare(spare)
            return False
        self._watch(job, spare.pid, spare.pipe)
        return True

    def _dismiss_spare(self, reaped: bool = False) -> None:
        spare, self.spare = self.spare, None
        if spare is not None:
            os.close(spare.job_w)
            if reaped:   # it died waiting: the next turn forks
                os.close(spare.pipe)
            else:
                self._kill_spare(spare)

    def _kill_spare(self, spare: Spare) -> None:
        """It holds nothing but a read-only connection: killed wherever it is."""
        os.close(spare.pipe)
        try:
            os.kill(spare.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.dismissed.add(spare.pid)

    # perf: the commit's connection is opened while the worker runs — its cost, and the
    # copy-on-write faults its allocations take while a child shares our pages, are then
    # off the turn's path (docs/PERFORMANCE.md). It holds no lock and no transaction; the
    # commit takes the home's write lock as every writer does. Closed before any fork.
    def _open_ahead(self) -> None:
        if self.ahead is None and self.open_ahead is not None:
            import sqlite3
            try:
                self.ahead = self.open_ahead(self.home.db)
            except sqlite3.Error:
                self.ahead = None   # the commit opens its own, and says what is wrong

    def _close_ahead(self) -> None:
        ahead, self.ahead = self.ahead, None
        if ahead is not None:
            ahead.close()

    def _read_pipe(self, job: Job) -> None:
        try:
            chunk = os.read(job.pipe, 65536)
        except (BlockingIOError, InterruptedError):
            return
        job.out += chunk
        if len(job.out) > wire.MAX_WORKER_RESULT:
            self._kill(job, f"worker said more than {wire.MAX_WORKER_RESULT} bytes")
        elif not chunk:
            self._close_pipe(job)
            job.eof = True
        self._maybe_finish(job)

    def _close_pipe(self, job: Job) -> None:
        if job.pipe is not None:
            self.sel.unregister(job.pipe)
            os.close(job.pipe)
            job.pipe = None

    def _kill(self, job: Job, why: str) -> None:
        if job.killed is None and not job.exited:
            job.killed = why
            try:
                os.kill(job.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self._close_pipe(job)

    def _reap(self, block: bool = False) -> None:
        while self.children or self.dismissed or (self.spare and not block):
            try:
                pid, status = os.waitpid(-1, 0 if block else os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid in self.dismissed:
                self.dismissed.discard(pid)
                continue
            if self.spare and pid == self.spare.pid:
                self._dismiss_spare(reaped=True)
                continue
            job = self.children.get(pid)
            if job is None:
                continue
            job.exited, job.status = True, status
            if block:
                self.children.pop(pid)
            else:
                self._maybe_finish(job)

    def _expire(self) -> None:
        now = time.monotonic()
        for job in list(self.reading.values()):
            if now >= job.deadline:
                self._refuse(job, f"no request line within {self.limits.read_timeout:g}s", 65)
        for job in list(self.draining.values()):
            if now >= job.deadline:
                self._stop_draining(job)
        for job in list(self.children.values()):
            if now >= job.deadline and not job.exited:
                self._kill(job, f"worker took longer than {self.limits.turn_timeout:g}s")
        if self.stopping:
            self._close_listener()
            grace = now + self.limits.shutdown_grace
            for job in self.children.values():
                job.deadline = min(job.deadline, grace)

    def _maybe_finish(self, job: Job) -> None:
        """Answer once the worker has said all it will: at the end of its one line — not at
        the pipe's end too, which cost every turn a second wakeup and let anything holding
        the pipe hold the turn — or when it is gone. It counts against max_workers until
        it is reaped."""
        if job.answered:
            if job.exited:
                self.children.pop(job.pid, None)
            return
        said_all = not job.killed and job.out.endswith(b"\n")
        if not (said_all or (job.exited and (job.eof or job.killed))):
            return
        if job.exited:
            self.children.pop(job.pid, None)
        self._close_pipe(job)
        job.answered = True
        self._finish(job)

    def _finish(self, job: Job) -> None:
        """The core's half of the turn: validate what the worker said, commit, answer."""
        reply, ops = self.degraded, None
        if job.killed:
            log.warn(f"turn {job.turn_id}: {job.killed}; killed it, answering the degraded reply")
        else:
            try:
                result = wire.decode(bytes(job.out), wire.WorkerResult, "worker result")
            except ContractError as exc:
                ended = f"exited with status {job.status}" if job.exited else "closed its pipe"
                log.warn(f"turn {job.turn_id}: worker {ended} and {exc}; answering the degraded reply")
            else:
                if result.error is not None and result.code in (69, 77):
                    log.error(f"turn {job.turn_id}: {result.error}")
                    return self._answer(job, wire.SayReply(False, turn_id=job.turn_id,
                                                           error=result.error, code=result.code))
                if result.error is not None:
                    log.warn(f"turn {job.turn_id}: worker failed ({result.error}); degraded reply")
                elif result.reply is not None:
                    try:
                        reply, ops = clean_message(result.reply, "reply"), result.ops
                    except ContractError as exc:
                        log.warn(f"turn {job.turn_id}: refused the worker's reply ({exc}); degraded reply")
        record = TurnRecord(job.turn_id, job.message, reply=reply, ops=ops)
        ahead, self.ahead = self.ahead, None
        try:
            outcomes = self.commit(self.home, record, ahead) if ahead else self.commit(self.home, record)
        except Exception as exc:
            from .stage import exit_code_for
            code, message = exit_code_for(exc)
            log.error(f"turn {job.turn_id} not recorded: {message}")
            return self._answer(job, wire.SayReply(False, turn_id=job.turn_id, error=message, code=code))
        for outcome in outcomes or ():
            if outcome.entry.rejected:
                log.warn(f"turn {job.turn_id}: the core refused a proposed op: {outcome.entry.reason}")
        self._answer(job, wire.SayReply(True, turn_id=job.turn_id, reply=reply))


def _pin_history(home: Home) -> list[int]:
    """Keep history.db's WAL and its index in place while we run, so dropped workers can
    read the WAL (core/walpin.py). Failing that, serve anyway, and say what it costs."""
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


# -- wiring -------------------------------------------------------------------------

def turn_worker(config, broker_socket: str | None) -> Worker:
    """The real worker: prepare() with the broker's brain, or the configured one (dev)."""
    from .worker.turn import prepare

    def work(home: Home, message: str, turn_id: str) -> TurnRecord:
        brain = None
        if broker_socket and config.brain.name != "rules":
            from .worker.brokerbrain import BrokerBrain
            brain = BrokerBrain(broker_socket, config.brain.name)
        return prepare(home, message, config, turn_id, brain)
    return work


def preload(home: Home, config, broker_socket: str | None) -> None:
    """Import, once, everything a turn will need, so a turn costs a fork — and so a
    dropped worker never has to import (it may not be able to read the interpreter's
    own library, e.g. a Python installed under /root). A warm-up prepare() with the
    rules brain walks the real path; it is read-only and its result is thrown away."""
    from .core import turn as _core_turn  # noqa: F401
    from .core import curated, curated_index, handedits, memgit, undo  # noqa: F401  (loaded lazily)
    from .contracts import markdown  # noqa: F401  (raw/'s day header, the tree index)
    from .worker import brokerbrain, prompt, rules, turn  # noqa: F401
    # frontmatter writes headers, and reads one the index does not describe (a hand edit).
    # (Not msgspec: the parent validates, and may import it; nor tomllib: only the parent
    # reads config. sqlite_fts4 comes with the warm-up turn when the home needs it.)
    import frontmatter  # noqa: F401
    if config.brain.name != "rules" and not broker_socket:
        from .broker import providers
        providers.preload()
    try:
        _warm_up(home, config)
    except Exception as exc:
        log.warn(f"warm-up turn failed ({type(exc).__name__}: {exc}); serving anyway")


WARM_UP = "what did we talk about last time?"


def _warm_up(home: Home, config) -> None:
    """A prompt and a reply with the rules brain, read-only, its result thrown away: the
    code and the data a turn touches, touched once."""
    from .worker.brain import RulesBrain
    from .worker.turn import prepare
    prepare(home, WARM_UP, config, brain=RulesBrain())


def spare_warm_up(config) -> Callable[[Home], None]:
    """What a spare does before its turn comes: the warm-up, then the read-only connection
    its turn will use opened (worker/history_read.py hold_reader)."""
    def warm(home: Home) -> None:
        import io
        import sys
        from .worker.history_read import hold_reader
        stderr, sys.stderr = sys.stderr, io.StringIO()   # its turn will say what is wrong, once
        try:
            _warm_up(home, config)
        finally:
            sys.stderr = stderr
        hold_reader(home.db)
    return warm


def run_launcher(home: Home, socket_path: str | None, worker_user: str | None,
                 broker_socket: str | None, limits: Limits, group: str | None = None,
                 config_overrides: dict | None = None) -> int:
    """shelldon-launcherd: load, import, check, listen (or take systemd's socket), serve."""
    from .config import load_config
    home.require()
    _check_worker_user(worker_user)
    config = load_config(home, **(config_overrides or {}))
    if config.brain.name != "rules" and not broker_socket:   # a broker on the home's run/broker.sock
        from .worker.brain import broker_socket as running_broker
        broker_socket = running_broker(home)
    preload(home, config, broker_socket)
    # perf: what is loaded now is never freed, so keep the collector off it — a forked
    # worker whose collector walked these objects would copy their pages (docs/PERFORMANCE.md).
    import gc
    gc.collect()
    gc.freeze()
    if not worker_user:
        log.warn(f"{privdrop.DEV_MODE_WARNING}: no --worker-user; workers run as uid {os.geteuid()}")
    elif os.geteuid() != 0:
        log.warn(f"{privdrop.DEV_MODE_WARNING}: not root, workers cannot drop to {worker_user}")
    if config.brain.name != "rules" and not broker_socket:
        log.warn("no --broker-socket: workers call the provider themselves (dev mode)")
    listener = activated_socket()
    bound = None
    if listener is None:
        bound = socket_path or default_socket(home)
        listener = listen_unix(bound, 0o660, group)
    log.info(f"listening on {bound or 'the socket systemd passed'}; "
             f"{limits.max_workers} workers, {limits.turn_timeout:g}s per turn, "
             f"{f'a spare kept {limits.spare_idle:g}s after a turn' if limits.spare_idle > 0 else 'no spare'}")
    state = _announce(home, worker_user)
    try:
        Launcher(home, listener, turn_worker(config, broker_socket), worker_user, limits, bound,
                 warm=spare_warm_up(config)).serve()
    finally:
        _withdraw(state)
    return 0


def _check_worker_user(worker_user: str | None) -> None:
    """A worker user that no turn could drop to is refused at start (65), not at each turn
    while run/launcher.state says isolation is on. (One removed later still refuses its
    turns: the child resolves the user again.)"""
    if not privdrop.will_drop(worker_user):
        return
    from .util.errors import Rejected
    try:
        privdrop.refuse_root(privdrop.resolve_worker(worker_user))
    except privdrop.DropRefused as exc:
        raise Rejected(f"--worker-user: {exc}") from None


def _announce(home: Home, worker_user: str | None) -> str | None:
    """run/launcher.state: this launcher's pid and whether its workers drop, so that
    shelldon-status reports what runs, not what a config file says should."""
    from .contracts import jsontext
    from .util.atomic import write_atomic
    path = home.launcher_state
    state = {"pid": os.getpid(), "uid": os.geteuid(), "worker_user": worker_user or None,
             "drops": privdrop.will_drop(worker_user)}
    try:
        write_atomic(path, (jsontext.dumps(state) + "\n").encode())
    except OSError as exc:
        log.warn(f"could not write {path} ({exc}); shelldon-status will not see this launcher")
        return None
    return path


def _withdraw(path: str | None) -> None:
    """Remove our state file — not one a second launcher on this home wrote since."""
    from .worker.status import read_launcher_state
    if path is not None and (read_launcher_state(path) or {}).get("pid") == os.getpid():
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
