# Two commands a new machine needs (see README.md):
#   make sim    set up, then run the simulator (window, or terminal over SSH)
#   make test   set up, then run every test (CPython, MicroPython under Node, ruff),
#               on every core (pytest-xdist; tests/conftest.py hands out the work)
#   make test-fast  the rules core and the app's logic only, in under a minute
# Setup is idempotent: a virtual environment in .venv and the MicroPython
# WebAssembly runtime in node_modules, both from the package registries.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SIM_ARGS ?=

BOARD ?=
FLASH_ARGS ?=

.PHONY: setup sim test test-fast lint build bench bench-search mem flash clean

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
	$(PY) -m pytest -n auto

FAST_TESTS := tests/test_cards_rng.py tests/test_core_constraints.py \
	tests/test_clubbed_rules.py tests/test_clubs_rules.py tests/test_klaberjass_rules.py \
	tests/test_app_game.py tests/test_app_clubs.py tests/test_app_klaberjass.py \
	tests/test_app_bad_actions.py tests/test_rules_docs.py tests/test_rules_screen.py

test-fast: setup
	$(PY) -m pytest -n auto $(FAST_TESTS)

build: setup
	$(PY) tools/build.py

bench: setup
	$(PY) tools/bench.py

# Computer players per game and level on MicroPython (Node): time, bytes
# allocated and peak live heap per decision, Pico time estimated by pystone
# (fetched once from PyPI into build/pystone/); fails if Hard is over budget.
bench-search: setup
	$(PY) tools/bench_search.py

# Peak live heap per screen on MicroPython (Node), mpy-cross build; fails over 150 KB.
mem: setup
	$(PY) tools/mem_report.py

# Put the console on a Pico running MicroPython (see README, "Run it on a Pico").
flash: setup
	$(PY) tools/flash.py $(if $(BOARD),--board $(BOARD)) $(FLASH_ARGS)

clean:
	rm -rf build mp_out .pytest_cache
