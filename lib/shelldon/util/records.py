"""dataclass, field, fields, asdict and replace: the subset of the stdlib's dataclasses we use.

Why not the stdlib's: `import dataclasses` imports inspect, which imports ast, dis,
tokenize and more — ~8 ms before a stage does anything, ~40 ms on a Pi, for every short
stage (docs/PERFORMANCE.md). This builds the same __init__, __repr__, __eq__ (and __hash__
and read-only attributes when frozen) from the class's annotations, in plain Python.
Supported: defaults, field(default=..., default_factory=...), frozen=True, properties and
methods; not supported: inheritance between records, slots, order, InitVar, ClassVar.
"""

_MISSING = object()


class FrozenInstanceError(AttributeError):
    """Assigning to a field of a frozen record."""


class Field:
    __slots__ = ("name", "default", "default_factory")

    def __init__(self, default=_MISSING, default_factory=_MISSING):
        self.name = ""
        self.default, self.default_factory = default, default_factory


def field(*, default=_MISSING, default_factory=_MISSING) -> Field:
    return Field(default, default_factory)


def fields(cls_or_obj) -> tuple:
    """The fields of a record — or of a stdlib dataclass, so code may mix the two."""
    if hasattr(cls_or_obj, "__dataclass_fields__"):
        import dataclasses
        return dataclasses.fields(cls_or_obj)
    return getattr(cls_or_obj, "__record_fields__")


def asdict(obj) -> dict:
    """The fields as a dict (shallow: records hold plain values) — or a stdlib dataclass's."""
    if hasattr(obj, "__dataclass_fields__"):
        import dataclasses
        return dataclasses.asdict(obj)
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


def replace(obj, **changes):
    if hasattr(obj, "__dataclass_fields__"):
        import dataclasses
        return dataclasses.replace(obj, **changes)
    values = {f.name: getattr(obj, f.name) for f in fields(obj)}
    values.update(changes)
    return type(obj)(**values)


def dataclass(cls=None, *, frozen: bool = False):
    def wrap(klass):
        return _build(klass, frozen)
    return wrap if cls is None else wrap(cls)


def _initializer(found: tuple):
    """__init__ for these fields. A closure, not source given to exec: compiling one
    costs ~0.2 ms a record class, at every start of every stage."""
    count = len(found)

    def __init__(self, *args, **kwargs):
        if len(args) > count:
            raise TypeError(f"{type(self).__name__}() takes {count} positional arguments "
                            f"but {len(args)} were given")
        for index, spec in enumerate(found):
            name = spec.name
            if index < len(args):
                if name in kwargs:
                    raise TypeError(f"{type(self).__name__}() got multiple values for argument {name!r}")
                value = args[index]
            elif name in kwargs:
                value = kwargs.pop(name)
            elif spec.default_factory is not _MISSING:
                value = spec.default_factory()
            elif spec.default is not _MISSING:
                value = spec.default
            else:
                raise TypeError(f"{type(self).__name__}() missing required argument: {name!r}")
            object.__setattr__(self, name, value)
        if kwargs:
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument "
                            f"{next(iter(kwargs))!r}")
    return __init__


def _build(cls, frozen: bool):
    found = []
    for name in cls.__dict__.get("__annotations__", {}):
        value = cls.__dict__.get(name, _MISSING)
        spec = value if isinstance(value, Field) else Field(default=value)
        spec.name = name
        if isinstance(value, Field):
            if value.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, value.default)
        found.append(spec)
    names = [f.name for f in found]
    cls.__init__ = _initializer(tuple(found))
    cls.__record_fields__ = tuple(found)

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in names)})"

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in names)

    cls.__repr__, cls.__eq__ = __repr__, __eq__
    if frozen:
        def __setattr__(self, name, value):
            raise FrozenInstanceError(f"cannot assign to field {name!r}")

        def __delattr__(self, name):
            raise FrozenInstanceError(f"cannot delete field {name!r}")

        def __hash__(self):
            return hash(tuple(getattr(self, n) for n in names))
        cls.__setattr__, cls.__delattr__, cls.__hash__ = __setattr__, __delattr__, __hash__
    else:
        cls.__hash__ = None
    return cls
