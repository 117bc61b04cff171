#!/usr/bin/env python3
"""The floor shelldon-ingest and shelldon-apply are held to: a plain click script that
takes a filelock under run/ and commits one row to history.db (WAL, synchronous=FULL).

    python bench/floor_commit.py HOME TEXT
"""
import os
import sqlite3
import uuid
from datetime import datetime, timezone

import click
from filelock import FileLock


@click.command()
@click.argument("home", type=click.Path(exists=True, file_okay=False))
@click.argument("text")
def main(home, text):
    with FileLock(os.path.join(home, "run", "floor.lock"), timeout=10):
        conn = sqlite3.connect(os.path.join(home, "history.db"), isolation_level=None)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        with conn:
            conn.execute("INSERT INTO messages (turn_id, role, content, ts) VALUES (?, 'owner', ?, ?)",
                         (f"floor-{uuid.uuid4().hex}", text, datetime.now(timezone.utc).isoformat()))
        conn.close()


if __name__ == "__main__":
    main()
