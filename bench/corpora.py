"""The gate corpora both rate scripts read (tests/fixtures/gates/): which splits there are,
and how a corpus file is read.

- dev        tuned on: every round adds its own lines, with look-alikes that stress them.
- heldout, heldout2, heldout3
             written by hand before the first, second and third rounds of rule changes;
             frozen.
- heldout4 … heldout49
             each written blind (its writer saw neither the gates' code nor any other
             corpus, and reported only its line counts and kinds) while or after the
             previous round's rules were made — heldout4 before the fourth, heldout12 and
             heldout13 both during the twelfth, heldout15 and heldout16 both before the
             fourteenth, heldout20 and heldout21 both before the nineteenth, heldout22
             during the twentieth, heldout23 during the twenty-first, heldout24 and
             heldout25 both during the twenty-second, heldout26 during the twenty-third,
             heldout27 during the twenty-fourth, heldout28 during the twenty-fifth,
             heldout29 during the twenty-sixth, heldout30 and heldout31 both during the
             twenty-seventh (heldout31 sized and worded as the first outside attack's),
             heldout32 and heldout33 both during the twenty-eighth (heldout33 sized as
             heldout31), heldout34 and heldout35 both during the twenty-ninth (heldout35
             sized as heldout31), heldout36 and heldout37 both during the thirtieth
             (heldout37 sized as heldout31), heldout38 and heldout39 both during the
             thirty-first (heldout39 sized as heldout31), heldout40 and heldout41 both
             during the thirty-second (heldout41 sized as heldout31), heldout42 and
             heldout43 both during the thirty-third (heldout43 sized as heldout31),
             heldout44 and heldout45 both during the thirty-fourth (heldout45 sized as
             heldout31), heldout46 and heldout47 both during the thirty-fifth (heldout47
             sized as heldout31), heldout48 and heldout49 both during the thirty-sixth
             (heldout49 sized as heldout31) — and measured once:
             that round's clean figure (docs/RELIABILITY.md). Each but those still UNREAD (below) was
             then read by kind before the next round: its misses named the kinds the
             round widened.
- notes14 …  ordinary memory notes, written and measured the same way (NOTES).

A line starting with "#" is a comment; blank lines are skipped.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPORA = os.path.join(ROOT, "tests", "fixtures", "gates")
SPLITS = ("dev", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8",
          "heldout9", "heldout10", "heldout11", "heldout12", "heldout13", "heldout14", "heldout15", "heldout16", "heldout17",
          "heldout18", "heldout19", "heldout20", "heldout21", "heldout22", "heldout23", "heldout24",
          "heldout25", "heldout26", "heldout27", "heldout28", "heldout29", "heldout30", "heldout31",
          "heldout32", "heldout33", "heldout34", "heldout35", "heldout36", "heldout37", "heldout38", "heldout39", "heldout40", "heldout41",
          "heldout42", "heldout43", "heldout44", "heldout45", "heldout46", "heldout47",
          "heldout48", "heldout49")
# Corpora of ordinary memory notes (notes*_benign.txt: learnings, fact files, episodes,
# about.md lines, mostly in the third person about the owner), each written blind like a
# held-out split: what the standing-instruction gate must store. (first measure, refused)
NOTES = {"notes14": ("first measured, after the twelfth round's first model", 7),
         "notes15": ("first measured, after the twelfth round", 11),
         "notes16": ("first measured, after the thirteenth round", 2),
         "notes17": ("first measured, after the fourteenth round", 0),
         "notes18": ("first measured, after the fifteenth round", 1),
         "notes19": ("first measured, after the sixteenth round", 2),
         "notes20": ("first measured, after the seventeenth round", 1),
         "notes21": ("first measured, after the eighteenth round and the lexicon", 0),
         "notes22": ("first measured, after the nineteenth round", 0),
         "notes23": ("first measured, after the twentieth round", 0),
         "notes24": ("first measured, after the twenty-first round", 0),
         "notes25": ("first measured, after the twenty-second round", 0),
         "notes26": ("first measured, after the twenty-third round", 0),
         "notes27": ("first measured, after the twenty-fourth round", 2),
         "notes28": ("first measured, after the twenty-fifth round", 3),
         "notes29": ("first measured, after the twenty-sixth round", 0),
         "notes30": ("first measured, after the twenty-seventh round", 4),
         "notes31": ("first measured, after the twenty-eighth round", 1),
         "notes32": ("first measured, after the twenty-ninth round", 4),
         "notes33": ("first measured, after the thirtieth round", 1),
         "notes34": ("first measured, after the thirty-first round", 0),
         "notes35": ("first measured, after the thirty-second round", 0),
         "notes36": ("first measured, after the thirty-third round", 0),
         "notes37": ("first measured, after the thirty-fourth round", 1),
         "notes38": ("first measured, after the thirty-fifth round", 0),
         "notes39": ("first measured, after the thirty-sixth round", 1)}
# Corpora measured but not yet read: no round tunes a rule on them, and the learned model
# (bench/train_instruction_model.py) never trains on them.
UNREAD = ("heldout48", "heldout49", "notes39")
READ = tuple(split for split in SPLITS if split not in UNREAD)
READ_NOTES = tuple(notes for notes in NOTES if notes not in UNREAD)


OPEN, CLOSE = "\u27e6", "\u27e7"   # ⟦value⟧ marks a secret inside a corpus line


def unmarked(line: str) -> tuple[str, list[tuple[int, int]]]:
    """"pin ⟦4471⟧" → ("pin 4471", [(4, 8)]): a secrets line's text and where each value is."""
    text, values, rest = "", [], line
    while OPEN in rest:
        before, _, after = rest.partition(OPEN)
        value, _, rest = after.partition(CLOSE)
        text += before
        values.append((len(text), len(text) + len(value)))
        text += value
    return text + rest, values


def lines(path: str) -> list[str]:
    with open(path, encoding="utf-8") as handle:
        return [line.rstrip("\n") for line in handle if line.strip() and not line.startswith("#")]


# Each split's earlier figures, for the rate scripts to print beside today's: (when, stored,
# refused) for the secret gate and for the standing-instruction gate — dev and the first
# three splits as each gate's rounds of reading began, every later split when first measured.
def _measured(when: str, secrets: tuple, poison: tuple) -> dict:
    return {"secrets": (when, *secrets), "poison": (when, *poison)}


EARLIER = {
    "dev": {"secrets": ("before the fifth round", 19, 3), "poison": ("before the third round", 17, 0)},
    "heldout": {"secrets": ("before the fifth round", 0, 0), "poison": ("before the third round", 0, 1)},
    "heldout2": {"secrets": ("before the fifth round", 0, 1), "poison": ("before the third round", 3, 0)},
    "heldout3": {"secrets": ("before the fifth round", 0, 0), "poison": ("before the third round", 19, 1)},
    "heldout4": _measured("first measured, before the fifth round", (27, 3), (38, 4)),
    "heldout5": _measured("first measured, after the fifth round", (13, 2), (31, 1)),
    "heldout6": _measured("first measured, after the sixth round", (18, 1), (26, 1)),
    "heldout7": _measured("first measured, after the seventh round", (18, 1), (20, 3)),
    "heldout8": _measured("first measured, after the eighth round", (16, 7), (26, 4)),
    "heldout9": _measured("first measured, after the ninth round", (7, 1), (13, 0)),
    "heldout10": _measured("first measured, after the tenth round", (8, 2), (7, 4)),
    "heldout11": _measured("first measured, after the eleventh round", (9, 1), (12, 2)),
    "heldout12": _measured("first measured, after the twelfth round", (3, 0), (7, 1)),
    "heldout13": _measured("first measured, after the twelfth round", (5, 3), (2, 6)),
    "heldout14": _measured("first measured, after the thirteenth round", (12, 2), (5, 1)),
    "heldout15": _measured("first measured, after the fourteenth round", (9, 3), (5, 0)),
    "heldout16": _measured("first measured, after the fifteenth round", (7, 2), (1, 2)),
    "heldout17": _measured("first measured, after the sixteenth round", (7, 1), (3, 2)),
    "heldout18": _measured("first measured, after the seventeenth round", (10, 1), (2, 4)),
    "heldout19": _measured("first measured, after the eighteenth round and the lexicon", (8, 1), (1, 2)),
    "heldout20": _measured("first measured, after the nineteenth round", (4, 1), (2, 1)),
    "heldout21": _measured("first measured, after the nineteenth round", (6, 0), (1, 2)),
    "heldout22": _measured("first measured, after the twentieth round", (5, 0), (3, 0)),
    "heldout23": _measured("first measured, after the twenty-first round", (2, 0), (3, 0)),
    "heldout24": _measured("first measured, after the twenty-second round", (2, 1), (1, 0)),
    "heldout25": _measured("first measured, after the twenty-second round", (7, 2), (2, 0)),
    "heldout26": _measured("first measured, after the twenty-third round", (6, 0), (4, 1)),
    "heldout27": _measured("first measured, after the twenty-fourth round", (9, 1), (11, 0)),
    "heldout28": _measured("first measured, after the twenty-fifth round", (7, 3), (15, 4)),
    "heldout29": _measured("first measured, after the twenty-sixth round", (11, 1), (14, 1)),
    "heldout30": _measured("first measured, after the twenty-seventh round", (6, 1), (11, 5)),
    "heldout31": _measured("first measured, after the twenty-seventh round", (2, 1), (1, 1)),
    "heldout32": _measured("first measured, after the twenty-eighth round", (4, 2), (7, 4)),
    "heldout33": _measured("first measured, after the twenty-eighth round", (0, 0), (0, 3)),
    "heldout34": _measured("first measured, after the twenty-ninth round", (8, 6), (15, 3)),
    "heldout35": _measured("first measured, after the twenty-ninth round", (0, 1), (2, 3)),
    "heldout36": _measured("first measured, after the thirtieth round", (8, 3), (9, 6)),
    "heldout37": _measured("first measured, after the thirtieth round", (1, 0), (0, 2)),
    "heldout38": _measured("first measured, after the thirty-first round", (11, 1), (4, 1)),
    "heldout39": _measured("first measured, after the thirty-first round", (0, 1), (0, 3)),
    "heldout40": _measured("first measured, after the thirty-second round", (8, 1), (10, 0)),
    "heldout41": _measured("first measured, after the thirty-second round", (0, 1), (1, 3)),
    "heldout42": _measured("first measured, after the thirty-third round", (10, 1), (11, 3)),
    "heldout43": _measured("first measured, after the thirty-third round", (4, 0), (10, 0)),
    "heldout44": _measured("first measured, after the thirty-fourth round", (11, 2), (14, 0)),
    "heldout45": _measured("first measured, after the thirty-fourth round", (2, 4), (3, 0)),
    "heldout46": _measured("first measured, after the thirty-fifth round", (10, 1), (9, 0)),
    "heldout47": _measured("first measured, after the thirty-fifth round", (2, 0), (3, 1)),
    "heldout48": _measured("first measured, after the thirty-sixth round", (8, 0), (4, 4)),
    "heldout49": _measured("first measured, after the thirty-sixth round", (0, 2), (4, 0)),
}
