"""Fonts (firmware/app/kit/fontdata.py and firmware/fonts.bin, tools/make/gen_font.py)
and app.kit.text drawing."""

import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.kit import fontdata

ROOT = Path(__file__).resolve().parent.parent
FONT_DIR = Path("/usr/share/fonts/opentype/terminus")
SUITS = "\u2663\u2666\u2665\u2660"
FONTS = {"SMALL": fontdata.SMALL, "BOLD": fontdata.BOLD, "BIG": fontdata.BIG}
CELLS = {"SMALL": (6, 12), "BOLD": (8, 16), "BIG": (12, 24)}
BITS = (ROOT / "firmware" / fontdata.FILE).read_bytes()


def glyph_bits(data, ch):
    """Glyph of ch in a fontdata tuple (its bitmap in fonts.bin) as a list of
    rows of 0/1."""
    w, h, chars, offset = data
    i = chars.index(ch)
    stride = (w + 7) // 8
    at = offset + i * h * stride
    return [
        [(BITS[at + y * stride + x // 8] >> (7 - x % 8)) & 1 for x in range(w)]
        for y in range(h)
    ]


# --- generator ---------------------------------------------------------------


def test_fontdata_is_up_to_date():
    for name in ("terminus-normal.otb", "terminus-bold.otb"):
        if not (FONT_DIR / name).exists():
            pytest.skip("%s absent (Debian package fonts-terminus-otb)" % (FONT_DIR / name))
    pytest.importorskip("PIL", reason="Pillow is needed to regenerate the fonts")
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make" / "gen_font.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stdout + r.stderr


# --- font data ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(FONTS))
def test_font_shape(name):
    w, h, chars, offset = FONTS[name]
    assert (w, h) == CELLS[name]
    # The fonts follow each other in the file, which holds nothing else.
    ends = sorted((d[3], d[3] + len(d[2]) * d[1] * ((d[0] + 7) // 8)) for d in FONTS.values())
    assert ends[0][0] == 0 and ends[-1][1] == len(BITS)
    assert all(a[1] == b[0] for a, b in zip(ends, ends[1:], strict=False))
    assert len(set(chars)) == len(chars) < 255
    for ch in " ?0123456789AJQKT" + SUITS:
        assert ch in chars


@pytest.mark.parametrize("name", sorted(FONTS))
def test_every_glyph_but_space_has_ink(name):
    data = FONTS[name]
    for ch in data[2]:
        lit = sum(map(sum, glyph_bits(data, ch)))
        if ch == " ":
            assert lit == 0
        else:
            assert lit > 0, "%s %r is blank" % (name, ch)


@pytest.mark.parametrize("name", sorted(FONTS))
def test_suit_glyphs_are_distinct(name):
    data = FONTS[name]
    glyphs = [glyph_bits(data, ch) for ch in SUITS + "?"]
    for i in range(len(glyphs)):
        for j in range(i + 1, len(glyphs)):
            assert glyphs[i] != glyphs[j], (name, (SUITS + "?")[i], (SUITS + "?")[j])


def test_all_glyphs_are_distinct_within_a_font():
    for name, data in FONTS.items():
        seen = {}
        for ch in data[2]:
            key = str(glyph_bits(data, ch))
            assert key not in seen, "%s: %r looks like %r" % (name, ch, seen.get(key))
            seen[key] = ch


# --- drawing (CPython, host_sim's framebuf) ----------------------------------

# Colours are palette indices on the app's GS8 frame (app.kit.display).
BG = 0x17
RED = 0xF8


@pytest.fixture(scope="module")
def text():
    """app.kit.text with host_sim/ on sys.path (as the simulator has it)."""
    sim = str(ROOT / "host_sim")
    if sim not in sys.path:
        sys.path.insert(0, sim)
    if not (ROOT / "host_sim" / "framebuf.py").exists():
        try:
            importlib.import_module("framebuf")
        except ImportError:
            pytest.skip("host_sim/framebuf.py not written yet")
    return importlib.import_module("app.kit.text")


def new_fb(width, height, color=BG):
    import framebuf

    buf = bytearray(width * height)
    fb = framebuf.FrameBuffer(buf, width, height, framebuf.GS8)
    fb.fill(color)
    return fb


def expected_pixels(data, s, x0, y0, width, height):
    """{(x, y)} lit by drawing s at (x0, y0), clipped to width x height."""
    w, h = data[0], data[1]
    out = set()
    for k, ch in enumerate(s):
        rows = glyph_bits(data, ch)
        for y in range(h):
            for x in range(w):
                px, py = x0 + k * w + x, y0 + y
                if rows[y][x] and 0 <= px < width and 0 <= py < height:
                    out.add((px, py))
    return out


def lit_pixels(fb, width, height, bg=BG):
    return {(x, y) for y in range(height) for x in range(width) if fb.pixel(x, y) != bg}


@pytest.mark.parametrize("name", sorted(FONTS))
@pytest.mark.parametrize("s", ["TC", "A\u2660", "10\u2665"])
def test_draw_lights_exactly_the_glyph_pixels(text, name, s):
    font = getattr(text, name)
    width, height = 3 * font.w + 6, font.h + 5
    for color in (RED, 0x00, 0xFF, BG ^ 1):
        fb = new_fb(width, height)
        end = text.draw(fb, s, 3, 2, color, font)
        assert end == 3 + len(s) * font.w
        want = expected_pixels(FONTS[name], s, 3, 2, width, height)
        assert lit_pixels(fb, width, height) == want
        assert {fb.pixel(x, y) for x, y in want} == {color}


def test_draw_clips_at_the_edges(text):
    fb = new_fb(10, 8)
    text.draw(fb, "\u2660W", -3, -4, RED, text.SMALL)
    want = expected_pixels(fontdata.SMALL, "\u2660W", -3, -4, 10, 8)
    assert lit_pixels(fb, 10, 8) == want != set()


def test_unknown_characters_draw_as_question_mark(text):
    for s in ("\u00e9", "\n", "\u2603"):
        a, b = new_fb(8, 14), new_fb(8, 14)
        text.draw(a, s, 1, 1, RED)
        text.draw(b, "?", 1, 1, RED)
        assert lit_pixels(a, 8, 14) == lit_pixels(b, 8, 14) != set()
    assert text.SMALL.index("\u00e9") == text.SMALL.index("?")


def test_big_draws_lowercase_as_capitals(text):
    assert text.BIG.index("k") == text.BIG.index("K")
    assert text.BIG.index("~") == text.BIG.index("?")
    assert text.SMALL.index("k") != text.SMALL.index("K")


def test_width_centre_right(text):
    assert text.SMALL.width("10\u2663") == 18
    assert text.BIG.width("") == 0
    fb = new_fb(40, 20)
    assert text.draw_centered(fb, "ab", 20, 0, RED) == 14
    assert text.draw_right(fb, "ab", 40, 0, RED, text.BOLD) == 24


def test_fit_and_wrap(text):
    assert text.fit("Alice", 30) == "Alice"
    assert text.fit("Alexandra", 30) == "Alex\u2026"
    assert text.fit("Alexandra", 3) == ""
    assert text.wrap("one two three four", 6 * 9) == ["one two", "three", "four"]
    assert text.wrap("a\n\nb", 60) == ["a", "", "b"]
    assert text.wrap("abcdefghij", 24) == ["abcd", "efgh", "ij"]
    for line in text.wrap("The quick brown fox jumps over the lazy dog " * 5, 100):
        assert text.SMALL.width(line) <= 100


# --- real MicroPython ---------------------------------------------------------

MP_SCRIPT = r"""
import gc
import framebuf
from app.kit import fontdata, text

W, H = 60, 30
fb = framebuf.FrameBuffer(bytearray(W * H), W, H, framebuf.GS8)

with open(text.PATH, "rb") as f:
    bits = f.read()

def bit(data, ch, x, y):
    w, h, chars, offset = data
    i = chars.find(ch)
    return (bits[offset + (i * h + y) * ((w + 7) // 8) + x // 8] >> (7 - x % 8)) & 1

# Pixel-exact against the font data, under the real framebuf.
for name, font, data in (("SMALL", text.SMALL, fontdata.SMALL),
                         ("BOLD", text.BOLD, fontdata.BOLD),
                         ("BIG", text.BIG, fontdata.BIG)):
    for s in ("TC", "A\u2660", "Q\u2665"):
        fb.fill(0x17)
        end = text.draw(fb, s, 2, 1, 0xF8, font)
        assert end == 2 + len(s) * font.w, (name, s, end)
        for y in range(H):
            for x in range(W):
                k = (x - 2) // font.w
                gx, gy = (x - 2) % font.w, y - 1
                on = 0 <= k < len(s) and x >= 2 and 0 <= gy < font.h and bit(data, s[k], gx, gy)
                assert fb.pixel(x, y) == (0xF8 if on else 0x17), (name, s, x, y)

# No allocation while drawing.
s = "10\u2663 J\u2666 Q\u2665 K\u2660 A? \u25ba"
def calls():
    text.draw(fb, s, 0, 0, 0xFF)
    text.draw(fb, s, -5, 3, 0x00, text.BOLD)
    text.draw(fb, s, 1, 2, 0xF8, font=text.BIG)
    text.draw_centered(fb, s, 30, 0, 0, text.SMALL)
    text.draw_right(fb, s, 60, 0, 0, text.SMALL)

def measure():
    # In a function, so no new module global (a dict resize) is counted.
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(100):
        calls()
    return gc.mem_alloc() - before

calls()  # warm up: a first use may intern characters

print("ALLOC", measure())
"""


def test_micropython_draw_exact_and_allocation_free(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node not installed")
    if not (ROOT / "node_modules" / "@micropython").is_dir():
        pytest.skip("node_modules missing (run npm ci)")
    script = tmp_path / "mp_text.py"
    script.write_text(MP_SCRIPT, encoding="utf-8")
    r = subprocess.run(
        [node, str(ROOT / "tools" / "mp" / "mp_run.mjs"), str(script)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ALLOC 0" in r.stdout.split("\n"), r.stdout
