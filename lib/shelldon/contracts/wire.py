"""The wire formats of the daemons: one JSON object per line each way, then close.

Launcher (shelldon-say, or `socat - UNIX-CONNECT:run/shelldon.sock`):
    → {"message": "hi", "turn_id"?: "…"}        (a line that is not JSON is the message itself)
    ← {"ok": true, "turn_id": "…", "reply": "…"}
    ← {"ok": false, "error": "one line", "code": 65|69|75|77|1}

Launcher parent → its spare worker (over the spare's job pipe, once, then EOF):
    {"message": "…", "turn_id": "…"}              (a SayRequest: the parent's own cleaned copy)

Worker → launcher parent (over the fork's pipe, once, then EOF):
    {"reply": "…", "ops"?: [op, …]}  or  {"error": "one line", "code": N}

Broker (a worker's brain):
    → {"prompt": "…", "message": "…"}
    ← {"ok": true, "text": "…"}  or  {"ok": false, "error": "one line"}

Every message forbids unknown fields; every string is bounded by the line limit its
reader enforces before decoding. Each message is declared once (contracts/records.py):
the standard library reads a plain one, and msgspec — built from the same declaration —
decides anything else and words every error; so the resident daemons and their workers
never load msgspec for a well-formed line (~3 MiB each, against a 60 MiB budget).
Ops travel as each op's own JSON text, embedded: the core validates each on its own.
"""
from . import ContractError, jsontext
from .records import REQUIRED, Boolean, Defer, Integer, ListOf, Optional, Record, Text, fast_values, \
    msgspec_fields, read_fast

SOCKET_NAME = "shelldon.sock"      # the launcher's socket, in the home's run/
BROKER_SOCKET_NAME = "broker.sock"  # shelldon-brokerd's default socket, in the home's run/
MAX_SAY_REQUEST = 256 * 1024       # a 64 KiB message, escaped, fits with room to spare
MAX_WORKER_RESULT = 1024 * 1024    # reply + ops from one worker
MAX_BROKER_REQUEST = 512 * 1024    # prompt (24 KiB + the message) with room to spare
MAX_BROKER_REPLY = 256 * 1024

_ANY_TEXT = Text(0, 1 << 30)
_MAYBE_TEXT = Optional(_ANY_TEXT)
_CODE = Integer(-(1 << 63), (1 << 63) - 1)


class RawJSON:
    """Any JSON value, kept as its own text (msgspec.Raw). The fast reader takes objects."""

    def accepts(self, value) -> bool:
        return type(value) is dict

    def msgspec_type(self):
        import msgspec
        return msgspec.Raw


_RAW_LIST = Optional(ListOf(RawJSON(), 1 << 30))   # each item kept as its own JSON text (bytes)


class Message(Record):
    omit_defaults = True    # a field at its default is left out when encoded


class SayRequest(Message):
    fields = (("message", _ANY_TEXT, REQUIRED), ("turn_id", _MAYBE_TEXT, None))


class SayReply(Message):
    fields = (("ok", Boolean(), REQUIRED), ("turn_id", _MAYBE_TEXT, None), ("reply", _MAYBE_TEXT, None),
              ("error", _MAYBE_TEXT, None), ("code", _CODE, 0))


class WorkerResult(Message):
    fields = (("reply", _MAYBE_TEXT, None), ("ops", _RAW_LIST, None),
              ("error", _MAYBE_TEXT, None), ("code", _CODE, 0))


class ThinkRequest(Message):
    omit_defaults = False
    fields = (("prompt", _ANY_TEXT, REQUIRED), ("message", _ANY_TEXT, REQUIRED))


class ThinkReply(Message):
    fields = (("ok", Boolean(), REQUIRED), ("text", _MAYBE_TEXT, None), ("error", _MAYBE_TEXT, None))


def raw_ops(ops: list | None) -> list[bytes] | None:
    """A worker's ops (each op's raw JSON) for the wire, embedded as they are."""
    return None if ops is None else [bytes(op) for op in ops]


def encode(message: Message) -> bytes:
    """One line: the message's JSON and a newline."""
    parts = []
    for name, kind, default in message.fields:
        value = getattr(message, name)
        if message.omit_defaults and default is not REQUIRED and value == default and type(value) is type(default):
            continue
        if kind is _RAW_LIST and value is not None:
            text = "[" + ",".join(bytes(item).decode("utf-8") for item in value) + "]"
        else:
            text = jsontext.dumps(value, ascii=False, compact=True)
        parts.append(f'"{name}":{text}')
    return ("{" + ",".join(parts) + "}\n").encode("utf-8")


def decode(data: bytes, kind: type, what: str):
    try:
        values = fast_values(kind, read_fast(data))
    except Defer:
        values = None
    if values is None:
        return _by_msgspec(data, kind, what)
    return _raw_as_bytes(kind, values, lambda item: jsontext.dumps(item, ascii=False, compact=True).encode())


_structs: dict = {}


def _by_msgspec(data: bytes, kind: type, what: str):
    import msgspec
    if kind not in _structs:
        _structs[kind] = msgspec.defstruct(kind.__name__, msgspec_fields(kind), forbid_unknown_fields=True,
                                           module=__name__)
    try:
        struct = msgspec.json.decode(data, type=_structs[kind])
    except msgspec.ValidationError as exc:
        raise ContractError(f"not a {what}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise ContractError(f"{what} is not valid JSON: {exc}") from None
    return _raw_as_bytes(kind, {name: getattr(struct, name) for name, _kind, _default in kind.fields}, bytes)


def _raw_as_bytes(kind: type, values: dict, to_bytes) -> Message:
    """The message, its raw-JSON lists made each item's text as bytes (from a parsed value,
    or from msgspec.Raw)."""
    for name, field_kind, _default in kind.fields:
        if field_kind is _RAW_LIST and values.get(name) is not None:
            values[name] = [to_bytes(item) for item in values[name]]
    return kind(**values)


def decode_say_request(line: bytes) -> SayRequest:
    """A JSON object line is a request; any other line is the message, as text."""
    stripped = line.strip()
    if stripped.startswith(b"{"):
        return decode(stripped, SayRequest, "say request")
    try:
        return SayRequest(line.decode("utf-8").rstrip("\r\n"))
    except UnicodeDecodeError as exc:
        raise ContractError(f"request is not valid UTF-8 (bad byte at offset {exc.start})") from None
