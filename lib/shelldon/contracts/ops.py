"""The op contract: the only changes a worker or brain may propose.

Each op is a frozen msgspec struct, tagged by its "op" field; msgspec is the contract's one
validator. Unknown ops, unknown fields and wrong types are errors; every string is
length-bounded; names refuse every control character, content all but newline and tab.
A line is decoded by one msgspec.json.Decoder, an already-parsed object (an op inside a
turn record) by msgspec.convert, and every failure is a ContractError that says where.
"""
import json
from typing import Annotated, Literal, Union

import msgspec

from . import ContractError
from .limits import MAX_CONTENT, MAX_NAME, MAX_OBSERVATION

MAX_TAGS = 16

COLLECTIONS = ("facts", "people", "preferences", "capabilities")

# The characters each kind of text refuses: names every control character, content all
# but tab and newline.
_CONTROLS = "".join(map(chr, range(0x20))) + "\x7f"
_NAME_CHARS = _CONTROLS
_TEXT_CHARS = _CONTROLS.replace("\t", "").replace("\n", "")


def _text(least: int, most: int, forbidden: str):
    # \Z, not $: $ would also match before a final newline, and let one through
    pattern = "^[^" + "".join(f"\\x{ord(c):02x}" for c in forbidden) + "]*\\Z"
    return Annotated[str, msgspec.Meta(min_length=least, max_length=most, pattern=pattern)]


Name = _text(1, MAX_NAME, _NAME_CHARS)
Content = _text(1, MAX_CONTENT, _TEXT_CHARS)
Observation = _text(0, MAX_OBSERVATION, _TEXT_CHARS)
PatternKey = _text(0, MAX_NAME, _NAME_CHARS)
Tags = Annotated[list[_text(1, 40, _NAME_CHARS)], msgspec.Meta(max_length=MAX_TAGS)]
Day = Annotated[str, msgspec.Meta(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")]
Collection = Literal["facts", "people", "preferences", "capabilities"]
LearningId = Annotated[int, msgspec.Meta(ge=1, le=2**62)]
Resolution = Literal["promoted", "pruned"]


# -- the ops -------------------------------------------------------------------------

class Op(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="op"):
    """A validated op: frozen, its fields as attributes, equal by value."""

    @property
    def tag(self) -> str:
        return self.__struct_config__.tag

    def to_dict(self) -> dict:
        out = {"op": self.tag}
        for name, value in msgspec.structs.asdict(self).items():
            if value is None and name == "expires":   # optional and new: absent is as it was
                continue
            out[name] = list(value) if isinstance(value, list) else value
        return out


class RewriteAbout(Op, tag="rewrite_about"):
    content: Content


class Remember(Op, tag="remember"):
    collection: Collection
    name: Name
    content: Content
    # The last day the fact holds (YYYY-MM-DD); after it the item is withheld from prompts
    # as stale. The core takes it only from today to 5 years ahead (core/curated.plan).
    expires: Day | None = None


class LogEpisode(Op, tag="log_episode"):
    content: Content
    tags: Tags = []     # msgspec gives each op its own copy of an empty list


class RewriteSummary(Op, tag="rewrite_summary"):
    content: Content


class CaptureLearning(Op, tag="capture_learning"):
    observation: Observation
    pattern_key: PatternKey | None = None


class ResolveLearning(Op, tag="resolve_learning"):
    id: LearningId
    status: Resolution


class ItemOp(Op):
    """An op on one curated item by its collection and name."""
    collection: Collection
    name: Name


# -- owner's tools: forget tombstones an item, restore lifts the tombstone ----------------
# The file stays where it is with `forgotten: "<ts>"` in its header (see
# contracts/markdown.is_forgotten); every prompt skips it, and restore brings it back.

class Forget(ItemOp, tag="forget"):
    pass


class Restore(ItemOp, tag="restore"):
    pass


# -- owner's tools: pin keeps an item in every prompt (`pinned: true` in its header) -----
# Only the owner pins (shelldon-pin); an op from a brain is refused (core/apply.py).

class Pin(ItemOp, tag="pin"):
    pass


class Unpin(ItemOp, tag="unpin"):
    pass


OPS = (RewriteAbout, Remember, LogEpisode, RewriteSummary, CaptureLearning, ResolveLearning,
       Forget, Restore, Pin, Unpin)
FILE_OPS = (RewriteAbout, Remember, LogEpisode, RewriteSummary, Forget, Restore, Pin, Unpin)
OWNER_ONLY_OPS = (Pin, Unpin)
OP_NAMES = tuple(op.__struct_config__.tag for op in OPS)

AnyOp = Union[OPS]
_DECODER = msgspec.json.Decoder(AnyOp)


# -- reading an op ---------------------------------------------------------------------

def decode_op(data: bytes | str) -> Op:
    """One JSON op → a validated op, or ContractError naming what is wrong."""
    return _checked(_DECODER.decode, data)


def convert_op(obj: object) -> Op:
    """An already-parsed object (e.g. from a turn record) → a validated op."""
    return _checked(lambda value: msgspec.convert(value, AnyOp, strict=True), obj)


def _checked(read, data) -> Op:
    try:
        return read(data)
    except msgspec.ValidationError as exc:
        raise ContractError(_explain(str(exc))) from None
    except msgspec.DecodeError as exc:
        raise ContractError(f"not valid JSON: {exc}") from None
    except UnicodeEncodeError:
        raise ContractError("not valid text: a lone surrogate (half a UTF-16 pair)") from None
    except RecursionError:
        # "[[[[…" a hundred thousand deep: msgspec stops at the interpreter's limit
        raise ContractError("not an op: JSON nested too deeply") from None


def encode_op(op: Op) -> bytes:
    return json.dumps(op.to_dict(), ensure_ascii=False, separators=(",", ":")).encode()


def op_to_dict(op: Op) -> dict:
    return op.to_dict()


def _explain(message: str) -> str:
    if "Invalid value" in message and "`$.op`" in message:
        return f"unknown op ({message}); known: {', '.join(OP_NAMES)}"
    if "Object missing required field `op`" in message:
        return "not an op: no \"op\" field"
    if "matching regex" in message:
        where = message.rpartition(" - ")[2]
        return f"string contains a forbidden control character - {where}"
    return message
