"""Duplicate-pair Klaberjass matches of a product level against the ISMCTS
yardstick (tools/ai/klaberjass_ismcts.py).

    pypy3 tools/ai/klaberjass_match.py LEVEL [--deals N] [--seed S]
        [--iterations I] [--threshold T] [--jobs J] [--games]
        [--set NAME=VALUE ...]

LEVEL is a player of tools/ai/arena_mp.py (heuristic, easy, normal, hard,
expert ...). Deal pair k uses seed S + k twice, the level in seat 0 and then
in seat 1 (arena.py's seating and per-player seeds), so the luck of the
cards cancels. Prints, for each side: games won with a 95% Wilson interval,
rounds won (the round's higher scorer, KJ-14), the share of rounds it made
trump in, and the share of those it failed (KJ-14); for the level, the
same split by how it made trump: accepting the turned suit (KJ-4 round one)
or naming a suit (round two), as the dealer or as the other seat (elder).
Redeals (KJ-5) are not rounds. ``--set`` overrides a setting of
players/klaberjass/kit.py for the run (tools/ai/kit_settings.py), so a
variant of the search levels plays on the same deals: ``MAKER_COST=0``.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tools", "ai")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import arena  # noqa: E402
import arena_mp  # noqa: E402
import kit_settings  # noqa: E402
import klaberjass_ismcts  # noqa: E402

from cardgames import klaberjass as kj  # noqa: E402
from players.klaberjass import kit as klaberjass_kit  # noqa: E402

# The level's trump made and failed per way of making it (``KINDS``).
KINDS = ("round one, dealer", "round one, elder", "round two, dealer", "round two, elder")
BY_KIND = tuple("%s_a%d" % (w, k) for w in ("made", "failed") for k in range(len(KINDS)))
FIELDS = ("result", "rounds", "won_a", "won_b", "made_a", "made_b", "failed_a", "failed_b",
          "points_a", "points_b") + BY_KIND


def play(level, seed, swap, iterations, threshold):
    """One game: dict of FIELDS, ``result`` +1/0/-1 for the level (A)."""
    g = arena_mp.new_game("klaberjass", seed)
    a = swap
    players = [None, None]
    players[a] = arena_mp.make_player(level, "klaberjass", 8 * seed)
    players[1 - a] = klaberjass_ismcts.IsmctsPlayer(8 * seed + 4, iterations, threshold)
    st = dict.fromkeys(FIELDS, 0)
    last = None
    turned = None
    while not g.is_over():
        p = g.current_player
        obs = g.observation(p)
        if obs.phase == kj.PLAY:
            turned = obs.turned_suit
        g.apply(players[p].choose(obs, g.legal_actions()))
        sm = g.last_round
        if sm is not None and sm is not last:
            last = sm
            st["rounds"] += 1
            side = "a" if sm.maker == a else "b"
            st["made_" + side] += 1
            st["failed_" + side] += 1 if sm.failed else 0
            if side == "a":
                k = (0 if sm.trump == turned else 2) + (0 if sm.maker == sm.dealer else 1)
                st["made_a%d" % k] += 1
                st["failed_a%d" % k] += 1 if sm.failed else 0
            if sm.winner is not None:
                st["won_" + ("a" if sm.winner == a else "b")] += 1
            st["points_a"] += sm.scored[a]
            st["points_b"] += sm.scored[1 - a]
    st["result"] = g.result()[a]
    return st


def _one(job):
    level, seed, k, iterations, threshold = job
    pair, swap = divmod(k, 2)
    return pair, swap, play(level, seed + pair, swap, iterations, threshold)


def game_line(pair, swap, st):
    return "game %d %d %s" % (pair, swap, " ".join(str(st[k]) for k in FIELDS))


def read_line(line):
    """``(pair, swap, st)`` from a ``game_line``, or None for another line
    (a line without the split by ``KINDS`` reads with zeros there)."""
    parts = line.split()
    n = len(parts) - 3
    if parts[:1] != ["game"] or n not in (len(FIELDS), len(FIELDS) - len(BY_KIND)):
        return None
    v = [int(x) for x in parts[1:]]
    st = dict.fromkeys(FIELDS, 0)
    st.update(zip(FIELDS[:n], v[2:], strict=True))
    return v[0], v[1], st


def run(level, deals, seed, iterations, threshold, jobs=1, quiet=False, lines=False):
    """Records ``(pair, swap, st)`` in game order; ``lines``: each game's
    line printed (and flushed) as it ends, so a run cut short still counts."""
    work = [(level, seed, k, iterations, threshold) for k in range(2 * deals)]
    out = []

    def done(rec):
        out.append(rec)
        if lines:
            print(game_line(*rec), flush=True)
        arena._progress(len(out), len(work), quiet)

    if jobs <= 1:
        for job in work:
            done(_one(job))
        return out
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for rec in pool.imap(_one, work):
            done(rec)
    return out


def report(level, deals, seed, iterations, threshold, records):
    """The report's lines (list of str)."""
    tot = dict.fromkeys(FIELDS, 0)
    wins = draws = 0
    for _pair, _swap, st in records:
        for k in FIELDS[1:]:
            tot[k] += st[k]
        wins += st["result"] > 0
        draws += st["result"] == 0
    n = len(records)
    lines = ["Klaberjass: %s (A) vs ISMCTS %d iterations, threshold %d (B), %d deal pairs"
             " from seed %d, seats swapped" % (level, iterations, threshold, deals, seed)]
    rounds = max(1, tot["rounds"])
    diff = [st["points_a"] - st["points_b"] for _p, _s, st in records]
    score_a = wins + 0.5 * draws
    for side, name, w in (("a", level, score_a), ("b", "ismcts", n - score_a)):
        lo, hi = arena.wilson(w, n)
        made = tot["made_" + side]
        lines.append(
            "%-8s games %.1f%% [%.1f, %.1f] of %d; rounds won %.1f%%; made trump %.1f%% of"
            " rounds, failed %.1f%% of those"
            % (name, 100.0 * w / max(1, n), 100.0 * lo, 100.0 * hi, n,
               100.0 * tot["won_" + side] / rounds, 100.0 * made / rounds,
               100.0 * tot["failed_" + side] / max(1, made)))
    split = []
    for k, kind in enumerate(KINDS):
        made = tot["made_a%d" % k]
        split.append("%s %d (%.0f%% failed)"
                     % (kind, made, 100.0 * tot["failed_a%d" % k] / max(1, made)))
    lines.append("%s made trump by %s" % (level, "; ".join(split)))
    lines.append("rounds %d, draws %d; A's points minus B's per game %.1f +- %.1f (95%%)"
                 % ((tot["rounds"], draws) + mean_ci(diff)))
    return lines


def mean_ci(xs):
    """``(mean, half width of its 95% interval)`` of the numbers ``xs``."""
    n = max(1, len(xs))
    mean = sum(xs) / n
    sd = (sum((x - mean) ** 2 for x in xs) / max(1, n - 1)) ** 0.5
    return mean, arena.Z95 * sd / n ** 0.5


def parser(doc, deals):
    """The options a match against the yardstick takes (``deals`` the
    default number of deal pairs); ``doc`` the tool's docstring."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("level", choices=sorted(arena_mp.PLAYERS))
    ap.add_argument("--deals", type=int, default=deals, help="deal pairs (default %d)" % deals)
    ap.add_argument("--seed", type=int, default=0, help="seed of the first deal (default 0)")
    ap.add_argument("--iterations", type=int, default=klaberjass_ismcts.ITERATIONS)
    ap.add_argument("--threshold", type=int, default=klaberjass_ismcts.THRESHOLD)
    return ap


def main(argv=None):
    ap = parser(__doc__, 50)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--games", action="store_true",
                    help="print one line per game as it ends (a run cut short can be"
                    " reported with --from)")
    ap.add_argument("--from", dest="source", metavar="FILE",
                    help="report the game lines of FILE (a --games run, finished or not)"
                    " instead of playing")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a setting of players/klaberjass/kit.py for this run")
    args = ap.parse_args(argv)
    try:
        over = kit_settings.parse(klaberjass_kit, args.set)
    except ValueError as e:
        ap.error(str(e))
    if args.source:
        try:
            with open(args.source) as f:
                records = [r for r in map(read_line, f) if r is not None]
        except OSError as e:
            sys.exit("klaberjass_match: cannot read %s: %s" % (args.source, e.strerror))
        pairs = len({r[0] for r in records})
        for line in report(args.level, pairs, args.seed, args.iterations, args.threshold,
                           records):
            print(line)
        return
    if args.deals < 1 or args.iterations < 1 or args.jobs < 1:
        ap.error("--deals, --iterations and --jobs must be at least 1")
    kit_settings.apply(klaberjass_kit, over)
    if over:
        print("settings %r" % (over,))
    records = run(args.level, args.deals, args.seed, args.iterations, args.threshold, args.jobs,
                  lines=args.games)
    for line in report(args.level, args.deals, args.seed, args.iterations, args.threshold,
                       records):
        print(line)


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    main()
