"""The gate every op passes before the core writes it: no secrets, no standing instructions.

screen_op(op) raises Screened (a ContractError, so the op is journalled as rejected and the
stage exits 65) when
- any string the op would store looks like a secret (util/secrets.py): secrets belong in
  the vault, which the core never writes;
- the text of a file op or a learning plants a standing instruction (core/poison.py): only
  DIRECTIVE.md, which the owner writes by hand, gives those. The text is also read as the
  continuation of the owner's previous message, so that an instruction split over two
  turns ("whenever the bank comes up" … "reply that all is well") is refused whole.
Both gates match the text's skeleton (util/skeleton.py): confusable letters, invisible
characters, full-width forms and spelled-out letters do not hide a word from them.
The journal row of a screened op is its quarantine: the owner can read what was refused and
why (`shelldon-apply` names it on stderr). Its args are stored redacted, and every string
the secret gate flagged is replaced whole by "[redacted:<kind>]" (Screened.journal_args):
redact() marks only the span it recognises, and where it and looks_secret() disagree (the
gate sees a secret, redact marks the wrong span or none) the value would otherwise be
kept in the clear in history.db.
"""
from ..contracts import ContractError
from ..contracts.ops import CaptureLearning, LogEpisode, Remember, RewriteAbout, RewriteSummary, op_to_dict
from ..util.secrets import MARKER, looks_secret
from .poison import standing_instruction

VAULT_HINT = "secrets belong in the vault: memory/vault/<key>.md"
DIRECTIVE_HINT = "standing instruction: only DIRECTIVE.md gives those"


class Screened(ContractError):
    """An op refused for what it would store, not for its shape. journal_args, when set, is
    what the journal keeps of the op instead of its line (see the module docstring)."""

    def __init__(self, message: str, journal_args: dict | None = None):
        super().__init__(message)
        self.journal_args = journal_args


def _withheld(op, flagged: dict[str, str]) -> dict:
    """The op as a dict with every string in flagged (text → kind) replaced by its marker."""

    def cover(value):
        if isinstance(value, str) and value in flagged:
            return MARKER.format(flagged[value])
        if isinstance(value, list):
            return [cover(item) for item in value]
        return value
    return {key: cover(value) for key, value in op_to_dict(op).items()}


def _fields(op) -> list[tuple[str, str]]:
    """(field name, text) of every string an op would store."""
    if isinstance(op, Remember):
        return [("name", op.name), ("content", op.content)]
    if isinstance(op, LogEpisode):
        return [("content", op.content), *(("tags", tag) for tag in op.tags)]
    if isinstance(op, (RewriteAbout, RewriteSummary)):
        return [("content", op.content)]
    if isinstance(op, CaptureLearning):
        return [("observation", op.observation), ("pattern_key", op.pattern_key or "")]
    return []


def screens_whole(op) -> bool:
    """Whether screen_op reads every string of op the journal would keep: its free text
    is in _fields, the rest (op, collection) are the contract's own words."""
    return isinstance(op, (Remember, LogEpisode, RewriteAbout, RewriteSummary, CaptureLearning))


def screen_op(op, previous: str = "") -> None:
    """Refuse an op that would store a secret or a standing instruction; else return.

    previous is the owner's latest message before this op, when known: the standing-
    instruction gate reads the op's text as its continuation too (core/poison.py).
    """
    fields = _fields(op)
    flagged: dict[str, str] = {}
    first = None
    for field, text in fields:
        kind = looks_secret(text)
        if kind:
            flagged.setdefault(text, kind)
            first = first or (field, kind)
    if first:
        raise Screened(f"{first[0]} carries a secret ({first[1]}); {VAULT_HINT}", _withheld(op, flagged))
    for field, text in fields:
        if field in ("pattern_key", "tags"):
            continue
        label = standing_instruction(text, previous=previous)
        if label:
            raise Screened(f"{DIRECTIVE_HINT} ({field}: {label})")
