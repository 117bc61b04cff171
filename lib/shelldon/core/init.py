"""shelldon-init's work: create the home from the LAYOUT table, idempotently."""
import os
import pwd

from ..home import LAYOUT, Home
from ..util.beneath import SymlinkRefused, open_dir
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
    if worker_user is not None:
        try:
            worker_gid = pwd.getpwnam(worker_user).pw_gid
        except KeyError:
            raise Rejected(f"no such user: {worker_user}") from None
    if not os.path.lexists(home.root):
        os.makedirs(home.root, mode=LAYOUT[0][2], exist_ok=True)
        done.append(f"created {home.root}")
    elif not os.path.isdir(home.root):
        raise Rejected(f"{home.root} is not a directory: move it aside, or name another home")
    for rel, _kind, mode in LAYOUT:
        path = os.path.join(home.root, rel) if rel else home.root
        existed = os.path.lexists(path)
        # Made, checked and moded through descriptors walked from the home (util.beneath):
        # a directory swapped for a symlink meanwhile is refused, not chmod-ed through.
        try:
            fd = open_dir(home.root, path, create=mode)
        except SymlinkRefused as exc:
            raise SymlinkRefused(f"refusing a symlink in the home: {exc.filename}") from None
        except NotADirectoryError as exc:
            raise Rejected(f"{exc.filename} is not a directory: move it aside, or name another home") from None
        try:
            if not existed:
                done.append(f"created {path}")
            if (os.fstat(fd).st_mode & 0o7777) != mode:
                os.fchmod(fd, mode)  # defeat the umask: the vault must be 0700 whatever it was
            if worker_gid is not None and rel != "memory/vault" and os.geteuid() == 0:
                os.fchown(fd, -1, worker_gid)
        finally:
            os.close(fd)
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
