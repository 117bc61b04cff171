"""Man pages made from each stage's --help, so the manual and the help never drift.

    python -m shelldon.manpage --out DIR bin/shelldon bin/shelldon-*

A click stage is loaded (not run: its `if __name__ == "__main__"` guard holds) and its
docstring and options become NAME, SYNOPSIS, DESCRIPTION, OPTIONS and EXIT STATUS. A
stage that is not click (the stdlib-only vault helper) is run with --help and its text
kept as printed. The umbrella `shelldon` gets its page from its click group: its help,
then COMMANDS, each stage given with its one line, as `shelldon --help` lists them.
`make install` writes the pages to the virtualenv's share/man/man1,
where man finds them when that bin/ is on PATH.
"""
import argparse
import os
import re
import subprocess
import sys
import types

from . import __version__

UMBRELLA = "shelldon"   # bin/shelldon, the git-style command over every stage


def escape(text: str) -> str:
    """Text safe for roff: backslashes and hyphens escaped, no line read as a request."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + line) if line.startswith((".", "'")) else line for line in text.split("\n"))


def load_command(path: str):
    """The click command `main` of a bin/ script, or None if it is not a click stage."""
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    if "import click" not in source:
        return None
    import click
    module = types.ModuleType("_shelldon_stage")
    module.__file__ = os.path.abspath(path)
    exec(compile(source, path, "exec"), module.__dict__)  # defines main; runs nothing
    command = module.__dict__.get("main")
    return command if isinstance(command, click.Command) else None


def _paragraphs(doc: str) -> list[str]:
    return [p.strip("\n") for p in re.split(r"\n\s*\n", doc.strip()) if p.strip()]


def _name_line(first: str) -> str:
    from .commands import summary   # the same one line `shelldon --help` lists
    return summary(first)


def _paragraph_roff(paragraph: str) -> str:
    lines = paragraph.split("\n")
    if lines[0].strip() == "\b":   # click's "keep these lines as they are" marker
        import textwrap
        return ".PP\n.nf\n.RS 4\n" + escape(textwrap.dedent("\n".join(lines[1:]))) + "\n.RE\n.fi"
    if all(line.startswith("    ") or not line.strip() for line in lines):
        return ".PP\n.nf\n.RS 4\n" + escape("\n".join(line[4:] for line in lines)) + "\n.RE\n.fi"
    return ".PP\n" + escape(" ".join(line.strip() for line in lines))


def render(program: str, command) -> str:
    import click
    ctx = click.Context(command, info_name=program)
    doc = command.help or ""
    paragraphs = _paragraphs(doc)
    exits = [p for p in paragraphs if p.lstrip().startswith("Exit:")]
    body = [p for p in paragraphs if p not in exits]
    out = [f'.TH {program.upper()} 1 "" "shelldon {__version__}" "shelldon manual"',
           ".SH NAME", f"{escape(program)} \\- {escape(_name_line(body[0]) if body else program)}",
           ".SH SYNOPSIS", f".B {escape(program)}", escape(" ".join(command.collect_usage_pieces(ctx))),
           ".SH DESCRIPTION", *(_paragraph_roff(p) for p in body)]
    records = [p.get_help_record(ctx) for p in command.get_params(ctx) if isinstance(p, click.Option)]
    records = [r for r in records if r]
    if records:
        out.append(".SH OPTIONS")
        for opts, help_text in records:
            out += [".TP", f".B {escape(opts)}", escape(" ".join(help_text.split()))]
    subcommands = [(name, command.get_command(ctx, name)) for name in command.list_commands(ctx)] \
        if isinstance(command, click.Group) else []
    if subcommands:   # the umbrella: each stage with its one line, as its --help lists them
        out.append(".SH COMMANDS")
        for name, sub in subcommands:
            out += [".TP", f".B {escape(name)}", escape(sub.short_help or "")]
    if exits:
        out.append(".SH EXIT STATUS")
        out += [_paragraph_roff(p.lstrip()[len("Exit:"):].strip()) for p in exits]
    out += [".SH SEE ALSO", "The README of shelldon; every stage takes \\-\\-help."]
    if subcommands:
        out[-1] += " " + escape(", ".join(f"{program}-{name}(1)" for name, _sub in subcommands)) + "."
    return "\n".join(out) + "\n"


def render_plain(program: str, path: str) -> str:
    """A page for a stage that is not click: its --help text, the usage line as SYNOPSIS."""
    result = subprocess.run([sys.executable, path, "--help"], capture_output=True, timeout=30,
                            stdin=subprocess.DEVNULL)
    text = (result.stdout or result.stderr).decode("utf-8", "replace").rstrip()
    blocks = _paragraphs(text)
    usage = blocks.pop(0) if blocks and blocks[0].startswith("usage:") else program
    synopsis = " ".join(usage.removeprefix("usage:").split())
    name = next((b.split(":", 1)[1].strip() for b in blocks if b.startswith(f"{program}:")), "a shelldon stage")
    return (f'.TH {program.upper()} 1 "" "shelldon {__version__}" "shelldon manual"\n'
            f".SH NAME\n{escape(program)} \\- {escape(_name_line(name))}\n"
            f".SH SYNOPSIS\n{escape(synopsis)}\n"
            f".SH DESCRIPTION\n.nf\n{escape((chr(10) * 2).join(blocks))}\n.fi\n")


def stages_of(paths: list[str]) -> dict[str, str]:
    """{name: path} of the bin/shelldon-* scripts among paths: what the umbrella lists."""
    from .commands import PREFIX
    return {os.path.basename(p)[len(PREFIX):]: p for p in sorted(paths)
            if os.path.basename(p).startswith(PREFIX)}


def page(path: str, stages: dict[str, str]) -> str:
    """The man page of one bin/ script. The umbrella `shelldon` (its installed form is
    pip's entry-point script, with no docstring to read) is made from the click group
    it runs, over stages ({name: path}, the stages installed beside it)."""
    program = os.path.basename(path)
    if program == UMBRELLA:
        from .commands import group
        return render(program, group(stages))
    command = load_command(path)
    return render(program, command) if command is not None else render_plain(program, path)


def write_pages(paths: list[str], out: str) -> list[str]:
    """A page per script in paths, each NAME.1 in out; bin/shelldon among them makes
    shelldon.1, listing the shelldon-* stages among them."""
    os.makedirs(out, exist_ok=True)
    stages = stages_of(paths)
    written = []
    for path in sorted(paths):
        program = os.path.basename(path)
        text = page(path, stages)
        target = os.path.join(out, f"{program}.1")
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(text)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m shelldon.manpage", description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="directory for the .1 files")
    parser.add_argument("scripts", nargs="+", help="bin/shelldon and bin/shelldon-* scripts")
    args = parser.parse_args(argv)
    for target in write_pages(args.scripts, args.out):
        print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
