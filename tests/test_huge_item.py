"""A huge file placed by hand in a collection (a 64 MB log dropped into memory/facts) is
read only as far as the prompt reads an item: no stage's memory grows with it — on a
416 MB Pi a whole read (and its decoded, normalised copies) gets a turn killed."""
import os
import subprocess
import sys

from conftest import BIN

HUGE = 64 * 1024 * 1024
PEAK_MIB = 48   # a stage needs ~12-17 MiB; reading the file whole takes 64 MiB at least

# Runs the stage, then prints its peak RSS (KiB): the only child this wrapper waits for.
WRAPPER = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
           "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); "
           "sys.exit(r.returncode)")


def run_measured(home, name, *args):
    result = subprocess.run([sys.executable, "-c", WRAPPER, sys.executable, str(BIN / name), *args],
                            capture_output=True, env={**os.environ, "SHELLDON_HOME": str(home)}, timeout=120)
    lines = result.stderr.decode().splitlines()
    return result, int(lines[-1]) / 1024, "\n".join(lines[:-1])


def test_a_huge_hand_placed_item_costs_no_stage_its_memory(ready, home):
    huge = home / "memory/facts/server-log.md"
    line = b"2026-11-30 tea kettle sensor reading 97.5 degrees nominal\n"
    with open(huge, "wb") as handle:
        handle.write(b"---\nname: server log\n---\n" + line * (HUGE // len(line)))
    for name, *args in (("shelldon-turn", "remember that my favourite tea is green"),
                        ("shelldon-status",),
                        ("shelldon-recall", "kettle"),
                        ("shelldon-assemble", "what tea do I like?")):
        result, peak, err = run_measured(home, name, *args)
        assert result.returncode == 0, (name, err)
        assert peak < PEAK_MIB, f"{name} peaked at {peak:.0f} MiB"
    # the turn remembered its fact beside the giant, which is untouched; recall found the giant
    assert "green" in (home / "memory/facts/favourite-tea-green.md").read_text()
    assert huge.stat().st_size >= HUGE
    result, _, _ = run_measured(home, "shelldon-recall", "kettle")
    assert b"server-log.md" in result.stdout
