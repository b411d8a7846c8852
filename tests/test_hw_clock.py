"""hw/clock.py's DeviceClock on real MicroPython (WebAssembly, 32-bit like
the rp2 port: ticks wrap every 2**30 ms): a deadline made as
``ticks_ms() + ms`` just before the wrap is past the small-int range, and
``ticks_diff`` still reads it as ``ms`` away (``time.ticks_diff`` alone read
a 700 ms deadline as about 290 s)."""

from mprun import micropython_output

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
    script = tmp_path / "wrap.py"
    script.write_text(SCRIPT)
    lines = micropython_output(str(script)).split("\n")
    want = []
    for ms in (1, 700, 1700, 60000):
        want += ["%d %d 3" % (ms, -ms)] * 3
    want.append("6 -6")
    assert lines[:len(want)] == want
