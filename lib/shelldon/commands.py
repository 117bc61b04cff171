"""The stages as one command, git-style: `shelldon recall Ana` runs `shelldon-recall Ana`.

A stage is found as an executable `shelldon-<name>` beside the `shelldon` that was run
(the same bin/, in a checkout or a virtualenv), else on PATH, and replaces this process
(exec), so its output, signals and exit status are the stage's own. `shelldon --help`
lists each stage with the first sentence of its own docstring, read from its source
with ast (parsed, never imported or run: listing 18 stages costs no stage's imports).
"""
import ast
import os
import re
import shutil
import sys

PREFIX = "shelldon-"


HELP = """Every shelldon stage as one command, git-style.

\b
  shelldon recall Ana      runs shelldon-recall Ana
  shelldon COMMAND -h      the stage's own help

A COMMAND is found as shelldon-COMMAND beside this program, else on PATH; it runs with
the ARGS given and its exit status is shelldon's.

Exit: the stage's own status; 0 help or version; 2 no such command.
"""


def summary(doc: str) -> str:
    """A stage's one line (its man page's NAME line too): the first sentence of its
    docstring, cut at a colon that follows a phrase ("Apply ops: validate each…" is
    "Apply ops"), without a leading 'shelldon-x: ' label."""
    first = re.split(r"\n\s*\n", doc.strip(), maxsplit=1)[0]
    sentence = re.split(r"(?<=\.)\s", " ".join(first.split()), maxsplit=1)[0].rstrip(".")
    head, colon, rest = sentence.partition(": ")
    if colon and head.startswith(PREFIX) and " " not in head:   # "shelldon-vaultd: serve …"
        return rest[:1].upper() + rest[1:]
    return head if colon and len(head.split()) >= 2 else sentence


def stage_dirs(argv0: str) -> list[str]:
    """Where stages are looked for: beside the program that was run, then PATH."""
    here = os.path.dirname(os.path.abspath(argv0)) if os.sep in argv0 else None
    found = shutil.which(argv0) if here is None else None
    here = here or (os.path.dirname(os.path.abspath(found)) if found else None)
    path = os.environ.get("PATH", os.defpath).split(os.pathsep)
    return list(dict.fromkeys(d for d in [here, *path] if d))


def find_stage(name: str, dirs: list[str]) -> str | None:
    """The executable for stage NAME, or None; NAME is a bare word, never a path."""
    if not re.fullmatch(r"[a-z][a-z0-9]*", name):
        return None
    for directory in dirs:
        candidate = os.path.join(directory, PREFIX + name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def list_stages(dirs: list[str]) -> dict[str, str]:
    """{name: path} of every stage found, the first of each name winning, sorted by name."""
    found: dict[str, str] = {}
    for directory in dirs:
        try:
            entries = os.listdir(directory)
        except OSError:
            continue
        for entry in entries:
            name = entry[len(PREFIX):]
            if entry.startswith(PREFIX) and name not in found and find_stage(name, [directory]):
                found[name] = os.path.join(directory, entry)
    return dict(sorted(found.items()))


def stage_summary(path: str) -> str:
    """The one line of a stage, from its module docstring; '' when it has none."""
    try:
        with open(path, "rb") as handle:
            doc = ast.get_docstring(ast.parse(handle.read(), path))
    except (OSError, SyntaxError, ValueError):   # not Python (a wrapper script): no line
        return ""
    return summary(doc) if doc else ""


def run_stage(path: str, args: list[str], beside: bool) -> None:
    """Become the stage (never returns). One found beside this program is run by this
    interpreter (a checkout's bin/ run as `.venv/bin/python bin/shelldon` stays in that
    venv); one found on PATH is run as it is, by its own #! line."""
    if beside:
        os.execv(sys.executable, [sys.executable, path, *args])
    os.execv(path, [os.path.basename(path), *args])


def group(stages: dict[str, str], beside: str | None = None):
    """The `shelldon` click group over stages ({name: path}); a stage whose directory is
    `beside` is run by this interpreter (run_stage). Its man page is made from it too
    (manpage.render_umbrella), so the page lists what `shelldon --help` lists."""
    import click

    from .stage import CONTEXT_SETTINGS

    class NoSuchStage(click.ClickException):
        exit_code = 2

        def show(self, file=None):   # one line, as every stage fails
            click.echo(f"shelldon: {self.message}", err=True)

    class Stages(click.Group):
        def list_commands(self, ctx):
            return sorted(stages)

        def get_command(self, ctx, name):
            path = stages.get(name)
            if path is None:
                return None

            @click.command(name=name, short_help=stage_summary(path), add_help_option=False,
                           context_settings={"ignore_unknown_options": True,
                                             "allow_interspersed_args": False})
            @click.argument("args", nargs=-1, type=click.UNPROCESSED)
            def forward(args):
                run_stage(path, list(args), beside=os.path.dirname(path) == beside)
            return forward

        def resolve_command(self, ctx, args):
            name = args[0]
            if self.get_command(ctx, name) is None:
                raise NoSuchStage(f"no such command: {name!r} (shelldon -h lists them)")
            return super().resolve_command(ctx, args)

    @click.group(cls=Stages, context_settings=CONTEXT_SETTINGS, invoke_without_command=False,
                 help=HELP)
    @click.version_option(package_name="shelldon", message="%(prog)s %(version)s")
    def shelldon():
        pass
    return shelldon


def main(argv: list[str] | None = None) -> None:
    """The `shelldon` command: a click group whose subcommands are the stages found."""
    program = sys.argv[0] or "shelldon"
    dirs = stage_dirs(program)
    stages = list_stages(dirs[:1]) if dirs else {}
    stages.update({k: v for k, v in list_stages(dirs[1:]).items() if k not in stages})
    group(stages, dirs[0] if dirs else None).main(args=argv, prog_name="shelldon")
