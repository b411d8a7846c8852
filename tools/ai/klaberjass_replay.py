"""Where a level's Klaberjass rounds against the ISMCTS yardstick are lost:
in the bidding or in the card play.

    pypy3 tools/ai/klaberjass_replay.py LEVEL [--deals N] [--seed S]
        [--iterations I] [--threshold T] [--bids]

Plays klaberjass_match.py's games (the same deals, seats and seeds) and
replays every round from its first card with the yardstick's search
(tools/ai/klaberjass_ismcts.py) in the level's seat as well: the same hands
after the exchange, the same trump and maker, a fresh yardstick in each
seat. Rounds the level made trump in and fails about as often in the replay
were lost by the bid, not by the play; a points gap between the level and
its replay, round by round, is its card play's. Prints one line per round
(``round PAIR SWAP MAKER PRIOR FAILED POINTS RFAILED RPOINTS``: MAKER 1
when the level made trump; PRIOR 1 when its trump bid was its heuristic's,
0 when its search overrode it, -1 when the yardstick made trump; POINTS the
level's score minus the yardstick's, KJ-14; R... the same in the replay)
and a summary per kind of round.

With ``--bids`` it weighs the level's bids instead: at each bid where the
level's search chose otherwise than its heuristic (KJ-4), the round is
played from there twice, once after each of the two bids, by a fresh
level and a fresh yardstick with the same seeds both times (a redeal,
KJ-5, scores 0). Prints ``bid PAIR SWAP KIND POINTS HPOINTS`` (KIND 0: a
trump where the heuristic passed, 1: a pass where it bid, 2: another
suit; POINTS the level's round score minus the yardstick's after the
search's bid, HPOINTS after the heuristic's) and per kind the mean edge of
the search's bids, with its 95% interval.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tools", "ai")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import arena_mp  # noqa: E402
import klaberjass_ismcts  # noqa: E402
import klaberjass_match  # noqa: E402

from cardgames import klaberjass as kj  # noqa: E402
from players import levels  # noqa: E402


def finish(g, players):
    """Plays ``g`` (a Klaberjass in the play) to the end of its round;
    returns the round's summary (KJ-14)."""
    last = g.last_round
    while g.last_round is last:
        p = g.current_player
        g.apply(players[p].choose(g.observation(p), g.legal_actions()))
    return g.last_round


def round_from(g, players):
    """``g``'s round played on from a bid by ``players``: what seat 0
    scored minus seat 1 (KJ-14), 0 when four passes end the deal (KJ-5)."""
    last = g.last_round
    while True:
        p = g.current_player
        g.apply(players[p].choose(g.observation(p), g.legal_actions()))
        sm = g.last_round
        if sm is not last:
            return sm.scored[0] - sm.scored[1]
        if g.phase == kj.BID1 and not g.bids():
            return 0  # dealt again: nothing scored


def match_game(level, seed, swap, iterations, threshold):
    """``klaberjass_match.play``'s game of ``seed`` and its players, the
    level in seat ``swap``: ``(game, players)``."""
    g = arena_mp.new_game("klaberjass", seed)
    players = [None, None]
    players[swap] = arena_mp.make_player(level, "klaberjass", 8 * seed)
    players[1 - swap] = klaberjass_ismcts.IsmctsPlayer(8 * seed + 4, iterations, threshold)
    return g, players


def bids(level, seed, swap, iterations, threshold):
    """The game of ``play``: per bid of the level's that its heuristic
    would not have made, ``(kind, points, hpoints)`` as the module doc
    says."""
    g, players = match_game(level, seed, swap, iterations, threshold)
    a = swap
    heuristic = levels.heuristic("klaberjass")
    sign = 1 if a == 0 else -1
    rows = []
    while not g.is_over():
        p = g.current_player
        obs = g.observation(p)
        legal = g.legal_actions()
        act = players[p].choose(obs, legal)
        if p == a and obs.phase in (kj.BID1, kj.BID2):
            h = heuristic.choose(obs, legal)
            if h != act:
                kind = 0 if h == kj.PASS else (1 if act == kj.PASS else 2)
                pts = []
                for x in (act, h):
                    r = g.copy()
                    r.apply(x)
                    fresh = [None, None]
                    fresh[a] = arena_mp.make_player(level, "klaberjass", 8 * seed + 55)
                    fresh[1 - a] = klaberjass_ismcts.IsmctsPlayer(8 * seed + 66, iterations,
                                                                  threshold)
                    pts.append(sign * round_from(r, fresh))
                rows.append((kind, pts[0], pts[1]))
        g.apply(act)
    return rows


def bid_summary(rows):
    """The ``--bids`` report's lines for ``rows`` (``bids``' tuples)."""
    out = []
    for kind, name in ((0, "a trump where the heuristic passed"),
                       (1, "a pass where the heuristic bid"), (2, "another suit")):
        rs = [r for r in rows if r[0] == kind]
        if rs:
            out.append("%s: %d bids; points a round %.1f, after the heuristic's bid %.1f"
                       " (edge %.1f +- %.1f)"
                       % ((name, len(rs), sum(r[1] for r in rs) / len(rs),
                           sum(r[2] for r in rs) / len(rs))
                          + klaberjass_match.mean_ci([r[1] - r[2] for r in rs])))
    return out


def play(level, seed, swap, iterations, threshold):
    """One game of ``klaberjass_match.play``'s, the level in seat ``swap``:
    per round (redeals left out, KJ-5), ``(maker, prior, failed, points,
    rfailed, rpoints)`` as the module doc says."""
    g, players = match_game(level, seed, swap, iterations, threshold)
    a = swap
    heuristic = levels.heuristic("klaberjass")
    rows = []
    prior = 1
    start = None
    last = None
    while not g.is_over():
        p = g.current_player
        obs = g.observation(p)
        legal = g.legal_actions()
        if obs.phase == kj.PLAY and not obs.played and start is None:
            start = g.copy()
        act = players[p].choose(obs, legal)
        if p == a and act != kj.PASS and obs.phase in (kj.BID1, kj.BID2):
            prior = int(heuristic.choose(obs, legal) == act)
        g.apply(act)
        sm = g.last_round
        if sm is not None and sm is not last:
            last = sm
            if start is not None:
                replay = [None, None]
                replay[a] = klaberjass_ismcts.IsmctsPlayer(8 * seed + 77, iterations, threshold)
                replay[1 - a] = klaberjass_ismcts.IsmctsPlayer(8 * seed + 99, iterations,
                                                               threshold)
                rs = finish(start, replay)
                made = sm.maker == a
                rows.append((int(made), prior if made else -1, int(sm.failed),
                             sm.scored[a] - sm.scored[1 - a], int(rs.failed),
                             rs.scored[a] - rs.scored[1 - a]))
            start = None
            prior = 1
    return rows


def summary(rows):
    """The report's lines for ``rows`` (``play``'s tuples): per kind of
    round, how many, the share failed by the level and in the replay, and
    the points the replay scores more than the level a round, with its 95%
    interval."""
    kinds = (("the level made trump, its heuristic's bid", lambda r: r[1] == 1),
             ("the level made trump, its search's own bid", lambda r: r[1] == 0),
             ("the yardstick made trump", lambda r: r[1] == -1),
             ("all rounds", lambda r: True))
    out = []
    for name, keep in kinds:
        rs = [r for r in rows if keep(r)]
        n = len(rs)
        if not n:
            continue
        out.append("%s: %d rounds; failed %.1f%%, replayed %.1f%%; points a round %.1f,"
                   " replayed %.1f (replay minus level %.1f +- %.1f)"
                   % ((name, n, 100.0 * sum(r[2] for r in rs) / n,
                       100.0 * sum(r[4] for r in rs) / n, sum(r[3] for r in rs) / n,
                       sum(r[5] for r in rs) / n)
                      + klaberjass_match.mean_ci([r[5] - r[3] for r in rs])))
    return out


def main(argv=None):
    ap = klaberjass_match.parser(__doc__, 10)
    ap.add_argument("--bids", action="store_true",
                    help="weigh the bids the level's search made against its heuristic")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.iterations < 1:
        ap.error("--deals and --iterations must be at least 1")
    if args.bids:
        each, tag, report = bids, "bid", bid_summary
        what = "its bids weighed against its heuristic's"
    else:
        each, tag, report = play, "round", summary
        what = "each round replayed by ISMCTS in its seat"
    rows = []
    for k in range(2 * args.deals):
        pair, swap = divmod(k, 2)
        for r in each(args.level, args.seed + pair, swap, args.iterations, args.threshold):
            print("%s %d %d %s" % (tag, pair, swap, " ".join(map(str, r))), flush=True)
            rows.append(r)
    print("Klaberjass: %s against ISMCTS %d iterations, threshold %d, %d deal pairs from"
          " seed %d, %s" % (args.level, args.iterations, args.threshold, args.deals, args.seed,
                            what))
    for line in report(rows):
        print(line)

if __name__ == "__main__":
    main()
