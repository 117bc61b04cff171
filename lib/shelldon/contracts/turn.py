"""Turn records: the one JSON object per line that flows between stages.

{"turn_id", "owner", "prompt"?, "reply"?, "ops"?: [...]}. The ops stay raw here: each is
validated on its own by the core, so one bad op never costs the record.
"""
import os
import re
import time

import msgspec

from . import ContractError

MAX_MESSAGE = 64 * 1024
TURN_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$"
_TURN_ID = re.compile(TURN_ID_PATTERN)

TurnId = msgspec.Meta(pattern=TURN_ID_PATTERN)


class TurnRecord(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    turn_id: str
    owner: str
    prompt: str | None = None
    reply: str | None = None
    ops: list[msgspec.Raw] | None = None


_decoder = msgspec.json.Decoder(TurnRecord)
_encoder = msgspec.json.Encoder()


def new_turn_id(prefix: str = "") -> str:
    """A turn id that sorts by time: UTC to the microsecond, then random hex."""
    now = time.time()
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now))
    micro = int((now % 1) * 1_000_000)
    return f"{prefix}{stamp}.{micro:06d}Z-{os.urandom(3).hex()}"


def check_turn_id(turn_id: str) -> str:
    if not _TURN_ID.match(turn_id):
        raise ContractError(f"bad turn id {turn_id!r}: letters, digits and . _ : - only, 64 at most")
    return turn_id


def decode_turn(data: bytes | str) -> TurnRecord:
    try:
        record = _decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise ContractError(f"not a turn record: {exc}") from None
    except msgspec.DecodeError as exc:
        raise ContractError(f"not valid JSON: {exc}") from None
    check_turn_id(record.turn_id)
    record.owner = clean_message(record.owner)
    if record.reply is not None:
        record.reply = clean_message(record.reply, what="reply")
    return record


def encode_turn(record: TurnRecord) -> bytes:
    return _encoder.encode(record)


_STRAY_CONTROLS = re.compile(r"[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]")


def clean_message(text: str, what: str = "message") -> str:
    """A chat message as stored: CRLF → LF, stray control characters dropped.

    A NUL byte or an oversized message is refused rather than cut: cutting would record
    something the owner never said.
    """
    if "\x00" in text:
        raise ContractError(f"{what} contains a NUL byte")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise ContractError(f"{what} too long: {size} bytes (at most {MAX_MESSAGE})")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _STRAY_CONTROLS.sub("", text)


def decode_text(data: bytes, what: str = "input") -> str:
    """Bytes from stdin → str, refusing invalid UTF-8 with the offset of the bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContractError(f"{what} is not valid UTF-8 (bad byte at offset {exc.start})") from None
