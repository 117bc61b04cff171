"""The year-scale check, small: bench/year.py at a tenth of its size (100 facts among
3,000 turns over a year, 10 asked about often). Every often-asked fact's answer reaches the
prompt when asked in other words, and the prompt does at least as well as listing the
collections by write time alone."""
import json
import subprocess
import sys

from conftest import ROOT


def test_a_year_of_talk_keeps_the_facts_in_reach():
    result = subprocess.run([sys.executable, str(ROOT / "bench/year.py"), "--turns", "3000", "--facts", "100",
                             "--often", "10", "--json"], capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout)
    print(json.dumps(got))   # the figures, for whoever runs pytest -s
    now, old = got["now"], got["write_order"]
    assert got["facts"] == 100 and got["often"] == 10 and got["turns"] == 3000
    assert now["often"] == 10, got["misses"]
    assert now["prompt"] >= old["prompt"] and now["collections"] >= old["collections"]
    assert now["prompt"] >= 95, got["misses"]
    assert old["collections"] < 100     # the budget holds part of memory: the check can fail
