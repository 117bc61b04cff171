#!/usr/bin/env python3
"""Train the standing-instruction gate's third net (lib/shelldon/core/instruction_model.py)
on the corpora the project has read, and measure how it generalises.

Read (bench/corpora.py READ, never a split still UNREAD): every split's injections (label 1;
a split line "A ||| B" as the one text "A, B" the gate reads), and its benign lines,
secrets and look-alikes (label 0, a secret's ⟦ ⟧ marks taken off); the read corpora of
ordinary memory notes (0); and the fixtures' injections (1), benign facts and ordinary
notes (0). With each line labelled 0 go the notes
the rules brain writes from it (0): the register most of what the gate screens is in.

  bench/train_instruction_model.py            train on all of them, write instruction_model.json
  bench/train_instruction_model.py --check    exit 1 unless the file is what training gives now
  bench/train_instruction_model.py --cross    for each read held-out split from heldout4 on,
                                              a model trained without it, measured on it
                                              (-v: each line it changes the verdict of)
  bench/train_instruction_model.py --top      the heaviest features, each way

--cross is the figure to trust: on a split it never saw, how many of the injections the
rules alone let through the model catches, and how many benign lines, secrets and
look-alikes — and notes the rules brain writes from them — it refuses that the rules did
not, at each threshold. THRESHOLD is chosen from
it: the lowest whose refusals stay within one in a thousand.
"""
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from corpora import CORPORA, READ, READ_NOTES, lines  # noqa: E402  (bench/, beside this script)
from shelldon.core import instruction_model  # noqa: E402
from shelldon.core.poison import normalize  # noqa: E402
from poison_rate import SPLIT_TURNS, verdict  # noqa: E402

THRESHOLD = 1.5
DIGITS = 4   # the bias is written rounded, as the weights are (instruction_model.SCALE)
FIXTURES = {"poison/injections.txt": 1, "poison/benign.txt": 0, "secrets/notes.txt": 0}
KINDS = {"injections": 1, "benign": 0, "secrets": 0, "lookalikes": 0}


def _text(line: str) -> str:
    return line.replace(SPLIT_TURNS, ", ").replace("⟦", "").replace("⟧", "")


def corpus_files(splits=READ) -> list[tuple[str, int]]:
    """(path under tests/fixtures/, label) of every file training reads."""
    files = [(f"gates/{split}_{kind}.txt", label) for split in splits for kind, label in KINDS.items()]
    return files + [(f"gates/{notes}_benign.txt", 0) for notes in READ_NOTES] + list(FIXTURES.items())


def examples(files) -> list[tuple[str, int]]:
    """(normalised text, label) of every line of files; and, for every line labelled 0, the
    text of each op the rules brain proposes for it, labelled 0 too: what the gate screens
    most is a note in that register ("The owner talks about …"), not the owner's words."""
    fixtures = os.path.dirname(CORPORA)
    out = []
    for name, label in files:
        for line in lines(os.path.join(fixtures, name)):
            out.append((normalize(_text(line)), label))
            if not label:
                out += [(normalize(text), 0) for text in brain_notes(_text(line))]
    return out


def brain_notes(line: str) -> list[str]:
    """The texts the rules brain would have the core store for an owner's line."""
    from shelldon.worker.rules import propose_ops
    return [op[field] for op in propose_ops(line) for field in ("content", "observation") if op.get(field)]


def digest(files) -> dict[str, str]:
    fixtures = os.path.dirname(CORPORA)
    out = {}
    for name, _label in files:
        with open(os.path.join(fixtures, name), "rb") as handle:
            out[name] = hashlib.sha256(handle.read()).hexdigest()
    return out


def trained() -> dict:
    """The model file's content, trained on every read corpus."""
    files = corpus_files()
    weights, bias = instruction_model.train(examples(files))
    return {"threshold": THRESHOLD, "bias": round(bias, DIGITS), "scale": instruction_model.SCALE,
            "trained_on": digest(files), **instruction_model.encode(instruction_model.quantized(weights))}


def differs(kept: dict, fresh: dict) -> str | None:
    """Why the file kept differs from a fresh training, or None. The corpora must be the same
    files; the numbers may differ by a last unit (a platform's exp() rounds its own way)."""
    if kept["trained_on"] != fresh["trained_on"]:
        changed = sorted(set(kept["trained_on"].items()) ^ set(fresh["trained_on"].items()))
        return "the corpora changed: " + ", ".join(sorted({name for name, _digest in changed}))
    if kept["threshold"] != fresh["threshold"] or abs(kept["bias"] - fresh["bias"]) > 2 * 10 ** -DIGITS:
        return "another threshold or bias"
    old, new = (dict(zip(*instruction_model.decode(model))) for model in (kept, fresh))
    if any(abs(old.get(k, 0) - new.get(k, 0)) > 1 for k in old.keys() | new.keys()):
        return "other weights"
    return None


def top(count: int = 25) -> None:
    """The heaviest features of the trained file, each way, by name."""
    keys, weights, _bias, _threshold = instruction_model._trained()
    weight = dict(zip(keys, weights))
    named = {instruction_model.key(feature): feature for text, _label in examples(corpus_files())
             for feature in instruction_model.features(text)}
    ranked = sorted((k for k in weight if k in named), key=weight.get)
    for title, chosen in (("towards an order", ranked[::-1][:count]), ("away from one", ranked[:count])):
        print(title + ": " + ", ".join(f"{named[k]} {weight[k] / instruction_model.SCALE:+.2f}" for k in chosen))


def cross(thresholds=(0.5, 1.0, 1.5, 2.0, 2.5), verbose: bool = False) -> None:
    heldout = [split for split in READ if split.startswith("heldout") and split[7:].isdigit() and int(split[7:]) >= 4]
    totals: dict = {}
    for split in heldout:
        weights, bias = instruction_model.train(examples(corpus_files([s for s in READ if s != split])))
        fixtures = os.path.dirname(CORPORA)
        # as the gate reads them: a split injection as its two turns, a secret without its marks
        texts = {kind: [line if kind == "injections" else _text(line)
                        for line in lines(os.path.join(fixtures, f"gates/{split}_{kind}.txt"))] for kind in KINDS}
        texts["notes"] = [note for kind in ("benign", "secrets", "lookalikes") for line in texts[kind]
                          for note in brain_notes(line)]
        with instruction_model.using(instruction_model.OFF):
            passed = {kind: [t for t in texts[kind] if verdict(t) is None] for kind in texts}
        row = [f"{split:10} rules let through {len(passed['injections'])}/{len(texts['injections'])} injections;"]
        for threshold in thresholds:
            with instruction_model.using((*instruction_model.packed(instruction_model.quantized(weights)), bias, threshold)):
                flagged = {kind: [t for t in passed[kind] if verdict(t) is not None] for kind in texts}
            if verbose:
                print("\n".join(f"  {threshold} {kind}: {t}" for kind in texts for t in flagged[kind]))
            flagged = {kind: len(flagged[kind]) for kind in texts}
            others = flagged["benign"] + flagged["secrets"] + flagged["lookalikes"]
            row.append(f"{threshold}: +{flagged['injections']} caught, +{others} lines, +{flagged['notes']} notes refused")
            totals[threshold] = [a + b for a, b in zip(totals.get(threshold, [0, 0, 0]),
                                                       [flagged["injections"], others, flagged["notes"]])]
        for name, count in (("let through", len(passed["injections"])), ("notes", len(texts["notes"])),
                            ("others", sum(len(texts[k]) for k in ("benign", "secrets", "lookalikes")))):
            totals[name] = totals.get(name, 0) + count
        print(" ".join(row), flush=True)
    print(f"all        rules let through {totals['let through']}; "
          + "; ".join(f"{t}: +{totals[t][0]} caught, +{totals[t][1]}/{totals['others']} lines and "
                      f"+{totals[t][2]}/{totals['notes']} brain notes refused" for t in thresholds))


def main() -> int:
    args = sys.argv[1:]
    if "--cross" in args:
        cross(verbose="-v" in args)
        return 0
    if "--top" in args:
        top()
        return 0
    model = trained()
    text = json.dumps(model, ensure_ascii=False, indent=0, sort_keys=True) + "\n"
    if "--check" in args:
        with open(instruction_model.MODEL, encoding="utf-8") as handle:
            why = differs(json.load(handle), model)
        print("instruction_model.json is " + (f"NOT what training gives ({why}): run bench/train_instruction_model.py"
                                               if why else "what training gives"))
        return 1 if why else 0
    with open(instruction_model.MODEL, "w", encoding="utf-8") as handle:
        handle.write(text)
    count = len(instruction_model.decode(model)[0])
    print(f"{instruction_model.MODEL}: {count} weights from {len(model['trained_on'])} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
