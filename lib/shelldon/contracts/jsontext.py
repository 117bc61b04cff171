"""JSON text in and out on the interpreter's C codec, without importing the json package.

`import json` costs a short stage ~10 ms here (a third of its floor; five times that on a
Pi): the package compiles six regular expressions at import, and so imports re and enum,
though the C scanner and encoder that json.loads and json.dumps use need none of it. These
two functions drive the same C functions (`_json`) with json's own defaults. Whatever the
C path does not take plainly — an error to word, bytes, a leading BOM, an interpreter
without `_json` or with another signature — goes to the json package itself, so results
and error messages are always json's (tests/test_jsontext.py checks them against it).
"""
try:
    import _json
except ImportError:  # another interpreter: the json package does it all
    _json = None

_WHITESPACE = " \t\n\r"   # JSON's whitespace, exactly (json.decoder.WHITESPACE)
_CONSTANTS = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}


class _DecoderSettings:
    """What the C scanner reads off a json.JSONDecoder, with json.loads' defaults."""

    def __init__(self, pairs_hook, constant):
        self.strict = True
        self.object_hook = None
        self.object_pairs_hook = pairs_hook
        self.parse_float = float   # the C scanner's own fast paths for exactly these two
        self.parse_int = int
        self.parse_constant = constant or _CONSTANTS.__getitem__


_scanners: dict = {}


def _scanner(pairs_hook, constant):
    key = (pairs_hook, constant)
    scan = _scanners.get(key)
    if scan is None:
        scan = _scanners[key] = _json.make_scanner(_DecoderSettings(pairs_hook, constant))
    return scan


def loads(text, *, pairs_hook=None, constant=None):
    """json.loads(text, object_pairs_hook=pairs_hook, parse_constant=constant)."""
    if _json is not None and isinstance(text, str) and not text.startswith("\ufeff"):
        start = len(text) - len(text.lstrip(_WHITESPACE))
        try:
            value, end = _scanner(pairs_hook, constant)(text, start)
        except Exception:
            # json words the error and raises it again. (Not only StopIteration and
            # JSONDecodeError: the C scanner reaches for json.decoder in sys.modules to
            # build its error, and without it there fails with SystemError.)
            pass
        else:
            if end == len(text) or not text[end:].lstrip(_WHITESPACE):
                return value
    import json
    return json.loads(text, object_pairs_hook=pairs_hook, parse_constant=constant)


def _unsupported(value):
    raise TypeError   # json words it: see dumps


def _encoder(ascii: bool, compact: bool):
    quote = _json.encode_basestring_ascii if ascii else _json.encode_basestring
    items, pairs = (",", ":") if compact else (", ", ": ")
    # json.JSONEncoder.iterencode's own call, with its defaults (check_circular: a fresh
    # markers dict each time; allow_nan) — a small C object, made per call like json's
    return _json.make_encoder({}, _unsupported, quote, None, pairs, items, False, False, True)


def dumps(value, *, ascii: bool = True, compact: bool = False) -> str:
    """json.dumps(value, ensure_ascii=ascii, separators=(",", ":") if compact else None)."""
    if _json is not None:
        try:
            if isinstance(value, str):
                return (_json.encode_basestring_ascii if ascii else _json.encode_basestring)(value)
            return "".join(_encoder(ascii, compact)(value, 0))
        except (TypeError, ValueError):
            pass   # not JSON-able, a cycle, another signature: json says which
    import json
    return json.dumps(value, ensure_ascii=ascii, separators=(",", ":") if compact else None)
