"""DESIGN (Trust): any subprocess started with user= also passes extra_groups=[] —
otherwise it keeps root's supplementary groups (Python only calls setgroups when told)."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CALL = re.compile(r"\b(?:subprocess\.)?(?:Popen|run|call|check_call|check_output)\s*\(")


def _calls(text: str):
    """Each subprocess call's argument text (balanced parentheses)."""
    for match in CALL.finditer(text):
        depth, i = 1, match.end()
        while depth and i < len(text):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        yield text[match.start():i]


def offenders(paths) -> list[str]:
    bad = []
    for path in paths:
        text = path.read_text(errors="replace")
        for call in _calls(text):
            if re.search(r"\buser\s*=", call) and not re.search(r"\bextra_groups\s*=\s*\[\s*\]", call):
                bad.append(f"{path}: {call.splitlines()[0]}")
    return bad


def _sources():
    yield from (ROOT / "lib").rglob("*.py")
    yield from (p for p in (ROOT / "bin").iterdir() if p.is_file())


def test_no_subprocess_with_user_but_not_extra_groups():
    assert offenders(_sources()) == []


def test_the_check_catches_one(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("subprocess.run(['id'],\n    user='nobody', check=True)\n"
                   "subprocess.Popen(['id'], user='nobody', extra_groups=[])\n")
    assert len(offenders([bad])) == 1
