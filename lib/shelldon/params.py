"""click parameter types the stages share, so a bad value on the command line is a usage
error (exit 2, click's message naming the flag) in every stage alike; the same value from
config.toml is bad input (65), named as its key, by the code that reads the file."""
import click

from .util.durations import parse_duration
from .util.sizes import parse_size


class Size(click.ParamType):
    """Bytes, or with a K, M or G suffix: 500000, 64K, 10M, 1.5G."""

    name = "size"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        try:
            return parse_size(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


class Duration(click.ParamType):
    """A duration: 30m, 6h, 2d, 45s, or a bare number of hours; kept as the text given,
    for the code that reads the same setting from config.toml."""

    name = "duration"

    def convert(self, value, param, ctx):
        try:
            parse_duration(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)
        return value


SIZE = Size()
DURATION = Duration()
