# `make play` and `make test` make their own virtualenv in .venv, so a fresh
# machine needs nothing but Python 3.10+ (with venv) and make.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: play test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[test]"
	touch $@

play: $(VENV)/.installed
	$(BIN)/linebox

test: $(VENV)/.installed
	$(BIN)/python -m pytest

bench: $(VENV)/.installed
	$(BIN)/python -m engine bench

clean:
	rm -rf $(VENV) build/dist build/work
