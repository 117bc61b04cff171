"""The op contract: the only changes a worker or brain may propose.

Declared once, below: each op's tag and fields, each field's kind (its type, bounds,
allowed characters or choices). Unknown ops, unknown fields and wrong types are errors;
every string is length-bounded; names refuse every control character, content all but
newline and tab. Two readers hold an op to the declaration:

- msgspec, the contract's library (DESIGN.md): frozen structs built from the declaration,
  one union tagged by "op", unknown fields forbidden at every depth. It has the last word:
  an op the fast reader does not accept outright is decoded by msgspec, and msgspec's
  error is the one reported.
- a fast reader in the standard library, for the common case of a well-formed op, so the
  stages that apply ops do not import msgspec (~27 ms of a cold start here: as much as
  the interpreter and sqlite3 together). It accepts only what msgspec accepts, with the
  same values, and defers everything else — odd JSON (NaN, duplicate keys, lone
  surrogates), a value of the wrong type, anything out of bounds.
  tests/test_ops_contract.py holds the two to that with hypothesis, as
  tests/test_stage_cli.py does for click and the fast command-line parser.

Either way the result is an op record (Remember, LogEpisode, …): frozen, its fields as
attributes.
"""
from . import ContractError, jsontext
from .limits import MAX_CONTENT, MAX_NAME, MAX_OBSERVATION
from .records import (REQUIRED, Choice, Defer, Integer, ListOf, Optional, Record, Text, fast_values,
                      msgspec_fields, read_fast)

MAX_TAGS = 16

COLLECTIONS = ("facts", "people", "preferences", "capabilities")

# The characters each kind of text refuses: names every control character, content all
# but tab and newline.
_CONTROLS = "".join(map(chr, range(0x20))) + "\x7f"
_NAME_CHARS = _CONTROLS
_TEXT_CHARS = _CONTROLS.replace("\t", "").replace("\n", "")

NAME = Text(1, MAX_NAME, _NAME_CHARS)
CONTENT = Text(1, MAX_CONTENT, _TEXT_CHARS)
OBSERVATION = Text(0, MAX_OBSERVATION, _TEXT_CHARS)
PATTERN_KEY = Optional(Text(0, MAX_NAME, _NAME_CHARS))
TAGS = ListOf(Text(1, 40, _NAME_CHARS), MAX_TAGS)
COLLECTION = Choice(*COLLECTIONS)
LEARNING_ID = Integer(1, 2**62)
RESOLUTION = Choice("promoted", "pruned")


# -- the ops -------------------------------------------------------------------------

class Op(Record):
    """A validated op: frozen, its fields as attributes, equal by value."""
    tag = ""

    def to_dict(self) -> dict:
        out = {"op": self.tag}
        for name, value in self.values().items():
            out[name] = list(value) if isinstance(value, list) else value
        return out


class RewriteAbout(Op):
    tag = "rewrite_about"
    fields = (("content", CONTENT, REQUIRED),)


class Remember(Op):
    tag = "remember"
    fields = (("collection", COLLECTION, REQUIRED), ("name", NAME, REQUIRED),
              ("content", CONTENT, REQUIRED))


class LogEpisode(Op):
    tag = "log_episode"
    fields = (("content", CONTENT, REQUIRED), ("tags", TAGS, []))


class RewriteSummary(Op):
    tag = "rewrite_summary"
    fields = (("content", CONTENT, REQUIRED),)


class CaptureLearning(Op):
    tag = "capture_learning"
    fields = (("observation", OBSERVATION, REQUIRED), ("pattern_key", PATTERN_KEY, None))


class ResolveLearning(Op):
    tag = "resolve_learning"
    fields = (("id", LEARNING_ID, REQUIRED), ("status", RESOLUTION, REQUIRED))


# -- owner's tools (issue 8): forget tombstones an item, restore lifts the tombstone ----
# The file stays where it is with `forgotten: "<ts>"` in its header (see
# contracts/markdown.is_forgotten); every prompt skips it, and restore brings it back.

_AN_ITEM = (("collection", COLLECTION, REQUIRED), ("name", NAME, REQUIRED))


class Forget(Op):
    tag = "forget"
    fields = _AN_ITEM


class Restore(Op):
    tag = "restore"
    fields = _AN_ITEM
# -- end owner's tools --------------------------------------------------------------


OPS = (RewriteAbout, Remember, LogEpisode, RewriteSummary, CaptureLearning, ResolveLearning,
       Forget, Restore)
FILE_OPS = (RewriteAbout, Remember, LogEpisode, RewriteSummary, Forget, Restore)
OP_NAMES = tuple(op.tag for op in OPS)
_BY_TAG = {op.tag: op for op in OPS}


# -- reading an op ---------------------------------------------------------------------

def decode_op(data: bytes | str) -> Op:
    """One JSON op → a validated op record, or ContractError naming what is wrong."""
    op = _fast(data)
    return op if op is not None else _by_msgspec(data)


def _fast(data: bytes | str) -> Op | None:
    """The op, when the fast reader is sure msgspec accepts it with these values; else None."""
    try:
        return _accept(read_fast(data))
    except Defer:
        return None


def _accept(obj) -> Op | None:
    """The op, when obj is plainly one (the fast reader's check); else None."""
    if type(obj) is not dict or type(obj.get("op")) is not str:
        return None
    kind = _BY_TAG.get(obj["op"])
    values = None if kind is None else fast_values(kind, obj, tag="op")
    return None if values is None else kind(**values)


def convert_op(obj: object) -> Op:
    """An already-parsed object (e.g. from a turn record) → a validated op record."""
    op = _accept(obj)
    return op if op is not None else _by_msgspec(obj, parsed=True)


def encode_op(op: Op) -> bytes:
    return jsontext.dumps(op.to_dict(), ascii=False, compact=True).encode()


_msgspec_reader = None


def _by_msgspec(data, parsed: bool = False) -> Op:
    import msgspec
    global _msgspec_reader
    if _msgspec_reader is None:
        union, kinds = msgspec_structs()
        _msgspec_reader = (union, msgspec.json.Decoder(union), kinds)
    union, decoder, kinds = _msgspec_reader
    try:
        struct = msgspec.convert(data, union, strict=True) if parsed else decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise ContractError(_explain(str(exc))) from None
    except msgspec.DecodeError as exc:
        raise ContractError(f"not valid JSON: {exc}") from None
    except UnicodeEncodeError:
        raise ContractError("not valid text: a lone surrogate (half a UTF-16 pair)") from None
    kind = kinds[type(struct)]
    return kind(**{name: getattr(struct, name) for name, _k, _d in kind.fields})


def msgspec_structs():
    """The contract as msgspec structs: (the union of one frozen struct per op, tagged by
    "op", unknown fields forbidden; struct class → op record class)."""
    import msgspec
    from typing import Union

    class _Struct(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="op"):
        pass

    kinds = {}
    for kind in OPS:
        kinds[msgspec.defstruct(kind.__name__, msgspec_fields(kind), bases=(_Struct,), tag=kind.tag,
                                module=__name__)] = kind
    return Union[tuple(kinds)], kinds


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
