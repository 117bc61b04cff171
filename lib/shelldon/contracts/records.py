"""Records declared as data and read by two readers: what the op contract and the wire share.

A record class declares its fields — (name, kind, default or REQUIRED) — and each kind says
what a value may be (its type, bounds, characters or choices). From the one declaration:

- `fast_values(record, obj)`: a check of an already-parsed JSON object in the standard
  library. It accepts only what it is sure msgspec accepts, with the same values, and
  returns None for everything else.
- `msgspec_fields(record)`: the same fields as msgspec types, for the struct that decides
  whatever the fast check did not accept and words every error.

So the common case never imports msgspec (~27 ms of a stage's cold start here, ~3 MiB of a
resident daemon), and msgspec keeps the last word; tests hold the two together.
"""
from . import jsontext

REQUIRED = object()


def _plain_text(value: str) -> bool:
    """No lone surrogate (msgspec decides those)."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _annotated(base, **meta):
    import msgspec
    from typing import Annotated
    return Annotated[base, msgspec.Meta(**meta)]


class Text:
    """least..most characters, none of them in `forbidden` — control characters: one
    character class for msgspec's pattern, substring checks for the fast reader."""

    def __init__(self, least: int, most: int, forbidden: str = ""):
        self.least, self.most, self.forbidden = least, most, forbidden

    @property
    def pattern(self) -> str:
        # \Z, not $: $ would also match before a final newline, and let one through
        return "^[^" + "".join(f"\\x{ord(c):02x}" for c in self.forbidden) + "]*\\Z"

    def accepts(self, value) -> bool:
        return (type(value) is str and self.least <= len(value) <= self.most
                and not any(c in value for c in self.forbidden) and _plain_text(value))

    def msgspec_type(self):
        if self.forbidden:
            return _annotated(str, min_length=self.least, max_length=self.most, pattern=self.pattern)
        return _annotated(str, min_length=self.least, max_length=self.most)


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
        return _annotated(int, ge=self.least, le=self.most)


class Boolean:
    def accepts(self, value) -> bool:
        return type(value) is bool

    def msgspec_type(self):
        return bool


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
        return _annotated(list[self.kind.msgspec_type()], max_length=self.most)


class Record:
    """A value of a declared record: frozen, its fields as attributes, equal by value."""
    fields: tuple = ()   # (name, kind, default or REQUIRED), in order

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
                if default is REQUIRED:
                    raise TypeError(f"{type(self).__name__}: missing field {name!r}")
                values[name] = list(default) if isinstance(default, list) else default
            object.__setattr__(self, name, values[name])

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is frozen")

    __delattr__ = __setattr__

    def values(self) -> dict:
        return {name: getattr(self, name) for name, _kind, _default in self.fields}

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.values() == self.values()

    def __hash__(self) -> int:
        return hash(tuple(tuple(v) if isinstance(v, list) else v for v in self.values().values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in self.values().items())
        return f"{type(self).__name__}({fields})"


def fast_values(record: type, obj, tag: str = "") -> dict | None:
    """obj's field values when it is plainly a `record` — every key declared (or the tag
    key the caller has read), every value accepted by its kind, nothing required missing;
    else None."""
    if type(obj) is not dict or any(key != tag and key not in record._names for key in obj):
        return None
    values = {}
    for name, kind, default in record.fields:
        if name in obj:
            if not kind.accepts(obj[name]):
                return None
            values[name] = obj[name]
        elif default is REQUIRED:
            return None
    return values


def msgspec_fields(record: type) -> list[tuple]:
    """The record's fields as msgspec.defstruct takes them."""
    return [(name, kind.msgspec_type()) if default is REQUIRED else (name, kind.msgspec_type(), default)
            for name, kind, default in record.fields]


class Defer(Exception):
    """The fast reader is not sure: msgspec decides."""


def _no_constants(name: str):
    raise Defer(name)          # NaN, Infinity: not JSON; msgspec says so


def _no_repeats(pairs: list) -> dict:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise Defer("a repeated key")
    return obj


def read_fast(data: bytes | str):
    """The parsed JSON when the fast reader can read it plainly; Defer otherwise (odd JSON:
    NaN, duplicate keys, invalid UTF-8 — msgspec decides and words those)."""
    try:
        text = data.decode("utf-8") if isinstance(data, (bytes, bytearray, memoryview)) else data
        return jsontext.loads(text, pairs_hook=_no_repeats, constant=_no_constants)
    except (Defer, ValueError, TypeError, RecursionError):
        raise Defer("not plain JSON") from None

