"""A real MemoryError in a computer turn, on either runtime.

    node tools/mp/mp_run.mjs tools/mp/memory_error_turn.py   (MicroPython)

(It runs on CPython too, where the allocation usually succeeds: a desktop
overcommits memory. tests/test_memory_error.py covers CPython with a player
that raises MemoryError.)

Starts each game in the app (240x135 frame, virtual clock) and puts in place
of its computer player one that asks for 1.5 GB (``bytearray``) on its first
``FAILS`` decisions before deciding as the heuristic does: a real
MemoryError on MicroPython, where the heap cannot grow that far. Prints per
game and FAILS (1: the retry succeeds; 2: the error screen) one line: the
game, how often the player was asked, the screen shown afterwards, and
whether the position is still the one of the first decision. tests/test_memory_error.py runs it
under MicroPython (Node) and checks the lines.
"""

import gc
import sys

try:
    import framebuf  # noqa: F401
except ImportError:  # CPython: use the simulator's framebuf
    import os

    _root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path[:0] = [os.path.join(_root, "firmware"), os.path.join(_root, "host_sim")]

from app.kit import buttons  # noqa: E402
from app.kit.buttons import ScriptedButtons  # noqa: E402
from app.kit.clock import VirtualClock  # noqa: E402
from app.kit.display import FrameDisplay  # noqa: E402
from app.main import App  # noqa: E402
from players import levels  # noqa: E402

HUGE = (1 << 30) + (1 << 29)  # bytes: more than the port's heap can grow to
KEYS = (buttons.A, buttons.RIGHT, buttons.A, buttons.DOWN, buttons.A)


class Greedy:
    """Asks for HUGE bytes on its first ``fails`` decisions, then plays as
    ``inner`` does."""

    def __init__(self, inner, fails, game):
        self.inner = inner
        self.fails = fails
        self.game = game
        self.calls = 0
        self.seen = None  # the position at the first decision

    def choose(self, obs, legal):
        self.calls += 1
        if self.calls == 1:
            self.seen = self.game.to_text()
        if self.calls <= self.fails:
            buf = bytearray(HUGE)  # MemoryError on MicroPython
            buf[0] = 1
        return self.inner.choose(obs, legal)


def settle(app, clock, limit=20000):
    for _ in range(limit):
        app.step()
        if app.idle():
            return
        dl = app.next_deadline()
        if dl is not None and clock.ticks_diff(dl, clock.ticks_ms()) > 0:
            clock.now = dl
    raise RuntimeError("app never became idle")


def run(name, fails):
    disp = FrameDisplay(240, 135)
    btn = ScriptedButtons()
    clock = VirtualClock()
    app = App(disp, btn, clock, seed=5)
    settle(app, clock)
    while app.game_name() != name:
        btn.push(buttons.RIGHT)
        settle(app, clock)
    btn.push(buttons.A)
    settle(app, clock)
    screen = app.screen
    key = name.lower()
    pl = Greedy(levels.heuristic(key, 1), fails, screen.game)
    if hasattr(screen, "ais"):
        screen.ais = (None, pl)
    else:
        screen.ai = pl
    n = 0
    while pl.calls == 0 and n < 400:
        btn.push(KEYS[n % len(KEYS)])
        settle(app, clock)
        n += 1
    same = screen.game.to_text() == pl.seen
    print("%s fails=%d calls=%d screen=%s unchanged=%s" % (
        name, fails, pl.calls, type(app.screen).__name__, same))
    app = screen = None
    gc.collect()


def main():
    for name in ("Clubbed", "Klaberjass", "Clubs"):
        for fails in (1, 2):
            run(name, fails)


main()
