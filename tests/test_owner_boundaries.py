"""The owner's read-only tools live in worker/ and never reach a write path."""
import ast
from pathlib import Path

LIB = Path(__file__).resolve().parent.parent / "lib" / "shelldon"


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_worker_modules_import_no_core():
    for path in sorted((LIB / "worker").glob("*.py")):
        bad = {m for m in imported_modules(path) if m.startswith("..core") or m.startswith("shelldon.core")}
        assert not bad, (path.name, bad)


def test_contracts_and_util_import_nothing_above_them():
    for folder in ("contracts", "util"):
        for path in sorted((LIB / folder).glob("*.py")):
            bad = {m for m in imported_modules(path) if m.startswith("..") or m.startswith("shelldon")}
            assert not bad, (path.name, bad)
