"""util.beneath: the one reader of the home (a regular file's bytes, never through a
symlink, never stuck on a FIFO, never past a bound) and the descriptor walk under it."""
import os

import pytest

from shelldon.util.beneath import (NotRegular, SymlinkRefused, open_dir, read_bounded,
                                   read_regular)


def test_reads_a_regular_file_and_nothing_else(tmp_path):
    (tmp_path / "note.md").write_bytes(b"tea\xff")
    os.symlink(tmp_path / "note.md", tmp_path / "link.md")
    os.mkfifo(tmp_path / "pipe.md")            # opening it for reading would block
    os.mkdir(tmp_path / "dir.md")
    root = str(tmp_path)
    assert read_regular(root, str(tmp_path / "note.md")) == b"tea\xff"
    assert read_regular(root, "note.md", 2) == b"te"           # bounded
    for name in ("link.md", "pipe.md", "dir.md", "absent.md"):
        assert read_regular(root, str(tmp_path / name)) is None, name
    with pytest.raises(SymlinkRefused):
        read_bounded(root, "link.md")
    with pytest.raises(NotRegular):
        read_bounded(root, "pipe.md")
    with pytest.raises(FileNotFoundError):
        read_bounded(root, "absent.md")


def test_a_symlinked_directory_on_the_way_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("from outside the home")
    home = tmp_path / "home"
    (home / "memory").mkdir(parents=True)
    os.symlink(outside, home / "memory" / "facts")
    assert read_regular(str(home), str(home / "memory" / "facts" / "secret.md")) is None
    with pytest.raises(SymlinkRefused):
        open_dir(str(home), str(home / "memory" / "facts"))
    with pytest.raises(SymlinkRefused):
        open_dir(str(home), str(home / "memory" / "facts" / "deeper"), create=0o755)
    assert not (outside / "deeper").exists()
    with pytest.raises(ValueError):
        open_dir(str(home), str(tmp_path))     # not under the root


def test_the_root_itself_may_be_a_symlink(tmp_path):
    (tmp_path / "disk").mkdir()
    (tmp_path / "disk" / "a.md").write_text("x")
    os.symlink(tmp_path / "disk", tmp_path / "home")
    assert read_regular(str(tmp_path / "home"), "a.md") == b"x"
