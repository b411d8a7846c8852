"""hw/clock.py's DeviceClock on real MicroPython (WebAssembly, 32-bit like
the rp2 port: ticks wrap every 2**30 ms): a deadline made as
``ticks_ms() + ms`` just before the wrap is past the small-int range, and
``ticks_diff`` still reads it as ``ms`` away (``time.ticks_diff`` alone read
a 700 ms deadline as about 290 s)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MP_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"

SCRIPT = """
import time
from hw.clock import DeviceClock
c = DeviceClock()
top = time.ticks_add(0, -1)  # the last tick before the wrap
for ms in (1, 700, 1700, 60000):
    for now in (top, top - ms + 1, time.ticks_add(top, -5)):
        due = now + ms  # as the app makes a deadline
        after = time.ticks_add(now, ms + 3)  # the clock, 3 ms past it
        print(c.ticks_diff(due, now), c.ticks_diff(now, due), c.ticks_diff(after, due))
print(c.ticks_diff(5, top), c.ticks_diff(top, 5))
"""


def test_device_clock_reads_deadlines_across_the_wrap(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (CI installs it; `make setup` runs npm ci)")
    if not MP_PACKAGE.is_dir():
        pytest.skip("node_modules lacks the MicroPython runtime: run `npm ci` (CI does)")
    script = tmp_path / "wrap.py"
    script.write_text(SCRIPT)
    mp = subprocess.run([node, "tools/mp/mp_run.mjs", "--path", str(ROOT / "firmware"),
                         str(script)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert mp.returncode == 0, mp.stderr[-2000:]
    lines = mp.stdout.split("\n")
    want = []
    for ms in (1, 700, 1700, 60000):
        want += ["%d %d 3" % (ms, -ms)] * 3
    want.append("6 -6")
    assert lines[:len(want)] == want
