"""The wire formats of the daemons: one JSON object per line each way, then close.

Launcher (shelldon-say, or `socat - UNIX-CONNECT:run/shelldon.sock`):
    → {"message": "hi", "turn_id"?: "…"}        (a line that is not JSON is the message itself)
    ← {"ok": true, "turn_id": "…", "reply": "…"}
    ← {"ok": false, "error": "one line", "code": 65|69|75|77|1}

Worker → launcher parent (over the fork's pipe, once, then EOF):
    {"reply": "…", "ops"?: [op, …], "dropped"?: ["why", …]}  or  {"error": "one line", "code": N}

Broker (a worker's brain):
    → {"prompt": "…", "message": "…"}
    ← {"ok": true, "text": "…"}  or  {"ok": false, "error": "one line"}

Every message is a frozen msgspec struct that forbids unknown fields, decoded by one
msgspec decoder per kind; every string is bounded by the line limit its reader enforces
before decoding. Ops travel as each op's own JSON text, embedded: the core validates each
on its own.
"""
import msgspec

from . import ContractError

SOCKET_NAME = "shelldon.sock"      # the launcher's socket, in the home's run/
BROKER_SOCKET_NAME = "broker.sock"  # shelldon-brokerd's default socket, in the home's run/
MAX_SAY_REQUEST = 256 * 1024       # a 64 KiB message, escaped, fits with room to spare
MAX_WORKER_RESULT = 1024 * 1024    # reply + ops from one worker
MAX_BROKER_REQUEST = 512 * 1024    # prompt (24 KiB + the message) with room to spare
MAX_BROKER_REPLY = 256 * 1024


class Message(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One line of a daemon's wire; a field at its default is left out when encoded."""


class SayRequest(Message):
    message: str
    turn_id: str | None = None


class SayReply(Message):
    ok: bool
    turn_id: str | None = None
    reply: str | None = None
    error: str | None = None
    code: int = 0


class WorkerResult(Message):
    reply: str | None = None
    ops: list[msgspec.Raw] | None = None    # each op's own JSON text, embedded as it is
    dropped: list[str] | None = None        # why each malformed proposed op was dropped (TurnRecord)
    error: str | None = None
    code: int = 0


class ThinkRequest(Message):
    prompt: str
    message: str


class ThinkReply(Message):
    ok: bool
    text: str | None = None
    error: str | None = None


_ENCODER = msgspec.json.Encoder()
_DECODERS = {kind: msgspec.json.Decoder(kind) for kind in (SayRequest, SayReply, WorkerResult, ThinkRequest,
                                                          ThinkReply)}


def raw_ops(ops: list | None) -> list[msgspec.Raw] | None:
    """A worker's ops (each op's raw JSON) for the wire, embedded as they are."""
    return None if ops is None else [msgspec.Raw(bytes(op)) for op in ops]


def encode(message: Message) -> bytes:
    """One line: the message's JSON and a newline."""
    return _ENCODER.encode(message) + b"\n"


def decode(data: bytes, kind: type, what: str):
    try:
        return _DECODERS[kind].decode(data)
    except msgspec.ValidationError as exc:
        raise ContractError(f"not a {what}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise ContractError(f"{what} is not valid JSON: {exc}") from None
    except RecursionError:
        raise ContractError(f"{what} is not valid JSON: nested too deeply") from None


def decode_say_request(line: bytes) -> SayRequest:
    """A JSON object line is a request; any other line is the message, as text."""
    stripped = line.strip()
    if stripped.startswith(b"{"):
        return decode(stripped, SayRequest, "say request")
    try:
        return SayRequest(line.decode("utf-8").rstrip("\r\n"))
    except UnicodeDecodeError as exc:
        raise ContractError(f"request is not valid UTF-8 (bad byte at offset {exc.start})") from None
