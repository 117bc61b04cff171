"""shelldon-status: one screen on the state of a home. Read-only.

What it reads: history.db (messages, learnings, the journal, the budget) through a
read-only handle; the sizes of history.db and raw/; the curated tree (how many items, how
many forgotten: from the index kept in history.db, reading only the files it does not
describe as they are); run/launcher.state (the running launcher's word on its workers'
uid drop); config.toml for the brain ([brain]), the daily budget ([dream]
budget, as the dream gates on it), the worker user ([trust] worker_user) and memory git
([memory] git).
"""
import os

from ..contracts.limits import MAX_ITEM_READ
from ..contracts.markdown import is_forgotten, parse_document
from ..home import COLLECTIONS, Home
from ..util.beneath import read_regular
from ..util.clock import local_day, now
from .curated_list import stale_count, stale_line, stale_records, tree_state
from .history_read import open_readonly
from .journal_read import last_dream, open_conflicts
from .standing import DEFAULT_STALE_AFTER_DAYS

DEFAULT_BUDGET = 200
STALE_SHOWN = 10   # stale items listed by name; shelldon-recall --stale lists them all


def _table(tables: dict, name: str) -> dict:
    value = tables.get(name, {})
    return value if isinstance(value, dict) else {}


def settings(home: Home) -> dict:
    """What status reports of the settings, read as every stage reads them (config.load_config:
    env SHELLDON_* beats config.toml beats the default). A broken config.toml is reported,
    not fatal: status must always answer."""
    from ..config import load_config
    from ..util.errors import ShelldonError
    error = None
    try:
        config = load_config(home)
        brain, tables = config.brain, config.tables
        brain_info = {"brain": brain.name, "model": brain.model, "url": brain.url}
    except ShelldonError as exc:
        error, tables = str(exc), {}
        brain_info = {"brain": os.environ.get("SHELLDON_BRAIN") or "rules", "model": None, "url": None}
    try:
        budget = int(_table(tables, "dream").get("budget", DEFAULT_BUDGET))
    except (TypeError, ValueError):
        budget = DEFAULT_BUDGET
    memgit = os.environ.get("SHELLDON_MEMORY_GIT", "").strip()
    git = memgit.casefold() in ("1", "true", "yes", "on") if memgit else _table(tables, "memory").get("git") is True
    from ..config import stale_after_days
    try:
        stale_days = stale_after_days(config) if error is None else DEFAULT_STALE_AFTER_DAYS
    except ShelldonError as exc:
        error, stale_days = str(exc), DEFAULT_STALE_AFTER_DAYS
    return {**brain_info, "config_error": error, "budget": budget, "git": git, "stale_after_days": stale_days,
            "worker_user": os.environ.get("SHELLDON_WORKER_USER") or _table(tables, "trust").get("worker_user"),
            "git_remote": _table(tables, "memory").get("git_remote"),
            "replica_url": _table(tables, "replicate").get("url")}


def _json_file(home: Home, path: str) -> dict | None:
    import json
    data = read_regular(home.root, path, 64 * 1024)
    try:
        value = json.loads(data) if data else None
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def safekeeping(home: Home, conf: dict) -> dict:
    """The last backup (run/backup.json), the replica's position as Litestream reports it
    (when [replicate] url is set), and the last push of memory/ (when [memory] git_remote is)."""
    replica = None
    if isinstance(conf.get("replica_url"), str) and conf["replica_url"]:
        from ..util.litestream import CONFIG_NAME, replica_state
        replica = replica_state(home.db, os.path.join(home.run, CONFIG_NAME), conf["replica_url"])
    push = None
    if isinstance(conf.get("git_remote"), str) and conf["git_remote"]:
        push = _json_file(home, home.push_state) or {"remote": conf["git_remote"], "pushed": None, "ts": None,
                                                "error": None}
    return {"backup": _json_file(home, home.backup_state), "replica": replica, "push": push}


def read_launcher_state(home: Home) -> dict | None:
    """What the launcher on a home announced (Home.launcher_state: {pid, uid, worker_user,
    drops}), if that process is still alive; None when no launcher runs (or it is no such file)."""
    import json
    data = read_regular(home.root, home.launcher_state, 4096)
    try:
        state = json.loads(data.decode()) if data else None
        pid = state["pid"] if isinstance(state, dict) else None
    except (ValueError, KeyError, UnicodeDecodeError):
        return None
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None     # a launcher that was killed: its file is stale
    except PermissionError:
        pass            # alive, and not ours to signal (a root launcher, status as a user)
    return state


def vault_isolation(home: Home, worker_user: str | None) -> tuple[str, str | None]:
    """(isolation, worker user): the running launcher's own word when one runs; else what
    the configuration would give a launcher started by this user."""
    running = read_launcher_state(home)
    if running is not None:
        user = running.get("worker_user")
        if running.get("drops"):
            return f"on: launcher pid {running['pid']} drops its workers", user
        return f"off (dev mode): launcher pid {running['pid']} runs its workers as uid {running.get('uid')}", user
    from ..util.privdrop import will_drop
    return ("on" if will_drop(worker_user) else "off (dev mode)"), worker_user


def _size(path: str) -> int:
    try:
        return os.lstat(path).st_size
    except OSError:
        return 0


def _tree_size(path: str) -> tuple[int, int]:
    files = total = 0
    if os.path.islink(path):   # a symlinked raw/ is not the home's: nothing of it is counted
        return files, total
    for root, _dirs, names in os.walk(path):
        for name in names:
            files += 1
            total += _size(os.path.join(root, name))
    return files, total


def _items(home: Home, conn) -> dict:
    """Live and forgotten items by collection: the index says which are forgotten for the
    files it describes as they are now; the others are read (worker/curated_list.py)."""
    state = tree_state(conn, home.memory)
    counts = {"items": 0, "forgotten": 0, "by_collection": {c: 0 for c in COLLECTIONS}}
    for path in state.files:
        if path in state.fresh:
            forgotten = path in state.forgotten
        else:
            data = read_regular(home.root, os.path.join(home.memory, path), MAX_ITEM_READ)  # the header is at the top
            if data is None:
                continue
            forgotten = is_forgotten(parse_document(data.decode("utf-8", "replace"))[0])
        if forgotten:
            counts["forgotten"] += 1
        else:
            counts["items"] += 1
            counts["by_collection"][path.partition("/")[0]] += 1
    return counts


def gather(home: Home) -> dict:
    home.require()
    conf = settings(home)
    day = local_day(now())
    raw_files, raw_bytes = _tree_size(home.raw)
    state: dict = {
        "home": home.root,
        "sizes": {"history_db": _size(home.db) + _size(home.db + "-wal"), "raw_files": raw_files,
                  "raw_bytes": raw_bytes},
        "brain": {k: conf[k] for k in ("brain", "model", "url")},
        "config_error": conf["config_error"],
        "vault_isolation": None, "worker_user": None,   # below
        "memory": None,   # below, with the index
    }
    state["vault_isolation"], state["worker_user"] = vault_isolation(home, conf["worker_user"])
    state.update(safekeeping(home, conf))
    with open_readonly(home.db) as reader:
        conn = reader.conn
        state["memory"] = {**_items(home, conn), "git": conf["git"]}
        # withheld from prompts as expired or unused (worker/standing.py): the owner's to confirm
        state["stale"] = stale_records(conn, now(), conf["stale_after_days"], STALE_SHOWN)
        state["memory"]["stale"] = stale_count(conn, now(), conf["stale_after_days"])
        # Turns by the (turn id, role) index — one owner row a turn — and the last message by
        # id: a million-message history is not scanned three times (docs/PERFORMANCE.md).
        messages = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
        turns = conn.execute("SELECT count(*) FROM messages WHERE turn_id IS NOT NULL "
                             "AND role = 'owner'").fetchone()[0]
        last = conn.execute("SELECT ts FROM messages ORDER BY id DESC LIMIT 1").fetchone()
        state["history"] = {"messages": messages, "turns": turns, "last": last[0] if last else None}
        learnings = dict(conn.execute("SELECT status, count(*) FROM learnings GROUP BY status").fetchall())
        state["learnings"] = {s: learnings.get(s, 0) for s in ("pending", "promoted", "pruned")}
        row = conn.execute("SELECT spent FROM budget WHERE day = ?", (day,)).fetchone()
        spent = row[0] if row else 0
        state["budget"] = {"day": day, "spent": spent, "limit": conf["budget"],
                           "left": max(0, conf["budget"] - spent)}
        dream = last_dream(conn)
        if dream is None:
            state["last_dream"] = None
        else:
            turn_id, ts, ops = dream
            done: dict[str, int] = {}
            for op, status, path, _reason in ops:
                label = f"{op or 'op'} {status}"
                done[label] = done.get(label, 0) + 1
            state["last_dream"] = {"turn_id": turn_id, "ts": ts, "did": done,
                                   "files": sorted({p.removeprefix("memory/") for op, s, p, _r in ops
                                                    if p and s == "applied"})}
        state["conflicts"] = [{"path": c.path.removeprefix("memory/"), "turn_id": c.turn_id, "op": c.op,
                               "ts": c.ts, "proposed": c.proposed.get("content")}
                              for c in open_conflicts(conn)]
        # review mode (core/review.py): what a brain proposed, waiting for shelldon-review
        state["review_waiting"] = conn.execute("SELECT count(*) FROM journal WHERE status = 'candidate'").fetchone()[0]
    return state


def _kib(n: int) -> str:
    return f"{n / 1024:.0f} KiB" if n < 10 * 1024 * 1024 else f"{n / 1048576:.1f} MiB"


def _safekeeping_lines(state: dict) -> list[str]:
    backup = state.get("backup")
    if backup:
        turn = backup.get("last_turn") or {}
        lines = [f"backup     {backup.get('created')} to {backup.get('dest')} ({_kib(backup.get('bytes') or 0)}"
                 f"{', last turn ' + turn['turn_id'] if turn.get('turn_id') else ''})"]
    else:
        lines = ["backup     never (shelldon-backup DEST)"]
    replica = state.get("replica")
    if replica is not None:
        if replica["error"]:
            text = f"{replica['url']}: {replica['error']}"
        elif replica["replica_txid"] is None:
            text = f"{replica['url']}: empty (is shelldon-replicate running?)"
        else:
            behind = "" if replica["behind"] is None else f", {replica['behind']} transactions behind"
            text = (f"{replica['url']}: transaction {replica['replica_txid']} written "
                    f"{replica['replica_time']}{behind}")
        lines.append(f"replica    {text}")
    push = state.get("push")
    if push is not None:
        if push.get("error"):
            text = f"failed {push.get('ts')}: {push['error']} (retried after the next write)"
        elif push.get("pushed"):
            text = f"{push.get('ts')}, commit {push['pushed'][:12]}"
        else:
            text = "never"
        lines.append(f"push       {push.get('remote')}: {text}")
    return lines


def render(state: dict) -> str:
    h, le, b, m = state["history"], state["learnings"], state["budget"], state["memory"]
    brain = state["brain"]
    brain_text = brain["brain"] + (f" ({brain['model']})" if brain.get("model") else "") + \
        (f" at {brain['url']}" if brain.get("url") else "")
    if state["last_dream"] is None:
        dream = "never"
    else:
        d = state["last_dream"]
        did = ", ".join(f"{n} {label}" for label, n in sorted(d["did"].items()))
        dream = f"{d['ts'].replace('T', ' ')} ({d['turn_id']}): {did or 'nothing'}"
        if d["files"]:
            dream += f"; wrote {', '.join(d['files'][:5])}" + (" …" if len(d["files"]) > 5 else "")
    vault = state["vault_isolation"] + (f" (worker user {state['worker_user']})" if state["worker_user"] else "")
    lines = [
        f"home       {state['home']}",
        f"history    {h['messages']} messages in {h['turns']} turns" + (f", last {h['last']}" if h["last"] else ""),
        f"learnings  {le['pending']} pending, {le['promoted']} promoted, {le['pruned']} pruned",
        f"last dream {dream}",
        f"budget     {b['left']} of {b['limit']} left today ({b['spent']} spent on {b['day']})",
        f"memory     {m['items']} items ({', '.join(f'{n} {c}' for c, n in m['by_collection'].items())}), "
        f"{m['forgotten']} forgotten; git {'on' if m['git'] else 'off'}",
        f"sizes      history.db {_kib(state['sizes']['history_db'])}, raw/ {state['sizes']['raw_files']} files "
        f"{_kib(state['sizes']['raw_bytes'])}",
        f"vault      isolation {vault}",
        f"brain      {brain_text}",
    ]
    stale = state["stale"]
    if not stale:
        lines.append("stale      none")
    else:
        lines.append(f"stale      {m['stale']} withheld from prompts (kept on disk; the dream asks about "
                     f"them; shelldon-recall --stale lists them all)")
        lines += [f"  {stale_line(record)}" for record in stale]
        if m["stale"] > len(stale):
            lines.append(f"  … and {m['stale'] - len(stale)} more")
    lines += _safekeeping_lines(state)
    if state.get("config_error"):
        lines.append(f"config     {state['config_error']}")
    if state.get("review_waiting"):
        lines.append(f"review     {state['review_waiting']} candidate(s) waiting (shelldon-review lists them)")
    conflicts = state["conflicts"]
    if not conflicts:
        lines.append("conflicts  none")
    else:
        lines.append(f"conflicts  {len(conflicts)} open (hand edits kept; settle with shelldon-resolve PATH --mine|--theirs)")
        for c in conflicts:
            proposed = " ".join((c["proposed"] or "").split())
            proposed = proposed if len(proposed) <= 60 else proposed[:59] + "…"
            lines.append(f"  {c['path']}: {c['op']} from {c['turn_id']} held back" + (f": {proposed}" if proposed else ""))
    return "\n".join(lines)
