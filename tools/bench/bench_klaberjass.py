"""Benchmark of the Klaberjass heuristic against the random player.

    python tools/bench/bench_klaberjass.py [--games 200] [--accept N] [--name N]

Plays N seeded games to 500 (KJ-15): game i uses seed i, the heuristic takes
seat i % 2, the first dealer is cut with the seed (KJ-2), and the variants
(alternate, all-sequences, classic) stay off. Prints games won and lost, the
win rate, the rounds played and how often the heuristic's bids made (KJ-14).
"""

import argparse
import time

import benchkit  # (also puts firmware/ on sys.path)

from cardgames import klaberjass  # noqa: E402
from players.klaberjass.heuristic import KlaberjassHeuristic  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402


def heuristic_vs_random(n_games, first=0, **kw):
    """Stats of the heuristic over games ``first`` .. ``first + n_games - 1``:
    a dict with won, lost, rounds, made, failed (its bids), opp_made,
    opp_failed."""
    st = dict(won=0, lost=0, rounds=0, made=0, failed=0, opp_made=0, opp_failed=0)
    for i in range(first, first + n_games):
        hs = i % 2
        g = klaberjass.Klaberjass(seed=i)
        players = [None, None]
        players[hs] = KlaberjassHeuristic(i, **kw)
        players[1 - hs] = RandomPlayer(i)
        while not g.is_over():
            p = g.current_player
            g.apply(players[p].choose(g.observation(p), g.legal_actions()))
            for ev in g.events:
                if ev[0] == klaberjass.EV_ROUND:
                    st["rounds"] += 1
                    sm = g.last_round
                    key = ("" if sm.maker == hs else "opp_") + ("failed" if sm.failed else "made")
                    st[key] += 1
        if g.result()[hs] > 0:
            st["won"] += 1
        else:
            st["lost"] += 1
    return st


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=benchkit.count, default=200)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--accept", type=int)
    ap.add_argument("--name", type=int)
    args = ap.parse_args()
    kw = {}
    if args.accept is not None:
        kw["accept"] = args.accept
    if args.name is not None:
        kw["name"] = args.name
    t0 = time.perf_counter()
    st = heuristic_vs_random(args.games, args.first, **kw)
    dt = time.perf_counter() - t0
    n = st["won"] + st["lost"]
    print(
        "Klaberjass heuristic vs random, %d games to 500 (seats swapped): won %d, lost %d"
        " -> %.1f%%" % (n, st["won"], st["lost"], 100.0 * st["won"] / max(1, n))
    )
    print(
        "rounds %d; heuristic bids made %d, failed %d; random bids made %d, failed %d; %.1f s"
        % (st["rounds"], st["made"], st["failed"], st["opp_made"], st["opp_failed"], dt)
    )


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    main()
