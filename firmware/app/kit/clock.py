"""The Clock interface: ``ticks_ms()``, ``ticks_diff(a, b)`` and ``sleep_ms(ms)``.

The app asks the clock for time and never sleeps on its own, so the simulator
can run a whole game in milliseconds (``VirtualClock``) or at human pace. On
the device the clock wraps ``time.ticks_ms``/``time.ticks_diff`` (the ticks
wrap around, so differences must go through ``ticks_diff``).
"""


class VirtualClock:
    """A clock that only moves when slept on: tests and headless runs."""

    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        """Milliseconds since start (int)."""
        return self.now

    def ticks_diff(self, a, b):
        """``a - b`` in milliseconds."""
        return a - b

    def sleep_ms(self, ms):
        """Advance time by ``ms`` milliseconds at once."""
        self.now += ms
