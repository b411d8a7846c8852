"""Text on the display driver's 8-bit frames drawn by its machine code
(hw.fastpix): app.kit.text's ``put`` once the driver has given this module
(``text.add_target``), which it imports only when hw.fastpix passed its
check.

``put`` draws a string wholly inside a registered frame itself and leaves
anything else (another frame, text that is clipped, the simulator's text
view) to app.kit.text's own. In the firmware image the routines read each
glyph where it lies in flash (picocards_fonts.GLYPHS) and move the pen on
themselves, a run of ASCII characters in one call: no seek or readinto,
and Python runs once a character only for those beyond ASCII (suits,
arrows). A .mpy install reads each glyph from the font file into the
font's buffer first.

Each function keeps to 11 locals and stack slots: MicroPython gives a
bigger function's call frame a heap block (py/objfun.c), and on a used heap
finding one takes longer than drawing the text.
"""

from array import array

from app.kit import text
from app.kit.text import PEN
from hw.fastpix import address, byte_at, glyph, glyphs

# app.kit.text's own put, for what this one leaves (taken before the driver
# gives this module, when text.put is still that one).
_portable = text.put
_GLYPHS = text._GLYPHS
# The frozen glyphs themselves, where the routines read a glyph (in a
# frozen app only, as text.open_glyphs); None: each glyph is read from
# _GLYPHS first.
_DATA = None
if text.is_frozen(__file__):
    try:
        import picocards_fonts  # type: ignore[import-not-found]

        _DATA = picocards_fonts.GLYPHS or None
    except (ImportError, AttributeError):
        pass

# (FrameBuffer, its buffer, width, height) drawn on by ``glyph``.
_targets: list = []
# The routines' geometry array: offset, stride, w, h, colour, row bytes,
# glyph index, bytes a glyph, the font's first glyph (hw.fastpix.glyph),
# then the next byte, characters left, _DATA's address (hw.fastpix.glyphs).
_geo = array("i", [0] * 15)
if _DATA is not None:
    _geo[11] = address(_DATA)


def add(fb, buf, width, height):
    """Draw on 8-bit ``fb`` over ``buf`` (``width`` x ``height``, one byte
    a pixel) from now on. Keeps the last four frames given."""
    for t in _targets:
        if t[0] is fb:
            return
    _targets.append((fb, buf, width, height))
    if len(_targets) > 4:
        _targets.pop(0)


def put(fb, s, font=text.SMALL):
    """app.kit.text.put: str ``s`` at ``PEN``'s place and colour. The
    string's UTF-8 bytes are read by ``byte_at`` (iterating a str makes a
    1-char str per character, a search of every interned string: 130 us a
    character on a Pico with the app's names loaded)."""
    # One function, not a chain of helpers: a call costs as much as a few
    # glyphs, and one variable serves several purposes to stay in 11 slots.
    k = len(_targets)
    t = None
    while k > 0:
        k -= 1
        if _targets[k][0] is fb:
            t = _targets[k]
            break
    if t is None or text.listener is not None or PEN[1] < 0 or PEN[1] + font.h > t[3] or (
            PEN[0] < 0 or PEN[0] + font.w * len(s) > t[2]):
        _portable(fb, s, font)
        return
    _geo[0] = PEN[1] * t[2] + PEN[0]
    _geo[1] = t[2]
    _geo[2] = font.w
    _geo[3] = font.h
    _geo[4] = PEN[2]
    _geo[5] = (font.w + 7) // 8
    _geo[7] = font.size
    _geo[8] = 0 if _DATA is None else font.offset
    t = t[1]  # the frame's buffer
    if _DATA is not None:
        _runs(t, s, font)
        return
    n = len(s)
    k = 0
    _geo[6] = 0
    while n > 0:
        n -= 1
        o = byte_at(s, k)
        if o < 0x80:
            o = font.ascii[o]
            k += 1
        else:
            _geo[9] = k
            o = _beyond(s, font)
            k = _geo[9]
        if o == font.space:
            _geo[0] += font.w
            continue
        # The glyph read into the font's own buffer, then drawn from there
        # (the routine moves the pen on).
        _GLYPHS.seek(o * font.size + font.offset)
        _GLYPHS.readinto(font.glyph)
        glyph(_geo, t, font.glyph)


def _runs(t, s, font):
    # ``put``'s loop with the font in memory (_DATA): a run of ASCII
    # characters in one call of ``glyphs``, the character that ends it here.
    _geo[9] = 0
    _geo[10] = len(s)
    while glyphs(_geo, t, s, font.ascii) > 0:
        _geo[6] = _beyond(s, font)
        _geo[10] -= 1
        glyph(_geo, t, _DATA)


def _beyond(s, font):
    # The glyph of the character beyond ASCII at byte _geo[9] of ``s``
    # (UTF-8: a lead byte, then 10xxxxxx bytes), _geo[9] moved past it.
    k = _geo[9]
    o = byte_at(s, k)
    k += 1
    if o >= 0xF0:
        o = 0xFFFD  # beyond the fonts
        k += 3
    elif o >= 0xE0:
        o = (o & 0x0F) << 12 | (byte_at(s, k) & 0x3F) << 6
        k += 1
        o |= byte_at(s, k) & 0x3F
        k += 1
    else:
        o = (o & 0x1F) << 6 | (byte_at(s, k) & 0x3F)
        k += 1
    _geo[9] = k
    o = font.chars.find(chr(o))
    return font.qmark if o < 0 else o
