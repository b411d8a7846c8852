"""Play a fixed list of seeded Klaberjass games to 500 and print one
transcript line per game, so that CPython and MicroPython can be compared line
for line (tests/test_klaberjass_parity.py runs this very file under both).

    python tools/mp/transcripts_klaberjass.py [N_RANDOM [N_HEURISTIC]]
    node tools/mp/mp_run.mjs --step step tools/mp/transcripts_klaberjass.py [N_RANDOM [N_HEURISTIC]]

Defaults: 40 random-vs-random games and 40 games of the heuristic against
the random player or itself, with the options (first dealer cut or given,
alternate, all-sequences, classic) mixed. Each ``game`` line holds its
number, seed, options, players, the first position, every action with the
events it caused, a digest of both seats' observations after each round,
the final position (``to_text``) and the result; the last line is ``done N``.

Under MicroPython one game is played per call of ``step`` (the WebAssembly
port's garbage collector only reclaims memory between top-level calls);
under CPython the script loops by itself. Ints only, no f-strings.
"""

import sys

try:
    import cardgames  # noqa: F401
except ImportError:  # CPython started from the repository without PYTHONPATH
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "..", "firmware"))

from cardgames import cards, klaberjass  # noqa: E402
from players.klaberjass.heuristic import KlaberjassHeuristic  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402

SPECIAL = {
    klaberjass.ACCEPT: "AC",
    klaberjass.PASS: "PA",
    klaberjass.NAME_CLUBS: "NC",
    klaberjass.NAME_DIAMONDS: "ND",
    klaberjass.NAME_HEARTS: "NH",
    klaberjass.NAME_SPADES: "NS",
    klaberjass.EXCHANGE: "EX",
    klaberjass.DECLINE: "DE",
}


def game_configs(n_random, n_heuristic):
    """(index, seed, dealer, alternate, all_sequences, classic, kinds)."""
    out = []
    for i in range(n_random + n_heuristic):
        seed = (7919 * i + 13) % 1073741824
        dealer = (None, 0, 1)[i % 3]
        if i < n_random:
            kinds = "RR"
        else:
            kinds = ("HR", "RH", "HH")[i % 3]
        out.append((i, seed, dealer, i % 4 == 1, i % 5 == 2, i % 7 == 3, kinds))
    return out


def _player(kind, seed):
    return KlaberjassHeuristic(seed) if kind == "H" else RandomPlayer(seed)


def _action_name(a):
    return SPECIAL[a] if a >= 52 else cards.name(a)


def _hexes(bs):
    return "".join("%02x" % b for b in bs)


def obs_digest(obs):
    """The observation's fields as one short string."""
    lr = obs.last_round
    return "%d:%s:%s:%d:%d:%s:%s:%s:%s:%s:%d,%d:%d,%d:%s" % (
        obs.seat,
        _hexes(obs.hand),
        _hexes(obs.played),
        obs.bottom,
        obs.turned,
        _hexes(obs.bids),
        _hexes(obs.lacks[0] + obs.lacks[1]),
        _hexes(obs.seq_cards),
        _hexes(obs.played_by),
        _hexes(obs.last_trick),
        obs.tricks_won[0],
        obs.tricks_won[1],
        obs.scores[0],
        obs.scores[1],
        "-" if lr is None else ",".join(str(v) for v in lr.values + lr.totals + lr.scored),
    )


def game_line(index, seed, dealer, alternate, all_sequences, classic, kinds):
    g = klaberjass.Klaberjass(
        seed, dealer=dealer, alternate=alternate, all_sequences=all_sequences, classic=classic
    )
    players = (_player(kinds[0], seed + 1), _player(kinds[1], seed + 2))
    start = g.to_text()
    moves = []
    while not g.is_over():
        seat = g.current_player
        if g.phase == klaberjass.PLAY and g.n_played == 17:
            digests = (obs_digest(g.observation(0)), obs_digest(g.observation(1)))
            moves.append("[%s|%s]" % digests)
        a = players[seat].choose(g.observation(seat), g.legal_actions())
        g.apply(a)
        moves.append(_action_name(a) + "".join("/%d.%d.%d.%d" % ev for ev in g.events))
    res = g.result()
    return "game %d seed=%d d=%s o=%d%d%d p=%s start=%s moves=%s end=%s res=%d,%d n=%d" % (
        index,
        seed,
        "-" if dealer is None else str(dealer),
        1 if alternate else 0,
        1 if all_sequences else 0,
        1 if classic else 0,
        kinds,
        start,
        " ".join(moves),
        g.to_text(),
        res[0],
        res[1],
        len(moves),
    )


def _count(i):
    if len(sys.argv) <= i:
        return 40
    try:
        n = int(sys.argv[i])
    except ValueError:
        n = -1
    if n < 0:
        print("transcripts_klaberjass.py: counts must be integers >= 0, got %r" % sys.argv[i])
        sys.exit(2)
    return n


N_RANDOM = _count(1)
N_HEURISTIC = _count(2)
CONFIGS = game_configs(N_RANDOM, N_HEURISTIC)
STATE = [0]


def step():
    """Print the next game's line (or the closing line); False when done."""
    i = STATE[0]
    if i < len(CONFIGS):
        print(game_line(*CONFIGS[i]))
        STATE[0] = i + 1
        return True
    if i == len(CONFIGS):
        print("done %d" % len(CONFIGS))
        STATE[0] = i + 1
    return False


if sys.implementation.name != "micropython":
    while step():
        pass
