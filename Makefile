# bridgestats: the README's two commands are `make reports` and `make test`.
# Every target creates the local virtual environment (.venv) and installs the package
# into it when needed, so a fresh machine needs only python3 and make.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.DEFAULT_GOAL := help
.PHONY: help reports test check lint format bench clean

help:  ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | sort

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks,dev]'
	$(BIN)/python -m ipykernel install --sys-prefix --name bridgestats --display-name "Python 3 (bridgestats)" >/dev/null
	touch $(STAMP)

reports: $(STAMP)  ## run every default report into reports/ (the main job)
	$(BIN)/bridgestats reports

# The whole suite, in parallel: one worker per core (pytest-xdist); a test file stays on
# one worker (--dist loadfile), so a notebook test file runs its notebook once.
# One BLAS thread per worker: pytest-xdist already puts a worker on each core, and
# OpenBLAS's own threads, spinning beside the other worker, made the exact Gaussian
# likelihood's small Cholesky solves about 20x slower (tests/ratings; issue 25).
BLAS1 := OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1

test: $(STAMP)  ## run every test in parallel (unit, doctests, notebooks, browser, faults, wheel; real data when ../shared is present)
	$(BLAS1) $(BIN)/python -m pytest -n auto --dist loadfile

# The quick lane for the edit-test loop: unit tests and doctests, without the tests
# marked slow, notebook, browser or fault (tests/conftest.py marks them by place).
check: $(STAMP)  ## the quick lane: unit tests and doctests only (under a minute)
	$(BLAS1) $(BIN)/python -m pytest -q -n 2 --dist loadfile -m "not (slow or notebook or browser or fault)"

lint: $(STAMP)  ## ruff check and format check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)  ## ruff fix and format
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)  ## run the benchmarks (throughput and ratios against in-process baselines)
	$(BIN)/python -m benchmarks

clean:  ## remove the virtual environment and generated reports
	rm -rf $(VENV) reports/*/ reports/index.html
