"""MicroPython side of tools/bench/bench_search.py: run with

    node tools/mp/mp_run.mjs --step step --path firmware --path PYSTONE_DIR \
        tools/bench/bench_search_mp.py DECISIONS

(PYSTONE_DIR holds micropython-lib's ``pystone_lowmem.py``, which
bench_search.py fetches.) It runs pystone in this same process (a warm-up
pass, then the measured one) at the start and at the end; in between, per game and level, it plays
heuristic games and at each decision that level really decides (a choice
to make; for search levels one they search) it times the decision and
measures memory, until DECISIONS decisions per game and level.

The WebAssembly port reclaims memory only between top-level calls, so a
search decision is split into calls (``begin``, one call per ``step`` -- one
world each -- and ``best``): the live heap is taken after ``gc.collect()`` at
the start of each call, and ``gc.mem_alloc()`` at its end bounds the peak
within it from above (nothing is reclaimed inside a call). Bytes allocated
per decision add up the growth within each call. Time per decision is taken
separately, the decision made in one go (``choose``), with ``time.ticks_ms``.

Prints ``key value...`` lines for bench_search.py.
"""

import gc
import sys
import time

DECISIONS = int(sys.argv[1]) if len(sys.argv) > 1 else 12
GAMES = tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else ("clubbed", "klaberjass", "clubs")
S = {"i": 0, "todo": None}


def live():
    gc.collect()
    return gc.mem_alloc()


def new_game(game, seed):
    if game == "clubbed":
        from cardgames import clubbed

        return clubbed.Clubbed(seed=seed, dealer=seed % 2)
    if game == "klaberjass":
        from cardgames import klaberjass

        return klaberjass.Klaberjass(seed=seed)
    from cardgames import clubs

    return clubs.Clubs(seed=seed)


def positions(game, n):
    """Up to ``n`` positions (to_text) where the seat to move has a choice
    the search levels search, from heuristic games of seeds 100, 101, ...,
    taking every third such decision."""
    from players import levels

    h = levels.heuristic(game)
    kit = levels.kit(game)
    out = []
    seed = 100
    k = 0
    while len(out) < n:
        g = new_game(game, seed)
        while not g.is_over() and len(out) < n:
            p = g.current_player
            o = g.observation(p)
            legal = g.legal_actions()
            if len(legal) > 1 and kit.searchable(o):
                if k % 3 == 0:
                    out.append(g.to_text())
                k += 1
            g.apply(h.choose(o, legal))
        seed += 1
    return out


def load(game, text):
    from cardgames import clubbed_text, clubs_text, klaberjass_text

    mod = {"clubbed": clubbed_text, "klaberjass": klaberjass_text, "clubs": clubs_text}[game]
    return mod.from_text(text)


def jobs():
    # One generator of work items: each ``next`` is one top-level call.
    from players import levels

    yield from pystone()
    for game in GAMES:
        texts = positions(game, DECISIONS)
        yield
        base_mod = live()
        levels.make(game, 2, 0)  # import the game's player modules
        print("code", game, live() - base_mod)
        yield
        for level in range(3):
            t_total = 0
            t_max = 0
            alloc_total = 0
            peak = 0
            iters = 0
            moves = 0
            for text in texts:
                g = load(game, text)
                p = g.current_player
                legal = g.legal_actions()
                # Time: the decision in one go.
                pl = levels.make(game, level, 7)
                obs = g.observation(p)
                t0 = time.ticks_ms()
                pl.choose(obs, legal)
                dt = time.ticks_diff(time.ticks_ms(), t0)
                t_total += dt
                t_max = max(t_max, dt)
                pl = None
                obs = None
                yield
                # Memory: the same decision, call by call.
                base = live()
                pl = levels.make(game, level, 7)
                obs = g.observation(p)
                m0 = gc.mem_alloc()
                if level == 0:
                    pl.choose(obs, legal)
                    m1 = gc.mem_alloc()
                    alloc_total += m1 - m0
                    peak = max(peak, m1 - base)
                else:
                    searching = pl.begin(obs, legal)
                    m1 = gc.mem_alloc()
                    alloc_total += m1 - m0
                    peak = max(peak, m1 - base)
                    while searching:
                        yield
                        m0 = live()
                        peak = max(peak, m0 - base)
                        searching = pl.step()
                        m1 = gc.mem_alloc()
                        alloc_total += m1 - m0
                        peak = max(peak, m1 - base)
                    iters += pl.done_iters
                    moves += pl.moves
                    yield
                    m0 = live()
                    pl.best()
                    m1 = gc.mem_alloc()
                    alloc_total += m1 - m0
                    peak = max(peak, m1 - base)
                pl = None
                obs = None
                g = None
                yield
            n = len(texts)
            print("level", game, level, n, t_total, alloc_total // n, peak, iters, moves, t_max)
            yield
    yield from pystone()


def pystone():
    # Pystone in this process: a warm-up pass, then a measured one; run at the
    # start and at the end (the machine may be busier at times: bench_search.py
    # takes the faster, which makes the Pico estimate the more cautious).
    import pystone_lowmem

    pystone_lowmem.pystones(2000)
    loops = 20000
    t0 = time.ticks_ms()
    pystone_lowmem.pystones(loops)
    print("pystone", loops, time.ticks_diff(time.ticks_ms(), t0))
    yield


def step():
    if S["todo"] is None:
        S["todo"] = jobs()
    try:
        next(S["todo"])
    except StopIteration:
        print("done")
        return False
    return True
