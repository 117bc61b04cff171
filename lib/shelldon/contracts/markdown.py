"""The curated file format: a YAML frontmatter header, then the markdown body.

We write the header ourselves — fixed key order, every value a JSON string (which is
valid YAML) — so a write never needs the yaml module and the same content always gives
the same bytes. Reading takes the fast path for headers we wrote and falls back to YAML's
safe loader for headers a person edited by hand.
"""

import json

HEADER_KEYS = ("name", "collection", "created", "updated", "source")


def render_document(meta: dict, body: str) -> str:
    keys = [k for k in HEADER_KEYS if k in meta] + sorted(k for k in meta if k not in HEADER_KEYS)
    lines = ["---"]
    for key in keys:
        lines.append(f"{key}: {json.dumps(meta[key], ensure_ascii=False)}")
    lines.append("---")
    body = body.rstrip("\n")
    return "\n".join(lines) + "\n" + (body + "\n" if body else "")


def parse_document(text: str) -> tuple[dict, str]:
    """(header, body); a file without a header is all body."""
    if not text.startswith("---\n"):
        return {}, text
    end = text.find("\n---\n", 3)
    if end == -1:
        if text.endswith("\n---"):
            end = len(text) - 4
        else:
            return {}, text
    header, body = text[4:end + 1], text[end + 5:]
    meta = _parse_fast(header)
    if meta is None:
        meta = _parse_yaml(header)
        if meta is None:
            return {}, text
    return meta, body


def _parse_fast(header: str) -> dict | None:
    meta = {}
    for line in header.split("\n"):  # not splitlines(): U+0085, U+2028 are not line ends here
        if not line.strip():
            continue
        key, sep, value = line.partition(": ")
        if not sep or not key.isidentifier():
            return None
        try:
            meta[key] = json.loads(value)
        except ValueError:
            return None
    return meta


def _parse_yaml(header: str) -> dict | None:
    """A header a person edited, by YAML's safe loader — what python-frontmatter does,
    without the ~1 MiB its own imports hold in the resident launcher (docs/DEPARTURES.md)."""
    try:
        import yaml  # heavy: only for hand-edited headers
        meta = yaml.load(header, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except Exception:
        return None
    if not isinstance(meta, dict):
        return {}
    return {str(k): (v if isinstance(v, (str, int, float, list)) else str(v)) for k, v in meta.items()}


# -- tombstones (issue 8) ------------------------------------------------------------
# A curated item is forgotten when its header has a `forgotten` key with a true value.
# The file stays on disk for audit; every reader that builds a prompt must skip it.

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


def _closing_line(text: str) -> int | None:
    """Offset where the header's closing '---' line starts, or None if there is no header."""
    if not text.startswith("---\n"):
        return None
    end = text.find("\n---\n", 3)
    if end == -1:
        return len(text) - 3 if text.endswith("\n---") else None
    return end + 1


def add_tombstone(text: str, stamp: str) -> str:
    """The text with `forgotten: "<stamp>"` as the last header line (a header made if none).

    Only that line is added: the rest of the file, hand edits included, stays byte for byte.
    """
    line = f"{TOMBSTONE_KEY}: {json.dumps(stamp)}\n"
    closing = _closing_line(text)
    if closing is None:
        return "---\n" + line + "---\n" + text
    return text[:closing] + line + text[closing:]


def remove_tombstone(text: str) -> str:
    """The text without its `forgotten:` header lines (an emptied header goes too).

    add_tombstone then remove_tombstone gives back the original bytes.
    """
    closing = _closing_line(text)
    if closing is None:
        return text
    header = text[4:closing]
    kept = [ln for ln in header.splitlines(keepends=True)
            if not ln.split(":", 1)[0].strip() == TOMBSTONE_KEY or ":" not in ln]
    rest = text[closing:]
    if not kept and rest.startswith("---\n"):
        return rest[4:]
    if not kept and rest == "---":
        return ""
    return "---\n" + "".join(kept) + rest
