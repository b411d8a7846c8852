"""Two apps play a whole link game on their Link play screens, driven by
presses only (A for every move), over an in-memory line: prints the seed,
the moves, both records' moves and results and the last screen rows, for
tests/test_link_screen.py to compare between CPython and MicroPython.

    python tools/mp/link_screens.py [clubbed|klaberjass|clubs]
    node tools/mp/mp_run.mjs tools/mp/link_screens.py klaberjass
"""

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
from app.persist.storage import MemoryStorage, decode  # noqa: E402
from cardgames.rng import Rng  # noqa: E402

GAMES = ("clubbed", "klaberjass", "clubs")


class Line:
    """Bytes written arrive at the next read."""

    def __init__(self):
        self.data = bytearray()


class Port:
    def __init__(self, rx, tx):
        self.rx = rx
        self.tx = tx

    def readinto(self, buf):
        d = self.rx.data
        n = min(len(buf), len(d))
        buf[:n] = d[:n]
        self.rx.data = d[n:]
        return n

    def write(self, data):
        self.tx.data.extend(data)


def main(game):
    rng = Rng(7)
    clock = VirtualClock()
    ab = Line()
    ba = Line()
    cons = []
    for seed, port in ((1, Port(ba, ab)), (2, Port(ab, ba))):
        btn = ScriptedButtons()
        st = MemoryStorage()
        app = App(FrameDisplay(128, 64, True), btn, clock, seed=seed, storage=st)
        app.motion = 2
        app.link_open = (lambda p: lambda: p)(port)
        app.link_entropy = lambda n: bytes([rng.below(256) for _ in range(n)])
        cons.append((app, btn, st))
    script = (["DOWN"] * 4 + ["A", "A"] + ["DOWN"] * GAMES.index(game) + ["A"],
              ["DOWN"] * 4 + ["A", "DOWN", "A"])
    for i in range(2):
        for k in script[i]:
            cons[i][1].push(buttons.from_name(k))
    while clock.now < 7200000:
        for app, btn, _ in cons:
            app.step()
            s = app.screen
            lg = getattr(s, "lg", None)
            if lg is not None and not btn.queue and (not s.shown_rules or s._legal()):
                btn.push(buttons.A)
        lgs = [getattr(c[0].screen, "lg", None) for c in cons]
        if lgs[0] is not None and lgs[1] is not None and lgs[0].kept and lgs[1].kept:
            break
        clock.now += 10
    h = lgs[0].session
    print("seed", h.seed, lgs[1].session.seed)
    print("moves", h.count, " ".join(str(a) for a in h.moves()))
    for app, _, st in cons:
        r = decode(st.read("l1"), "record")
        print(r["game"], r["link"], r["you"], r["seed"], r["act"], r["res"])
        print("rows", "|".join(row[0] for row in app.screen._rows()))


game = sys.argv[1] if len(sys.argv) > 1 else "klaberjass"
if game not in GAMES:
    print("link_screens.py: the game is one of %s, not %r" % (", ".join(GAMES), game),
          file=sys.stderr)
    sys.exit(2)
main(game)
