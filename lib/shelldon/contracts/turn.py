"""Turn records: the one JSON object per line that flows between stages.

    {"turn_id", "owner", "prompt"?, "reply"?, "ops"?: [...], "ts"?, "dropped"?: [...]}

turn_id   letters, digits and . _ : - (64 at most, starting with a letter or digit); the
          ids a stage makes sort by time.
owner     the owner's message; reply: the pet's; prompt: what the brain was shown.
ops       the ops the brain proposed, each kept as the raw JSON it came as: the core
          validates each op on its own, so one bad op never costs the record.
ts        when the turn was said: ISO 8601 with a UTC offset, "2024-03-05T18:22:00+01:00" or
          "2024-03-05T18:22:00Z" (RFC 3339's profile of it). Optional: a turn without it
          happened now. An owner importing an old chat archive gives each turn its ts and
          keeps the dates: in history, and in the raw/ file of the local day it was said.
          A time without an offset names no moment, so it is refused rather than guessed.
dropped   what the brain proposed that think dropped as malformed (not JSON, not an op
          of the contract, past the 32 a reply may hold): one short reason each — never
          the line itself — at most 32 of 200 characters. The core journals each as a
          rejected op and the reply's last line names them ("Not saved: 1 proposed change
          was malformed (…)"). Optional.

Unknown fields are refused; absent optional fields are left out when a record is written.
"""
import os
import time
from datetime import datetime, timezone
from typing import Annotated

import msgspec

from . import ContractError

MAX_MESSAGE = 64 * 1024
MAX_DROPPED = 32   # proposed ops a record names as dropped (the reply's MAX_OPS)
MAX_WHY = 200      # the reason each is dropped for
# A turn id: an ASCII letter or digit, then up to 63 of those and . _ : -
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-")
_EXAMPLE_TS = "2024-03-05T18:22:00+01:00"


class TurnRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    turn_id: str
    owner: str
    prompt: str | None = None
    reply: str | None = None
    ops: list[msgspec.Raw] | None = None
    ts: Annotated[datetime, msgspec.Meta(tz=True)] | None = None
    dropped: Annotated[list[Annotated[str, msgspec.Meta(max_length=MAX_WHY)]],
                       msgspec.Meta(max_length=MAX_DROPPED)] | None = None

    def __post_init__(self):
        # Callers hand each op over as the bytes of its JSON; as msgspec.Raw it is written
        # out as that JSON, unchanged, and compares equal to the same op decoded.
        if self.ops is not None and not all(isinstance(op, msgspec.Raw) for op in self.ops):
            msgspec.structs.force_setattr(self, "ops", [op if isinstance(op, msgspec.Raw)
                                                        else msgspec.Raw(bytes(op)) for op in self.ops])


_decoder = msgspec.json.Decoder(TurnRecord)
_encoder = msgspec.json.Encoder()


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


def _refusal(exc: msgspec.ValidationError) -> ContractError:
    """msgspec's reason in the stages' words: "Expected `str`, got `int` - at `$.owner`"
    becomes "not a turn record: expected str, got int - at `$.owner`"."""
    text = str(exc)
    if text.endswith("at `$.ts`"):
        why = "has no UTC offset" if "timezone" in text else "is not an ISO 8601 time"
        return ContractError(f"not a turn record: ts {why}: write it as ISO 8601 with an "
                             f"offset, e.g. {_EXAMPLE_TS}")
    if text.startswith("Expected "):
        what, at, where = text.partition(" - at ")
        text = "expected " + what[len("Expected "):].replace("`", "") + at + where
    else:
        text = text.replace("Object contains ", "").replace("Object missing ", "missing ")
    return ContractError(f"not a turn record: {text}")


def decode_turn(data: bytes | str) -> TurnRecord:
    """One JSON object → a TurnRecord; unknown fields, wrong types, bad ids and a ts without
    an offset refused. The messages are cleaned as clean_message says."""
    try:
        record = _decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise _refusal(exc) from None
    except (msgspec.DecodeError, RecursionError) as exc:
        raise ContractError(f"not valid JSON: {exc}") from None
    check_turn_id(record.turn_id)
    if record.ts is not None:
        try:
            record.ts.astimezone(timezone.utc).astimezone()
        except (OverflowError, ValueError):
            raise ContractError(f"ts {record.ts.isoformat()} is out of range") from None
    return msgspec.structs.replace(
        record, owner=clean_message(record.owner),
        reply=None if record.reply is None else clean_message(record.reply, what="reply"))


def encode_turn(record: TurnRecord) -> bytes:
    """Compact JSON, absent fields left out, each op's raw JSON as it is."""
    return _encoder.encode(record)


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


def owner_message(text: str) -> str:
    """The owner's message cleaned as clean_message does; a blank one is refused."""
    return not_blank(clean_message(text))


def not_blank(text: str) -> str:
    """A message with something in it: a turn of nothing would still be recorded, and
    spend budget."""
    if not text.strip():
        raise ContractError("no message: the owner's message is empty")
    return text


def not_text(exc: UnicodeEncodeError) -> str:
    """What the character that could not be encoded was: Python carries a byte that was
    not UTF-8 (in an argument, a file name) as a surrogate from U+DC80 to U+DCFF."""
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
