"""Where a search decision's heap goes, part by part, on MicroPython (Node):

    node tools/mp/mp_run.mjs --step step tools/bench/mem_search_mp.py [GAME [LEVEL [N]]]

GAME is clubbed, klaberjass or clubs (default clubs), LEVEL 1 Normal, 2 Hard
(default) or 3 Expert, N the decisions (default 10). The decisions are those
``tools/bench/bench_pico.py`` times: games from seeds 1, 2, ... with every seat
``levels.make(GAME, LEVEL, seed * 7 + seat)`` (no clock), the decisions the kit
searches. The WebAssembly port collects only between top-level calls, so within
one call ``gc.mem_alloc()`` only grows: its rise over a call is what the call
allocated. Each decision is made as ``Search.choose`` makes it (``begin``,
``step`` until done, ``best``) with the kit's ``world``, ``playout`` and
``value`` wrapped to book their own rise.

Prints one line per part: bytes in all, calls, bytes per call: ``observation``
(``g.observation``, made before the decision, as the app does), ``decision``
(``begin`` + steps + ``best``: the bench's "heap in use" when nothing is
collected), ``prior`` (``begin``, the heuristic's choice included), ``step``
(each playout with its world, copy and first move), ``world``, ``playout``
(and ``playout_moves``: moves, not bytes), ``value``; then ``largest decision``.
"""

import gc
import sys

from players import levels

GAME = sys.argv[1] if len(sys.argv) > 1 else "clubs"
LEVEL = int(sys.argv[2]) if len(sys.argv) > 2 else 2
N = int(sys.argv[3]) if len(sys.argv) > 3 else 10
if GAME not in levels.GAMES or LEVEL not in (1, 2, 3) or N < 1:
    print("usage: mem_search_mp.py [clubbed|klaberjass|clubs [1|2|3 [N >= 1]]]")
    sys.exit(2)
KIT = levels.kit(GAME)
BOOK = {}
S = {"gen": None, "largest": 0}
mem = gc.mem_alloc


def book(key, n):
    t = BOOK.get(key)
    if t is None:
        BOOK[key] = [n, 1]
    else:
        t[0] += n
        t[1] += 1


def _wrap():
    # The kit's parts, each booking what it allocated (fixed arity: a
    # wrapper taking *args would allocate its tuple).
    world = KIT.world
    value = KIT.value
    play = getattr(KIT, "playout", None)

    def world_booked(obs, rng, g):
        m = mem()
        r = world(obs, rng, g)
        book("world", mem() - m)
        return r

    def value_booked(g, seat):
        m = mem()
        r = value(g, seat)
        book("value", mem() - m)
        return r

    def playout_booked(g, rng):
        m = mem()
        r = play(g, rng)
        book("playout", mem() - m)
        book("playout_moves", r)
        return r

    KIT.world = world_booked
    KIT.value = value_booked
    if play is not None:
        KIT.playout = playout_booked


def new_game(seed):
    if GAME == "clubbed":
        from cardgames import clubbed

        return clubbed.Clubbed(seed=seed, dealer=seed % 2)
    if GAME == "klaberjass":
        from cardgames import klaberjass

        return klaberjass.Klaberjass(seed=seed)
    from cardgames import clubs

    return clubs.Clubs(seed=seed)


def decide(pl, obs, legal):
    # One searched decision as Search.choose makes it, booked.
    m = mem()
    searched = going = pl.begin(obs, legal)
    total = mem() - m
    book("prior", total)
    while going:
        m = mem()
        going = pl.step()
        d = mem() - m
        book("step", d)
        total += d
    m = mem()
    a = pl.best() if searched else pl.prior
    total += mem() - m
    book("decision", total)
    if total > S["largest"]:
        S["largest"] = total
    return a


def jobs():
    # Generator of work: each ``next`` is one top-level call (collected after).
    levels.make(GAME, LEVEL, 0)  # the player's modules imported first
    _wrap()
    yield
    n = 0
    seed = 1
    while n < N and seed < 50:
        g = new_game(seed)
        players = {}
        moves = 0
        while not g.is_over() and n < N and moves < 400:
            p = g.current_player
            if p not in players:
                players[p] = levels.make(GAME, LEVEL, seed * 7 + p)
                yield
            legal = g.legal_actions()
            m = mem()
            obs = g.observation(p)
            d = mem() - m
            if len(legal) > 1 and KIT.searchable(obs):
                book("observation", d)
                yield
                a = decide(players[p], obs, legal)
                n += 1
            else:
                a = players[p].choose(obs, legal)
            obs = None
            g.apply(a)
            moves += 1
            yield
        seed += 1
    print("%s level %d, %d decisions: bytes allocated (total, calls, per call)" % (GAME, LEVEL, n))
    for key in ("observation", "decision", "prior", "step", "world", "playout", "playout_moves",
                "value"):
        t = BOOK.get(key)
        if t is not None:
            print("%-14s %9d %6d %8d" % (key, t[0], t[1], t[0] // t[1]))
    print("largest decision %d" % S["largest"])


def step():
    if S["gen"] is None:
        S["gen"] = jobs()
    try:
        next(S["gen"])
    except StopIteration:
        return False
    gc.collect()
    return True
