"""The four-colour deck setting (clubs green, diamonds blue, hearts red,
spades black) reaches every suit drawn in ink on a card-white ground: card
faces and Klaberjass's trump chip (KJ-4's turned or named suit)."""

import apptest  # noqa: F401  (puts the simulator's framebuf on the path)
import pytest

from app.kit import cardview, theme
from app.kit.display import FrameDisplay
from app.klaberjass.summary import suit_chip


def inks(draw, w, h):
    d = FrameDisplay(w, h)
    d.fb.fill(theme.FELT)
    draw(d.fb)
    return {d.fb.pixel(x, y) for x in range(w) for y in range(h)}


@pytest.fixture
def four():
    # The palette colours, whatever screen the test run's last app had (a
    # 128x64 one leaves theme's 1-bit colours in place: theme.set_mono).
    theme.set_mono(False)
    yield cardview.four
    cardview.four(False)


@pytest.mark.parametrize("suit", range(4))
def test_trump_chip_uses_the_deck_in_use(four, suit):
    for on in (False, True):
        four(on)
        ink = cardview.suit_color(suit * 13)
        seen = inks(lambda fb: suit_chip(fb, suit, 0, 0), 22, 28)
        assert ink in seen, (suit, on)
    # Clubs and diamonds change colour with the setting; the chip follows.
    four(False)
    two = inks(lambda fb: suit_chip(fb, suit, 0, 0), 22, 28)
    four(True)
    four_inks = inks(lambda fb: suit_chip(fb, suit, 0, 0), 22, 28)
    assert (two != four_inks) == (suit in (0, 1))


def test_card_face_uses_the_deck_in_use(four):
    four(True)
    seen = inks(lambda fb: cardview.face(fb, 0, 0, 0), theme.CARD_W, theme.CARD_H)
    assert cardview.suit_color(0) in seen and theme.INK not in seen


def cell_inks(fb, x, y, font, bg):
    """The colours of one character cell at (x, y), but the ground."""
    return {fb.pixel(x + i, y + j) for i in range(font.w) for j in range(font.h)} - {bg}


# Suit glyphs in text on the dark felt or panel: red suits light red in the
# two-colour deck; clubs light green and diamonds light blue in four colours;
# spades (and two-colour clubs) in the text's own colour.
TEXT_INKS = {False: ("TEXT", "ALERT", "ALERT", "TEXT"),
             True: ("CLUB_TEXT", "DIAMOND_TEXT", "ALERT", "TEXT")}


@pytest.mark.parametrize("on", (False, True))
def test_suit_glyphs_in_text_follow_the_deck(four, on):
    from app.kit import text

    four(on)
    s = "J\u2663 8\u2666 K\u2665 A\u2660"
    d = FrameDisplay(120, 14)
    d.fb.fill(theme.FELT)
    cardview.draw_rich(d.fb, s, 0, 0, theme.TEXT)
    for suit in range(4):
        i = s.index(text.SUITS[suit])
        assert cell_inks(d.fb, i * text.SMALL.w, 0, text.SMALL, theme.FELT) == {
            getattr(theme, TEXT_INKS[on][suit])}, (suit, on)
    # The rank letters keep the text's colour.
    assert cell_inks(d.fb, 0, 0, text.SMALL, theme.FELT) == {theme.TEXT}


@pytest.mark.parametrize("on", (False, True))
def test_card_lists_in_text_follow_the_deck(four, on):
    # The 240x240 panel's rows of cards (app.kit.tall), Clubbed's look overlay
    # and Clubs' pass list draw each card in suit_color(c, 2).
    from app.kit import tall, text

    four(on)
    d = FrameDisplay(240, 20)
    tall._lines(d.fb, [bytes((0, 13, 26, 39))], 240, 20)
    x = 10
    for suit in range(4):
        name = TEXT_INKS[on][suit]
        want = theme.WHITE if name == "TEXT" else getattr(theme, name)  # cards alone: white
        assert cell_inks(d.fb, x + text.SMALL.w, 3, text.SMALL, theme.BLACK) == {want}
        x += 2 * text.SMALL.w + 6


def _luminance(i):
    # WCAG 2 relative luminance of palette entry i (RGB565 back to 0..1).
    from app.kit.display import PALETTE

    c = PALETTE[2 * i] << 8 | PALETTE[2 * i + 1]
    out = 0.0
    for v, top, w in ((c >> 11, 31, 0.2126), ((c >> 5) & 63, 63, 0.7152), (c & 31, 31, 0.0722)):
        s = v / top
        out += w * (s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4)
    return out


@pytest.mark.parametrize("on", (False, True))
def test_greyed_cards_ink_stays_readable(four, on):
    """A greyed card's suit ink (a card you may not play) keeps a contrast of
    3:1 or more with the grey face (WCAG 2's bar for graphics), in both decks:
    the four-colour deck's greyed 3♦ was hard to read."""
    four(on)
    face = _luminance(theme.CARD_DIM)
    for suit in range(4):
        ink = _luminance(cardview.suit_color(13 * suit, dim=True))
        assert (face + 0.05) / (ink + 0.05) >= 3.0, (suit, on)
