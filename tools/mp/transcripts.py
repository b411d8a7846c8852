"""Play a fixed list of seeded Clubbed games and print one transcript line per
game, so that CPython and MicroPython can be compared line for line
(tests/test_mp_parity.py runs this very file under both).

    python tools/mp/transcripts.py [N_RANDOM [N_HEURISTIC]]       # CPython
    node tools/mp/mp_run.mjs tools/mp/transcripts.py [N_RANDOM [N_HEURISTIC]]

Defaults: 100 random-vs-random games and 100 heuristic-vs-random games, with
both variants (CB-8 refill / no-refill) and both dealers mixed. First come a
few ``rng`` lines (raw xorshift output, below(), shuffle), then one ``game``
line per game: its number, seed, options, players, every action with the
events it caused, the final position (``to_text``) and the result.

Runs unchanged on MicroPython: no f-strings needed, ints only.
"""

import sys

try:
    import cardgames  # noqa: F401
except ImportError:  # CPython started from the repository without PYTHONPATH
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "..", "firmware"))

from cardgames import cards, clubbed, notation  # noqa: E402
from cardgames.rng import Rng  # noqa: E402
from players.clubbed.heuristic import ClubbedHeuristic  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402

RNG_SEEDS = (0, 1, 2, 3, 77, 65535, 65536, 123456789, 1073741823, -5)


def rng_line(seed):
    r = Rng(seed)
    raw = [r.next16() for _ in range(8)]
    below = [r.below(n) for n in (1, 2, 3, 7, 13, 52, 1000, 65535, 65536)]
    deck = r.shuffle(bytearray(range(52)))
    return "rng seed=%d state=%d,%d raw=%s below=%s shuffle=%s" % (
        seed,
        Rng(seed).state()[0],
        Rng(seed).state()[1],
        ",".join(str(v) for v in raw),
        ",".join(str(v) for v in below),
        notation.name_list(deck).replace(" ", ""),
    )


def game_configs(n_random, n_heuristic):
    """(index, seed, dealer, refill, kinds) for every game, mixed options."""
    out = []
    for i in range(n_random + n_heuristic):
        seed = (7919 * i + 13) % 1073741824
        dealer = i % 2
        refill = (i // 2) % 2 == 0
        if i < n_random:
            kinds = "RR"
        else:
            kinds = "HR" if i % 3 else "RH"
        out.append((i, seed, dealer, refill, kinds))
    return out


def _player(kind, seed):
    return ClubbedHeuristic(seed) if kind == "H" else RandomPlayer(seed)


def _action_name(a):
    return "DR" if a == clubbed.DRAW else cards.name(a)


def game_line(index, seed, dealer, refill, kinds):
    g = clubbed.Clubbed(seed, dealer=dealer, refill=refill)
    players = (_player(kinds[0], seed + 1), _player(kinds[1], seed + 2))
    start = g.to_text()
    moves = []
    while not g.is_over():
        seat = g.current_player
        a = players[seat].choose(g.observation(seat), g.legal_actions())
        g.apply(a)
        evs = "".join("/%d.%d.%d.%d" % ev for ev in g.events)
        moves.append(_action_name(a) + evs)
    res = g.result()
    return "game %d seed=%d r=%d d=%d p=%s start=%s moves=%s end=%s res=%d,%d n=%d" % (
        index,
        seed,
        1 if refill else 0,
        dealer,
        kinds,
        start,
        " ".join(moves),
        g.to_text(),
        res[0],
        res[1],
        len(moves),
    )


def main(argv):
    n_random = int(argv[1]) if len(argv) > 1 else 100
    n_heuristic = int(argv[2]) if len(argv) > 2 else 100
    for seed in RNG_SEEDS:
        print(rng_line(seed))
    for cfg in game_configs(n_random, n_heuristic):
        print(game_line(*cfg))
    print("done %d" % (n_random + n_heuristic))


for _a in sys.argv[1:]:
    if not _a.isdigit():
        print("transcripts.py: counts must be integers >= 0, got %r" % _a, file=sys.stderr)
        sys.exit(2)
main(sys.argv)
