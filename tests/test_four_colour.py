"""The four-colour deck setting (clubs green, diamonds blue, hearts red,
spades black) reaches every suit drawn in ink on a card-white ground: card
faces and Klaberjass's trump chip (KJ-4's turned or named suit)."""

import apptest  # noqa: F401  (puts the simulator's framebuf on the path)
import pytest

from app import cardview, theme
from app.display import FrameDisplay
from app.klaberjass_summary import suit_chip


def inks(draw, w, h):
    d = FrameDisplay(w, h)
    d.fb.fill(theme.FELT)
    draw(d.fb)
    return {d.fb.pixel(x, y) for x in range(w) for y in range(h)}


@pytest.fixture
def four():
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
