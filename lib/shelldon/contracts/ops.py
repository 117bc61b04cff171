"""The op contract: the only changes a worker or brain may propose.

Frozen msgspec structs in one union tagged by "op". Unknown ops, unknown fields (at any
depth) and wrong types are decode errors; every string is length-bounded; names refuse
every control character, content refuses all but newline and tab.
"""
from typing import Annotated, Literal, Union

import msgspec

from . import ContractError

from .limits import MAX_CONTENT, MAX_NAME, MAX_OBSERVATION  # defined apart for the prompt
MAX_TAGS = 16

COLLECTIONS = ("facts", "people", "preferences", "capabilities")

# msgspec applies `pattern` with re.search; these refuse any forbidden character.
_NAME_CHARS = r"^[^\x00-\x1f\x7f]*$"
_TEXT_CHARS = r"^[^\x00-\x08\x0b-\x1f\x7f]*$"

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME, pattern=_NAME_CHARS)]
Content = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CONTENT, pattern=_TEXT_CHARS)]
Observation = Annotated[str, msgspec.Meta(max_length=MAX_OBSERVATION, pattern=_TEXT_CHARS)]
PatternKey = Annotated[str, msgspec.Meta(max_length=MAX_NAME, pattern=_NAME_CHARS)]
Tag = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=_NAME_CHARS)]
Collection = Literal["facts", "people", "preferences", "capabilities"]
LearningId = Annotated[int, msgspec.Meta(ge=1, le=2**62)]


class _Op(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="op"):
    pass


class RewriteAbout(_Op, tag="rewrite_about"):
    content: Content


class Remember(_Op, tag="remember"):
    collection: Collection
    name: Name
    content: Content


class LogEpisode(_Op, tag="log_episode"):
    content: Content
    tags: Annotated[list[Tag], msgspec.Meta(max_length=MAX_TAGS)] = []


class RewriteSummary(_Op, tag="rewrite_summary"):
    content: Content


class CaptureLearning(_Op, tag="capture_learning"):
    observation: Observation
    pattern_key: PatternKey | None = None


class ResolveLearning(_Op, tag="resolve_learning"):
    id: LearningId
    status: Literal["promoted", "pruned"]


# -- owner's tools (issue 8): forget tombstones an item, restore lifts the tombstone ----
# The file stays where it is with `forgotten: "<ts>"` in its header (see
# contracts/markdown.is_forgotten); every prompt skips it, and restore brings it back.

class Forget(_Op, tag="forget"):
    collection: Collection
    name: Name


class Restore(_Op, tag="restore"):
    collection: Collection
    name: Name
# -- end owner's tools --------------------------------------------------------------


Op = Union[RewriteAbout, Remember, LogEpisode, RewriteSummary, CaptureLearning, ResolveLearning,
           Forget, Restore]
FILE_OPS = (RewriteAbout, Remember, LogEpisode, RewriteSummary, Forget, Restore)
OP_NAMES = ("rewrite_about", "remember", "log_episode", "rewrite_summary",
            "capture_learning", "resolve_learning", "forget", "restore")

_decoder = msgspec.json.Decoder(Op)
_encoder = msgspec.json.Encoder()


def decode_op(data: bytes | str) -> Op:
    """One JSON op → a validated struct, or ContractError naming what is wrong."""
    try:
        return _decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise ContractError(_explain(str(exc))) from None
    except msgspec.DecodeError as exc:
        raise ContractError(f"not valid JSON: {exc}") from None


def convert_op(obj: object) -> Op:
    """An already-parsed object (e.g. from a turn record) → a validated struct."""
    try:
        return msgspec.convert(obj, Op, strict=True)
    except msgspec.ValidationError as exc:
        raise ContractError(_explain(str(exc))) from None


def encode_op(op: Op) -> bytes:
    return _encoder.encode(op)


def op_to_dict(op: Op) -> dict:
    return msgspec.to_builtins(op)


def _explain(message: str) -> str:
    if "Invalid value" in message and "`$.op`" in message:
        return f"unknown op ({message}); known: {', '.join(OP_NAMES)}"
    if "Object missing required field `op`" in message:
        return "not an op: no \"op\" field"
    if "matching regex" in message:
        where = message.rpartition(" - ")[2]
        return f"string contains a forbidden control character - {where}"
    return message
