"""Memory under git (opt-in): memory/ is a repository, and every write session that
changed curated files becomes one commit whose message names its turn ids.

Turn it on in config.toml:

    [memory]
    git = true

(or SHELLDON_MEMORY_GIT=1, which beats the file). vault/ is excluded by memory/.gitignore.
With `git_remote = "URL"` in the same table as well, what is committed is pushed there
after each write session, in the background (core/mempush.py): a push that fails is noted
in run/git-push.json and tried again after the next session; it never holds a turn.
git runs as a subprocess with a fixed author, no prompts, no hooks, no signing and none
of the user's git config. git missing or failing is a warning, never a failed write: the
files and the journal are the record, git is a view of it. Edits the owner made by hand
since the last commit are committed first, on their own, before the pet writes, so
`git log -p` tells the owner's changes from what the pet learned.
"""
import os
import sqlite3

from ..home import Home
from ..util import log

AUTHOR = ("shelldon", "shelldon@localhost")
OWNER = ("owner (by hand)", "owner@localhost")  # the author of hand edits found in the tree
GITIGNORE = "# written by shelldon: secrets and temp files never enter history\nvault/\n.*.tmp.*\n"
GIT_TIMEOUT_S = 60
_warned: set[str] = set()


def enabled(home: Home) -> bool:
    env = os.environ.get("SHELLDON_MEMORY_GIT")
    if env is not None and env.strip():
        return env.strip().casefold() in ("1", "true", "yes", "on")
    return _memory_table(home).get("git") is True


def remote(home: Home) -> str | None:
    """[memory] git_remote: where the committed tree is pushed; None when unset."""
    value = _memory_table(home).get("git_remote")
    return value if isinstance(value, str) and value.strip() else None


def _memory_table(home: Home) -> dict:
    if not os.path.exists(home.config):
        return {}  # no file, no tomllib import: the common case costs one stat
    from ..config import read_file
    from ..util.errors import Rejected
    try:
        memory = read_file(home).get("memory", {})
    except (FileNotFoundError, NotADirectoryError):
        return {}
    except (OSError, Rejected) as exc:   # Rejected: unreadable, a FIFO, nested too deeply
        _warn_once("config", f"cannot read {home.config}: {exc}; memory git stays off")
        return {}
    return memory if isinstance(memory, dict) else {}


def _warn_once(key: str, message: str) -> None:
    if key not in _warned:
        _warned.add(key)
        log.warn(message)


def run_git(home: Home, *args: str, check: bool = True, author=AUTHOR, timeout: float = GIT_TIMEOUT_S):
    import subprocess
    name, email = AUTHOR
    # no question can be answered here: git's own prompts and ssh's are off
    env = {"GIT_SSH_COMMAND": "ssh -o BatchMode=yes -o ConnectTimeout=20", **os.environ,
           "GIT_TERMINAL_PROMPT": "0", "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": author[0], "GIT_AUTHOR_EMAIL": author[1],
           "GIT_COMMITTER_NAME": name, "GIT_COMMITTER_EMAIL": email, "GIT_EDITOR": "true",
           "GIT_PAGER": "cat", "LC_ALL": "C"}
    cmd = ["git", "-c", "safe.directory=*", "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null",
           "-c", "core.quotePath=false", "-C", home.memory, *args]
    return subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, env=env,
                          timeout=timeout, check=check)


def ensure_repo(home: Home) -> bool:
    """memory/ as a repository (made on first use, with the tree as found). False if no git."""
    import shutil
    if shutil.which("git") is None:
        _warn_once("missing", "memory git is on but git is not installed: not committing")
        return False
    if os.path.isdir(os.path.join(home.memory, ".git")):
        return True
    run_git(home, "init", "-q")
    ignore = os.path.join(home.memory, ".gitignore")
    if not os.path.exists(ignore):
        from ..util.atomic import write_atomic
        write_atomic(ignore, GITIGNORE.encode(), root=home.root)
    run_git(home, "add", "-A")
    run_git(home, "commit", "-q", "--allow-empty", "-m", "shelldon: the memory tree as found")
    return True


def mark(home: Home, conn: sqlite3.Connection) -> int | None:
    """At the start of a write session: where the journal stands, or None when git is off.

    The repository is made here, before the session writes, so its first commit is the
    tree as found; and what changed in the tree since the last commit is committed here
    too, before the session writes a byte, so a hand edit is never folded into the pet's
    commit of the same file (nor left out of history by `shelldon-resolve --mine`, whose
    adoption changes no byte).
    """
    if not enabled(home):
        return None  # git off: no subprocess module even imported
    import subprocess
    try:
        if not ensure_repo(home):
            return None
        commit_found(home, conn)
        return conn.execute("SELECT coalesce(max(id), 0) FROM journal").fetchone()[0]
    except (OSError, subprocess.SubprocessError, sqlite3.Error) as exc:
        _report(exc)
        return None


def _dirty(home: Home) -> list[str]:
    """Paths under memory/ that differ from the last commit (new, changed or gone)."""
    status = run_git(home, "status", "--porcelain", "-z", "--untracked-files=all").stdout.decode()
    return sorted({entry[3:] for entry in status.split("\0") if len(entry) > 3})


def commit_found(home: Home, conn: sqlite3.Connection) -> None:
    """Commit what changed since the last commit: the owner's hand edits as theirs; bytes
    the journal says the core itself left (a session stopped between its write and its
    commit) as the pet's."""
    from .curated import read_plain
    from .handedits import is_hand_edited
    hand, core = [], []
    for rel in _dirty(home):
        try:
            current = read_plain(home.root, os.path.join(home.memory, rel))
        except (OSError, ValueError):
            current = None
        ours = current is not None and not is_hand_edited(conn, f"memory/{rel}", current)
        (core if ours else hand).append(rel)
    if hand:
        run_git(home, "add", "-A", "--", *hand)
        run_git(home, "commit", "-q", "-m", "hand edits (found before the pet's next write)", "--", *hand,
             author=OWNER)
    if core:
        run_git(home, "add", "-A", "--", *core)
        run_git(home, "commit", "-q", "-m", "shelldon: writes a stopped session left uncommitted", "--", *core)


def changes_since(conn: sqlite3.Connection, since: int) -> list[tuple[str, str, str]]:
    """(turn id, what, path) of every row after `since` that changed a file."""
    rows = conn.execute(
        "SELECT turn_id, op, path, reverts FROM journal WHERE id > ? AND path IS NOT NULL "
        "AND status IN ('applied', 'reverted') AND before_hash IS NOT after_hash ORDER BY id",
        (since,)).fetchall()
    return [(turn_id, f"undo {reverts.rpartition('#')[0]}" if reverts else op, path)
            for turn_id, op, path, reverts in rows]


def message(changes: list[tuple[str, str, str]]) -> str:
    """First line names the turn (or turns); then one line per turn listing what it did."""
    turns: dict[str, list[str]] = {}
    for turn_id, op, path in changes:
        what = f"{op} {path.removeprefix('memory/')}"
        if what not in turns.setdefault(turn_id, []):
            turns[turn_id].append(what)
    if len(turns) == 1:
        (turn_id, whats), = turns.items()
        return f"{turn_id}: {', '.join(whats)}"
    lines = [f"{len(turns)} turns: {', '.join(turns)}", ""]
    lines += [f"{turn_id}: {', '.join(whats)}" for turn_id, whats in turns.items()]
    return "\n".join(lines)


def commit_since(home: Home, conn: sqlite3.Connection, since: int | None) -> None:
    """One commit for what the session wrote (the hand edits found were committed at its
    mark), then the push to [memory] git_remote started when one is set. Never raises."""
    if since is None:
        return
    _commit_since(home, conn, since)
    url = remote(home)
    if url is not None:
        from . import mempush
        mempush.start(home, url)


def _commit_since(home: Home, conn: sqlite3.Connection, since: int) -> None:
    import subprocess
    try:
        changes = changes_since(conn, since)
        if not changes:
            return
        ours = sorted({path.removeprefix("memory/") for _turn, _op, path in changes})
        run_git(home, "add", "-A", "--", *ours)
        if run_git(home, "diff", "--cached", "--quiet", check=False).returncode == 0:
            return  # the files already read as committed (e.g. a change and its revert)
        run_git(home, "commit", "-q", "-m", message(changes))
    except (OSError, subprocess.SubprocessError, sqlite3.Error) as exc:
        _report(exc)


def _report(exc: BaseException) -> None:
    detail = getattr(exc, "stderr", b"") or b""
    text = detail.decode("utf-8", "replace").strip().splitlines()
    log.warn(f"memory git: {text[-1] if text else exc}; the files are written, the commit is not")
