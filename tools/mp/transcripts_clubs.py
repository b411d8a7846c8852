"""Play a fixed list of seeded Clubs games (RULES.md PC-1 ... PC-16) and print
one transcript line per game, so that CPython and MicroPython can be compared
line for line (tests/test_clubs_parity.py runs this very file under both).

    python tools/mp/transcripts_clubs.py [N_RANDOM [N_HEURISTIC [N_SELF]]]
    node tools/mp/mp_run.mjs --step step tools/mp/transcripts_clubs.py [same]

Defaults: 20 random-player games cut after 2 hands (random play rarely
reaches 42), 10 whole games of the heuristic partnership against a random one
(sitting N-S and E-W in turn) and 2 whole games of heuristic players only
(cut after 40 hands). Each ``game`` line holds its number, seed, dealer
option, players, the start position, every action with the events it caused,
the final position (``to_text``), the scores, the result, how many positions
were round-tripped through the notation and a checksum of every event's
words (``describe``). First come ``bad`` lines: the error messages for broken
positions.

MicroPython's WebAssembly port frees memory only between top-level calls, so
there each game is played by its own call of ``step()`` (``--step step``);
CPython calls it in a loop. Runs unchanged on both: ints only, no f-strings.
"""

import sys

try:
    import cardgames  # noqa: F401
except ImportError:  # CPython started from the repository without PYTHONPATH
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "..", "firmware"))

from cardgames import cards, clubs, clubs_text  # noqa: E402
from players.clubs.heuristic import ClubsHeuristic  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402

RANDOM_HANDS = 2
SELF_HANDS = 40


def configs(n_random, n_heuristic, n_self):
    """(index, seed, dealer, kinds, max_hands) for every game; kinds gives
    each seat's player, N E S W: R random, H heuristic."""
    out = []
    for i in range(n_random + n_heuristic + n_self):
        seed = (7919 * i + 13) % 1073741824
        dealer = None if i % 3 == 0 else i % 4
        if i < n_random:
            out.append((i, seed, dealer, "RRRR", RANDOM_HANDS))
        elif i < n_random + n_heuristic:
            out.append((i, seed, dealer, "HRHR" if i % 2 else "RHRH", 0))
        else:
            out.append((i, seed, dealer, "HHHH", SELF_HANDS))
    return out


def action_name(a):
    if 0 <= a < 52:
        return cards.name(a)
    if clubs.BID0 <= a <= clubs.BID13:
        return "B%d" % (a - clubs.BID0)
    return "TS" if a == clubs.TAKE_SELF else "TP"


def game_line(index, seed, dealer, kinds, max_hands):
    g = clubs.Clubs(seed, dealer=dealer)
    players = [
        ClubsHeuristic(seed + s) if kinds[s] == "H" else RandomPlayer(seed + s) for s in range(4)
    ]
    start = g.to_text()
    moves = []
    words = 0  # checksum of every event's words, seen by seat (move number % 4)
    trips = 0
    while not g.is_over() and (not max_hands or g.hand_no <= max_hands):
        seat = g.current_player
        if len(moves) % 3 == 0:
            t = g.to_text()
            if clubs_text.from_text(t).to_text() != t:
                raise AssertionError("notation round trip failed: " + t)
            trips += 1
        a = players[seat].choose(g.observation(seat), g.legal_actions())
        g.apply(a)
        moves.append(action_name(a) + "".join("/%d.%d.%d.%d" % ev for ev in g.events))
        for ev in g.events:
            for ch in clubs.describe(ev, len(moves) % 4, clubs.SEAT_NAMES):
                words = (words * 31 + ord(ch)) % 1000003
    end = g.to_text()
    if clubs_text.from_text(end).to_text() != end:
        raise AssertionError("notation round trip failed: " + end)
    res = "%d,%d,%d,%d" % g.result() if g.is_over() else "-"
    return "game %d seed=%d d=%s p=%s start=%s moves=%s end=%s s=%d,%d res=%s n=%d rt=%d w=%d" % (
        index,
        seed,
        "r" if dealer is None else str(dealer),
        kinds,
        start,
        " ".join(moves),
        g.to_text(),
        g.scores[0],
        g.scores[1],
        res,
        len(moves),
        trips,
        words,
    )


# Broken positions: each line gives the error message, which must be the same
# on both runtimes (ASCII only, so that repr() agrees).
BAD_EDITS = (
    ("k=", "k=2C"),
    ("w=", "w=4"),
    ("ph=", "ph=Q;"),
    ("t=42", "t=0"),
    ("r=", "r=0,0;"),
    ("n=", "n=x;"),
    ("b=", "b=E"),
    ("x=", "x=2C"),
    ("v=", "v=2C2C2C2C;"),
    ("s=", "s=1,;"),
    ("l=", "l=00"),
    (";", ";;"),
    ("PC1", "PC2"),
    ("h0=", "h0=2C"),
)


def bad_lines(text):
    """The error message for each edit of position ``text``."""
    out = []
    for i in range(len(BAD_EDITS)):
        key, new = BAD_EDITS[i]
        j = text.find(key)
        if j < 0:
            continue
        k = text.find(";", j + 1) if new.endswith(";") else j + len(key)
        bad = text[:j] + new + (text[k + 1 :] if new.endswith(";") else text[k:])
        try:
            clubs_text.from_text(bad)
            msg = "accepted"
        except ValueError as e:
            msg = str(e)
        out.append("bad %d %s" % (i, msg))
    return out


_todo = []


def step():
    """Print the next game's line; False once all are printed."""
    if not _todo:
        return False
    cfg = _todo.pop(0)
    if cfg[0] == 0:
        g = clubs.Clubs(cfg[1])
        for ln in bad_lines(g.to_text()):
            print(ln)
        while g.n_played < 9:
            g.apply(g.legal_actions()[-1])
        for ln in bad_lines(g.to_text()):
            print(ln)
    print(game_line(*cfg))
    if not _todo:
        print("done")
    return bool(_todo)


def main(argv):
    n_random = int(argv[1]) if len(argv) > 1 else 20
    n_heuristic = int(argv[2]) if len(argv) > 2 else 10
    n_self = int(argv[3]) if len(argv) > 3 else 2
    _todo.extend(configs(n_random, n_heuristic, n_self))
    if sys.implementation.name != "micropython":
        while step():
            pass


for _a in sys.argv[1:]:
    if not _a.isdigit():
        print("transcripts_clubs.py: counts must be integers >= 0, got %r" % _a, file=sys.stderr)
        sys.exit(2)
main(sys.argv)
