"""Cost of the pieces of a Clubs search world, per playout move, on
MicroPython (Node) or CPython:

    node tools/mp/mp_run.mjs tools/bench/bench_clubs_playout.py [POSITIONS] [ROUNDS]
    .venv/bin/python tools/bench/bench_clubs_playout.py [POSITIONS] [ROUNDS]

Takes POSITIONS (default 24) play positions from heuristic games (seeds 100,
101, ...: every fifth decision to play), deals each seat-to-move's world
(players/clubs/kit.py ``world``) and times, ROUNDS (default 4) times over
all positions, in integer microseconds: the world deal, the copy into the
scratch game plus its candidate's card (``Clubs._apply``, as
players/search.py ``step`` does), and the one-call playout
(``clubs_kit.playout``), and the first candidate's playout again move by
move through ``policy`` and ``Clubs._apply`` (the unit of
levels.HARD_WORK: ``clubs_kit.WORK_SCALE`` is its cost in playout moves).
Prints one line per piece: its total, the playout moves made, and the
cost per playout move and per world in microseconds
(the world's figure also as playout moves: what ``WORLD_MOVES`` should be).
Times are the runtime's, not a Pico's (tools/bench/bench_pico.py gives those).
"""

import sys
import time

try:
    _now = time.ticks_us
    _diff = time.ticks_diff
except AttributeError:  # CPython
    def _now():
        return int(time.perf_counter() * 1000000)

    def _diff(a, b):
        return a - b

if sys.implementation.name != "micropython":  # mp_run.mjs puts firmware/ on the path
    import os

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "firmware"))

from cardgames import clubs  # noqa: E402
from cardgames.rng import Rng  # noqa: E402
from players.clubs import kit as kit  # noqa: E402
from players.clubs.heuristic import ClubsHeuristic  # noqa: E402


def positions(n):
    """Up to ``n`` (game, legal) play positions of heuristic games."""
    h = ClubsHeuristic()
    out = []
    seed = 100
    while len(out) < n:
        g = clubs.Clubs(seed=seed)
        k = 0
        while not g.is_over() and g.hand_no <= 1 and len(out) < n:
            legal = g.legal_actions()
            if g.phase == clubs.PH_PLAY:
                k += 1
                if k % 5 == 0 and len(legal) > 1:
                    out.append((g.copy(), legal))
            g.apply(h.choose(g.observation(g.current_player), legal))
        seed += 1
    return out


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    pos = positions(n)
    obs = [(p.observation(p.current_player), legal) for p, legal in pos]
    w = kit.new_game()
    s = kit.new_game()
    rng = Rng(1)
    t_world = t_copy = t_play = t_policy = 0
    policy_moves = 0
    moves = worlds = 0
    for _ in range(rounds):
        for o, legal in obs:
            t0 = _now()
            kit.world(o, rng, w)
            t1 = _now()
            t_world += _diff(t1, t0)
            worlds += 1
            for c in legal[:3]:
                t0 = _now()
                w.copy(s)
                s._apply(c)
                t1 = _now()
                k = kit.playout(s, rng)
                t2 = _now()
                t_copy += _diff(t1, t0)
                t_play += _diff(t2, t1)
                moves += k + 1
            # The same world played out move by move through ``policy`` and
            # the full rules (``Clubs._apply``), its first candidate only.
            w.copy(s)
            s._apply(legal[0])
            t0 = _now()
            k = 0
            while not kit.done(s) and k < kit.MAX_MOVES:
                s._apply(kit.policy(s, rng))
                k += 1
            t_policy += _diff(_now(), t0)
            policy_moves += k
    per = t_play // moves if moves else 0
    print("positions %d rounds %d worlds %d playout moves %d" % (len(obs), rounds, worlds, moves))
    print("playout       %9d us  %6d us per move" % (t_play, per))
    print("copy+apply    %9d us  %6d us per move" % (t_copy, t_copy // moves))
    print("world         %9d us  %6d us per world (%d playout moves)" % (
        t_world, t_world // worlds, t_world // worlds * moves // max(1, t_play)))
    print("policy+apply  %9d us  %6d us per move (%d moves)" % (
        t_policy, t_policy // max(1, policy_moves), policy_moves))
    tot = t_play + t_copy
    print("playout+copy  %9d us  %6d us per move" % (tot, tot // moves))


main()
