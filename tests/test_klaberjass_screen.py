"""The Klaberjass table as a new player reads it, at the three screen sizes
(240x135, 240x240, 128x64 1-bit): Continue says "Game resumed" on the table
during the bidding (KJ-4) until the next event, as Clubbed does."""

import apptest
import pytest
from apptest import screen_text, waits
from fakestore import FakeStorage

from app.klaberjass.screen import KlaberjassScreen
from cardgames import klaberjass as kj

SIZES = {"240x135": ((240, 135), False), "240x240": ((240, 240), False),
         "128x64": ((128, 64), True)}


def session(size, seed, storage):
    """An app at ``size`` (a SIZES key) on ``storage``, its title on Klaberjass."""
    dims, mono = SIZES[size]
    cls = type("S", (apptest.Session,), {"SIZE": dims, "MONO": mono})
    s = cls(seed, storage=storage)
    s.choose_game("Klaberjass", tries=10)
    return s


def lines(s):
    # The table's strings one by one: the tall panel's "Recent" list indents
    # its lines, so "Game resumed" alone is the table's.
    return screen_text(s).split("\n")


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("seed", (3, 4))
def test_continue_in_the_bidding_says_game_resumed_until_the_next_event(size, seed):
    st = FakeStorage()
    s = session(size, seed, st)
    s.press("A")  # New game
    scr = s.app.screen
    while waits(scr):  # the cut (KJ-2)
        s.press("A")
    assert scr.human_turn() and scr.game.phase == kj.BID1
    # Power off at the human's first bid; Continue.
    s = session(size, seed, st.reboot())
    s.press("A")
    scr = s.app.screen
    assert isinstance(scr, KlaberjassScreen) and scr.game.phase == kj.BID1
    assert "Game resumed" in lines(s)
    # The next event (the human's pass) gives the line back: to the deal
    # while the bidding goes on (the passes are listed on the table).
    g = scr.game
    deal = kj.describe((kj.EV_DEAL, g.dealer, g.turned, 0), 0, ("You", "West"))
    assert scr.event_line() == "Game resumed"
    assert scr.choices[scr.choice] == kj.PASS
    s.press("A")
    assert "Game resumed" not in lines(s)
    assert scr.event_line() == (deal if g.trump == kj.NO_SUIT else scr.msgs[-1])
