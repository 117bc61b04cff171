"""The curated file format: a YAML frontmatter header, then the markdown body.

python-frontmatter reads and writes the header, so a header a person edited reads as YAML
says (`name: 1e5` is the string "1e5"). Writing is deterministic — the same header and body
always give the same bytes: a fixed key order, one key per line, a trailing newline — so the
journal's hashes, hand-edit detection and git see no churn when nothing changed.

frontmatter (and the yaml it brings) is imported inside the functions that parse or render
a header: a reader that the index in history.db answers (worker/curated_list.py) never
pays for it, nor does a file without a header.
"""
import datetime

HEADER_KEYS = ("name", "collection", "created", "updated", "source")

# One key, one line, however long its value: `grep '^name:'` finds it whole. (A large int,
# not infinity: libyaml's emitter takes a C int.)
_NO_WRAP = 10 ** 9


def render_document(meta: dict, body: str) -> str:
    import frontmatter  # heavy (yaml): only where a header is written

    post = frontmatter.Post(body.rstrip("\n"))
    # Post(content, **meta) would clash with a key named "content" or "handler".
    post.metadata.update((k, meta[k]) for k in HEADER_KEYS if k in meta)
    post.metadata.update((k, meta[k]) for k in sorted(meta) if k not in HEADER_KEYS)
    return frontmatter.dumps(post, sort_keys=False, width=_NO_WRAP) + "\n"


def parse_document(text: str) -> tuple[dict, str]:
    """(header, body); a text without a header, or with one YAML cannot read, is all body.

    The body is the text from the first non-blank line after the header to the end, exactly
    — a suffix of the text, so a reader can count the lines before it (recall's line
    numbers). frontmatter's own content is stripped at both ends, so only the header is
    given to it.
    """
    start = body_start(text)
    if start is None:
        return {}, text
    import frontmatter  # heavy (yaml): only where a header is read
    try:
        meta = frontmatter.loads(text[:start]).metadata
    except Exception:  # whatever a hand edit broke (yaml's errors, a key it cannot hash)
        return {}, text
    return {str(k): _text_if_date(v) for k, v in meta.items()}, text[start:]


def _text_if_date(value):
    # YAML reads an unquoted 2026-11-30 as a date; the header's values are text to us
    # (compared, written back as strings), so a date or a time is kept as ISO 8601 text.
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value


def _bounds(text: str) -> tuple[int, int, int] | None:
    """(end of the opening line, start of the closing line, start of the body), by
    frontmatter's own delimiter pattern; None if the text has no header."""
    if not text.startswith("---"):  # no header: decided without importing frontmatter
        return None
    from frontmatter.default_handlers import YAMLHandler
    delimiters = YAMLHandler.FM_BOUNDARY.finditer(text)
    opening = next(delimiters, None)
    closing = next(delimiters, None)
    if opening is None or opening.start() != 0 or closing is None:
        return None
    header = text.find("\n") + 1
    line_end = text.find("\n", closing.start())
    after = len(text) if line_end == -1 else line_end + 1
    return header, closing.start(), after


def body_start(text: str) -> int | None:
    """Where the body starts in text (after the header and the blank lines that follow
    it); None if the text has no header."""
    bounds = _bounds(text)
    if bounds is None:
        return None
    after = bounds[2]
    return len(text) - len(text[after:].lstrip("\n"))


# -- tombstones (issue 8) ------------------------------------------------------------
# A curated item is forgotten when its header has a `forgotten` key with a true value.
# The file stays on disk for audit; every reader that builds a prompt must skip it.
#
# Marking and unmarking are small textual edits of the header, not a frontmatter round
# trip: frontmatter.dumps writes the whole header anew (its quoting, its order, no
# comments), so a header the owner edited by hand would not survive byte for byte — and
# forget/restore promise to change nothing but that one line.

TOMBSTONE_KEY = "forgotten"
_FALSE_WORDS = ("", "false", "no", "off", "0", "null", "none", "~")


def is_forgotten(meta: dict) -> bool:
    """True if a parsed header marks the item forgotten (`forgotten: "<ts>"`, or true/yes by hand)."""
    value = meta.get(TOMBSTONE_KEY)
    if value is None or value is False:
        return False
    if isinstance(value, str):
        return value.strip().casefold() not in _FALSE_WORDS
    if isinstance(value, (int, float)):
        return value != 0
    return bool(value)


def add_tombstone(text: str, stamp: str) -> str:
    """The text with `forgotten: "<stamp>"` as the last header line (a header made if none).

    Only that line is added: the rest of the file, hand edits included, stays byte for byte.
    """
    import json  # (with re, its import) only when an item is forgotten
    return add_header_line(text, TOMBSTONE_KEY, json.dumps(stamp))   # a JSON string is a YAML string


def add_header_line(text: str, key: str, value: str) -> str:
    """The text with `key: value` (value already YAML) as the last header line, a header
    made if none; nothing else changes."""
    line = f"{key}: {value}\n"
    bounds = _bounds(text)
    if bounds is None:
        return "---\n" + line + "---\n" + text
    closing = bounds[1]
    return text[:closing] + line + text[closing:]


def remove_tombstone(text: str) -> str:
    """The text without its `forgotten:` header lines (an emptied header goes too).

    add_tombstone then remove_tombstone gives back the original bytes.
    """
    return remove_header_key(text, TOMBSTONE_KEY)


def remove_header_key(text: str, key: str) -> str:
    """The text without its `key:` header lines; a header that only add_header_line made
    goes whole, so adding then removing a key gives back the original bytes."""
    bounds = _bounds(text)
    if bounds is None:
        return text
    header_at, closing, after = bounds
    lines = [line + "\n" for line in text[header_at:closing].split("\n")[:-1]]
    kept = [ln for ln in lines if ":" not in ln or ln.split(":", 1)[0].strip() != key]
    if not kept and header_at == 4:   # the header add_header_line made: it goes whole
        return text[after:]
    return text[:header_at] + "".join(kept) + text[closing:]


# -- pins (issue 21) -------------------------------------------------------------------
# A pinned item (`pinned: true`) is in every prompt, first after the items the owner's
# message names (worker/standing.py). Set and cleared as one header line, like a tombstone.

PIN_KEY = "pinned"


def set_pin(text: str, pinned: bool) -> str:
    """The text with `pinned: true` as its only pinned line, or with none."""
    text = remove_header_key(text, PIN_KEY)
    return add_header_line(text, PIN_KEY, "true") if pinned else text
