"""Clubs (RULES.md PC-1 ... PC-16): the heuristic partnership against a random
partnership over seeded games to 42 (PC-15).

    python tools/bench/bench_clubs.py [--games 200] [--workers 2]

Game i uses seed i (so its first dealer and every deal, PC-1); the heuristic
players sit North-South in even games and East-West in odd ones (partnerships
swapped). A game still running after MAX_HANDS hands counts as not won. Prints
the heuristic team's win rate, the hands per game and the points per hand.
"""

import argparse
import multiprocessing
import os
import time

import benchkit  # (also puts firmware/ on sys.path)

from cardgames import clubs  # noqa: E402
from players.clubs.heuristic import ClubsHeuristic  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402

MAX_HANDS = 200


def play_game(i):
    """(heuristic team won?, hands, heuristic points, random points) of game i."""
    g = clubs.Clubs(seed=i)
    ht = i % 2
    players = [ClubsHeuristic(i) if s & 1 == ht else RandomPlayer(1000 * i + s) for s in range(4)]
    while not g.is_over() and g.hand_no <= MAX_HANDS:
        p = g.current_player
        g.apply(players[p].choose(g.observation(p), g.legal_actions()))
    won = g.is_over() and g.winner == ht
    hands = g.hand_no if g.is_over() else g.hand_no - 1
    return won, hands, g.scores[ht], g.scores[1 - ht]


def _batch(idx):
    return [play_game(i) for i in idx]


def heuristic_vs_random(n_games, workers=1):
    """List of play_game results for games 0..n_games-1."""
    idx = list(range(n_games))
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        chunks = [idx[k::workers] for k in range(workers)]
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_batch, chunks)
        out = [None] * n_games
        for k, part in enumerate(parts):
            for j, r in enumerate(part):
                out[chunks[k][j]] = r
        return out
    return _batch(idx)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=benchkit.count, default=200)
    ap.add_argument("--workers", type=benchkit.count, default=min(2, os.cpu_count() or 1))
    args = ap.parse_args()
    t0 = time.perf_counter()
    res = heuristic_vs_random(args.games, args.workers)
    dt = time.perf_counter() - t0
    won = sum(1 for r in res if r[0])
    hands = sum(r[1] for r in res)
    hp = sum(r[2] for r in res)
    rp = sum(r[3] for r in res)
    print(
        "Clubs heuristic team vs random team, %d games to 42 (partnerships swapped):"
        " won %d -> %.1f%%" % (args.games, won, 100.0 * won / max(1, args.games))
    )
    print(
        "  %.1f hands per game; final scores per hand: heuristic %+.2f, random %+.2f"
        % (hands / max(1, args.games), hp / max(1, hands), rp / max(1, hands))
    )
    print("  %.1f s with %d worker(s)" % (dt, args.workers))


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    main()
