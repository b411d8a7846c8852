"""How often Klaberjass's playout policy (players/klaberjass_kit.py
``policy``) makes the heuristic's move:

    python tools/ai/policy_agreement_klaberjass.py [--games 40] [--seed 32000]

Plays heuristic games (players/klaberjass_heuristic.py, default weights)
from ``--seed`` on; at every decision with a choice (the bids of KJ-4 and
the cards of KJ-10 ... KJ-12; the exchange, always taken by the policy, is
left out), the policy is asked for its move in the true position (it sees
both hands and the stock, as in a sampled world). Prints, per kind of
decision (round-one bid, round-two bid, lead, second card), the decisions
seen and the share where the policy made the heuristic's move, then the
overall share. A policy that plays as the heuristic does judges the
search's candidates by the game the heuristic will play against them.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from cardgames import klaberjass  # noqa: E402
from cardgames.rng import Rng  # noqa: E402
from players import klaberjass_kit as kit  # noqa: E402
from players.klaberjass_heuristic import KlaberjassHeuristic  # noqa: E402

KINDS = ("bid1", "bid2", "lead", "second")


def agreement(games, seed):
    """``{kind: (decisions, agreed)}`` (kinds: ``KINDS`` and ``"all"``) over
    ``games`` heuristic games from ``seed``."""
    h = KlaberjassHeuristic()
    rng = Rng(1)
    out = {}
    for k in range(games):
        g = klaberjass.Klaberjass(seed=seed + k)
        while not g.is_over():
            p = g.current_player
            legal = g.legal_actions()
            a = h.choose(g.observation(p), legal)
            ph = g.phase
            if len(legal) > 1 and ph != klaberjass.EXCHANGING:
                if ph == klaberjass.BID1:
                    kind = "bid1"
                elif ph == klaberjass.BID2:
                    kind = "bid2"
                else:
                    kind = "second" if g.n_played % 2 else "lead"
                b = kit.policy(g.copy(), rng)
                for x in (kind, "all"):
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
    for key in KINDS + ("all",):
        n, m = out.get(key, (0, 0))
        print("%-6s: %5d decisions, %.1f%% agreed" % (key, n, 100.0 * m / max(n, 1)))


if __name__ == "__main__":
    main()
