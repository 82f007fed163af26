# Quick start: `make demo` (set up and run the main job), `make test` (set up and test).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test typecheck docs man fuzz bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml setup.py $(wildcard freecell_cli/solvers/_*.c freecell_cli/solvers/_*.h)
	@echo "installing freecell-cli into $(VENV) (log: $(VENV)/install.log)"
	@$(BIN)/pip install -e '.[dev,fcs,dask,png,plot]' --config-settings editable_mode=compat > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
	@# An editable install leaves no bytecode; with PYTHONDONTWRITEBYTECODE set every
	@# run would compile the package again (about 50 ms of each pipe stage's start-up).
	@$(BIN)/python -m compileall -q freecell_cli > /dev/null
	@# An editable install leaves out the manual page a wheel installs: link it where
	@# `man freecell` looks once the venv is active (its bin on PATH).
	@mkdir -p $(VENV)/share/man/man1 && ln -sf ../../../../man/freecell.1 $(VENV)/share/man/man1/freecell.1
	touch $(STAMP)

demo: $(STAMP)
	@bash examples/demo.sh $(BIN)/freecell

test: $(STAMP) typecheck
	$(BIN)/python -m pytest

# The type checker over the package (issue 15; settings in pyproject.toml, [tool.mypy]).
typecheck: $(STAMP)
	$(BIN)/python -m mypy

# The reference from the docstrings and the Scripting guide, offline, into docs/_build/.
docs: $(STAMP)
	$(BIN)/python docs/build.py

# The manual page from the commands' help (installed as share/man/man1/freecell.1;
# a test fails when it differs from what `freecell --man` prints).
man: $(STAMP)
	$(BIN)/freecell --man > man/freecell.1.tmp && mv man/freecell.1.tmp man/freecell.1

# Deeper fuzzing of every reader and command than `make test` does (issue 9).
fuzz: $(STAMP)
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-5000} $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_fuzz.py

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis .mypy_cache docs/_build
