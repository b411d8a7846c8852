"""The battery's level, where the board can read it.

    gauge = battery.from_board(board.get("battery"), machine)  # None: no gauge
    gauge.level()        # percent left, 0..100
    gauge.millivolts()   # the supply (VSYS) in mV

On a plain Raspberry Pi Pico, VSYS (the supply after the USB and battery
diodes) comes through a divider of three to ADC3 (GP29): the board's
``battery`` dict says so (``pin`` 29, ``ratio`` 3). On a Pico W the same
input shares its pin with the radio's bus (GP25 must be high to read it),
so a Pico W handheld's board has none: no gauge, nothing shown.

The level is the voltage placed between the board's ``empty_mv`` (the cell
about to give out) and ``full_mv`` (just charged), linear between them and
clamped: a rough figure, enough for "about half" and "low". There is no
level (None) when the supply says no cell is being read: on USB power VSYS is
the USB's 5 V less a diode, well above any charged cell ("Battery 100%" while
plugged in would be a guess), and a reading far below an empty cell is no
cell at all (a Pico W running this image, whose pin is not wired to VSYS).
"""

SAMPLES = 4  # readings averaged (the ADC's last bit or two are noise)
VREF_MV = 3300  # the ADC's reference on a Pico (3.3 V)
EMPTY_MV = 3300  # a single Li-ion or LiPo cell near empty...
FULL_MV = 4200  # ...and charged
EXTERNAL_MV = 4450  # above this, USB or another supply, not the cell
NONE_MV = 2500  # below this, no cell read (a cell is cut off near 3 V)


class Gauge:
    """``adc``: an object with ``read_u16()`` (``machine.ADC``); ``ratio``:
    the divider in front of it; ``empty_mv``/``full_mv``: the supply at 0 %
    and 100 %."""

    def __init__(self, adc, ratio=3, empty_mv=EMPTY_MV, full_mv=FULL_MV):
        if not 0 < empty_mv < full_mv:
            raise ValueError("battery: empty_mv %r must be below full_mv %r"
                             % (empty_mv, full_mv))
        self.adc = adc
        self.ratio = ratio
        self.empty_mv = empty_mv
        self.full_mv = full_mv

    def millivolts(self):
        """The supply in mV (the mean of SAMPLES readings, times the divider)."""
        total = 0
        read = self.adc.read_u16
        for _ in range(SAMPLES):
            total += read()
        # Small ints all along: at most 65535 * 3300 before the division.
        return total // SAMPLES * VREF_MV // 65535 * self.ratio

    def level(self):
        """Percent left, 0..100, or None when no cell is read (on USB or
        another supply, or no reading that a cell could give)."""
        mv = self.millivolts()
        if mv > EXTERNAL_MV or mv < NONE_MV:
            return None
        lo = self.empty_mv
        pct = (mv - lo) * 100 // (self.full_mv - lo)
        return 0 if pct < 0 else 100 if pct > 100 else pct


def from_board(cfg, machine=None):
    """The board's gauge, or None when ``cfg`` (its ``battery`` dict) is
    None: a board that cannot read its supply."""
    if not cfg:
        return None
    if machine is None:
        import machine
    return Gauge(machine.ADC(cfg["pin"]), cfg.get("ratio", 3), cfg.get("empty_mv", EMPTY_MV),
                 cfg.get("full_mv", FULL_MV))
