"""SSD1306 monochrome OLED over I2C through micropython-lib's ``ssd1306``
driver: the app's Display interface (``fb``, ``buf``, ``width``, ``height``,
``mono``, ``show()``) on the driver's 1-bit MONO_VLSB frame.

    from hw import oled
    display = oled.from_board(board["display"])   # builds the I2C bus
    display.init()                                  # finds the panel, driver init
    display.fb.fill(1); display.show()              # every pixel lit

The driver is not part of this repository: the firmware image freezes it
(tools/make/manifest.py), and ``tools/make/flash.py`` copies it, compiled, from the
MicroPython source to ``/lib/ssd1306.mpy`` (docs/firmware.md). Its
``SSD1306_I2C(width, height, i2c, addr)`` *is* a ``framebuf.FrameBuffer``
(MONO_VLSB) over its own ``buffer`` (``width * height // 8`` bytes, 1,024 at
128x64), sends the init sequence when made and the whole buffer on
``show()``; this adapter draws on that frame directly, so the app's frame is
the driver's buffer and nothing is copied.

Facts used (learnt, not copied): Solomon Systech SSD1306 datasheet, I2C
interface: 7-bit slave address 3Ch (SA0 low) or 3Dh (SA0 high); modules
sold as "0x78"/"0x7A" mean the same two addresses shifted left. Boards
differ in how SA0 is strapped, so ``init()`` scans the bus and takes the
board's ``addr`` if it answers, else the other SSD1306 address. With
neither answering it raises ``NoDisplay`` naming the bus, the pins and what
the scan found: ``hw/start.py`` prints and logs that once and stops (there
is no screen to show it on), instead of restarting in a loop.
"""

from micropython import const

ADDRESSES = (0x3C, 0x3D)
# SSD1306 datasheet, 10.1.4/10.1.5: the column and page window of
# horizontal addressing (each takes a start and an end).
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)


class NoDisplay(OSError):
    """No SSD1306 answers on the board's I2C bus; ``str()`` says where it
    looked and what to check."""


def find_address(i2c, preferred, where="I2C"):
    """The I2C address the SSD1306 answers at: ``preferred`` if the bus scan
    lists it, else the first of ADDRESSES that answers. NoDisplay if none
    does; ``where`` describes the bus for the message."""
    try:
        found = i2c.scan()
    except OSError as e:  # a shorted or unpowered bus can fail the scan itself
        raise NoDisplay("no SSD1306 on %s: the bus scan failed (%s); check wiring and power"
                        % (where, e))
    if preferred in found:
        return preferred
    for a in ADDRESSES:
        if a in found:
            return a
    seen = ", ".join("0x%02X" % a for a in found) if found else "nothing"
    raise NoDisplay("no SSD1306 on %s: tried 0x3C and 0x3D, scan found %s; check the wiring "
                    "(SDA, SCL, VCC, GND)" % (where, seen))


class OLED:
    """The display of an SSD1306 board (see the module docstring).

    ``i2c``: a ``machine.I2C``; ``cfg``: the board's ``display`` dict
    (``width``, ``height``, ``addr``); ``driver``: the ``ssd1306`` module
    (imported on ``init()`` when None); ``where``: the bus in words, for
    errors. Nothing is sent before ``init()``.
    """

    mono = True

    def __init__(self, i2c, cfg, driver=None, where="I2C"):
        self.i2c = i2c
        self.width = cfg["width"]
        self.height = cfg["height"]
        self.preferred = cfg.get("addr", ADDRESSES[0])
        self.driver = driver
        self.where = where
        self.addr = None
        self.dev = None
        self.fb = None
        self.buf = None
        self.ready = False
        self.frames = 0

    def init(self):
        """Find the panel (NoDisplay if absent), then let the driver send its
        init sequence and clear the screen. A second call re-sends the
        sequence on the same driver object and frame (no new buffer)."""
        self.addr = find_address(self.i2c, self.preferred, self.where)
        if self.dev is None or self.dev.addr != self.addr:
            drv = self.driver
            if drv is None:
                import ssd1306 as drv  # micropython-lib's: frozen, or in /lib
            self.dev = drv.SSD1306_I2C(self.width, self.height, self.i2c, self.addr)
            self.fb = self.dev
            self.buf = self.dev.buffer
            # Each 8-row page of the frame, for ``show_within`` (made once).
            mv = memoryview(self.buf)
            w = self.width
            self._pages = [mv[p * w:(p + 1) * w] for p in range(self.height // 8)]
        else:
            self._dev().init_display()
        self.ready = True

    def _dev(self):
        dev = self.dev
        if dev is None:
            raise RuntimeError("OLED: init() first")
        return dev

    def show(self):
        """Send the whole frame (1,024 bytes at 128x64) to the panel;
        RuntimeError before ``init()``."""
        self._dev().show()
        self.frames += 1

    def show_within(self, x, y, w, h):
        """Send only the pages (8 rows each, every column) that rows ``y``
        to ``y + h - 1`` cross: the caller vouches that nothing outside
        them changed since the last ``show()``. At 400 kHz a page is about
        3 ms on the bus, the frame 23 ms; a panel narrower than 128 columns
        (whose columns the driver offsets) gets the whole frame."""
        dev = self._dev()
        last = self.height // 8 - 1
        if self.width != 128 or h <= 0:
            self.show()
            return
        p0 = max(0, y) >> 3
        p1 = min(last, (y + h - 1) >> 3)
        dev.write_cmd(_SET_COL_ADDR)
        dev.write_cmd(0)
        dev.write_cmd(127)
        dev.write_cmd(_SET_PAGE_ADDR)
        dev.write_cmd(p0)
        dev.write_cmd(p1)
        pages = self._pages
        for p in range(p0, p1 + 1):
            dev.write_data(pages[p])
        self.frames += 1

    def show_rect(self, x, y, w, h):
        """A rectangle of the frame changed: the whole frame is sent (the
        panel's pages are 8 rows high and 1 KB is quick on the bus)."""
        self.show()

    def sleep(self, on):
        """The panel off (AEh: the charge pump and the pixels off, the
        display RAM kept) or on again (AFh), showing what it showed."""
        if not self.ready:
            return
        if on:
            self._dev().poweroff()
        else:
            self._dev().poweron()

    def backlight(self, percent):
        """An OLED has no backlight: brightness is the contrast register
        (0..100 % -> 0..255); 0 turns the panel off."""
        if not self.ready:
            return
        dev = self._dev()
        p = max(0, min(100, percent))
        if p == 0:
            dev.poweroff()
            return
        dev.poweron()
        dev.contrast(p * 255 // 100)


def from_board(cfg, machine=None, driver=None):
    """An OLED for the board's ``display`` dict (controller "ssd1306"):
    builds ``machine.I2C(id, scl=Pin(scl), sda=Pin(sda), freq)``. ``machine``
    and ``driver`` are injectable for tests."""
    if machine is None:
        import machine
    bus = cfg["i2c"]
    i2c = machine.I2C(bus["id"], scl=machine.Pin(bus["scl"]), sda=machine.Pin(bus["sda"]),
                      freq=bus.get("freq", 400_000))
    where = "I2C%d (SDA GP%d, SCL GP%d)" % (bus["id"], bus["sda"], bus["scl"])
    return OLED(i2c, cfg, driver, where)
