"""Where everything rests: the paths of a home, and the one table of their modes.

Imported by every side (workers only read the paths), so it holds names, not writes.
"""
import os

import msgspec

from .util.errors import Unavailable, Usage

COLLECTIONS = ("facts", "people", "preferences", "capabilities")

# The one table of who owns what: (path relative to home, kind, mode when the home is
# the owner's alone, mode when the worker group must read it). init applies it; the
# systemd units mirror it. Shared directories are setgid, so every file made in them is
# born in the worker group, and the stages' umask (stage.umask_for) makes it 0640: the
# launcher, as root, never has to chown what it writes. raw/ holds the whole
# conversation as captured and no worker reads it; the vault is the service uid's alone.
LAYOUT = (
    ("", "dir", 0o700, 0o2750),
    ("memory", "dir", 0o700, 0o2750),
    *((f"memory/{c}", "dir", 0o700, 0o2750) for c in COLLECTIONS),
    ("memory/episodes", "dir", 0o700, 0o2750),   # one log a month (core/curated.py)
    ("memory/vault", "dir", 0o700, 0o700),
    ("raw", "dir", 0o700, 0o700),
    ("run", "dir", 0o700, 0o2750),
)
# Files: the owner's alone, or readable by the worker group (history.db, memory/).
FILE_MODE, SHARED_FILE_MODE = 0o600, 0o640


def shared(mode: int) -> bool:
    """Whether a home whose own directory has this mode is shared with a worker group:
    init marks it so with the setgid bit (a plain 0755 home of old is not shared, only open)."""
    return bool(mode & 0o2000) and bool(mode & 0o070)


def default_home() -> str:
    return os.environ.get("SHELLDON_HOME") or os.path.join(os.path.expanduser("~"), ".shelldon")


class Home(msgspec.Struct, frozen=True):
    root: str

    @classmethod
    def resolve(cls, path: str | None = None) -> "Home":
        """The home --home names, else the default. An empty --home is refused: taken for
        "not given" it would quietly mean ~/.shelldon (`--home "$DIR"` with DIR unset).
        An empty $SHELLDON_HOME, as usual for the environment, counts as unset."""
        if path == "":
            raise Usage("--home is empty: name a directory, or leave --home out for "
                        "$SHELLDON_HOME or ~/.shelldon")
        return cls(os.path.abspath(path or default_home()))

    @property
    def db(self) -> str:
        return os.path.join(self.root, "history.db")

    @property
    def memory(self) -> str:
        return os.path.join(self.root, "memory")

    @property
    def vault(self) -> str:
        return os.path.join(self.memory, "vault")

    @property
    def raw(self) -> str:
        return os.path.join(self.root, "raw")

    @property
    def run(self) -> str:
        return os.path.join(self.root, "run")

    @property
    def config(self) -> str:
        return os.path.join(self.root, "config.toml")

    @property
    def launcher_state(self) -> str:
        """What the running launcher announces: its pid, and whether its workers drop."""
        return os.path.join(self.run, "launcher.state")

    @property
    def backup_state(self) -> str:
        """The last shelldon-backup: where, when, how big, its last turn."""
        return os.path.join(self.run, "backup.json")

    @property
    def push_state(self) -> str:
        """The last push of memory/ to [memory] git_remote: when, which commit, or its error."""
        return os.path.join(self.run, "git-push.json")

    @property
    def write_lock(self) -> str:
        return os.path.join(self.run, "write.lock")

    @property
    def dream_lock(self) -> str:
        return os.path.join(self.run, "dream.lock")

    def memory_file(self, name: str) -> str:
        return os.path.join(self.memory, name)

    def collection_dir(self, collection: str) -> str:
        return os.path.join(self.memory, collection)

    def require_some(self) -> "Home":
        """For readers that fail soft: a home with a missing part is fine, no home at all is not."""
        if not (os.path.isfile(self.db) or os.path.isdir(self.memory)):
            raise Unavailable(f"no shelldon home at {self.root}: run shelldon-init first")
        return self

    def require(self) -> "Home":
        """The home must have been initialised; otherwise exit 69 with the fix."""
        if not os.path.isfile(self.db) or not os.path.isdir(self.memory):
            raise Unavailable(f"no shelldon home at {self.root}: run shelldon-init first")
        return self
