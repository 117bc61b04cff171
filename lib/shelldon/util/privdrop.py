"""Dropping root to a worker user, in visible steps, and proving it took.

    target = resolve_worker("shelldon-worker")   # who; DropRefused if no such user
    drop_privileges(target)                      # clear groups → gid → uid → undumpable → verify

Each step is its own small function so the order can be read and tested: supplementary
groups are cleared first (while we still may), then the gid (real, effective and saved,
with setresgid), then the uid (setresuid; after it nothing can be changed back), then the
process is made non-dumpable (prctl PR_SET_DUMPABLE 0: another process of the worker uid —
a concurrent worker — can then neither ptrace it nor open its /proc/<pid>/mem, environ
or fds; it must come after setuid, which resets the flag to fs.suid_dumpable), then
verify() checks what the kernel now says: every uid and gid slot the target, no groups,
no capabilities left, not dumpable, and os.setuid(0) refused. Any step or check that fails raises
DropRefused and the caller must refuse the turn (fail closed): a process that asked to be
a worker and is not one never runs a turn.

No worker user configured, or not running as root: the drop is skipped with a loud
"vault isolation OFF, dev mode" warning and the caller carries on (maybe_drop).
"""
import os
import pwd

import msgspec

from . import log
from .errors import Denied

DEV_MODE_WARNING = "vault isolation OFF, dev mode"


class DropRefused(Denied):
    """The drop was asked for and did not happen, or did not take: refuse the turn."""


class Target(msgspec.Struct, frozen=True):
    user: str
    uid: int
    gid: int


def resolve_worker(user: str | int) -> Target:
    """A user name or numeric uid → Target. A uid with no passwd entry uses gid = uid."""
    text = str(user).strip()
    if not text:
        raise DropRefused("empty worker user")
    try:
        entry = pwd.getpwnam(text)
        return Target(entry.pw_name, entry.pw_uid, entry.pw_gid)
    except KeyError:
        pass
    if not text.isdigit():
        raise DropRefused(f"no such worker user: {text}")
    uid = int(text)
    try:
        entry = pwd.getpwuid(uid)
        return Target(entry.pw_name, uid, entry.pw_gid)
    except (KeyError, OverflowError):
        return Target(text, uid, uid)


def clear_groups() -> None:
    os.setgroups([])


def set_gid(gid: int) -> None:
    os.setresgid(gid, gid, gid)


def set_uid(uid: int) -> None:
    os.setresuid(uid, uid, uid)


PR_GET_DUMPABLE = 3
PR_SET_DUMPABLE = 4


def _prctl(option: int, arg: int = 0) -> int:
    import ctypes   # loaded already: drop_privileges imports it before the uid changes
    libc = ctypes.CDLL(None, use_errno=True)
    result = libc.prctl(option, ctypes.c_ulong(arg), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0))
    if result < 0:
        errno = ctypes.get_errno()
        raise OSError(errno, os.strerror(errno))
    return result


def set_undumpable() -> None:
    _prctl(PR_SET_DUMPABLE, 0)


def _capabilities() -> dict[str, int]:
    """CapPrm/CapEff/CapInh/CapAmb from /proc/self/status ({} where there is no /proc)."""
    caps: dict[str, int] = {}
    try:
        with open("/proc/self/status") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in ("CapInh", "CapPrm", "CapEff", "CapAmb"):
                    caps[key] = int(value.strip(), 16)
    except OSError:
        pass
    return caps


def verify(target: Target) -> None:
    """Raise DropRefused unless the process is now exactly the target and cannot go back."""
    uids, gids = os.getresuid(), os.getresgid()
    if uids != (target.uid,) * 3:
        raise DropRefused(f"uid drop did not take: real/effective/saved uid are {uids}, "
                          f"want {target.uid}")
    if gids != (target.gid,) * 3:
        raise DropRefused(f"gid drop did not take: real/effective/saved gid are {gids}, "
                          f"want {target.gid}")
    groups = os.getgroups()
    if groups:
        raise DropRefused(f"supplementary groups still set: {groups}")
    left = {k: v for k, v in _capabilities().items() if v}
    if left:
        raise DropRefused(f"capabilities still held: {left}")
    if _prctl(PR_GET_DUMPABLE):
        raise DropRefused("still dumpable: another worker could ptrace this one")
    if target.uid == 0:
        return  # a drop "to root" proves nothing more; refused earlier by drop_privileges
    try:
        os.setuid(0)
    except PermissionError:
        return
    raise DropRefused("regained root after the drop: refusing to run")


def refuse_root(target: Target) -> Target:
    """The target, unless it is root (or in root's group): a worker must run as another user."""
    if target.uid == 0 or target.gid == 0:
        raise DropRefused(f"worker user {target.user} is root (or in root's group): refusing to run turns as root")
    return target


def worker_option(user: str | int) -> Target:
    """--worker-user as shelldon-init and the launcher take it: the target, or Rejected (65)
    naming the flag for a user that does not exist or is root."""
    try:
        return refuse_root(resolve_worker(user))
    except DropRefused as exc:
        from .errors import Rejected
        raise Rejected(f"--worker-user: {exc}") from None


def drop_privileges(target: Target) -> Target:
    """Clear groups, set gid, set uid, undumpable, verify. DropRefused on any failure."""
    refuse_root(target)
    import ctypes  # noqa: F401  (for the prctl after the drop: the dropped uid may not read the stdlib)
    for step, arg in ((clear_groups, None), (set_gid, target.gid), (set_uid, target.uid),
                      (set_undumpable, None)):
        try:
            step() if arg is None else step(arg)
        except (OSError, OverflowError, ValueError) as exc:
            raise DropRefused(f"{step.__name__}({'' if arg is None else arg}) failed: "
                              f"{getattr(exc, 'strerror', None) or exc}") from None
    verify(target)
    return target


def will_drop(user: str | int | None) -> bool:
    """Whether maybe_drop(user) in this process would drop rather than skip (dev mode)."""
    return not (user is None or str(user).strip() == "") and os.geteuid() == 0


def maybe_drop(user: str | int | None, quiet: bool = False) -> Target | None:
    """The launcher child's step: drop to user, or warn loudly and skip (dev mode).

    Returns the target dropped to, or None when the drop was skipped. Raises DropRefused
    for a configured user that cannot be used (the turn must be refused). quiet: the
    caller has already warned (the launcher says it once, at start).
    """
    if user is None or str(user).strip() == "":
        if not quiet:
            log.warn(f"{DEV_MODE_WARNING}: no worker user configured")
        return None
    if os.geteuid() != 0:
        if not quiet:
            log.warn(f"{DEV_MODE_WARNING}: not running as root, cannot drop to {user}")
        return None
    return drop_privileges(resolve_worker(user))
