"""Arena: two player levels against each other over seeded deals, in duplicate.

    python tools/ai/arena.py GAME PLAYER_A PLAYER_B [--deals N] [--seed S] [--micropython]
                             [--jobs J] [--set NAME=VALUE ...]

GAME is clubbed, klaberjass or clubs; players are levels from the registry in
tools/ai/arena_mp.py: random, heuristic, prior (the search levels' prior
alone: in Clubbed the heuristic with the kit's PRIOR weights), and the console's difficulty levels
easy, normal, hard and expert (players/levels.py, without a time cap: the search
budget is counted in playout moves, so the games are deterministic).
Deal pair k (k = 0 .. N-1) uses seed S + k twice, same cards and same
first dealer: A sits in seat 0 in the first game and in seat 1 in the second
(Clubs: partnership North-South, then East-West), B in the other seat(s), so
the luck of the cards cancels.

Prints progress to stderr, then on stdout:
- A's win rate over all 2N games, draws counted as half a win, with its 95%
  Wilson score interval; wins, draws and losses are also given separately
  (a Clubs game unfinished after MAX_HANDS hands counts as a draw);
- per deal pair: how many pairs A won both games, split (one win each side,
  or any pair with a draw in it), lost both;
- average points per game for each side: Clubbed collected cards (fewer is
  better), Klaberjass final scores, Clubs final team scores.

``--micropython`` plays the same games under MicroPython (Node, via
tools/mp/mp_run.mjs running tools/ai/arena_mp.py one game per top-level call); the
games are deterministic, so the counts and the printed report are identical
to the CPython run with the same arguments. ``--set`` (CPython runs)
overrides a setting of the game's search kit (players/<game>/kit.py) for
the run (tools/ai/kit_settings.py): ``--set PASS_SEARCHED=999``.
"""

import argparse
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tools", "ai")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import arena_mp  # noqa: E402
import kit_settings  # noqa: E402
from arena_mp import GAMES, PLAYERS, game_line, play_game  # noqa: E402

from players import levels  # noqa: E402

Z95 = 1.959963984540054


def wilson(successes, n, z=Z95):
    """Wilson score interval ``(low, high)`` for ``successes`` out of ``n``
    (``successes`` may be fractional, e.g. draws as halves); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    den = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z / den * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n))
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return low, high


def _progress(k, total, quiet):
    if not quiet and (k == total or k % max(1, total // 10) == 0):
        print("  ... %d/%d games" % (k, total), file=sys.stderr)


def _one(job):
    game, a, b, seed, k = job
    pair, swap = divmod(k, 2)
    return (pair, swap) + tuple(play_game(game, a, b, seed + pair, swap))


def run_cpython(game, a, b, deals, seed, quiet=False, jobs=1):
    """List of ``(pair, swap, r_a, points_a, points_b, finished)`` per game,
    in game order. ``jobs`` > 1 plays the games in that many processes
    (forked, so players registered at run time are there too); every game
    depends only on its seed, so the list is the same for any ``jobs``."""
    total = 2 * deals
    work = [(game, a, b, seed, k) for k in range(total)]
    if jobs <= 1:
        out = []
        for job in work:
            out.append(_one(job))
            _progress(len(out), total, quiet)
        return out
    import multiprocessing

    out = []
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for rec in pool.imap(_one, work):
            out.append(rec)
            _progress(len(out), total, quiet)
    return out


def run_micropython(game, a, b, deals, seed, quiet=False):
    """Same as run_cpython, the games played under MicroPython (Node)."""
    cmd = ["node", os.path.join(ROOT, "tools", "mp", "mp_run.mjs"), "--step", "step",
           os.path.join(ROOT, "tools", "ai", "arena_mp.py"), game, a, b, str(deals), str(seed)]
    out = []
    total = 2 * deals
    done = False
    with subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as proc:
        for line in proc.stdout:
            parts = line.split()
            if parts and parts[0] == "game":
                out.append(tuple(int(x) for x in parts[1:]))
                _progress(len(out), total, quiet)
            elif parts and parts[0] == "done":
                done = True
        err = proc.stderr.read()
    if proc.returncode != 0 or not done or len(out) != total:
        raise RuntimeError("MicroPython run failed (exit %s):\n%s" % (proc.returncode, err[-3000:]))
    return out


def summarise(records):
    """Integer counts of a run: dict with games, won, drawn, lost, unfinished,
    pairs_won, pairs_split, pairs_lost, points_a, points_b (totals)."""
    st = dict(games=0, won=0, drawn=0, lost=0, unfinished=0,
              pairs_won=0, pairs_split=0, pairs_lost=0, points_a=0, points_b=0)
    by_pair = {}
    for pair, _swap, r, pa, pb, fin in records:
        st["games"] += 1
        st["won" if r > 0 else "lost" if r < 0 else "drawn"] += 1
        st["unfinished"] += 1 - fin
        st["points_a"] += pa
        st["points_b"] += pb
        by_pair.setdefault(pair, []).append(r)
    for rs in by_pair.values():
        if all(r > 0 for r in rs):
            st["pairs_won"] += 1
        elif all(r < 0 for r in rs):
            st["pairs_lost"] += 1
        else:
            st["pairs_split"] += 1
    return st


POINTS = {
    "clubbed": "collected cards per game (fewer is better)",
    "klaberjass": "final score per game",
    "clubs": "final team score per game",
}


def report(game, a, b, deals, seed, st):
    """The report's lines (list of str)."""
    n = st["games"]
    score = st["won"] + 0.5 * st["drawn"]
    lo, hi = wilson(score, n)
    lines = [
        "%s: %s (A) vs %s (B), %d deal pairs from seed %d, seats swapped"
        % (game.capitalize(), a, b, deals, seed),
        "A: won %d, drawn %d, lost %d of %d games%s"
        % (st["won"], st["drawn"], st["lost"], n,
           " (%d unfinished after %d hands, counted drawn)" % (st["unfinished"], arena_mp.MAX_HANDS)
           if st["unfinished"] else ""),
        "A win rate (draws half): %.1f%%, 95%% Wilson interval [%.1f%%, %.1f%%]"
        % (100.0 * score / max(1, n), 100.0 * lo, 100.0 * hi),
        "deal pairs: A won both %d, split %d, lost both %d"
        % (st["pairs_won"], st["pairs_split"], st["pairs_lost"]),
        "%s: A %.2f, B %.2f"
        % (POINTS[game], st["points_a"] / max(1, n), st["points_b"] / max(1, n)),
    ]
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=GAMES)
    ap.add_argument("player_a", choices=sorted(PLAYERS))
    ap.add_argument("player_b", choices=sorted(PLAYERS))
    ap.add_argument("--deals", type=int, default=100, help="deal pairs (2 games each; default 100)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first deal (default 0)")
    ap.add_argument("--micropython", action="store_true", help="play under MicroPython (Node)")
    ap.add_argument("--games", action="store_true", help="also print one line per game")
    ap.add_argument("--jobs", type=int, default=1,
                    help="CPython: play in this many processes (same results; default 1)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="CPython: a setting of the game's search kit for this run")
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    if args.micropython and args.set:
        ap.error("--set is for CPython runs only")
    kit = levels.kit(args.game)
    try:
        over = kit_settings.parse(kit, args.set)
    except ValueError as e:
        ap.error(str(e))
    kit_settings.apply(kit, over)
    if over:
        print("settings %r" % (over,))
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    if args.micropython and args.jobs > 1:
        ap.error("--jobs is for CPython runs only")
    print("arena: playing under %s" % ("MicroPython (Node)" if args.micropython else "CPython"),
          file=sys.stderr)
    if args.micropython:
        records = run_micropython(args.game, args.player_a, args.player_b, args.deals, args.seed)
    else:
        records = run_cpython(args.game, args.player_a, args.player_b, args.deals, args.seed,
                              jobs=args.jobs)
    if args.games:
        for rec in records:
            print(game_line(rec[0], rec[1], rec[2:]))
    st = summarise(records)
    for line in report(args.game, args.player_a, args.player_b, args.deals, args.seed, st):
        print(line)


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    main()
