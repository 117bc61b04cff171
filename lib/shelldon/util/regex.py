"""Compiled regular expressions kept between runs, the way Python keeps .pyc files.

re.compile parses and assembles every pattern in pure Python at each start. The secret and
poison gates hold ~40 large patterns: ~25 ms of a stage's cold start here, five times that
on a Pi, to rebuild programs that never change. A module writes

    patterns = regex.Cache(__file__)
    _WORD = patterns.compile(r"\\w+", regex.IGNORECASE)
    ...
    patterns.save()

and the assembled program of each pattern is kept in `__pycache__/<module>.<tag>.re` next
to the module's own .pyc (same directory, same trust: whoever can write one can write the
other) and handed straight to the regex engine on the next start.

The file is keyed by the interpreter's cache tag and the engine's MAGIC and code size, so a
program is only ever reused by the engine that assembled it. Anything unexpected — no file,
an unreadable or malformed one, another interpreter, a pattern not in it, an engine that
refuses the program — falls back to re.compile: the result is always the pattern
re.compile would give (tests/test_regex_cache.py checks it program by program). Saving
follows the .pyc rules: best effort (a read-only install just compiles each time), and
not at all under PYTHONDONTWRITEBYTECODE. `make install` keeps both:

    python -m shelldon.util.regex      # import every module that keeps patterns
"""
import marshal
import os
import sys

try:
    import _sre
    _TAG = f"{sys.implementation.cache_tag}-{_sre.MAGIC}-{_sre.CODESIZE}"
except (ImportError, AttributeError):  # another interpreter or layout: plain re.compile
    _sre = None
    _TAG = None

# re's flags by value (re.IGNORECASE == 2, …), so that a module whose programs are all kept
# never imports re at all: re with enum costs a short stage ~6 ms to import here.
IGNORECASE = 2
MULTILINE = 8
DOTALL = 16


def assemble(pattern: str, flags: int) -> tuple:
    """The arguments re.compile hands the engine for pattern: (flags, code, groups,
    groupindex, indexgroup) — what re._compiler.compile computes, kept to be reused."""
    from re import _compiler, _parser
    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    # ints, not the engine's named opcode constants: marshal keeps plain ints only
    return (int(flags | parsed.state.flags), [int(op) for op in code], parsed.state.groups - 1,
            groupindex, tuple(indexgroup))


class Cache:
    """The kept programs of one module's patterns."""

    def __init__(self, module_file: str):
        folder, name = os.path.split(os.path.abspath(module_file))
        stem = name.rsplit(".", 1)[0]
        self.path = os.path.join(folder, "__pycache__", f"{stem}.{_TAG}.re") if _TAG else None
        self._kept = self._load()
        self._new: dict = {}
        self._used: dict = {}   # this run's patterns: what save() keeps (stale ones drop out)

    def _load(self) -> dict:
        if self.path is None:
            return {}
        try:
            with open(self.path, "rb") as handle:
                kept = marshal.loads(handle.read())
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        return kept if isinstance(kept, dict) else {}

    def compile(self, pattern: str, flags: int = 0):
        """The compiled pattern (a re.Pattern), as re.compile(pattern, flags) gives it."""
        if self.path is None:
            import re
            return re.compile(pattern, flags)
        key = (pattern, int(flags))
        args = self._kept.get(key)
        if args is not None:
            try:
                compiled = _sre.compile(pattern, *args)
            except Exception:  # a stale or damaged program: assemble it anew
                pass
            else:
                self._used[key] = args
                return compiled
        try:
            args = assemble(pattern, int(flags))
            compiled = _sre.compile(pattern, *args)
        except Exception:  # a bad pattern (re.compile raises re.error), or internals moved
            import re
            return re.compile(pattern, flags)
        self._new[key] = self._used[key] = args
        return compiled

    def save(self) -> None:
        """When a program had to be assembled, write this run's programs for the next run
        (a pattern no longer compiled drops out); best effort."""
        if not self._new or self.path is None or sys.dont_write_bytecode:
            return
        kept = dict(self._used)
        temp = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(temp, "wb") as handle:
                handle.write(marshal.dumps(kept))
            os.replace(temp, self.path)
        except (OSError, ValueError):
            try:
                os.unlink(temp)
            except OSError:
                pass
            return
        self._kept, self._new = kept, {}


def keep_all() -> list[str]:
    """Import every module of shelldon that keeps patterns, so their programs are saved."""
    import importlib
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    kept = []
    for folder, _dirs, files in os.walk(root):
        for name in sorted(files):
            path = os.path.join(folder, name)
            if not name.endswith(".py") or name == "regex.py":
                continue
            with open(path, encoding="utf-8") as handle:
                if "regex.Cache(__file__)" not in handle.read():
                    continue
            module = os.path.relpath(path[:-3], os.path.dirname(root)).replace(os.sep, ".")
            importlib.import_module(module)
            kept.append(module)
    return kept


if __name__ == "__main__":
    sys.dont_write_bytecode = False
    print("regex programs kept for:", " ".join(keep_all()) or "nothing")
