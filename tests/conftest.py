"""Hypothesis profiles for the whole suite. ``ci`` (the default) is
derandomized: every run tries the same examples, so CI is deterministic and a
failure reproduces on any machine; no deadlines (timings are not tests, and
the shared CI cores make them flaky). ``explore`` (``HYPOTHESIS_PROFILE=explore``)
draws fresh examples each run, to hunt for new bugs (with
``HYPOTHESIS_SCALE=N`` test_properties.py runs N times its examples)."""

import os

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
