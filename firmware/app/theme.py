"""Colours (RGB565 ints) and sizes (pixels) of the card UI.

Colours are computed once here from 8-bit RGB so the screens never build them
per frame.
"""

from app.display import rgb

FELT = rgb(18, 92, 52)
FELT_DARK = rgb(10, 62, 34)
PANEL = rgb(12, 40, 26)
WHITE = rgb(255, 255, 255)
BLACK = rgb(0, 0, 0)
CARD = rgb(250, 250, 244)
CARD_DIM = rgb(172, 176, 170)
CARD_EDGE = rgb(60, 60, 60)
RED = rgb(214, 16, 24)
RED_DIM = rgb(150, 60, 60)
INK = rgb(16, 16, 16)
INK_DIM = rgb(84, 84, 84)
BACK = rgb(30, 70, 170)
BACK_LINE = rgb(110, 150, 230)
GOLD = rgb(255, 208, 40)
TEXT = rgb(236, 240, 230)
TEXT_DIM = rgb(150, 176, 156)
ALERT = rgb(255, 90, 60)
HILITE = rgb(40, 120, 80)

# On a 1-bit display (an SSD1306) every colour is either dark (0) or lit (1).
# The compact layout (app/compact*.py) draws with 0/1 itself; this mapping is
# the fallback for a screen without a compact design, so that it still reads
# as lit text on dark with light cards: backgrounds dark, ink lit, a card's
# face lit with dark ink.
MONO_DARK = ("FELT", "FELT_DARK", "PANEL", "BLACK", "RED", "RED_DIM", "INK", "INK_DIM",
             "BACK", "HILITE", "CARD_EDGE")
_rgb = None  # the RGB565 colours while the mono ones are in use


def set_mono(on):
    """Use the 1-bit colours (``on``) or the RGB565 ones: module-wide, as
    the app has one display (App sets it at start)."""
    global _rgb
    g = globals()
    if on and _rgb is None:
        _rgb = {}
        for name in g:
            if name.isupper() and isinstance(g[name], int) and not name.endswith(("_W", "_H")):
                _rgb[name] = g[name]
                g[name] = 0 if name in MONO_DARK else 1
    elif not on and _rgb is not None:
        for name in _rgb:
            g[name] = _rgb[name]
        _rgb = None


# Card sizes: hand and small cards, and the large discard-pile card.
CARD_W = 24
CARD_H = 34
BIG_W = 32
BIG_H = 44
