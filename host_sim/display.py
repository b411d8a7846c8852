"""The simulator's Display: a FrameDisplay that keeps what was last shown.

Colour conversion, used by every front end (window, terminal, PNG), is exact
and documented here once. A colour frame is ``width * height`` bytes, one
palette index per pixel (framebuf GS8, see ``app.kit.display``); each index stands
for the RGB565 colour in ``app.kit.display.PALETTE``, the colour the ST7789 driver
sends the panel for it. RGB24 is ``width * height * 3`` bytes, ``R, G, B`` per
pixel, rows top to bottom, no padding.

Expansion to 8 bits replicates the high bits into the low ones, so the range is
full (0..255) and evenly spread:

    r8 = (r5 << 3) | (r5 >> 2)        g8 = (g6 << 2) | (g6 >> 4)
    b8 = (b5 << 3) | (b5 >> 2)

so 0xF800 -> (255, 0, 0), 0x07E0 -> (0, 255, 0), 0x001F -> (0, 0, 255),
0xFFFF -> (255, 255, 255), and ``app.kit.display.rgb(r, g, b)`` of an 8-bit colour
comes back within 7 (red, blue) or 3 (green) of it. (SDL's own 16-bit blit uses
``v * 255 // 31`` instead, which differs by one in places; it is not used.)

The conversion avoids a per-pixel Python loop: the frame is mapped through
three 256-entry ``bytes.translate`` tables (red, green, blue of each palette
entry, from ``rgb565_to_tuple``) and the channels interleaved by slice
assignment.
"""

from app.kit.display import PALETTE, FrameDisplay


def expand5(v):
    """8-bit value (0..255) of a 5-bit channel value ``v`` (0..31)."""
    return (v << 3) | (v >> 2)


def expand6(v):
    """8-bit value (0..255) of a 6-bit channel value ``v`` (0..63)."""
    return (v << 2) | (v >> 4)


def rgb565_to_tuple(value):
    """``(r, g, b)`` 8-bit tuple of one RGB565 int (0..0xFFFF); the reference."""
    return (expand5(value >> 11), expand6((value >> 5) & 63), expand5(value & 31))


def colour(i, palette=PALETTE):
    """The RGB565 colour (0..0xFFFF) of index ``i`` (0..255) in ``palette``
    (default: the app's, ``app.kit.display.PALETTE``)."""
    return (palette[2 * i] << 8) | palette[2 * i + 1]


def palette_rgb24(palette=PALETTE):
    """``(reds, greens, blues)``: three 256-byte tables, the 8-bit channels
    (``rgb565_to_tuple``) of each entry of ``palette`` (256 RGB565 colours,
    high byte first, as ``app.kit.display.PALETTE``). ValueError if ``palette``
    is not 512 bytes."""
    if len(palette) != 512:
        raise ValueError("a palette is 256 RGB565 entries (512 bytes), not %d bytes"
                         % len(palette))
    rgb = [rgb565_to_tuple(colour(i, palette)) for i in range(256)]
    return bytes(c[0] for c in rgb), bytes(c[1] for c in rgb), bytes(c[2] for c in rgb)


def indexed_to_rgb24(buf, palette=PALETTE):
    """RGB24 bytes (``3 * n``) of an indexed frame (``n`` bytes, one palette
    index each) through ``palette`` (default: the app's, as it is now);
    ValueError for a palette that is not 512 bytes."""
    reds, greens, blues = palette_rgb24(palette)
    raw = bytes(buf)
    out = bytearray(3 * len(raw))
    out[0::3] = raw.translate(reds)
    out[1::3] = raw.translate(greens)
    out[2::3] = raw.translate(blues)
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
    ``show()``-ed (``shown``, a copy of the frame's bytes: palette indices, or
    MONO_VLSB; black before the first show), never a half-drawn ``buf``.
    ``frames`` counts shows, so a front end redraws only when it changed.
    ``shots`` maps a screenshot name to such a copy of the shown frame, filled
    by headless ``SHOT:name`` steps.
    """

    def __init__(self, width=240, height=135, mono=False):
        super().__init__(width, height, mono)
        self.shown = bytes(len(self.buf))
        self.shots = {}

    def show(self):
        """Copy the frame to ``shown`` and count it (32,400 bytes at 240x135)."""
        self.shown = bytes(self.buf)
        super().show()

    def rgb24(self):
        """RGB24 bytes (``width * height * 3``) of the shown frame."""
        if self.mono:
            return mono_vlsb_to_rgb24(self.shown, self.width, self.height)
        return indexed_to_rgb24(self.shown)

    def pixel_rgb(self, x, y):
        """``(r, g, b)`` 8-bit tuple of the shown pixel at column x, row y."""
        if self.mono:
            on = self.shown[(y >> 3) * self.width + x] & (1 << (y & 7))
            return MONO_LIT if on else MONO_DARK
        return rgb565_to_tuple(colour(self.shown[y * self.width + x]))


def frame_rgb24(display):
    """RGB24 bytes of what ``display`` shows: its shown frame if it keeps one
    (SimDisplay), else its current ``buf``."""
    if hasattr(display, "rgb24"):
        return display.rgb24()
    if getattr(display, "mono", False):
        return mono_vlsb_to_rgb24(display.buf, display.width, display.height)
    return indexed_to_rgb24(display.buf)
