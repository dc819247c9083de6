# `make play` and `make test` make their own virtualenv in .venv, so a fresh
# machine needs nothing but Python 3.10+ (with venv) and make.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: play test test-fast bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[test]"
	touch $@

play: $(VENV)/.installed
	$(BIN)/linebox

# Two pytest workers (pytest-xdist): the suite is mostly one busy core, and the
# machines it runs on have two. Each test file stays on one worker, so its
# module fixtures are made once; each worker has its own homeserver and temp
# folders. `make test TEST_JOBS=0` runs it in one process.
TEST_JOBS ?= 2

test: $(VENV)/.installed
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile

# The tests below the window (tests/conftest.py marks the rest `slow`: the real App, a homeserver,
# kills, the monkey, whole games of searching bots, the toolchain's own checks).
test-fast: $(VENV)/.installed
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile -m "not slow"

bench: $(VENV)/.installed
	$(BIN)/python -m engine bench

clean:
	rm -rf $(VENV) build/dist build/work
