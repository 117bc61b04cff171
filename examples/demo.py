#!/usr/bin/env python3
"""make demo: a scripted conversation with shelldon on the offline `rules` brain.

It runs the real stages (shelldon-init, shelldon-turn, shelldon-assemble) in a fresh
temporary home and shows, in plain words, a fact told early coming back in a later reply
after it has left the recent window, the markdown files shelldon wrote, and a grep over them.
"""
import json
import os
import subprocess
import sys
import tempfile

SCRIPT = [
    "my sister Ana lives in Porto",
    "I like green tea in the morning",
    "we went to the beach at Nazaré and the waves were enormous",
    "remember that the vet appointment is on Friday at 10",
    "my dog Rex loves chasing pigeons in the park",
    "my car is a blue Fiat from 2009",
    "I prefer quiet evenings with a book",
    "today I repotted the basil and the mint",
    "I like green tea with a slice of lemon too",
    "the neighbours are throwing a party tonight",
    "I finished reading a novel about lighthouses",
    "I like green tea more than coffee, honestly",
    "it rained all afternoon so I baked bread",
    "where does Ana live?",
    "how big were the waves at the beach?",
    "when is the vet appointment?",
]


def run(*args, input=None):
    result = subprocess.run(args, input=input, capture_output=True, text=True)
    if result.returncode not in (0, 75):
        sys.exit(f"demo: {' '.join(args)} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def say(text=""):
    print(text, flush=True)


def section(prompt, heading):
    return prompt.split(heading)[1].split("\n# ")[0] if heading in prompt else ""


def explain_before_asking(question, fact, n):
    """Show, before turn n is taken, which part of memory will carry the first fact to it."""
    prompt = json.loads(run("shelldon-assemble", "--json", question))["prompt"]
    in_window = fact in section(prompt, "# Recent conversation")
    carried = [name for name, heading in (("the curated tree (memory/people/ana.md)", "# What I remember"),
                                           ("full-text recall over the history", "# Recalled from earlier"))
               if "Porto" in section(prompt, heading)]
    say()
    say(f"    Before turn {n}: the first fact, {fact!r}, was told {n - 1} turns ago;")
    say(f"    it is {'still' if in_window else 'no longer'} in the 20-message recent window, yet the prompt")
    say(f"    for {question!r} carries it through {' and '.join(carried) or 'nothing'}.")
    say()


def main():
    home = tempfile.mkdtemp(prefix="shelldon-demo-")
    os.environ["SHELLDON_HOME"] = home
    os.environ.pop("SHELLDON_BRAIN", None)
    say(f"shelldon demo — a fresh home in {home}, the offline `rules` brain, no network.\n")
    run("shelldon-init")
    question = "where does Ana live?"
    first_fact = SCRIPT[0]
    asked_at = SCRIPT.index(question) + 1
    for n, message in enumerate(SCRIPT, 1):
        if n == asked_at:
            explain_before_asking(question, first_fact, n)
        reply = run("shelldon-turn", message).strip()
        say(f"[{n:2}] owner: {message}")
        say(f"     pet:   {reply}")
    say()
    say("The markdown files shelldon wrote (plain files you can read, edit and grep):")
    memory = os.path.join(home, "memory")
    for root, _dirs, files in sorted(os.walk(memory)):
        for name in sorted(files):
            say(f"  {os.path.relpath(os.path.join(root, name), home)}")
    say()
    say("$ cat memory/people/ana.md")
    with open(os.path.join(memory, "people", "ana.md")) as handle:
        say("  " + handle.read().rstrip().replace("\n", "\n  "))
    say()
    say("$ grep -ri 'green tea' memory/")
    grep = subprocess.run(["grep", "-ri", "green tea", "memory/"], cwd=home, capture_output=True, text=True)
    say("  " + grep.stdout.rstrip().replace("\n", "\n  "))
    say()
    pending = subprocess.run([sys.executable, "-c", (
        "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
        "print('\\n'.join(f'  {k}: seen {n}x' for k,n in c.execute("
        "\"select pattern_key, recurrence_count from learnings where status='pending' "
        "order by recurrence_count desc limit 3\")))"), os.path.join(home, "history.db")],
        capture_output=True, text=True).stdout
    say("Learnings waiting for the dream (most recurrent first):")
    say(pending.rstrip())
    say()
    say("$ shelldon-dream --if-idle 0     # cron runs it after 6 h of silence; here, now")
    say("  " + run("shelldon-dream", "--if-idle", "0").strip())
    say()
    say("$ cat memory/summary.md          # the dream's running summary, read into every prompt")
    with open(os.path.join(memory, "summary.md")) as handle:
        say("  " + handle.read().rstrip().replace("\n", "\n  "))
    promoted = sorted(os.path.relpath(os.path.join(r, f), home) for r, _d, fs in os.walk(memory) for f in fs)
    say()
    say("The tree after the dream:")
    for path in promoted:
        say(f"  {path}")
    say(f"\nThe whole home is left in {home} for you to explore.")


if __name__ == "__main__":
    main()
