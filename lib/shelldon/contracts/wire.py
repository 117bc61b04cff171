"""The wire formats of the daemons: one JSON object per line each way, then close.

Launcher (shelldon-say, or `socat - UNIX-CONNECT:run/shelldon.sock`):
    → {"message": "hi", "turn_id"?: "…"}        (a line that is not JSON is the message itself)
    ← {"ok": true, "turn_id": "…", "reply": "…"}
    ← {"ok": false, "error": "one line", "code": 65|69|75|77|1}

Worker → launcher parent (over the fork's pipe, once, then EOF):
    {"reply": "…", "ops"?: [op, …]}  or  {"error": "one line", "code": N}

Broker (a worker's brain):
    → {"prompt": "…", "message": "…"}
    ← {"ok": true, "text": "…"}  or  {"ok": false, "error": "one line"}

Every struct forbids unknown fields; every string is bounded by the line limit its
reader enforces before decoding.
"""
import msgspec

from . import ContractError

SOCKET_NAME = "shelldon.sock"      # the launcher's socket, in the home's run/
MAX_SAY_REQUEST = 256 * 1024       # a 64 KiB message, escaped, fits with room to spare
MAX_WORKER_RESULT = 1024 * 1024    # reply + ops from one worker
MAX_BROKER_REQUEST = 512 * 1024    # prompt (24 KiB + the message) with room to spare
MAX_BROKER_REPLY = 256 * 1024


class SayRequest(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    message: str
    turn_id: str | None = None


class SayReply(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    ok: bool
    turn_id: str | None = None
    reply: str | None = None
    error: str | None = None
    code: int = 0


class WorkerResult(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    reply: str | None = None
    ops: list[msgspec.Raw] | None = None
    error: str | None = None
    code: int = 0


class ThinkRequest(msgspec.Struct, forbid_unknown_fields=True):
    prompt: str
    message: str


class ThinkReply(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    ok: bool
    text: str | None = None
    error: str | None = None


_encoder = msgspec.json.Encoder()


def raw_ops(ops: list | None) -> list[msgspec.Raw] | None:
    """A worker's ops (each op's raw JSON, as bytes) for the wire, embedded as they are."""
    return None if ops is None else [op if isinstance(op, msgspec.Raw) else msgspec.Raw(op) for op in ops]


def encode(obj) -> bytes:
    """One line: the object's JSON and a newline."""
    return _encoder.encode(obj) + b"\n"


def decode(data: bytes, kind: type, what: str):
    try:
        return msgspec.json.decode(data, type=kind)
    except msgspec.ValidationError as exc:
        raise ContractError(f"not a {what}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise ContractError(f"{what} is not valid JSON: {exc}") from None


def decode_say_request(line: bytes) -> SayRequest:
    """A JSON object line is a request; any other line is the message, as text."""
    stripped = line.strip()
    if stripped.startswith(b"{"):
        return decode(stripped, SayRequest, "say request")
    try:
        return SayRequest(line.decode("utf-8").rstrip("\r\n"))
    except UnicodeDecodeError as exc:
        raise ContractError(f"request is not valid UTF-8 (bad byte at offset {exc.start})") from None
