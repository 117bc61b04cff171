#!/usr/bin/env python3
"""make bench: run every bench/bench_*.py in turn; each prints its own figures."""
import subprocess
import sys
from pathlib import Path

status = 0
for script in sorted(Path(__file__).resolve().parent.glob("bench_*.py")):
    print(f"== {script.name}", flush=True)
    status |= subprocess.run([sys.executable, str(script), *sys.argv[1:]]).returncode
sys.exit(status)
