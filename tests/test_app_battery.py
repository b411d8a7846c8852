"""The low-battery warning in a game (issue: a battery that lasts): where the
console reads its battery, a low level is told once over the table at your
turn, after the game was saved, and B goes back to the same game."""

import pytest
from apptest import Session
from fakestore import FakeStorage

from app.rules_screen import RulesScreen


def play_to_your_next_turn(s, level):
    """Start Clubbed, then play the cursor's card (A) a few times, the game
    saved at each of your turns, the gauge reading ``level``; stops at a
    screen other than the game's."""
    s.app.battery = lambda: level
    s.choose_game("Clubbed")
    s.press("A")
    game = s.app.screen
    for _ in range(4):
        if s.app.screen is not game:
            return game
        s.press("A")
    return game


@pytest.mark.parametrize("level", (10, 3))
def test_a_low_battery_is_told_once_over_the_table(level):
    s = Session(2, storage=FakeStorage())
    game = play_to_your_next_turn(s, level)
    told = s.app.screen
    assert isinstance(told, RulesScreen) and told.title == "Battery", told
    words = " ".join(told.shown)
    assert "%d%% left" % level in words and "saved" in words
    assert s.app.saves[0], "the game is saved before the warning"
    s.press("B")
    assert s.app.screen is game
    for _ in range(4):  # told once: the next turns play on
        s.press("A")
        assert s.app.screen is game


@pytest.mark.parametrize("level", (11, 100, None))
def test_no_warning_above_the_low_level_or_without_a_gauge(level):
    s = Session(2, storage=FakeStorage())
    game = play_to_your_next_turn(s, level)
    assert s.app.screen is game
