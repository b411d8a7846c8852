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


def pytest_report_header(config):
    """One line on the device tests (tests/test_device_*.py): run on the
    emulated Pico, or skipped and how to get the kit they need."""
    from tools.pico import harness

    if harness.kit() is None:
        return "device tests skipped: " + harness.HOW_TO_GET_KIT
    return "device tests: emulated Pico (rp2040js), kit at " + harness.KIT_DIR
