"""Colours (palette indices) and sizes (pixels) of the card UI.

Every colour the app draws with is named here, as an index into
``app.kit.display.PALETTE`` (0..255), and its RGB565 value is written into the
palette when this module is imported, in the order below (BLACK first: 0,
the colour of a zeroed frame). The screens never build colours per frame.
A colour a screen needs gets a name here, so the palette holds all of them
(``tests/test_palette.py`` checks it): at most 251, as the top five slots
are the boot splash's and error screen's (``hw.start``).
"""

from app.kit.display import rgb, set_colour

COLOURS = 0  # palette entries in use (while defining: the next free index)


def _c(r, g, b):
    # The next palette index, holding 8-bit (r, g, b) as RGB565.
    global COLOURS
    i = COLOURS
    set_colour(i, rgb(r, g, b))
    COLOURS = i + 1
    return i


BLACK = _c(0, 0, 0)
FELT = _c(18, 92, 52)
FELT_DARK = _c(10, 62, 34)
PANEL = _c(12, 40, 26)
WHITE = _c(255, 255, 255)
CARD = _c(250, 250, 244)
CARD_DIM = _c(172, 176, 170)
CARD_EDGE = _c(60, 60, 60)
RED = _c(214, 16, 24)
RED_DIM = _c(150, 60, 60)
INK = _c(16, 16, 16)
INK_DIM = _c(84, 84, 84)
BACK = _c(30, 70, 170)
BACK_LINE = _c(110, 150, 230)
GOLD = _c(255, 208, 40)
TEXT = _c(236, 240, 230)
TEXT_DIM = _c(150, 176, 156)
ALERT = _c(255, 90, 60)
HILITE = _c(40, 120, 80)
# The four-colour deck's inks (app.kit.cardview): clubs green, diamonds blue,
# and their dimmed forms.
CLUB_INK = _c(0, 128, 40)
DIAMOND_INK = _c(20, 70, 200)
CLUB_DIM = _c(16, 96, 40)  # dark enough to read on a greyed card
DIAMOND_DIM = _c(36, 62, 160)
# Their light forms for suit glyphs in text on the dark felt or panel.
CLUB_TEXT = _c(130, 230, 120)
DIAMOND_TEXT = _c(120, 180, 255)

# On a 1-bit display (an SSD1306) every colour is either dark (0) or lit (1).
# The compact layout (app/compact*.py) draws with 0/1 itself; this mapping is
# the fallback for a screen without a compact design, so that it still reads
# as lit text on dark with light cards: backgrounds dark, ink lit, a card's
# face lit with dark ink.
MONO_DARK = ("FELT", "FELT_DARK", "PANEL", "BLACK", "RED", "RED_DIM", "INK", "INK_DIM",
             "BACK", "HILITE", "CARD_EDGE", "CLUB_INK", "DIAMOND_INK", "CLUB_DIM",
             "DIAMOND_DIM")
_indexed = None  # the palette indices while the mono colours are in use


def set_mono(on):
    """Use the 1-bit colours (``on``) or the palette indices: module-wide,
    as the app has one display (App sets it at start)."""
    global _indexed
    g = globals()
    if on and _indexed is None:
        _indexed = {}
        for name in g:
            if (name.isupper() and isinstance(g[name], int) and name != "COLOURS"
                    and not name.endswith(("_W", "_H"))):
                _indexed[name] = g[name]
                g[name] = 0 if name in MONO_DARK else 1
    elif not on and _indexed is not None:
        for name in _indexed:
            g[name] = _indexed[name]
        _indexed = None


# Card sizes: hand and small cards, and the large discard-pile card.
CARD_W = 24
CARD_H = 34
BIG_W = 32
BIG_H = 44
