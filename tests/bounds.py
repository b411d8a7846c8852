"""A FrameBuffer stand-in for layout tests: passes every drawing call to the
real (host_sim) FrameBuffer and records, in ``outside``, each call that
would light a pixel outside the screen. framebuf clips silently, so a layout
that runs off the edge only shows as a missing piece; this makes it a test
failure. For a blit (text glyphs), only the source's inked pixels count, so a
glyph cell's blank margin may overhang the edge."""


class BoundsCheck:
    """Wraps FrameBuffer ``fb`` of ``w`` x ``h`` pixels."""

    def __init__(self, fb, w, h):
        self.fb = fb
        self.w = w
        self.h = h
        self.outside = []
        self._ink = {}

    def _check(self, what, x, y, w, h):
        if w <= 0 or h <= 0:
            return
        if x < 0 or y < 0 or x + w > self.w or y + h > self.h:
            self.outside.append((what, x, y, w, h))

    def fill(self, c):
        self.fb.fill(c)

    def pixel(self, x, y, *c):
        if c:
            self._check("pixel", x, y, 1, 1)
        return self.fb.pixel(x, y, *c)

    def hline(self, x, y, w, c):
        self._check("hline", x, y, w, 1)
        self.fb.hline(x, y, w, c)

    def vline(self, x, y, h, c):
        self._check("vline", x, y, 1, h)
        self.fb.vline(x, y, h, c)

    def fill_rect(self, x, y, w, h, c):
        self._check("fill_rect", x, y, w, h)
        self.fb.fill_rect(x, y, w, h, c)

    def rect(self, x, y, w, h, c, *f):
        self._check("rect", x, y, w, h)
        self.fb.rect(x, y, w, h, c, *f)

    def line(self, x1, y1, x2, y2, c):
        self._check("line", min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1)
        self.fb.line(x1, y1, x2, y2, c)

    def blit(self, src, x, y, key=-1, palette=None):
        box = self._ink_box(src, key, palette)
        if box is not None:
            x0, y0, x1, y1 = box
            self._check("blit", x + x0, y + y0, x1 - x0 + 1, y1 - y0 + 1)
        self.fb.blit(src, x, y, key, palette)

    def _ink_box(self, src, key, palette):
        # The bounding box of the pixels the blit would draw, cached by the
        # source's bytes (text draws each glyph through one scratch buffer).
        pal = None if palette is None else bytes(palette._buf)
        k = (bytes(src._buf), src._width, src._height, src._format, key, pal)
        if k in self._ink:
            return self._ink[k]
        box = None
        for j in range(src._height):
            for i in range(src._width):
                col = src.pixel(i, j)
                if palette is not None:
                    col = palette.pixel(col, 0)
                if col != key:
                    if box is None:
                        box = [i, j, i, j]
                    else:
                        box = [min(box[0], i), min(box[1], j), max(box[2], i), max(box[3], j)]
        self._ink[k] = box
        return box

    def __getattr__(self, name):
        return getattr(self.fb, name)
