"""Benchmarks for the README: prints every figure it quotes, per game.

    python tools/bench/bench.py [--games 1000] [--no-mp] [--only clubbed|klaberjass|clubs]

For each game (Clubbed, Klaberjass, Clubs):
- the heuristic player against the random player over seeded games with seats
  (or partnerships) swapped: Clubbed 1,000 games, Klaberjass 200 games to 500,
  Clubs 200 games to 42 (the game's own bench_*.py gives more detail);
- random-playout games per second on CPython and on MicroPython (Node) (for
  Clubs, hands per second: random play rarely reaches 42);
- on MicroPython (Node): the live heap of a mid-game state and the bytes
  allocated per applied move.
Then the live heap of the whole app after start-up (its 32,400-byte indexed
frame included) on MicroPython, from ``.py`` sources and from the ``mpy-cross``
build. Bytes via ``gc.mem_alloc()`` after ``gc.collect()`` (see
tools/bench/bench_mp.py for how they are taken).
"""

import argparse
import os
import sys
import time

import bench_clubs
import bench_klaberjass
import benchkit

sys.path.insert(0, os.path.join(benchkit.ROOT, "tools", "ai"))
from arena_mp import new_game  # noqa: E402  (the arena's deal from a seed)

from cardgames import clubbed  # noqa: E402
from cardgames.rng import Rng
from players.clubbed.heuristic import ClubbedHeuristic
from players.random_player import RandomPlayer

GAMES = ("clubbed", "klaberjass", "clubs")


def heuristic_vs_random(n_games, progress=True):
    """(won, lost, drawn) of the Clubbed heuristic over ``n_games`` seeded
    games: game i uses seed i, the heuristic takes seat i % 2 and seat
    (i // 2) % 2 deals."""
    won = lost = drawn = 0
    for i in range(n_games):
        hs = i % 2
        g = clubbed.Clubbed(seed=i, dealer=(i // 2) % 2)
        players = [None, None]
        players[hs] = ClubbedHeuristic(i)
        players[1 - hs] = RandomPlayer(i)
        while not g.is_over():
            p = g.current_player
            g.apply(players[p].choose(g.observation(p), g.legal_actions()))
        r = g.result()[hs]
        if r > 0:
            won += 1
        elif r < 0:
            lost += 1
        else:
            drawn += 1
        if progress and (i + 1) % 100 == 0:
            print("  ... %d/%d games" % (i + 1, n_games), file=sys.stderr)
    return won, lost, drawn


def strength(game, n_games):
    """One line: the heuristic's record against the random player."""
    if game == "clubbed":
        won, lost, drawn = heuristic_vs_random(n_games)
        return ("heuristic vs random, %d games (seats swapped): won %d, lost %d, drawn %d"
                " -> %.1f%% of decided games"
                % (n_games, won, lost, drawn, 100.0 * won / max(1, won + lost)))
    if game == "klaberjass":
        st = bench_klaberjass.heuristic_vs_random(200)
        n = st["won"] + st["lost"]
        return ("heuristic vs random, %d games to 500 (seats swapped): won %d, lost %d"
                " -> %.1f%%" % (n, st["won"], st["lost"], 100.0 * st["won"] / max(1, n)))
    res = bench_clubs.heuristic_vs_random(200, workers=min(2, os.cpu_count() or 1))
    won = sum(1 for r in res if r[0])
    return ("heuristic team vs random team, 200 games to 42 (partnerships swapped): won %d"
            " -> %.1f%%" % (won, 100.0 * won / 200))


def cpython_playouts(game, seconds=2.0):
    """Random playouts per second on CPython (games; hands for Clubs)."""
    t0 = time.perf_counter()
    k = 0
    while time.perf_counter() - t0 < seconds:
        g = new_game(game, k)
        r = Rng(k)
        hand = getattr(g, "hand_no", None)
        while not g.is_over() and (game != "clubs" or g.hand_no == hand):
            g.apply(r.choice(g.legal_actions()))
        k += 1
    return k / (time.perf_counter() - t0)


def run_mp(args, path=None):
    """Run tools/bench/bench_mp.py under MicroPython (Node); dict of its key lines."""
    out = benchkit.run_mp(os.path.join(benchkit.HERE, "bench_mp.py"), args, [path] if path else (),
                          check=True).stdout
    res = {}
    for line in out.splitlines():
        key, _, rest = line.partition(" ")
        res.setdefault(key, []).append(rest.split())
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=benchkit.count, default=1000,
                    help="Clubbed games (default 1000)")
    ap.add_argument("--no-mp", action="store_true", help="skip the MicroPython figures")
    ap.add_argument("--only", choices=GAMES, help="one game only")
    args = ap.parse_args()
    unit = {"clubbed": "games", "klaberjass": "games", "clubs": "hands"}
    for game in GAMES:
        if args.only and game != args.only:
            continue
        name = game.capitalize()
        print("%s: %s" % (name, strength(game, args.games)))
        print("%s: random playouts, CPython %s: %.0f %s/s"
              % (name, sys.version.split()[0], cpython_playouts(game), unit[game]))
        if args.no_mp:
            continue
        core = run_mp(["core", game])
        n = sum(int(r[0]) for r in core["playouts"])
        ms = sum(int(r[1]) for r in core["playouts"])
        print("%s: random playouts, MicroPython (Node): %.0f %s/s"
              % (name, 1000.0 * n / ms, unit[game]))
        print("%s: live heap of a mid-game state (MicroPython): %s bytes"
              % (name, core["state_bytes"][0][0]))
        print("%s: bytes allocated per applied move (MicroPython): %s (over %s moves)"
              % ((name,) + tuple(core["alloc_per_move"][0])))
    if args.no_mp or args.only:
        return
    app_py = run_mp(["app"])
    print("App: live heap after start-up (MicroPython, .py sources): %s bytes"
          % app_py["app_bytes"][0][0])
    build = os.path.join(benchkit.ROOT, "build", "mpy")
    benchkit.build_mpy(build, check=True)
    app_mpy = run_mp(["app"], build)
    print("App: live heap after start-up (MicroPython, mpy-cross build): %s bytes"
          " (the 240x135 8-bit indexed frame is 32400 of them)" % app_mpy["app_bytes"][0][0])


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    main()
