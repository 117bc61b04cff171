"""shelldon-init's work: create the home from the LAYOUT table, idempotently."""
import os

from ..home import LAYOUT, Home
from ..util.atomic import SymlinkRefused
from ..util.errors import Rejected, Unavailable
from .history import HistoryStore


def _home_itself(home: Home) -> Home:
    """The home init works on. A symlink AS the home (~/.shelldon → a USB disk) is the
    owner's own doing, and every other stage works through it: followed, once, to the
    directory it names. A symlink inside the home is still refused (init_home): the
    tree's own directories must be what they say. A link to nothing is refused rather than
    created at: its disk may be unmounted, and the home would land on the SD card."""
    if not os.path.islink(home.root):
        return home
    target = os.path.realpath(home.root)
    if not os.path.isdir(target):
        raise Unavailable(f"the home {home.root} is a symlink to {target}, which is not a directory "
                          f"(is its disk mounted?)")
    return Home(target)


def init_home(home: Home, worker_user: str | None = None) -> list[str]:
    """Create what is missing, fix modes, migrate the database. Returns what it did."""
    done: list[str] = []
    home = _home_itself(home)
    worker_gid = None
    if worker_user is not None:   # refused as the launcher refuses it: unknown, or root
        from ..util.privdrop import worker_option
        worker_gid = worker_option(worker_user).gid
    for rel, _kind, mode in LAYOUT:
        path = os.path.join(home.root, rel) if rel else home.root
        if os.path.islink(path):
            raise SymlinkRefused(f"refusing a symlink in the home: {path}")
        if os.path.exists(path) and not os.path.isdir(path):
            raise Rejected(f"{path} is not a directory: move it aside, or name another home")
        if not os.path.isdir(path):
            os.makedirs(path, mode=mode, exist_ok=True)
            done.append(f"created {path}")
        if (os.stat(path).st_mode & 0o7777) != mode:
            os.chmod(path, mode)  # defeat the umask: the vault must be 0700 whatever it was
        if worker_gid is not None and rel != "memory/vault" and os.geteuid() == 0:
            os.chown(path, -1, worker_gid)
    fresh = not os.path.exists(home.db)
    with HistoryStore.open(home.db) as store:
        applied = store.migrate()
    if fresh:
        done.append(f"created {home.db}")
    done.extend(f"applied migration {n}" for n in applied)
    if worker_gid is not None and os.geteuid() == 0:
        for name in ("history.db", "history.db-wal", "history.db-shm"):
            path = os.path.join(home.root, name)
            if os.path.exists(path):
                os.chown(path, -1, worker_gid)
                os.chmod(path, 0o640)
    return done


def summary_line(root: str, done: list[str]) -> str:
    """What init_home did, in the one line a stage reports: what it created (directories
    and the database), the migrations applied, or that the home was ready already."""
    made = [d.removeprefix("created ") for d in done if d.startswith("created ")]
    dirs = sum(1 for path in made if not path.endswith(".db"))
    parts = [f"{dirs} director{'y' if dirs == 1 else 'ies'}" if dirs else "",
             "history.db" if len(made) > dirs else ""]
    line = f"{root}: " + (f"created {' and '.join(p for p in parts if p)}" if made else "ready")
    migrations = [d.removeprefix("applied migration ") for d in done if d.startswith("applied migration ")]
    if migrations:
        line += f"; applied migration{'s' if len(migrations) > 1 else ''} {', '.join(migrations)}"
    return line + ("" if made or migrations else " (nothing to do)")
