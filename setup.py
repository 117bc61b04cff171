"""Every bin/shelldon-* script is installed on PATH, with its man page (share/man/man1) and
the systemd units (share/shelldon/systemd, where `shelldon-init --system` finds them); the
rest of the metadata is in pyproject.toml.

The man pages are made here, at build time, from each stage's --help (lib/shelldon/
manpage.py), not committed: a page made from the help cannot drift from it, and there is
no second copy to remember to regenerate. That needs click at build time, hence it is in
[build-system] requires."""
import glob
import os
import sys

from setuptools import setup


def man_pages() -> list[str]:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
    from shelldon.manpage import write_pages
    # bin/shelldon too: the umbrella is installed by [project.scripts], its page from here
    return write_pages(glob.glob("bin/shelldon-*") + ["bin/shelldon"], os.path.join("build", "man1"))


setup(scripts=sorted(glob.glob("bin/shelldon-*")),
      data_files=[("share/man/man1", man_pages()),
                  ("share/shelldon/systemd", sorted(glob.glob("systemd/shelldon*")))])
