"""Regex programs kept between runs (util/regex.py): the same pattern re.compile gives,
or re.compile itself."""
import os
import re
import subprocess
import sys

import pytest

from shelldon.util import regex

LIB = os.path.join(os.path.dirname(__file__), "..", "lib")


def kept_modules():
    import importlib
    return [importlib.import_module(m) for m in ("shelldon.util.secrets", "shelldon.core.poison")]


@pytest.mark.skipif(regex._TAG is None, reason="not CPython's regex engine: plain re.compile")
def test_every_kept_program_is_the_one_re_compile_assembles(tmp_path):
    # Pattern objects compare equal only with the same pattern, flags and program code.
    checked = 0
    for module in kept_modules():
        cache = regex.Cache(module.__file__)
        for (pattern, flags), args in cache._kept.items():
            assert regex._sre.compile(pattern, *args) == re.compile(pattern, flags), pattern
            checked += 1
    if checked == 0:
        pytest.skip("no programs kept in this checkout (PYTHONDONTWRITEBYTECODE, read-only)")


def test_a_pattern_from_the_cache_matches_like_re(tmp_path):
    module = tmp_path / "mod.py"
    module.write_text("")
    first = regex.Cache(str(module))
    pattern = first.compile(r"(?P<key>pass(?:word)?)\s*[:=]\s*(?P<value>\S+)", re.IGNORECASE)
    sys_flag = sys.dont_write_bytecode
    sys.dont_write_bytecode = False
    try:
        first.save()
    finally:
        sys.dont_write_bytecode = sys_flag
    if regex._TAG is None:
        pytest.skip("not CPython's regex engine")
    second = regex.Cache(str(module))
    assert second._kept                              # read back from __pycache__
    again = second.compile(r"(?P<key>pass(?:word)?)\s*[:=]\s*(?P<value>\S+)", re.IGNORECASE)
    assert not second._new                           # reused, not assembled
    assert again == pattern == re.compile(pattern.pattern, re.IGNORECASE)
    match = again.search("the PASSWORD: hunter2 ok")
    assert match.group("key", "value") == ("PASSWORD", "hunter2")
    assert again.groupindex == {"key": 1, "value": 2}


def planted(tmp_path, content: bytes) -> str:
    """A module file whose kept-programs file holds content; the module's path."""
    module = tmp_path / "mod.py"
    module.write_text("")
    cache = regex.Cache(str(module))
    if cache.path is None:
        pytest.skip("not CPython's regex engine")
    os.makedirs(os.path.dirname(cache.path))
    with open(cache.path, "wb") as handle:
        handle.write(content)
    return str(module)


@pytest.mark.parametrize("damage", [b"", b"not marshal", b"\xe9" * 40, b"\x29\x00"])
def test_a_damaged_cache_file_falls_back_to_re_compile(tmp_path, damage):
    again = regex.Cache(planted(tmp_path, damage))
    assert again.compile(r"\bab+c", re.I) == re.compile(r"\bab+c", re.I)


def test_a_wrong_program_in_the_cache_is_refused_not_run(tmp_path):
    import marshal
    # a program the engine's validator rejects
    module = planted(tmp_path, marshal.dumps({(r"abc", 0): (32, [999, 1, 2], 0, {}, (None,))}))
    assert regex.Cache(module).compile(r"abc") == re.compile(r"abc")


def test_nothing_is_written_under_pythondontwritebytecode(tmp_path):
    (tmp_path / "mod.py").write_text(
        "import re\nfrom shelldon.util import regex\np = regex.Cache(__file__)\n"
        "X = p.compile(r'[a-z]+\\d')\np.save()\n")
    env = {**os.environ, "PYTHONPATH": f"{LIB}:{tmp_path}"}
    subprocess.run([sys.executable, "-c", "import mod"], cwd=tmp_path, check=True,
                   env={**env, "PYTHONDONTWRITEBYTECODE": "1"})
    kept = lambda: [n for n in os.listdir(tmp_path / "__pycache__") if n.endswith(".re")] \
        if (tmp_path / "__pycache__").exists() else []
    assert kept() == []
    subprocess.run([sys.executable, "-c", "import mod"], cwd=tmp_path, check=True,
                   env={k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"})
    assert kept() == ([] if regex._TAG is None else [f"mod.{regex._TAG}.re"])


def test_a_pattern_the_module_no_longer_compiles_drops_out(tmp_path, monkeypatch):
    if regex._TAG is None:
        pytest.skip("not CPython's regex engine")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    module = tmp_path / "mod.py"
    module.write_text("")
    before = regex.Cache(str(module))
    before.compile(r"old\d+")
    before.save()
    after = regex.Cache(str(module))          # the module was edited: one new pattern
    after.compile(r"new\w+")
    after.save()
    assert set(regex.Cache(str(module))._kept) == {(r"new\w+", 0)}
