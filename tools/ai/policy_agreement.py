"""How often Clubs' playout policy (players/clubs/kit.py ``policy``) plays the
heuristic's card:

    python tools/ai/policy_agreement.py [--games 40] [--seed 32000]

Plays heuristic games (players/clubs/heuristic.py, default weights) from
``--seed`` on; at every card-play decision with a choice, the policy is
asked for its card in the true position (it sees every hand, as in a
sampled world, every seat's plan set from its true hand with the
heuristic's weights). Prints, per trick position (0 = lead) and whether the
seat and its partner want tricks (T) or none (N), the decisions seen and
the share where the policy picked the heuristic's card, then the overall
share. A policy that plays as the heuristic does judges the search's
candidates by the game the heuristic seats will play.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "firmware")]

from cardgames import clubs  # noqa: E402
from cardgames.rng import Rng  # noqa: E402
from players.clubs import kit as kit  # noqa: E402
from players.clubs.heuristic import PARAMS, ClubsHeuristic, strength  # noqa: E402


def agreement(games, seed):
    """``{(position, own, partner): (decisions, agreed)}`` plus the key
    ``"all"``, over ``games`` heuristic games from ``seed``."""
    h = ClubsHeuristic()
    rng = Rng(1)
    out = {}
    for k in range(games):
        g = clubs.Clubs(seed=seed + k)
        while not g.is_over():
            p = g.current_player
            legal = g.legal_actions()
            a = h.choose(g.observation(p), legal)
            if g.phase == clubs.PH_PLAY and len(legal) > 1:
                for s in range(4):
                    kit._plan[s] = 1 if strength(g.hand(s)) >= PARAMS[0] else 0
                    kit._scale[s] = PARAMS[1]
                    kit._shade[s] = PARAMS[2]
                b = kit.policy(g.copy(), rng)
                key = (g.n_played % 4, "T" if kit._wants(g, p) else "N",
                       "T" if kit._wants(g, (p + 2) % 4) else "N")
                for x in (key, "all"):
                    n, m = out.get(x, (0, 0))
                    out[x] = (n + 1, m + (a == b))
            g.apply(a)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=32000)
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    out = agreement(args.games, args.seed)
    for key in sorted(k for k in out if k != "all"):
        n, m = out[key]
        print("position %d, seat %s, partner %s: %5d decisions, %.1f%% agreed"
              % (key + (n, 100.0 * m / n)))
    n, m = out["all"]
    print("all: %d decisions, %.1f%% agreed" % (n, 100.0 * m / n))


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    main()
