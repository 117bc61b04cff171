"""shelldon-backup and shelldon-restore: a consistent copy of a home, and a new home made from one.

A backup is one moment of the whole home: history.db through sqlite's online backup API,
and memory/ (vault/ only when asked), raw/ and config.toml copied while the home's write
lock is held, so no turn lands in one store and not the other. The lock is held only for
the copy; turns that arrive meanwhile wait for it (they do not fail) and are in the next
backup. The copy is checked (`PRAGMA integrity_check`) and described by a manifest
(shelldon-backup.json: when, the last turn, the SHA-256 of every file) before it is put
in place by a rename — a directory, or a .tar.gz — so a backup is whole or absent.

A restore is the reverse into a directory that is empty or missing, never a live or
non-empty home: the files are checked against the manifest and the database for
integrity before the new home is renamed into place, and shelldon-init's work gives it
the modes every home has. history.db may instead come from a Litestream replica
(core/replicate.py).
"""
import hashlib
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable

from ..home import Home
from ..util import log
from ..util.atomic import fsync_dir, fsync_file, write_atomic
from ..util.errors import NoInput, Rejected, ShelldonError
from ..util.lock import file_lock
from ..worker.history_read import db_uri

MANIFEST = "shelldon-backup.json"
FORMAT = 1
TAR_SUFFIXES = (".tar.gz", ".tgz")
CHUNK = 1 << 20


class Corrupt(ShelldonError):
    """A backup or a database that fails its check: nothing is put in place."""

    exit_code = 65


class _NullBar:
    def update(self, n: int) -> None:
        pass


def no_progress(total: int):
    import contextlib
    return contextlib.nullcontext(_NullBar())


def _inside(path: str, root: str) -> bool:
    path, root = os.path.realpath(path), os.path.realpath(root)
    return os.path.commonpath([path, root]) == root


def is_tarball(path: str) -> bool:
    return path.endswith(TAR_SUFFIXES)


# -- what a home holds ------------------------------------------------------------------

def home_files(home: Home, with_vault: bool) -> list[str]:
    """Every regular file of memory/ and raw/, and config.toml, relative to the home, sorted.
    A writer's temp files and (unless with_vault) vault/ are left out; so are symlinks and
    anything else that is not a regular file — the core writes none, restore accepts none."""
    found = []
    for top in ("memory", "raw"):
        if os.path.islink(os.path.join(home.root, top)):   # not the home's: never read through it
            log.warn(f"{top}/: a symlink, not copied")
            continue
        for root, dirs, names in os.walk(os.path.join(home.root, top)):   # links below are not followed
            rel_root = os.path.relpath(root, home.root)
            if rel_root == "memory" and not with_vault and "vault" in dirs:
                dirs.remove("vault")
            dirs.sort()
            for name in names:
                rel = os.path.join(rel_root, name)
                if name.startswith(".") and ".tmp." in name:
                    continue
                if not os.path.isfile(os.path.join(root, name)) or os.path.islink(os.path.join(root, name)):
                    log.warn(f"{rel}: not a regular file, not copied")
                    continue
                found.append(rel)
    if os.path.isfile(home.config) and not os.path.islink(home.config):
        found.append("config.toml")
    return sorted(found)


def copy_files(src_root: str, dst_root: str, names: list[str], bar) -> int:
    """Copy each file (bytes, mode and times), fsynced, making directories as needed (with the
    source's modes). Returns the bytes copied."""
    total = 0
    for rel in names:
        src, dst = os.path.join(src_root, rel), os.path.join(dst_root, rel)
        parent = os.path.dirname(rel)
        if parent and not os.path.isdir(os.path.dirname(dst)):
            os.makedirs(os.path.dirname(dst))
            # each directory's mode as in the source: vault/ stays 0700 in the copy
            for depth_rel in _parents(parent):
                shutil.copymode(os.path.join(src_root, depth_rel), os.path.join(dst_root, depth_rel))
        shutil.copy2(src, dst, follow_symlinks=False)
        fsync_file(dst, root=dst_root)
        size = os.path.getsize(dst)
        total += size
        bar.update(size)
    return total


def _parents(rel: str) -> list[str]:
    parts = rel.split(os.sep)
    return [os.sep.join(parts[:i]) for i in range(1, len(parts) + 1)]


def sha256_of(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def check_integrity(db_path: str) -> None:
    """PRAGMA integrity_check on db_path: 'ok' or Corrupt naming the first problem."""
    conn = sqlite3.connect(db_uri(db_path), uri=True)
    try:
        result = conn.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise Corrupt(f"{db_path}: not a usable sqlite database: {exc}") from None
    finally:
        conn.close()
    if result != "ok":
        raise Corrupt(f"{db_path}: integrity_check says: {result}")


def last_turn(db_path: str) -> dict | None:
    """The newest turn in a database: its id, time, and the owner's words (first line, cut)."""
    conn = sqlite3.connect(db_uri(db_path), uri=True)
    try:
        row = conn.execute("SELECT turn_id, ts FROM messages WHERE turn_id IS NOT NULL "
                           "ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        owner = conn.execute("SELECT content FROM messages WHERE turn_id = ? AND role = 'owner' "
                             "ORDER BY id LIMIT 1", (row[0],)).fetchone()
        turns = conn.execute("SELECT count(*) FROM messages WHERE turn_id IS NOT NULL "
                             "AND role = 'owner'").fetchone()[0]
    finally:
        conn.close()
    words = (owner[0] if owner else "").strip().splitlines()
    said = words[0] if words else ""
    return {"turn_id": row[0], "ts": row[1], "owner": said if len(said) <= 80 else said[:79] + "…",
            "turns": turns}


# -- backup -----------------------------------------------------------------------------

def _check_dest(home: Home, dest: str) -> str:
    dest = os.path.abspath(dest)
    if _inside(dest, home.root):
        raise Rejected(f"{dest} is inside the home {home.root}: a backup must live on another "
                       f"disk, or it dies with the card")
    if os.path.lexists(dest):
        if is_tarball(dest) or not os.path.isdir(dest) or os.listdir(dest):
            raise Rejected(f"{dest} already exists: name a new file or an empty directory")
    parent = os.path.dirname(dest)
    if not os.path.isdir(parent):
        raise NoInput(f"{parent}: no such directory (is the disk mounted?)")
    return dest


def backup(home: Home, dest: str, with_vault: bool = False, lock_timeout: float | None = None,
           progress: Callable = no_progress) -> dict:
    """Copy the home to dest (a new or empty directory, or a new .tar.gz). Returns what it wrote:
    {dest, bytes, files, last_turn, with_vault, created}. progress(total_bytes) is a context
    manager whose value has update(n) (click.progressbar fits)."""
    home.require()
    dest = _check_dest(home, dest)
    from filelock import Timeout

    from ..util.clock import now
    from ..util.errors import TryLater
    if with_vault:
        log.warn("--with-vault: the copy holds your secrets in the clear; keep it as safe as the vault")
    if lock_timeout is None:
        from .session import LOCK_TIMEOUT_S as lock_timeout   # a writer's wait: SHELLDON_LOCK_TIMEOUT
    staging = tempfile.mkdtemp(prefix=".shelldon-backup-", dir=os.path.dirname(dest))
    try:
        try:
            lock = file_lock(home.write_lock, lock_timeout)
            lock.acquire()
        except Timeout:
            raise TryLater(f"another writer held {home.write_lock} for {lock_timeout:g}s; "
                           f"try again later") from None
        try:   # the moment of the backup: no writer between the database and the files
            created = now().isoformat(timespec="seconds")
            names = home_files(home, with_vault)
            # a writer's connection, though it only reads: closing as the last one, it
            # merges and removes the WAL as every writer does, leaving no -wal behind
            source = sqlite3.connect(home.db, timeout=30)
            try:
                target = sqlite3.connect(os.path.join(staging, "history.db"))
                try:
                    source.backup(target)
                finally:
                    target.close()
            finally:
                source.close()
            sizes = sum(os.path.getsize(os.path.join(home.root, n)) for n in names)
            with progress(sizes) as bar:
                copied = copy_files(home.root, staging, names, bar)
        finally:
            lock.release()
        db_copy = os.path.join(staging, "history.db")
        fsync_file(db_copy, root=staging)
        check_integrity(db_copy)
        turn = last_turn(db_copy)
        files = {rel: sha256_of(os.path.join(staging, rel)) for rel in ["history.db", *names]}
        manifest = {"format": FORMAT, "created": created, "home": home.root, "with_vault": with_vault,
                    "last_turn": turn, "files": files}
        import json
        write_atomic(os.path.join(staging, MANIFEST), (json.dumps(manifest, indent=1) + "\n").encode(),
                     root=staging)
        size = copied + os.path.getsize(db_copy)
        if is_tarball(dest):
            size = _tar_into(staging, dest)
            shutil.rmtree(staging)
        else:
            if os.path.isdir(dest):
                os.rmdir(dest)   # empty, checked above: the rename below puts the copy there whole
            os.rename(staging, dest)
            fsync_dir(os.path.dirname(dest), root=os.path.dirname(dest))
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    result = {"dest": dest, "bytes": size, "files": len(files), "created": created,
              "last_turn": turn, "with_vault": with_vault}
    _record(home, result)
    return result


def _tar_into(staging: str, dest: str) -> int:
    import tarfile
    tmp = os.path.join(os.path.dirname(dest), f".{os.path.basename(dest)}.tmp.{os.getpid()}")
    try:
        # 0600 like the directory form (mkdtemp's): a backup is the owner's private record
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        with tarfile.open(tmp, "w:gz") as tar:
            for name in sorted(os.listdir(staging)):
                tar.add(os.path.join(staging, name), arcname=name)
        fsync_file(tmp, root=os.path.dirname(dest))
        os.rename(tmp, dest)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    fsync_dir(os.path.dirname(dest), root=os.path.dirname(dest))
    return os.path.getsize(dest)


def _record(home: Home, result: dict) -> None:
    """run/backup.json: the last backup, for shelldon-status. A failure to note it is a
    warning: the backup itself is done."""
    import json
    try:
        write_atomic(home.backup_state, json.dumps(
            {k: result[k] for k in ("dest", "bytes", "created", "last_turn")}).encode() + b"\n",
            root=home.root)
    except OSError as exc:
        log.warn(f"backup written, but not noted for shelldon-status: {exc}")


# -- restore ----------------------------------------------------------------------------

def check_new_home(target: Home) -> None:
    """A restore writes only into a missing or empty directory, and never into a live home."""
    from ..worker.status import read_launcher_state
    running = read_launcher_state(target)
    if running is not None:
        raise Rejected(f"{target.root} is a live home (launcher pid {running['pid']}): "
                       f"restore into a new, empty directory")
    if os.path.lexists(target.root):
        if not os.path.isdir(target.root):
            raise Rejected(f"{target.root} exists and is not a directory")
        if os.listdir(target.root):
            raise Rejected(f"{target.root} is not empty: restore into a new, empty directory")
    parent = os.path.dirname(target.root)
    if not os.path.isdir(parent):
        raise NoInput(f"{parent}: no such directory")


def _unpack(src: str, staging: str) -> None:
    """A backup's .tar.gz into staging: only regular files and directories, each under it."""
    import tarfile
    try:
        with tarfile.open(src, "r:gz") as tar:
            members = tar.getmembers()
            for member in members:
                name = member.name
                if (not (member.isfile() or member.isdir()) or name.startswith("/")
                        or ".." in name.split("/")):
                    raise Corrupt(f"{src}: {name!r} is not a file of a shelldon backup")
            if hasattr(tarfile, "data_filter"):
                tar.extractall(staging, members=members, filter="data")
            else:   # before 3.11.4: the members were checked above
                tar.extractall(staging, members=members)
    except (tarfile.TarError, EOFError, OSError) as exc:
        if isinstance(exc, OSError) and exc.errno is not None:
            raise
        raise Corrupt(f"{src}: not a readable .tar.gz: {exc}") from None


def _verify(staging: str, src: str, from_replica: bool) -> dict:
    """The manifest's files are there, byte for byte. Returns the manifest."""
    import json
    path = os.path.join(staging, MANIFEST)
    try:
        with open(path, "rb") as handle:
            manifest = json.load(handle)
        files = manifest["files"]
    except (OSError, ValueError, KeyError, TypeError):
        raise Corrupt(f"{src}: no readable {MANIFEST}: not a shelldon-backup copy") from None
    for rel, digest in files.items():
        if from_replica and rel == "history.db":
            continue
        here = os.path.join(staging, rel)
        if not os.path.isfile(here):
            raise Corrupt(f"{src}: {rel} is missing")
        if sha256_of(here) != digest:
            raise Corrupt(f"{src}: {rel} differs from the backup's record of it")
    return manifest


def restore(src: str | None, new_home: Home, replica_url: str | None = None,
            worker_user: str | None = None) -> dict:
    """Make new_home from a backup (src: a directory or .tar.gz shelldon-backup wrote) and/or a
    Litestream replica of history.db (replica_url). Returns {home, last_turn, files, source}."""
    from .init import init_home
    check_new_home(new_home)
    if src is not None:
        src = os.path.abspath(src)
        if not os.path.exists(src):
            raise NoInput(f"{src}: no such backup")
    staging = tempfile.mkdtemp(prefix=".shelldon-restore-", dir=os.path.dirname(new_home.root))
    try:
        files = 0
        if src is not None:
            if os.path.isdir(src):
                names = [os.path.relpath(os.path.join(r, n), src)
                         for r, _d, ns in os.walk(src) for n in ns]
                copy_files(src, staging, sorted(names), _NullBar())
            else:
                _unpack(src, staging)
            manifest = _verify(staging, src, replica_url is not None)
            files = len(manifest["files"])
            os.unlink(os.path.join(staging, MANIFEST))
        if replica_url is not None:
            from .replicate import restore_db
            target = os.path.join(staging, "history.db")
            if os.path.exists(target):
                os.unlink(target)
            restore_db(replica_url, target)
            files += 1
        db = os.path.join(staging, "history.db")
        if not os.path.isfile(db):
            raise Corrupt(f"{src}: holds no history.db")
        check_integrity(db)
        init_home(Home(staging), worker_user)   # the modes and directories every home has
        turn = last_turn(db)
        if os.path.isdir(new_home.root):
            os.rmdir(new_home.root)
        os.rename(staging, new_home.root)
        fsync_dir(os.path.dirname(new_home.root), root=os.path.dirname(new_home.root))
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    note = None
    if src is None:
        note = ("a replica holds history.db only: memory/ comes from a backup (give SRC too) or "
                "from the [memory] git_remote (git clone it into memory/)")
    return {"home": new_home.root, "last_turn": turn, "files": files,
            "source": src if replica_url is None else replica_url, "note": note}


def _size_text(n: int) -> str:
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"


def _turn_text(turn: dict | None) -> str:
    if turn is None:
        return "no turns"
    return f"{turn['turns']} turns, the last {turn['turn_id']} at {turn['ts']}: {turn['owner']!r}"


def describe(result: dict, as_json: bool) -> str:
    """What shelldon-backup prints: one line, or one JSON object."""
    if as_json:
        import json
        return json.dumps(result, ensure_ascii=False)
    return (f"wrote {result['dest']} ({_size_text(result['bytes'])}, {result['files']} files"
            f"{', vault included' if result['with_vault'] else ''}): {_turn_text(result['last_turn'])}")


def describe_restore(result: dict, as_json: bool) -> str:
    if as_json:
        import json
        return json.dumps(result, ensure_ascii=False)
    lines = [f"restored {result['home']} from {result['source']}: {_turn_text(result['last_turn'])}"]
    if result.get("note"):
        lines.append(result["note"])
    return "\n".join(lines)
