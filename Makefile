# Two commands a new machine needs (see README.md):
#   make sim    set up, then run the simulator (window, or terminal over SSH)
#   make test   set up, then run every test (CPython, MicroPython under Node, ruff)
# Setup is idempotent: a virtual environment in .venv and the MicroPython
# WebAssembly runtime in node_modules, both from the package registries.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SIM_ARGS ?=

BOARD ?=
FLASH_ARGS ?=

.PHONY: setup sim test lint build bench bench-search bench-pico mem flash clean

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

sim: setup
	$(PY) -m host_sim $(SIM_ARGS)

test: setup
	$(VENV)/bin/ruff check .
	$(PY) -m pytest

build: setup
	$(PY) tools/build.py

bench: setup
	$(PY) tools/bench.py

# Computer players per game and level on MicroPython (Node): time, bytes
# allocated and peak live heap per decision, Pico time estimated by pystone
# (fetched once from PyPI into build/pystone/); fails if Hard is over budget.
bench-search: setup
	$(PY) tools/bench_search.py

# The console on the emulated Pico (tools/pico, needs ../shared/pico): boot,
# push, key press to pixels, heap per screen, decisions (docs/performance.md).
bench-pico: setup
	$(PY) tools/bench_pico.py $(if $(BOARD),--board $(BOARD)) $(BENCH_ARGS)

# Peak live heap per screen on MicroPython (Node), mpy-cross build; fails over 150 KB.
mem: setup
	$(PY) tools/mem_report.py

# Put the console on a Pico running MicroPython (see README, "Run it on a Pico").
flash: setup
	$(PY) tools/flash.py $(if $(BOARD),--board $(BOARD)) $(FLASH_ARGS)

clean:
	rm -rf build mp_out .pytest_cache
