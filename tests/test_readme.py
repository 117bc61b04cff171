"""The README followed in order, as a new owner would: its quick-start blocks run in a
scratch home with the real stages, and what its comments say they print is what they print."""
import re
import shutil
import subprocess
import sys

import pytest
from conftest import BIN, ROOT

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")


def sh_blocks(section: str) -> list[str]:
    """The ```sh blocks of one '## ' section of the README, in order."""
    text = (ROOT / "README.md").read_text()
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)```", body, re.S)


def runnable(block: str) -> str:
    """The block as a script for a checkout: the venv and the home are the test's."""
    lines = [line for line in block.splitlines()
             if not line.startswith((". .venv/bin/activate", "export SHELLDON_HOME", "make "))]
    return "\n".join(lines) + "\n"


def test_the_quick_start_then_the_dream_run_as_written(tmp_path):
    stages, dream = sh_blocks("The stages"), sh_blocks("Learning, the dream, and prune")
    script = "set -e -o pipefail\n" + "".join(runnable(b) for b in stages[:2]) + runnable(dream[0])
    env = {"SHELLDON_HOME": str(tmp_path / "pet"), "PATH": f"{BIN}:{sys.prefix}/bin:/usr/bin:/bin",
           "HOME": str(tmp_path), "LC_ALL": "C.UTF-8"}
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "my sister; lives in Porto" in out                      # cat people/ana.md
    assert "Porto" in out.split("Saved: people/ana.md.", 1)[1]   # shelldon-turn "where does Ana live?"
    # the dream says what the README's comment says it says
    said = re.search(r"shelldon-dream --if-idle 0 +# (dreamt \(dream-…\): [^\n]+)", dream[0]).group(1)
    head, tail = said.split("…", 1)
    assert re.search(re.escape(head) + r"[^)]*" + re.escape(tail), out), (said, out)
    assert "owner drinks tea at 5" in out.rsplit("---", 1)[1]      # cat facts/tea.md
