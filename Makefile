# Two commands for a fresh machine: `make play` and `make test`.
# Both create .venv with Python 3.11+ and install the pinned requirements first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup play test clean

$(BIN)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

setup: $(BIN)/.installed

play: setup
	$(BIN)/python main.py $(ARGS)

test: setup
	$(BIN)/python -m pytest -q $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
