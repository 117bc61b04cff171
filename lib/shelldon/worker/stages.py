"""The read-only stages' bodies: shelldon-assemble and shelldon-think (stdin → stdout)."""

from ..contracts import ContractError, jsontext
from ..contracts.turn import TurnRecord, decode_text, decode_turn, encode_turn
from ..util import log
from ..util.lines import LineTooLong, read_bounded
from .turn import assemble

MAX_INPUT = 1 << 22


def read_messages(data: bytes) -> list[TurnRecord | str]:
    """stdin → turn records (every non-blank line one), or else all of it as one message."""
    text = decode_text(data, "stdin")
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and all(line.lstrip().startswith("{") for line in lines):
        try:
            return [decode_turn(line) for line in lines]
        except ContractError:
            if len(lines) > 1 or '"turn_id"' in text:
                raise
    return [text.rstrip("\n")] if text.strip() else []


def explain(assembly) -> str:
    rows = [f"{'section':<12} {'bytes':>6} {'kept':>5} {'left':>5}  why"]
    for r in assembly.report:
        rows.append(f"{r.name:<12} {r.bytes:>6} {r.kept:>5} {r.left_out:>5}  {r.why}")
    rows.append(f"{'total':<12} {len(assembly.prompt.encode()):>6}  (memory {assembly.memory_bytes} bytes; "
                f"the message is never cut)")
    return "\n".join(rows)


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
            stdout.write(jsontext.dumps({"turn_id": record.turn_id, "prompt_bytes": len(record.prompt.encode()),
                                     "sections": sections, "prompt": record.prompt},
                                    ascii=False).encode() + b"\n")
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
