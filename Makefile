# shelldon: install, test, demo, bench — and stage composition recipes.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: install test demo bench clean torture

install: $(STAMP)

$(STAMP): pyproject.toml
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

# torture (docs/RELIABILITY.md): 1,000 kills, every strace kill point, 20x the property
# examples, then each atheris fuzz target for FUZZ_SECONDS (atheris installed here only).
FUZZ_SECONDS ?= 60
torture: install
	SHELLDON_CRASH_ITERATIONS=1000 HYPOTHESIS_PROFILE=torture $(PY) -m pytest -q -s \
		tests/test_crash.py tests/test_faults.py tests/test_properties.py
	$(PY) bench/secrets_rate.py
	$(PY) bench/poison_rate.py
	$(PY) -m pip install --quiet atheris || echo "torture: atheris would not install; fuzzing skipped"
	$(PY) fuzz/run.py --seconds $(FUZZ_SECONDS)

clean:
	rm -rf $(VENV) .pytest_cache build lib/*.egg-info
