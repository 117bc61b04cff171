"""Eight writers at once on one home: nobody sees 'database is locked', nothing is lost."""
import subprocess
import sys

from conftest import BIN, db_rows


def test_parallel_ingest_and_capture(ready, home):
    env = {"SHELLDON_HOME": str(home), "PATH": "/usr/bin:/bin"}
    procs = []
    for n in range(8):
        for m in range(5):
            if n % 2:
                args = [sys.executable, str(BIN / "shelldon-capture"), "--key", "shared", f"obs {n} {m}"]
            else:
                args = [sys.executable, str(BIN / "shelldon-ingest"), "--owner", f"owner {n} {m}", "--pet", f"pet {n} {m}"]
            procs.append(args)
    # run them 8 at a time, like xargs -P8
    running, results = [], []
    while procs or running:
        while procs and len(running) < 8:
            running.append(subprocess.Popen(procs.pop(), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
        proc = running.pop(0)
        out, err = proc.communicate(timeout=120)
        results.append((proc.returncode, err))
    assert all(code == 0 for code, _ in results), [e for c, e in results if c]
    assert not any(b"locked" in err for _, err in results)
    assert db_rows(home, "SELECT count(*), count(DISTINCT turn_id) FROM messages") == [(40, 20)]
    assert db_rows(home, "SELECT recurrence_count FROM learnings WHERE pattern_key='shared'") == [(20,)]
