# `make play` and `make test` make their own virtualenv in .venv, so a fresh
# machine needs nothing but Python 3.10+ (with venv) and make.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: play test test-fast bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# requirements.lock's test group, each file checked against its hash (the
# venv's own pip: an upgrade from the index would be whatever it serves that
# day), then the project itself, its dependencies being there already
$(VENV)/.installed: pyproject.toml requirements.lock | $(BIN)/python
	$(BIN)/python tools/requirements.py --locked test > $(VENV)/requirements.txt
	$(BIN)/python -m pip install -q --require-hashes -r $(VENV)/requirements.txt
	$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
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
