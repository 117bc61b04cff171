"""shelldon-init's work: create the home from the LAYOUT table, idempotently, and put
every mode in it right (an existing home's too), saying in one line what it changed."""
import os
import stat

import msgspec

from ..home import LAYOUT, Home, shared
from ..util.beneath import SymlinkRefused, open_dir
from ..util.errors import Rejected, Unavailable
from .history import HistoryStore

# Areas of the home no worker ever reads: their files stay the owner's alone even in a
# shared home. run/'s contents (sockets, locks) have modes their makers chose: left alone.
_PRIVATE_AREAS = ("memory/vault", "raw")
_SKIPPED_AREAS = ("run",)
_SHOWN = 3  # mode fixes named in the report line; the rest are counted


class Report(msgspec.Struct):
    """What init did, for the one line it prints (summary)."""
    created: list[str] = msgspec.field(default_factory=list)
    fixed: list[str] = msgspec.field(default_factory=list)
    migrations: list[int] = msgspec.field(default_factory=list)

    def summary(self, root: str) -> str:
        parts = []
        if "" in self.created:
            parts.append("created the home")
        elif self.created:
            parts.append(f"created {', '.join(self.created)}")
        if self.fixed:
            more = len(self.fixed) - _SHOWN
            parts.append(f"fixed the modes of {len(self.fixed)} "
                         f"path{'s' if len(self.fixed) != 1 else ''} ({', '.join(self.fixed[:_SHOWN])}"
                         f"{f', and {more} more' if more > 0 else ''})")
        if self.migrations:
            parts.append(f"applied migration{'s' if len(self.migrations) > 1 else ''} "
                         f"{', '.join(map(str, self.migrations))}")
        return f"{root}: {'; '.join(parts)}" if parts else f"{root}: as it should be, nothing changed"


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


def worker_gid_for(worker_user: str | None, home: Home) -> int | None:
    """The group the home is shared with: --worker-user's primary group; without it, the
    group a shared home already has (running init again must not lock the workers out);
    None for a home that is the owner's alone."""
    if worker_user is None:
        try:
            st = os.stat(home.root)
        except FileNotFoundError:
            return None
        return st.st_gid if shared(st.st_mode) else None
    from ..util.privdrop import worker_option
    return worker_option(worker_user).gid   # refused as the launcher refuses it: unknown, or root


def init_home(home: Home, worker_user: str | None = None, worker_gid: int | None = None) -> Report:
    """Create what is missing, fix modes (and the worker group), migrate the database.
    worker_gid names the group directly (a --root install, whose users are not the host's)."""
    report = Report()
    home = _home_itself(home)
    gid = worker_gid if worker_gid is not None else worker_gid_for(worker_user, home)
    if not os.path.lexists(home.root):
        os.makedirs(home.root, mode=LAYOUT[0][2] if gid is None else LAYOUT[0][3], exist_ok=True)
        report.created.append("")
    elif not os.path.isdir(home.root):
        raise Rejected(f"{home.root} is not a directory: move it aside, or name another home")
    for rel, _kind, private_mode, shared_mode in LAYOUT:
        path = os.path.join(home.root, rel) if rel else home.root
        existed = os.path.lexists(path)
        # Made and checked through descriptors walked from the home (util.beneath): a
        # directory swapped for a symlink meanwhile is refused, not made or moded through.
        try:
            fd = open_dir(home.root, path, create=private_mode if gid is None else shared_mode)
        except SymlinkRefused as exc:
            raise SymlinkRefused(f"refusing a symlink in the home: {exc.filename}") from None
        except NotADirectoryError as exc:
            raise Rejected(f"{exc.filename} is not a directory: move it aside, or name another home") from None
        os.close(fd)
        if not existed and rel:
            report.created.append(rel)
    fresh = not os.path.exists(home.db)
    with HistoryStore.open(home.db) as store:
        report.migrations = list(store.migrate())
    if fresh:
        report.created.append("history.db")
    report.fixed = fix_modes(home, gid, skip=set(report.created))
    return report


def dir_mode(rel: str, gid: int | None) -> int:
    """A directory's mode: LAYOUT's, or for one it does not name, its area's."""
    for name, _kind, private_mode, shared_mode in LAYOUT:
        if rel == name:
            return shared_mode if gid is not None else private_mode
    private = gid is None or rel.startswith(_PRIVATE_AREAS)
    return 0o700 if private else 0o2750


def file_mode(rel: str, mode: int, gid: int | None) -> int:
    """A file's mode: the owner's bits kept, none for others; the group may read (and run
    what the owner may) in a shared home's shared areas. 0644 → 0600, or 0640."""
    owner = mode & 0o700
    if gid is None or rel.startswith(_PRIVATE_AREAS):
        return owner
    return owner | 0o040 | ((owner & 0o100) >> 3)


def fix_modes(home: Home, gid: int | None, skip: set[str] = frozenset()) -> list[str]:
    """Every directory and regular file of the home to its mode (and, shared, the worker
    group); returns 'rel old→new' for each changed. Walks with directory descriptors and
    never follows a symlink (a planted link cannot turn a root chmod on /etc); the run/
    area and anything neither file nor directory are left alone."""
    fixed: list[str] = []
    for dirpath, dirnames, filenames, dirfd in os.fwalk(home.root, follow_symlinks=False):
        rel = os.path.relpath(dirpath, home.root)
        rel = "" if rel == "." else rel
        if rel.startswith(_SKIPPED_AREAS):
            dirnames[:] = []
            if rel in _SKIPPED_AREAS:
                _fix(os.fstat(dirfd), dirfd, rel, dir_mode(rel, gid), gid, skip, fixed)
            continue
        _fix(os.fstat(dirfd), dirfd, rel, dir_mode(rel, gid), gid, skip, fixed)
        for name in filenames:
            child = os.path.join(rel, name)
            try:
                fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY, dir_fd=dirfd)
            except OSError:
                continue  # a symlink (ELOOP), a socket, or gone since the listing: not ours to fix
            try:
                st = os.fstat(fd)
                if stat.S_ISREG(st.st_mode):
                    _fix(st, fd, child, file_mode(child, st.st_mode, gid), gid, skip, fixed)
            finally:
                os.close(fd)
    return fixed


def _fix(st: os.stat_result, fd: int, rel: str, mode: int, gid: int | None, skip, fixed: list[str]) -> None:
    group = gid if gid is not None and not rel.startswith(_PRIVATE_AREAS) else None
    if group is not None and st.st_gid != group:
        os.fchown(fd, -1, group)   # before the mode: a chown may clear the setgid bit
    if stat.S_IMODE(st.st_mode) != mode or (group is not None and st.st_gid != group):
        os.fchmod(fd, mode)
        if rel not in skip:
            fixed.append(f"{rel or 'the home'} {stat.S_IMODE(st.st_mode):04o}→{mode:04o}"
                         if stat.S_IMODE(st.st_mode) != mode else f"{rel or 'the home'} group→{group}")


PROVIDER_KEY_FILE = "provider-key.md"   # what the vault helper serves the broker as "provider-key"


def set_key(home: Home, key: str) -> str:
    """Store the provider key in the home's vault (0600 in the 0700 vault), where the broker
    asks the vault helper for it. One line of printable ASCII, as a header needs it."""
    from ..util.atomic import write_atomic
    key = key.strip()
    if not key:
        raise Rejected("no key given (empty input): nothing stored")
    if not (key.isascii() and key.isprintable()):
        raise Rejected("a provider key is one line of printable ASCII: nothing stored")
    home = _home_itself(home)
    if not os.path.isdir(home.vault) or os.path.islink(home.vault):
        raise Unavailable(f"no vault at {home.vault}: run shelldon-init first")
    path = os.path.join(home.vault, PROVIDER_KEY_FILE)
    write_atomic(path, (key + "\n").encode("ascii"), 0o600, root=home.root)
    return path
