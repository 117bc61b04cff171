"""util/records: the dataclass subset the hot path uses instead of the stdlib's."""
import dataclasses

import pytest

from shelldon.util.records import FrozenInstanceError, dataclass, field, fields, replace


@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
    tags: list = field(default_factory=list)

    @property
    def norm(self) -> int:
        return abs(self.x) + abs(self.y)


@dataclass
class Box:
    items: list = field(default_factory=list)
    label: str = "box"


def test_init_defaults_and_factories():
    p = Point(1)
    assert (p.x, p.y, p.tags, p.norm) == (1, 0, [], 1)
    assert Point(1).tags is not Point(1).tags
    assert Box().label == "box" and Box(["a"], "b").items == ["a"]
    with pytest.raises(TypeError):
        Point()


def test_frozen_eq_hash_repr():
    assert Point(1, 2) == Point(1, 2) and Point(1, 2) != Point(2, 1)
    assert hash(Point(1, 2, ())) == hash(Point(1, 2, ()))
    assert repr(Point(1, 2)) == "Point(x=1, y=2, tags=[])"
    with pytest.raises(FrozenInstanceError):
        Point(1).x = 3
    box = Box()
    box.label = "other"
    assert box.label == "other"


def test_fields_and_replace_also_for_stdlib_dataclasses():
    assert [f.name for f in fields(Point)] == ["x", "y", "tags"]
    assert replace(Point(1, 2), y=5) == Point(1, 5)

    @dataclasses.dataclass(frozen=True)
    class Std:
        a: int = 1

    assert [f.name for f in fields(Std)] == ["a"] and replace(Std(), a=2).a == 2


def test_asdict():
    from shelldon.util.records import asdict
    assert asdict(Point(1, 2)) == {"x": 1, "y": 2, "tags": []}
