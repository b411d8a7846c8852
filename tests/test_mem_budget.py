"""The memory budget: on MicroPython, the whole app with the 240x135 frame
(8-bit indexed), scripted through the title menu and a full game of every
title at the default difficulty, never holds more than 152 KB live (after
gc.collect()) at any screen. A card in flight holds its code and what it
covers (about 4 KB on this `.mpy` build, where code lives in the heap; on the
firmware image the code stays in flash): the Clubs table with a card in
flight is the peak. ``make mem``
(tools/bench/mem_report.py) prints the figures; this test fails when a change
breaks the budget.

``make test`` makes one run with a 2 MB heap (``--heaps 2m``), a fifth of the
processor time of the report's two runs (16 MB and 8 MB heaps, each figure the
lower): a conservative collector's false retention only adds, so its figures
are never below the two runs' and the budget check is at least as strict.
``make test-deep`` (tests/depth.py) makes the two runs, as ``make mem`` does."""

import subprocess
import sys

import depth
from mprun import ROOT, node_or_skip

BUDGET = 152 * 1024
#: mem_report's heaps: one small heap in make test, its default two in make test-deep.
HEAPS = depth.pick(["--heaps", "2m"], [])


def test_every_screen_fits_in_the_budget(tmp_path):
    node_or_skip()
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "bench" / "mem_report.py"),
         "--build", str(tmp_path / "b")] + HEAPS,
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    rows = {}
    for line in out.stdout.splitlines():
        parts = line.replace("OVER BUDGET", "").split()
        if len(parts) >= 4 and parts[-3].isdigit() and parts[-1].isdigit():
            rows[" ".join(parts[:-3])] = int(parts[-3])
    # The scenario reached every screen: boot, title, rules, and each game's
    # table and result.
    games = ("Clubbed/", "Klaberjass/", "Clubs/")
    assert "boot: App created, first frame drawn" in rows and "Title" in rows, out.stdout
    assert "Rules" in rows, out.stdout
    for g in games:
        assert len([k for k in rows if k.startswith(g)]) >= 2, (g, out.stdout)
    over = {k: v for k, v in rows.items() if v > BUDGET}
    runs = "one run, 2 MB heap; make mem takes the lower of two" if HEAPS else "two runs"
    assert not over, "over %d bytes: %r (%s)\n%s" % (BUDGET, over, runs, out.stdout)
    assert out.returncode == 0, out.stdout + out.stderr
