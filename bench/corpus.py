"""Deterministic English-like chat text for the bench: a word list drawn with a Zipf-like law.

The head of the vocabulary is real English, roughly in order of frequency (so the very
common words are the ones a person would call common); the tail is pronounceable made-up
words built from syllables, so the history has the long tail of rare terms a real one has.
Everything is a pure function of the seed.
"""
import random

# Real English, roughly most frequent first (function words, then everyday chat words).
HEAD = """
the i to and a you it of is that in my was for me on have be with just so but this not
are at what do we like be can all about your if know get no out up think one there now
go time really its good will got dont day people yeah from how going see would today make
want when they well them then back work because been some even right much more also still
way home need love feel thing things too lot little new any night did say said over last
morning week over could first long again tomorrow sure great off very weekend before after
never always maybe other take come came went made around here place every should better
nice something year years old next thanks many friend friends family house school bit
tonight looking pretty done lol hope start find best happy keep doing life while since
coffee dinner lunch tea food walk park car bus train weather rain sun cold hot warm
water book books movie music song game phone call text email office meeting boss job
money kids kid baby mom dad mother father sister brother son daughter wife husband
grandmother grandma grandpa aunt uncle cousin neighbour neighbours dog dogs cat cats
garden tree trees flowers plant plants tomato tomatoes apple apples bread cake cook cooking
kitchen sink bathroom bedroom room door window wall paint painted blue green red yellow
black white colour town city street road river lake beach sea mountain forest field
holiday trip flight flights airport hotel ticket plan plans party birthday wedding gift
doctor hospital sick tired sleep bed head back hand eyes teeth dentist appointment
run running ran walked walking swim swimming bike bicycle bicycles ride football match
team win lost play playing played watch watched show shows news story read reading wrote
write letter computer printer internet wifi laptop screen fix fixed broken repair boiler
heating shower clean cleaning wash washing shop shopping store market bought buy price
cheap expensive bill rent pay paid bank card late early soon hour hours minute minutes
monday tuesday wednesday thursday friday saturday sunday january february march april
june july august september october november december spring summer autumn winter
birthday school class teacher lesson learn learning study exam test homework violin piano
guitar drum sing singing dance dancing art draw drawing picture photo camera video
chicken fish rice pasta soup salad cheese egg eggs milk sugar salt pepper wine beer juice
sweet sour bitter spicy fresh dry wet windy snow storm thunder thunderstorm cloud clouds
grew grow growing growth fast slow quick quiet loud noise busy free empty full half
remember forget forgot idea question answer problem help helped helping ask asked told
tell talk talked talking listen heard hear voice word words name names number numbers
""".split()

SYLLABLES = """ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo fu ga ge gi go gu
ha he hi ho hu ja je jo ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu pa pe
pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu wa we wi wo ya yo za
zo bra bre bri bro cla cle cli clo dra dre dri fra fre fri gra gre gri pla ple pli pra pre
pri sta ste sti sto tra tre tri str ing er an en on in ar or ur el al ol""".split()

VOCAB_SIZE = 40_000
ZIPF_S = 1.07


def vocabulary(seed: int) -> list[str]:
    rng = random.Random(seed * 7919 + 1)
    head = list(dict.fromkeys(HEAD))
    seen = set(head)
    words = list(head)
    while len(words) < VOCAB_SIZE:
        word = "".join(rng.choice(SYLLABLES) for _ in range(rng.choice((2, 2, 3, 3, 4))))
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words


class Generator:
    """Messages of 3–24 words, word ranks drawn with P(rank r) ∝ 1 / r^s."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.words = vocabulary(seed)
        total, cum = 0.0, []
        for rank in range(1, len(self.words) + 1):
            total += 1.0 / rank ** ZIPF_S
            cum.append(total)
        self.cum = cum

    def message(self) -> str:
        n = self.rng.choice((3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 24))
        words = self.rng.choices(self.words, cum_weights=self.cum, k=n)
        text = " ".join(words)
        return text[0].upper() + text[1:] + self.rng.choice((".", ".", "!", "?", ""))

    def common_question(self) -> str:
        """A question made only of very common words (the ~60 most frequent non-stopwords)."""
        from shelldon.worker.history_read import STOPWORDS
        common = [w for w in self.words[:200] if w not in STOPWORDS][:60]
        return " ".join(self.rng.sample(common, self.rng.choice((2, 3, 4, 5)))) + "?"
