# Quick start: `make demo` (set up and run the main job), `make test` (set up and test).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test fuzz bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	@echo "installing freecell-cli into $(VENV) (log: $(VENV)/install.log)"
	@$(BIN)/pip install -e '.[dev,fcs,dask,png,plot]' --config-settings editable_mode=compat > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
	touch $(STAMP)

demo: $(STAMP)
	@bash examples/demo.sh $(BIN)/freecell

test: $(STAMP)
	$(BIN)/python -m pytest

# Deeper fuzzing of every reader and command than `make test` does (issue 9).
fuzz: $(STAMP)
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-5000} $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_fuzz.py

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
