"""The vault client: the only code that asks shelldon-vaultd for a secret.

Wire (see bin/shelldon-vaultd): send "<key>\\n"; the answer is "+<content>" or
"-<one error line>", then the helper closes.
"""
import socket

from ..util.errors import Unavailable

MAX_SECRET = 64 * 1024


class VaultRefused(Exception):
    """The helper answered with an error line (no such key, not allowed, …)."""


def fetch(socket_path: str, key: str, timeout: float = 10.0) -> str:
    """The content of vault/<key>.md, stripped. Unavailable if no helper answers."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(timeout)
            sock.connect(socket_path)
            sock.sendall(key.encode("ascii") + b"\n")
            sock.shutdown(socket.SHUT_WR)
            data = bytearray()
            while len(data) <= MAX_SECRET + 1:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
    except OSError as exc:
        raise Unavailable(f"vault helper at {socket_path}: {exc.strerror or exc}") from None
    if data[:1] == b"+":
        return data[1:].decode("utf-8").strip()
    reason = data[1:].decode("utf-8", "replace").strip() if data[:1] == b"-" else "no answer"
    raise VaultRefused(f"vault refused {key!r}: {reason}")
