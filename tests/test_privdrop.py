"""util/privdrop: groups → gid → uid → verify, for real in forked children (root only)."""
import os

import pytest

from childproc import in_child
from shelldon.util import privdrop
from trustfix import open_home, worker_user  # noqa: F401 (fixtures)


def _status_ids():
    ids = {}
    with open("/proc/self/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("Uid", "Gid", "Groups", "CapEff", "CapPrm"):
                ids[key] = value.split()
    return ids


def _drop_and_probe(user, vault):
    target = privdrop.maybe_drop(user)
    result = {"target": [target.uid, target.gid] if target else None, "status": _status_ids()}
    try:
        os.listdir(vault)
        result["vault"] = "listed"
    except PermissionError as exc:
        result["vault"] = f"PermissionError {exc.errno}"
    try:
        with open(os.path.join(vault, "provider-key.md")) as f:
            result["key"] = f.read()
    except PermissionError:
        result["key"] = "PermissionError"
    with open(os.path.join(os.path.dirname(vault), "readable.md")) as f:
        result["readable"] = f.read()
    try:
        os.setuid(0)
        result["setuid0"] = "succeeded"
    except PermissionError:
        result["setuid0"] = "PermissionError"
    return result


@pytest.mark.root
def test_dropped_child_is_the_worker_everywhere_and_the_kernel_denies_the_vault(open_home, worker_user):
    # open_home's parent is 0755: the only thing in the way is the vault's own mode
    vault = open_home.parent / "vault"
    vault.mkdir(mode=0o700)
    os.chmod(vault, 0o700)
    (vault / "provider-key.md").write_text("sk-secret\n")
    (open_home.parent / "readable.md").write_text("hello\n")
    got = in_child(_drop_and_probe, worker_user.pw_name, str(vault))
    uid, gid = str(worker_user.pw_uid), str(worker_user.pw_gid)
    assert got["target"] == [worker_user.pw_uid, worker_user.pw_gid]
    assert got["status"]["Uid"] == [uid] * 4
    assert got["status"]["Gid"] == [gid] * 4
    assert got["status"]["Groups"] == []
    assert int(got["status"]["CapEff"][0], 16) == 0
    assert got["vault"] == "PermissionError 13"
    assert got["key"] == "PermissionError"
    assert got["readable"] == "hello\n"  # the worker can read what it should
    assert got["setuid0"] == "PermissionError"


@pytest.mark.root
def test_root_can_read_the_same_vault(tmp_path):
    """The control: the denial above is the uid's, not a missing file."""
    vault = tmp_path / "vault"
    vault.mkdir(mode=0o700)
    (vault / "provider-key.md").write_text("sk-secret\n")
    assert (vault / "provider-key.md").read_text() == "sk-secret\n"


def _try_drop(user):
    try:
        privdrop.maybe_drop(user)
    except privdrop.DropRefused as exc:
        return {"refused": str(exc), "uids": list(os.getresuid())}
    return {"dropped": list(os.getresuid())}


@pytest.mark.root
def test_a_nonexistent_user_is_refused():
    got = in_child(_try_drop, "no-such-shelldon-user")
    assert "no such worker user" in got["refused"]


@pytest.mark.root
def test_a_uid_the_kernel_will_not_take_is_refused_not_ignored():
    # (uid_t)-1 means "leave unchanged" to setresuid: the call "succeeds" and changes
    # nothing, so only the verify step can catch it.
    got = in_child(_try_drop, str(2**32 - 1))
    assert "refused" in got, got
    assert got["uids"] == [0, 0, 0]


@pytest.mark.root
def test_a_uid_too_large_for_the_kernel_is_refused():
    got = in_child(_try_drop, str(2**40))
    assert "failed" in got["refused"]


@pytest.mark.root
def test_root_as_worker_is_refused():
    got = in_child(_try_drop, "root")
    assert "root" in got["refused"]


def test_no_user_configured_is_dev_mode_with_a_loud_warning(capsys):
    assert privdrop.maybe_drop(None) is None
    assert privdrop.DEV_MODE_WARNING in capsys.readouterr().err


def test_not_root_is_dev_mode(monkeypatch, capsys):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert privdrop.maybe_drop("nobody") is None
    assert "vault isolation OFF, dev mode" in capsys.readouterr().err


def test_verify_refuses_a_process_that_is_not_the_target():
    me = privdrop.Target("me", os.getuid(), os.getgid())
    other = privdrop.Target("other", os.getuid() + 1, os.getgid())
    with pytest.raises(privdrop.DropRefused, match="uid drop did not take"):
        privdrop.verify(other)
    if os.getgroups() or os.geteuid() == 0:
        with pytest.raises(privdrop.DropRefused):
            privdrop.verify(me)


def test_resolve_worker_by_name_and_number():
    import pwd
    entry = pwd.getpwuid(os.getuid())
    assert privdrop.resolve_worker(entry.pw_name) == privdrop.Target(entry.pw_name, entry.pw_uid, entry.pw_gid)
    assert privdrop.resolve_worker(str(entry.pw_uid)).uid == entry.pw_uid
    with pytest.raises(privdrop.DropRefused):
        privdrop.resolve_worker("no-such-shelldon-user")
