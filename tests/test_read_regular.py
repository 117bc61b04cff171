"""util.atomic.read_regular: a regular file's bytes, never through a symlink, never stuck."""
import os

from shelldon.util.atomic import read_regular


def test_reads_a_regular_file_and_nothing_else(tmp_path):
    (tmp_path / "note.md").write_bytes(b"tea\xff")
    os.symlink(tmp_path / "note.md", tmp_path / "link.md")
    os.mkfifo(tmp_path / "pipe.md")            # opening it for reading would block
    os.mkdir(tmp_path / "dir.md")
    assert read_regular(str(tmp_path / "note.md")) == b"tea\xff"
    for name in ("link.md", "pipe.md", "dir.md", "absent.md"):
        assert read_regular(str(tmp_path / name)) is None, name
