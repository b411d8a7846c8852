"""README: "A while the computer is thinking makes it move at once": the
app lends a search player its ``hurry`` as ``stop`` (app/screen.py
computer_choice); an A read while the computer thinks ends its search and is
used up, any other press read then waits for the next step, in order."""

from apptest import Session

from app.kit import buttons
from players import levels
from players.search import Search


def test_hurry_takes_an_a_and_keeps_the_rest_in_order():
    s = Session(1)
    app = s.app
    s.clock.now += 100  # past HURRY_MS since the app started
    for b in (buttons.RIGHT, buttons.A, buttons.LEFT):
        s.btn.push(b)
    assert app.hurry() is True
    assert app.held == [buttons.RIGHT]
    assert s.btn.queue == [buttons.LEFT]
    assert app.hurry() is False  # read again within HURRY_MS: not yet
    s.clock.now += 100
    assert app.hurry() is False and app.held == [buttons.RIGHT, buttons.LEFT]
    # The next step gives the held presses to the screen: RIGHT, LEFT.
    seen = []
    app.screen.on_button = seen.append
    app.step()
    assert seen == [buttons.RIGHT, buttons.LEFT] and app.held == []


def test_a_while_a_hard_search_thinks_ends_it():
    s = Session(2)
    app = s.app
    app.level = levels.HARD
    app.new_game()  # Clubbed: the computer's seats are searches
    screen = app.screen
    ai = screen.ai
    assert isinstance(ai, Search)
    from app.screen import computer_choice

    g = screen.game
    while g.current_player == 0 or not ai.kit.searchable(g.observation(g.current_player)):
        if g.is_over():
            raise AssertionError("no computer decision to hurry")
        g.apply(g.legal_actions()[0])
    full = levels.make("clubbed", levels.HARD, 0)
    full.choose(g.observation(g.current_player), g.legal_actions())
    s.clock.now += 100
    s.btn.push(buttons.A)
    action = computer_choice(screen, ai, g.current_player)
    assert action in g.legal_actions()
    assert ai.stop == app.hurry
    assert ai.done_iters == 0 < full.done_iters  # the first playout's check ended it
    assert s.btn.queue == [] and app.held == []  # the A was used up
