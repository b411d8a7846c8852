"""Illegal actions on the app's own paths: a screen whose idea of the game
lags the core's (a game resumed half way through a choice) gets the core's
refusal as a hint, the game unchanged, instead of an uncaught ValueError.
Found by the soak test (tests/test_soak.py) once games were resumed."""

import apptest

from app.clubs import table as table
from app.kit import text
from cardgames import clubs


def test_clubs_hearts_card_offered_again_as_partner_card_is_refused():
    # South's Hearts card is in the core (as after resuming a save written
    # between the two picks) while the screen offers the whole hand again.
    s = apptest.Session(1)
    s.choose_game("Clubs", tries=10)
    s.press("A")
    scr = s.app.screen
    g = scr.game
    assert scr.human_turn() and scr.mode == table.PASS and g.phase == clubs.PH_PASS_HEARTS
    hearts = scr.hand[0]
    g.apply(hearts)
    assert g.phase == clubs.PH_PASS_PARTNER and g.current_player == clubs.SOUTH
    before = g.to_text()
    scr.cursor = 0
    s.press("A")  # was ValueError: ... is already your Hearts pass (PC-2)
    assert g.to_text() == before
    assert "goes %s: pick another" % clubs.PASS_NAMES[scr.pass_dir] in scr.hint
    assert scr.hint_alert
    assert text.SMALL.width(scr.hint) <= 236  # whole on the status line
    scr.cursor = 1
    s.press("A")  # another card: the partner pass goes through
    assert g.to_text() != before
