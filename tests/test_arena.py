"""tools/ai/arena.py: duplicate pairing, strength, the Wilson interval, and
identical counts on CPython and MicroPython (Node), and identical games
under PyPy."""

import os
import shutil
import subprocess
import sys

import pytest
from mprun import ROOT, node_or_skip

sys.path.insert(0, os.path.join(str(ROOT), "tools", "ai"))

import arena  # noqa: E402
import arena_mp  # noqa: E402

from players.random_player import RandomPlayer  # noqa: E402


class _Spy(RandomPlayer):
    """A random player that logs (game seed, seat) for every choice."""

    def __init__(self, seed, log, tag):
        RandomPlayer.__init__(self, seed)
        self.log = log
        self.tag = tag

    def choose(self, obs, legal):
        assert obs.seat == obs.to_move
        self.log.append((self.tag, arena_mp.CURRENT[0], obs.seat))
        return RandomPlayer.choose(self, obs, legal)


@pytest.mark.parametrize("game,seats", [
    ("clubbed", ({0}, {1})),
    ("klaberjass", ({0}, {1})),
    ("clubs", ({0, 2}, {1, 3})),
])
def test_duplicate_pairing_swaps_seats(monkeypatch, game, seats):
    """Both games of a pair use the same seed; A sits in seat 0 (Clubs: 0 and
    2), then in seat 1 (Clubs: 1 and 3); B takes the rest. The spy levels
    also show a new level plugs in through the registry."""
    log = []
    seeds = []
    monkeypatch.setattr(arena_mp, "CURRENT", [None], raising=False)
    real_new_game = arena_mp.new_game

    def new_game(g, seed):
        seeds.append(seed)
        arena_mp.CURRENT[0] = len(seeds) - 1
        return real_new_game(g, seed)

    monkeypatch.setattr(arena_mp, "new_game", new_game)
    monkeypatch.setitem(arena_mp.PLAYERS, "spya", lambda g, s: _Spy(s, log, "A"))
    monkeypatch.setitem(arena_mp.PLAYERS, "spyb", lambda g, s: _Spy(s, log, "B"))
    monkeypatch.setattr(arena_mp, "MAX_HANDS", 1)  # Clubs: one hand is enough here
    recs = arena.run_cpython(game, "spya", "spyb", 2, 40, quiet=True)
    assert seeds == [40, 40, 41, 41]
    assert [(r[0], r[1]) for r in recs] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    n = 4 if game == "clubs" else 2
    for k in range(4):
        a = {seat for tag, i, seat in log if i == k and tag == "A"}
        b = {seat for tag, i, seat in log if i == k and tag == "B"}
        assert a == seats[k % 2], (k, a)
        assert b == set(range(n)) - seats[k % 2], (k, b)
        assert arena_mp.seating(game, k % 2) == tuple(sorted(seats[k % 2]))


@pytest.mark.parametrize("tool", ["tools/ai/arena.py", "tools/ai/klaberjass_match.py",
                                  "tools/bench/bench.py"])
def test_a_report_nobody_reads_ends_without_a_traceback(tool):
    # `tool | head -0`: the reader is gone before the tool writes a line.
    p = subprocess.Popen([sys.executable, os.path.join(str(ROOT), tool), "--help"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()
    err = p.stderr.read().decode()
    p.wait(timeout=60)
    assert "BrokenPipe" not in err and "Traceback" not in err and p.returncode != 0, err


def test_unknown_player_is_refused():
    with pytest.raises(ValueError):
        arena_mp.make_player("oracle", "clubbed", 0)
    with pytest.raises(ValueError):
        arena_mp.make_player("random", "poker", 0)


def test_heuristic_beats_random_in_clubbed():
    recs = arena.run_cpython("clubbed", "heuristic", "random", 20, 0, quiet=True)
    st = arena.summarise(recs)
    assert st["games"] == 40
    assert st["won"] + st["drawn"] + st["lost"] == 40
    assert st["pairs_won"] + st["pairs_split"] + st["pairs_lost"] == 20
    assert st["won"] > 2 * st["lost"], st
    assert st["pairs_won"] > st["pairs_lost"], st
    assert st["points_a"] < st["points_b"], st  # fewer collected cards
    lo, _hi = arena.wilson(st["won"] + 0.5 * st["drawn"], st["games"])
    assert lo > 0.5


def test_wilson_known_values():
    lo, hi = arena.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=5e-4) and hi == pytest.approx(0.5962, abs=5e-4)
    lo, hi = arena.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=5e-4)
    lo, hi = arena.wilson(10, 10)
    assert lo == pytest.approx(0.7225, abs=5e-4) and hi == 1.0
    lo, hi = arena.wilson(81, 263)
    assert lo == pytest.approx(0.2553, abs=5e-4) and hi == pytest.approx(0.3662, abs=5e-4)
    assert arena.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("game,players,deals", [
    ("clubbed", ("heuristic", "random"), 6),
    ("klaberjass", ("random", "heuristic"), 2),
    ("clubs", ("heuristic", "random"), 1),
])
def test_cpython_and_micropython_counts_identical(game, players, deals):
    node_or_skip()
    cp = arena.run_cpython(game, players[0], players[1], deals, 3, quiet=True)
    mp = arena.run_micropython(game, players[0], players[1], deals, 3, quiet=True)
    assert cp == mp
    assert arena.summarise(cp) == arena.summarise(mp)


def test_cli_report_identical_on_both_runtimes():
    node_or_skip()

    def out(*extra):
        r = subprocess.run(
            [sys.executable, "tools/ai/arena.py", "clubbed", "random", "heuristic", "--deals", "3",
             "--seed", "9", *extra],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )
        assert r.returncode == 0, r.stderr
        assert "3 deal pairs" in r.stdout and "6/6 games" in r.stderr
        return r.stdout

    assert out() == out("--micropython")


def test_jobs_give_the_same_games_in_the_same_order():
    one = arena.run_cpython("clubbed", "heuristic", "random", 5, 11, quiet=True)
    two = arena.run_cpython("clubbed", "heuristic", "random", 5, 11, quiet=True, jobs=2)
    assert two == one
    assert [r[:2] for r in two] == [divmod(k, 2) for k in range(10)]


@pytest.mark.parametrize("game", ["clubbed", "klaberjass", "clubs"])
def test_pypy_plays_the_same_games(game):
    """PyPy (Debian's pypy3) runs the arena several times faster; the players
    use integers only and seeded generators, so its games must be CPython's,
    game by game (the ``--games`` lines: seed, seat of A, result, points)."""
    pypy = shutil.which("pypy3")
    if pypy is None:
        pytest.skip("pypy3 not installed (Debian package pypy3): PyPy arena runs not checked")

    def games(python):
        r = subprocess.run(
            [python, "tools/ai/arena.py", game, "normal", "heuristic", "--deals", "2",
             "--seed", "31", "--jobs", "1", "--games"],
            cwd=ROOT, capture_output=True, text=True, timeout=300,
        )
        assert r.returncode == 0, r.stderr
        return r.stdout

    cp = games(sys.executable)
    assert cp.count("\ngame ") + cp.startswith("game ") == 4
    assert games(pypy) == cp
