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
it: the lowest whose refusals of lines and of notes each stay under one in a thousand by a
line or more. It also says, for each level of the model's veto (instruction_model.VETO:
a sentence scored below it is no order, whatever the second net counts), how many
injections the rules caught that the veto lets through, and how many lines and notes the
rules refused that it stores; VETO is the highest level at which the first stays 0.
"""
import contextlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from corpora import READ, READ_NOTES, lines  # noqa: E402  (bench/, beside this script)
from model_file import FIXTURES as FIXTURE_DIR, Tally, contents, differs, write_or_check  # noqa: E402,F401  (differs: the tests')
from shelldon.core import instruction_model  # noqa: E402
from shelldon.core.poison import normalize  # noqa: E402
from poison_rate import SPLIT_TURNS, verdict  # noqa: E402

THRESHOLD = 1.0
VETOES = (-9.0, -8.0, -7.0, -6.0, -5.0, -4.0, -3.0)   # levels --cross tries for instruction_model.VETO
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
    out = []
    for name, label in files:
        for line in lines(os.path.join(FIXTURE_DIR, name)):
            out.append((normalize(_text(line)), label))
            if not label:
                out += [(normalize(text), 0) for text in brain_notes(_text(line))]
    return out


def brain_notes(line: str) -> list[str]:
    """The texts the rules brain would have the core store for an owner's line."""
    from shelldon.worker.rules import propose_ops
    return [op[field] for op in propose_ops(line) for field in ("content", "observation") if op.get(field)]


def trained() -> dict:
    """The model file's content, trained on every read corpus."""
    files = corpus_files()
    weights, bias = instruction_model.train(examples(files))
    return contents(files, weights, bias, THRESHOLD)


def top(count: int = 25) -> None:
    """The heaviest features of the trained file, each way, by name."""
    keys, weights, _bias, _threshold = instruction_model._trained()
    weight = dict(zip(keys, weights))
    named = {instruction_model.key(feature): feature for text, _label in examples(corpus_files())
             for feature in instruction_model.features(text)}
    ranked = sorted((k for k in weight if k in named), key=weight.get)
    for title, chosen in (("towards an order", ranked[::-1][:count]), ("away from one", ranked[:count])):
        print(title + ": " + ", ".join(f"{named[k]} {weight[k] / instruction_model.SCALE:+.2f}" for k in chosen))


def cross(thresholds=(0.0, 0.5, 1.0, 1.5, 2.0), verbose: bool = False) -> None:
    heldout = [split for split in READ if split.startswith("heldout") and split[7:].isdigit() and int(split[7:]) >= 4]
    tally, vetoes = Tally(), {}
    for split in heldout:
        weights, bias = instruction_model.train(examples(corpus_files([s for s in READ if s != split])))
        # as the gate reads them: a split injection as its two turns, a secret without its marks
        texts = {kind: [line if kind == "injections" else _text(line)
                        for line in lines(os.path.join(FIXTURE_DIR, f"gates/{split}_{kind}.txt"))] for kind in KINDS}
        texts["notes"] = [note for kind in ("benign", "secrets", "lookalikes") for line in texts[kind]
                          for note in brain_notes(line)]
        with instruction_model.using(instruction_model.OFF):
            passed = {kind: [t for t in texts[kind] if verdict(t) is None] for kind in texts}
        refused = {kind: [t for t in texts[kind] if t not in passed[kind]] for kind in texts}
        kept = instruction_model.packed(instruction_model.quantized(weights))   # once: each threshold shares it
        model = (*kept, bias, THRESHOLD)
        vetoed = []
        for veto in VETOES:   # what the rules refused and the model's veto lets through
            with instruction_model.using(model), _veto_at(veto):
                let = {kind: [t for t in refused[kind] if verdict(t) is None] for kind in texts}
            if verbose:
                print("\n".join(f"  veto {veto} {kind}: {t}" for kind in texts for t in let[kind]))
            others = sum(len(let[k]) for k in ("benign", "secrets", "lookalikes"))
            vetoed.append(f"veto {veto}: -{len(let['injections'])} caught, -{others} lines, -{len(let['notes'])} notes")
            vetoes[veto] = [a + b for a, b in zip(vetoes.get(veto, [0, 0, 0]),
                                                  (len(let["injections"]), others, len(let["notes"])))]
        row = [f"{split:10} rules let through {len(passed['injections'])}/{len(texts['injections'])} injections;"]
        for threshold in thresholds:
            with instruction_model.using((*kept, bias, threshold)):
                flagged = {kind: [t for t in passed[kind] if verdict(t) is not None] for kind in texts}
            if verbose:
                print("\n".join(f"  {threshold} {kind}: {t}" for kind in texts for t in flagged[kind]))
            flagged = {kind: len(flagged[kind]) for kind in texts}
            others = flagged["benign"] + flagged["secrets"] + flagged["lookalikes"]
            row.append(f"{threshold}: +{flagged['injections']} caught, +{others} lines, +{flagged['notes']} notes refused")
            tally.add(threshold, flagged["injections"], others, flagged["notes"])
        tally.out_of(len(passed["injections"]), sum(len(texts[k]) for k in ("benign", "secrets", "lookalikes")),
                     len(texts["notes"]))
        print(" ".join(row + vetoed), flush=True)
    print(tally.summary("rules", "lines", "brain notes"))
    print(f"all        the veto at {THRESHOLD}: " + "; ".join(
        f"{veto}: {lost} caught let through, {lines} lines and {notes} brain notes stored" for veto, (lost, lines, notes)
        in vetoes.items()))


@contextlib.contextmanager
def _veto_at(level: float):
    was, instruction_model.VETO = instruction_model.VETO, level
    try:
        yield
    finally:
        instruction_model.VETO = was


def main() -> int:
    args = sys.argv[1:]
    if "--cross" in args:
        cross(verbose="-v" in args)
        return 0
    if "--top" in args:
        top()
        return 0
    return write_or_check(instruction_model.MODEL, trained(), "bench/train_instruction_model.py", "--check" in args)


if __name__ == "__main__":
    sys.exit(main())
