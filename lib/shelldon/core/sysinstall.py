"""`shelldon-init --system`: the daemons set up on a Pi in one command.

What it makes, each step only if missing or different (so a second run changes nothing):
the groups and users (useradd/groupadd --system), the home /var/lib/shelldon shared with
the worker group (init_home), the stages linked into /usr/local/bin where the units run
them, the man pages in /usr/local/share/man/man1 (the units' Documentation= names them;
shelldon.1 for the umbrella command too),
and the units in /etc/systemd/system. The runtime directories (/run/shelldon-broker,
/run/shelldon-vault, /run/shelldon) are made by systemd at start (RuntimeDirectory=, and
the socket unit's own directory): nothing to make beforehand.

--root DIR installs into DIR instead of / (a packager's staging tree, or a test's scratch
root): files land under DIR, and the users and groups are made in DIR/etc with
`useradd --root DIR` / `groupadd --root DIR` — or, when DIR has no etc/passwd, not made
at all, with a note (the home is then the owner's alone: no group to share it with).
The machine's own /etc is never read or written then.

The scripts the units run must be readable by every user the units run as, through
every directory above them: a virtualenv in a 0700 home (/root, /home/pi) fails at start
with a bare "env: Permission denied", and ProtectHome=yes hides /home and /root from the
units anyway. So an install there is refused, naming /opt/shelldon instead.
"""
import os
import stat
import subprocess
import sys

import msgspec

from ..home import Home
from ..util.errors import Rejected, Unavailable

SERVICE_USER = "shelldon"           # the broker's uid; its group reaches the vault helper
WORKER_USER = "shelldon-worker"     # the turns' uid; its group reads the home
USERS_GROUP = "shelldon-users"      # who may talk to the pet (the launcher's socket)
HOME_DIR = "/var/lib/shelldon"
BIN_DIR = "/usr/local/bin"
MAN_DIR = "/usr/local/share/man/man1"
UNIT_DIR = "/etc/systemd/system"
UNIT_SUFFIXES = (".service", ".socket", ".timer")
NOLOGIN = "/usr/sbin/nologin"
_HIDDEN = ("/home/", "/root/", "/run/user/")   # ProtectHome= hides these from the units


class Step(msgspec.Struct):
    """One thing to make: said before (dry run) or after (done)."""
    doing: str
    argv: list[str] | None = None   # a command to run, or
    path: str | None = None         # a file to write with data
    data: bytes = b""
    mode: int = 0o644
    link: str | None = None         # a symlink to make at path


class Plan(msgspec.Struct):
    steps: list[Step]
    notes: list[str]
    home: str
    worker_user: str | None


def _names(root: str, table: str) -> dict[str, list[str]]:
    """name → fields of the passwd or group database: the machine's (through NSS) for
    /, else ROOT/etc/<table> read as text — never the host's for another root."""
    if root == "/":
        import grp
        import pwd
        if table == "passwd":
            return {e.pw_name: [e.pw_name, "x", str(e.pw_uid), str(e.pw_gid), e.pw_gecos, e.pw_dir, e.pw_shell]
                    for e in pwd.getpwall()}
        return {e.gr_name: [e.gr_name, "x", str(e.gr_gid), ",".join(e.gr_mem)] for e in grp.getgrall()}
    try:
        with open(os.path.join(root, "etc", table), encoding="utf-8") as handle:
            return {line.split(":")[0]: line.rstrip("\n").split(":") for line in handle if ":" in line}
    except FileNotFoundError:
        return {}


def _under(root: str, path: str) -> str:
    return os.path.join(root, path.lstrip("/")) if root != "/" else path


def accounts(root: str) -> list[Step]:
    """The groups and users the units name, those missing."""
    base = ["--root", root] if root != "/" else []
    groups, users = _names(root, "group"), _names(root, "passwd")
    steps = []
    for group in (WORKER_USER, SERVICE_USER, USERS_GROUP):
        if group not in groups:
            steps.append(Step(f"group {group}", argv=["groupadd", *base, "--system", group]))
    for user, extra in ((WORKER_USER, []), (SERVICE_USER, ["--groups", WORKER_USER])):
        if user not in users:
            steps.append(Step(f"user {user}", argv=["useradd", *base, "--system", "--no-create-home",
                                                    "--home-dir", "/nonexistent", "--shell", NOLOGIN,
                                                    "--gid", user, *extra, user]))
        elif WORKER_USER in extra and user not in groups.get(WORKER_USER, ["", "", "", ""])[3].split(","):
            steps.append(Step(f"user {user} into group {WORKER_USER}",
                              argv=["usermod", *base, "--append", "--groups", WORKER_USER, user]))
    return steps


def check_reachable(bindir: str) -> None:
    """Refuse scripts the units could not run (see the module's doc)."""
    real = os.path.realpath(bindir)
    if real.startswith(_HIDDEN) or real in ("/root",):
        raise Rejected(f"the stages are installed in {real}, which the units cannot reach "
                       f"(ProtectHome= hides /home and /root; a 0700 home gives 'env: Permission "
                       f"denied'): install into /opt/shelldon — sudo python3 -m venv /opt/shelldon && "
                       f"sudo /opt/shelldon/bin/pip install . — and run /opt/shelldon/bin/shelldon-init --system")
    path = real
    while path != "/":
        path = os.path.dirname(path)
        if os.path.isdir(path) and not os.stat(path).st_mode & stat.S_IXOTH:   # (not made yet: a dry run)
            raise Rejected(f"the stages are installed in {real}, but {path} is not searchable by other "
                           f"users, so the units' users cannot run them ('env: Permission denied'): "
                           f"install into /opt/shelldon (sudo python3 -m venv /opt/shelldon && "
                           f"sudo /opt/shelldon/bin/pip install .)")


def _unit_sources() -> str:
    """systemd/ of the installed package (share/shelldon/systemd), or of a checkout."""
    for candidate in (os.path.join(sys.prefix, "share", "shelldon", "systemd"),
                      os.path.join(os.path.dirname(__file__), "..", "..", "..", "systemd")):
        if os.path.isdir(candidate):
            return os.path.realpath(candidate)
    raise Unavailable("the systemd units are not installed with this shelldon (share/shelldon/systemd)")


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return None


def files(root: str, bindir: str) -> list[Step]:
    """Links, man pages and units that are missing or differ."""
    from .. import manpage
    steps = []
    # bindir is where the system sees the stages; they are read from DIR/bindir when
    # staged there, else from bindir, else (a dry run before the install) from here.
    found = next((d for d in (_under(root, bindir), bindir) if os.path.isdir(d)),
                 os.path.dirname(os.path.realpath(sys.argv[0])))
    names = sorted(n for n in os.listdir(found) if n.startswith("shelldon-"))
    # the umbrella `shelldon` is linked when installed; its page is made either way (from
    # the library's click group, listing the stages found), as pip installs it
    linked = names + [manpage.UMBRELLA] * os.path.isfile(os.path.join(found, manpage.UMBRELLA))
    if bindir != BIN_DIR:
        for name in sorted(linked):
            target, where = os.path.join(bindir, name), _under(root, os.path.join(BIN_DIR, name))
            if not (os.path.islink(where) and os.readlink(where) == target):
                steps.append(Step(f"link {os.path.join(BIN_DIR, name)} → {target}", path=where, link=target))
    stages = manpage.stages_of([os.path.join(found, name) for name in names])
    for name in [manpage.UMBRELLA, *names]:
        page = manpage.page(os.path.join(found, name), stages).encode()
        where = _under(root, os.path.join(MAN_DIR, f"{name}.1"))
        if _read(where) != page:
            steps.append(Step(f"man page {os.path.join(MAN_DIR, name + '.1')}", path=where, data=page))
    source = _unit_sources()
    for name in sorted(os.listdir(source)):
        if name.endswith(UNIT_SUFFIXES):
            data = _read(os.path.join(source, name))
            where = _under(root, os.path.join(UNIT_DIR, name))
            if _read(where) != data:
                steps.append(Step(f"unit {os.path.join(UNIT_DIR, name)}", path=where, data=data))
    return steps


def plan(root: str = "/", bindir: str | None = None) -> Plan:
    root = os.path.abspath(root)
    bindir = os.path.normpath(os.path.abspath(bindir or os.path.dirname(os.path.realpath(sys.argv[0]))))
    notes = []
    if root == "/":
        check_reachable(bindir)
        steps = accounts(root)
        worker = WORKER_USER
    elif os.path.exists(os.path.join(root, "etc", "passwd")):
        steps = accounts(root)
        worker = WORKER_USER
    else:
        steps, worker = [], None
        notes.append(f"{root}/etc/passwd is missing: no users or groups made (the home stays "
                     f"the owner's alone; run shelldon-init --system again on the machine itself)")
    steps += files(root, bindir)
    return Plan(steps, notes, _under(root, HOME_DIR), worker)


def run_step(step: Step) -> None:
    if step.argv is not None:
        result = subprocess.run(step.argv, capture_output=True, stdin=subprocess.DEVNULL, timeout=60)
        if result.returncode != 0:
            text = result.stderr.decode("utf-8", "replace").strip().splitlines()
            raise Unavailable(f"{' '.join(step.argv)} failed: {text[-1] if text else result.returncode}")
        return
    os.makedirs(os.path.dirname(step.path), mode=0o755, exist_ok=True)
    if step.link is not None:
        if os.path.lexists(step.path):
            os.unlink(step.path)
        os.symlink(step.link, step.path)
        return
    from ..util.atomic import write_atomic
    write_atomic(step.path, step.data, step.mode, root=os.path.dirname(step.path))
    os.chmod(step.path, step.mode)   # the stages' umask is 077: these are for everyone to read


def group_id(root: str, name: str | None) -> int | None:
    if name is None:
        return None
    entry = _names(root, "group").get(name)
    return int(entry[2]) if entry else None


def install(root: str = "/", bindir: str | None = None, dry_run: bool = False, echo=print) -> int:
    """Make what the plan says, saying each; then the home. Returns how many things changed."""
    from .init import init_home
    if os.geteuid() != 0 and not dry_run:
        raise PermissionError("shelldon-init --system makes users and writes /etc: run it as root (sudo)")
    the_plan = plan(root, bindir)
    for note in the_plan.notes:
        echo(f"note: {note}")
    if dry_run:
        for step in the_plan.steps:
            echo(f"would make {step.doing}")
        echo(f"would make or check the home {HOME_DIR}"
             + (f", shared with group {the_plan.worker_user}" if the_plan.worker_user else ""))
        return len(the_plan.steps)
    stages_umask = os.umask(0o022)   # links, pages, units and /var/lib: for every user to read
    try:
        for step in the_plan.steps:
            run_step(step)
            echo(f"made {step.doing}")
        os.makedirs(os.path.dirname(the_plan.home), mode=0o755, exist_ok=True)
    finally:
        os.umask(stages_umask)
    changed = len(the_plan.steps)
    summary = init_home(Home(the_plan.home), worker_gid=group_id(root, the_plan.worker_user)).summary(HOME_DIR)
    if not summary.endswith("nothing changed"):
        changed += 1
        echo(f"home {summary}")
    if root == "/" and the_plan.steps and os.path.isdir("/run/systemd/system"):
        run_step(Step("reload", argv=["systemctl", "daemon-reload"]))
        echo("made systemd reload its units")
    if changed == 0:
        echo("nothing to do: everything is in place")
    return changed
