"""The Display interface: one frame, allocated once, and ``show()``.

``buf`` is a bytearray of ``width * height * 2`` bytes holding RGB565 pixels in
framebuf's native (little-endian) order; ``fb`` is the ``framebuf.FrameBuffer``
over it that the app draws on. ``show()`` pushes the frame to the screen: a
hardware driver or the simulator overrides it. On a 240x135 screen the frame
is 64,800 bytes, the largest single allocation of the app.

A monochrome display (``mono`` True, e.g. a 128x64 SSD1306) has a 1-bit
``MONO_VLSB`` frame instead (``width * ((height + 7) // 8)`` bytes, 1,024 at
128x64): colour 0 is dark, any other value lit (framebuf's rule), and the app
draws its compact layout on it (``app.compact``).
"""

import framebuf


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
            self.buf = bytearray(width * height * 2)
            self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.RGB565)
        self.frames = 0

    def show(self):
        """Push the frame to the screen; counts frames here."""
        self.frames += 1


def rgb(r, g, b):
    """RGB565 int from 8-bit red, green, blue (0..255 each)."""
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)
