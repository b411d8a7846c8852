"""host_sim/framebuf.py's memoised mono blits draw what a pixel-by-pixel blit draws.

A blit of a MONO_HLSB/MONO_HMSB source (the app's glyphs) into a frame of another
format replays byte writes memoised by the source bits it covers. Here every such
blit is checked against MicroPython's definition of blit, done one pixel at a time
with ``pixel``: every destination format, every position of the first pixel within a
destination byte, clipping on all sides, keys that skip either colour, both or none,
and the same scratch buffer refilled with other bits between blits (a memo entry
must never be replayed for other source bits). tests/test_framebuf_identity.py
compares the module with real MicroPython.
"""

import importlib.util
import os
import random

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location(
    "_sim_framebuf_memo", os.path.join(REPO, "host_sim", "framebuf.py")
)
fb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fb)

FORMATS = [fb.RGB565, fb.GS8, fb.MONO_VLSB, fb.MONO_HLSB, fb.MONO_HMSB, fb.GS2_HMSB, fb.GS4_HMSB]
BYTES_FOR = {fb.RGB565: 2, fb.GS8: 1}


def _frame(fmt, w, h, stride, seed):
    rng = random.Random(seed)
    size = 2 * (stride + 8) * (h + 8)
    buf = bytearray(rng.randrange(256) for _ in range(size))
    return buf, fb.FrameBuffer(buf, w, h, fmt, stride)


def _reference_blit(dst, src, sw, sh, x, y, key, pal):
    """MicroPython's blit, pixel by pixel (source and destination do not overlap)."""
    for j in range(sh):
        for i in range(sw):
            col = src.pixel(i, j)
            if pal is not None:
                col = pal.pixel(col, 0)
            if col != key & 0xFFFFFFFF:
                dst.pixel(x + i, y + j, col)


PAIRS = [(s, d) for s in (fb.MONO_HLSB, fb.MONO_HMSB) for d in FORMATS]


@pytest.mark.parametrize(("sfmt", "dfmt"), PAIRS)
def test_mono_blits_match_pixel_by_pixel(sfmt, dfmt):
    rng = random.Random(dfmt * 10 + sfmt)
    w, h, stride = 29, 21, 35
    sw, sh = 6, 12
    glyph = bytearray(2 * sh)
    src = fb.FrameBuffer(glyph, sw, sh, sfmt)
    glyphs = [bytes(rng.randrange(256) for _ in range(len(glyph))) for _ in range(3)]
    pal_fmt = dfmt if dfmt in BYTES_FOR else fb.GS8
    pal = fb.FrameBuffer(bytearray(4), 2, 1, pal_fmt)
    got_buf, got = _frame(dfmt, w, h, stride, dfmt)
    want_buf, want = _frame(dfmt, w, h, stride, dfmt)
    top = 0xFFFF if dfmt == fb.RGB565 else 0xFF
    for k in range(400):
        glyph[:] = glyphs[k % 3]
        c0 = rng.choice([0, 1, 2, 3, top])
        c1 = rng.choice([0, 1, 2, 3, top])
        pal.pixel(0, 0, c0)
        pal.pixel(1, 0, c1)
        x = rng.randint(-sw, w)
        y = rng.randint(-sh, h)
        key = rng.choice([-1, c0, c1, 0, 1])
        # (one mono format to itself without a palette is another path, _blit_mono_same)
        use_pal = rng.random() < 0.8 or sfmt == dfmt
        got.blit(src, x, y, key, pal if use_pal else None)
        _reference_blit(want, src, sw, sh, x, y, key, pal if use_pal else None)
        assert got_buf == want_buf, (k, x, y, key, c0, c1, use_pal)
