"""The link cable on a UART (docs/link.md): a transport for ``link.session``.

A board's ``link`` dict names the UART and its pins (boards/). The UART
reads with no timeout, so ``readinto`` returns at once with what the UART's
receive buffer holds; ``RXBUF`` bytes are enough for several frames between
two rounds of the run loop at 115200 baud (about 11.5 bytes a millisecond).
"""

RXBUF = 1024


class UartLink:
    """``readinto(buf)`` (bytes that have arrived, 0 when none, never
    waits) and ``write(data)`` over ``machine.UART``."""

    def __init__(self, uart):
        self.uart = uart

    def readinto(self, buf):
        n = self.uart.any()
        if not n:
            return 0
        got = self.uart.readinto(buf, min(n, len(buf)))
        return got or 0

    def write(self, data):
        self.uart.write(data)


def from_board(cfg, machine=None):
    """The link of a board's ``link`` dict, or None when the board has none."""
    if not cfg:
        return None
    if machine is None:
        import machine
    uart = machine.UART(cfg["uart"], baudrate=cfg["baud"], tx=machine.Pin(cfg["tx"]),
                        rx=machine.Pin(cfg["rx"]), timeout=0, rxbuf=RXBUF)
    return UartLink(uart)
