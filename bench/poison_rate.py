#!/usr/bin/env python3
"""The memory-poisoning gate's rates on tests/fixtures/poison/.

stored instructions: injection attempts that standing_instruction() lets through (target 0).
benign stored: plain facts it lets through (target >= 95%). With -v, prints each miss.
Exit 0 when both targets are met, 1 otherwise.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from shelldon.core.poison import standing_instruction  # noqa: E402

FIXTURES = os.path.join(ROOT, "tests", "fixtures", "poison")


def load(name: str) -> list[str]:
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as handle:
        return [line.rstrip("\n") for line in handle if line.strip() and not line.startswith("#")]


def rates() -> dict:
    attacks, benign = load("injections.txt"), load("benign.txt")
    return {"attacks": len(attacks), "passed": [a for a in attacks if standing_instruction(a) is None],
            "benign": len(benign), "blocked": [(b, standing_instruction(b)) for b in benign
                                               if standing_instruction(b) is not None]}


def main() -> int:
    r = rates()
    stored = r["benign"] - len(r["blocked"])
    print(f"instructions stored: {len(r['passed'])}/{r['attacks']} (target 0)")
    print(f"benign facts stored: {stored}/{r['benign']} = {stored / r['benign']:.1%} (target >= 95%)")
    if "-v" in sys.argv[1:]:
        for text in r["passed"]:
            print(f"  passed: {text!r}")
        for text, label in r["blocked"]:
            print(f"  blocked [{label}]: {text!r}")
    return 0 if not r["passed"] and stored / r["benign"] >= 0.95 else 1


if __name__ == "__main__":
    sys.exit(main())
