"""Fixtures shared by every test: a temp home, and a way to run the real bin/ scripts."""
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "bin"
sys.path.insert(0, str(ROOT / "lib"))


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path, monkeypatch):
    """No test reads or writes the real $HOME, a real key, or the network."""
    monkeypatch.setenv("HOME", str(tmp_path / "user-home"))
    for var in ("SHELLDON_HOME", "SHELLDON_API_KEY", "SHELLDON_BRAIN", "SHELLDON_BRAIN_URL",
                "SHELLDON_MODEL", "SHELLDON_FTS", "SHELLDON_DEBUG", "SHELLDON_BROKER_SOCKET"):
        monkeypatch.delenv(var, raising=False)


class Stage:
    """Run a real bin/ script as a subprocess against one home."""

    def __init__(self, home: Path):
        self.home = home

    def __call__(self, name, *args, input=None, env=None, home=True, timeout=60):
        cmd = [sys.executable, str(BIN / name), *map(str, args)]
        full_env = dict(os.environ)
        if home:
            full_env["SHELLDON_HOME"] = str(self.home)
        full_env.update(env or {})
        if isinstance(input, str):
            input = input.encode()
        return subprocess.run(cmd, input=input, capture_output=True, env=full_env, timeout=timeout)


@pytest.fixture
def home(tmp_path) -> Path:
    return tmp_path / "shelldon"


@pytest.fixture
def stage(home) -> Stage:
    return Stage(home)


@pytest.fixture
def ready(stage, home) -> Stage:
    """A stage runner on an initialised home."""
    result = stage("shelldon-init")
    assert result.returncode == 0, result.stderr
    return stage


def db_rows(home: Path, sql: str, params=()):
    conn = sqlite3.connect(home / "history.db")
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def checked_model_file(trainer: str, model: str) -> dict:
    """Run bench/<trainer> --check (it fails when a corpus changed and the file was not
    trained again) and return the model file's content."""
    run = subprocess.run([sys.executable, str(ROOT / "bench" / trainer), "--check"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    with open(model, encoding="utf-8") as handle:
        return json.load(handle)


def ops_lines(*ops) -> str:
    return "".join((op if isinstance(op, str) else json.dumps(op)) + "\n" for op in ops)


def tree_snapshot(root: Path) -> dict:
    """Every file under root → its bytes (for 'nothing changed' checks)."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def fake_model():
    """A loopback model server (see tests/fakemodel.py)."""
    from fakemodel import FakeModel
    model = FakeModel().start()
    yield model
    model.stop()


# --- root-only tests (trust boundary) -------------------------------------------------
IS_ROOT_LINUX = sys.platform.startswith("linux") and os.geteuid() == 0


def pytest_collection_modifyitems(config, items):
    """@pytest.mark.root tests need real uid drops: skipped, with the reason, elsewhere."""
    if IS_ROOT_LINUX:
        return
    skip = pytest.mark.skip(reason="needs root on Linux (real uid drops and chown)")
    for item in items:
        if "root" in item.keywords:
            item.add_marker(skip)
