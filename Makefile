# Two commands a new machine needs (see README.md):
#   make sim    set up, then run the simulator (window, or terminal over SSH)
#   make test   set up, then run every test (CPython, MicroPython under Node, ruff),
#               on every core (pytest-xdist; tests/conftest.py hands out the work)
#   make test-fast  the rules core and the app's logic only, in under a minute
#   make test-deep  make test with more of the same checks (tests/depth.py, listed
#               in docs/testing.md): the soak at full length, the memory runs
#               on every board, for changes to the core, the app's input or memory
# Setup is idempotent: a virtual environment in .venv and the MicroPython
# WebAssembly runtime in node_modules, both from the package registries.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SIM_ARGS ?=

BOARD ?=
CHIP ?=
FLASH_ARGS ?=
MICROPY_DIR ?=
PICO_KIT ?= ../shared/pico
FIRMWARE_ARGS ?=

.PHONY: setup sim test test-fast test-deep lint build bench bench-search bench-pico mem flash firmware release \
	reproducible clean

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

# With the device kit (or MICROPY_DIR) and the ARM toolchain, the firmware
# image is brought up to date first, so the device tests run on it too.
test: setup
	$(VENV)/bin/ruff check .
	@if { [ -d "$(PICO_KIT)" ] || [ -n "$(MICROPY_DIR)" ]; } && command -v arm-none-eabi-gcc >/dev/null; then \
	  $(MAKE) --no-print-directory firmware; \
	else echo "make test: no firmware image built (needs ../shared/pico or MICROPY_DIR, and gcc-arm-none-eabi): frozen-image tests skip"; fi
	$(PY) -m pytest -n auto

FAST_TESTS := tests/test_cards_rng.py tests/test_core_constraints.py \
	tests/test_clubbed_rules.py tests/test_clubs_rules.py tests/test_klaberjass_rules.py \
	tests/test_app_game.py tests/test_app_clubs.py tests/test_app_klaberjass.py \
	tests/test_app_bad_actions.py tests/test_rules_docs.py tests/test_rules_screen.py

test-fast: setup
	$(PY) -m pytest -n auto $(FAST_TESTS)

test-deep: setup
	PICOCARDS_DEEP=1 $(MAKE) --no-print-directory test

lint: setup
	$(VENV)/bin/ruff check .

build: setup
	$(PY) tools/make/build.py

bench: setup
	$(PY) tools/bench/bench.py

# Computer players per game and level on MicroPython (Node): time, bytes
# allocated and peak live heap per decision, Pico time estimated by pystone
# (fetched once from PyPI into build/pystone/; device times: make bench-pico);
# fails if Hard's peak heap is over budget.
bench-search: setup
	$(PY) tools/bench/bench_search.py

# The console on the emulated Pico (tools/pico, needs ../shared/pico): boot,
# push, key press to pixels, heap per screen, decisions (docs/performance.md).
bench-pico: setup
	$(PY) tools/bench/bench_pico.py $(if $(BOARD),--board $(BOARD)) $(BENCH_ARGS)

# Peak live heap per screen on MicroPython (Node), mpy-cross build; fails over 152 KB.
mem: setup
	$(PY) tools/bench/mem_report.py

# Put the console on a Pico running MicroPython (see README, "Run it on a Pico").
flash: setup
	$(PY) tools/make/flash.py $(if $(BOARD),--board $(BOARD)) \
	  $(if $(MICROPY_DIR),--micropy-dir "$(MICROPY_DIR)") --kit "$(PICO_KIT)" $(FLASH_ARGS)

# The firmware image: MicroPython 1.28.0 with the console frozen in, defaulting
# to BOARD (docs/firmware.md); CHIP=rp2350 for a Pico 2 (untested on hardware). Source: MICROPY_DIR (a v1.28.0 checkout with its
# submodules) or the device kit in PICO_KIT. Writes
# build/firmware/picocards-<board>.uf2; does nothing if that is up to date.
firmware:
	@$(PYTHON) tools/make/firmware.py $(if $(BOARD),--board $(BOARD)) $(if $(CHIP),--chip $(CHIP)) \
	  $(if $(MICROPY_DIR),--micropy-dir "$(MICROPY_DIR)") --kit "$(PICO_KIT)" $(FIRMWARE_ARGS)

# A release (docs/firmware.md): every board's image, the web page as a zip,
# INSTALL.txt and SHA256SUMS in dist/picocards-<version>/.
release: setup
	$(PY) tools/make/release.py $(if $(MICROPY_DIR),--firmware-args "--micropy-dir $(MICROPY_DIR)")

# Two builds of BOARD's image from this tree, compared byte for byte (a few
# minutes; the suite checks the frozen content only: tests/test_reproducible.py).
reproducible:
	@$(PYTHON) tools/make/reproducible.py $(if $(BOARD),--board $(BOARD)) \
	  --firmware-args "--kit $(PICO_KIT)$(if $(MICROPY_DIR), --micropy-dir $(MICROPY_DIR))"

clean:
	rm -rf build dist mp_out .pytest_cache

# --- The console in a browser (docs/web.md) ---------------------------------
# web        the static site in build/web (the page, MicroPython WebAssembly
#            from node_modules, the unchanged firmware/ files, boards)
# web-serve  serve it on this machine: http://127.0.0.1:$(WEB_PORT)/
# bench-web  page load to title, key press to frame, in headless Chromium
WEB_PORT ?= 8000
.PHONY: web web-serve bench-web
web: setup
	$(PY) tools/web/build_web.py
web-serve: web
	$(PY) tools/web/web_serve.py --port $(WEB_PORT)
bench-web: web
	$(PY) tools/bench/bench_web.py
