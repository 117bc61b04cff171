"""The floor for streamed ingest: each turn of a JSON Lines file as two inserts and a commit.

    python bench/floor_ingest.py DB TURNS.jsonl

What shelldon-ingest must do at the least, with the same pragmas (WAL, synchronous=FULL) on
a copy of the same history.db: its triggers keep the full-text index, as they do for ingest.
Prints the turns and turns/s.
"""
import json
import sqlite3
import sys
import time
from datetime import datetime, timezone

db, turns = sys.argv[1], sys.argv[2]
conn = sqlite3.connect(db, isolation_level=None)
conn.execute("PRAGMA journal_mode = WAL")
conn.execute("PRAGMA synchronous = FULL")
start, count = time.perf_counter(), 0
with open(turns, "rb") as lines:
    for line in lines:
        turn = json.loads(line)
        ts = datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO messages (turn_id, role, content, ts) VALUES (?, 'owner', ?, ?)",
                     (turn["turn_id"], turn["owner"], ts))
        conn.execute("INSERT INTO messages (turn_id, role, content, ts) VALUES (?, 'pet', ?, ?)",
                     (turn["turn_id"], turn["reply"], ts))
        conn.execute("COMMIT")
        count += 1
elapsed = time.perf_counter() - start
print(f"{count} turns in {elapsed:.2f} s: {count / elapsed:.0f} turns/s")
