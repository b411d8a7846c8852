"""The link cable on a UART (docs/link.md): a transport for ``link.session``.

A board's ``link`` dict names the UART and its pins (boards/). The UART
reads with no timeout, so ``readinto`` returns at once with what the UART's
receive buffer holds; ``RXBUF`` bytes are enough for several frames between
two rounds of the run loop at 115200 baud (about 11.5 bytes a millisecond).
``wait(ms)`` sleeps until bytes arrive or ``ms`` have passed (``select.poll``
on the UART: the CPU waits for an interrupt, and the UART's receive
interrupt ends the wait), so the run loop (``hw.start``) steps the app as
soon as a frame comes in rather than at its next frame.
"""

RXBUF = 1024


class UartLink:
    """``readinto(buf)`` (bytes that have arrived, 0 when none, never
    waits) and ``write(data)`` over ``machine.UART``; ``wait(ms)`` when a
    ``poller`` (``select.poll`` with the UART registered) is given."""

    def __init__(self, uart, poller=None):
        self.uart = uart
        self.poller = poller
        if poller is not None:
            self.wait = self._wait

    def readinto(self, buf):
        n = self.uart.any()
        if not n:
            return 0
        got = self.uart.readinto(buf, min(n, len(buf)))
        return got or 0

    def write(self, data):
        self.uart.write(data)

    def _wait(self, ms):
        # Sleep up to ``ms`` milliseconds, less when bytes arrive; True when
        # bytes wait. (``ipoll`` allocates nothing.)
        if self.uart.any():
            return True
        for _ in self.poller.ipoll(ms):
            return True
        return False


def from_board(cfg, machine=None, select=None):
    """The link of a board's ``link`` dict, or None when the board has none.
    Without ``select.poll`` for the UART (a stand-in UART on CPython) the
    link has no ``wait``."""
    if not cfg:
        return None
    if machine is None:
        import machine
    uart = machine.UART(cfg["uart"], baudrate=cfg["baud"], tx=machine.Pin(cfg["tx"]),
                        rx=machine.Pin(cfg["rx"]), timeout=0, rxbuf=RXBUF)
    if select is None:
        import select
    poller = select.poll()
    try:
        poller.register(uart, select.POLLIN)
    except TypeError:
        poller = None
    return UartLink(uart, poller)
