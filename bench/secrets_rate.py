#!/usr/bin/env python3
"""The secret gate's rates, per corpus split.

- fixtures  tests/fixtures/secrets/: generated keys and tokens (secrets.jsonl) and ordinary
            notes (notes.txt); targets: caught >= 99%, notes flagged <= 1%.
- dev       tests/fixtures/gates/dev_*.txt: hand-written secrets in prose and shorthand, and
            look-alikes; the patterns are tuned on these.
- heldout   tests/fixtures/gates/heldout_*.txt: written first, frozen, never tuned on.
- heldout2  tests/fixtures/gates/heldout2_*.txt: a second one, written before the second
            round of rule changes, frozen.
- heldout3  tests/fixtures/gates/heldout3_*.txt: a third one, written before the third
            round of rule changes, frozen.
- heldout4  tests/fixtures/gates/heldout4_*.txt: a fourth one, written blind before the
            fourth round, frozen; read before the fifth round (its misses named the kinds
            the clause rule generalises).
- heldout5  tests/fixtures/gates/heldout5_*.txt: a fifth one, written blind after the fifth
            round's rules were final (its writer reported only its line counts) and
            measured once: the clean figure of that round (docs/RELIABILITY.md); read
            before the sixth round (its misses named the kinds that round widened).
- heldout6  tests/fixtures/gates/heldout6_*.txt: a sixth one, written blind after the sixth
            round's rules were final and measured once (that round's clean figure); read
            before the seventh round (its misses named the kinds that round widened).
- heldout7  tests/fixtures/gates/heldout7_*.txt: a seventh one, written blind after the
            seventh round's rules were final and measured once; read before the eighth.
- heldout8  tests/fixtures/gates/heldout8_*.txt: an eighth one, written blind after the
            eighth round's rules were final and measured once; read before the ninth.
- heldout9  tests/fixtures/gates/heldout9_*.txt: a ninth one, written blind after the
            ninth round's rules were final and measured once; read before the tenth.
- heldout10 tests/fixtures/gates/heldout10_*.txt: a tenth one, written blind after the
            tenth round's rules were final and measured once: the clean figure.
            Targets for all: 0 secrets stored, <= 1 in 40 look-alikes refused.

A secret counts as stored when the gate (looks_secret) lets its text through or redact()
leaves one of its values in the text; a look-alike counts as refused when looks_secret says
anything. Exit 0 when every target is met, 1 otherwise; -v prints each miss.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from shelldon.util.secrets import looks_secret, redact  # noqa: E402

FIXTURES = os.path.join(ROOT, "tests", "fixtures", "secrets")
CORPORA = os.path.join(ROOT, "tests", "fixtures", "gates")
SPLITS = ("dev", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10")
# (when, stored, refused) per split: dev and the splits read before the fifth round as they
# stood when it began (dev's new lines included); each later split when first measured
EARLIER = {"dev": ("before the fifth round", 19, 3), "heldout": ("before the fifth round", 0, 0),
           "heldout2": ("before the fifth round", 0, 1), "heldout3": ("before the fifth round", 0, 0),
           "heldout4": ("first measured, before the fifth round", 27, 3),
           "heldout5": ("first measured, after the fifth round", 13, 2),
           "heldout6": ("first measured, after the sixth round", 18, 1),
           "heldout7": ("first measured, after the seventh round", 18, 1),
           "heldout8": ("first measured, after the eighth round", 16, 7),
           "heldout9": ("first measured, after the ninth round", 7, 1),
           "heldout10": ("first measured, after the tenth round", 8, 2)}
OPEN, CLOSE = "\u27e6", "\u27e7"   # ⟦value⟧ marks a secret inside a corpus line


def lines(path: str) -> list[str]:
    with open(path, encoding="utf-8") as handle:
        return [line.rstrip("\n") for line in handle if line.strip() and not line.startswith("#")]


def load_secrets() -> list[dict]:
    with open(os.path.join(FIXTURES, "secrets.jsonl"), encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def load_notes() -> list[str]:
    return lines(os.path.join(FIXTURES, "notes.txt"))


def marked(line: str) -> dict:
    """"pin ⟦4471⟧" → {"text": "pin 4471", "secrets": ["4471"]}."""
    values, rest, text = [], line, ""
    while OPEN in rest:
        before, _, after = rest.partition(OPEN)
        value, _, rest = after.partition(CLOSE)
        text += before + value
        values.append(value)
    return {"text": text + rest, "secrets": values}


def load_split(split: str) -> tuple[list[dict], list[str]]:
    secrets = [marked(line) for line in lines(os.path.join(CORPORA, f"{split}_secrets.txt"))]
    return secrets, lines(os.path.join(CORPORA, f"{split}_lookalikes.txt"))


def stored(row: dict) -> bool:
    if looks_secret(row["text"]) is None:
        return True
    out = redact(row["text"])[0]
    return any(value in out for value in row["secrets"])


def score(secrets: list[dict], benign: list[str]) -> dict:
    return {"secrets": len(secrets), "stored": [row for row in secrets if stored(row)],
            "benign": len(benign), "refused": [(b, looks_secret(b)) for b in benign if looks_secret(b)]}


def rates() -> dict:
    """The fixtures' figures in the shape the fixture test reads them."""
    r = score(load_secrets(), load_notes())
    return {"secrets": r["secrets"], "caught": r["secrets"] - len(r["stored"]), "missed": r["stored"],
            "notes": r["benign"], "flagged": r["refused"]}


def split_rates(split: str) -> dict:
    return score(*load_split(split))


def main() -> int:
    verbose = "-v" in sys.argv[1:]
    ok = True
    r = rates()
    caught, flagged = r["caught"] / r["secrets"], len(r["flagged"]) / r["notes"]
    ok &= caught >= 0.99 and flagged <= 0.01
    print(f"fixtures  secrets caught: {r['caught']}/{r['secrets']} = {caught:.1%} (target >= 99%); "
          f"notes flagged: {len(r['flagged'])}/{r['notes']} = {flagged:.1%} (target <= 1%)")
    rows = [("fixtures", r["missed"], [(n, k) for n, k in r["flagged"]])]
    for split in SPLITS:
        s = split_rates(split)
        allowed = 0 if split == "dev" else s["benign"] // 40
        ok &= not s["stored"] and len(s["refused"]) <= allowed
        print(f"{split:<9} secrets stored: {len(s['stored'])}/{s['secrets']} (target 0); "
              f"look-alikes refused: {len(s['refused'])}/{s['benign']} (target <= {allowed}); "
              f"{EARLIER[split][0]}: {EARLIER[split][1]} stored, {EARLIER[split][2]} refused")
        rows.append((split, s["stored"], s["refused"]))
    if verbose:
        for split, missed, refused in rows:
            for row in missed:
                print(f"  {split} stored: {row['text']!r}")
            for text, kind in refused:
                print(f"  {split} refused [{kind}]: {text!r}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
