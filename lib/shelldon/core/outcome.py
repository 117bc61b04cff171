"""What the owner is told about a turn's ops: the brain's reply, then what the core did.

A brain speaks before the core has looked at its ops, so its words may promise a write
that never happens (a hand-edited file, a refused secret). The reply the owner sees, and
the one history records, is the brain's text followed by one outcome line composed here
from the journal entries of the apply: saved, held back because of a hand edit (naming
shelldon-resolve and the file), waiting for the owner's review (review mode, naming
shelldon-review), refused and why, or dropped before apply as malformed (what think could
not read as an op, journalled by apply.reject_malformed). Pure: entries in, text out. Used by
shelldon-turn, the launcher's commit and shelldon-apply's pass-through of turn records.
"""
from ..contracts.turn import MAX_MESSAGE
from .gate import DIRECTIVE_HINT, VAULT_HINT
from .journal import Entry

SAVED = ("applied", "accepted")   # accepted: a reviewed candidate, when a turn is replayed after
FAILED_NOTE = "nothing half-written, nothing journalled"
KNOWN = ("unchanged",)
# The reason a proposed op think dropped is journalled with (apply.reject_malformed): it never
# reached the contract's check in the core, so it is told apart from a refusal.
MALFORMED = "malformed, dropped before apply"
# Entries that change nothing the owner asked about: a learning counted, an empty one skipped.
QUIET_OPS = ("capture_learning", "resolve_learning")


def _shown(path: str | None) -> str:
    return (path or "memory").removeprefix("memory/")


def why_refused(reason: str | None) -> tuple[str, str]:
    """(how to say it, why) for a refused op, in the owner's words (never the refused text)."""
    reason = reason or "no reason given"
    if VAULT_HINT in reason:
        return "Refused", "it looks like a secret; secrets belong in memory/vault/, which I never write"
    if DIRECTIVE_HINT in reason:
        return "Refused", "it reads as a standing instruction; only DIRECTIVE.md, which you write, gives those"
    if FAILED_NOTE in reason:   # the file system's fault, not the op's (apply._failed)
        return "Not saved", f"I could not write it ({reason.split(' (' + FAILED_NOTE)[0]})"
    return "Refused", _cut(reason).rstrip(".")


def _cut(text: str, most: int = 200) -> str:
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def outcome_line(entries: list[Entry]) -> str | None:
    """One paragraph saying what became of the ops; None when there were none worth naming."""
    saved: list[str] = []
    known: list[str] = []
    held: list[str] = []
    waiting: list[str] = []
    refused: dict[tuple[str, str], list[str]] = {}   # (how, why) → the ops refused for it
    malformed: list[str] = []
    for entry in entries:
        if entry.status == "rejected" and (entry.reason or "").startswith(MALFORMED + ": "):
            malformed.append(entry.reason[len(MALFORMED) + 2:])
            continue
        if entry.status in SAVED and entry.op not in QUIET_OPS:
            saved.append(_shown(entry.path))
        elif entry.status in KNOWN:
            known.append(_shown(entry.path))
        elif entry.status == "conflict":
            held.append(_shown(entry.path))
        elif entry.status == "candidate":   # review mode (core/review.py)
            waiting.append(_shown(entry.path))
        elif entry.status in ("rejected", "held"):
            refused.setdefault(why_refused(entry.reason), []).append(entry.op or "op")
    parts: list[str] = []
    if saved:
        parts.append(f"Saved: {', '.join(dict.fromkeys(saved))}.")
    if known:
        parts.append(f"Already in memory: {', '.join(dict.fromkeys(known))}.")
    for path in dict.fromkeys(held):
        parts.append(f"Not saved: you edited {path} by hand, so I left it as it is "
                     f"(`shelldon-resolve {path} --theirs` takes my version, `--mine` keeps yours).")
    if waiting:
        parts.append(f"Waiting for your review: {', '.join(dict.fromkeys(waiting))} — shelldon-review.")
    for (how, why), ops in refused.items():
        parts.append(f"{how} ({', '.join(dict.fromkeys(ops))}): {why}.")
    if malformed:
        parts.append(malformed_line(malformed))
    return " ".join(parts) or None


def malformed_line(whys: list[str]) -> str:
    """"Not saved: 2 proposed changes were malformed (remember: expected str, got int - at
    `$.name`; not valid JSON: …)." — the reasons, never the lines; secret-shaped text in
    a reason (msgspec may quote a value) redacted by the gate's own redact."""
    from ..util.secrets import redact
    count = len(whys)
    said = "; ".join(dict.fromkeys(" ".join(why.split()) for why in whys))
    return (f"Not saved: {count} proposed change{'s were' if count != 1 else ' was'} malformed "
            f"({_cut(redact(said)[0]).rstrip('.')}).")


def honest_reply(reply: str, entries: list[Entry]) -> str:
    """The brain's reply with the outcome line after it (the reply alone when no op
    counted). The line is never cut: a reply too long to record with it is cut instead."""
    line = outcome_line(entries)
    if not line or reply.rstrip().endswith(line):   # told already (a record applied twice)
        return reply
    room = MAX_MESSAGE - len(line.encode("utf-8")) - 2
    text = reply.rstrip()
    if len(text.encode("utf-8")) > room:
        text = text.encode("utf-8")[:max(0, room - 6)].decode("utf-8", "ignore").rstrip() + " […]"
    return f"{text}\n\n{line}"
