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
import re

from . import ContractError, jsontext
from .limits import MAX_CONTENT, MAX_NAME, MAX_OBSERVATION

MAX_TAGS = 16

COLLECTIONS = ("facts", "people", "preferences", "capabilities")

# Applied with re.search, as msgspec applies `pattern`; each refuses a forbidden character.
_NAME_CHARS = r"^[^\x00-\x1f\x7f]*$"
_TEXT_CHARS = r"^[^\x00-\x08\x0b-\x1f\x7f]*$"


# -- the kinds of value a field may hold -------------------------------------------------

def _plain_text(value: str) -> bool:
    """No lone surrogate (msgspec decides those)."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Text:
    def __init__(self, least: int, most: int, chars: str):
        self.least, self.most, self.chars = least, most, chars
        self._chars = re.compile(chars)

    def accepts(self, value) -> bool:
        return (type(value) is str and self.least <= len(value) <= self.most
                and self._chars.search(value) is not None and _plain_text(value))

    def msgspec_type(self):
        import msgspec
        from typing import Annotated
        return Annotated[str, msgspec.Meta(min_length=self.least, max_length=self.most, pattern=self.chars)]


class Choice:
    def __init__(self, *values: str):
        self.values = values

    def accepts(self, value) -> bool:
        return type(value) is str and value in self.values

    def msgspec_type(self):
        from typing import Literal
        return Literal[self.values]


class Integer:
    def __init__(self, least: int, most: int):
        self.least, self.most = least, most

    def accepts(self, value) -> bool:
        return type(value) is int and self.least <= value <= self.most

    def msgspec_type(self):
        import msgspec
        from typing import Annotated
        return Annotated[int, msgspec.Meta(ge=self.least, le=self.most)]


class Optional:
    def __init__(self, kind):
        self.kind = kind

    def accepts(self, value) -> bool:
        return value is None or self.kind.accepts(value)

    def msgspec_type(self):
        return self.kind.msgspec_type() | None


class ListOf:
    def __init__(self, kind, most: int):
        self.kind, self.most = kind, most

    def accepts(self, value) -> bool:
        return type(value) is list and len(value) <= self.most and all(map(self.kind.accepts, value))

    def msgspec_type(self):
        import msgspec
        from typing import Annotated
        return Annotated[list[self.kind.msgspec_type()], msgspec.Meta(max_length=self.most)]


NAME = Text(1, MAX_NAME, _NAME_CHARS)
CONTENT = Text(1, MAX_CONTENT, _TEXT_CHARS)
OBSERVATION = Text(0, MAX_OBSERVATION, _TEXT_CHARS)
PATTERN_KEY = Optional(Text(0, MAX_NAME, _NAME_CHARS))
TAGS = ListOf(Text(1, 40, _NAME_CHARS), MAX_TAGS)
COLLECTION = Choice(*COLLECTIONS)
LEARNING_ID = Integer(1, 2**62)
RESOLUTION = Choice("promoted", "pruned")

_REQUIRED = object()


# -- the ops -------------------------------------------------------------------------

class Op:
    """A validated op: frozen, its fields as attributes, equal by value."""
    tag = ""
    fields: tuple = ()   # (name, kind, default or _REQUIRED), in order

    def __init_subclass__(cls):
        cls._names = frozenset(name for name, _kind, _default in cls.fields)

    def __init__(self, *args, **kwargs):
        names = [name for name, _kind, _default in self.fields]
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__} takes {len(names)} fields")
        values = dict(zip(names, args))
        for name, value in kwargs.items():
            if name not in names or name in values:
                raise TypeError(f"{type(self).__name__}: unexpected or repeated field {name!r}")
            values[name] = value
        for name, _kind, default in self.fields:
            if name not in values:
                if default is _REQUIRED:
                    raise TypeError(f"{type(self).__name__}: missing field {name!r}")
                values[name] = list(default) if isinstance(default, list) else default
            object.__setattr__(self, name, values[name])

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is frozen")

    __delattr__ = __setattr__

    def to_dict(self) -> dict:
        out = {"op": self.tag}
        for name, _kind, _default in self.fields:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, list) else value
        return out

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.to_dict() == self.to_dict()

    def __hash__(self) -> int:
        return hash(tuple(tuple(v) if isinstance(v, list) else v for v in self.to_dict().values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name, _k, _d in self.fields)
        return f"{type(self).__name__}({fields})"


class RewriteAbout(Op):
    tag = "rewrite_about"
    fields = (("content", CONTENT, _REQUIRED),)


class Remember(Op):
    tag = "remember"
    fields = (("collection", COLLECTION, _REQUIRED), ("name", NAME, _REQUIRED),
              ("content", CONTENT, _REQUIRED))


class LogEpisode(Op):
    tag = "log_episode"
    fields = (("content", CONTENT, _REQUIRED), ("tags", TAGS, []))


class RewriteSummary(Op):
    tag = "rewrite_summary"
    fields = (("content", CONTENT, _REQUIRED),)


class CaptureLearning(Op):
    tag = "capture_learning"
    fields = (("observation", OBSERVATION, _REQUIRED), ("pattern_key", PATTERN_KEY, None))


class ResolveLearning(Op):
    tag = "resolve_learning"
    fields = (("id", LEARNING_ID, _REQUIRED), ("status", RESOLUTION, _REQUIRED))


# -- owner's tools (issue 8): forget tombstones an item, restore lifts the tombstone ----
# The file stays where it is with `forgotten: "<ts>"` in its header (see
# contracts/markdown.is_forgotten); every prompt skips it, and restore brings it back.

_AN_ITEM = (("collection", COLLECTION, _REQUIRED), ("name", NAME, _REQUIRED))


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


class _Defer(Exception):
    """The fast reader is not sure: msgspec decides."""


def _no_constants(name: str):
    raise _Defer(name)          # NaN, Infinity: not JSON; msgspec says so


def _no_repeats(pairs: list) -> dict:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise _Defer("a repeated key")
    return obj


def _fast(data: bytes | str) -> Op | None:
    """The op, when the fast reader is sure msgspec accepts it with these values; else None."""
    try:
        text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else data
        obj = jsontext.loads(text, pairs_hook=_no_repeats, constant=_no_constants)
    except (_Defer, ValueError, TypeError, RecursionError):
        return None
    return _accept(obj)


def _accept(obj) -> Op | None:
    """The op, when obj is plainly one (the fast reader's check); else None."""
    if type(obj) is not dict or type(obj.get("op")) is not str:
        return None
    kind = _BY_TAG.get(obj["op"])
    if kind is None or any(key != "op" and key not in kind._names for key in obj):
        return None
    values = {}
    for name, field_kind, default in kind.fields:
        if name in obj:
            if not field_kind.accepts(obj[name]):
                return None
            values[name] = obj[name]
        elif default is _REQUIRED:
            return None
    return kind(**values)


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
        fields = [(name, field_kind.msgspec_type()) if default is _REQUIRED
                  else (name, field_kind.msgspec_type(), default)
                  for name, field_kind, default in kind.fields]
        kinds[msgspec.defstruct(kind.__name__, fields, bases=(_Struct,), tag=kind.tag,
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
