"""One line over a Unix stream socket each way: the daemons' client side."""
import socket


class LineTooLong(ValueError):
    pass


def read_line(sock: socket.socket, limit: int, deadline: float | None = None) -> bytes:
    """Bytes up to the first newline (without it), or to EOF; LineTooLong past limit.
    deadline (time.monotonic()): the whole line by then, or TimeoutError — the socket's
    own timeout bounds each recv only, and a peer may send a byte just within it."""
    import time
    data = bytearray()
    while b"\n" not in data:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("timed out reading the request")
            sock.settimeout(left)
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
        if len(data) > limit and b"\n" not in data[:limit + 1]:
            raise LineTooLong(f"answer longer than {limit} bytes")
    return bytes(data.split(b"\n", 1)[0])


def exchange(path: str, request: bytes, limit: int, timeout: float | None) -> bytes:
    """Connect, send request, half-close, read one line back. OSError if no one listens."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        sock.connect(path)
        try:
            sock.sendall(request)
            sock.shutdown(socket.SHUT_WR)
        except BrokenPipeError:
            pass   # the peer answered (busy, refused) and closed before reading it all: read that
        return read_line(sock, limit)


def peer_credentials(sock: socket.socket) -> tuple[int, int, int]:
    """(pid, uid, gid) of the process at the other end (SO_PEERCRED, Linux)."""
    import struct
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return struct.unpack("3i", creds)


def listen_unix(path: str, mode: int = 0o600, group: str | None = None, backlog: int = 64) -> socket.socket:
    """A listening socket at path, born with mode (the umask does the work, so there is
    no moment at which it is more open), then handed to group if given. A stale socket
    at path is replaced; one a live process answers on, or anything else there, is refused."""
    import grp
    import os
    import stat

    from .errors import Rejected, Unavailable
    try:
        gid = None if group is None else grp.getgrnam(group).gr_gid
    except KeyError:
        raise Rejected(f"no such group: {group}") from None
    try:
        if not stat.S_ISSOCK(os.lstat(path).st_mode):
            raise FileExistsError(f"{path} exists and is not a socket")
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            if probe.connect_ex(path) == 0:   # a second daemon would take the first one's clients
                raise Unavailable(f"{path}: another process is listening there; stop it first")
        os.unlink(path)
    except FileNotFoundError:
        pass
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o777 & ~mode)
    try:
        sock.bind(path)
    except OSError as exc:   # bind names no file: say which
        sock.close()
        raise OSError(exc.errno, exc.strerror, path) from None
    finally:
        os.umask(old)
    if gid is not None and os.stat(path).st_gid != gid:
        os.chown(path, -1, gid)
    sock.listen(backlog)
    return sock
