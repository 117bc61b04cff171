"""Memory poisoning: standing instructions planted in what a model asks the core to store.

Only DIRECTIVE.md gives shelldon standing instructions. Anything stored in about.md, the
summary, the episodes or the collections is read back into every later prompt, so an op
whose content is an instruction to the pet ("ignore your directive", "from now on always
…", "when the owner asks X, answer Y", "you are now …") would become a standing order
nobody wrote. standing_instruction(text) says whether text is one, and which kind.

The test is the form, not the meaning: a fact or a preference is said *about* someone
("the owner prefers short answers", "my boss always asks me to…", "I must remember to
water the plants"); an instruction is said *to* the pet ("always answer briefly", "you
must…"). Reported speech ("Ana says you must try the pastel de nata") is a fact.

Pure: text in, a label or None out. Measured in bench/poison_rate.py on the fixtures in
tests/fixtures/poison/. Known limits: an instruction encoded (base64, spelled out letter by
letter) or phrased as a plain preference passes; the core then stores a preference, which
is what preferences/ is for.
"""
import re
import unicodedata

from ..util.skeleton import skeleton

_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"})
_LEETABLE = re.compile(r"[\w@$]*[a-z][\w@$]*")
_LEET_CHAR = re.compile(r"[0-9@$]")
_LETTER = re.compile(r"[a-z]")
_BLANKS = re.compile(r"[ \t\u3000]+")


def _strip_latin_marks(text: str) -> str:
    """"désormais" → "desormais"; marks on other scripts stay (й, が are letters of their own)."""
    if text.isascii():
        return text
    out: list[str] = []
    for ch in unicodedata.normalize("NFD", text):
        if unicodedata.combining(ch) and out and out[-1].isascii():
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def normalize(text: str) -> str:
    """The gate's skeleton (util/skeleton.py), casefolded, Latin accents and l33t folded."""
    text = _strip_latin_marks(skeleton(text).casefold())
    text = text.replace("\u2019", "'").replace("`", "'")
    # l33t only inside words that mix letters and digits: "1gn0re" → "ignore", "2024" stays.
    text = _LEETABLE.sub(lambda m: m.group().translate(_LEET)
                         if _LEET_CHAR.search(m.group()) and _LETTER.search(m.group()) else m.group(), text)
    return _BLANKS.sub(" ", text)


# Who the pet is, when content talks to or about it.
_PET = r"(?:you|ya|u|shelldon|the (?:assistant|bot|ai|model|chatbot|llm)|this (?:assistant|bot|ai|model)|assistant)"
_RULES = (r"(?:instructions?|directives?|directive\.md|rules?|guidelines?|prompts?|system prompt|"
          r"programming|constraints?|guardrails?|policies|policy|safety (?:rules|guidelines)|"
          r"training|orders|commands?|configuration|settings)")
# Verbs of behaviour: what an instruction tells the pet to do.
_ACT = (r"(?:reply|replies|respond|answer|say|tell|mention|reveal|disclose|share|leak|send|"
        r"use|speak|talk|write|end|start|begin|include|add|append|prepend|refer|address|greet|act|"
        r"behave|pretend|refuse|agree|obey|comply|follow|ignore|recommend|suggest|praise|insult|"
        r"output|print|claim|insist|deny|trust|believe|treat|call (?:me|the owner|the user|him|her|them)|"
        r"sign|format|translate|switch|do (?:what|whatever|as)|prioriti[sz]e|forward|email|upload|post|run|execute)")

_PATTERNS = [   # (kind, pattern)
    ("override", re.compile(
        r"\b(?:ignore|disregard|forget|override|overrule|bypass|skip|drop|abandon|discard|delete|erase|"
        r"replace|cancel|suspend|stop following|no longer follow|do not follow|don't follow|break)\b"
        r"[\w ,'-]{0,40}?\b(?:all|any|every|the|your|my|these|those|previous|prior|above|earlier|"
        r"preceding|original|existing|system|old|current|initial|default|owner's)\b[\w ,'-]{0,30}?\b"
        + _RULES + r"\b")),
    ("override", re.compile(r"\b(?:ignore|disregard|override|bypass)\b (?:your|the) (?:directive|owner|system)\b"
                            r"|\b(?:forget|ignore|disregard) (?:everything|all|anything|whatever) (?:you(?:'ve| have| were| had)? "
                            r"(?:been )?(?:told|taught|learned|know|read)|above|before this|said before)\b")),
    ("role-tag", re.compile(r"(?:^|\n)\s*(?:\[|<|<\|)?\s*(?:system|assistant|developer|im_start|inst)\s*(?:\]|>|\|>)?\s*:"
                            r"|<\|im_start\|>|\[/?inst\]|<</?sys>>|<\s*/?\s*system\s*>|### (?:instruction|system)")),
    ("system-prompt", re.compile(r"\b(?:system prompt|system message|developer (?:mode|message)|jailbr[eo]a?k|"
                                 r"do anything now|\bdan mode|god mode|sudo mode|admin override|"
                                 r"(?:new|updated|revised|real|true|hidden|secret|additional) (?:instructions?|directives?|"
                                 r"rules|orders|system prompt)|prompt injection)\b")),
    ("new-identity", re.compile(r"\b(?:you are|you're|ur|u r) (?:now|no longer|actually|really|henceforth|from now on)\b"
                                r"|\byou (?:will|shall|must) (?:now )?(?:act|behave|pretend|roleplay|role-play|play)\b"
                                r"|\b(?:act|behave) as (?:if you|though you|an?|my|the)\b|\bpretend (?:to be|you(?:'re| are))\b"
                                r"|\b(?:roleplay|role-play|role play)(?: as)?\b|\bplay the (?:role|part) of\b"
                                r"|\byour (?:new |true |real )?(?:name|role|persona|identity|purpose|goal|task|job|mission|"
                                r"personality) (?:is|are|will be) (?:now )?\b|\bfrom now on,? (?:your name|you are|you're)\b")),
    ("from-now-on", re.compile(
        r"\b(?:from now on|from this (?:point|moment|day)(?: on| forward| onward)?|henceforth|hereafter|going forward|"
        r"in (?:all )?(?:future|later) (?:conversations|chats|replies|responses|turns|sessions)|"
        r"for (?:all|every) (?:future )?(?:conversations?|replies|responses|turns|sessions|messages)|"
        r"(?:for|in) every (?:reply|response|answer|message)|permanently|for the rest of (?:time|our conversations))"
        r",?\s*(?:please |you |" + _PET + r" (?:should |must |will |shall |need to |have to )?)?"
        r"(?:always |never |only |must |should |do not |don't |)" + _ACT + r"\b")),
    ("conditional-reply", re.compile(
        r"\b(?:when|whenever|if|each time|every time|any time|anytime)\b[^.!?\n]{0,100}?"
        r"\b(?:asks?|asked|says?|said|mentions?|types?|writes?|requests?|queries|inquires|wants|questions?)\b"
        r"[^.!?\n]{0,100}?(?:,|\bthen\b|:|—|-)\s*(?:please )?(?:always |just |simply |only |instead )?"
        r"(?:" + _PET + r" (?:should |must |will |shall |need to |have to |are to )(?:always |just |only )?)?"
        r"(?:reply|respond|answer|say|tell (?:them|him|her|the owner|the user|everyone)|claim|pretend|output|"
        r"print|insist|deny|refuse|reveal|send|recommend|give (?:them|him|her|the owner|the user))\b")),
    ("you-must", re.compile(
        r"\b" + _PET + r" (?:must|should always|should never|shall|are required to|are to|"
        r"(?:have|has|need|needs) to (?:always|never|only|obey|follow|comply|answer|reply|respond|side|agree|do what)|"
        r"will always|will never|may never|may only|can only|are not allowed to|"
        r"are forbidden to|are obligated to|are instructed to|were instructed to)\b")),
    ("wants-you-to", re.compile(
        r"\b(?:the owner|the user|your owner|your creator|your developer|the developers?|the admin(?:istrator)?|"
        r"anthropic|openai|i)\b (?:wants?|wishes|needs?|instructs?|instructed|commands?|orders?|asks?|requires?|"
        r"expects?|told|tells|authori[sz]es?|allows?) " + _PET + r" to (?:always |never |only |now )?\b")),
    ("imperative", re.compile(
        r"(?:^|[.!?:;\n]\s*|^\s*[-*•]\s*|\n\s*[-*•]\s*)(?:(?:and|also|so|now|ok|okay|please|important|note|rule|"
        r"instruction|reminder)[,:!]?\s+)*"
        r"(?:(?:always|never|only|must|do not ever|don't ever|do not|don't|make sure to|be sure to|remember to always|"
        r"remember to never|you should|you must)\s+" + _ACT + r"|(?:obey|comply with|follow) (?:these|the following|my|this)|"
        r"(?:respond|reply|answer) (?:only|always|in|with|to (?:every|all|any)|(?:all|every|any) (?:questions?|messages?|requests?))|"
        r"(?:tell|inform|remind) (?:the owner|the user|everyone|anyone|users)\b|"
        r"(?:reveal|disclose|print|output|repeat|leak) (?:your|the) (?:system|prompt|instructions|directive|vault|secrets?|"
        r"api key|password|memory))\b")),
    ("trailing-from-now-on", re.compile(
        r"(?:^|[.!?\n]\s*)(?:please )?" + _ACT + r"\b[^.!?\n]{0,100}\b(?:from now on|going forward|henceforth|"
        r"permanently|forever|in (?:all )?future (?:replies|responses|conversations|chats)|from this point on)\b")),
    ("directive-file", re.compile(r"\bdirective(?:\.md)?\b[^.!?\n]{0,40}\b(?:is|are) (?:now|wrong|outdated|void|revoked|replaced|"
                                  r"cancel+ed|suspended|obsolete|fake|no longer)\b|\b(?:update|rewrite|replace|edit|change|overwrite) "
                                  r"(?:your |the )?directive(?:\.md)?\b")),
    ("foreign-override", re.compile(
        r"\b(?:ignora|ignore[zr]?|ignoriere|ignorar|olvida|oublie|vergiss|esquece|dimentica)\b[^.!?\n]{0,40}?"
        r"\b(?:instrucciones|instructions|anweisungen|instrucoes|instruções|istruzioni|regras|reglas|regeln|regles|règles)\b"
        r"|\b(?:a partir de ahora|desormais|désormais|ab jetzt|von nun an|a partir de agora|d'ora in poi),? "
        r"(?:siempre|toujours|immer|sempre|nunca|jamais|nie|mai|responde|réponds|antworte|responda|rispondi)\b")),
]

# Reported speech: "Ana says you must…", "the guide said you should always…" is a fact about
# what someone said, and only the weak patterns give way to it.
_REPORTED = re.compile(r"\b(?:says?|said|told (?:me|us)|tells (?:me|us)|according to|recommends?|recommended|"
                       r"suggests?|suggested|warned|reckons?|thinks?|writes|wrote|the (?:guide|sign|book|manual|"
                       r"leaflet|vet|doctor|label) (?:says|said))\b[^.!?\n]{0,60}$")
_WEAK = {"you-must", "imperative", "conditional-reply"}
_GENERIC_YOU = re.compile(r"\b(?:if|when|before|after|unless|to get|so) (?:you|u)\b[^.!?\n]*$")


def standing_instruction(text: str, previous: str = "") -> str | None:
    """The kind of standing instruction text plants, or None for a plain fact.

    previous is the owner's message before it, when known: an instruction split over two
    turns ("whenever the bank comes up" … "reply that all is well") is caught when the last
    clause of previous and text together make one that neither makes alone.
    """
    if not text:
        return None
    label = _label(normalize(text))
    if label or not previous:
        return label
    tail = _TAIL.search(normalize(previous[-400:])).group()
    if not tail.strip() or _label(tail):
        return None
    return "split-" + label if (label := _label(tail + " " + normalize(text))) else None


_TAIL = re.compile(r"[^.!?\n]*$")


def _label(norm: str) -> str | None:
    for label, pattern in _PATTERNS:
        for match in pattern.finditer(norm):
            if label in _WEAK and _REPORTED.search(norm[max(0, match.start() - 80):match.start() + 1]):
                continue
            if label == "you-must" and _generic_you(norm, match):
                continue
            return label
    return None


def _generic_you(norm: str, match) -> bool:
    """"if you want X you must Y": the generic 'you' of advice, not an order to the pet."""
    before = norm[max(0, match.start() - 60):match.start()]
    return _GENERIC_YOU.search(before) is not None
