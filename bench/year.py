#!/usr/bin/env python3
"""A year of talk: does what the owner said months ago still reach the prompt?

Builds a home from a deterministic year (seeded): TURNS turns spread over DAYS days, of
which FACTS are plain statements of a fact about a named person or pet ("my cousin Belora
moved to Tristavi", "my dog Pruno loves grembel"), the rest everyday chat — with passing
mentions of those names, said the same way on several days, as real talk has. OFTEN of the
facts are asked about again and again through the year ("how is Belora doing?"), so their
items get hits. Then every fact is asked about in other words ("remind me, where does
Belora live these days?"), and the answer's telling word is looked for in the prompt.

How the year is written: in-process, through the library, for speed — each fact's ops are
what the rules brain proposes for the statement (worker.rules.propose_ops), applied by the
core's apply (core.apply.apply_items) with the turn's time; every turn is recorded by the
core's ingest (core.ingest.record, which counts the items a turn names), in write sessions
of 1,000 turns, the history database's fsync turned off for the run (a bench's shortcut:
the stages never do that). Chat turns log no episodes (they do not reach the collections).

How the prompt is read: `shelldon-assemble`'s own function (worker.prompt.build_prompt),
whatever order it uses today; the write-order column assembles the very same sections but
with the collections listed by their `updated` header only, newest first (the policy of a
pet that orders by write time), computed here, independently of the prompt code.

    bench/year.py                     the full year (500 facts, 30,000 turns, 365 days, 50 often)
    bench/year.py --turns 3000 --facts 100 --often 10     smaller (the test's size)
    bench/year.py --json              one JSON object instead of the table

Exit 0 when every often-asked fact's answer reaches the prompt, 1 otherwise.
"""
import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "lib"))
sys.path.insert(0, HERE)

START = datetime(2025, 1, 1, 8, 0, tzinfo=timezone.utc)
RELATIONS = ("cousin", "friend", "neighbour", "colleague", "aunt", "uncle", "niece", "nephew")
ANIMALS = ("dog", "cat", "horse", "parrot", "rabbit", "goat")
PLACES = ("market", "bakery", "station", "library", "park", "pool")
SYL = ("ba be bi bo bu da de di do du ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no "
       "nu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zo bra dri fre glo "
       "plu tri stra vel mor dan kil ber").split()


class Fact:
    def __init__(self, n: int, name: str, answer: str, kind: str, rel: str):
        self.n, self.name, self.answer, self.kind, self.rel = n, name, answer, kind, rel

    @property
    def statement(self) -> str:
        if self.kind == "place":
            return f"my {self.rel} {self.name} moved to {self.answer}"
        return f"my {self.rel} {self.name} loves {self.answer.lower()} more than anything"

    @property
    def often(self) -> str:        # how the owner brings it up during the year
        return f"how is {self.name} doing?"

    @property
    def question(self) -> str:     # other words than the statement's, asked at the end
        if self.kind == "place":
            return f"remind me, where does {self.name} live these days?"
        return f"what is {self.name}'s favourite food again?"

    def passing(self, rng) -> str:
        return f"saw {self.name} at the {rng.choice(PLACES)} again, the usual"


def made_up(rng, taken: set, syllables: int) -> str:
    while True:
        word = "".join(rng.choice(SYL) for _ in range(syllables))
        if word not in taken and len(word) >= 5:
            taken.add(word)
            return word


def the_year(turns: int, facts: int, often: int, days: int, seed: int):
    """[(when, owner, reply, fact or None)] in time order, and the facts."""
    from corpus import Generator
    rng = random.Random(seed)
    chat = Generator(seed)
    taken = set(chat.words)
    people = []
    for n in range(facts):
        kind = "place" if n % 2 == 0 else "food"
        rel = rng.choice(RELATIONS if kind == "place" else ANIMALS)
        people.append(Fact(n, made_up(rng, taken, 3).capitalize(), made_up(rng, taken, 3).capitalize(), kind, rel))
    span = days * 86400
    # facts filed across the first 90% of the year; each said once
    times = sorted(rng.uniform(0, span * 0.9) for _ in range(facts))
    events = [(t, f.statement, "Got it.", f) for t, f in zip(times, people)]
    for f, t in zip(people, times):
        for _ in range(rng.choice((0, 2, 4, 6))):       # the everyday lines naming them
            events.append((rng.uniform(t, span), f.passing(rng), "Nice.", None))
    for f in rng.sample(people, often):
        t = times[f.n]
        for k in range(12):                               # asked about through the rest of the year
            events.append((t + 7 * 86400 + k * (span - t - 7 * 86400) / 12, f.often, "I hope well!", None))
    while len(events) < turns:
        events.append((rng.uniform(0, span), chat.message(), rng.choice(("Noted.", "I see.", "Oh!")), None))
    events.sort(key=lambda e: e[0])
    return [(START + timedelta(seconds=t), owner, reply, f) for t, owner, reply, f in events], people, \
        [f for f in people if any(e[1] == f.often for e in events)]


def write_year(home, events, log) -> None:
    from shelldon.contracts.turn import TurnRecord
    from shelldon.core.apply import Item, apply_items
    from shelldon.core.ingest import Batch, record
    from shelldon.core.session import write_session
    from shelldon.worker.rules import propose_ops
    for start in range(0, len(events), 1000):
        batch = Batch(home.root)
        with write_session(home) as store:
            store.conn.execute("PRAGMA synchronous = OFF")   # the bench's own shortcut
            for n, (when, owner, reply, fact) in enumerate(events[start:start + 1000], start):
                turn_id = f"{when:%Y%m%dT%H%M%S}.{n:06d}Z-year"
                if fact is not None:
                    ops = [op for op in propose_ops(owner) if op["op"] == "remember"]
                    apply_items(home, store, [Item(turn_id, k, json.dumps(op), when=when)
                                              for k, op in enumerate(ops, 1)], now=when)
                record(home, store, TurnRecord(turn_id, owner, reply=reply, ts=when), batch=batch)
            batch.sync()
        log(f"  {min(start + 1000, len(events))} of {len(events)} turns")


def write_order_items(home):
    """Every curated item, newest `updated` first: the write-order policy's listing."""
    import frontmatter

    from shelldon.worker.prompt import CuratedItem
    found = []
    for collection in ("facts", "people", "preferences", "capabilities"):
        directory = os.path.join(home.memory, collection)
        for name in sorted(os.listdir(directory)) if os.path.isdir(directory) else ():
            post = frontmatter.load(os.path.join(directory, name))
            found.append((str(post.get("updated", "")),
                          CuratedItem(collection, str(post.get("name", name[:-3])), post.content.strip())))
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [item for _, item in found]


def sections_of(prompt: str) -> tuple[str, str]:
    """(everything but the owner's message, the collections section)."""
    from shelldon.worker.prompt import COLLECTIONS_HEADING, MESSAGE_HEADING, split_sections
    parts = split_sections(prompt)
    memory = "\n".join(body for heading, body in parts if heading != MESSAGE_HEADING)
    return memory, "\n".join(body for heading, body in parts if heading == COLLECTIONS_HEADING)


def measure(home, people, often, config) -> dict:
    import msgspec

    from shelldon.worker.prompt import assemble_prompt, build_prompt, gather
    bounds = config.bounds
    by_write = write_order_items(home)
    got = {"now": {"prompt": 0, "collections": 0, "often": 0},
           "write_order": {"prompt": 0, "collections": 0, "often": 0}}
    often_ids = {f.n for f in often}
    misses = []
    for f in people:
        now_prompt = build_prompt(home, f.question, bounds).prompt
        s = msgspec.structs.replace(gather(home, f.question, bounds), items=by_write,
                                    items_total=len(by_write), items_hidden=0)
        old_prompt = assemble_prompt(s, bounds.recent, bounds.recall, bounds.collections_bytes,
                                     bounds.prompt_bytes).prompt
        for policy, prompt in (("now", now_prompt), ("write_order", old_prompt)):
            memory, collections = sections_of(prompt)
            hit = f.answer.casefold() in memory.casefold()
            got[policy]["prompt"] += hit
            got[policy]["collections"] += f.answer.casefold() in collections.casefold()
            if f.n in often_ids:
                got[policy]["often"] += hit
            if policy == "now" and not hit:
                misses.append(f.question)
    return {"facts": len(people), "often": len(often), **got, "misses": misses[:20]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=30_000)
    parser.add_argument("--facts", type=int, default=500)
    parser.add_argument("--often", type=int, default=50)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--keep", metavar="DIR", help="build the home in DIR and keep it")
    args = parser.parse_args(argv)
    if not 0 < args.often <= args.facts < args.turns:
        parser.error("need 0 < --often <= --facts < --turns")
    from shelldon.config import load_config
    from shelldon.core.init import init_home
    from shelldon.home import Home

    def log(text):
        if not args.json:
            print(text, file=sys.stderr, flush=True)
    where = args.keep or tempfile.mkdtemp(prefix="shelldon-year-")
    try:
        home = Home.resolve(os.path.join(where, "home"))
        init_home(home)
        began = time.monotonic()
        events, people, often = the_year(args.turns, args.facts, args.often, args.days, args.seed)
        log(f"writing {len(events)} turns over {args.days} days ({args.facts} facts, {len(often)} asked often)")
        write_year(home, events, log)
        wrote = time.monotonic() - began
        result = measure(home, people, often, load_config(home))
        result.update(turns=len(events), days=args.days, seconds_to_write=round(wrote, 1),
                      seconds_to_ask=round(time.monotonic() - began - wrote, 1))
    finally:
        if not args.keep:
            shutil.rmtree(where, ignore_errors=True)
    if args.json:
        print(json.dumps(result))
    else:
        n = result["facts"]

        def pct(policy, key, of=n):
            return f"{100 * result[policy][key] / of:5.1f}% ({result[policy][key]}/{of})"
        print(f"year-scale memory: {n} facts among {result['turns']} turns over {result['days']} days, "
              f"{result['often']} asked about often")
        print(f"{'':34}{'the prompt today':>24}{'write order (updated only)':>30}")
        print(f"{'answer in the prompt':34}{pct('now', 'prompt'):>24}{pct('write_order', 'prompt'):>30}")
        print(f"{'answer in the collections':34}{pct('now', 'collections'):>24}"
              f"{pct('write_order', 'collections'):>30}")
        print(f"{'often-asked answers in the prompt':34}{pct('now', 'often', result['often']):>24}"
              f"{pct('write_order', 'often', result['often']):>30}")
        print(f"(written in {result['seconds_to_write']} s, asked in {result['seconds_to_ask']} s)")
    return 0 if result["now"]["often"] == result["often"] else 1


if __name__ == "__main__":
    sys.exit(main())
