"""The window's keys (host_sim.window): it reads pygame's KEYDOWN and KEYUP
events, never the keyboard's state, and a tap (down and up a few ms apart,
as xdotool sends) is held long enough for the device's debounce, so each
tap counts however short, even taps a few frames apart."""

import pytest
from depth import pick

import host_sim


# Taps 3 frames apart, while the board layer may still hold the last one, and
# 8 apart, each after the last hold has ended and the window has waited idle
# for events (25 apart, seconds of idle waits, under make test-deep).
@pytest.mark.parametrize("apart", [3, pick(8, 25)])
def test_every_quick_tap_counts(monkeypatch, apart):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from host_sim import window

    taps = {20 + i * apart: pygame.K_RIGHT for i in range(9)}
    games = []

    def hook(n, app, display):
        key = taps.get(n)
        if key is not None:  # down and up in one batch of events
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
        name = app.game_name()
        if not games or games[-1] != name:
            games.append(name)
        return n < 20 + 9 * apart + 60

    assert window.run(3, host_sim.DEFAULT_APP, scale=1, hook=hook) == 0
    # RIGHT on the title steps through the three games: 9 taps, 9 changes.
    assert len(games) == 10, games
