"""The launcher's listening socket and its wire: accept, read one request line, answer.

A client is accepted only while fewer than max_clients connections are held (else it is
answered "busy", 75); its request is read without blocking, at most max_request bytes
within read_timeout; a request that breaks either bound is answered 65 and the rest of what
the client sends is read and thrown away (closing on unread bytes would reset the
connection before the client reads the answer). A valid request leaves here as a Client
with its cleaned message and its turn id; the answer is one JSON line, then close.
"""
import os
import selectors
import socket
import time

import msgspec

from ..contracts import ContractError, wire
from ..contracts.turn import check_turn_id, new_turn_id, owner_message
from ..util import log


class Client(msgspec.Struct):
    """One connection, from accept to answer (mutable: the loop fills it in as it reads)."""
    conn: socket.socket
    deadline: float
    buf: bytearray = msgspec.field(default_factory=bytearray)
    message: str | None = None
    turn_id: str | None = None
    drained: int = 0   # bytes read and thrown away after a refusal


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
    sock = socket.socket(fileno=3)   # SD_LISTEN_FDS_START
    os.set_inheritable(3, False)
    return sock


def answer(client: Client, reply: "wire.SayReply", close: bool = True) -> bool:
    """Send the one answer line. close=False half-closes instead, for a client still
    sending; True if the connection is still ours then."""
    try:
        client.conn.setblocking(True)
        client.conn.settimeout(5.0)
        client.conn.sendall(wire.encode(reply))
        if not close:
            client.conn.shutdown(socket.SHUT_WR)
            return True
    except OSError as exc:
        log.warn(f"could not answer a client ({exc}); turn {client.turn_id or '-'} "
                 f"{'recorded' if reply.ok else 'not recorded'}")
    client.conn.close()
    return False


def refusal(error: str, code: int, turn_id: str | None = None) -> "wire.SayReply":
    return wire.SayReply(ok=False, turn_id=turn_id, error=error, code=code)


class Listener:
    """The socket and the connections not yet handed to a worker."""

    def __init__(self, sock: socket.socket, sel: selectors.BaseSelector, max_clients: int,
                 max_request: int, read_timeout: float, bound_path: str | None):
        self.sock, self.sel = sock, sel
        self.max_clients, self.max_request, self.read_timeout = max_clients, max_request, read_timeout
        self.bound_path = bound_path   # unlinked at close when we bound it ourselves
        self.reading: dict[int, Client] = {}    # conn fd → client still sending its request
        self.draining: dict[int, Client] = {}   # conn fd → refused client whose input we discard
        sock.setblocking(False)
        sel.register(sock, selectors.EVENT_READ, ("accept", None))

    def held(self) -> int:
        return len(self.reading) + len(self.draining)

    def deadlines(self) -> list[float]:
        return [c.deadline for c in (*self.reading.values(), *self.draining.values())]

    def accept(self, elsewhere: int, stopping: bool) -> None:
        """elsewhere: connections held past reading (queued, or waiting on their worker)."""
        while True:
            try:
                conn, _ = self.sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            client = Client(conn, time.monotonic() + self.read_timeout)
            if stopping or self.held() + elsewhere >= self.max_clients:
                answer(client, refusal("launcher busy; try again later", 75))
                continue
            conn.setblocking(False)
            self.reading[conn.fileno()] = client
            self.sel.register(conn, selectors.EVENT_READ, ("read", client))

    def read(self, client: Client) -> Client | None:
        """Read what is there; the client once its request is whole and valid, else None."""
        chunk, broken = _recv(client.conn)
        if chunk is None:
            return None
        if broken:
            client.buf.clear()
        client.buf += chunk
        if len(client.buf) > self.max_request:
            self.refuse(client, f"request too long: more than {self.max_request} bytes", 65)
            return None
        if b"\n" not in client.buf and chunk:
            return None
        self._unregister(self.reading, client)
        if not client.buf.strip():
            client.conn.close()   # connected and said nothing
            return None
        try:
            request = wire.decode_say_request(bytes(client.buf.split(b"\n", 1)[0]))
            client.message = owner_message(request.message)
            client.turn_id = check_turn_id(request.turn_id) if request.turn_id is not None else new_turn_id()
        except ContractError as exc:
            answer(client, refusal(str(exc), 65))
            return None
        return client

    def refuse(self, client: Client, error: str, code: int) -> None:
        self._unregister(self.reading, client)
        if answer(client, refusal(error, code), close=False):
            client.conn.setblocking(False)
            client.deadline = time.monotonic() + self.read_timeout
            self.draining[client.conn.fileno()] = client
            self.sel.register(client.conn, selectors.EVENT_READ, ("drain", client))

    def drain(self, client: Client) -> None:
        chunk, _broken = _recv(client.conn)
        if chunk is None:
            return
        client.drained += len(chunk)
        if not chunk or client.drained > 4 * self.max_request:
            self._stop_draining(client)

    def expire(self, now: float) -> None:
        for client in list(self.reading.values()):
            if now >= client.deadline:
                self.refuse(client, f"no request line within {self.read_timeout:g}s", 65)
        for client in list(self.draining.values()):
            if now >= client.deadline:
                self._stop_draining(client)

    def close(self) -> None:
        """Stop listening (idempotent); the socket file goes if we bound it."""
        if self.sock.fileno() == -1:
            return
        self.sel.unregister(self.sock)
        self.sock.close()
        if self.bound_path:
            try:
                os.unlink(self.bound_path)
            except FileNotFoundError:
                pass

    def _stop_draining(self, client: Client) -> None:
        if self._unregister(self.draining, client):
            client.conn.close()

    def _unregister(self, table: dict[int, Client], client: Client) -> bool:
        if table.pop(client.conn.fileno(), None) is None:
            return False
        self.sel.unregister(client.conn)
        return True


def _recv(conn: socket.socket) -> tuple[bytes | None, bool]:
    """(chunk, broken) from a non-blocking client: None when nothing is there yet; b"" when
    it is gone — broken=True if by an error rather than an orderly end."""
    try:
        return conn.recv(65536), False
    except (BlockingIOError, InterruptedError):
        return None, False
    except OSError:
        return b"", True
