"""The simulator's Display: a FrameDisplay that keeps what was last shown.

Colour conversion, used by every front end (window, terminal, PNG), is exact
and documented here once. A frame is ``width * height`` RGB565 pixels, two
bytes each, little-endian (low byte first), as MicroPython's ``framebuf``
stores them. RGB24 is ``width * height * 3`` bytes, ``R, G, B`` per pixel, rows
top to bottom, no padding.

Expansion to 8 bits replicates the high bits into the low ones, so the range is
full (0..255) and evenly spread:

    r8 = (r5 << 3) | (r5 >> 2)        g8 = (g6 << 2) | (g6 >> 4)
    b8 = (b5 << 3) | (b5 >> 2)

so 0xF800 -> (255, 0, 0), 0x07E0 -> (0, 255, 0), 0x001F -> (0, 0, 255),
0xFFFF -> (255, 255, 255), and ``app.display.rgb(r, g, b)`` of an 8-bit colour
comes back within 7 (red, blue) or 3 (green) of it. (SDL's own 16-bit blit uses
``v * 255 // 31`` instead, which differs by one in places; it is not used.)

The conversion avoids a per-pixel Python loop: it splits the frame into its low
and high bytes by slicing, maps each through 256-entry ``bytes.translate``
tables, joins the two green halves with one big-integer OR, and interleaves the
three channels by slice assignment: about 0.5 ms for a 240x135 frame.
"""

from app.display import FrameDisplay


def expand5(v):
    """8-bit value (0..255) of a 5-bit channel value ``v`` (0..31)."""
    return (v << 3) | (v >> 2)


def expand6(v):
    """8-bit value (0..255) of a 6-bit channel value ``v`` (0..63)."""
    return (v << 2) | (v >> 4)


def rgb565_to_tuple(value):
    """``(r, g, b)`` 8-bit tuple of one RGB565 int (0..0xFFFF); the reference."""
    return (expand5(value >> 11), expand6((value >> 5) & 63), expand5(value & 31))


# Low byte: g2 g1 g0 b4 b3 b2 b1 b0; high byte: r4 r3 r2 r1 r0 g5 g4 g3.
_RED = bytes(expand5(h >> 3) for h in range(256))  # from the high byte
_BLUE = bytes(expand5(lo & 31) for lo in range(256))  # from the low byte
_GREEN_HI = bytes((h & 7) << 3 for h in range(256))  # g5..g3 into bits 5..3
_GREEN_LO = bytes(lo >> 5 for lo in range(256))  # g2..g0 into bits 2..0
_GREEN = bytes(expand6(v & 63) for v in range(256))  # 6-bit green -> 8-bit


def rgb565_to_rgb24(buf):
    """RGB24 bytes (``3 * n``) of an RGB565 little-endian buffer (``2 * n`` bytes).

    ``buf`` is any bytes-like object of even length (bytes, bytearray,
    memoryview). Raises ValueError for an odd length.
    """
    if len(buf) % 2:
        raise ValueError("RGB565 buffer has odd length %d" % len(buf))
    n = len(buf) // 2
    raw = bytes(buf)
    lo = raw[0::2]
    hi = raw[1::2]
    green6 = int.from_bytes(hi.translate(_GREEN_HI), "little") | int.from_bytes(
        lo.translate(_GREEN_LO), "little"
    )
    out = bytearray(3 * n)
    out[0::3] = hi.translate(_RED)
    out[1::3] = green6.to_bytes(n, "little").translate(_GREEN)
    out[2::3] = lo.translate(_BLUE)
    return bytes(out)


#: The colours a monochrome (OLED) frame is shown in: dark, lit.
MONO_DARK = (0, 0, 0)
MONO_LIT = (236, 244, 255)


def mono_vlsb_to_rgb24(buf, width, height):
    """RGB24 bytes (``width * height * 3``) of a MONO_VLSB frame: byte
    ``(y // 8) * width + x`` holds column x of rows 8*(y//8) ... (LSB on top);
    a set bit is ``MONO_LIT``, a clear one ``MONO_DARK``. ValueError if ``buf``
    is shorter than ``width * ((height + 7) // 8)``."""
    need = width * ((height + 7) // 8)
    if len(buf) < need:
        raise ValueError("MONO_VLSB buffer has %d bytes, %dx%d needs %d"
                         % (len(buf), width, height, need))
    out = bytearray(width * height * 3)
    lit = bytes(MONO_LIT)
    dark = bytes(MONO_DARK)
    if dark != b"\0\0\0":
        out[:] = dark * (width * height)
    for y in range(height):
        row = (y >> 3) * width
        bit = 1 << (y & 7)
        base = y * width * 3
        for x in range(width):
            if buf[row + x] & bit:
                i = base + 3 * x
                out[i : i + 3] = lit
    return bytes(out)


class SimDisplay(FrameDisplay):
    """A FrameDisplay whose ``show()`` keeps a copy of the frame it pushed.

    Like the real screen, front ends only ever see what the app last
    ``show()``-ed (``shown``, RGB565 bytes, black before the first show), never
    a half-drawn ``buf``. ``frames`` counts shows, so a front end redraws only
    when it changed. ``shots`` maps a screenshot name to an RGB565 copy of the
    shown frame, filled by headless ``SHOT:name`` steps.
    """

    def __init__(self, width=240, height=135, mono=False):
        super().__init__(width, height, mono)
        self.shown = bytes(len(self.buf))
        self.shots = {}

    def show(self):
        """Copy the frame to ``shown`` and count it (64,800 bytes at 240x135)."""
        self.shown = bytes(self.buf)
        super().show()

    def rgb24(self):
        """RGB24 bytes (``width * height * 3``) of the shown frame."""
        if self.mono:
            return mono_vlsb_to_rgb24(self.shown, self.width, self.height)
        return rgb565_to_rgb24(self.shown)

    def pixel_rgb(self, x, y):
        """``(r, g, b)`` 8-bit tuple of the shown pixel at column x, row y."""
        if self.mono:
            on = self.shown[(y >> 3) * self.width + x] & (1 << (y & 7))
            return MONO_LIT if on else MONO_DARK
        i = 2 * (y * self.width + x)
        return rgb565_to_tuple(self.shown[i] | (self.shown[i + 1] << 8))


def frame_rgb24(display):
    """RGB24 bytes of what ``display`` shows: its shown frame if it keeps one
    (SimDisplay), else its current ``buf``."""
    if hasattr(display, "rgb24"):
        return display.rgb24()
    if getattr(display, "mono", False):
        return mono_vlsb_to_rgb24(display.buf, display.width, display.height)
    return rgb565_to_rgb24(display.buf)
