# shelldon: install, test, demo, bench — and stage composition recipes.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: install test demo bench bench-smoke clean

install: $(STAMP)

$(STAMP): pyproject.toml setup.py $(wildcard bin/shelldon-*)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

test: install
	$(PY) -m pytest -q

demo: install
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(PY) examples/demo.py

bench: install
	$(PY) bench/run.py

bench-smoke: install  # tiny sizes, under a minute: the same table, ratios only
	$(PY) bench/run.py --smoke

clean:
	rm -rf $(VENV) .pytest_cache build lib/*.egg-info
