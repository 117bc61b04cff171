"""The curated file format: a YAML frontmatter header, then the markdown body.

We write the header ourselves — fixed key order, every value a JSON string (which is
valid YAML) — so a write never needs the yaml module and the same content always gives
the same bytes. Reading takes the fast path for headers we wrote and falls back to
python-frontmatter (yaml) for headers a person edited by hand.
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
        meta = _parse_yaml(text)
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


def _parse_yaml(text: str) -> dict | None:
    try:
        import frontmatter  # heavy (yaml): only for hand-edited headers
        post = frontmatter.loads(text)
    except Exception:
        return None
    return {k: (v if isinstance(v, (str, int, float, list)) else str(v)) for k, v in post.metadata.items()}
