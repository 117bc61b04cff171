#!/usr/bin/env python3
"""The secret gate's detection rates on the fixtures in tests/fixtures/secrets/.

caught: a secret fixture counts as caught when every secret value it holds is gone from
redact(text). flagged: an ordinary note counts as flagged when looks_secret(note) is not
None. Prints both rates (targets: caught >= 99%, flagged <= 1%) and, with -v, each miss.
Exit 0 when both targets are met, 1 otherwise.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from shelldon.util.secrets import looks_secret, redact  # noqa: E402

FIXTURES = os.path.join(ROOT, "tests", "fixtures", "secrets")


def load_secrets() -> list[dict]:
    with open(os.path.join(FIXTURES, "secrets.jsonl"), encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def load_notes() -> list[str]:
    with open(os.path.join(FIXTURES, "notes.txt"), encoding="utf-8") as handle:
        return [line.rstrip("\n") for line in handle if line.strip() and not line.startswith("#")]


def rates() -> dict:
    secrets = load_secrets()
    missed = [row for row in secrets
              if any(value in redact(row["text"])[0] for value in row["secrets"])]
    notes = load_notes()
    flagged = [(note, looks_secret(note)) for note in notes if looks_secret(note)]
    return {"secrets": len(secrets), "caught": len(secrets) - len(missed), "missed": missed,
            "notes": len(notes), "flagged": flagged}


def main() -> int:
    r = rates()
    caught = r["caught"] / r["secrets"]
    flagged = len(r["flagged"]) / r["notes"]
    print(f"secrets caught: {r['caught']}/{r['secrets']} = {caught:.1%} (target >= 99%)")
    print(f"notes flagged:  {len(r['flagged'])}/{r['notes']} = {flagged:.1%} (target <= 1%)")
    if "-v" in sys.argv[1:]:
        for row in r["missed"]:
            print(f"  missed [{row['kind']}]: {row['text']!r}")
        for note, kind in r["flagged"]:
            print(f"  flagged [{kind}]: {note!r}")
    return 0 if caught >= 0.99 and flagged <= 0.01 else 1


if __name__ == "__main__":
    sys.exit(main())
