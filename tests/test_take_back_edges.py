"""Take back move (the pause menu, ``app.hint.back``) where it meets
storage and Continue: the Klaberjass table it makes says "Move taken back",
not Continue's "Game resumed"; a save that cannot be read is left in place
(not set aside) and nothing is taken back; a damaged save it finds is set
aside and said so over the game."""

import pytest
from fakestore import FailingRead, FakeStorage, save_file
from test_app_help import NAMES, _one_move_turn, _play_selected, _save, _undo
from test_klaberjass_screen import SIZES, lines, session
from test_persist import Console

from app.klaberjass.screen import KlaberjassScreen
from cardgames import klaberjass as kj


@pytest.mark.parametrize("size", sorted(SIZES))
def test_take_back_says_move_taken_back_not_game_resumed(size):
    # The taken-back table is made as Continue makes it (app.persist.resume),
    # whose note "Game resumed" held the event line over "Move taken back".
    s = session(size, 5, FakeStorage())
    s.press("A")  # New game
    scr = s.app.screen
    decided = False
    for _ in range(200):
        if scr.human_turn():
            if decided and scr.game.phase == kj.PLAY:
                break
            decided = True
        s.press("A")
    assert scr.human_turn() and scr.game.phase == kj.PLAY
    s.press("B", *["DOWN"] * 4, "A")  # pause menu: Take back move
    back = s.app.screen
    assert back is not scr and isinstance(back, KlaberjassScreen) and back.human_turn()
    assert back.event_line() == "Move taken back"
    shown = lines(s)
    assert "Game resumed" not in shown
    assert "Move taken back" in shown or size == "128x64"


@pytest.mark.parametrize("name", NAMES)
def test_undo_when_the_save_cannot_be_read_keeps_the_save_and_its_moves(name):
    """Take back reads the save's moves; a read that fails (OSError) must
    not move the save aside, unreported (it did: ``read_file`` sets an
    unreadable file aside, and the next save then held only the moves made
    since, so the game's record no longer replayed)."""
    from test_save_fixes import _save_replays

    st = FailingRead()
    con = Console(st, seed=6)
    con.choose_game(name)
    con.press("A")
    scr = _one_move_turn(con, name)
    _play_selected(con, scr, name)
    scr2 = _one_move_turn(con, name, 0)
    pos = scr2.game.to_text()
    st.fail = 1
    _undo(con)
    assert st.fail == 0  # the read was tried, and failed
    assert con.app.screen is scr2 and scr2.game.to_text() == pos  # nothing taken back
    assert scr2.hint_alert is True and "take back" in scr2.hint.lower()
    assert save_file(name) in st.files and not any(".bad" in n for n in st.files)
    assert _save(st)["pos"] == pos and _save_replays(st)
    # The read works again: so does Take back, and the save still replays.
    _undo(con)
    assert con.app.screen is not scr2 and _save_replays(st)


def test_undo_reports_a_damaged_save_it_sets_aside():
    """A save damaged during play (a flipped byte: bad checksum) is set
    aside when Take back reads it, and said so over the game (it was set
    aside without a word); A goes back to the game, nothing taken back."""
    from app.screen import ErrorScreen

    st = FakeStorage()
    con = Console(st, seed=6)
    con.choose_game("Clubbed")
    con.press("A")
    scr = _one_move_turn(con, "Clubbed")
    _play_selected(con, scr, "Clubbed")
    scr2 = _one_move_turn(con, "Clubbed", 0)
    pos = scr2.game.to_text()
    data = bytearray(st.files["game-clubbed"])
    data[-3] ^= 1
    st.files["game-clubbed"] = bytes(data)
    _undo(con)
    err = con.app.screen
    assert isinstance(err, ErrorScreen) and "game-clubbed.bad1" in err.message
    assert "checksum" in err.message and "game-clubbed.bad1" in st.files
    assert con.app.notices == []  # told once, here
    con.press("A")
    assert con.app.screen is scr2 and scr2.game.to_text() == pos
    assert scr2.hint_alert is True and "take back" in scr2.hint.lower()


@pytest.mark.parametrize("storage", (None, "fake"))
def test_take_back_is_greyed_until_you_have_moved(storage):
    # Offered before any move it only answered "Nothing to undo yet".
    import apptest

    from app.screen import NO_UNDO

    s = apptest.Session(3, FakeStorage() if storage else None)
    s.press("A")  # Clubbed: a new game
    scr = s.app.screen
    while not scr.human_turn():
        s.press("A")
    s.press("B")
    menu = scr.pause
    assert menu.items[4] == NO_UNDO and menu.off == 4
    s.press(*["DOWN"] * 4, "A")  # the greyed row: says why, takes nothing back
    assert s.app.screen is scr and scr.pause is None
    assert scr.hint == "Nothing to take back yet"
    while scr.slots[scr.cursor] not in scr.legal:
        s.press("RIGHT")
    s.press("A")  # your first move
    while not scr.human_turn():
        s.press("A")
    s.press("B")
    assert scr.pause.items[4] == "Take back move" and scr.pause.off == -1


def test_take_back_is_offered_after_a_first_bid_made_behind_the_cut():
    # The cut waits for A before your first bid; that bid is still yours to
    # take back (the turn was told from the screen, which says "not your
    # turn" while a banner shows, so the bid did not count as a move).
    import apptest

    s = apptest.Session(2)
    s.choose_game("Klaberjass")
    s.press("A")
    scr = s.app.screen
    assert apptest.waits(scr) and scr.banners[0][0] == "West deals"
    s.press("A")  # the cut read
    assert scr.human_turn() and scr.game.phase == kj.BID1
    s.press("A")  # your first bid: pass (the choice starts on it)
    for _ in range(10):  # B pauses (a first B may close a banner)
        s.press("B")
        if s.app.screen.pause is not None:
            break
    assert s.app.screen.pause.items[4] == "Take back move"
