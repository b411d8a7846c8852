"""How Clubs' search prior (players/clubs/kit.py ``PRIOR``) was tuned:

    python tools/ai/tune_clubs_prior.py [--deals 500] [--seed 30000] [--rounds 1]

tools/ai/tune_prior.py's coordinate search over the Clubs
heuristic's weights (players/clubs/heuristic.py ``PARAMS``): from the
heuristic's own, each weight in turn takes each value of its grid below,
and a change is kept when the weighted heuristic wins at least 0.4 points
more against the heuristic (duplicate deals from ``--seed``). Prints every
trial, then the result's win rate over 2,000 other pairs (from seed
38000).
"""

import argparse

import tune_prior  # puts firmware/ on sys.path

from players.clubs.heuristic import PARAMS, ClubsHeuristic  # noqa: E402

# Per weight (PARAMS' order: TAKER_STRENGTH, BID_SCALE, BID_SHADE, NIL_LOSS,
# WANT_GAIN, OVER_LOSS, ADAM, TRUE_ADAM_MORE, NEG_ONE, KEEP, MADE), the
# values tried.
GRID = (
    (180, 220, 260, 300, 340, 400),
    (12, 14, 16, 18, 20),
    (-50, 0, 50, 100),
    (300, 550, 800, 1200),
    (80, 150, 250, 400),
    (50, 110, 200, 300),
    (300, 500, 800),
    (500, 800, 1200),
    (100, 200, 300),
    (0, 1, 2, 4),
    (2, 3, 4, 6),
)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--seed", type=int, default=30000)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="weight the first round starts at")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.rounds < 1:
        ap.error("--deals and --rounds must be at least 1")
    def rate(params, deals, seed):
        return tune_prior.rate("clubs", lambda s: ClubsHeuristic(s, params), deals, seed)

    best, score = tune_prior.coordinate(PARAMS, GRID, lambda p: rate(p, args.deals, args.seed),
                                        args.rounds, verbose=True, first=args.first)
    print("result %r: %.1f%% on the tuning pairs, %.1f%% on 2,000 pairs from seed 38000"
          % (best, 100 * score, 100 * rate(best, 2000, 38000)))


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    main()
