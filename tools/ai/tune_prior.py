"""What the prior tuners (tools/ai/tune_<game>_prior.py) share: a player's
win rate against the heuristic over duplicate deals (tools/ai/arena.py),
and a coordinate search over a tuple of weights.
"""

import arena  # puts firmware/ on sys.path
import arena_mp


def rate(game, factory, deals, seed):
    """Win rate (draws half) of ``factory(seed) -> player`` against the
    game's heuristic over ``deals`` duplicate pairs from ``seed``."""
    arena_mp.register("weighted", lambda _game, s: factory(s))
    st = arena.summarise(arena.run_cpython(game, "weighted", "heuristic", deals, seed,
                                           quiet=True))
    return (st["won"] + 0.5 * st["drawn"]) / st["games"]


def coordinate(start, grid, score_of, rounds=2, margin=0.004, verbose=False, first=0):
    """Coordinate search from ``start`` (tuple of ints): each weight in turn
    takes each value of its ``grid`` row, and a change is kept when
    ``score_of(weights)`` beats the best so far by more than ``margin``;
    ``rounds`` passes over all weights, the first from weight ``first``.
    Prints the start, every change kept and, if ``verbose``, every trial;
    returns ``(weights, score)``."""
    best = tuple(start)
    score = score_of(best)
    print("start %r: %.1f%%" % (best, 100 * score), flush=True)
    for rnd in range(rounds):
        for i, values in enumerate(grid):
            if rnd == 0 and i < first:
                continue
            for v in values:
                if v == best[i]:
                    continue
                trial = best[:i] + (v,) + best[i + 1:]
                r = score_of(trial)
                if verbose:
                    print("tried %r: %.1f%%" % (trial, 100 * r), flush=True)
                if r > score + margin:
                    best, score = trial, r
                    print("kept %r: %.1f%%" % (best, 100 * score), flush=True)
    return best, score
