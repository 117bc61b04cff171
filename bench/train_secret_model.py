#!/usr/bin/env python3
"""Train the secret gate's learned net (lib/shelldon/util/secret_model.py) on the corpora the
project has read, and measure how it generalises.

Read (bench/corpora.py READ, never a split still UNREAD): every word of every split's
secrets (label 1 inside a value's ⟦ ⟧, 0 outside), look-alikes, benign lines and injections
(0); the read corpora of ordinary memory notes (0); the fixtures' ordinary notes and benign
facts (0).

  bench/train_secret_model.py            train on all of them, write secret_model.json
  bench/train_secret_model.py --check    exit 1 unless the file is what training gives now
  bench/train_secret_model.py --cross    for each read held-out split from heldout4 on, a
                                         model trained without it (and its notes), measured
                                         on it (-v: each line it changes the verdict of)

--cross is the figure to trust: on a split it never saw, how many of the secrets the
patterns alone let through the model takes, and how many look-alikes and notes it refuses
that the patterns did not, at each threshold. THRESHOLD is chosen from it: the one at which
the secrets caught less the look-alikes and notes refused is greatest (a secret stored and a
look-alike refused weigh the same), the lower on a tie.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from corpora import CORPORA, READ, READ_NOTES, lines, unmarked  # noqa: E402  (bench/, beside this script)
from model_file import FIXTURES, Tally, contents, write_or_check  # noqa: E402
from poison_rate import SPLIT_TURNS  # noqa: E402
from secrets_rate import stored  # noqa: E402
from shelldon.util import linear_model, secret_model  # noqa: E402
from shelldon.util.secrets import looks_secret  # noqa: E402

THRESHOLD = 2.5
# words outnumber sentences ten to one, and a word's label is noisier than a sentence's: a
# step that shrinks each pass, so the model settles instead of following the last pass's order
SETTINGS = {"epochs": 10, "rate": 0.2, "l2": 1e-5, "decay": True}
KINDS = ("secrets", "lookalikes", "benign", "injections")
OTHERS = ("secrets/notes.txt", "poison/benign.txt")


def corpus_files(splits=READ, notes=READ_NOTES) -> list[tuple[str, int]]:
    """(path under tests/fixtures/, 1 for a file of marked secrets) of every file training reads."""
    files = [(f"gates/{split}_{kind}.txt", int(kind == "secrets")) for split in splits for kind in KINDS]
    return files + [(f"gates/{name}_benign.txt", 0) for name in notes] + [(name, 0) for name in OTHERS]


def examples(files) -> list[tuple[list[str], int]]:
    """(features, label) of every word of every line of files."""
    out = []
    for name, marked in files:
        for line in lines(os.path.join(FIXTURES, name)):
            text, values = unmarked(line) if marked else (line.replace(SPLIT_TURNS, ", "), [])
            out += secret_model.labelled(text, values)
    return out


def train(files) -> tuple[dict[int, float], float]:
    return linear_model.train(examples(files), **SETTINGS)


def trained() -> dict:
    """The model file's content, trained on every read corpus."""
    files = corpus_files()
    return contents(files, *train(files), THRESHOLD)


def cross(thresholds=(2.0, 2.5, 2.75, 3.0, 3.5), verbose: bool = False) -> None:
    heldout = [split for split in READ if split.startswith("heldout") and split[7:].isdigit() and int(split[7:]) >= 4]
    tally = Tally()
    for split in heldout:
        notes = split.replace("heldout", "notes")
        weights, bias = train(corpus_files([s for s in READ if s != split], [n for n in READ_NOTES if n != notes]))
        secrets = [unmarked(line) for line in lines(f"{CORPORA}/{split}_secrets.txt")]
        rows = [{"text": text, "secrets": [text[a:b] for a, b in values]} for text, values in secrets]
        others = lines(f"{CORPORA}/{split}_lookalikes.txt")
        notes_lines = lines(f"{CORPORA}/{notes}_benign.txt") if notes in READ_NOTES else []
        with secret_model.using(linear_model.OFF):
            let_through = [row for row in rows if stored(row)]
            passed = [text for text in others if looks_secret(text) is None]
            passed_notes = [text for text in notes_lines if looks_secret(text) is None]
        row = [f"{split:10} patterns let through {len(let_through)}/{len(rows)} secrets;"]
        for threshold in thresholds:
            with secret_model.using((*linear_model.packed(linear_model.quantized(weights)), bias, threshold)):
                caught = [r["text"] for r in let_through if not stored(r)]
                refused = [text for text in passed if looks_secret(text)]
                refused_notes = [text for text in passed_notes if looks_secret(text)]
            if verbose:
                print("\n".join(f"  {threshold} {what}: {text}" for what, texts in
                                (("caught", caught), ("look-alike", refused), ("note", refused_notes)) for text in texts))
            row.append(f"{threshold}: +{len(caught)} caught, +{len(refused)} look-alikes, +{len(refused_notes)} notes")
            tally.add(threshold, len(caught), len(refused), len(refused_notes))
        tally.out_of(len(let_through), len(passed), len(passed_notes))
        print(" ".join(row), flush=True)
    print(tally.summary("patterns", "look-alikes", "notes"))


def main() -> int:
    args = sys.argv[1:]
    if "--cross" in args:
        cross(verbose="-v" in args)
        return 0
    return write_or_check(secret_model.MODEL, trained(), "bench/train_secret_model.py", "--check" in args)


if __name__ == "__main__":
    sys.exit(main())
