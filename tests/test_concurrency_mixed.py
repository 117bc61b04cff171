"""Everything at once on one home: live turns through the launcher, dreams from "cron",
captures from a shell script and prunes — 1,000 operations. Every op is journalled exactly
once, every turn recorded once, counts exact, and nobody sees "database is locked"."""
import json
import os
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from conftest import BIN, db_rows
from daemons import Daemon
from test_launcher import consistent, init, raw_exchange

TURNS, CAPTURE_RUNS, CAPTURES_PER_RUN, DREAMS, PRUNES = 500, 24, 20, 10, 10   # 1,000 operations


def stage(home, name, *args, input=None):
    return subprocess.run([sys.executable, str(BIN / name), "--home", str(home), *map(str, args)],
                          input=input, capture_output=True, text=True, timeout=300,
                          env={"PATH": "/usr/bin:/bin", "SHELLDON_LOCK_TIMEOUT": "120",
                               # the launcher's local day names raw/ files: prune must count days
                               # on the same clock (else at 8 pm in New York it is tomorrow)
                               **{k: os.environ[k] for k in ("TZ",) if k in os.environ}})


def test_turns_dreams_captures_and_prunes_at_once(tmp_path):
    home = init(tmp_path / "home")
    daemon = Daemon("shelldon-launcherd", "--home", home, "--max-workers", "4",
                    socket_path=home / "run/shelldon.sock", env={"SHELLDON_LOCK_TIMEOUT": "120"})
    results: dict[str, list] = {"turn": [], "capture": [], "dream": [], "prune": []}
    lock = threading.Lock()

    def turn(n):
        answer = json.loads(raw_exchange(home / "run/shelldon.sock",
                                         json.dumps({"message": f"remember that box{n} holds item{n}"}).encode() + b"\n"))
        with lock:
            results["turn"].append(answer)

    def capture_script(n):
        lines = "".join(f"the owner sorted box {n}-{m}\n" for m in range(CAPTURES_PER_RUN))
        with lock:
            results["capture"].append(stage(home, "shelldon-capture", "--key", "sorting", input=lines))

    def cron(name, args, times):
        for _ in range(times):
            result = stage(home, name, *args)
            with lock:
                results[name.removeprefix("shelldon-")].append(result)

    seeded = stage(home, "shelldon-capture", "--key", "seen-before", input="a learning a dream can promote\n" * 3)
    assert seeded.returncode == 0, seeded.stderr
    try:
        background = [threading.Thread(target=cron, args=("shelldon-dream", ("--if-idle", "0", "--budget", "100000"), DREAMS)),
                      threading.Thread(target=cron, args=("shelldon-prune", ("--keep-days", "0"), PRUNES))]
        for thread in background:
            thread.start()
        with ThreadPoolExecutor(max_workers=8) as pool:
            futures = [pool.submit(turn, n) for n in range(TURNS)]
            futures += [pool.submit(capture_script, n) for n in range(CAPTURE_RUNS)]
            for future in futures:
                future.result()
        for thread in background:
            thread.join()
    finally:
        log = daemon.stop()

    assert "locked" not in log and "Traceback" not in log
    assert all(answer.get("ok") for answer in results["turn"]), [a for a in results["turn"] if not a.get("ok")][:3]
    for name in ("capture", "dream", "prune"):
        for result in results[name]:
            assert result.returncode in (0, 75), (name, result.returncode, result.stderr)
            assert "locked" not in result.stderr, result.stderr
    assert all(r.returncode == 0 for r in results["capture"])
    # every turn recorded once, with its own ops journalled once
    assert db_rows(home, "SELECT count(*), count(DISTINCT turn_id) FROM messages") == [(2 * TURNS, TURNS)]
    turn_ids = {a["turn_id"] for a in results["turn"]}
    assert len(turn_ids) == TURNS
    journalled = db_rows(home, "SELECT turn_id, seq, count(*) FROM journal GROUP BY turn_id, seq HAVING count(*) > 1")
    assert journalled == []
    remembered = db_rows(home, "SELECT count(*) FROM journal WHERE op = 'remember' AND turn_id NOT LIKE 'dream-%' "
                               "AND status IN ('applied', 'unchanged')")
    assert remembered == [(TURNS,)]
    assert len(list((home / "memory/facts").glob("box*.md"))) == TURNS
    # the captures' count is exact: one recurrence per journalled capture, none lost
    captures = CAPTURE_RUNS * CAPTURES_PER_RUN
    assert db_rows(home, "SELECT count(*) FROM journal WHERE op = 'capture_learning' AND turn_id LIKE 'capture-%'") == [(captures + 3,)]
    assert db_rows(home, "SELECT recurrence_count FROM learnings WHERE pattern_key = 'sorting'") == [(captures,)]
    # dreams ran between everything else, and each of their ops was journalled once
    assert db_rows(home, "SELECT count(DISTINCT turn_id) > 0 FROM journal WHERE turn_id LIKE 'dream-%'") == [(1,)], \
        [r.stdout + r.stderr for r in results["dream"]]
    consistent(home)
