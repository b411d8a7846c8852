"""Bitmap text on a framebuf in fixed-cell fonts: SMALL, BOLD and BIG."""

# Fonts (glyphs from app.kit.fontdata, Terminus Font, OFL-1.1), all monospace:
#   SMALL  6x12 px  body text
#   BOLD   8x16 px  card ranks/suits, headings
#   BIG   12x24 px  titles, large card indices; covers space.."_" only (digits,
#                   capitals, punctuation), lowercase draws as capitals
# SMALL and BOLD cover printable ASCII; all three cover the suits SUITS
# ("♣♦♥♠") and "◄►"; SMALL and BOLD also "▲▼←→↑↓•×…✓". Any other character
# draws as "?".
#
# Units: pixels; (x, y) is the top left corner of the first character cell;
# colours are palette indices 0..255 (app.kit.theme) on a colour frame, 0/1 on a
# 1-bit one. Background transparent; the framebuffer clips.
#
# How: each glyph is read from the font file (app.kit.fontdata.FILE) into a
# glyph-sized scratch FrameBuffer, then blitted through a 2-entry GS8
# palette (entry 0 = key colour, skipped; entry 1 = text colour): framebuf
# looks each glyph bit up in it and stores the value in the frame's format. A seek and a
# readinto per character, the rest in framebuf's C code, no allocation per
# character or per call (on MicroPython the first use of a character may
# intern it once). The glyphs stay in the file because a .mpy module's
# constants live in the Pico's heap: 6.5 KB for these fonts (tools/
# mem_report.py). In the firmware image (tools/make/manifest.py) they come from the
# frozen module picocards_fonts instead, whose bytes stay in flash: the same
# seek and readinto on an io.BytesIO over them (which copies nothing), and no
# /fonts.bin needed. Not reentrant (one shared palette and file): fine for the
# single-threaded app. Runs on MicroPython and CPython (where framebuf is
# host_sim's).
#
# On the Pico that blit costs about 107 us a 6x12 glyph (framebuf looks each
# bit up through generic get/set-pixel calls), most of a table's drawing
# time; so a display driver with machine code (hw/st7789.py, hw/fastpix.py)
# registers its 8-bit frame here (``add_target``) with its text routines
# (hw/fasttext.py), which set the glyph's pixels themselves for text wholly
# inside that frame (the same pixels: tests/test_hw_st7789.py checks it on
# the device's answers). They live with the driver, not here, so that a
# .mpy install without it (the memory report's runtime, the simulator)
# keeps neither their code nor their names in its heap.

import framebuf

from app.kit import fontdata

SUITS = "\u2663\u2666\u2665\u2660"  # clubs, diamonds, hearts, spades


def _glyph_path(path):
    # The folder holding the app package: the board's root (a module loaded on
    # the Pico through sys.path's "" entry, or frozen, has a relative
    # __file__, "app/kit/text.mpy"), the MicroPython runner's /lib/N, or firmware/
    # in a checkout.
    path = path.replace("\\", "/")
    i = path.rfind("/app/")
    return (path[: i + 1] if i >= 0 else "/") + fontdata.FILE


def is_frozen(path):
    """True if ``path`` (a module's ``__file__``) is that of a module frozen
    into the firmware image: its name there, relative and ending in ``.py``
    ("app/kit/text.py", py/builtinimport.c). One loaded from the Pico's
    filesystem is "app/kit/text.mpy" (the .mpy install); elsewhere it is absolute.
    (A source install on the Pico looks frozen: it then takes the image's
    glyphs if there are any.)"""
    return not path.startswith("/") and ":" not in path and path.endswith(".py")


def open_glyphs(path, frozen, name="GLYPHS"):
    """The font file's bytes as an open binary file: for a frozen app
    (``frozen`` True), an ``io.BytesIO`` over the firmware image's
    ``picocards_fonts.GLYPHS`` (tools/make/frozen_gen.py: the same bytes as
    fonts.bin, in flash); otherwise, or if the image has no such module, the
    file at ``path`` (OSError if it is missing). ``name`` "RULES" gives the
    rule file the same way (app.rules_screen)."""
    if frozen:
        try:
            import picocards_fonts  # type: ignore[import-not-found]

            data = getattr(picocards_fonts, name, None)
        except ImportError:
            data = None
        if data:
            import io

            return io.BytesIO(data)
    return open(path, "rb")


PATH = _glyph_path(__file__)
# Kept open for the program's life. Only a frozen app takes the frozen glyphs:
# a filesystem install on the image has its own fonts.bin beside it.
_GLYPHS = open_glyphs(PATH, is_frozen(__file__))


class Font:
    """One fixed-cell bitmap font from ``app.kit.fontdata``.

    ``w``, ``h``: cell width and height in pixels; ``chars``: the characters
    covered, in glyph order; ``offset``: where its glyphs start in the font
    file; ``size``: bytes per glyph (MONO_HLSB).
    """

    def __init__(self, data):
        w, h, chars, offset = data
        self.w = w
        self.h = h
        self.chars = chars
        self.offset = offset
        self.size = ((w + 7) // 8) * h
        self.glyph = bytearray(self.size)
        self.scratch = framebuf.FrameBuffer(self.glyph, w, h, framebuf.MONO_HLSB)
        q = chars.find("?")
        # Glyph index by code point: a table for ASCII; the few others (suits,
        # arrows) are found in ``chars`` (no dict: less heap on the Pico).
        # Uncovered lowercase falls back to capitals, anything else to "?".
        ascii_ = bytearray(b"\xff" * 128)  # 0xff: not covered (fonts have < 255 glyphs)
        i = 0
        for ch in chars:
            o = ord(ch)
            if o < 128:
                ascii_[o] = i
            i += 1
        for o in range(128):
            if ascii_[o] == 0xFF:
                up = ascii_[o - 32] if 97 <= o <= 122 else 0xFF
                ascii_[o] = q if up == 0xFF else up
        self.ascii = ascii_
        self.qmark = q
        self.space = chars.find(" ")

    def index(self, ch):
        """Glyph index drawn for the one-character str ``ch`` (may be ``"?"``'s)."""
        o = ord(ch)
        if o < 128:
            return self.ascii[o]
        i = self.chars.find(ch)
        return self.qmark if i < 0 else i

    def width(self, s):
        """Width in pixels of str ``s`` drawn in this font (``len(s) * w``)."""
        return len(s) * self.w


SMALL = Font(fontdata.SMALL)
BOLD = Font(fontdata.BOLD)
BIG = Font(fontdata.BIG)

# Entry 0 is the key colour (skipped), entry 1 the text colour.
_PALETTE = framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.GS8)

#: Who is told what is drawn (the simulator's text view, host_sim.textview):
#: an object with ``text(fb, s, x, y, color, font)`` (called by ``draw``),
#: ``card(fb, c, x, y, w, h, dim)`` then ``end()`` around a card's face,
#: ``backs(fb, n, x, y, w, h, step)`` and ``place(fb, x, y, w, h)`` (called
#: by app.kit.cardview), ``right(fb, rx, y)`` (called by ``draw_right``
#: before its text: the string ends at ``rx``) and ``rect(fb, x, y, w, h)``
#: (called by a screen after framing a box round a string: Clubbed's
#: DRAW). None on the device: drawing then costs one test and allocates
#: nothing.
listener = None

# The display driver's text routines (hw.fasttext), once it gives them
# (``add_target``): ``put`` is then theirs, this module's kept for the frames
# they do not hold.
_fast = None
#: Where ``put`` draws, and in what colour: x, y, palette index (``draw`` sets it).
PEN = [0, 0, 0]


def draw(fb, s, x, y, color, font=SMALL):
    """Draw str ``s`` with its top left at (x, y) on FrameBuffer ``fb``.

    ``color`` is a palette index (0..255; 0/1 on a 1-bit frame); the
    background is left as it is. Returns the x just
    after the last character (``x + font.width(s)``).
    """
    # Where and in what colour go to ``PEN`` and the work to helpers, each
    # with at most 11 locals and stack slots: MicroPython gives a bigger
    # function's call frame a heap block (py/objfun.c), and on a used heap
    # finding one takes longer than drawing the text.
    PEN[0] = x
    PEN[1] = y
    PEN[2] = color
    put(fb, s, font)
    return x + font.w * len(s)


def put(fb, s, font=SMALL):
    """Draw str ``s`` like ``draw`` at ``PEN``'s place and colour (which it
    leaves as they were): for callers whose own frames must stay small.
    Each glyph is read into the font's scratch buffer and blitted through
    the palette; a driver with machine code replaces this (``add_target``)."""
    if listener is not None:
        _tell(fb, s, font)
    x = PEN[0]
    key = PEN[2] ^ 1  # any colour but the text colour
    _PALETTE.pixel(0, 0, key)
    _PALETTE.pixel(1, 0, PEN[2])
    for ch in s:
        o = ord(ch)
        if o < 128:
            i = font.ascii[o]
        else:
            i = font.chars.find(ch)
            if i < 0:
                i = font.qmark
        if i != font.space:
            _GLYPHS.seek(font.offset + i * font.size)
            _GLYPHS.readinto(font.glyph)
            fb.blit(font.scratch, x, PEN[1], key, _PALETTE)
        x += font.w


def _tell(fb, s, font):
    listener.text(fb, s, PEN[0], PEN[1], PEN[2], font)


def add_target(fb, buf, width, height, routine=None):
    """Let ``put`` draw on 8-bit (GS8) ``fb`` over ``buf`` (``width`` x
    ``height``, one byte a pixel) with the display driver's machine code:
    ``routine`` is its module hw.fasttext, given once by the driver, whose
    ``put`` then stands for this module's (a frame it does not hold, or a
    string that does not fit wholly in one, falls back to it). Without it
    nothing is registered (a board without machine code, the simulator):
    that module is never loaded there."""
    global _fast, put
    if routine is not None and _fast is None:
        _fast = routine
        put = routine.put
    if _fast is not None:
        _fast.add(fb, buf, width, height)


def draw_centered(fb, s, cx, y, color, font=SMALL):
    """Draw ``s`` centred on column ``cx`` (top at ``y``); returns its left x."""
    x = cx - (len(s) * font.w) // 2
    draw(fb, s, x, y, color, font)
    return x


def draw_right(fb, s, rx, y, color, font=SMALL):
    """Draw ``s`` ending just before column ``rx`` (top at ``y``); returns its left x."""
    x = rx - len(s) * font.w
    if listener is not None:
        listener.right(fb, rx, y)
    draw(fb, s, x, y, color, font)
    return x


def fit(s, max_px, font=SMALL):
    """``s``, or its start plus ``"…"`` (if the font has it), within ``max_px`` pixels."""
    n = max_px // font.w
    if len(s) <= n:
        return s
    if n <= 0:
        return ""
    dots = "\u2026" if "\u2026" in font.chars else "."
    return s[: n - 1] + dots


def wrap(s, max_px, font=SMALL):
    """Split ``s`` into a list of lines each at most ``max_px`` pixels wide.

    Breaks at spaces; ``"\\n"`` starts a new line (an empty line for ``"\\n\\n"``);
    a word longer than a line is cut. Lines carry no leading/trailing spaces.
    """
    cols = max(1, max_px // font.w)
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            if not word:
                continue
            while len(word) > cols:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line = line + " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
