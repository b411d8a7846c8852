"""Pure-Python stand-in for MicroPython's ``framebuf`` module (desktop simulator).

The simulator puts ``host_sim/`` itself on ``sys.path`` so that firmware code doing
``import framebuf`` gets this module under CPython.  It reproduces the behaviour of
MicroPython 1.27's built-in module (MicroPython docs: "framebuf -- frame buffer
manipulation", class FrameBuffer) byte for byte: the same buffer layouts, the same
clipping rules, the same drawing algorithms, the same integer conversions.
``tests/test_framebuf_identity.py`` checks this against real MicroPython.

Buffer layouts (``stride`` is in pixels, rows are ``stride`` pixels apart):

* ``MONO_VLSB``: 1 bit per pixel, each byte a vertical run of 8 pixels, LSB on top.
* ``MONO_HLSB`` / ``MONO_HMSB``: 1 bit per pixel, each byte 8 horizontal pixels,
  the leftmost pixel in the most / least significant bit; stride rounded up to 8.
* ``RGB565``: 16 bits per pixel, stored little-endian (as on the Pico): a colour
  ``0xF800`` is stored as the bytes ``00 F8``.
* ``GS2_HMSB``: 2 bits per pixel, leftmost pixel in the least significant bits;
  stride rounded up to 4.
* ``GS4_HMSB``: 4 bits per pixel, leftmost pixel in the high nibble; stride rounded
  up to 2.
* ``GS8``: 1 byte per pixel.

Integer arguments behave as MicroPython's ``mp_obj_get_int`` on a 32-bit port:
``int``/``bool`` only (``TypeError`` otherwise), magnitude at most ``2**31 - 1``
(``OverflowError`` otherwise), and sums that overflow a C ``int`` wrap around the way
they do on the Pico.  Colours are truncated to the format's width (``& 0xFFFF`` for
RGB565, ``& 0xFF`` for GS8, ...; any non-zero colour sets a mono pixel).  All methods
take positional arguments only, as on MicroPython.

Differences from MicroPython: ``text`` raises ``NotImplementedError`` (the built-in
8x8 font is not bundled); a blit ``palette`` index past the end of the palette's
buffer raises ``IndexError`` (MicroPython reads whatever memory follows); the
backing buffer is held through a ``memoryview``, so a ``bytearray`` given to a
FrameBuffer cannot be resized while the FrameBuffer is alive.  Like MicroPython's,
a FrameBuffer has no public attributes (``width`` etc. are not exposed), so code
that works here does not break on the device.
"""

import sys
from array import array

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_FORMATS = (MONO_VLSB, RGB565, GS4_HMSB, MONO_HLSB, MONO_HMSB, GS2_HMSB, GS8)
_LITTLE = sys.byteorder == "little"
_MISSING = object()

# byte value -> its 8 pixel values, in x order, for the two horizontal mono formats
_BITS_MSB_FIRST = tuple(tuple((b >> (7 - i)) & 1 for i in range(8)) for b in range(256))
_BITS_LSB_FIRST = tuple(tuple((b >> i) & 1 for i in range(8)) for b in range(256))


def _i(v):
    """Convert an argument like ``mp_obj_get_int`` on a 32-bit MicroPython port.

    Raises ``TypeError`` for non-integers and ``OverflowError`` for values whose
    magnitude exceeds ``2**31 - 1``.
    """
    if type(v) is not int:
        if isinstance(v, int):
            v = int(v)
        else:
            raise TypeError("can't convert %s to int" % type(v).__name__)
    if -0x7FFFFFFF <= v <= 0x7FFFFFFF:
        return v
    raise OverflowError("overflow converting long int to machine word")


def _w(v):
    """Wrap an integer to a signed 32-bit C ``int`` (two's complement overflow)."""
    if -0x80000000 <= v <= 0x7FFFFFFF:
        return v
    return ((v + 0x80000000) & 0xFFFFFFFF) - 0x80000000


def _cdiv(a, b):
    """C integer division (truncates toward zero), on wrapped 32-bit operands."""
    q = abs(a) // abs(b)
    return _w(q if (a < 0) == (b < 0) else -q)


def _root(obj):
    """The object that really owns a buffer's memory (unwraps memoryviews)."""
    while isinstance(obj, memoryview):
        obj = obj.obj
    return obj


class FrameBuffer:
    """A drawing surface over a caller-supplied buffer (MicroPython docs: class FrameBuffer).

    ``FrameBuffer(buffer, width, height, format, stride=width, /)``

    * ``buffer``: a writable object with the buffer protocol (``bytearray``,
      ``memoryview``, ``array.array``...).  Drawing writes straight into it.
    * ``width``, ``height``: size in pixels, 1..65535.
    * ``format``: one of the module's format constants.
    * ``stride``: pixels between the starts of consecutive rows, ``width``..65535;
      rounded up to a whole byte for the sub-byte horizontal formats.

    Raises ``ValueError`` (no message) for bad sizes or a buffer too small for them,
    ``ValueError("invalid format")`` for an unknown format, ``TypeError`` when
    ``buffer`` is not a writable buffer.
    """

    def __init__(self, buffer, width, height, format, stride=_MISSING, /):
        self._setup(buffer, width, height, format, stride, True)

    # -- construction -------------------------------------------------------------

    def _setup(self, buffer, width, height, fmt, stride, writable):
        width = _i(width)
        height = _i(height)
        fmt = _i(fmt)
        stride = width if stride is _MISSING else _i(stride)
        if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF:
            raise ValueError()
        if stride > 0xFFFF or stride < width:
            raise ValueError()
        bpp = 1
        height_req = height
        width_req = width
        strides_req = height - 1
        if fmt == MONO_VLSB:
            height_req = (height + 7) & ~7
            strides_req = height_req - 8
        elif fmt == MONO_HLSB or fmt == MONO_HMSB:
            stride = (stride + 7) & ~7
            width_req = (width + 7) & ~7
        elif fmt == GS2_HMSB:
            stride = (stride + 3) & ~3
            width_req = (width + 3) & ~3
            bpp = 2
        elif fmt == GS4_HMSB:
            stride = (stride + 1) & ~1
            width_req = (width + 1) & ~1
            bpp = 4
        elif fmt == GS8:
            bpp = 8
        elif fmt == RGB565:
            bpp = 16
        else:
            raise ValueError("invalid format")
        try:
            view = memoryview(buffer)
        except TypeError:
            raise TypeError("object with buffer protocol required")
        if writable and view.readonly:
            raise TypeError("object with buffer protocol required")
        if view.format != "B" or view.ndim != 1:
            view = view.cast("B")
        need = (strides_req * stride + (height_req - strides_req) * width_req) * bpp // 8
        if need > len(view):
            raise ValueError()
        self._obj = buffer
        self._root = _root(buffer)
        self._buf = view
        self._width = width
        self._height = height
        self._stride = stride
        self._format = fmt
        self._mv16 = None
        if fmt == RGB565 and _LITTLE:
            self._mv16 = view[: len(view) & ~1].cast("H")
        self._get, self._set = self._accessors(fmt)

    def _accessors(self, fmt):
        """Return the (getpixel, setpixel) pair for ``fmt``; neither clips."""
        buf = self._buf
        stride = self._stride
        if fmt == RGB565:
            mv16 = self._mv16
            if mv16 is not None:

                def get(x, y):
                    return mv16[x + y * stride]

                def set_(x, y, c):
                    mv16[x + y * stride] = c & 0xFFFF

            else:

                def get(x, y):
                    i = 2 * (x + y * stride)
                    return buf[i] | (buf[i + 1] << 8)

                def set_(x, y, c):
                    i = 2 * (x + y * stride)
                    buf[i] = c & 0xFF
                    buf[i + 1] = (c >> 8) & 0xFF

        elif fmt == GS8:

            def get(x, y):
                return buf[x + y * stride]

            def set_(x, y, c):
                buf[x + y * stride] = c & 0xFF

        elif fmt == MONO_VLSB:

            def get(x, y):
                return (buf[(y >> 3) * stride + x] >> (y & 7)) & 1

            def set_(x, y, c):
                i = (y >> 3) * stride + x
                if c & 0xFFFFFFFF:
                    buf[i] |= 1 << (y & 7)
                else:
                    buf[i] &= ~(1 << (y & 7)) & 0xFF

        elif fmt == MONO_HLSB or fmt == MONO_HMSB:
            msb_first = fmt == MONO_HLSB

            def get(x, y):
                s = 7 - (x & 7) if msb_first else x & 7
                return (buf[(x + y * stride) >> 3] >> s) & 1

            def set_(x, y, c):
                i = (x + y * stride) >> 3
                s = 7 - (x & 7) if msb_first else x & 7
                if c & 0xFFFFFFFF:
                    buf[i] |= 1 << s
                else:
                    buf[i] &= ~(1 << s) & 0xFF

        elif fmt == GS2_HMSB:

            def get(x, y):
                return (buf[(x + y * stride) >> 2] >> ((x & 3) << 1)) & 3

            def set_(x, y, c):
                i = (x + y * stride) >> 2
                s = (x & 3) << 1
                buf[i] = ((c & 3) << s) | (buf[i] & ~(3 << s) & 0xFF)

        else:  # GS4_HMSB

            def get(x, y):
                v = buf[(x + y * stride) >> 1]
                return v & 0x0F if x & 1 else v >> 4

            def set_(x, y, c):
                i = (x + y * stride) >> 1
                if x & 1:
                    buf[i] = (c & 0x0F) | (buf[i] & 0xF0)
                else:
                    buf[i] = ((c & 0x0F) << 4) | (buf[i] & 0x0F)

        return get, set_

    def __buffer__(self, flags):
        """Buffer protocol (Python 3.12+): a view of the backing buffer, as on MicroPython."""
        return memoryview(self._obj)

    # -- internal helpers -----------------------------------------------------------

    def _raw_fill_rect(self, x, y, w, h, c):
        """Fill an already clipped, non-empty rectangle with colour ``c``."""
        fmt = self._format
        stride = self._stride
        buf = self._buf
        if fmt == RGB565:
            pat = (c & 0xFFFF).to_bytes(2, "little") * w
            if w == stride:
                off = 2 * y * stride
                buf[off : off + 2 * w * h] = pat * h
                return
            off = 2 * (x + y * stride)
            n = 2 * w
            step = 2 * stride
            for _ in range(h):
                buf[off : off + n] = pat
                off += step
        elif fmt == GS8:
            pat = bytes((c & 0xFF,)) * w
            if w == stride:
                off = y * stride
                buf[off : off + w * h] = pat * h
                return
            off = x + y * stride
            for _ in range(h):
                buf[off : off + w] = pat
                off += stride
        elif fmt == MONO_VLSB:
            # A byte holds a column of 8 rows (a page): one mask per page
            # sets or clears the rectangle's rows in each of its columns.
            on = c & 0xFFFFFFFF
            end = y + h
            while y < end:
                top = y & 7
                rows = min(8 - top, end - y)
                mask = ((1 << rows) - 1) << top
                off = (y >> 3) * stride + x
                if mask == 0xFF:
                    buf[off : off + w] = (b"\xff" if on else b"\x00") * w
                elif on:
                    for i in range(off, off + w):
                        buf[i] |= mask
                else:
                    keep = ~mask & 0xFF
                    for i in range(off, off + w):
                        buf[i] &= keep
                y += rows
        else:
            set_ = self._set
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    set_(xx, yy, c)

    def _fill_rect(self, x, y, w, h, c):
        """Clip like MicroPython's fill_rect (C ``int`` arithmetic) and fill."""
        if h < 1 or w < 1 or _w(x + w) <= 0 or _w(y + h) <= 0:
            return
        if y >= self._height or x >= self._width:
            return
        xend = min(self._width, x + w)
        yend = min(self._height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._raw_fill_rect(x, y, xend - x, yend - y, c)

    def _setpixel_checked(self, x, y, c):
        if 0 <= x < self._width and 0 <= y < self._height:
            self._set(x, y, c)

    def _row(self, x, y, n):
        """The ``n`` pixel values of row ``y`` from column ``x`` (no clipping)."""
        fmt = self._format
        if fmt == RGB565 and self._mv16 is not None:
            i = x + y * self._stride
            return self._mv16[i : i + n].tolist()
        if fmt == GS8:
            i = x + y * self._stride
            return list(self._buf[i : i + n])
        if fmt == MONO_HLSB or fmt == MONO_HMSB:
            tab = _BITS_MSB_FIRST if fmt == MONO_HLSB else _BITS_LSB_FIRST
            start = x + y * self._stride
            first = start >> 3
            last = (start + n - 1) >> 3
            bits = []
            for b in self._buf[first : last + 1]:
                bits.extend(tab[b])
            skip = start & 7
            return bits[skip : skip + n]
        get = self._get
        return [get(xx, y) for xx in range(x, x + n)]

    def _write_row(self, x, y, vals, key):
        """Store pixel values at row ``y`` from column ``x``, skipping ``key``."""
        fmt = self._format
        n = len(vals)
        if fmt == RGB565 and self._mv16 is not None:
            mv16 = self._mv16
            i = x + y * self._stride
            if key > 0xFFFF or key not in vals:
                mv16[i : i + n] = array("H", vals)
            else:
                for c in vals:
                    if c != key:
                        mv16[i] = c
                    i += 1
            return
        if fmt == GS8:
            buf = self._buf
            i = x + y * self._stride
            if key not in vals:
                buf[i : i + n] = bytes([c & 0xFF for c in vals])
            else:
                for c in vals:
                    if c != key:
                        buf[i] = c & 0xFF
                    i += 1
            return
        set_ = self._set
        for c in vals:
            if c != key:
                set_(x, y, c)
            x += 1

    # -- public API -------------------------------------------------------------------

    def fill(self, c, /):
        """Fill the whole frame (``width`` x ``height`` pixels) with colour ``c``.

        Raises ``TypeError``/``OverflowError`` for a non-integer or out-of-range colour.
        Source: MicroPython docs, FrameBuffer.fill.
        """
        c = _i(c)
        self._raw_fill_rect(0, 0, self._width, self._height, c)

    def pixel(self, x, y, c=_MISSING, /):
        """Get (``pixel(x, y)``) or set (``pixel(x, y, c)``) one pixel.

        Returns the stored colour as an ``int`` when getting; ``None`` when setting or
        when ``(x, y)`` lies outside the frame (nothing is drawn then).
        Source: MicroPython docs, FrameBuffer.pixel.
        """
        x = _i(x)
        y = _i(y)
        if 0 <= x < self._width and 0 <= y < self._height:
            if c is _MISSING:
                return self._get(x, y)
            self._set(x, y, _i(c))
        return None

    def hline(self, x, y, w, c, /):
        """Draw a horizontal line of ``w`` pixels starting at ``(x, y)``, clipped.

        ``w < 1`` draws nothing.  Source: MicroPython docs, FrameBuffer.hline.
        """
        self._fill_rect(_i(x), _i(y), _i(w), 1, _i(c))

    def vline(self, x, y, h, c, /):
        """Draw a vertical line of ``h`` pixels starting at ``(x, y)``, clipped.

        ``h < 1`` draws nothing.  Source: MicroPython docs, FrameBuffer.vline.
        """
        self._fill_rect(_i(x), _i(y), 1, _i(h), _i(c))

    def fill_rect(self, x, y, w, h, c, /):
        """Fill the ``w`` x ``h`` pixel rectangle whose top-left is ``(x, y)``, clipped.

        Zero or negative ``w``/``h`` draw nothing.
        Source: MicroPython docs, FrameBuffer.fill_rect.
        """
        self._fill_rect(_i(x), _i(y), _i(w), _i(h), _i(c))

    def rect(self, x, y, w, h, c, f=False, /):
        """Draw a ``w`` x ``h`` rectangle outline at ``(x, y)``, or fill it if ``f``.

        The outline is four clipped lines: top, bottom (row ``y + h - 1``), left and
        right (column ``x + w - 1``), each ``w`` or ``h`` pixels long; so a zero or
        negative size can still draw the two sides whose own length is positive,
        exactly as MicroPython does.  Source: MicroPython docs, FrameBuffer.rect.
        """
        x = _i(x)
        y = _i(y)
        w = _i(w)
        h = _i(h)
        c = _i(c)
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, _w(y + h - 1), w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(_w(x + w - 1), y, 1, h, c)

    def _line(self, x1, y1, x2, y2, c):
        # Bresenham, stepping along the major axis; the end point is drawn last.
        width = self._width
        height = self._height
        set_ = self._set
        dx = _w(x2 - x1)
        if dx > 0:
            sx = 1
        else:
            dx = _w(-dx)
            sx = -1
        dy = _w(y2 - y1)
        if dy > 0:
            sy = 1
        else:
            dy = _w(-dy)
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = _w(2 * dy - dx)
        two_dx = 2 * dx
        two_dy = 2 * dy
        for _ in range(dx):
            if steep:
                if 0 <= y1 < width and 0 <= x1 < height:
                    set_(y1, x1, c)
            elif 0 <= x1 < width and 0 <= y1 < height:
                set_(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= two_dx
            x1 += sx
            e += two_dy
        if 0 <= x2 < width and 0 <= y2 < height:
            set_(x2, y2, c)

    def line(self, x1, y1, x2, y2, c, /):
        """Draw a 1-pixel line from ``(x1, y1)`` to ``(x2, y2)`` inclusive, clipped.

        Uses MicroPython's Bresenham variant, so the chosen pixels match exactly.
        Source: MicroPython docs, FrameBuffer.line.
        """
        self._line(_i(x1), _i(y1), _i(x2), _i(y2), _i(c))

    def _ellipse_points(self, cx, cy, x, y, c, mask):
        if mask & 0x10:
            if mask & 1:
                self._fill_rect(cx, _w(cy - y), _w(x + 1), 1, c)
            if mask & 2:
                self._fill_rect(_w(cx - x), _w(cy - y), _w(x + 1), 1, c)
            if mask & 4:
                self._fill_rect(_w(cx - x), _w(cy + y), _w(x + 1), 1, c)
            if mask & 8:
                self._fill_rect(cx, _w(cy + y), _w(x + 1), 1, c)
        else:
            if mask & 1:
                self._setpixel_checked(_w(cx + x), _w(cy - y), c)
            if mask & 2:
                self._setpixel_checked(_w(cx - x), _w(cy - y), c)
            if mask & 4:
                self._setpixel_checked(_w(cx - x), _w(cy + y), c)
            if mask & 8:
                self._setpixel_checked(_w(cx + x), _w(cy + y), c)

    def ellipse(self, x, y, xr, yr, c, f=False, m=_MISSING, /):
        """Draw an ellipse centred on ``(x, y)`` with radii ``xr``, ``yr`` (pixels).

        ``f`` true fills it.  ``m`` selects quadrants: bit 0 Q1 (top right), bit 1 Q2
        (top left), bit 2 Q3 (bottom left), bit 3 Q4 (bottom right).  Equal radii give
        a circle; ``xr == yr == 0`` draws the single centre pixel.  The midpoint
        algorithm runs with 32-bit wrap-around like MicroPython's C code.
        Source: MicroPython docs, FrameBuffer.ellipse.
        """
        cx = _i(x)
        cy = _i(y)
        a = _i(xr)
        b = _i(yr)
        c = _i(c)
        mask = 0x10 if f else 0
        mask |= 0x0F if m is _MISSING else _i(m) & 0x0F
        if a == 0 and b == 0:
            if mask & 0x0F:
                self._setpixel_checked(cx, cy, c)
            return
        two_asq = _w(2 * a * a)
        two_bsq = _w(2 * b * b)
        px = a
        py = 0
        xchange = _w(b * b * (1 - 2 * a))
        ychange = _w(a * a)
        err = 0
        stopx = _w(two_bsq * a)
        stopy = 0
        while stopx >= stopy:
            self._ellipse_points(cx, cy, px, py, c, mask)
            py = _w(py + 1)
            stopy = _w(stopy + two_asq)
            err = _w(err + ychange)
            ychange = _w(ychange + two_asq)
            if _w(2 * err + xchange) > 0:
                px = _w(px - 1)
                stopx = _w(stopx - two_bsq)
                err = _w(err + xchange)
                xchange = _w(xchange + two_bsq)
        px = 0
        py = b
        xchange = _w(b * b)
        ychange = _w(a * a * (1 - 2 * b))
        err = 0
        stopx = 0
        stopy = _w(two_asq * b)
        while stopx <= stopy:
            self._ellipse_points(cx, cy, px, py, c, mask)
            px = _w(px + 1)
            stopx = _w(stopx + two_bsq)
            err = _w(err + xchange)
            xchange = _w(xchange + two_bsq)
            if _w(2 * err + ychange) > 0:
                py = _w(py - 1)
                stopy = _w(stopy - two_asq)
                err = _w(err + ychange)
                ychange = _w(ychange + two_asq)

    def poly(self, x, y, coords, c, f=False, /):
        """Draw a closed polygon with vertices ``coords`` offset by ``(x, y)``.

        ``coords`` must support the buffer protocol, e.g. ``array('h', [x0, y0, x1,
        y1, ...])`` (a list raises ``TypeError``, as on MicroPython); an odd trailing
        value is ignored.  ``f`` true fills it with MicroPython's integer scan-line
        algorithm (same boundary pixels).  Source: MicroPython docs, FrameBuffer.poly.
        """
        x = _i(x)
        y = _i(y)
        try:
            view = memoryview(coords)
        except TypeError:
            raise TypeError("object with buffer protocol required")
        vals = view.tolist() if view.ndim == 1 else view.cast("B").tolist()
        n_poly = len(vals) // 2
        if n_poly == 0:
            return
        c = _i(c)
        pts = [_i(v) for v in vals[: 2 * n_poly]]
        if not f:
            px1 = pts[0]
            py1 = pts[1]
            i = 2 * n_poly - 1
            while True:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                self._line(_w(x + px1), _w(y + py1), _w(x + px2), _w(y + py2), c)
                px1 = px2
                py1 = py2
                if i < 0:
                    break
            return
        ys = pts[1::2]
        y_min = min(ys)
        y_max = max(ys)
        # the edges in the order MicroPython visits them: (p0, p[n-1]), (p[n-1], p[n-2]), ...
        order = [0] + list(range(n_poly - 1, -1, -1))
        edges = [
            (
                pts[2 * order[k]],
                pts[2 * order[k] + 1],
                pts[2 * order[k + 1]],
                pts[2 * order[k + 1] + 1],
            )
            for k in range(n_poly)
        ]
        for row in range(y_min, y_max + 1):
            nodes = []
            for px1, py1, px2, py2 in edges:
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    num = _w(_w(32 * _w(px2 - px1)) * _w(row - py1))
                    q = _cdiv(num, _w(py2 - py1))
                    nodes.append(_cdiv(_w(32 * px1 + q + 16), 32))
                elif row == max(py1, py2):
                    # local minimum / horizontal edge: MicroPython patches these pixels
                    if py1 < py2:
                        self._setpixel_checked(_w(x + px2), _w(y + py2), c)
                    elif py2 < py1:
                        self._setpixel_checked(_w(x + px1), _w(y + py1), c)
                    else:
                        self._line(_w(x + px1), _w(y + py1), _w(x + px2), _w(y + py2), c)
            if not nodes:
                continue
            nodes.sort()
            for k in range(0, len(nodes) - 1, 2):
                self._fill_rect(
                    _w(x + nodes[k]), _w(y + row), _w(nodes[k + 1] - nodes[k] + 1), 1, c
                )

    def blit(self, source, x, y, key=-1, palette=None, /):
        """Draw ``source`` with its top-left corner at ``(x, y)``, clipped.

        ``source`` is a FrameBuffer or a ``(buffer, width, height, format[, stride])``
        tuple/list (its buffer may be read-only).  Each source pixel value ``v`` is
        translated through ``palette`` when given (the value of palette pixel
        ``(v, 0)``; palette is a FrameBuffer or tuple like ``source``, usually
        ``v_count`` x 1 in the destination's format); then it is skipped if it equals
        ``key`` (compared as unsigned 32-bit, so ``-1`` never matches), else stored
        (truncated to the destination format).  ``TypeError`` if ``source``/``palette``
        is neither a FrameBuffer nor a tuple/list, ``ValueError`` for a tuple of the
        wrong length.  Source: MicroPython docs, FrameBuffer.blit.
        """
        src = source if type(source) is FrameBuffer else _readonly_fb(source)
        x = _i(x)
        y = _i(y)
        key = _i(key) & 0xFFFFFFFF
        if palette is None or type(palette) is FrameBuffer:
            pal = palette
        else:
            pal = _readonly_fb(palette)
        sw = src._width
        sh = src._height
        w = self._width
        h = self._height
        if x >= w or y >= h or -x >= sw or -y >= sh:
            return
        x0, x1 = (x, 0) if x >= 0 else (0, -x)
        y0, y1 = (y, 0) if y >= 0 else (0, -y)
        x0end = w if x + sw > w else x + sw
        y0end = h if y + sh > h else y + sh
        n = x0end - x0
        if n <= 0 or y0 >= y0end:
            return
        root = self._root
        if src._root is root or (pal is not None and pal._root is root):
            # Source or palette shares memory with this frame: replicate the exact
            # pixel-by-pixel read/write interleaving of MicroPython.
            sget = src._get
            pget = pal._get if pal is not None else None
            set_ = self._set
            for yy in range(y0, y0end):
                cx1 = x1
                for xx in range(x0, x0end):
                    col = sget(cx1, y1)
                    if pget is not None:
                        col = pget(col, 0)
                    if col != key:
                        set_(xx, yy, col)
                    cx1 += 1
                y1 += 1
            return
        sfmt = src._format
        dfmt = self._format
        if sfmt == MONO_HLSB or sfmt == MONO_HMSB:
            if pal is None and dfmt == sfmt:
                self._blit_mono_same(src, x0, y0, y0end, x1, y1, n, key)
                return
            if pal is None:
                c0, c1 = 0, 1
            else:
                pget = pal._get
                try:
                    c0 = pget(0, 0)
                    c1 = pget(1, 0)
                except IndexError:  # palette buffer too short: the generic path raises
                    c0 = None
            if c0 is not None:
                self._blit_mono_memo(src, x0, y0, y0end, x1, y1, n, key, c0, c1)
                return
        pget = pal._get if pal is not None else None
        cache = {}
        for yy in range(y0, y0end):
            vals = src._row(x1, y1, n)
            if pget is not None:
                out = []
                for v in vals:
                    col = cache.get(v)
                    if col is None:
                        col = cache[v] = pget(v, 0)
                    out.append(col)
                vals = out
            self._write_row(x0, yy, vals, key)
            y1 += 1

    def _mono_rows(self, x, y, rows, n):
        """``n`` pixels from column ``x`` of ``rows`` rows from ``y``, as ints.

        Horizontal mono formats only.  Reads the covering bytes once as one integer
        (big-endian for MONO_HLSB, little-endian for MONO_HMSB).  Returns
        ``(first_byte, n_bytes, value, shifts, segs)``: row ``r``'s pixels are bits
        ``shifts[r] .. shifts[r] + n - 1`` of ``value``, also given as ``segs[r]``;
        the leftmost pixel is the most significant bit of a seg for MONO_HLSB and
        the least significant for MONO_HMSB.
        """
        stride = self._stride
        start = x + y * stride
        first = start >> 3
        nb = ((start + (rows - 1) * stride + n - 1) >> 3) + 1 - first
        chunk = self._buf[first : first + nb]
        off = start - 8 * first
        if self._format == MONO_HLSB:
            value = int.from_bytes(chunk, "big")
            top = 8 * nb - off - n
            shifts = [top - r * stride for r in range(rows)]
        else:
            value = int.from_bytes(chunk, "little")
            shifts = [off + r * stride for r in range(rows)]
        ones = (1 << n) - 1
        return first, nb, value, shifts, [(value >> sh) & ones for sh in shifts]

    def _blit_mono_same(self, src, x0, y0, y0end, x1, y1, n, key):
        """Blit between two frames of the same horizontal mono format.

        Works on whole bit rows at once: reads the destination rows as one integer,
        merges the source bits under a mask (only 1s when ``key`` is 0, only 0s when
        ``key`` is 1, everything otherwise) and writes the bytes back once.
        """
        rows = y0end - y0
        segs = src._mono_rows(x1, y1, rows, n)[4]
        first, nb, dv, shifts, _ = self._mono_rows(x0, y0, rows, n)
        ones = (1 << n) - 1
        mask = 0
        bits = 0
        for seg, sh in zip(segs, shifts, strict=True):
            mask |= ones << sh
            bits |= seg << sh
        if key == 0:  # source pixels of value 0 are skipped: only set bits
            dv |= bits
        elif key == 1:  # source pixels of value 1 are skipped: only clear bits
            dv &= ~(mask & ~bits)
        else:
            dv = (dv & ~mask) | bits
        order = "big" if self._format == MONO_HLSB else "little"
        self._buf[first : first + nb] = dv.to_bytes(nb, order)

    def _blit_mono_memo(self, src, x0, y0, y0end, x1, y1, n, key, c0, c1):
        """Blit a horizontal mono source into this frame (any other format).

        ``c0``/``c1`` are the colours of source values 0 and 1 (after the palette).
        What is written depends only on the source bits covered, the clip, both
        strides and formats, where the first pixel falls within a byte of this
        frame, ``key``, ``c0`` and ``c1``: ``_mono_writes`` works it out as byte
        ranges relative to the first pixel's byte, memoised under those (glyphs
        are drawn again and again), so a blit costs a slice assignment per run
        of changed bytes.
        """
        rows = y0end - y0
        sstride = src._stride
        start = x1 + y1 * sstride
        first = start >> 3
        nb = ((start + (rows - 1) * sstride + n - 1) >> 3) + 1 - first
        dfmt = self._format
        dstride = self._stride
        if dfmt == RGB565:
            base = 2 * (x0 + y0 * dstride)
            align = 0
        elif dfmt == GS8:
            base = x0 + y0 * dstride
            align = 0
        elif dfmt == MONO_VLSB:
            base = (y0 >> 3) * dstride + x0
            align = y0 & 7
        else:
            shift = 2 if dfmt == GS2_HMSB else 1 if dfmt == GS4_HMSB else 3
            base = (x0 + y0 * dstride) >> shift
            align = x0 & ((1 << shift) - 1)
        if nb > _BLIT_MEMO_BYTES:
            writes = self._mono_writes(src, x1, y1, rows, n, align, key, c0, c1)
        else:
            mkey = (
                bytes(src._buf[first : first + nb]),
                start & 7,
                sstride,
                rows,
                n,
                src._format,
                dfmt,
                dstride,
                align,
                key,
                c0,
                c1,
            )
            writes = _BLIT_MEMO.get(mkey)
            if writes is None:
                writes = self._mono_writes(src, x1, y1, rows, n, align, key, c0, c1)
                if len(_BLIT_MEMO) >= _BLIT_MEMO_MAX:
                    _BLIT_MEMO.clear()
                _BLIT_MEMO[mkey] = writes
        buf = self._buf
        for a, b, keep, data in writes:
            a += base
            b += base
            if keep is None:
                buf[a:b] = data
            else:
                old = int.from_bytes(buf[a:b], "little")
                buf[a:b] = ((old & keep) | data).to_bytes(b - a, "little")

    def _mono_writes(self, src, x1, y1, rows, n, align, key, c0, c1):
        """What ``_blit_mono_memo`` writes, relative to its first pixel's byte.

        A tuple of ``(start, end, keep, data)`` byte ranges of this frame's buffer:
        ``keep`` None stores the bytes ``data``; otherwise the range, read as a
        little-endian integer, keeps the bits set in ``keep`` and takes the rest
        from the integer ``data``.  ``align`` is the first pixel's place in its
        byte (its row within a MONO_VLSB page, its pixel index within a byte of
        the horizontal sub-byte formats).
        """
        dfmt = self._format
        msb_first = src._format == MONO_HLSB
        segs = src._mono_rows(x1, y1, rows, n)[4]
        draw0 = c0 != key
        draw1 = c1 != key
        writes = []
        if dfmt == RGB565 or dfmt == GS8:
            # Whole bytes per pixel: runs of drawn pixels, as slices of a pattern.
            if dfmt == RGB565:
                bpp = 2
                pat0 = (c0 & 0xFFFF).to_bytes(2, "little") * n
                pat1 = (c1 & 0xFFFF).to_bytes(2, "little") * n
            else:
                bpp = 1
                pat0 = bytes((c0 & 0xFF,)) * n
                pat1 = bytes((c1 & 0xFF,)) * n
            step = bpp * self._stride
            base = 0
            for seg in segs:
                runs1, runs0 = _runs(seg, n, msb_first)
                if draw0 and draw1:
                    row = bytearray(pat0[: bpp * n])
                    for a, ln in runs1:
                        row[bpp * a : bpp * (a + ln)] = pat1[: bpp * ln]
                    writes.append((base, base + bpp * n, None, bytes(row)))
                elif draw0 or draw1:
                    runs, pat = (runs1, pat1) if draw1 else (runs0, pat0)
                    for a, ln in runs:
                        i = base + bpp * a
                        writes.append((i, i + bpp * ln, None, pat[: bpp * ln]))
                base += step
            return tuple(writes)
        # Pixels smaller than a byte: draw into two scratch frames of this format,
        # one all 0 bits and one all 1 bits; the bits where they differ are kept.
        if dfmt == MONO_VLSB:
            w = n
            h = align + rows
            rowbytes = w
            nrows = (h + 7) >> 3
            step = self._stride
            dx, dy = 0, align
        else:
            w = align + n
            h = rows
            per = 4 if dfmt == GS2_HMSB else 2 if dfmt == GS4_HMSB else 8
            rowbytes = (w + per - 1) // per
            nrows = h
            step = self._stride // per
            dx, dy = align, 0
        zeros = FrameBuffer(bytearray(rowbytes * nrows), w, h, dfmt)
        ones = FrameBuffer(bytearray(b"\xff" * (rowbytes * nrows)), w, h, dfmt)
        for r, seg in enumerate(segs):
            for i in range(n):
                bit = (seg >> (n - 1 - i)) & 1 if msb_first else (seg >> i) & 1
                col = c1 if bit else c0
                if col != key:
                    zeros._set(dx + i, dy + r, col)
                    ones._set(dx + i, dy + r, col)
        lo = zeros._obj
        hi = ones._obj
        for r in range(nrows):
            i = r * rowbytes
            end = i + rowbytes
            while i < end:
                if lo[i] == hi[i]:
                    j = i + 1
                    while j < end and lo[j] == hi[j]:
                        j += 1
                    # bytes wholly written
                    a = r * step + i - r * rowbytes
                    writes.append((a, a + j - i, None, bytes(lo[i:j])))
                    i = j
                elif (lo[i] ^ hi[i]) != 0xFF:  # some bits kept
                    j = i + 1
                    while j < end and (lo[j] ^ hi[j]) != 0xFF:
                        j += 1
                    keep = int.from_bytes(lo[i:j], "little") ^ int.from_bytes(hi[i:j], "little")
                    a = r * step + i - r * rowbytes
                    writes.append((a, a + j - i, keep, int.from_bytes(lo[i:j], "little")))
                    i = j
                else:  # byte untouched
                    i += 1
        return tuple(writes)

    def scroll(self, xstep, ystep, /):
        """Shift the frame contents by ``(xstep, ystep)`` pixels.

        Pixels scrolled in keep their previous values (the vacated area is not
        cleared), as on MicroPython.  A step at least as large as the frame does
        nothing.  Source: MicroPython docs, FrameBuffer.scroll.
        """
        xstep = _i(xstep)
        ystep = _i(ystep)
        w = self._width
        h = self._height
        # destination columns / rows that MicroPython's loops visit
        if xstep < 0:
            if w + xstep <= 0:
                return
            xs, xe = 0, w + xstep
        else:
            if xstep - 1 >= w - 1:
                return
            xs, xe = xstep, w
        if ystep < 0:
            if h + ystep <= 0:
                return
            ys, ye = 0, h + ystep
        else:
            if ystep - 1 >= h - 1:
                return
            ys, ye = ystep, h
        # The C loop order guarantees every source pixel is read before it is
        # overwritten, so copying from a snapshot gives identical results.
        n = xe - xs
        fmt = self._format
        if fmt == RGB565 or fmt == GS8:
            bpp = 2 if fmt == RGB565 else 1
            buf = self._buf
            snap = bytes(buf)
            stride = self._stride
            for yy in range(ys, ye):
                d = bpp * (xs + yy * stride)
                s = bpp * (xs - xstep + (yy - ystep) * stride)
                buf[d : d + bpp * n] = snap[s : s + bpp * n]
            return
        get = self._get
        rows = [[get(xx - xstep, yy - ystep) for xx in range(xs, xe)] for yy in range(ys, ye)]
        set_ = self._set
        for yy, vals in zip(range(ys, ye), rows, strict=True):
            xx = xs
            for v in vals:
                set_(xx, yy, v)
                xx += 1

    def text(self, s, x, y, c=1, /):
        """Not available in the simulator: always raises ``NotImplementedError``.

        MicroPython draws ``s`` with its built-in 8x8 font, which is not bundled
        here; the app draws text with its own font (blitted glyphs).
        Source: MicroPython docs, FrameBuffer.text.
        """
        raise NotImplementedError(
            "FrameBuffer.text is not supported by the desktop simulator (MicroPython's "
            "built-in 8x8 font is not bundled); draw text with the app's own font"
        )


_RUNS_CACHE = {}

# _blit_mono_memo's memo: what a blit writes, by its source bits and arguments;
# only for sources of at most _BLIT_MEMO_BYTES covered bytes (glyphs, icons)
_BLIT_MEMO = {}
_BLIT_MEMO_MAX = 20000
_BLIT_MEMO_BYTES = 512


def _runs(seg, n, msb_first):
    """Runs of 1 and of 0 pixels in an ``n``-pixel mono segment (see _mono_rows).

    Returns ``(ones, zeros)``, each a list of ``(start, length)`` in pixel order.
    Memoised for short segments (glyph rows repeat a lot).
    """
    key = (seg, n, msb_first)
    hit = _RUNS_CACHE.get(key)
    if hit is not None:
        return hit
    ones = []
    zeros = []
    start = 0
    prev = None
    for i in range(n):
        bit = (seg >> (n - 1 - i)) & 1 if msb_first else (seg >> i) & 1
        if bit != prev:
            if prev is not None:
                (ones if prev else zeros).append((start, i - start))
            start = i
            prev = bit
    (ones if prev else zeros).append((start, n - start))
    result = (ones, zeros)
    if n <= 64:
        if len(_RUNS_CACHE) > 50000:
            _RUNS_CACHE.clear()
        _RUNS_CACHE[key] = result
    return result


def _readonly_fb(arg):
    """A FrameBuffer for a blit source/palette: a FrameBuffer or a (buf, w, h, fmt[, stride])."""
    if isinstance(arg, FrameBuffer):
        return arg
    if not isinstance(arg, (tuple, list)):
        raise TypeError("object '%s' isn't a tuple or list" % type(arg).__name__)
    if len(arg) < 4 or len(arg) > 5:
        raise ValueError()
    fb = FrameBuffer.__new__(FrameBuffer)
    fb._setup(arg[0], arg[1], arg[2], arg[3], arg[4] if len(arg) == 5 else _MISSING, False)
    return fb


def FrameBuffer1(buffer, width, height, stride=_MISSING, /):
    """Legacy constructor: a ``MONO_VLSB`` FrameBuffer (MicroPython's FrameBuffer1)."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, width if stride is _MISSING else stride)
