"""ST7789 colour TFT over SPI: an ``app.kit.display.FrameDisplay`` that pushes its
8-bit indexed frame (or a changed rectangle of it) to the panel as RGB565.

    from hw import st7789
    from app.kit import theme
    display = st7789.from_board(board["display"])   # builds SPI and pins
    display.init()                                   # reset + init sequence
    display.fb.fill(theme.RED); display.show()       # whole frame
    display.show_rect(10, 10, 20, 20)                # just that rectangle
    display.backlight(60)                            # percent

Facts used, and where they come from (learnt, not copied):

- Sitronix ST7789V datasheet v1.3 (2014/03), system function command table:
  SWRESET 01h, SLPOUT 11h, NORON 13h, INVOFF 20h / INVON 21h, DISPON 29h,
  CASET 2Ah, RASET 2Bh (each: start high, start low, end high, end low,
  inclusive), RAMWR 2Ch, MADCTL 36h (D7 MY, D6 MX, D5 MV, D4 ML, D3 RGB/BGR),
  COLMOD 3Ah (55h = 16 bit/pixel, 65K colours). The frame memory is 240
  columns x 320 rows. Timing: after a hardware reset (RESX low >= 10 us) or
  SWRESET wait 5 ms before any command and 120 ms before SLPOUT; after SLPOUT
  5 ms before the next command (the driver waits 120 ms for the supplies, as
  Sitronix's sample sequences do).
- Memory write direction: with MV=0, CASET addresses physical columns
  (239 - c when MX=1) and RASET physical rows (319 - r when MY=1); with MV=1
  CASET addresses physical rows (mirrored by MY) and RASET physical columns
  (mirrored by MX). The ST7735 datasheet V1.7 §9.10 "Memory Data Write/Read
  Direction" prints the same table for its smaller memory.
- 4-line serial interface, SPI mode 0, MSB first, D/CX low for the command
  byte and high for its parameters and pixel data; in 16 bit/pixel mode a
  pixel goes out high byte (R4..R0 G5..G3) first: pure red 0xF800 leaves as
  F8 00.

Rotation (degrees) picks MADCTL; the panel's glass is a window inside the
240x320 memory, so each rotation has its own CASET/RASET offsets, which the
board gives (``offsets``; see boards/ for the vendor sources):

    rotation   MADCTL        frame           board example (Pico Display Pack)
    0          00h           portrait        offsets (52, 40)
    90         60h MX|MV     landscape       offsets (40, 53)  vendor default
    180        C0h MY|MX     portrait        offsets (53, 40)
    270        A0h MY|MV     landscape       offsets (40, 52)

Pixels: the frame holds one byte per pixel, an index into
``app.kit.display.PALETTE``, whose entries are stored high byte first. A push
expands the frame band by band (``chunk_rows`` rows at a time) into an RGB565
chunk buffer with one ``FrameBuffer.blit(frame, x, y, -1, palette)`` per band:
framebuf's C code looks each pixel's index up in the palette (a 256x1 RGB565
FrameBuffer over ``PALETTE``: "the palette for an N-bit source needs 2**N
pixels", MicroPython docs, FrameBuffer.blit) and stores the entry in the
chunk in native order, little-endian on the RP2040 (and on the WebAssembly
port and host_sim's framebuf), which puts the palette's high byte first: the
panel's order, with no byte swap and no per-pixel Python. Key -1 matches no colour,
so every pixel is copied.

Memory: the frame (``width * height`` bytes, 32,400 at 240x135, 57,600 at
240x240) is allocated once per process and shared by every ST7789 made after
it, so re-creating or re-initialising the display after an error never needs
a second frame; the chunk buffer of ``chunk_rows`` RGB565 rows of the longer
side (3,840 bytes by default) is the only other allocation of any size.
"""

import sys

import framebuf
from micropython import const

from app.kit.display import PALETTE, FrameDisplay

SWRESET = const(0x01)
SLPIN = const(0x10)
SLPOUT = const(0x11)
NORON = const(0x13)
INVOFF = const(0x20)
INVON = const(0x21)
DISPON = const(0x29)
CASET = const(0x2A)
RASET = const(0x2B)
RAMWR = const(0x2C)
MADCTL = const(0x36)
COLMOD = const(0x3A)

MY = const(0x80)
MX = const(0x40)
MV = const(0x20)
BGR = const(0x08)

COLMOD_16BIT = const(0x55)

# PL022 SPI blocks of the RP2040 (datasheet 2.2 address map, 4.4.4
# registers: SSPDR 0x08, SSPSR 0x0C, SSPICR 0x20).
_SPI0_BASE = const(0x4003C000)
_SPI1_BASE = const(0x40040000)
_SSPSR_RNE = const(0x04)  # receive FIFO not empty
_SSPSR_BSY = const(0x10)  # sending, or the transmit FIFO not empty

# The Pico's push loops (hw/fastpix.py), where machine code runs and gives
# known answers; else None and the portable framebuf path is used.
def _machine_code():
    try:
        from hw import fastpix

        if fastpix.check():
            return fastpix
    except Exception:  # no inline assembler: SyntaxError, NameError, an .mpy for another arch
        pass
    return None


fastpix = _machine_code()

# Off the device, without checksums, changed rows are found against a copy of
# the frame (memory to spare); on a Pico without them every row is sent.
_COPY_FRAME = fastpix is None and sys.platform != "rp2"

#: MADCTL address-order bits per rotation in degrees.
ROTATIONS = {0: 0, 90: MX | MV, 180: MY | MX, 270: MY | MV}

# The low-memory mode's frame (``small``): the compact layout's size.
SMALL_W = 128
SMALL_H = 64

RESET_PULSE_MS = 1
RESET_WAIT_MS = 120
SLPOUT_WAIT_MS = 120
SLEEP_CMD_MS = 5  # after SLPIN or SLPOUT, before the next command


class ST7789(FrameDisplay):
    """The panel behind ``spi`` (a ``machine.SPI``), ``dc`` and ``cs``
    (output ``machine.Pin``; ``cs`` may be None when tied low), ``rst``
    (Pin or None: software reset), ``bl`` (backlight: ``machine.PWM``, Pin or
    None).

    ``cfg`` is a board's ``display`` dict: ``offsets`` {rotation: (x, y)},
    ``rotation`` (default one), ``invert`` (INVON, for IPS panels), ``bgr``,
    ``init`` (panel-specific ``(command, parameter bytes)`` pairs sent after
    SLPOUT). ``rotation`` overrides the board's. ``sleep_ms(ms)`` waits
    (default ``time.sleep_ms``); ``chunk_rows``: rows of the longer side per
    band pushed; ``dma_spi``: the id of the SPI bus ``spi`` is (the Pico:
    a DMA channel then feeds it, see ``_open_dma``).
    """

    _shared = None  # the one frame bytearray, reused by every instance
    note: "str | None" = None  # why the display is not as the board says (hw.start)

    def __init__(self, spi, dc, cs, cfg, rst=None, bl=None, rotation=None, sleep_ms=None,
                 chunk_rows=8, dma_spi=None, small=False):
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.bl = bl
        self.cfg = cfg
        self.offsets = cfg["offsets"]
        if sleep_ms is None:
            import time

            sleep_ms = time.sleep_ms
        self.sleep_ms = sleep_ms
        rotation = cfg["rotation"] if rotation is None else rotation
        w, h = self._size(rotation)
        self.small = small
        self.glass = (w, h)
        shared = ST7789._shared
        if small:
            w = SMALL_W
            h = SMALL_H
            FrameDisplay.__init__(self, w, h, mono=True)
        elif shared is not None and len(shared) == w * h:
            self.width = w
            self.height = h
            self.buf = shared
            self.fb = framebuf.FrameBuffer(shared, w, h, framebuf.GS8)
            self.frames = 0
        else:
            ST7789._shared = None
            super().__init__(w, h)
            ST7789._shared = self.buf
        self.rotation = rotation
        self.chunk = bytearray(2 * max(w, h) * chunk_rows)
        if small:  # 0 dark, 1 lit: black and white read the same either byte order
            self.palette = framebuf.FrameBuffer(bytearray(b"\x00\x00\xff\xff"), 2, 1,
                                                framebuf.RGB565)
        else:
            self.palette = framebuf.FrameBuffer(PALETTE, 256, 1, framebuf.RGB565)
        self.fast = None if small else fastpix
        self._text_target()
        self._band = self.fb  # the chunk as a FrameBuffer ``_band_w`` pixels wide
        self._band_w = 0
        self._one = bytearray(1)
        self._four = bytearray(4)
        self._full = memoryview(self.chunk)
        # Rows sent by the last show(): checksums (fastpix) or a frame copy
        # off the device; neither: every show() sends every row.
        self._rows_known = False
        self._sums = self._new = self._prev = None
        if self.fast is not None:
            from array import array

            self._g = array("i", (0, 0, 0, 0))
            n = 2 * max(w, h)
            self._sums = array("H", bytes(2 * n))
            self._new = array("H", bytes(2 * n))
        elif _COPY_FRAME and not small:
            self._prev = bytearray(len(self.buf))
        self._dma = None
        if self.fast is not None and dma_spi is not None:
            self._open_dma(dma_spi)
        self.ready = False
        self.level = 0
        if cs is not None:
            cs(1)

    def _text_target(self):
        """With machine code, ``app.kit.text`` draws glyphs on this frame with
        ``fastpix``'s routines through hw.fasttext (its blit costs 7x more on
        a Pico)."""
        if self.fast is not None:
            from app.kit import text
            from hw import fasttext

            text.add_target(self.fb, self.buf, self.width, self.height, fasttext)

    def _open_dma(self, spi_id):
        """Claim a DMA channel that writes chunks to SPI ``spi_id``'s data
        register, paced by its transmit request (RP2040 datasheet 2.5.3.1:
        DREQ_SPI0_TX 16, DREQ_SPI1_TX 18), and a chunk half to expand into
        meanwhile (the two halves of the chunk). Nothing (pushes use
        ``spi.write``) without ``rp2.DMA`` or a real ``machine.SPI``."""
        try:
            import machine
            import rp2

            dma = rp2.DMA()
            dma.config(write=self.spi, ctrl=dma.pack_ctrl(
                size=0, inc_read=True, inc_write=False, treq_sel=16 + 2 * spi_id))
            # The chunk's two halves: one on the wire, one being expanded
            # (no more memory than the chunk alone).
            half = len(self.chunk) // 2
            mv = memoryview(self.chunk)
            self._chunks = (mv[:half], mv[half:])
        except Exception:
            return
        base = _SPI1_BASE if spi_id else _SPI0_BASE
        self._mem32 = machine.mem32
        self._sspsr = base + 0x0C
        self._sspdr = base + 0x08
        self._sspicr = base + 0x20
        self._dma = dma

    def _size(self, rotation):
        """(width, height) of the frame at ``rotation``; ValueError if the
        board gives no offsets for it."""
        if rotation not in ROTATIONS or rotation not in self.offsets:
            raise ValueError("rotation %r not supported by this board (have %s)"
                             % (rotation, sorted(self.offsets)))
        _, _, w, h = self.cfg["window"]
        if rotation in (90, 270):
            return h, w
        return w, h

    # --- bus -------------------------------------------------------------

    def command(self, cmd, data=None):
        """Send command byte ``cmd`` then its parameter bytes ``data``."""
        cs = self.cs
        if cs is not None:
            cs(0)
        self.dc(0)
        self._one[0] = cmd
        self.spi.write(self._one)
        if data:
            self.dc(1)
            self.spi.write(data)
        if cs is not None:
            cs(1)

    def _set(self, cmd, start, end):
        b = self._four
        b[0] = start >> 8
        b[1] = start & 0xFF
        b[2] = end >> 8
        b[3] = end & 0xFF
        self.command(cmd, b)

    def madctl(self):
        """The MADCTL byte for the current rotation and colour order."""
        return ROTATIONS[self.rotation] | (BGR if self.cfg.get("bgr") else 0)

    # --- set-up ----------------------------------------------------------

    def init(self, during=(), clock=None):
        """Reset the controller and run the init sequence; clears the visible
        area to the current frame, turns the display on and the backlight to
        its last level (100% the first time). May be called again at any time
        (the frame is kept).

        ``during``: up to two callables, run inside the reset wait and the
        sleep-out wait (ST7789V datasheet: 120 ms after a reset before
        SLPOUT; after SLPOUT the driver waits 120 ms for the supplies); the
        driver then sleeps only what is left of each wait, timed with
        ``clock`` (``ticks_ms``, ``ticks_diff``; default ``time``'s). Each
        must send nothing to the panel."""
        work = list(during)
        if self.rst is not None:
            self.rst(1)
            self.sleep_ms(RESET_PULSE_MS)
            self.rst(0)
            self.sleep_ms(RESET_PULSE_MS)
            self.rst(1)
        else:
            self.command(SWRESET)
        self._wait(RESET_WAIT_MS, work.pop(0) if work else None, clock)
        self.command(SLPOUT)
        self._wait(SLPOUT_WAIT_MS, work.pop(0) if work else None, clock)
        self.command(COLMOD, bytes((COLMOD_16BIT,)))
        self.command(MADCTL, bytes((self.madctl(),)))
        for cmd, data in self.cfg.get("init", ()):
            self.command(cmd, data)
        self.command(INVON if self.cfg.get("invert") else INVOFF)
        self.command(NORON)
        self.ready = True
        self._rows_known = False
        if self.small:
            self._clear_glass()
        self._push(0, 0, self.width, self.height)
        self.command(DISPON)
        self.backlight(self.level or 100)

    def _wait(self, ms, work, clock):
        # ``ms`` from now, doing ``work`` (a callable or None) meanwhile.
        if work is None:
            self.sleep_ms(ms)
            return
        if clock is None:
            import time as clock
        t = clock.ticks_ms()
        work()
        left = ms - clock.ticks_diff(clock.ticks_ms(), t)
        if left > 0:
            self.sleep_ms(left)

    def sleep(self, on):
        """The panel asleep (SLPIN: its oscillator, supplies and scanning
        off; the frame memory kept) or awake again (SLPOUT), showing what
        it showed. The datasheet's waits (9.1.11, 9.1.12): 5 ms after either
        before the next command; 120 ms after SLPOUT before SLPIN, which the
        console's sleep timeout (a minute at least) keeps."""
        if not self.ready:
            return
        self.command(SLPIN if on else SLPOUT)
        self.sleep_ms(SLEEP_CMD_MS)

    def set_rotation(self, rotation):
        """Turn the picture; the frame keeps its buffer (width and height swap
        between portrait and landscape). Takes effect on the panel at once if
        it is initialised; the frame is not redrawn."""
        w, h = self._size(rotation)
        self.rotation = rotation
        self._rows_known = False
        self.glass = (w, h)
        if self.small:
            pass
        elif (w, h) != (self.width, self.height):
            self.width = w
            self.height = h
            self.fb = framebuf.FrameBuffer(self.buf, w, h, framebuf.GS8)
            self._text_target()
        if self.ready:
            self.command(MADCTL, bytes((self.madctl(),)))

    def backlight(self, percent):
        """Backlight 0..100 % (PWM duty; a plain pin is on above 0)."""
        percent = max(0, min(100, int(percent)))
        self.level = percent
        bl = self.bl
        if bl is None:
            return
        if hasattr(bl, "duty_u16"):
            bl.duty_u16(percent * 65535 // 100)
        else:
            bl(1 if percent else 0)

    # --- pixels ----------------------------------------------------------

    def show(self):
        """Push the rows that changed since the last ``show()`` (every row
        the first time, after ``init()``, ``set_rotation()`` or a
        ``show_rect()``): a frame that is drawn again the same sends nothing.
        Where rows cannot be compared (no machine code and no memory for a
        copy of the frame) every row is sent."""
        self.show_within(0, 0, self.width, self.height)

    def show_within(self, x, y, w, h):
        """``show()`` for a change that lies in the rectangle at column
        ``x``, row ``y``, ``w`` x ``h`` pixels (the caller vouches for it):
        the changed rows among its rows are sent, only its columns (every
        row and column when rows cannot be compared). A cursor move sends a
        few cards' width of a few dozen rows, not the frame's width. The
        rectangle starts inside the frame (it is clipped at the right)."""
        w = min(w, self.width - x)
        if not self._rows_known or not self._sum_rows():
            self._push(0, 0, self.width, self.height)
        elif w > 0:
            end = min(y + h, self.height)
            r = self._next_row(y, True)
            while r < end:
                e = self._next_row(r, False)
                if e > end:
                    e = end
                self._push(x, r, w, e - r)
                r = self._next_row(e, True)
        self._keep_rows()
        FrameDisplay.show(self)

    def show_rect(self, x, y, w, h):
        """Push the rectangle at column ``x``, row ``y``, ``w`` x ``h`` pixels
        (clipped to the frame; nothing is sent if it is empty). The next
        ``show()`` then sends every row."""
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        w = min(w, self.width - x)
        h = min(h, self.height - y)
        if w > 0 and h > 0:
            self._rows_known = False
            self._push(x, y, w, h)
            self.frames += 1

    # Changed rows: on the Pico a checksum per row (``fastpix.row_sums``,
    # two 4-byte sums a row: the last one sent, the current one); elsewhere
    # a copy of the last frame sent, compared row by row.

    def _sum_rows(self):
        """Fill the current rows' checksums; False when rows cannot be
        compared here."""
        if self._sums is not None:
            if self.width & 3:  # rows not whole words (a portrait 135 wide)
                return False
            g = self._g
            g[0] = self.width >> 2
            g[1] = self.height
            self.fast.row_sums(g, self.buf, self._new)  # type: ignore[union-attr]
            return True
        return self._prev is not None

    def _next_row(self, r, changed):
        """The first row from ``r`` that changed (``changed``) or did not,
        else the height."""
        h = self.height
        if self._sums is not None:
            g = self._g
            g[0] = r
            g[1] = h
            g[2] = 1 if changed else 0
            return self.fast.next_row(g, self._sums, self._new)  # type: ignore[union-attr]
        w = self.width
        buf = self.buf
        prev = self._prev
        while r < h:
            i = w * r
            if (buf[i:i + w] != prev[i:i + w]) == changed:  # type: ignore[index]
                return r
            r += 1
        return h

    def _keep_rows(self):
        """Remember what was just sent as the last frame's rows."""
        if self._sums is not None and self.width & 3 == 0:
            if not self._rows_known:
                self._sum_rows()
            self._sums, self._new = self._new, self._sums
            self._rows_known = True
        elif self._prev is not None:
            self._prev[:] = self.buf
            self._rows_known = True

    def _push(self, x, y, w, h):
        """Set the window to the rectangle and stream its pixels: each band
        of rows expanded to RGB565 in panel order through the palette."""
        self._window(x, y, w, h)
        if self.fast is not None:
            self._stream_fast(x, y, w, h)
        else:
            self._stream_blit(x, y, w, h)
        if self.cs is not None:
            self.cs(1)

    def _window(self, x, y, w, h):
        """CASET/RASET for the frame rectangle (a small frame sits in the
        middle of the glass), then RAMWR: pixel data follows, CS low."""
        ox, oy = self.offsets[self.rotation]
        if self.small:
            ox += (self.glass[0] - SMALL_W) // 2
            oy += (self.glass[1] - SMALL_H) // 2
        self._ram_write(x + ox, y + oy, w, h)

    def _ram_write(self, x, y, w, h):
        # CASET/RASET in controller addresses, then RAMWR with CS low and D/C
        # high: the pixel data follows (datasheet: CASET 2Ah, RASET 2Bh, RAMWR 2Ch).
        self._set(CASET, x, x + w - 1)
        self._set(RASET, y, y + h - 1)
        if self.cs is not None:
            self.cs(0)
        self.dc(0)
        self._one[0] = RAMWR
        self.spi.write(self._one)
        self.dc(1)

    def _clear_glass(self):
        """The whole glass black (the small frame covers only its middle)."""
        gw, gh = self.glass
        ox, oy = self.offsets[self.rotation]
        self._ram_write(ox, oy, gw, gh)
        chunk = self.chunk
        for i in range(len(chunk)):
            chunk[i] = 0
        left = 2 * gw * gh
        while left > 0:
            n = min(left, len(chunk))
            self.spi.write(chunk if n == len(chunk) else memoryview(chunk)[:n])
            left -= n
        if self.cs is not None:
            self.cs(1)

    def _band_rows(self, w):
        """Rows of ``w`` pixels a chunk holds; remakes the per-width views
        (a band FrameBuffer, the whole-band memoryview) when ``w`` changes."""
        row = 2 * w
        rows = len(self.chunk) // row
        if w != self._band_w:
            self._band = framebuf.FrameBuffer(self.chunk, w, rows, framebuf.RGB565)
            self._full = memoryview(self.chunk)[:rows * row]
            self._band_w = w
        return rows

    def _stream_blit(self, x, y, w, h):
        """The portable expansion: framebuf's blit through the palette."""
        row = 2 * w
        rows = self._band_rows(w)
        band = self._band
        out = memoryview(self.chunk)
        fb = self.fb
        palette = self.palette
        end = y + h
        while y < end:
            k = min(rows, end - y)
            # Frame pixel (x, y) lands on the band's (0, 0); rows past the
            # band are clipped, rows past ``end`` are not sent. (The rp2 stubs
            # type ``palette`` as bytes; their own docstring says FrameBuffer.)
            band.blit(fb, -x, -y, -1, palette)  # type: ignore[arg-type]
            self.spi.write(self._full if k == rows else out[:k * row])
            y += k

    def _stream_fast(self, x, y, w, h):
        """The Pico's expansion (``fastpix.expand``), band by band; with a
        DMA channel the wire sends one band while the next is expanded."""
        row = 2 * w
        stride = self.width
        g = self._g
        g[0] = y * stride + x
        g[1] = w
        g[3] = stride - w
        end = y + h
        dma = self._dma
        fast = self.fast
        if dma is None:
            rows = self._band_rows(w)
            out = memoryview(self.chunk)
            while y < end:
                k = min(rows, end - y)
                g[2] = k
                fast.expand(g, self.buf, self.chunk, PALETTE)  # type: ignore[union-attr]
                self.spi.write(self._full if k == rows else out[:k * row])
                g[0] += k * stride
                y += k
            return
        bufs = self._chunks
        rows = len(bufs[0]) // row
        i = 0
        while y < end:
            k = min(rows, end - y)
            g[2] = k
            chunk = bufs[i]
            fast.expand(g, self.buf, chunk, PALETTE)  # type: ignore[union-attr]
            while dma.active():
                pass
            dma.config(read=chunk, count=k * row, trigger=True)
            g[0] += k * stride
            y += k
            i ^= 1
        self._dma_done()

    def _dma_done(self):
        """Wait until the last byte has left the SPI (DMA finished, the
        FIFO empty and the bus idle: RP2040 datasheet 4.4.4, SSPSR BSY),
        then empty the receive FIFO the transmit-only DMA left filling (the
        machine.SPI writes that follow wait on received bytes)."""
        dma = self._dma
        while dma.active():  # type: ignore[union-attr]
            pass
        mem32 = self._mem32
        sr = self._sspsr
        while mem32[sr] & _SSPSR_BSY:
            pass
        dr = self._sspdr
        while mem32[sr] & _SSPSR_RNE:
            mem32[dr]
        mem32[self._sspicr] = 1  # RORIC: clear the receive overrun


def from_board(cfg, machine=None, rotation=None, sleep_ms=None, small=False):
    """An ST7789 wired as a board's ``display`` dict says (not initialised:
    call ``init()``). ``machine``: the module to build SPI/Pin/PWM from
    (default: the real one); ``small``: the low-memory mode (see ST7789)."""
    if machine is None:
        import machine
    Pin = machine.Pin
    bus = cfg["spi"]
    spi = machine.SPI(bus["id"], baudrate=bus["baudrate"], polarity=0, phase=0,
                      sck=Pin(bus["sck"]), mosi=Pin(bus["mosi"]), miso=None)
    # Pins after the SPI: the rp2 port's SPI constructor (ports/rp2/
    # machine_spi.c) treats miso=None as "not given" and still switches the
    # bus's default MISO pin to SPI, and that pin is the DC line here (GP16
    # on SPI0, GP8 on SPI1); making it an output afterwards takes it back.
    dc = Pin(cfg["dc"], Pin.OUT, value=0)
    cs = Pin(cfg["cs"], Pin.OUT, value=1) if cfg.get("cs") is not None else None
    rst = Pin(cfg["rst"], Pin.OUT, value=1) if cfg.get("rst") is not None else None
    bl = None
    if cfg.get("backlight") is not None:
        bl = machine.PWM(Pin(cfg["backlight"], Pin.OUT, value=0))
        bl.freq(1000)
        bl.duty_u16(0)
    return ST7789(spi, dc, cs, cfg, rst=rst, bl=bl, rotation=rotation, sleep_ms=sleep_ms,
                  dma_spi=bus["id"], small=small)
