"""The dream, the thinking side: which learnings a dream looks at, the offline policy, the
model's dream prompt. Pure functions only: memory in, proposed ops (or a prompt) out.

The core's dream (core/dream.py) reads the stores, calls these, and applies what they
propose through the one apply path — workers propose, core applies, even offline.
"""
import re
from datetime import datetime, timedelta

import msgspec

from ..contracts.limits import MAX_CONTENT, MAX_NAME, MAX_OPS
from ..util.clock import parse_time
from ..util.slug import slugify
from .history_read import STOPWORDS


class Learning(msgspec.Struct, frozen=True):
    id: int
    pattern_key: str | None
    observation: str
    count: int
    first_seen: datetime
    last_seen: datetime


# -- which learnings a dream sees ------------------------------------------------------

def _one_line(text: str) -> str:
    return " ".join(text.split())


def tag(learning: Learning) -> str:
    """How a learning is shown to a brain: its row id, its text, its count."""
    return f"- [id={learning.id}] {_one_line(learning.observation)} (seen {learning.count}×)"


def bound(learnings: list[Learning], max_learnings: int, max_bytes: int) -> list[Learning]:
    """The first learnings (most recurrent first) that fit both bounds."""
    kept, used = [], 0
    for learning in learnings[:max(0, max_learnings)]:
        size = len(tag(learning).encode()) + 1
        if used + size > max_bytes:
            break
        kept.append(learning)
        used += size
    return kept


# -- the offline policy ----------------------------------------------------------------

_WORDS = re.compile(r"[\w']+")
_HYPHENATED = re.compile(r"[\w'-]+")
_PREFERENCE = re.compile(r"\b(likes?|liked|lov(?:e|es|ed|ing)|prefer(?:s|red|ring)?|hat(?:e|es|ed)|"
                         r"enjoy(?:s|ed|ing)?|favou?rites?|dislikes?|disliked|adores?|adored|"
                         r"can't stand|cannot stand)\b", re.IGNORECASE)
# "looks like rain" is a comparison, not a taste
_NOT_A_TASTE = {"look", "looks", "looked", "seem", "seems", "seemed", "feel", "feels", "felt", "sound",
                "sounds", "sounded", "just", "something", "anything", "nothing", "more", "less", "much",
                "is", "was", "be", "not", "would"}


def is_preference(observation: str) -> bool:
    """Does an observation say what someone likes, loves, prefers, hates, enjoys…?"""
    for match in _PREFERENCE.finditer(observation):
        word = match.group(1).casefold()
        if word.startswith("like"):
            before = _WORDS.findall(observation[:match.start()])
            if before and before[-1].casefold() in _NOT_A_TASTE:
                continue
        return True
    return False


def item_name(learning: Learning) -> str:
    """The curated file's name: the pattern key without its namespace, else the gist."""
    key = (learning.pattern_key or "").rpartition(":")[2].strip()
    if key and slugify(key):
        return key[:MAX_NAME]
    words = _HYPHENATED.findall(learning.observation)
    gist = " ".join([w for w in words if w.casefold() not in STOPWORDS][:6])[:MAX_NAME].strip()
    return gist if slugify(gist) else f"learning {learning.id}"


def _norm(text: str) -> str:
    return _one_line(text).casefold().rstrip(".!")


def merge(existing: str | None, observation: str) -> str:
    """The file's body with the observation added once; the oldest paragraphs go if it overflows."""
    observation = observation.strip()
    paragraphs = [p.strip() for p in (existing or "").split("\n\n") if p.strip()]
    if any(_norm(observation) == _norm(p) or _norm(observation) in _norm(p) for p in paragraphs):
        return "\n\n".join(paragraphs)
    paragraphs.append(observation)
    while len(paragraphs) > 1 and len("\n\n".join(paragraphs).encode()) > MAX_CONTENT:
        paragraphs.pop(0)
    return "\n\n".join(paragraphs)


def summary_from(messages: list[tuple[str, str]], limit: int = 12, width: int = 160) -> str | None:
    """A deterministic gist of the recent conversation: the owner's last messages, oldest first.

    messages: (iso ts, text), oldest first."""
    picked = messages[-limit:] if limit > 0 else []
    if not picked:
        return None
    lines = [f"What the owner said most recently (the last {len(picked)} messages, oldest first):", ""]
    for ts, text in picked:
        gist = _one_line(text)
        if len(gist) > width:
            gist = gist[:width - 1].rstrip() + "…"
        when = parse_time(ts).astimezone().strftime("%Y-%m-%d %H:%M")
        lines.append(f"- {when} · {gist}")
    body = "\n".join(lines)
    return body if len(body.encode()) <= MAX_CONTENT else body.encode()[:MAX_CONTENT].decode("utf-8", "ignore")


def noise(learning: Learning) -> bool:
    """A topic learning whose topic is a stopword, a number or filler ("years")."""
    from .rules import is_topic
    kind, sep, word = (learning.pattern_key or "").partition(":")
    return bool(sep) and kind == "topic" and not all(is_topic(w) for w in word.split("-"))


def rules_ops(learnings: list[Learning], owner_messages: list[tuple[str, str]], now: datetime,
              promote_at: int, prune_after_days: int, read_body, summary_messages: int = 12) -> list[dict]:
    """The offline policy. read_body(collection, name) → the current body of that file or None.

    Recurred at least promote_at times → remember in preferences/ (a taste) or facts/,
    then resolve_learning(promoted). Seen once and older than prune_after_days →
    resolve_learning(pruned). A topic that is no topic (`topic:years`, `topic:2003`, a
    stopword: rules.is_topic) is noise however often it recurred → resolve_learning(pruned).
    The rest stay pending. Then rewrite_summary.
    """
    ops: list[dict] = []
    planned: dict[tuple[str, str], str] = {}
    for learning in learnings:
        if noise(learning):
            ops.append({"op": "resolve_learning", "id": learning.id, "status": "pruned"})
        elif learning.count >= promote_at:
            collection = "preferences" if is_preference(learning.observation) else "facts"
            name = item_name(learning)
            where = (collection, slugify(name))
            body = planned[where] if where in planned else read_body(collection, name)
            content = merge(body, learning.observation)
            planned[where] = content
            ops.append({"op": "remember", "collection": collection, "name": name, "content": content})
            ops.append({"op": "resolve_learning", "id": learning.id, "status": "promoted"})
        elif learning.count == 1 and now - learning.last_seen > timedelta(days=prune_after_days):
            ops.append({"op": "resolve_learning", "id": learning.id, "status": "pruned"})
    summary = summary_from(owner_messages, summary_messages)
    if summary:
        ops.append({"op": "rewrite_summary", "content": summary})
    return ops


# -- the model's dream prompt ----------------------------------------------------------

DREAM_INSTRUCTION = f"""You are shelldon, a small assistant pet, and you are dreaming: reviewing what you
noticed about your owner and deciding what is worth keeping for good.

Below are your pending learnings, each with its id and how often it recurred. For each:
- worth keeping (it recurred, or it clearly matters): write it down with one
  {{"op": "remember", "collection": "facts|people|preferences|capabilities", "name": "<short name>", "content": "<the knowledge>"}}
  (or fold it into {{"op": "rewrite_about", "content": "<your whole self-summary>"}}) AND mark it
  {{"op": "resolve_learning", "id": <id>, "status": "promoted"}};
- noise or no longer true: {{"op": "resolve_learning", "id": <id>, "status": "pruned"}};
- not sure yet: leave it alone; it stays pending for a later dream.
Then write a short running summary of the recent conversation:
  {{"op": "rewrite_summary", "content": "<the whole summary>"}}

Answer with one short line for the owner, then a fenced block whose info string is `ops`,
one JSON object per line, at most {MAX_OPS} of them. Only these ops are accepted in a
dream; use only the ids listed below. Names at most {MAX_NAME} characters, content at most {MAX_CONTENT} bytes. Never store
secrets or instructions to yourself."""

PAST_TIME_HEADING = "# Notes past their time (withheld from prompts until settled)"
PAST_TIME_ASK = ("Each note below expired or has not been used for long. Confirm one that still holds "
                 "with a remember of its name and content and a new \"expires\": \"YYYY-MM-DD\"; "
                 "update one that changed with a remember of the new content; forget one that no "
                 "longer holds with {\"op\": \"forget\", \"collection\": \"...\", \"name\": \"...\"}. "
                 "Leave alone what you cannot tell.")

DREAM_MESSAGE = "Dream now: consolidate the pending learnings."


def _clip(text: str, limit: int) -> str:
    data = text.encode()
    return text if len(data) <= limit else data[:limit].decode("utf-8", "ignore").rstrip() + " …"


def dream_prompt(learnings: list[Learning], about: str | None, summary: str | None,
                 recent: list[tuple[str, str]], section_bytes: int = 4 * 1024,
                 past_time: list[str] = ()) -> str:
    """The dream's prompt, every section bounded. recent: (role, text), oldest first;
    past_time: a line for each item withheld from prompts as expired or unused."""
    parts = ["# Instructions\n" + DREAM_INSTRUCTION]
    if about and about.strip():
        parts.append("# About me (about.md now)\n" + _clip(about.strip(), section_bytes // 2))
    if summary and summary.strip():
        parts.append("# Conversation so far (summary.md now)\n" + _clip(summary.strip(), section_bytes // 2))
    if recent:
        lines: list[str] = []
        used = 0
        for role, text in reversed(recent):   # the newest are kept when the bound bites
            line = f"{role}: {_clip(_one_line(text), 400)}"
            if used + len(line.encode()) + 1 > section_bytes:
                break
            lines.append(line)
            used += len(line.encode()) + 1
        parts.append("# Recent conversation\n" + "\n".join(reversed(lines)))
    parts.append("# Pending learnings (most recurrent first)\n" + "\n".join(tag(l) for l in learnings))
    if past_time:
        parts.append(PAST_TIME_HEADING + "\n" + PAST_TIME_ASK + "\n"
                     + _clip("\n".join(past_time), section_bytes))
    parts.append("# Your answer\nOne line for the owner, then the ops block.")
    return "\n\n".join(parts) + "\n"
