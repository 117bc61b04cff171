# shelldon: install, test, demo, bench — and stage composition recipes.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
KEPT   := $(VENV)/.compiled-stamp

MANDIR   := $(VENV)/share/man/man1
MANSTAMP := $(MANDIR)/.made

.PHONY: install install-system test demo bench bench-smoke bench-year clean man torture

install: $(STAMP) $(MANSTAMP) $(KEPT)

# Byte code compiled ahead, so a stage's cold start does not pay for it, even where
# PYTHONDONTWRITEBYTECODE is set.
$(KEPT): $(STAMP) $(shell find lib/shelldon -name '*.py')
	PYTHONDONTWRITEBYTECODE= $(PY) -m compileall -q lib
	touch $@

# Man pages from each stage's --help (lib/shelldon/manpage.py), and shelldon.1 for the
# umbrella command listing them; `man shelldon-recall`
# finds them once $(VENV)/bin is on PATH.
man: $(MANSTAMP)

$(MANSTAMP): $(STAMP) lib/shelldon/manpage.py lib/shelldon/commands.py $(wildcard bin/shelldon*)
	$(PY) -m shelldon.manpage --out $(MANDIR) bin/shelldon $(wildcard bin/shelldon-*) >/dev/null
	touch $@

$(STAMP): pyproject.toml setup.py $(wildcard bin/shelldon-*)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The daemons on this machine (as root: sudo make install-system): a virtualenv of its own
# in /opt/shelldon — readable by the units' users, unlike one under /home or /root — then
# shelldon-init --system (users, /var/lib/shelldon, links, man pages, units). DRY_RUN=1
# prints what it would make.
SYSTEM_VENV ?= /opt/shelldon
ifdef DRY_RUN
install-system: install
	$(PY) bin/shelldon-init --system --dry-run --bindir $(SYSTEM_VENV)/bin
else
install-system:
	$(PYTHON) -m venv $(SYSTEM_VENV)
	$(SYSTEM_VENV)/bin/python -m pip install --quiet .
	$(SYSTEM_VENV)/bin/shelldon-init --system
endif

test: install
	$(PY) -m pytest -q

demo: install
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(PY) examples/demo.py

bench: install
	$(PY) bench/run.py
	$(PY) bench/year.py

bench-year: install  # a year of talk (500 facts, 30,000 turns): the share of answers the prompt holds
	$(PY) bench/year.py

bench-smoke: install  # tiny sizes, under a minute: the same table, ratios only
	$(PY) bench/run.py --smoke

# torture (docs/RELIABILITY.md): 1,000 kills, every strace kill point, 20x the property
# examples, then each atheris fuzz target for FUZZ_SECONDS (atheris installed here only).
FUZZ_SECONDS ?= 60
torture: install
	SHELLDON_CRASH_ITERATIONS=1000 HYPOTHESIS_PROFILE=torture $(PY) -m pytest -q -s \
		tests/test_crash.py tests/test_faults.py tests/test_properties.py
	$(PY) bench/secrets_rate.py
	$(PY) bench/poison_rate.py
	$(PY) bench/gate_cost.py
	$(PY) -m pip install --quiet atheris || echo "torture: atheris would not install; fuzzing skipped"
	$(PY) fuzz/run.py --seconds $(FUZZ_SECONDS)

clean:
	rm -rf $(VENV) .pytest_cache build lib/*.egg-info
