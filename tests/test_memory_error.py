"""A MemoryError (or any failure) during a computer turn, through the app on
the simulator's framebuf and a virtual clock, in every game: caught, garbage
collected and the turn retried once (the game goes on), then an error screen
in plain words instead of a crash; the game is left as it was, A on the error
screen goes back and tries again, B goes to the title, and the app goes on
taking buttons (a new game starts)."""

import apptest
import pytest

from app.screen import ErrorScreen, computer_choice
from app.title import TitleScreen


class Flaky:
    """A player that raises ``exc`` on its first ``fails`` calls of
    ``choose`` (``fails=None``: always), then defers to ``inner``. Records the
    position each call saw."""

    def __init__(self, inner, game, fails, exc=MemoryError):
        self.inner = inner
        self.game = game
        self.fails = fails
        self.exc = exc
        self.calls = 0
        self.seen = []

    def choose(self, obs, legal):
        self.calls += 1
        self.seen.append(self.game.to_text())
        if self.fails is None or self.calls <= self.fails:
            raise self.exc("simulated")
        return self.inner.choose(obs, legal)


def install(screen, player_factory):
    """Put a Flaky player in place of every computer player of ``screen``."""
    if hasattr(screen, "ais"):  # Klaberjass: (South's autoplayer or None, West)
        fl = player_factory(screen.ais[1], screen.game)
        screen.ais = (None, fl)
    else:
        fl = player_factory(screen.ai, screen.game)
        screen.ai = fl
    return fl


def start(name, seed=3):
    s = apptest.Session(seed)
    s.choose_game(name, tries=10)
    s.press("A")
    assert not isinstance(s.app.screen, TitleScreen)
    return s


def until_called(s, fl, after=0, limit=400):
    """Press A and RIGHT (play a card, pick a choice) until the computer was
    asked for a move (more than ``after`` times in all)."""
    keys = ("A", "RIGHT", "A", "DOWN", "A")
    n = 0
    while fl.calls <= after:
        assert n < limit, "the computer never got a turn"
        s.press(keys[n % len(keys)])
        n += 1


GAMES = ["Clubbed", "Klaberjass", "Clubs"]


@pytest.mark.parametrize("name", GAMES)
def test_memory_error_once_the_turn_completes(name):
    s = start(name)
    screen = s.app.screen
    fl = install(screen, lambda inner, g: Flaky(inner, g, fails=1))
    until_called(s, fl)
    s.settle()
    # The retry chose the move: asked twice on the same position, the game
    # moved on, and no error screen.
    assert fl.calls >= 2
    assert fl.seen[0] == fl.seen[1]
    assert screen.game.to_text() != fl.seen[0]
    assert not isinstance(s.app.screen, ErrorScreen)


@pytest.mark.parametrize("name", GAMES)
def test_memory_error_always_shows_the_error_screen(name):
    s = start(name)
    screen = s.app.screen
    fl = install(screen, lambda inner, g: Flaky(inner, g, fails=None))
    until_called(s, fl)
    s.settle()
    assert fl.calls == 2  # the try and one retry
    err = s.app.screen
    assert isinstance(err, ErrorScreen)
    assert "memory" in err.message.lower()
    assert screen.game.to_text() == fl.seen[0]  # nothing changed
    s.press("LEFT", "UP")  # other keys: still the error screen
    assert s.app.screen is err
    # A: back to the game, which tries the turn again (and fails again).
    s.press("A")
    assert fl.calls == 4 and isinstance(s.app.screen, ErrorScreen)
    # Once memory is back, A resumes the same game where it stopped.
    fl.fails = 0
    s.press("A")
    assert s.app.screen is screen
    assert screen.game.to_text() != fl.seen[0]
    # B on the error screen: the title, and the app still plays.
    fl.fails = None
    until_called(s, fl, after=fl.calls)
    s.settle()
    assert isinstance(s.app.screen, ErrorScreen)
    s.press("B")
    assert isinstance(s.app.screen, TitleScreen)
    s.press("A")
    assert type(s.app.screen) is type(screen)


@pytest.mark.parametrize("exc", [KeyError, RuntimeError, IndexError])
def test_other_player_failures_show_the_error_screen(exc):
    s = start("Clubbed")
    screen = s.app.screen
    fl = install(screen, lambda inner, g: Flaky(inner, g, fails=None, exc=exc))
    until_called(s, fl)
    s.settle()
    assert fl.calls == 1  # only MemoryError is retried
    assert isinstance(s.app.screen, ErrorScreen)
    assert exc.__name__ in s.app.screen.message
    assert screen.game.to_text() == fl.seen[0]


class Illegal:
    def __init__(self, action):
        self.action = action
        self.calls = 0

    def choose(self, obs, legal):
        self.calls += 1
        return self.action


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("action", [-1, 99, None, "2C", 1.5])
def test_illegal_computer_choice_is_refused_with_the_reason(name, action):
    s = start(name)
    screen = s.app.screen
    before = screen.game.to_text()
    fl = Illegal(action)
    seat = screen.game.current_player
    assert computer_choice(screen, fl, seat) is None
    err = s.app.screen
    assert isinstance(err, ErrorScreen) and "refuse" in err.message
    assert screen.game.why_illegal(action) in err.message
    assert screen.game.to_text() == before
    s.settle()  # the error is drawn before a player can press anything on it
    s.press("B")
    assert isinstance(s.app.screen, TitleScreen)


def test_error_screen_draws_long_messages_within_the_frame():
    s = apptest.Session(1)
    s.app.show(ErrorScreen(s.app, "word " * 200, None))
    s.settle()
    s.press("A")
    assert isinstance(s.app.screen, TitleScreen)


def test_real_memory_error_on_micropython():
    """On MicroPython (Node) a player that really runs out of heap: the turn
    completes after one failure; after two, the error screen, the position
    as it was at the computer's turn (tools/mp/memory_error_turn.py)."""
    import mprun

    out = mprun.micropython_output("tools/mp/memory_error_turn.py").split("\n")
    lines = [line for line in out if line]
    assert len(lines) == 6, out
    for line in lines:
        name, fails, calls, screen, same = line.split()
        if fails == "fails=1":
            assert calls != "calls=1" and screen == "screen=%sScreen" % name, line
            assert same == "unchanged=False", line
        else:
            assert calls == "calls=2" and screen == "screen=ErrorScreen", line
            assert same == "unchanged=True", line
