"""A real-time Clock for the interactive front ends (window, terminal).

Same interface as ``app.kit.clock.VirtualClock``; headless runs use that instead.
"""

import time


class MonotonicClock:
    """Milliseconds from the host's monotonic clock, counted from creation."""

    def __init__(self):
        self._start_ns = time.monotonic_ns()

    def ticks_ms(self):
        """Milliseconds since this clock was created (int, never decreasing)."""
        return (time.monotonic_ns() - self._start_ns) // 1_000_000

    def ticks_diff(self, a, b):
        """``a - b`` in milliseconds (these ticks never wrap)."""
        return a - b

    def sleep_ms(self, ms):
        """Block for ``ms`` milliseconds."""
        if ms > 0:
            time.sleep(ms / 1000)


def ms_until(clock, deadline):
    """Milliseconds (int, >= 0) from ``clock`` now until tick ``deadline``;
    None when ``deadline`` is None."""
    if deadline is None:
        return None
    return max(0, clock.ticks_diff(deadline, clock.ticks_ms()))
