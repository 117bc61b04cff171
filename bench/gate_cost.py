#!/usr/bin/env python3
"""What the two gates cost: importing them, and checking one note.

- import   `python -X importtime -c "import shelldon.core.gate"`, best of N runs: the self
           time of the gate's own modules (util/lazyre, util/skeleton, util/secrets,
           core/poison, core/gate) added up, and core/gate's cumulative time (which also
           holds the op contract and msgspec). Target: the gate modules <= 3 ms together.
- first    in a fresh process, one ordinary sentence through both gates (looks_secret,
           standing_instruction): what a stage pays for the patterns it compiles on first
           need (util/lazyre.py).
- check    both gates over the fixtures' ordinary notes and benign facts, warm, per note.

Usage: bench/gate_cost.py [-n RUNS]   (default 10)
"""
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "lib")
sys.path.insert(0, LIB)
MODULES = ("shelldon.util.lazyre", "shelldon.util.skeleton", "shelldon.util.secrets",
           "shelldon.core.poison", "shelldon.core.gate")
FIRST = """
import time
t = time.perf_counter()
from shelldon.util.secrets import looks_secret
from shelldon.core.poison import standing_instruction
t1 = time.perf_counter()
looks_secret("Took Rex to the vet on Tuesday, he needs his booster in March.")
standing_instruction("Took Rex to the vet on Tuesday, he needs his booster in March.")
print((t1 - t) * 1000, (time.perf_counter() - t1) * 1000)
"""


def _env() -> dict:
    # as a stage starts: from the cached bytecode, which PYTHONDONTWRITEBYTECODE would leave
    # unwritten (the first run below writes it)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": LIB + os.pathsep + os.environ.get("PYTHONPATH", "")}


def import_ms() -> tuple[float, float]:
    """(the gate modules' self time, core/gate's cumulative time), in ms, one run."""
    err = subprocess.run([sys.executable, "-X", "importtime", "-c", "import shelldon.core.gate"],
                         capture_output=True, text=True, env=_env(), check=True).stderr
    own = cumulative = 0.0
    for line in err.splitlines():
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 3 and parts[2] in MODULES:
            own += int(parts[0].split()[-1]) / 1000
            if parts[2] == "shelldon.core.gate":
                cumulative = int(parts[1]) / 1000
    return own, cumulative


def first_ms() -> float:
    out = subprocess.run([sys.executable, "-c", FIRST], capture_output=True, text=True, env=_env(), check=True)
    return float(out.stdout.split()[1])


def check_ms(rounds: int = 20) -> tuple[float, int]:
    from shelldon.core.poison import standing_instruction
    from shelldon.util.secrets import looks_secret
    notes = []
    for path in (("secrets", "notes.txt"), ("poison", "benign.txt")):
        with open(os.path.join(ROOT, "tests", "fixtures", *path), encoding="utf-8") as handle:
            notes += [line.strip() for line in handle if line.strip() and not line.startswith("#")]
    for note in notes:   # compile what they need, once
        looks_secret(note), standing_instruction(note)
    start = time.perf_counter()
    for _ in range(rounds):
        for note in notes:
            looks_secret(note)
            standing_instruction(note)
    return (time.perf_counter() - start) * 1000 / (rounds * len(notes)), len(notes)


def main() -> int:
    runs = int(sys.argv[sys.argv.index("-n") + 1]) if "-n" in sys.argv else 10
    import_ms()
    imports = [import_ms() for _ in range(runs)]
    own, cumulative = min(i[0] for i in imports), min(i[1] for i in imports)
    first = min(first_ms() for _ in range(runs))
    per_note, count = check_ms()
    print(f"import    gate modules {own:.1f} ms (target <= 3), core.gate cumulative {cumulative:.1f} ms "
          f"(best of {runs})")
    print(f"first     one ordinary sentence through both gates in a fresh process: {first:.2f} ms (best of {runs})")
    print(f"check     {per_note:.3f} ms per note, both gates, warm ({count} notes x 20 rounds)")
    return 0 if own <= 3 else 1


if __name__ == "__main__":
    sys.exit(main())
