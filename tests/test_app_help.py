"""Help while playing (issue 14, section 4): the hint is the Normal
player's move for you, with a reason in words, and never depends on cards
your seat cannot see; games played with help are counted apart from clean
wins in the statistics."""

import types

import pytest
from apptest import Session, screen_text
from fakestore import FakeStorage
from test_no_peeking import MODULES, _positions, _variants
from test_persist import Console

from app import games, hint
from cardgames.rng import Rng
from players import levels

NAMES = [e.name for e in games.GAMES]


class Tall(Session):
    SIZE = (240, 240)


class Compact(Session):
    SIZE = (128, 64)
    MONO = True


def _to_human_turn(s, name):
    """A fresh game of ``name`` at the human's first turn with a choice."""
    s.choose_game(name)
    s.press("A")
    scr = s.app.screen
    for _ in range(20):
        if scr.human_turn():
            return scr
        s.press("A")  # a banner that waits, a summary
    raise AssertionError("never the human's turn")


def _ask_hint(s):
    s.press("B")  # pause
    assert s.app.screen.pause.items[-1] == "Hint"
    s.press("UP", "A")  # UP from Resume: Hint
    assert s.app.screen.pause is None


def _selected(scr, name):
    """The action the screen's cursor (or choice) is on."""
    if name == "Clubbed":
        return scr.slots[scr.cursor]
    if name == "Klaberjass" and scr.choices:
        return scr.choices[scr.choice]
    if name == "Clubs" and scr.bidding():
        return 100 + scr.bid_val
    return scr.hand[scr.cursor]


@pytest.mark.parametrize("cls", (Session, Tall, Compact))
@pytest.mark.parametrize("name", NAMES)
def test_hint_is_the_normal_players_move_with_a_reason(name, cls):
    for seed in (2, 5):
        s = cls(seed)
        scr = _to_human_turn(s, name)
        g = scr.game
        seat = g.current_player
        before = g.to_text()
        want = levels.make(name.lower(), levels.NORMAL, scr.seed).choose(
            g.observation(seat), g.legal_actions())
        _ask_hint(s)
        assert g.to_text() == before  # a hint plays nothing
        assert _selected(scr, name) == want
        why = hint.reason(name.lower(), g, want, seat)
        assert scr.hint == ("" if s.app.compact else "Hint: ") + why
        assert len(why.replace("\u2663", "").replace("10", "1")) <= 24
        # On the screen, in full where there is room.
        shown = screen_text(s)
        assert (why[:14] if s.app.compact else scr.hint) in shown
        assert s.app.sessions[name]["helped"] == 1
        # A plays it (the Hearts-pass card of Clubs is picked, given with the next).
        s.press("A")
        assert g.to_text() != before or getattr(scr, "pick", None) == want


@pytest.mark.parametrize("game", sorted(MODULES))
def test_a_hint_never_reveals_hidden_cards(game):
    """Same hint (move and words) under every rearrangement of the cards the
    seat to move cannot see (tests/test_no_peeking.py makes them)."""
    rng = Rng(5)
    app = types.SimpleNamespace(game_index=hint.KEYS.index(game), unload_games=False)
    n = 0
    for text in _positions(game):
        g = MODULES[game].from_text(text)
        seat = g.current_player
        screen = types.SimpleNamespace(game=g, seed=9)
        a = hint.best(app, screen, seat)
        why = hint.reason(game, g, a, seat)
        for g2 in _variants(game, text, rng):
            screen.game = g2
            assert hint.best(app, screen, seat) == a
            assert hint.reason(game, g2, a, seat) == why
            n += 1
    assert n >= 10


def test_hint_waits_for_your_turn():
    s = Session(3)
    s.press("A")
    scr = s.app.screen
    scr.autoplay = True  # as if the computer were to move
    hint.show(s.app, scr)
    assert scr.hint == "Hint: on your turn" and "helped" not in s.app.sessions["Clubbed"]
    scr.autoplay = False


def _finish_clubbed(con):
    from test_app_game import play_by_keys

    play_by_keys(con)
    assert type(con.app.screen).__name__ == "ResultScreen"


def test_games_with_a_hint_are_counted_apart_from_clean_wins():
    from app import persist
    from app.settings_screen import stats_lines

    st = FakeStorage()
    con = Console(st, seed=4)
    con.press("A")
    _ask_hint(con)
    # The help is kept in the save: Continue after a power cut keeps it.
    con.press("A")
    con = Console(st.reboot(), seed=4)
    con.press("A")  # Continue Clubbed
    assert con.app.sessions["Clubbed"]["helped"] == 1
    _finish_clubbed(con)
    stats = persist.read_stats(con.app)
    won = stats["Clubbed"][1]
    assert stats["Clubbed"][6:] == [1, won]
    lines = "\n".join(stats_lines(con.app))
    assert "Clean wins %d; with hint or undo: played 1, won %d." % (0, won) in lines
    # The next game, without help, is a clean one.
    con.press("A", "A")
    assert "helped" not in con.app.sessions["Clubbed"]
    _finish_clubbed(con)
    stats = persist.read_stats(con.app)
    assert stats["Clubbed"][0] == 2 and stats["Clubbed"][6:] == [1, won]
