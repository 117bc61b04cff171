"""Turn records: the one JSON object per line that flows between stages.

{"turn_id", "owner", "prompt"?, "reply"?, "ops"?: [...]}. The ops stay raw here: each is
validated on its own by the core, so one bad op never costs the record.
"""
import json
import os
import time

from . import ContractError

MAX_MESSAGE = 64 * 1024
# A turn id: an ASCII letter or digit, then up to 63 of those and . _ : -
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-")
_FIELDS = ("turn_id", "owner", "prompt", "reply", "ops")


class TurnRecord:
    """A turn record. Plain Python, read and written by the stdlib's C JSON codec: every stage
    handles turn records, and msgspec's import (~11 ms) is kept for the op contract, which
    only the stages that apply ops load (docs/PERFORMANCE.md). `ops` holds each op's raw
    JSON (bytes): the core validates each op on its
    own."""

    __slots__ = _FIELDS

    def __init__(self, turn_id: str, owner: str, prompt: str | None = None,
                 reply: str | None = None, ops: list | None = None):
        self.turn_id, self.owner, self.prompt, self.reply, self.ops = turn_id, owner, prompt, reply, ops

    def __eq__(self, other):
        if not isinstance(other, TurnRecord):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS[:4]) and \
            [bytes(o) for o in self.ops or ()] == [bytes(o) for o in other.ops or ()] and \
            (self.ops is None) == (other.ops is None)

    def __repr__(self):
        return "TurnRecord(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in _FIELDS) + ")"


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def _type(value) -> str:
    return {dict: "object", list: "array", str: "str", bool: "bool", int: "int", float: "float",
            type(None): "null"}.get(type(value), type(value).__name__)


def new_turn_id(prefix: str = "") -> str:
    """A turn id that sorts by time: UTC to the microsecond, then random hex."""
    now = time.time()
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now))
    micro = int((now % 1) * 1_000_000)
    return f"{prefix}{stamp}.{micro:06d}Z-{os.urandom(3).hex()}"


def check_turn_id(turn_id: str) -> str:
    if not (0 < len(turn_id) <= 64 and turn_id[0].isascii() and turn_id[0].isalnum()
            and _ID_CHARS.issuperset(turn_id)):
        raise ContractError(f"bad turn id {turn_id!r}: letters, digits and . _ : - only, 64 at most")
    return turn_id


def decode_turn(data: bytes | str) -> TurnRecord:
    """One JSON object → a TurnRecord; unknown fields, wrong types and bad ids refused."""
    try:
        obj = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ContractError(f"not valid JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise ContractError(f"not a turn record: expected an object, got {_type(obj)}")
    for name in obj:
        if name not in _FIELDS:
            raise ContractError(f"not a turn record: unknown field `{name}`")
    for name in ("turn_id", "owner"):
        if name not in obj:
            raise ContractError(f"not a turn record: missing required field `{name}`")
    for name in ("turn_id", "owner", "prompt", "reply"):
        value = obj.get(name)
        if not (isinstance(value, str) or (value is None and name in ("prompt", "reply"))):
            raise ContractError(f"not a turn record: expected str, got {_type(value)} - at `$.{name}`")
        try:
            value is None or value.encode("utf-8")
        except UnicodeEncodeError:
            raise ContractError(f"not a turn record: a lone surrogate escape in `$.{name}`") from None
    ops = obj.get("ops")
    if ops is not None:
        if not isinstance(ops, list):
            raise ContractError(f"not a turn record: expected array, got {_type(ops)} - at `$.ops`")
        ops = [json.dumps(op, separators=(",", ":")).encode() for op in ops]
    record = TurnRecord(obj["turn_id"], obj["owner"], obj.get("prompt"), obj.get("reply"), ops)
    check_turn_id(record.turn_id)
    record.owner = clean_message(record.owner)
    if record.reply is not None:
        record.reply = clean_message(record.reply, what="reply")
    return record


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def encode_turn(record: TurnRecord) -> bytes:
    """Compact JSON, absent fields left out, each op's raw JSON as it is."""
    parts = [f'"turn_id":{_string(record.turn_id)}', f'"owner":{_string(record.owner)}']
    for name in ("prompt", "reply"):
        value = getattr(record, name)
        if value is not None:
            parts.append(f'"{name}":{_string(value)}')
    if record.ops is not None:
        parts.append('"ops":[' + ",".join(bytes(op).decode("utf-8") for op in record.ops) + "]")
    return ("{" + ",".join(parts) + "}").encode("utf-8")


# Dropped from a message: the C0 controls but tab, newline and CR (made newline first), and DEL.
_STRAY_CONTROLS = dict.fromkeys([*range(0x01, 0x09), 0x0b, 0x0c, *range(0x0e, 0x20), 0x7f])


def clean_message(text: str, what: str = "message") -> str:
    """A chat message as stored: CRLF → LF, stray control characters dropped.

    A NUL byte or an oversized message is refused rather than cut: cutting would record
    something the owner never said.
    """
    if "\x00" in text:
        raise ContractError(f"{what} contains a NUL byte")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:   # a byte that was not UTF-8 (argv), or a lone \ud800
        raise ContractError(f"{what} is not valid UTF-8 text ({not_text(exc)} at character "
                            f"{exc.start + 1})") from None
    if size > MAX_MESSAGE:
        raise ContractError(f"{what} too long: {size} bytes (at most {MAX_MESSAGE})")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.translate(_STRAY_CONTROLS)


def not_text(exc: UnicodeEncodeError) -> str:
    """What the character that could not be encoded was: Python carries a byte that was
    not UTF-8 (in an argument, a file name) as a surrogate \udc80-\udcff."""
    char = ord(exc.object[exc.start])
    if 0xDC80 <= char <= 0xDCFF:
        return f"the byte 0x{char - 0xDC00:02x}"
    return f"a lone surrogate U+{char:04X}"


def decode_text(data: bytes, what: str = "input") -> str:
    """Bytes from stdin → str, refusing invalid UTF-8 with the offset of the bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContractError(f"{what} is not valid UTF-8 (bad byte at offset {exc.start})") from None
