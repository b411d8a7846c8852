"""MicroPython side of tools/bench.py: run with

    node tools/mp_run.mjs --step step [--path build] tools/bench_mp.py core|app

Each call of ``step`` is a separate top-level call of the runtime, which is
where its garbage collector can reclaim memory, so live-heap figures are taken
at the start of a step (``gc.collect()`` then ``gc.mem_alloc()``). Prints
``key value`` lines that bench.py reads.
"""

import gc
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "core"
S = {"phase": 0}


def live():
    gc.collect()
    return gc.mem_alloc()


def _random_game(seed, clubbed, Rng, record=None):
    g = clubbed.Clubbed(seed=seed, dealer=seed % 2)
    r = Rng(seed)
    n = 0
    while not g.is_over():
        a = r.choice(g.legal_actions())
        if record is not None:
            record.append(a)
        g.apply(a)
        n += 1
    return n


def step_core():
    ph = S["phase"]
    if ph == 0:
        from cardgames import clubbed  # noqa: F401
        from cardgames.rng import Rng  # noqa: F401
    elif ph == 1:
        S["base"] = live()
        from cardgames import clubbed
        from cardgames.rng import Rng

        g = clubbed.Clubbed(seed=12345)
        r = Rng(7)
        for _ in range(12):
            g.apply(r.choice(g.legal_actions()))
        S["game"] = g
        S["mid_text"] = g.to_text()
    elif ph == 2:
        print("state_bytes", live() - S["base"])
        print("mid_position", S["mid_text"])
        S["game"] = None
    elif ph == 3:
        from cardgames import clubbed
        from cardgames.rng import Rng

        acts = []
        _random_game(99, clubbed, Rng, acts)
        S["acts"] = acts
    elif ph == 4:
        from cardgames import clubbed

        acts = S["acts"]
        g = clubbed.Clubbed(seed=99, dealer=1)
        m0 = gc.mem_alloc()
        for a in acts:
            g.apply(a)
        m1 = gc.mem_alloc()
        print("alloc_per_move", (m1 - m0) // len(acts), len(acts))
    elif ph < 10:
        from cardgames import clubbed
        from cardgames.rng import Rng

        t0 = time.ticks_ms()
        k = 0
        moves = 0
        while time.ticks_diff(time.ticks_ms(), t0) < 1000:
            moves += _random_game(1000 * ph + k, clubbed, Rng)
            k += 1
        ms = time.ticks_diff(time.ticks_ms(), t0)
        print("playouts", k, ms, moves)
    else:
        return False
    S["phase"] = ph + 1
    return True


def step_app():
    ph = S["phase"]
    if ph == 0:
        S["base"] = live()
    elif ph == 1:
        from app.buttons import ScriptedButtons
        from app.clock import VirtualClock
        from app.display import FrameDisplay
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
