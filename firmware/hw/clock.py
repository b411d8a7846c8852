"""The app's Clock on the device: MicroPython's ``time.ticks_ms``,
``time.ticks_diff`` and ``time.sleep_ms``.

Ticks wrap around (every 2**30 ms on the rp2 port, about 12 days), so
differences always go through ``ticks_diff``, as the app already does.
"""

import time


class DeviceClock:
    """``ticks_ms()``, ``ticks_diff(a, b)``, ``sleep_ms(ms)`` from ``time``."""

    def ticks_ms(self):
        """Milliseconds on the wrapping tick counter."""
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        """``a - b`` in milliseconds, across a wrap."""
        return time.ticks_diff(a, b)

    def sleep_ms(self, ms):
        """Block for ``ms`` milliseconds (nothing for ms <= 0)."""
        if ms > 0:
            time.sleep_ms(ms)
