#!/usr/bin/env python3
"""The secret gate's rates, per corpus split.

- fixtures  tests/fixtures/secrets/: generated keys and tokens (secrets.jsonl) and ordinary
            notes (notes.txt); targets: caught >= 99%, notes flagged <= 1%.
- dev       tests/fixtures/gates/dev_*.txt: hand-written secrets in prose and shorthand, and
            look-alikes; the patterns are tuned on these.
- heldout…  tests/fixtures/gates/heldout*_{secrets,lookalikes}.txt: frozen held-out corpora
            (bench/corpora.py says how each was written and when it was read).
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

from corpora import CORPORA, EARLIER, SPLITS, lines, unmarked  # noqa: E402  (bench/, beside this script)
from shelldon.util.secrets import looks_secret, redact  # noqa: E402

FIXTURES = os.path.join(ROOT, "tests", "fixtures", "secrets")



def load_secrets() -> list[dict]:
    with open(os.path.join(FIXTURES, "secrets.jsonl"), encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def load_notes() -> list[str]:
    return lines(os.path.join(FIXTURES, "notes.txt"))


def marked(line: str) -> dict:
    """"pin ⟦4471⟧" → {"text": "pin 4471", "secrets": ["4471"]}."""
    text, values = unmarked(line)
    return {"text": text, "secrets": [text[start:end] for start, end in values]}


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
        when, stored, refused = EARLIER[split]["secrets"]
        allowed = 0 if split == "dev" else s["benign"] // 40
        ok &= not s["stored"] and len(s["refused"]) <= allowed
        print(f"{split:<9} secrets stored: {len(s['stored'])}/{s['secrets']} (target 0); "
              f"look-alikes refused: {len(s['refused'])}/{s['benign']} (target <= {allowed}); "
              f"{when}: {stored} stored, {refused} refused")
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
