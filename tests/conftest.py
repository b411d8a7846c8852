"""Hypothesis profiles for the whole suite. ``ci`` (the default) is
derandomized: every run tries the same examples, so CI is deterministic and a
failure reproduces on any machine; no deadlines (timings are not tests, and
the shared CI cores make them flaky). ``explore`` (``HYPOTHESIS_PROFILE=explore``)
draws fresh examples each run, to hunt for new bugs (with
``HYPOTHESIS_SCALE=N`` test_properties.py runs N times its examples)."""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, database=None,
                          print_blob=True)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))



def pytest_terminal_summary(terminalreporter):
    """One line when the device tests (tests/test_device_*.py) were skipped
    for want of the device kit, saying how to get it."""
    from tools.pico import harness

    if harness.kit() is None:
        terminalreporter.write_line("device tests skipped: " + harness.HOW_TO_GET_KIT)


# --- running in parallel (pytest-xdist: make test runs -n auto --dist loadscope) ---

HERE = os.path.dirname(os.path.abspath(__file__))


def _shared_setup_files():
    # Test files with a module-scoped fixture (a build, a batch of random
    # games, a MicroPython run): their tests go to one worker together, so
    # that the setup runs once, not once per worker.
    out = set()
    for name in sorted(os.listdir(HERE)):
        if name.startswith("test_") and name.endswith(".py"):
            with open(os.path.join(HERE, name), encoding="utf-8") as f:
                if 'scope="module"' in f.read():
                    out.add("tests/" + name)
    return out


SHARED_SETUP = _shared_setup_files()

# The longest tests and shared setups start first, longest first (from a
# --durations run), which keeps the two workers busy to the end instead of one
# finishing a long test alone: the soak, the emulated Pico's, the memory
# reports (whole games under MicroPython), the text checks that draw every
# event; then the other files of SHARED_SETUP, each one long unit.
SLOW_FIRST = ("tests/test_soak.py::test_soak[", "tests/test_device_memory.py",
              "tests/test_device_powercut.py", "tests/test_device_game.py",
              "tests/test_text_fits.py::test_klaberjass_events_and_banners_fit",
              "tests/test_mem_budget.py", "tests/test_mem_report_board.py::test_board_fits",
              "tests/test_terminal_text.py::test_whole_game", "tests/test_screens_doc.py",
              "tests/test_device_link.py", "tests/test_device_buttons.py",
              "tests/test_device_frames.py", "tests/test_records_defects.py::test_help_is_kept",
              "tests/test_pico_uart.py", "tests/test_device_boot.py", "tests/test_web_browser.py",
              "tests/test_persist.py::test_save_at_every_position", "tests/test_arena.py",
              "tests/test_clubbed_random.py", "tests/test_clubs_random.py",
              "tests/test_klaberjass_random.py", "tests/test_klaberjass_parity.py",
              "tests/test_clubs_parity.py", "tests/test_mp_parity.py", "tests/test_mpy_cross.py")


def _rank(nodeid):
    for i, prefix in enumerate(SLOW_FIRST):
        if nodeid.startswith(prefix):
            return i
    return len(SLOW_FIRST) + (nodeid.split("::", 1)[0] not in SHARED_SETUP)


def pytest_collection_modifyitems(config, items):
    """Slow tests first (a stable sort: the rest keep their order)."""
    items.sort(key=lambda it: _rank(it.nodeid))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """One test per work unit, except the files of SHARED_SETUP, each one
    unit; units are handed out in collection order (slow first)."""
    from xdist.scheduler import LoadScopeScheduling

    class Scheduling(LoadScopeScheduling):
        def __init__(self, config, log=None):
            super().__init__(config, log)
            config.option.loadscopereorder = False  # keep the slow-first order

        def _split_scope(self, nodeid):
            path = nodeid.split("::", 1)[0]
            return path if path in SHARED_SETUP else nodeid

        def _reschedule(self, node):
            # A worker gets its next unit when it has at most one test
            # left (xdist waits for two): the long units at the head of the
            # order then go to whichever worker is free, not into the queue
            # of one still busy with another long test.
            if node.shutting_down:
                return
            if not self.workqueue:
                node.shutdown()
                return
            if self._pending_of(self.assigned_work[node]) <= 1:
                self._assign_work_unit(node)

    return Scheduling(config, log)
