"""Man pages made from every stage's --help; shell completion as the README documents it."""
import os
import shutil
import subprocess
import sys

import pytest
from conftest import BIN, ROOT

from shelldon import manpage

SCRIPTS = sorted(str(p) for p in BIN.glob("shelldon-*"))


def test_every_stage_gets_a_page(tmp_path):
    written = manpage.write_pages(SCRIPTS, str(tmp_path))
    assert len(written) == len(SCRIPTS)
    for path in written:
        page = open(path).read()
        program = os.path.basename(path)[:-2]
        assert page.startswith(f".TH {program.upper()} 1")
        for section in (".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION"):
            assert section in page, (program, section)
        assert not any(line.startswith(".") and line.split()[0] not in
                       (".TH", ".SH", ".PP", ".TP", ".B", ".nf", ".fi", ".RS", ".RE")
                       for line in page.splitlines()), program


def test_the_umbrella_gets_a_page_listing_every_stage_with_its_line(tmp_path):
    """shelldon.1, made from the `shelldon` click group: its help, then COMMANDS as
    `shelldon --help` lists them; the git-style command is no less documented than a stage."""
    written = manpage.write_pages([str(BIN / "shelldon"), *SCRIPTS], str(tmp_path))
    assert len(written) == len(SCRIPTS) + 1
    page = (tmp_path / "shelldon.1").read_text()
    assert page.startswith(".TH SHELLDON 1")
    assert "shelldon \\- Every shelldon stage as one command, git\\-style" in page
    assert ".B shelldon\n[OPTIONS] COMMAND [ARGS]..." in page
    assert "shelldon recall Ana      runs shelldon\\-recall Ana" in page   # the \b block kept as lines
    commands = page.split(".SH COMMANDS\n", 1)[1].split(".SH ", 1)[0]
    for script in SCRIPTS:
        name = os.path.basename(script).removeprefix("shelldon-")
        assert f".TP\n.B {name}\n" in commands, name
    assert ".B recall\nSearch what shelldon remembers\n" in commands
    assert ".SH EXIT STATUS" in page and "2 no such command" in page


def test_recall_page_says_what_its_help_says(tmp_path):
    manpage.write_pages([str(BIN / "shelldon-recall")], str(tmp_path))
    page = (tmp_path / "shelldon-recall.1").read_text()
    assert "shelldon\\-recall \\- Search what shelldon remembers" in page
    assert ".SH EXIT STATUS" in page and "1 nothing matched" in page
    assert ".B \\-\\-history ITEM" in page


@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed")
def test_man_renders_the_page(tmp_path):
    manpage.write_pages([str(BIN / "shelldon-status")], str(tmp_path))
    result = subprocess.run(["man", "-l", str(tmp_path / "shelldon-status.1")], capture_output=True,
                            env={**os.environ, "MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"})
    assert result.returncode == 0, result.stderr
    assert b"One screen on a shelldon home" in result.stdout


def test_the_module_runs_as_make_install_calls_it(tmp_path):
    result = subprocess.run([sys.executable, "-m", "shelldon.manpage", "--out", str(tmp_path),
                             str(BIN / "shelldon"), *SCRIPTS],
                            capture_output=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "lib")})
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.glob("*.1")) == sorted(["shelldon.1", *(os.path.basename(s) + ".1"
                                                                                for s in SCRIPTS)])


def test_make_install_put_the_umbrella_page_beside_the_stages():
    """`make install` (the venv these tests run in) and a pip install both get shelldon.1."""
    made = ROOT / ".venv/share/man/man1"
    if not made.is_dir():
        pytest.skip("no make install here (.venv/share/man/man1 is missing)")
    assert (made / "shelldon.1").read_text().startswith(".TH SHELLDON 1")


def test_bash_completion_source(stage):
    result = stage("shelldon-forget", env={"_SHELLDON_FORGET_COMPLETE": "bash_source"}, home=False)
    assert result.returncode == 0 and b"_shelldon_forget_completion()" in result.stdout
    words = stage("shelldon-forget", home=False, env={"_SHELLDON_FORGET_COMPLETE": "bash_complete",
                                                      "COMP_WORDS": "shelldon-forget p", "COMP_CWORD": "1"})
    assert b"people" in words.stdout and b"preferences" in words.stdout
