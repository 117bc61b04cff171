"""A real full disk (a small tmpfs, mounted for the test; root only): the write that runs
out of space leaves nothing half-written, and the same input run again once space is
freed records everything whole."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BIN


def _env(home: Path) -> dict:
    return {**os.environ, "SHELLDON_HOME": str(home)}


def _stage(home: Path, name: str, *args, input: bytes = b""):
    return subprocess.run([sys.executable, str(BIN / name), *map(str, args)], input=input,
                          capture_output=True, env=_env(home), timeout=60)


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MiB tmpfs at tmp_path/disk, unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mnt = tmp_path / "disk"
    mnt.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()[:200]}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", str(mnt)], check=True)


def _fill(mnt: Path, leave_kib: int) -> Path:
    """A filler file taking all but leave_kib KiB of the disk."""
    st = os.statvfs(mnt)
    avail = st.f_bavail * st.f_frsize
    filler = mnt / "filler"
    with open(filler, "wb") as handle:
        handle.write(b"\0" * max(0, avail - leave_kib * 1024))
    return filler


def test_a_full_disk_mid_raw_append_leaves_no_torn_entry_and_the_retry_records_it_whole(small_disk):
    home = small_disk / "home"
    assert _stage(home, "shelldon-init").returncode == 0
    turn = {"turn_id": "20260101T000000.000000Z-aaaaaa", "owner": "word " * 12000, "reply": "noted"}
    record = json.dumps(turn).encode() + b"\n"
    filler = _fill(small_disk, 40)   # room for part of the 60 KB entry, not all of it

    full = _stage(home, "shelldon-ingest", input=record)
    assert full.returncode == 1, full.stderr
    assert b"No space left on device" in full.stderr and b"Traceback" not in full.stderr
    assert len(full.stderr.strip().splitlines()) == 1, full.stderr
    for capture in (home / "raw").glob("*.md"):    # "nothing half-written", as the line says
        text = capture.read_text()
        assert turn["turn_id"] not in text, f"a torn entry was left in raw/: ...{text[-80:]!r}"

    filler.unlink()
    again = _stage(home, "shelldon-ingest", input=record)
    assert again.returncode == 0, again.stderr
    (capture,) = (home / "raw").glob("*.md")
    text = capture.read_text()
    assert text.count(f"## {turn['turn_id']} ") == 1
    assert "**pet**\n> noted\n\n" in text, f"the turn's raw entry is torn: ...{text[-80:]!r}"
    assert text.endswith("\n\n")
