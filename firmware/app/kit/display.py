"""The Display interface: one frame, allocated once, and ``show()``.

A colour display has an 8-bit indexed frame: ``buf`` is a bytearray of
``width * height`` bytes, one per pixel, and ``fb`` the ``framebuf.GS8``
``FrameBuffer`` over it that the app draws on. A pixel's value is an index
into ``PALETTE`` (the app's colours are named in ``app.kit.theme``, which fills the
palette when imported). ``show()`` pushes the frame to the screen: a hardware
driver (``hw.st7789``, which expands it to RGB565 band by band) or the
simulator overrides it. The frame is the largest single allocation of the app:
32,400 bytes at 240x135, 57,600 at 240x240 (an RGB565 frame would be twice
that; the app uses 28 colours, so 8 bits per pixel lose nothing).

A monochrome display (``mono`` True, e.g. a 128x64 SSD1306) has a 1-bit
``MONO_VLSB`` frame instead (``width * ((height + 7) // 8)`` bytes, 1,024 at
128x64): colour 0 is dark, any other value lit (framebuf's rule), and the app
draws its compact layout on it (``app.kit.compact``).
"""

import framebuf

#: The palette: 256 RGB565 colours, two bytes each, high byte first (the
#: order an ST7789 takes a pixel in). Index 0 is black until set (a zeroed
#: frame is black, as an RGB565 one would be); unset entries are black.
#: Read as a 256x1 ``framebuf.RGB565`` FrameBuffer (little-endian), each entry
#: is its colour byte-swapped, so blitting an indexed frame through it into an
#: RGB565 buffer gives the bytes in panel order (``hw.st7789``).
PALETTE = bytearray(512)


class FrameDisplay:
    """A frame in memory with nowhere to show it (subclasses show it)."""

    def __init__(self, width=240, height=135, mono=False):
        self.width = width
        self.height = height
        self.mono = mono
        if mono:
            self.buf = bytearray(width * ((height + 7) // 8))
            self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        else:
            self.buf = bytearray(width * height)
            self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.GS8)
        self.frames = 0

    def show(self):
        """Push the frame to the screen; counts frames here."""
        self.frames += 1

    def show_within(self, x, y, w, h):
        """Push what changed since the last ``show()``, the caller vouching
        that all of it lies in the rectangle at (x, y), ``w`` x ``h`` pixels
        (a part drawn again over the frame on the glass): a driver that can
        sends that rectangle's changed rows alone; here ``show()``."""
        self.show()

    def show_rect(self, x, y, w, h):
        """Push the rectangle at (x, y), ``w`` x ``h`` pixels, of the frame
        (the rest is as last shown): here, and where a driver has no
        cheaper way, the whole frame (``show``)."""
        self.show()


def rgb(r, g, b):
    """RGB565 int from 8-bit red, green, blue (0..255 each); ValueError
    outside that range (called with constants at import: no cost later)."""
    if not (0 <= r <= 255 and 0 <= g <= 255 and 0 <= b <= 255):
        raise ValueError("colour component out of 0..255: %r, %r, %r" % (r, g, b))
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def set_colour(i, c):
    """Make palette index ``i`` (0..255) the RGB565 colour ``c`` (0..0xFFFF);
    ValueError outside those ranges."""
    if not 0 <= i < 256 or not 0 <= c <= 0xFFFF:
        raise ValueError("palette index %r or RGB565 colour %r out of range" % (i, c))
    PALETTE[2 * i] = c >> 8
    PALETTE[2 * i + 1] = c & 0xFF
