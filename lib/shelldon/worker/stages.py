"""The read-only stages' bodies: shelldon-assemble and shelldon-think (stdin → stdout)."""

import json

from ..contracts import ContractError
from ..contracts.turn import TurnRecord, decode_text, decode_turn, encode_turn, new_turn_id
from ..util import log
from ..util.lines import LineTooLong, read_bounded
from .turn import assemble

MAX_INPUT = 1 << 22


def read_messages(data: bytes) -> list[TurnRecord | str]:
    """stdin → turn records, or else all of it as one message (DESIGN: lines that parse as
    JSON objects are turn records, anything else is text).

    Every non-blank line a JSON object: each is a turn record; one without a turn id but
    with the owner's message gets a fresh id here (whoever first sees a message without a
    turn id makes one), and one that is not a turn record is refused, naming its line.
    Otherwise stdin is text — a message that merely starts with '{' included — unless
    every line starts with '{' and one is a JSON object or names a turn_id: that is a
    stream of records with a broken line, refused rather than recorded as a message."""
    text = decode_text(data, "stdin")
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    objects = [_json_object(line) for _, line in lines]
    if lines and all(obj is not None for obj in objects):
        return [_turn(number, line, obj) for (number, line), obj in zip(lines, objects)]
    if lines and all(line.lstrip().startswith("{") for _, line in lines) and \
            (any(obj is not None for obj in objects) or '"turn_id"' in text):
        number, line = next((n, line) for (n, line), obj in zip(lines, objects) if obj is None)
        _turn(number, line, None)   # raises: says why the line is not a record
    return [text.rstrip("\n")] if text.strip() else []


def _json_object(line: str) -> dict | None:
    if not line.lstrip().startswith("{"):
        return None
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return obj if isinstance(obj, dict) else None


def _turn(number: int, line: str, obj: dict | None) -> TurnRecord:
    if obj is not None and "turn_id" not in obj:
        obj["turn_id"] = new_turn_id()
        line = json.dumps(obj)
    try:
        return decode_turn(line)
    except ContractError as exc:
        raise ContractError(f"line {number}: {exc}") from None


def explain(assembly) -> str:
    rows = [f"{'section':<12} {'bytes':>6} {'kept':>5} {'left':>5}  why"]
    for r in assembly.report:
        rows.append(f"{r.name:<12} {r.bytes:>6} {r.kept:>5} {r.left_out:>5}  {r.why}")
    rows.append(f"{'total':<12} {len(assembly.prompt.encode()):>6}  (memory {assembly.memory_bytes} bytes; "
                f"the message is never cut)")
    return "\n".join(rows + explain_items(assembly.items))


EXPLAIN_IN = 20    # items in the prompt listed by name; the rest counted
EXPLAIN_OUT = 10   # items left out listed by name


def explain_items(notes) -> list[str]:
    """The collections' items, bounded: the first EXPLAIN_IN in the prompt and EXPLAIN_OUT
    of those left out, each with its score (use decayed by age: 1.0 is one use today) and
    why it came early (named, pinned) or stayed out (budget, stale, expired, forgotten)."""
    if not notes:
        return []
    kept = [n for n in notes if n.state == "in"]
    out = [n for n in notes if n.state != "in"]
    rows = ["", f"{'item':<40} {'score':>9}  {'state':<9} because"]
    for note in kept[:EXPLAIN_IN] + out[:EXPLAIN_OUT]:
        score = "-" if note.score is None else f"{note.score:.3g}"
        rows.append(f"{note.path:<40} {score:>9}  {note.state:<9} {note.because}".rstrip())
    rest = len(kept) - EXPLAIN_IN
    if rest > 0:
        rows.append(f"… and {rest} more items in the prompt")
    return rows


def assemble_stream(home, stdin, stdout, config, message: str | None = None,
                    as_json: bool = False, explain_it: bool = False) -> int:
    home.require_some()
    inputs = [message] if message is not None else read_messages(read_bounded(stdin, MAX_INPUT))
    if not inputs:
        raise ContractError("no message: give one as an argument or on stdin")
    for item in inputs:
        text, turn_id = (item, None) if isinstance(item, str) else (item.owner, item.turn_id)
        record, assembly = assemble(home, text, config, turn_id)
        if explain_it:
            log.info(f"turn {record.turn_id}\n" + explain(assembly))
        if as_json:
            sections = [{"section": r.name, "bytes": r.bytes, "kept": r.kept, "left_out": r.left_out,
                         "why": r.why} for r in assembly.report]
            items = [{"item": n.path, "score": n.score, "state": n.state, "because": n.because}
                     for n in assembly.items]
            stdout.write(json.dumps({"turn_id": record.turn_id, "prompt_bytes": len(record.prompt.encode()),
                                     "sections": sections, "items": items, "prompt": record.prompt},
                                    ensure_ascii=False).encode() + b"\n")
        else:
            stdout.write(encode_turn(record) + b"\n")
    return 0


def think_stream(home, stdin, stdout, config) -> int:
    from .brain import load_brain
    from .turn import think
    brain = load_brain(config, home=home)
    bad = 0
    from ..util.lines import iter_lines
    for number, line in iter_lines(stdin, MAX_INPUT):
        if not isinstance(line, LineTooLong) and not line.strip():
            continue
        try:
            if isinstance(line, LineTooLong):
                raise ContractError(str(line))
            record = decode_turn(decode_text(line, "line"))
            if record.prompt is None:
                raise ContractError("turn record has no prompt: pipe it through shelldon-assemble first")
        except ContractError as exc:
            log.error(f"line {number}: {exc}")
            bad += 1
            continue
        stdout.write(encode_turn(think(record, brain)) + b"\n")
        stdout.flush()
    return 65 if bad else 0
