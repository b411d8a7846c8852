"""The app: owns the screens, the session (seeds, settings, series score) and
the step loop. Hardware is handed in, so the same code runs on the Pico and in
the simulator.

    app = App(display, buttons, clock, seed=1, storage=None)
    app.run()            # on the device: forever
    app.step()           # simulator/tests: one pass (input, timers, redraw)

Settings, statistics, the game in progress and game records live in
``storage`` (see ``app.persist.storage`` and ``app.persist.files``); without one (None)
nothing is kept and no code for it is loaded.
"""

import gc
import sys

from micropython import const

from app import games, modules
from app.kit import places, theme
from app.kit.buttons import A
from cardgames.rng import Rng

FRAME_MS = 20
_HURRY_MS = const(15)  # a thinking computer looks at the buttons this often
# A computer's card lies still this long (scaled by the speed setting) after
# its move ends, before its next action covers it: time to read it.
_SEEN_MS = const(600)


class App:
    """``display``: a FrameDisplay (``fb``, ``width``, ``height``, ``show()``);
    ``buttons``: ``get()`` -> logical button or -1; ``clock``: ``ticks_ms()``,
    ``ticks_diff(a, b)``, ``sleep_ms(ms)``; ``seed``: int for the session's
    deals (the same seed gives the same games); ``storage``: where settings,
    statistics, the saved games and game records are kept (the interface of
    ``app.persist.storage``; None: nothing is kept)."""

    # Defaults until app.persist.files.boot reads the files (see there): the
    # settings, per game the last game counted, the game's number, per game
    # the number of its saved game (0: none), the highest game record's
    # number, a finished game whose count or record waits for a write,
    # storage problems to tell (a list once there are any).
    four = False
    speed = 1
    light = 100
    dim = 60
    sleep = 120  # seconds without a press before the console sleeps (hw.power); 0 never
    battery = None  # ``battery()``: percent left (hw.start: the board's gauge); None: none
    # At or below this percent left the battery is low: the title's line is
    # a warning, and a game tells it once: ``low_battery`` is 0 until then,
    # the percent to tell at your turn (``moved`` reads the gauge), -1 told.
    battery_low = 10
    low_battery = 0
    motion = 1  # cards moving: 0 Slow, 1 Normal, 2 Fast (no motion; app.kit.motion)
    last = (0, 0, 0)
    id = 0
    saves = (0, 0, 0)
    top = 0
    owed = None
    notices = ()
    keep = ()  # files not to write over this session (app.persist.files)
    # The game's save file holds the earlier actions of the game in play
    # (False for a new game: its game's save is of another game).
    in_save = False
    guide = False  # the guided first hand is on (app.hint.guide)
    # ``link_open()``: the link's transport (app.link_screen), set by the
    # runtime that has one (hw.start: the board's UART; host_sim --link).
    link_open = None
    # True where the run loop sleeps on the link's transport while a screen
    # listens (``listening``): its ``wait(ms)`` ends when bytes arrive
    # (hw.start with hw.link_uart). Elsewhere a listening screen is stepped
    # every frame.
    link_wait = False
    link_entropy = None  # ``link_entropy(n)``: n random bytes, else os.urandom
    guided = 0  # bit i: game i's save is a guided hand (the title says so)

    def __init__(self, display, buttons, clock, seed=0, storage=None):
        self.display = display
        self.buttons = buttons
        self.clock = clock
        self.width = display.width
        self.height = display.height
        # The layout, chosen once: ``compact`` for a small (128x64) screen,
        # drawn 1-bit by the app.kit.compact* modules (imported only then);
        # ``tall`` for a square 240x240 one, whose screens use the extra
        # rows; otherwise the 240x135 layout. ``mono``: colours are 0/1.
        self.mono = getattr(display, "mono", False)
        theme.set_mono(self.mono)
        self.compact = self.height < 100 or self.width < 200
        self.tall = not self.compact and self.height >= 200
        self.tall_layout = None
        if self.tall:
            from app.kit import tall

            self.tall_layout = tall
            self.tall_top, self.lower, self.middle = tall.views(display)
        self.rng = Rng(seed)
        # Per game: its variant options, and a session dict the game's screen
        # keeps between games (who deals next, series totals).
        self.options = {}
        self.sessions = {}
        for e in games.GAMES:
            self.options[e.name] = {k: d for k, _, d in e.options}
            self.sessions[e.name] = {}
        self.game_index = 0
        # Difficulty of the computer players: 0 Easy, 1 Normal, 2 Hard
        # (players.levels; Normal by default, set by the Settings screen).
        self.level = 1
        self.last_seed = None
        # A Pico: the levels offered are those fast enough on it
        # (players.levels.offered: no Expert).
        self.device = sys.platform == "rp2"
        self.dirty = True
        # Only the part of the screen its ``draw_part`` draws changed (a
        # cursor move): drawn and pushed alone when nothing else changed.
        self.part = False
        self.rect = bytearray(4)  # draw_part's rectangle: x, y, w, h
        self.held = []  # presses read while the computer thought (hurry)
        self.moving = None  # the cards in flight (an app.kit.motion.Motion)
        self.hurry_at = clock.ticks_ms()
        self.storage = storage
        self.actions = bytearray()  # the game's actions since its last save
        # Whether the pause menu offers Take back: you have decided something
        # in this game (``moved``), or it was resumed or taken back.
        self.undoable = False
        self.your_turn = False  # it was your turn before the next move
        # Settings, the saved games, storage problems...: app.persist.files.boot
        # sets them (see there) from the files; until then the class's.
        if storage is not None:
            from app.persist import files as persist

            persist.boot(self)
            self.persist_done()
        self.screen = None
        self.news = False  # a screen or announcement to put on the glass (see show)
        # The files were read a moment ago (boot): read again, a save that
        # could not be set aside would be told twice.
        self.to_title(reread=False)

    # --- navigation --------------------------------------------------------

    def invalidate(self):
        """Ask for a redraw at the next step."""
        self.dirty = True

    def invalidate_part(self):
        """Ask for a redraw of only what the screen's ``draw_part(fb, rect)``
        draws (a cursor move): at the next step, unless a whole redraw is
        asked for too or cards are moving, that part is drawn over the frame
        and only its rectangle pushed (``show_within``), so a press costs a
        fraction of a whole frame. ``draw_part`` returns False when it cannot
        (the whole frame is drawn then)."""
        self.part = True

    def show(self, screen):
        """Make ``screen`` the current screen (an announcement: see ``announce``)."""
        self.screen = screen
        self.announce()

    def announce(self):
        """Something new to read goes up: a screen, or a banner or summary
        over the current one. Until it has reached the glass no further
        press is handled; then every press begun before is dropped
        (``step``), so a press never acts on what appeared after it began
        (held through a computer's turn, made during the splash)."""
        self.news = True
        self.dirty = True

    def game(self):
        """The ``games.Entry`` picked on the title screen."""
        return games.GAMES[self.game_index]

    def game_name(self):
        """Name of the game picked on the title screen."""
        return self.game().name

    def cycle_game(self, d):
        """Pick the next (d=1) or previous (d=-1) game on the title screen."""
        self.game_index = (self.game_index + d) % len(games.GAMES)

    def to_title(self, reread=True):
        """Back to the title screen (the series score is kept); a game left
        unfinished ("Quit to menu") is offered as Continue from its save
        (the picked game's read again unless ``reread`` is False)."""
        self.screen = None
        modules.drop_games()
        if reread and self.storage is not None:
            from app.persist import files as persist

            persist.reload(self)
            self.persist_done()
        from app.title import TitleScreen

        self.show(TitleScreen(self))
        if self.notices:
            # Said now, over the title (a save found bad by ``reload`` was
            # set aside: the game is gone from the title, and why).
            from app.rules_screen import show_notices

            show_notices(self)

    def show_rules(self, back):
        """The rules of the current game, in a player's words; B returns to
        ``back``."""
        e = self.game()
        # Imported here, not at boot, and dropped at once: the Rules screen
        # reads the text from the rule file a page at a time.
        from app import rules_text
        from app.rules_screen import RulesScreen

        paragraphs = getattr(rules_text, e.rules)
        rules_text = None
        modules.drop("app.rules_text")
        self.show(RulesScreen(self, e.name, paragraphs, back))

    def new_game(self, seed=None):
        """Start a new game of the picked game with its options; the seed is
        drawn from the session's PRNG (a small int below 2**30), or is
        ``seed``: the guided hand's fixed deal (``app.hint``), guided."""
        self.screen = None
        gc.collect()
        e = self.game()
        modules.drop_games(e, "app.title", "app.title_tall", "app.rules_screen")
        mod = modules.load(e.module)
        self.guide = seed is not None
        self.last_seed = seed if self.guide else (self.rng.next16() << 14) ^ self.rng.next16()
        self.actions = bytearray()
        # Above every number counted, saved or recorded (each game's own
        # numbers rise: app.persist.files.complete; no record is written
        # over); at most app.persist.files.MAX_ID, far above any number the
        # files are believed to hold (PLAUSIBLE).
        self.id = min(max(max(self.last), max(self.saves), self.top) + 1, 999999999)
        self.in_save = False
        self.sessions[e.name].pop("hint_or_undo", None)  # no hint or undo yet (app.hint)
        if self.guide:
            self.sessions[e.name]["hint_or_undo"] = 1  # a guided game has help
        screen = mod.start(self, self.last_seed, self.options[e.name])
        self.undoable = False
        self.your_turn = self.yours(screen, getattr(mod, "HUMAN", 0))
        self.show(screen)
        modules.drop("players.levels")  # the players are made
        if self.storage is not None and screen.game.current_player == getattr(mod, "HUMAN", 0):
            # Your first turn comes before any move: the new game replaces
            # its game's save now, as it would at any later turn (App.moved).
            from app.persist import files as persist

            persist.save_game(self, screen, screen.game.current_player)
            self.persist_done()

    def moved(self, screen, action, seat):
        """A game screen applied ``action`` (int 0..255) to ``screen.game``;
        ``seat`` is the human's (-1: record it, do not save yet). Saves the
        game when the human is to move next (a completed turn or trick), and
        counts and records it when it is over. Storage failures become
        notices, never exceptions."""
        self.actions.append(action)  # also without storage: Undo replays them
        if self.your_turn:
            self.undoable = True
        # A seat of -1 is a move within the human's turn (Clubs' first card
        # of a pass): the turn goes on.
        self.your_turn = seat < 0 or self.yours(screen, seat)
        if self.storage is None:
            return
        g = screen.game
        if g.is_over() or g.current_player == seat:
            from app.persist import files as persist

            persist.save_game(self, screen, seat)
            self.persist_done()
            read = self.battery
            if read is not None and not self.low_battery and not g.is_over():
                # Read where the game was just saved: the warning can say so.
                pct = read()
                if pct is not None and pct <= self.battery_low:
                    self.low_battery = pct

    def yours(self, screen, seat):
        """Whether ``screen``'s game waits for the human at ``seat`` to move,
        a banner shown before it or not (``human_turn`` says no while one
        waits for A, and the move after it is still the human's)."""
        return screen.game.current_player == seat and not screen.autoplay

    def persist_done(self):
        """Drop ``app.persist.files`` and ``app.persist.storage`` on MicroPython: the code
        that reads and writes the app's files is imported when needed and is
        in the heap only while it works."""
        modules.drop("app.persist.files", "app.persist.storage")

    def pace(self, ms):
        """``ms`` of computer thinking time scaled by the speed setting."""
        # Slow, Normal, Fast: this % of the screens' pacing.
        return ms * (170, 100, 40)[self.speed] // 100

    def after_seen(self, ms):
        """The pause (``ms`` scaled, as ``pace``) before a computer acts again
        after an action it shows: at least its cards' move and _SEEN_MS
        (scaled) of them lying still, whatever the motion setting (a move
        ends on the first frame after its time: one FRAME_MS more)."""
        return max(self.pace(ms), places.MOVE_MS[self.motion] + FRAME_MS + self.pace(_SEEN_MS))

    # --- loop --------------------------------------------------------------

    def step(self):
        """Handle waiting presses (those ``hurry`` put aside first), run due
        timers, move cards in flight, redraw if needed. Once a press has
        brought something new (``announce``), the presses after it wait for
        the frame, which drops them: they began before it was shown."""
        if self.low_battery > 0 and self.your_turn and not self.news:
            # Told over the table at your turn, never over a computer's.
            from app.rules_screen import show_notices

            self.notices = ["Battery low: %d%% left. Your game is saved: if the console "
                            "goes off, Continue picks it up." % self.low_battery]
            self.low_battery = -1
            show_notices(self, "Battery")
        held = self.held
        while held and not self.news:
            self.screen.on_button(held.pop(0))
        if not self.news:
            b = self.buttons.get()
            while b >= 0:
                self.screen.on_button(b)
                if self.news:
                    break
                b = self.buttons.get()
        now = self.clock.ticks_ms()
        m = self.moving
        if m is not None:
            # A press, or the screen's own timer (the computer's move: it
            # must not think with the move's buffers held), ends the move
            # (app.kit.motion, dropped): the still frame is drawn.
            d = self.screen.deadline()
            if self.dirty or self.part or (d is not None and self.clock.ticks_diff(now, d) >= 0) \
                    or not m.frame(now):
                self.moving = m = None
                self.dirty = True
                modules.drop("app.kit.motion")
        self.screen.update(now)
        if self.part:
            self.part = False
            if not self.dirty and not places.FRAME[1]:
                self._draw_part()
        if self.dirty:
            self.dirty = False
            f = places.FRAME
            if f[1]:
                # The screen cued cards to move (app.kit.places): motion
                # leaves those coming to a place out of the frame drawn now.
                from app.kit import motion

                m = motion.Motion(self)
            f[0] = f[0] % 255 + 1  # the frame's mark (places.mark)
            if self.tall_layout is not None:
                self.tall_layout.draw(self, self.screen, self.display.fb)
            else:
                self.screen.draw(self.display.fb)
            if m is not None:
                if m.begin(now):
                    self.moving = m
                else:
                    modules.drop("app.kit.motion")
            self.display.show()
            if self.news:
                # On the glass now: what was pressed before is spent.
                self.news = False
                self.held = []
                fresh = getattr(self.buttons, "fresh", None)
                if fresh is not None:  # the scripted buttons of tests have none
                    fresh()

    def _draw_part(self):
        # The screen's part, drawn over the frame on the glass (the frame's
        # mark is kept: the cards it does not draw are still where they lie).
        tall = self.tall
        r = self.rect
        if not self.screen.draw_part(self.lower if tall else self.display.fb, r):
            self.dirty = True
            return
        self.display.show_within(r[0], r[1] + (self.tall_top if tall else 0), r[2], r[3])

    def hurry(self):
        """While the computer thinks (a player's ``stop``, see
        players/search.py): True when A has been pressed, which means "move
        now" (the press is used up); other presses are kept for the next
        step, in order. Reads the buttons at most every _HURRY_MS."""
        clock = self.clock
        now = clock.ticks_ms()
        if clock.ticks_diff(now, self.hurry_at) < _HURRY_MS:
            return False
        self.hurry_at = now
        b = self.buttons.get()
        while b >= 0:
            if b == A:
                return True
            self.held.append(b)
            b = self.buttons.get()
        return False

    def next_deadline(self):
        """Clock tick (ms) at which a step is due without input, or None."""
        if self.dirty:
            return self.clock.ticks_ms()
        d = self.screen.deadline()
        m = self.moving
        if m is not None and (d is None or self.clock.ticks_diff(m.deadline(), d) < 0):
            return m.deadline()
        return d

    def listening(self):
        """The link transport whose bytes are due a step now (the screen's
        ``listening()``), or None."""
        f = getattr(self.screen, "listening", None)
        return f() if f is not None else None

    def idle(self):
        """True when nothing is scheduled: the app waits for a button."""
        return not self.dirty and self.moving is None and self.screen.deadline() is None

    def run(self):
        """Step forever, sleeping FRAME_MS between steps (device main loop)."""
        while True:
            self.step()
            self.clock.sleep_ms(FRAME_MS)
