# Two commands for a fresh machine: `make play` and `make test`.
# `make measure` re-measures the slow figures kept in records/ (difficulty tables, win rates).
# Both create .venv with Python 3.11+ and install the pinned requirements first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup play test measure clean

$(BIN)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

setup: $(BIN)/.installed

play: setup
	$(BIN)/python main.py $(ARGS)

# One worker more than cores: the tests that wait on a child process, Xvfb or Chromium leave
# their core idle otherwise (2 cores: 3:04 with 3 workers against 3:17 with 2).
JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))

# Compiled first: where PYTHONDONTWRITEBYTECODE is set (this CI machine's shell sets it), every
# child process a test starts compiled the game's modules again (a fresh clone: 3:39 -> 3:16).
# The test modules' asserts are rewritten once too (tests/warm_asserts.py), not once per worker:
# each worker's collection 10.5 -> 3.3 CPU-s.
test: setup
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m compileall -q -j 0 game main.py >/dev/null
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m tests.warm_asserts -j $(JOBS)
	$(BIN)/python -m pytest -q -n $(JOBS) $(ARGS)

measure: setup
	$(BIN)/python main.py measure $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
