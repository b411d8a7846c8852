"""The soak harness: an App on the simulator's pieces (virtual clock, scripted
buttons, a display whose frame takes every drawing call and checks its
arguments), fed seeded random button presses across every screen and game,
with reboots in between (a new App on the same storage, as after a power
cut), and a count of every game seen to finish.

    s = Soak(seed=1, root=tmp_path)
    s.run(10_000)              # presses; reboots every few hundred
    s.finished                 # {"Clubbed": [result tuple, ...], ...}
    s.helped                   # {"Clubbed": [True if a hint was used, ...], ...}

Used by tests/test_soak.py; ``python tests/soak.py PRESSES [SEED]`` runs one
from the command line and prints what it saw.
"""

import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "firmware"), ROOT, os.path.join(ROOT, "host_sim")):
    if p not in sys.path:
        sys.path.insert(0, p)

from app.kit import buttons  # noqa: E402
from app.kit.buttons import ScriptedButtons  # noqa: E402
from app.kit.clock import VirtualClock  # noqa: E402
from app.kit.display import FrameDisplay  # noqa: E402
from app.main import App  # noqa: E402

# Press weights: A most (it plays, picks and confirms), B less (it pauses
# and leaves games), arrows to move cursors and pick games; now and then a
# code no button has (a driver glitch), which the app must ignore.
PRESSES = ((buttons.A, 30), (buttons.B, 6), (buttons.LEFT, 14), (buttons.RIGHT, 18),
           (buttons.UP, 9), (buttons.DOWN, 12), (6, 1), (-5, 1), (99, 1))  # fmt: skip
# The run alternates stretches of such presses ("chaos") with stretches in
# which B is never pressed on a game's screen ("play"), so that games also
# get played to their end: B opens the pause menu, whose UP/DOWN and A soon
# leave the game.
CHAOS_SHARE = 30  # percent of stretches
STRETCH = (30, 600)  # presses in a stretch


class NullFB:
    """A frame that takes every FrameBuffer call at once, insisting on int
    arguments (floats and bools would raise on MicroPython's framebuf)."""

    def __getattr__(self, name):
        def call(*args):
            for a in args:
                if isinstance(a, float | bool):
                    raise AssertionError("fb.%s%r: not an int" % (name, args))
            return 0

        return call


class DrawSampler:
    """Stands in for the app's ``tall_layout`` (App.step hands every redraw
    to it when set) so that only a sample of the redraws is drawn: drawing
    is most of the time a press costs, and the soak is about what presses
    do. ``on`` says whether this press's redraws are drawn; ``real`` is the
    app's own tall layout (or None)."""

    def __init__(self, real):
        self.real = real
        self.on = True
        self.draws = 0

    def draw(self, app, screen, fb):
        if not self.on:
            return
        self.draws += 1
        if self.real is not None:
            self.real.draw(app, screen, fb)
        else:
            screen.draw(fb)


class Soak:
    """One soak run. ``seed`` drives the presses, the reboots and the apps'
    seeds; ``root`` is the folder the apps' storage lives in (kept across
    reboots); ``size`` the screen (240x135; 128x64 for the compact layout);
    ``reboot_every`` the range of presses between reboots; ``draw_rate``
    the share of presses whose redraws are drawn. The computer players'
    search budgets are cut to ``search_work`` playout moves, to keep the
    run short (their code runs all the same)."""

    SETTLE_LIMIT = 20000

    def __init__(self, seed, root, size=(240, 135), reboot_every=(100, 2000), draw_rate=0.05,
                 search_work=8):
        from players import levels

        n = len(levels.GAMES)
        levels.NORMAL_WORK = (search_work,) * n
        levels.HARD_WORK = (search_work,) * n
        self.draw_rate = draw_rate
        self.draws = 0
        self.rnd = random.Random(seed)
        self.root = str(root)
        self.size = size
        self.reboot_every = reboot_every
        self.buttons = [b for b, _ in PRESSES]
        self.weights = [w for _, w in PRESSES]
        self.weights_play = [0 if b == buttons.B else w for b, w in PRESSES]
        self.chaos = True
        self.stretch = 0
        self.clock = VirtualClock()
        self.presses = 0
        self.reboots = 0
        self.steps = 0
        self.screens = set()  # names of the screen classes seen
        self.finished = {}  # game name -> results (seat 0's view) of games seen to end
        self.helped = {}  # game name -> for each of those, whether it ended with help
        self._over = None  # the finished game last counted
        self.app = None
        self.boot()

    # --- the device -----------------------------------------------------------

    def boot(self):
        """A fresh App on the same storage, as after a power cut: nothing of
        the last one but what it stored survives."""
        if self.app is not None:
            self.draws += self.sampler.draws
        self.app = None
        self._over = None
        w, h = self.size
        disp = FrameDisplay(w, h, h < 100)
        disp.fb = NullFB()
        self.btn = ScriptedButtons()
        self.app = make_app(disp, self.btn, self.clock, self.rnd.getrandbits(29), self.root)
        self.sampler = DrawSampler(self.app.tall_layout)
        self.app.tall_layout = self.sampler
        self.settle()

    def settle(self):
        """Step the app until it waits for a button, jumping the virtual
        clock to each deadline; observe every step."""
        app = self.app
        clock = self.clock
        for _ in range(self.SETTLE_LIMIT):
            app.step()
            self.steps += 1
            self.observe()
            if app.idle() and not self.btn.queue:
                return
            dl = app.next_deadline()
            clock.now = dl if dl is not None and dl > clock.now else clock.now + 16
        raise AssertionError("app never became idle on %s" % type(app.screen).__name__)

    def observe(self):
        """Note the screen, and a game on it that has just ended."""
        scr = self.app.screen
        self.screens.add(type(scr).__name__)
        g = getattr(scr, "game", None)
        if g is None or g is self._over or not g.is_over():
            return
        self._over = g
        self.finished.setdefault(g.name, []).append(g.result())
        # The pause menu's Hint row is among what the presses reach; a game
        # ends helped if its session says so then (the save that counts it
        # carries the session: app.persist.files).
        helped = bool(self.app.sessions[g.name].get("hint_or_undo"))
        self.helped.setdefault(g.name, []).append(helped)

    # --- the run ----------------------------------------------------------------

    def run(self, presses):
        """``presses`` random presses, rebooting now and then."""
        lo, hi = self.reboot_every
        until_reboot = self.rnd.randint(lo, hi)
        for _ in range(presses):
            if self.stretch == 0:
                self.chaos = self.rnd.randrange(100) < CHAOS_SHARE
                self.stretch = self.rnd.randint(*STRETCH)
            self.stretch -= 1
            on_game = getattr(self.app.screen, "game", None) is not None
            weights = self.weights if self.chaos or not on_game else self.weights_play
            b = self.rnd.choices(self.buttons, weights)[0]
            self.sampler.on = self.rnd.random() < self.draw_rate
            self.btn.push(b)
            self.settle()
            self.presses += 1
            until_reboot -= 1
            if until_reboot == 0:
                self.reboots += 1
                self.boot()
                until_reboot = self.rnd.randint(lo, hi)

    def games_finished(self):
        """{game name: number of games seen to end}."""
        return {k: len(v) for k, v in self.finished.items()}

    def tally(self):
        """What the statistics should say about the games seen to end, in
        the order they ended: {game name: [played, won, lost, drawn, current
        streak of wins, best streak, played with help, won with help]} (seat
        0's result: the human's, or in Clubs the human's team's)."""
        out = {}
        for name, results in self.finished.items():
            won = lost = streak = best = 0
            helped = self.helped[name]
            for r in results:
                if r[0] > 0:
                    won += 1
                    streak += 1
                    best = max(best, streak)
                else:
                    lost += r[0] < 0
                    streak = 0
            n = len(results)
            won_helped = sum(1 for r, h in zip(results, helped, strict=True) if h and r[0] > 0)
            out[name] = [n, won, lost, n - won - lost, streak, best, sum(helped), won_helped]
        return out


def make_app(disp, btn, clock, seed, root):
    """An App with its storage (settings, statistics, saved game, records)
    in folder ``root``."""
    from host_sim.storage import FolderStorage

    return App(disp, btn, clock, seed=seed, storage=FolderStorage(root))


def stats(root):
    """The statistics the apps kept in folder ``root``: {game: [played, won,
    lost, drawn, streak, best, played with help, won with help]} (app.persist.files)."""
    from app.persist import files as persist
    from host_sim.storage import FolderStorage

    class Reader:  # what read_stats uses of an App
        storage = FolderStorage(root)
        keep = ()  # files not to write over (none: this only reads)
        notices = []

    return persist.read_stats(Reader())


def main(argv):
    """``PRESSES [SEED]`` (whole numbers, PRESSES at least 1): one soak run,
    its figures printed. Bad usage prints one line and exits 2."""
    import tempfile
    import time

    try:
        if len(argv) > 2:
            raise ValueError
        n = int(argv[0]) if argv else 10000
        seed = int(argv[1]) if len(argv) > 1 else 1
        if n < 1:
            raise ValueError
    except ValueError:
        print("usage: python tests/soak.py [PRESSES [SEED]] (whole numbers, PRESSES >= 1)",
              file=sys.stderr)
        sys.exit(2)
    with tempfile.TemporaryDirectory() as root:
        t = time.time()
        s = Soak(seed, root)
        s.run(n)
        dt = time.time() - t
    print("%d presses, %d steps, %d draws, %d reboots in %.1f s"
          % (s.presses, s.steps, s.draws + s.sampler.draws, s.reboots, dt))
    print("games finished:", s.games_finished())
    print("of those with help:", {k: sum(v) for k, v in s.helped.items()})
    print("screens seen:", " ".join(sorted(s.screens)))


if __name__ == "__main__":
    main(sys.argv[1:])
