"""The app's Clock on the device: MicroPython's ``time.ticks_ms``,
``time.ticks_diff`` and ``time.sleep_ms``.

Ticks wrap around (every 2**30 ms on the rp2 port, about 12 days), so
differences always go through ``ticks_diff``, as the app already does.
The app makes a deadline as ``ticks_ms() + ms``; made just before a wrap it
is past the small-int range, and ``time.ticks_diff`` reads its arguments
as small ints (a 700 ms deadline read as about 290 s), so ``ticks_diff``
takes both back onto the tick circle first.
"""

import time

from micropython import const

_TICKS_MASK = const(0x3FFFFFFF)  # the rp2 port's tick period, 2**30, less one


class DeviceClock:
    """``ticks_ms()``, ``ticks_diff(a, b)``, ``sleep_ms(ms)`` from ``time``."""

    def ticks_ms(self):
        """Milliseconds on the wrapping tick counter."""
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        """``a - b`` in milliseconds, across a wrap, for ticks and for
        ticks plus a few seconds (deadlines)."""
        return time.ticks_diff(a & _TICKS_MASK, b & _TICKS_MASK)

    def sleep_ms(self, ms):
        """Block for ``ms`` milliseconds (nothing for ms <= 0)."""
        if ms > 0:
            time.sleep_ms(ms)
