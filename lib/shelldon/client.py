"""shelldon-say's work: one message to the launcher, its reply back.

Speaks the launcher's wire format (contracts/wire.py): one JSON request line, one JSON
answer line. No launcher listening → Unavailable (69); an error answer → its own code.
"""
import os

from .contracts import ContractError, wire
from .util.errors import Denied, ShelldonError, TryLater, Unavailable, Usage
from .util.unixline import LineTooLong, exchange


class Answered(ShelldonError):
    """The launcher answered with an error: its code is ours."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.exit_code = code if code in (1, 65, 69, 75, 77) else 1


MAX_TIMEOUT = 86400.0   # a day: the socket layer refuses a timeout past time_t


def say(socket_path: str, message: str, timeout: float) -> wire.SayReply:
    # 0 would make the socket non-blocking (EAGAIN, yet the launcher records the turn);
    # a negative, NaN or huge one fails inside the socket layer: refuse them up front.
    if not 0 < timeout <= MAX_TIMEOUT:   # NaN fails this too
        raise Usage(f"--timeout must be more than 0 and at most {MAX_TIMEOUT:g} seconds, not {timeout:g}")
    request = wire.encode(wire.SayRequest(message))
    if len(request) > wire.MAX_SAY_REQUEST:
        raise ContractError(f"message too long: {len(request)} bytes on the wire "
                            f"(at most {wire.MAX_SAY_REQUEST})")
    try:
        line = exchange(socket_path, request, wire.MAX_SAY_REQUEST, timeout)
    except BlockingIOError:   # EAGAIN from connect: the listening socket's queue is full
        raise TryLater(f"the launcher at {socket_path} is busy (its connection queue is full); "
                       f"try again later") from None
    except ConnectionResetError:   # queued, then the listener closed (the launcher stopping)
        raise Unavailable(f"the launcher at {socket_path} closed without an answer") from None
    except (FileNotFoundError, ConnectionRefusedError) as exc:
        raise Unavailable(f"no launcher at {socket_path} ({exc.strerror}): is shelldon-launcherd running?") from None
    except PermissionError:
        raise Denied(f"permission denied: {socket_path} (may this user talk to the pet? "
                     f"ask to be put in the socket's group)") from None
    except TimeoutError:
        raise Unavailable(f"the launcher at {socket_path} did not answer within {timeout:g}s") from None
    except LineTooLong as exc:
        raise ContractError(f"launcher: {exc}") from None
    if not line:
        raise Unavailable(f"the launcher at {socket_path} closed without an answer")
    reply = wire.decode(line, wire.SayReply, "launcher answer")
    if not reply.ok:
        raise Answered(reply.error or "refused", reply.code)
    return reply


def socket_for(home, path: str | None) -> str:
    return path or os.path.join(home.run, wire.SOCKET_NAME)
