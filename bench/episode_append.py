#!/usr/bin/env python3
"""What one log_episode costs the core after 150 days of talk (15,000 entries, ~1.3 MB of
episode log), measured in-process: the write session, the plan (read, hash), the journal's
splice and the atomic rename.

    python bench/episode_append.py [--days 150] [--per-day 100] [--appends 40]

The log is laid out as the core in this tree lays it out: one file a month when
core.curated has episode_path, else one episodes.md. Prints the log's size where the
appends land and the median and 90th percentile milliseconds of an append.
"""
import os
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone

import click


@click.command()
@click.option("--days", default=150, show_default=True)
@click.option("--per-day", default=100, show_default=True)
@click.option("--appends", default=40, show_default=True)
def main(days, per_day, appends):
    from shelldon.core import curated
    from shelldon.core.apply import Item, apply_items
    from shelldon.core.init import init_home
    from shelldon.core.session import write_session
    from shelldon.home import Home
    home = Home(os.path.join(tempfile.mkdtemp(prefix="episodes-bench-"), "home"))
    init_home(home)
    today = datetime(2026, 5, 31, 23, tzinfo=timezone.utc)   # a full month: the worst case
    start = today - timedelta(days=days)
    logs: dict[str, list[str]] = {}
    for n in range(days * per_day):
        when = start + timedelta(seconds=n * 86400 // per_day)
        path = (curated.episode_path(home, when) if hasattr(curated, "episode_path")
                else home.memory_file("episodes.md"))
        stamp = when.isoformat(timespec="seconds").replace("+00:00", "Z")
        logs.setdefault(path, []).append(f"## {stamp} · t-{n}\n\nthe owner said thing number {n} "
                                         f"about the garden\n")
    for path, entries in logs.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write('---\nname: "episodes"\ncollection: "episodes"\n---\n' + "\n".join(entries))
    target = (curated.episode_path(home, today) if hasattr(curated, "episode_path")
              else home.memory_file("episodes.md"))
    costs = []
    for n in range(appends):
        item = Item(f"bench-{n}", 1, f'{{"op": "log_episode", "content": "appended line {n}"}}')
        began = time.perf_counter()
        with write_session(home) as store:
            apply_items(home, store, [item], now=today + timedelta(seconds=n))
        costs.append((time.perf_counter() - began) * 1000)
    total = sum(os.path.getsize(p) for p in logs)
    print(f"episode log: {total / 1e6:.2f} MB in {len(logs)} file(s); appends land in "
          f"{os.path.relpath(target, home.root)} ({os.path.getsize(target) / 1e3:.0f} kB)")
    print(f"append: median {statistics.median(costs):.1f} ms, "
          f"p90 {statistics.quantiles(costs, n=10)[-1]:.1f} ms over {appends}")


if __name__ == "__main__":
    main()
