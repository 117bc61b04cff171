"""shelldon-brokerd's work: the model call for the workers, and the only vault client.

Per connection (a thread each, at most max_clients at once): check the peer (root, the
broker's own uid, or a process whose group is the worker group), read one request line
of at most MAX_BROKER_REQUEST bytes, apply the rate limit (calls per minute) and the
concurrency limit (provider calls at once), fetch the provider key from the vault helper,
call the provider, and answer one line. The key lives only in this process's memory for
the length of one call; it is never logged and never part of an answer.
"""
import os
import socket
import threading
import time
from collections import deque
from collections.abc import Callable

from ..contracts import ContractError, wire
from ..util import log
from ..util.errors import ShelldonError
from ..util.unixline import LineTooLong, peer_credentials, read_line

PROVIDER_KEY = "provider-key"


class Broker:
    def __init__(self, config, listener: socket.socket, vault_socket: str | None,
                 worker_gid: int | None = None, max_calls: int = 4, per_minute: int = 120,
                 max_clients: int = 64, timeout: float = 10.0):
        self.config = config            # replaced whole by a reload; a call reads it once
        self.reload_asked = threading.Event()
        self.listener = listener
        self.vault_socket = vault_socket
        self.worker_gid = worker_gid
        self.calls = threading.BoundedSemaphore(max_calls)
        self.clients = threading.BoundedSemaphore(max_clients)
        self.per_minute = per_minute
        self.recent: deque[float] = deque()
        self.rate_lock = threading.Lock()
        self.timeout = timeout
        self.stopping = threading.Event()
        self.threads: set[threading.Thread] = set()

    # who may ask
    def allowed(self, uid: int, gid: int) -> bool:
        return uid in (0, os.getuid()) or (self.worker_gid is not None and gid == self.worker_gid)

    def _rate_ok(self) -> bool:
        now = time.monotonic()
        with self.rate_lock:
            while self.recent and now - self.recent[0] > 60.0:
                self.recent.popleft()
            if len(self.recent) >= self.per_minute:
                return False
            self.recent.append(now)
            return True

    def provider_key(self) -> str | None:
        """The vault's provider-key; None if the vault has none (a keyless provider)."""
        from .vault import VaultRefused, fetch
        if self.vault_socket is None:
            return None
        try:
            key = fetch(self.vault_socket, PROVIDER_KEY) or None
        except VaultRefused as exc:
            log.warn(f"{exc}; calling the provider without a key")
            return None
        if key is not None and not (key.isascii() and key.isprintable()):
            # it would go into a header, and the header's error would quote it: say neither
            raise ShelldonError(f"the vault's {PROVIDER_KEY} is not one line of printable ASCII "
                                f"(a second line, a control character?): not sent")
        return key

    def think(self, request: wire.ThinkRequest) -> wire.ThinkReply:
        from .providers import ProviderError, complete
        brain = self.config.brain   # one read: a reload mid-call does not mix two settings
        if brain.name == "rules":
            return wire.ThinkReply(False, error="the rules brain needs no broker")
        if not self._rate_ok():
            return wire.ThinkReply(False, error=f"rate limited: more than {self.per_minute} calls a minute")
        with self.calls:
            try:
                text = complete(brain, request.prompt, self.provider_key())
            except (ProviderError, ShelldonError) as exc:
                return wire.ThinkReply(False, error=str(exc))
        if len(text.encode("utf-8")) > wire.MAX_BROKER_REPLY:
            return wire.ThinkReply(False, error=f"provider reply longer than {wire.MAX_BROKER_REPLY} bytes")
        return wire.ThinkReply(True, text=text)

    def handle(self, conn: socket.socket) -> None:
        with conn:
            pid, uid, gid = peer_credentials(conn)
            conn.settimeout(self.timeout)
            try:
                if not self.allowed(uid, gid):
                    reply = wire.ThinkReply(False, error="peer not allowed")
                else:
                    line = read_line(conn, wire.MAX_BROKER_REQUEST, time.monotonic() + self.timeout)
                    conn.settimeout(None)
                    reply = self.think(wire.decode(line, wire.ThinkRequest, "think request"))
            except (ContractError, LineTooLong, TimeoutError) as exc:
                reply = wire.ThinkReply(False, error=str(exc) or "timed out reading the request")
            except Exception as exc:  # one bad call never takes the broker down
                reply = wire.ThinkReply(False, error=f"internal error: {type(exc).__name__}")
                log.error(f"uid={uid} pid={pid}: {type(exc).__name__}: {exc}")
            outcome = "answered" if reply.ok else f"refused: {reply.error}"
            log.info(f"uid={uid} pid={pid}: {outcome}")
            try:
                conn.settimeout(self.timeout)
                conn.sendall(wire.encode(reply))
                conn.shutdown(socket.SHUT_WR)
                _discard(conn, 4 * wire.MAX_BROKER_REQUEST)
            except OSError:
                pass

    def _run(self, conn: socket.socket) -> None:
        try:
            self.handle(conn)
        finally:
            self.clients.release()
            self.threads.discard(threading.current_thread())

    def serve(self, reload: Callable[[], None] | None = None) -> None:
        """Until stopping is set; reload_asked (SIGHUP) calls reload between accepts."""
        self.listener.settimeout(0.5)
        while not self.stopping.is_set():
            if self.reload_asked.is_set() and reload is not None:
                self.reload_asked.clear()
                reload()
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                if self.stopping.is_set():
                    break
                raise
            if not self.clients.acquire(blocking=False):
                with conn:
                    try:
                        conn.sendall(wire.encode(wire.ThinkReply(False, error="broker busy")))
                    except OSError:
                        pass   # that client is gone already: nothing to answer
                continue
            thread = threading.Thread(target=self._run, args=(conn,), daemon=True)
            self.threads.add(thread)
            thread.start()
        # one grace for all the calls in flight, not one each: 64 stuck calls must not hold
        # a stop for ten minutes (systemd would kill it first)
        grace = time.monotonic() + self.timeout
        for thread in list(self.threads):
            thread.join(timeout=max(0.0, grace - time.monotonic()))


def _discard(conn: socket.socket, limit: int) -> None:
    """Read what the client still sends, up to limit: closing on unread bytes would reset
    the connection before the client reads our answer."""
    while limit > 0:
        chunk = conn.recv(65536)
        if not chunk:
            return
        limit -= len(chunk)


def run_broker(home, socket_path: str, vault_socket: str | None, worker_group: str | None,
               max_calls: int, per_minute: int) -> int:
    """shelldon-brokerd: load the config, listen, serve until SIGTERM."""
    import grp
    import signal
    from ..config import load_config
    from ..util.unixline import listen_unix
    from ..util.errors import Rejected
    home.require()
    from ..config import reload_config
    config = load_config(home)
    # requests is imported by the first call (providers.py), not here: a broker whose
    # brain is never asked holds ~14 MiB less
    try:
        worker_gid = grp.getgrnam(worker_group).gr_gid if worker_group else None
    except KeyError:
        raise Rejected(f"no such group: {worker_group}") from None
    listener = listen_unix(socket_path, 0o660 if worker_group else 0o600, worker_group)
    broker = Broker(config, listener, vault_socket, worker_gid, max_calls, per_minute)

    def stop(*_):
        broker.stopping.set()
    def reload() -> None:
        broker.config = reload_config(home, broker.config)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGHUP, lambda *_: broker.reload_asked.set())
    log.info(f"serving the {config.brain.name} brain on {socket_path}"
             f"{' to group ' + worker_group if worker_group else ''}")
    try:
        broker.serve(reload)
    finally:
        listener.close()
        try:
            os.unlink(socket_path)
        except FileNotFoundError:
            pass
    return 0
