"""The app: owns the screens, the session (seeds, settings, series score) and
the step loop. Hardware is handed in, so the same code runs on the Pico and in
the simulator.

    app = App(display, buttons, clock, seed=1)
    app.run()            # on the device: forever
    app.step()           # simulator/tests: one pass (input, timers, redraw)
"""

import gc

from app import rules_text
from app.clubbed_screen import NAMES, ClubbedScreen
from app.result_screen import ResultScreen
from app.rules_screen import RulesScreen
from app.title import TitleScreen
from cardgames.rng import Rng

GAMES = ("Clubbed",)
FRAME_MS = 20


class App:
    """``display``: a FrameDisplay (``fb``, ``width``, ``height``, ``show()``);
    ``buttons``: ``get()`` -> logical button or -1; ``clock``: ``ticks_ms()``,
    ``ticks_diff(a, b)``, ``sleep_ms(ms)``; ``seed``: int for the session's
    deals (the same seed gives the same games)."""

    def __init__(self, display, buttons, clock, seed=0):
        self.display = display
        self.buttons = buttons
        self.clock = clock
        self.width = display.width
        self.height = display.height
        self.rng = Rng(seed)
        self.settings = {"refill": True}
        self.game_index = 0
        self.series = [0, 0]
        self.games = 0
        self.dealer = 1
        self.deals = 0
        self.last_seed = None
        self.dirty = True
        self.screen = TitleScreen(self)

    # --- navigation --------------------------------------------------------

    def invalidate(self):
        """Ask for a redraw at the next step."""
        self.dirty = True

    def show(self, screen):
        """Make ``screen`` the current screen."""
        self.screen = screen
        self.dirty = True

    def game_name(self):
        """Name of the game picked on the title screen."""
        return GAMES[self.game_index]

    def cycle_game(self, d):
        """Pick the next (d=1) or previous (d=-1) game on the title screen."""
        self.game_index = (self.game_index + d) % len(GAMES)

    def to_title(self):
        """Back to the title screen (the series score is kept)."""
        self.show(TitleScreen(self))
        gc.collect()

    def show_rules(self, back):
        """The rule summary of the current game; B returns to ``back``."""
        self.show(RulesScreen(self, "Rules: Clubbed", rules_text.CLUBBED, back))

    def new_game(self):
        """Deal a new game; the deal alternates between games (CB-1)."""
        self.screen = None
        gc.collect()
        if self.deals:
            self.dealer = 1 - self.dealer
        self.deals += 1
        self.last_seed = (self.rng.next16() << 14) ^ self.rng.next16()
        self.show(ClubbedScreen(self, self.last_seed, self.dealer, self.settings["refill"],
                                self._game_over))

    def _game_over(self, game):
        result = game.result()
        counts = (game.collected(0), game.collected(1))
        self.games += 1
        # CB-10: a series keeps a running total of collected cards.
        self.series[0] += counts[0]
        self.series[1] += counts[1]
        self.show(ResultScreen(self, result, counts, tuple(self.series), self.games, NAMES))

    # --- loop --------------------------------------------------------------

    def step(self):
        """Handle waiting presses, run due timers, redraw if needed."""
        b = self.buttons.get()
        while b >= 0:
            self.screen.on_button(b)
            b = self.buttons.get()
        self.screen.update(self.clock.ticks_ms())
        if self.dirty:
            self.dirty = False
            self.screen.draw(self.display.fb)
            self.display.show()

    def next_deadline(self):
        """Clock tick (ms) at which a step is due without input, or None."""
        if self.dirty:
            return self.clock.ticks_ms()
        return self.screen.deadline()

    def idle(self):
        """True when nothing is scheduled: the app waits for a button."""
        return not self.dirty and self.screen.deadline() is None

    def run(self):
        """Step forever, sleeping FRAME_MS between steps (device main loop)."""
        while True:
            self.step()
            self.clock.sleep_ms(FRAME_MS)
