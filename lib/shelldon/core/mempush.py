"""Pushing memory/'s git history to [memory] git_remote, off the turn's path.

After a write session commits (core/memgit.py), start() compares the repository's HEAD
with the last commit pushed (run/git-push.json) and, when they differ, starts this module
as a detached process (its own session, reparented at once, so no launcher waits for it)
and returns: a slow or unreachable remote never holds a turn. The process takes
run/push.lock without waiting (a push already running will see the newest commit: it
pushes again until HEAD stands still), pushes HEAD to the remote's branch of the same
name with git's prompts and ssh's password questions off, and writes what happened to
run/git-push.json — the commit pushed, or the error, which shelldon-status shows. A
failed push is tried again after the next write session.
"""
import json
import os
import sys

from ..home import Home

PUSH_TIMEOUT_S = 120
ROUNDS = 5   # pushes per run while HEAD keeps moving


def _state(home: Home) -> dict:
    from ..util.beneath import read_regular
    data = read_regular(home.root, home.push_state, 64 * 1024)
    try:
        state = json.loads(data) if data else {}
    except ValueError:
        return {}
    return state if isinstance(state, dict) else {}


def _head(home: Home) -> str | None:
    from .memgit import run_git
    result = run_git(home, "rev-parse", "--verify", "-q", "HEAD", check=False)
    return result.stdout.decode().strip() or None if result.returncode == 0 else None


def start(home: Home, url: str) -> None:
    """Start a push if HEAD is not what was last pushed to url. Never raises, never waits."""
    import subprocess
    try:
        head = _head(home)
        state = _state(home)
        if head is None or (state.get("pushed") == head and state.get("remote") == url and not state.get("error")):
            return
        lib = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (lib, os.environ.get("PYTHONPATH"))))}
        subprocess.Popen([sys.executable, "-m", "shelldon.core.mempush", home.root, url],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True, close_fds=True, env=env)
    except (OSError, subprocess.SubprocessError) as exc:
        from ..util import log
        log.warn(f"memory git: push to {url} not started: {exc}")


def push(home: Home, url: str) -> dict:
    """Push HEAD to url until what was pushed is HEAD; note the outcome. Returns it."""
    import subprocess

    from ..util.atomic import write_atomic
    from ..util.clock import now
    from .memgit import run_git
    pushed, error = _state(home).get("pushed"), None
    for _ in range(ROUNDS):
        head = _head(home)
        if head is None or (head == pushed and error is None):
            break
        branch = run_git(home, "symbolic-ref", "--short", "-q", "HEAD", check=False).stdout.decode().strip() or "main"
        try:
            run_git(home, "push", "--quiet", "--", url, f"{head}:refs/heads/{branch}", timeout=PUSH_TIMEOUT_S)
            pushed, error = head, None
        except (OSError, subprocess.SubprocessError) as exc:
            detail = (getattr(exc, "stderr", b"") or b"").decode("utf-8", "replace").strip().splitlines()
            said = [ln for ln in detail if ln.startswith(("fatal:", "error:"))] or detail
            error = said[0] if said else str(exc)
            break
    state = {"ts": now().isoformat(timespec="seconds"), "remote": url, "pushed": pushed, "error": error}
    write_atomic(home.push_state, (json.dumps(state) + "\n").encode(), root=home.root)
    return state


def main(argv: list[str]) -> int:
    from filelock import Timeout

    from ..util.lock import file_lock
    if os.fork():   # reparented at once: whoever started us has nothing to wait for
        os._exit(0)
    home, url = Home(argv[0]), argv[1]
    try:
        with file_lock(os.path.join(home.run, "push.lock"), 0):
            push(home, url)
    except Timeout:
        return 0   # a push is running; it pushes again while HEAD moves
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
