"""The soak test (issue 6): 16,000 seeded random button presses (100,000
under ``make test-deep``, tests/depth.py) across every screen and game of
the app in the simulator, in three layouts (240x135, 128x64 compact,
240x240 tall), with reboots in between (a new App on the same storage, as
after a power cut): no unhandled exception, the app waits for a button
again after every press, and games are seen to their end in every game.
The harness is tests/soak.py (``python tests/soak.py N SEED`` for a run by
hand)."""

import sys

import apptest
import depth
import pytest
import soak

from app.title import TitleScreen

# (screen size, presses, seed): 16,000 presses in all, 100,000 under make
# test-deep. The seeds are ones whose colour runs finish each of the three
# games, and use a hint, within 4,000 presses (the test checks both; a
# change to what a press does can move that past the end, and then another
# seed is picked); the 128x64 run finishes at least two; a reboot comes
# every 100 to 2,000 presses.
RUNS = depth.pick(
    [((240, 135), 4000, 3), ((128, 64), 8000, 5), ((240, 240), 4000, 3)],
    [((240, 135), 60000, 1), ((128, 64), 20000, 4), ((240, 240), 20000, 3)])
GAME_SCREENS = {"ClubbedScreen", "KlaberjassScreen", "ClubsScreen"}


@pytest.fixture(autouse=True)
def _search_budgets_restored(monkeypatch):
    # soak.Soak cuts the players' search budgets module-wide (players.levels);
    # put them back after each test, or a later test in the same process
    # (under pytest-xdist, any test) plays weaker computer players.
    from players import levels

    monkeypatch.setattr(levels, "NORMAL_WORK", levels.NORMAL_WORK)
    monkeypatch.setattr(levels, "HARD_WORK", levels.HARD_WORK)


@pytest.mark.parametrize("size,presses,seed", RUNS, ids=lambda v: "x".join(map(str, v))
                         if isinstance(v, tuple) else str(v))
def test_soak(size, presses, seed, tmp_path):
    s = soak.Soak(seed, tmp_path, size=size)
    s.run(presses)
    assert s.presses == presses
    assert s.reboots >= presses // 2000
    # Every game was played, and some of each played to the end.
    assert GAME_SCREENS <= s.screens, s.screens
    done = s.games_finished()
    assert len(done) >= (2 if size == (128, 64) else 3), done
    assert sum(done.values()) >= presses // 2000, done
    # The statistics the apps kept across the reboots count exactly the
    # games seen to their end, how they ended, the streaks and the games
    # with help (the presses reach the pause menu's Hint row too).
    assert any(True in h for h in s.helped.values()), s.helped
    kept = soak.stats(tmp_path)
    for name, counts in s.tally().items():
        assert kept[name] == counts, name
    assert all(kept[n][0] == 0 for n in kept if n not in done), kept
    # No computer turn failed (the error screen).
    assert "ErrorScreen" not in s.screens


def test_soak_is_deterministic(tmp_path):
    a = soak.Soak(7, tmp_path / "a")
    b = soak.Soak(7, tmp_path / "b")
    a.run(1500)
    b.run(1500)
    assert a.finished == b.finished and a.steps == b.steps
    assert a.clock.now == b.clock.now


def test_title_selection_survives_changing_to_a_game_with_fewer_items():
    # Found by the soak: the last variant of Klaberjass selected, RIGHT to a
    # game with fewer variants, A raised IndexError.
    s = apptest.Session(1)
    s.choose_game("Klaberjass", tries=10)
    menu = s.app.screen.menu
    n = len(menu.items)
    for _ in range(n - 1):
        s.press("DOWN")
    assert menu.sel == n - 1
    for _ in range(5):
        s.press("RIGHT")
        assert 0 <= s.app.screen.menu.sel < len(s.app.screen.menu.items)
    s.press("A")  # was IndexError: tuple index out of range
    assert not isinstance(s.app.screen, TitleScreen) or s.app.screen.menu.sel >= 2


@pytest.mark.parametrize("argv", (["x"], ["10", "y"], ["0"], ["1", "2", "3"]))
def test_soak_command_line_bad_usage_says_so(argv):
    """``python tests/soak.py`` with bad arguments prints one usage line and
    exits 2 (it raised a traceback on a word for PRESSES)."""
    import subprocess

    r = subprocess.run([sys.executable, soak.__file__] + argv, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and r.stderr.startswith("usage:"), r
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
