"""MicroPython side of tools/bench/bench.py: run with

    node tools/mp/mp_run.mjs --step step [--path build] tools/bench/bench_mp.py core GAME|app

GAME is clubbed, klaberjass or clubs. Each call of ``step`` is a separate
top-level call of the runtime, which is where its garbage collector can
reclaim memory, so live-heap figures are taken at the start of a step
(``gc.collect()`` then ``gc.mem_alloc()``); allocation per move is the growth
of ``gc.mem_alloc()`` while moves are applied within one call (nothing is
reclaimed inside a call). Prints ``key value...`` lines that bench.py reads.
"""

import gc
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "core"
GAME = sys.argv[2] if len(sys.argv) > 2 else "clubbed"
S = {"phase": 0}


def live():
    gc.collect()
    return gc.mem_alloc()


def new_game(seed):
    """A game of GAME from ``seed`` (first dealer from the seed too)."""
    if GAME == "clubbed":
        from cardgames import clubbed

        return clubbed.Clubbed(seed=seed, dealer=seed % 2)
    if GAME == "klaberjass":
        from cardgames import klaberjass

        return klaberjass.Klaberjass(seed=seed)
    from cardgames import clubs

    return clubs.Clubs(seed=seed)


def random_moves(g, rng, n, record=None):
    """Apply up to ``n`` random legal actions; returns how many were applied."""
    k = 0
    while k < n and not g.is_over():
        a = rng.choice(g.legal_actions())
        if record is not None:
            record.append(a)
        g.apply(a)
        k += 1
    return k


def step_core():
    from cardgames.rng import Rng

    ph = S["phase"]
    if ph == 0:
        new_game(1)  # import the modules before the baseline
    elif ph == 1:
        S["base"] = live()
        g = new_game(12345)
        random_moves(g, Rng(7), 12)
        S["game"] = g
    elif ph == 2:
        print("state_bytes", live() - S["base"])
        S["game"] = None
    elif ph == 3:
        acts = []
        random_moves(new_game(99), Rng(99), 400, acts)
        S["acts"] = acts
    elif ph == 4:
        acts = S["acts"]
        g = new_game(99)
        m0 = gc.mem_alloc()
        for a in acts:
            g.apply(a)
        m1 = gc.mem_alloc()
        print("alloc_per_move", (m1 - m0) // len(acts), len(acts))
        S["acts"] = None
    elif ph < 10:
        # Random playouts for about a second per step: whole games (hands
        # for Clubs, where random play rarely reaches 42).
        t0 = time.ticks_ms()
        k = 0
        while time.ticks_diff(time.ticks_ms(), t0) < 1000:
            seed = 1000 * ph + k
            g = new_game(seed)
            rng = Rng(seed)
            if GAME == "clubs":
                hand = g.hand_no
                while g.hand_no == hand and not g.is_over():
                    random_moves(g, rng, 1)
            else:
                random_moves(g, rng, 100000)
            k += 1
        print("playouts", k, time.ticks_diff(time.ticks_ms(), t0))
    else:
        return False
    S["phase"] = ph + 1
    return True


def step_app():
    ph = S["phase"]
    if ph == 0:
        S["base"] = live()
    elif ph == 1:
        from app.kit.buttons import ScriptedButtons
        from app.kit.clock import VirtualClock
        from app.kit.display import FrameDisplay
        from app.main import App

        S["app"] = App(FrameDisplay(240, 135), ScriptedButtons(), VirtualClock(), seed=1)
        S["app"].step()
    elif ph == 2:
        print("app_bytes", live() - S["base"])
    else:
        return False
    S["phase"] = ph + 1
    return True


def step():
    return step_app() if MODE == "app" else step_core()
