"""Clubbed search variants against each other, by overriding the kit's
module-level settings (players/clubbed/kit.py) for one run:

    python tools/ai/clubbed_variant.py PLAYER_A PLAYER_B [--deals N] [--seed S]
        [--set NAME=VALUE ...] [--work W] [--expert-work W]

Players: those of tools/ai/arena.py, plus ``vhard`` (Hard: the search at
``--work`` playout moves, default levels.HARD_WORK's) and ``vexpert``
(Expert's kit at ``--expert-work``). ``--set`` assigns a Python literal to
a setting of players/clubbed/kit.py (``WIN=30``, ``Z2=3``,
``PRIOR=(6,300,300,10,0,100,15,7)``) for the whole run, so it applies to
every search player in it (Hard's and Expert's alike). Prints arena.py's
report, headed by the settings. Exits 2 on bad usage (an unknown setting,
one that sizes the kit's arrays, a value that is not a literal or not of
the setting's own kind: an int for an int, as many ints for a tuple).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import arena  # noqa: E402  (puts firmware/ on sys.path)
import arena_mp  # noqa: E402
import kit_settings  # noqa: E402

from players import levels  # noqa: E402
from players.clubbed import kit as clubbed_kit  # noqa: E402
from players.search import Search  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("player_a")
    ap.add_argument("player_b")
    ap.add_argument("--deals", type=int, default=600)
    ap.add_argument("--seed", type=int, default=80000)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--work", type=int, default=levels.HARD_WORK[0])
    ap.add_argument("--expert-work", type=int, default=levels.EXPERT_WORK[0])
    args = ap.parse_args(argv)
    if args.deals < 1 or args.work < 1 or args.expert_work < 1:
        ap.error("--deals, --work and --expert-work must be at least 1")
    try:
        over = kit_settings.parse(clubbed_kit, args.set)
    except ValueError as e:
        ap.error(str(e))
    kit_settings.apply(clubbed_kit, over)

    def vhard(_game, seed):
        return Search(clubbed_kit, clubbed_kit.prior(seed), seed, args.work, levels.MAX_WORLDS)

    def vexpert(_game, seed):
        return Search(clubbed_kit.expert(), clubbed_kit.prior(seed), seed, args.expert_work,
                      levels.EXPERT_WORLDS)

    arena_mp.register("vhard", vhard)
    arena_mp.register("vexpert", vexpert)
    for name in (args.player_a, args.player_b):
        if name not in arena_mp.PLAYERS:
            ap.error("unknown player %r (one of %s)" % (name, ", ".join(sorted(arena_mp.PLAYERS))))
    st = arena.summarise(arena.run_cpython("clubbed", args.player_a, args.player_b, args.deals,
                                           args.seed, quiet=True))
    print("settings %r, work %d, expert work %d" % (over, args.work, args.expert_work))
    for line in arena.report("clubbed", args.player_a, args.player_b, args.deals, args.seed, st):
        print(line)


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    main()
