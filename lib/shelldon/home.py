"""Where everything rests: the paths of a home, and the one table of their modes.

Imported by every side (workers only read the paths), so it holds names, not writes.
"""
import os

import msgspec

from .util.errors import Unavailable, Usage

COLLECTIONS = ("facts", "people", "preferences", "capabilities")

# The one table of who owns what: (path relative to home, kind, mode). init applies it;
# the systemd units mirror it. The vault is the service uid's alone.
LAYOUT = (
    ("", "dir", 0o755),
    ("memory", "dir", 0o755),
    *((f"memory/{c}", "dir", 0o755) for c in COLLECTIONS),
    ("memory/episodes", "dir", 0o755),   # one log a month (core/curated.py)
    ("memory/vault", "dir", 0o700),
    ("raw", "dir", 0o755),
    ("run", "dir", 0o755),
)


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
