"""Every bin/shelldon-* script is installed on PATH; the rest of the metadata is in pyproject.toml."""
import glob

from setuptools import setup

setup(scripts=sorted(glob.glob("bin/shelldon-*")))
