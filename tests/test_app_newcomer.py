"""The screens a newcomer follows (issue 14, section 3): the title's
Continue names the game shown, a New game replaces the save at its first
turn, the result screen asks before dealing again, and the screen texts a
first-time player reads (frames and drawn strings)."""

import pytest
from apptest import screen_text
from fakestore import FakeStorage
from test_persist import Console

from app import games
from app.storage import decode
from app.title import TitleScreen

NAMES = [e.name for e in games.GAMES]


def _to_title(con):
    con.press("B")  # pause
    con.press("DOWN", "DOWN", "DOWN", "A")  # Quit to menu
    assert isinstance(con.app.screen, TitleScreen)


def _saved_game(st):
    return decode(st.files["game"], "save") if "game" in st.files else None


@pytest.mark.parametrize("name", NAMES)
def test_title_continue_row_names_the_game_shown_and_opens_it(name):
    st = FakeStorage()
    con = Console(st, seed=5)
    con.choose_game(name)
    con.press("A")  # New game
    for _ in range(4):
        con.press("A")
    assert _saved_game(st)["game"] == name
    _to_title(con)
    # A fresh title (after a power cut too) opens on the saved game's page.
    for c in (con, Console(st.reboot(), seed=5)):
        title = c.app.screen
        assert c.app.game_name() == name and title.menu.items[0] == "Continue " + name
        assert "Continue " + name in screen_text(c)
        for _ in range(len(NAMES) - 1):
            c.press("RIGHT")
            # On every other page: no Continue, the header names that game.
            assert c.app.game_name() != name
            assert not any(i.startswith("Continue") for i in title.menu.items)
            assert "Continue" not in screen_text(c) and c.app.game_name() in screen_text(c)
        c.press("RIGHT")
        assert title.menu.items[0] == "Continue " + name
        c.press("A")
        assert c.app.game_name() == name and type(c.app.screen).__name__ != "TitleScreen"
        assert c.app.screen.game.to_text() == decode(st.files["game"], "save")["pos"]


@pytest.mark.parametrize("seed", range(1, 7))
@pytest.mark.parametrize("name", NAMES)
def test_new_game_replaces_the_save_at_its_first_turn(name, seed):
    """The README's promise: starting a New game replaces the save at your
    first turn of the new game, whoever moves first."""
    st = FakeStorage()
    con = Console(st, seed=seed)
    other = NAMES[(NAMES.index(name) + 1) % len(NAMES)]
    con.choose_game(other)
    con.press("A")
    for _ in range(3):
        con.press("A")
    assert _saved_game(st)["game"] == other
    _to_title(con)
    con.choose_game(name)
    con.press("A")  # New game of another game: the old save goes at once ...
    scr = con.app.screen
    f = _saved_game(st)
    assert f is not None and f["game"] == name and f["id"] == str(con.app.id)
    # ... and what Continue brings back is the start of this turn.
    assert f["pos"] == scr.game.to_text()


class _Compact(Console):
    SIZE = (128, 64)
    MONO = True


@pytest.mark.parametrize("compact", (False, True))
def test_result_screen_asks_before_dealing_the_next_game(compact):
    """A on the result screen asks ("Deal a new game?"); only a second A
    deals, so the presses that hurried the end start no game (nor save)."""
    from app.result_screen import ResultScreen
    from cardgames import clubbed

    st = FakeStorage()
    con = (_Compact if compact else Console)(st, seed=3)
    app = con.app
    g = clubbed.Clubbed(seed=3, dealer=1, refill=True)
    res = ResultScreen(app, (1, -1), (3, 9), (0, 0), (3, 9), 1, ("You", "West"))
    app.show(res)
    con.settle()
    assert "A next" in screen_text(con)
    before = dict(st.files)
    con.press("A")
    assert app.screen is res
    assert ("New game? A: yes" if compact else "Deal a new game? A: yes") in screen_text(con)
    assert st.files == before  # nothing dealt, nothing saved
    con.press("A")
    assert type(app.screen).__name__ == "ClubbedScreen"
    assert g is not app.screen.game
