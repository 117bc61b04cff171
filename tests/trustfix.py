"""Fixtures for the trust-boundary tests: an unprivileged user and a home it can reach."""
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

TEST_USER = "shelldon-test"


def unprivileged_user() -> pwd.struct_passwd:
    """`nobody` where it exists; otherwise a system user made with useradd (root only)."""
    for name in ("nobody", TEST_USER):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                    TEST_USER], check=True)
    return pwd.getpwnam(TEST_USER)


@pytest.fixture
def worker_user():
    return unprivileged_user()


@pytest.fixture
def open_home():
    """A home under a 0755 directory, so a dropped worker can traverse to it
    (pytest's tmp_path is 0700 and would deny it for the wrong reason)."""
    base = tempfile.mkdtemp(prefix="shelldon-trust-")
    os.chmod(base, 0o755)
    try:
        yield Path(base) / "home"
    finally:
        shutil.rmtree(base, ignore_errors=True)
