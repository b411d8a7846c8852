"""Match engine of tools/ai/arena.py, shared by CPython and MicroPython.

tools/ai/arena.py imports it on CPython; with ``--micropython`` it runs it as a
script under MicroPython (Node):

    node tools/mp/mp_run.mjs --step step tools/ai/arena_mp.py GAME PLAYER_A PLAYER_B DEALS SEED

Each ``step()`` is one top-level call of the runtime (where its garbage
collector reclaims memory) and plays one game, printing one line
``game PAIR SWAP R_A POINTS_A POINTS_B FINISHED`` (all ints; see play_game).
Integer arithmetic only: the statistics are computed on the CPython side.

Duplicate form: deal pair k uses seed SEED + k for both of its games (so the
same cards and the same first dealer); in game SWAP=0 player A sits in seat 0
(Clubs: seats 0 and 2, partnership 0), in game SWAP=1 in seat 1 (Clubs: seats
1 and 3, partnership 1); B takes the other seat(s).

Players come from PLAYERS: a name mapped to ``factory(game, seed) -> player``
(``player.choose(obs, legal)``). A new level (say "search") plugs in with
``register("search", factory)`` or one more entry below.
"""

import sys

GAMES = ("clubbed", "klaberjass", "clubs")
# A Clubs game still running after this many hands stops unfinished and
# counts as a draw (random partnerships can wander without reaching 42).
MAX_HANDS = 200


def _random(game, seed):
    from players.random_player import RandomPlayer

    return RandomPlayer(seed)


def _heuristic(game, seed):
    if game == "clubbed":
        from players.clubbed.heuristic import ClubbedHeuristic

        return ClubbedHeuristic(seed)
    if game == "klaberjass":
        from players.klaberjass.heuristic import KlaberjassHeuristic

        return KlaberjassHeuristic(seed)
    from players.clubs.heuristic import ClubsHeuristic

    return ClubsHeuristic(seed)


def _prior(game, seed):
    # The search levels' prior alone: the kit's ``prior`` (Clubbed: the
    # heuristic with its PRIOR weights), else the heuristic.
    from players import levels

    kit = levels.kit(game)
    return kit.prior(seed) if hasattr(kit, "prior") else _heuristic(game, seed)


def _level(level):
    def factory(game, seed):
        from players import levels

        return levels.make(game, level, seed)

    return factory


PLAYERS = {
    "random": _random,
    "heuristic": _heuristic,
    "prior": _prior,
    "easy": _level(0),
    "normal": _level(1),
    "hard": _level(2),
    "expert": _level(3),
}


def register(name, factory):
    """Add (or replace) a player level: ``factory(game, seed) -> player``."""
    PLAYERS[name] = factory


def make_player(name, game, seed):
    """A new player of level ``name`` for ``game``. Raises ValueError for an
    unknown level or game."""
    if game not in GAMES:
        raise ValueError("unknown game %r (one of %s)" % (game, ", ".join(GAMES)))
    if name not in PLAYERS:
        raise ValueError("unknown player %r (one of %s)" % (name, ", ".join(sorted(PLAYERS))))
    return PLAYERS[name](game, seed)


def new_game(game, seed):
    """The game dealt from ``seed``; the first dealer follows from the seed."""
    if game == "clubbed":
        from cardgames import clubbed

        return clubbed.Clubbed(seed=seed, dealer=seed % 2)
    if game == "klaberjass":
        from cardgames import klaberjass

        return klaberjass.Klaberjass(seed=seed)
    if game == "clubs":
        from cardgames import clubs

        return clubs.Clubs(seed=seed)
    raise ValueError("unknown game %r" % (game,))


def seating(game, swap):
    """Seats of player A in game ``swap`` (0 or 1) of a deal pair."""
    if game == "clubs":
        return (0, 2) if swap == 0 else (1, 3)
    return (swap,)


def points(g, game, seat):
    """Points of ``seat``'s side at the end: Clubbed collected cards (fewer
    is better), Klaberjass and Clubs the final (team) score."""
    if game == "clubbed":
        return g.collected(seat)
    if game == "clubs":
        return g.scores[seat & 1]
    return g.scores[seat]


def play_game(game, name_a, name_b, seed, swap):
    """Plays one game; returns ``(r_a, points_a, points_b, finished)``: A's
    result (+1 win, 0 draw, -1 loss), both sides' points, and 0 for a Clubs
    game stopped after MAX_HANDS hands (counted a draw), else 1.

    Every player gets its own seed, the same in both games of a pair:
    ``8 * seed + 4 * side + member`` (side 0 for A, 1 for B; member 0 or 1
    for the Clubs partners).
    """
    g = new_game(game, seed)
    a_seats = seating(game, swap)
    n = 4 if game == "clubs" else 2
    players = [None] * n
    for s in range(n):
        side = 0 if s in a_seats else 1
        name = name_a if side == 0 else name_b
        players[s] = make_player(name, game, 8 * seed + 4 * side + s // 2)
    while not g.is_over():
        if game == "clubs" and g.hand_no > MAX_HANDS:
            break
        p = g.current_player
        g.apply(players[p].choose(g.observation(p), g.legal_actions()))
    a = a_seats[0]
    b = 1 - a
    if not g.is_over():
        return 0, points(g, game, a), points(g, game, b), 0
    return g.result()[a], points(g, game, a), points(g, game, b), 1


def game_line(pair, swap, rec):
    """The text line of one game (what the MicroPython side prints)."""
    return "game %d %d %d %d %d %d" % ((pair, swap) + tuple(rec))


S = {"k": 0}


def step():
    """Plays game ``S['k']`` (pair k // 2, swap k % 2) and prints its line;
    False when all games are done."""
    k = S["k"]
    if k >= 2 * S["deals"]:
        print("done %d" % k)
        return False
    pair = k // 2
    swap = k % 2
    rec = play_game(S["game"], S["a"], S["b"], S["seed"] + pair, swap)
    print(game_line(pair, swap, rec))
    S["k"] = k + 1
    return True


def _usage(why):
    print("arena_mp.py: %s (usage: arena_mp.py GAME PLAYER_A PLAYER_B DEALS SEED)" % why)
    sys.exit(2)


def _args(argv):
    # Under MicroPython there is no argparse: the checks arena.py's parser makes.
    if len(argv) != 6:
        _usage("five arguments are needed")
    if argv[1] not in GAMES:
        _usage("unknown game %r (one of %s)" % (argv[1], ", ".join(GAMES)))
    for name in argv[2:4]:
        if name not in PLAYERS:
            _usage("unknown player %r" % name)
    try:
        deals, seed = int(argv[4]), int(argv[5])
    except ValueError:
        _usage("DEALS and SEED must be integers")
    if deals < 1:
        _usage("DEALS must be at least 1")
    S["game"], S["a"], S["b"], S["deals"], S["seed"] = argv[1], argv[2], argv[3], deals, seed


if __name__ == "__main__" and len(sys.argv) > 1:
    _args(sys.argv)
    make_player(S["a"], S["game"], 0)
    make_player(S["b"], S["game"], 0)
