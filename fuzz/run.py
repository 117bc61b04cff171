#!/usr/bin/env python3
"""Run the atheris fuzz targets (fuzz/targets.py), each for a bounded time.

    python fuzz/run.py [--seconds 60] [TARGET...]

Each target runs in its own process (atheris never returns); a target that raises an
exception its contract does not name is a crash: the input is saved under fuzz/crashes/
and the run exits 1. Without atheris (pip install atheris), says so and exits 0.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def one(name: str, seconds: int) -> int:
    """In a child: fuzz one target until the time is up."""
    import atheris
    with atheris.instrument_imports():
        sys.path.insert(0, HERE)
        import targets
        targets.TARGETS[name](b"warm up")  # import what the target needs, instrumented
    target = targets.TARGETS[name]
    crashes = os.path.join(HERE, "crashes")
    os.makedirs(crashes, exist_ok=True)
    atheris.Setup([sys.argv[0], f"-max_total_time={seconds}", "-rss_limit_mb=2048",
                   f"-artifact_prefix={crashes}/{name}-", "-print_final_stats=1"], target)
    atheris.Fuzz()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    if args.one:
        return one(args.one, args.seconds)
    try:
        import atheris  # noqa: F401
    except ImportError:
        print("fuzz: atheris is not installed (pip install atheris); fuzzing skipped")
        return 0
    sys.path.insert(0, HERE)
    import targets
    names = args.names or list(targets.TARGETS)
    failed = []
    skipped = []
    for name in names:
        reason = targets.missing(name)
        if reason:
            print(f"fuzz: {name}: skipped ({reason})", flush=True)
            skipped.append(name)
            continue
        print(f"fuzz: {name} for {args.seconds}s", flush=True)
        result = subprocess.run([sys.executable, __file__, "--one", name, "--seconds", str(args.seconds)],
                                capture_output=True, text=True)
        stats = [line for line in result.stderr.splitlines() if line.startswith(("stat::number_of_executed_units", "Done"))]
        print(f"fuzz: {name}: exit {result.returncode}; {'; '.join(stats) or result.stderr[-300:]}", flush=True)
        if result.returncode != 0:
            failed.append(name)
            print(result.stderr[-3000:], file=sys.stderr)
    ran = len(names) - len(skipped)
    print(f"fuzz: {ran - len(failed)}/{ran} targets clean" + (f"; crashed: {', '.join(failed)}" if failed else "")
          + (f"; skipped: {', '.join(skipped)}" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
