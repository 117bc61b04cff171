#!/usr/bin/env python3
"""The floor streamed ingest is held to: a bare sqlite script that reads turn records
(JSON Lines: turn_id, owner, reply) and commits each turn's two messages in one
transaction, on a WAL database with synchronous=FULL, as history.db is written.

    python bench/floor_ingest.py DB TURNS.jsonl
"""
import json
import sqlite3
import sys
from datetime import datetime, timezone


def main(db: str, turns: str) -> int:
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    with open(turns, encoding="utf-8") as lines:
        for line in lines:
            turn = json.loads(line)
            ts = turn.get("ts") or datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO messages (turn_id, role, content, ts) VALUES (?, 'owner', ?, ?)",
                         (turn["turn_id"], turn["owner"], ts))
            conn.execute("INSERT INTO messages (turn_id, role, content, ts) VALUES (?, 'pet', ?, ?)",
                         (turn["turn_id"], turn["reply"], ts))
            conn.execute("COMMIT")
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
