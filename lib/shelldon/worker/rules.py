"""The `rules` brain: offline, deterministic, and useful.

It answers from what the prompt's memory sections hold — the best-matching memory line,
quoted verbatim — and proposes ops for plain statements:

  "remember that …"              → remember in facts/
  "my <relation> <Name> …"       → remember in people/
  "my <animal> <Name> …"         → remember in facts/ (pets/, where the contract has one)
  "my <thing> is …"              → remember in facts/
  "I like / love / prefer / hate / enjoy …" → remember in preferences/ + a keyed learning
  any other statement            → log_episode, and a learning keyed by its topic word

A remember about a name that already has an item (the prompt shows it: the items the
message names come first) proposes the item's whole new text: its lines as they are, then
the new one (revise). Nothing said before is dropped. Where the new line says where the
same person or thing lives, works or how old they are, and an older line said otherwise
(same relation, when both name one), the older line is kept struck through and dated:
`~~…~~ (superseded YYYY-MM-DD)`, the date the clock's (util/clock: SHELLDON_NOW pins it).

A remember whose statement carries a date ("until Friday", "this week", "in March",
"tomorrow") gets that day as its `expires` (dated; worker/until.py).

Learning keys are readable words (`topic:lighthouse`, `pref:green-tea`): casefolded, a
plural made singular, never a stem. A topic is never a stopword, a number or a word that
says nothing about what the owner cares for ("years", "today"): those make no learning.
The reply does not say whether anything was kept — the core says that, once it has
applied the ops (core/outcome.py).

Questions and greetings propose nothing. The same prompt and message always give the
same reply and the same ops. Every op is within the op contract's bounds whatever the
message (up to 64 KiB): a long statement's content is an excerpt that says so, a long
name or key is cut — an op out of bounds would be dropped by think, and the statement
would reach no store at all.
"""

import json
import re

from ..contracts.limits import MAX_CONTENT, MAX_NAME, MAX_OBSERVATION
from ..contracts.ops import COLLECTIONS
from .history_read import STOPWORDS, match_terms
from .prompt import COLLECTIONS_HEADING, MEMORY_HEADINGS, MESSAGE_HEADING, split_sections

RELATIONS = ("sister", "brother", "mother", "mom", "mum", "father", "dad", "wife", "husband",
             "partner", "friend", "son", "daughter", "boss", "colleague", "neighbour", "neighbor",
             "aunt", "uncle", "cousin", "grandmother", "grandma", "grandfather", "grandpa",
             "girlfriend", "boyfriend", "niece", "nephew", "vet", "doctor", "teacher")
ANIMALS = ("dog", "cat", "puppy", "kitten", "hamster", "rabbit", "bunny", "parrot", "budgie", "bird",
           "fish", "goldfish", "horse", "pony", "tortoise", "turtle", "snake", "lizard", "ferret",
           "guinea pig", "goat", "chicken", "hen", "rat", "mouse", "gerbil")
# Where an animal is kept: not among the people.
ANIMAL_COLLECTION = "pets" if "pets" in COLLECTIONS else "facts"
# Words that make no topic: they say how long or how many, not what the owner cares for.
NOT_TOPICS = frozenset("""
zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred
thousand million billion first second third fourth fifth half dozen couple several many much
year years month months week weeks days hour hours minute minutes seconds today tonight yesterday
tomorrow morning afternoon evening night time times ago old older newer always never sometimes
often again still already soon later last next thing things something anything nothing everything
stuff lots little great good nice well went going gone come came make made said says told want
wanted need needed have having been were being would could should might must maybe really
there here where when what which while very just also even much more most some every other
""".split())
_REMEMBER = re.compile(r"^\s*(?:please\s+)?remember\s+(?:that\s+)?(?P<what>.+)$",
                             re.IGNORECASE | re.DOTALL)
_PERSON = re.compile(r"\b[Mm]y\s+(?:(?:best|older|younger|little|big|new|old)\s+)?(?P<rel>" + "|".join(RELATIONS + ANIMALS) +
                           r")(?:'s name is|\s+is called|\s+named|,)?\s+(?P<name>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)")
_MY_THING = re.compile(r"\bmy\s+(?P<thing>[\w' -]{2,40}?)\s+(?:is|are|was)\s+(?P<value>.+)",
                             re.IGNORECASE | re.DOTALL)
_LIKE = re.compile(r"\bI\s+(?:really\s+)?(?P<verb>like|love|prefer|hate|enjoy|dislike|adore|can't stand|don't like)\s+"
                         r"(?P<what>[^.!?\n]+)", re.IGNORECASE)
_TERM = re.compile(r"[\w'-]+")
_LETTERS = re.compile(r"[^\W\d_]+")
_LIST_STAMP = re.compile(r"^-\s*(\[[^\]]*\]|\d{4}-\d\d-\d\d[ T]\d\d:\d\d\S*\s*·)\s*")  # "- [..] ", the summary's "- date time · "
_SPEAKER = re.compile(r"^(owner|pet):\s*")
_BOLD_LABEL = re.compile(r"^-\s*\*\*[^*]+\*\*\s*(\([^)]*\))?:\s*")
_GREETING = re.compile(r"^\s*(hi|hello|hey|good (morning|evening|night)|thanks|thank you|ok|okay|bye)\b[\s!.]*$",
                             re.IGNORECASE)


def _stem(word: str) -> str:
    word = word.casefold()
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def key_word(word: str) -> str:
    """A word as a learning key holds it: casefolded, a plural made singular, still a word
    a reader knows ("lighthouses" → "lighthouse", "berries" → "berry", "glass" stays)."""
    word = word.casefold()
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def is_topic(word: str) -> bool:
    """Can this word be what a statement is about? Not a stopword, a number or filler."""
    folded = word.casefold()
    return (len(folded) >= 4 and folded.isalpha() and folded not in STOPWORDS
            and folded not in NOT_TOPICS and key_word(folded) not in NOT_TOPICS)


def _match_form(word: str) -> str:
    """The form two words are compared in: the stem, less a final e ("live", "lives",
    "lived" and "living" all meet). Not used for pattern keys: those stay as they were."""
    stem = _stem(word)
    return stem[:-1] if len(stem) > 3 and stem.endswith("e") else stem


def _name_from(text: str, words: int = 4) -> str:
    terms = [t for t in _TERM.findall(text) if t.casefold() not in STOPWORDS]
    return _short(" ".join(terms[:words]) or " ".join(text.split())[:40])


def _short(name: str, most: int = MAX_NAME) -> str:
    """A name or key within the contract's bound (whitespace already single spaces)."""
    return name[:most].rstrip()


def _sentence(text: str, most: int = MAX_CONTENT) -> str:
    """The text as one sentence on one line, at most `most` characters: a longer one is
    cut at a word (or, failing one near the end, at a character) and marked as an excerpt,
    so a reader of episodes.md knows the rest was said but not kept."""
    text = " ".join(text.split()).rstrip(".!")
    if len(text) + 1 <= most:
        return text + "."
    note = f" … [excerpt: the first words of {len(text)} characters]"
    cut = text[:most - len(note)]
    space = cut.rfind(" ")
    if space >= len(cut) - 80:   # a word boundary close to the end: cut there
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + note


def propose_ops(message: str, known: dict | None = None, today: str = "") -> list[dict]:
    """The ops a plain statement deserves (pure). known: the items the prompt shows,
    (collection, slug) → body (prompt_items); a remember of one of them is revised."""
    ops = _propose(message)
    for op in ops:
        if op["op"] == "remember" and known:
            from ..util.slug import slugify
            body = known.get((op["collection"], slugify(op["name"])))
            if body is not None:
                op["content"] = revise(body, op["content"], today)
    return ops


def _propose(message: str) -> list[dict]:
    text = message.strip()
    if not text or text.endswith("?") or _GREETING.match(text) or len(text.split()) < 3:
        return []
    ops: list[dict] = []
    remember = _REMEMBER.match(text)
    if remember:
        what = remember.group("what").strip()
        ops.append({"op": "remember", "collection": "facts", "name": _name_from(what), "content": _sentence(what)})
        return ops
    person = _PERSON.search(text)
    like = _LIKE.search(text)
    if person:
        # The owner's sentence first, as they wrote it: it is the line a reply quotes.
        name = _short(person.group("name"))
        rel = person.group("rel")
        ops.append({"op": "remember", "collection": ANIMAL_COLLECTION if rel in ANIMALS else "people",
                    "name": name, "content": _sentence(f"{_sentence(text, MAX_CONTENT // 2)} "
                                                       f"{name} is the owner's {rel}")})
    elif like:
        what = like.group("what").strip()
        verb = like.group("verb").casefold()
        ops.append({"op": "remember", "collection": "preferences", "name": _name_from(what, 3),
                    "content": _sentence(f"The owner {_third_person(verb)} {what}")})
        ops.append({"op": "capture_learning",
                    "observation": _sentence(f"The owner {_third_person(verb)} {what}", MAX_OBSERVATION),
                    "pattern_key": _short("pref:" + "-".join(key_word(w) for w in _name_from(what, 2).split()))})
        return ops
    else:
        thing = _MY_THING.search(text)
        if thing and len(thing.group("thing").split()) <= 4:
            ops.append({"op": "remember", "collection": "facts", "name": thing.group("thing"),
                        "content": _sentence(text)})
    if not ops:
        ops.append({"op": "log_episode", "content": _sentence(text)})
    topic = _topic(text)
    if topic:
        ops.append({"op": "capture_learning", "observation": _sentence(f"The owner talks about {topic}", MAX_OBSERVATION),
                    "pattern_key": _short(f"topic:{key_word(topic)}")})
    return ops


def dated(ops: list[dict], message: str, now=None) -> list[dict]:
    """The ops, each remember given the last day its statement holds when the message
    carries one ("until Friday", "this week", "in March": worker/until.py) — past it, the
    note steps out of the prompt and the dream asks about it."""
    from ..util.clock import now as clock_now
    from .standing import check_expires
    from .until import expires_from_text
    if not any(op["op"] == "remember" for op in ops):
        return ops
    now = now or clock_now()
    expires = expires_from_text(message, now.date())
    if expires is None or check_expires(expires, now):
        return ops
    return [{**op, "expires": expires} if op["op"] == "remember" else op for op in ops]


def _third_person(verb: str) -> str:
    return {"like": "likes", "love": "loves", "prefer": "prefers", "hate": "hates", "enjoy": "enjoys",
            "dislike": "dislikes", "adore": "adores", "can't stand": "can't stand",
            "don't like": "doesn't like"}.get(verb, verb)


def _topic(text: str) -> str | None:
    """The statement's most telling word: its longest topic word (is_topic), if any."""
    words = [w for w in _LETTERS.findall(text) if is_topic(w)]
    return max(words, key=lambda w: (len(w), w.casefold())).casefold() if words else None


def memory_lines(prompt: str) -> list[str]:
    """Lines of the memory sections, each a candidate for quoting (the pet's own lines excluded)."""
    lines = []
    for heading, body in split_sections(prompt):
        if heading not in MEMORY_HEADINGS:
            continue
        for line in body.splitlines():
            line = line.strip()
            if not line or line.startswith("pet:") or line.startswith("- pet ") or line.startswith("#"):
                continue
            lines.append(line)
    return lines


# -- supersede: a new fact about a known item adds to it ------------------------------

_ITEM_LINE = re.compile(r"^- \*\*(?P<name>[^*]+)\*\* \((?P<collection>[\w-]+)\): ?(?P<text>.*)$")
_STRUCK = re.compile(r"^~~.*~~ \(superseded \d{4}-\d\d-\d\d\)$")
# What a line says about one slot of a person or thing: a new value in the same slot
# supersedes the old one. Small on purpose: a false "contradiction" would strike a fact.
_SLOTS = (
    ("home", re.compile(r"\b(?:moved|moves|moving|relocated|relocates)\s+(?:back\s+)?to\s+(?P<v>[\w'-]+)"
                        r"|\b(?:lives|live|living|resides)\s+in\s+(?P<v2>[\w'-]+)", re.IGNORECASE)),
    ("work", re.compile(r"\b(?:works|work|working)\s+(?:at|for)\s+(?P<v>[\w'-]+)", re.IGNORECASE)),
    ("age", re.compile(r"\bis\s+(?P<v>[\w-]+)\s+years?\s+old|\bturned\s+(?P<v2>[\w-]+)", re.IGNORECASE)),
)
_RELATION = re.compile(r"\bis the owner's (?P<rel>[\w ]+?)\.?$")


def prompt_items(prompt: str) -> dict:
    """The items the prompt's collections section shows: (collection, slug) → body, its
    lines as the file holds them (render_item keeps one line of the body per line)."""
    from ..util.slug import slugify
    found: dict = {}
    lines: list[str] | None = None
    for heading, body in split_sections(prompt):
        if heading != COLLECTIONS_HEADING:
            continue
        for line in body.split("\n"):
            item = _ITEM_LINE.match(line)
            if item:
                lines = [item.group("text").strip()]
                found[(item.group("collection"), slugify(item.group("name")))] = lines
            elif lines is not None and line.startswith("  ") and line.strip():
                lines.append(line.strip())
            else:
                lines = None
    return {key: "\n".join(value) for key, value in found.items()}


def is_superseded(line: str) -> bool:
    return _STRUCK.match(line.strip()) is not None


def _slots(line: str) -> dict:
    out = {}
    for slot, pattern in _SLOTS:
        match = pattern.search(line)
        if match:
            out[slot] = (match.group("v") or match.group("v2") or "").casefold()
    return out


def _relation(line: str) -> str | None:
    match = _RELATION.search(line.rstrip())
    return match.group("rel").casefold() if match else None


def revise(body: str, new: str, today: str) -> str:
    """An item's whole new text: its lines kept, the new line after them. An older line
    that gives another value for a slot the new line fills (home, work, age) — for the
    same relation, where both lines name one — is struck through as superseded on today.
    A line already there (normalised) adds nothing."""
    from ..util.text import normalise
    new = new.strip()
    lines = [line.strip() for line in body.strip().splitlines() if line.strip()]
    if any(normalise(line) == normalise(new) for line in lines):
        return "\n".join(lines)
    said, rel = _slots(new), _relation(new)
    out = []
    for line in lines:
        old = _slots(line)
        other = _relation(line)
        if (not is_superseded(line) and (rel is None or other is None or rel == other)
                and any(old.get(slot) not in (None, value) for slot, value in said.items())):
            line = f"~~{line}~~ (superseded {today})"
        out.append(line)
    text = "\n".join([*out, new])
    while len(text.encode("utf-8")) > MAX_CONTENT and len(out) > 1:
        # within the op's bound: the oldest struck line goes first, then the oldest line
        gone = next((n for n, line in enumerate(out) if is_superseded(line)), 0)
        out.pop(gone)
        text = "\n".join([*out, new])
    return text if len(text.encode("utf-8")) <= MAX_CONTENT else new


def best_memory(prompt: str, message: str) -> str | None:
    wanted = {_match_form(t) for t in match_terms(message, limit=32)}
    if not wanted:
        return None
    best, best_score = None, 0
    for line in memory_lines(prompt):
        if _strip_marker(line).rstrip().endswith("?") or is_superseded(_strip_marker(line)):
            continue   # a question asked before answers nothing; a superseded line is no answer
        have = {_match_form(t) for t in match_terms(line, limit=64)}
        score = len(wanted & have)
        if score > best_score:  # first best wins: sections come broad-to-specific, ties keep the earlier
            best, best_score = line, score
    return best


def respond(prompt: str, message: str) -> str:
    """The reply text, with an ops block when there is something to keep."""
    if MESSAGE_HEADING not in prompt:
        message = message or prompt
    from ..util.clock import local_day, now
    ops = dated(propose_ops(message, prompt_items(prompt), local_day(now())), message)
    memory = best_memory(prompt, message)
    question = message.strip().endswith("?")
    if memory and (question or not ops):
        reply = f'I remember this: "{_strip_marker(memory)}"'
    elif ops and ops[0]["op"] == "remember":
        reply = f"Got it: {ops[0]['name']} ({ops[0]['collection']})."
    elif ops:
        reply = "Noted."
    elif question:
        reply = "I don't know yet: nothing in my memory matches that."
    else:
        reply = "Hello! Tell me something and I'll remember it."
    if ops:
        reply += "\n\n```ops\n" + "\n".join(json.dumps(op, ensure_ascii=False) for op in ops) + "\n```"
    return reply


def _strip_marker(line: str) -> str:
    """'owner: text' or '- [date owner] text' → the text as the owner said it."""
    line = _LIST_STAMP.sub("", line)
    line = _SPEAKER.sub("", line)
    line = _BOLD_LABEL.sub("", line)
    return line
