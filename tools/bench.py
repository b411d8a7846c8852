"""Benchmarks for the README: prints every figure it quotes.

    python tools/bench.py [--games 1000] [--no-mp]

- Clubbed heuristic vs random player over N seeded games, seats swapped every
  game, dealer alternating: the share of decided games the heuristic wins.
- Random-playout games per second on CPython and on MicroPython (Node).
- On MicroPython (Node): the live heap of a mid-game Clubbed state, the bytes
  allocated per applied move, and the live heap of the whole app after
  start-up (including its 64,800-byte frame), from ``.py`` sources and from
  the ``mpy-cross`` build. Bytes via ``gc.mem_alloc()`` after
  ``gc.collect()`` (see tools/bench_mp.py for how they are taken).
"""

import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from cardgames import clubbed  # noqa: E402
from cardgames.rng import Rng  # noqa: E402
from players.clubbed_heuristic import ClubbedHeuristic  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402


def heuristic_vs_random(n_games, progress=True):
    """(won, lost, drawn) of the heuristic over ``n_games`` seeded games: game i
    uses seed i, the heuristic takes seat i % 2 and seat (i // 2) % 2 deals."""
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


def cpython_playouts(seconds=3.0):
    """Random-playout games per second on CPython (games, seconds)."""
    t0 = time.perf_counter()
    k = 0
    while time.perf_counter() - t0 < seconds:
        g = clubbed.Clubbed(seed=k, dealer=k % 2)
        r = Rng(k)
        while not g.is_over():
            g.apply(r.choice(g.legal_actions()))
        k += 1
    return k, time.perf_counter() - t0


def run_mp(mode, path=None):
    """Run tools/bench_mp.py under MicroPython (Node); dict of its key lines."""
    cmd = ["node", os.path.join(ROOT, "tools", "mp_run.mjs"), "--step", "step"]
    if path:
        cmd += ["--path", path]
    cmd += [os.path.join(ROOT, "tools", "bench_mp.py"), mode]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    res = {}
    for line in out.splitlines():
        key, _, rest = line.partition(" ")
        res.setdefault(key, []).append(rest.split())
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--no-mp", action="store_true", help="skip the MicroPython figures")
    args = ap.parse_args()

    won, lost, drawn = heuristic_vs_random(args.games)
    print("Clubbed heuristic vs random, %d games (seats swapped): won %d, lost %d, drawn %d"
          " -> %.1f%% of decided games"
          % (args.games, won, lost, drawn, 100.0 * won / max(1, won + lost)))
    k, s = cpython_playouts()
    print("Random playouts, CPython %s: %.0f games/s" % (sys.version.split()[0], k / s))
    if args.no_mp:
        return
    core = run_mp("core")
    games = sum(int(r[0]) for r in core["playouts"])
    ms = sum(int(r[1]) for r in core["playouts"])
    print("Random playouts, MicroPython (Node): %.0f games/s" % (1000.0 * games / ms))
    print("Live heap of a mid-game Clubbed state (MicroPython): %s bytes"
          % core["state_bytes"][0][0])
    print("Bytes allocated per applied move (MicroPython): %s (over a %s-move game)"
          % tuple(core["alloc_per_move"][0]))
    app_py = run_mp("app")
    print("Live heap of the whole app after start-up (MicroPython, .py sources): %s bytes"
          % app_py["app_bytes"][0][0])
    build = os.path.join(ROOT, "build")
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build.py"), "--out", build],
                   check=True, stdout=subprocess.DEVNULL)
    app_mpy = run_mp("app", build)
    print("Live heap of the whole app after start-up (MicroPython, mpy-cross build): %s bytes"
          " (the 240x135 RGB565 frame is 64800 of them)" % app_mpy["app_bytes"][0][0])


if __name__ == "__main__":
    main()
