"""How Clubbed's search prior (players/clubbed/kit.py ``PRIOR``) was tuned:

    python tools/ai/tune_clubbed_prior.py [--deals 2500] [--seed 10000]

A coordinate search over the heuristic's eight weights
(players/clubbed/heuristic.py ``PARAMS``): from the heuristic's own, each
weight in turn takes each value of its grid below, and a change is kept
when the weighted heuristic wins at least 0.4 points more against the
heuristic (duplicate deals, tools/ai/arena.py's pairs from ``--seed``); two
rounds over all weights. Prints every change kept and the result, then
the result's win rate over 4,000 other pairs (from seed 20000). Takes
about 15 minutes on the development machine (2,500 pairs a trial).

Run on 2026-11-29 with the defaults (by this script's prototype, whose
MATCH grid also held 0, never kept) it kept SHORT 6, KEEP_BASE 300 and
DRAW_SCORE 0 (the heuristic keeps its clubs too long and draws too
rarely): (6, 300, 300, 10, 0, 100, 15, 6), 60.3% on the tuning pairs and
58.7% on the others.
"""

import argparse

import tune_prior  # puts firmware/ on sys.path

from players.clubbed.heuristic import PARAMS, ClubbedHeuristic  # noqa: E402

# Per weight (PARAMS' order), the values tried. MATCH stays above 0: the
# kit's playouts pick the least-matched card first, as a positive weight does.
GRID = (
    (4, 6, 8, 12, 16),
    (0, 150, 300, 450, 600),
    (200, 300, 400, 500, 600, 800),
    (0, 5, 10, 15, 20, 30),
    (-300, -200, -100, 0, 100),
    (60, 80, 100, 130, 160),
    (0, 8, 15, 25, 40),
    (3, 6, 10, 15),
)


def rate(params, deals, seed):
    """Win rate (draws half) of the heuristic with ``params`` against the
    heuristic over ``deals`` duplicate pairs from ``seed``."""
    return tune_prior.rate("clubbed", lambda s: ClubbedHeuristic(s, params), deals, seed)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=2500)
    ap.add_argument("--seed", type=int, default=10000)
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    best, score = tune_prior.coordinate(PARAMS, GRID, lambda p: rate(p, args.deals, args.seed))
    print("result %r: %.1f%% on the tuning pairs, %.1f%% on 4,000 pairs from seed 20000"
          % (best, 100 * score, 100 * rate(best, 4000, 20000)))


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    main()
