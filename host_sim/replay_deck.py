"""The replay you control, and the list of records to pick one from.

``Replays`` is what the window and the terminal run for ``python -m host_sim
replay`` (their ``control``): it is stepped like an app and takes the keys
itself. It shows either the list of saved records (``RecordList``, drawn on
the panel with the app's own kit, so every front end and the text view
show it) or one record played back (``Deck``).

A deck plays the record's game on its screen (``replay_app_class``: every
seat's move from the record, nothing saved) on a virtual clock of its own,
which runs at the chosen speed while playing and stands still while paused.
Where it is in the game is a moment of that clock: "move n" is the moment just before move n + 1 is
made (everything move n did is on the screen: the card on the table, the
trick taken); the last move's is when the game's screen has settled on
its result, with a stop before it on the table after the last move. The
moments are found once, by playing the record through in
virtual time, and going back to one plays the game again from its deal up
to it: the same steps at the same moments, so the same frame as when it
was reached going forward.

Keys (key groups of ``host_sim.boardkeys``: z = A, x = B): A or Space
pauses and resumes (at the end: back to the list), RIGHT and LEFT step a
move forward and back, UP and DOWN jump to the next and the previous
trick (Clubbed: a new discard pile), + and - change the speed (1/4x to
8x), B goes back to the list. In the list UP and DOWN choose and A starts
the replay.
"""

from app.kit import text, theme
from app.kit.buttons import A, ScriptedButtons
from app.kit.clock import VirtualClock
from app.kit.menu import Menu
from app.screen import GameOverScreen

#: Speeds as (numerator, denominator) of the record's own pace.
SPEEDS = ((1, 4), (1, 2), (1, 1), (2, 1), (4, 1), (8, 1))
NORMAL = 2
#: Virtual ms a screen that waits for A (a summary between hands) is shown.
READ_MS = 3000
#: Steps one advance may take before the record is called broken.
MAX_STEPS = 200_000

#: "↑↓ trick" did not say which way, nor did "↑↓ next/previous trick"
#: (read as DOWN for the next): each arrow is named on its own.
DECK_KEYS = "z/Space pause, \u2190\u2192 move, \u2191 next %s, \u2193 back a %s, +/- speed, " \
    "x list, q quit"
LIST_KEYS = "\u2191\u2193 choose, z/Enter watch, q quit"


def end_words(res, you):
    """"you won" / "you lost" / "a draw" for seat ``you`` of result list ``res``."""
    r = res[you]
    return "you won" if r > 0 else ("you lost" if r < 0 else "a draw")


def claimed_end(fields):
    """The end the record claims, in words ("you won"), from its ``res``."""
    from app.persist.files import dec_int

    try:
        return end_words([dec_int(r) for r in fields["res"].split(",")],
                          dec_int(fields.get("you", "0")))
    except (ValueError, IndexError):
        return "result %s" % fields["res"][:20]


def replay_app_class(fields):
    """An App class whose instances start by showing record ``fields``."""
    from app.main import App
    from app.persist.records import start_replay

    class ReplayApp(App):
        def __init__(self, display, buttons, clock, seed=0, storage=None):
            from app.persist.storage import MemoryStorage

            # Its own storage in RAM: the replay's saves go nowhere.
            super().__init__(display, buttons, clock, seed=seed, storage=MemoryStorage())
            self.feeder = start_replay(self, fields)
            self.replay_game = self.screen.game  # the core the screen plays on
            ReplayApp.made = self  # for main: how far the replay got

        # A replay ends on its result: what would start a live game (the
        # result screen's A A, its B to the title, the pause menu's New game
        # or Quit) only marks the end; the caption then says how to leave.
        ended = False

        def new_game(self, seed=None):
            self.ended = True
            self.invalidate()

        def to_title(self, reread=True):
            if getattr(self, "feeder", None) is None:  # App.__init__'s title
                App.to_title(self, reread)
                return
            self.ended = True
            self.invalidate()

    ReplayApp.made = None

    return ReplayApp


def marks(fields):
    """``(moves, unit)``: the move numbers (1-based) that begin a trick,
    and "trick"; for Clubbed, which has none, those that begin a discard
    pile, and "pile"."""
    from app.persist.records import new_core
    from app.persist.storage import unhexlify

    g = new_core(fields)
    acts = unhexlify(fields["act"])
    tricks = hasattr(g, "trick")

    def size():
        return len(g.trick()) if tricks else g.n_pile

    out = []
    for i in range(len(acts)):
        before = size()
        g.apply(acts[i])
        if size() == 1 and before != 1:
            out.append(i + 1)
    return out, ("trick" if tricks else "pile")


class _NoFrame:
    """A FrameBuffer that draws nothing (a replay going to a moment)."""

    def __getattr__(self, name):
        return _nothing


def _nothing(*args):
    return None


_NO_FRAME = _NoFrame()


class _NoDisplay:
    """Stands in for the display while a replay goes to a moment."""

    def __init__(self, real):
        self.fb = _NO_FRAME
        self.width, self.height, self.mono = real.width, real.height, real.mono

    def show(self):
        pass


class Deck:
    """Record ``fields`` played back on ``display``, paced by ``clock``
    (the front end's real-time clock)."""

    def __init__(self, display, fields, clock):
        self.display = display
        self.fields = fields
        self.clock = clock
        self.cls = replay_app_class(fields)
        self.total = len(fields["act"]) // 2
        self.marks, self.unit = marks(fields)
        self.moments = self._moments()
        self.playing = True
        self.speed = NORMAL
        self._build()
        self.last = clock.ticks_ms()
        self.back = False  # B or A at the end: the list is asked for

    def _build(self):
        self.vclock = VirtualClock()
        self.buttons = ScriptedButtons()
        self.app = self.cls(self.display, self.buttons, self.vclock, seed=1)
        # Cards jump: the deck steps and rebuilds moments without drawing
        # (``_NoFrame``), where a card in flight has nothing to fly over.
        self.app.motion = 2
        self.idle_since = None
        self._step()

    def _step(self):
        self.app.step()
        if not self.app.idle():
            self.idle_since = None
        elif self.idle_since is None:
            self.idle_since = self.vclock.now

    def _quiet(self, t=None, made=None):
        """``_run`` drawing nothing on the way, then the frame at the end
        drawn whole: going to a moment takes the rules' time, not the
        drawing's."""
        app = self.app
        real = app.display
        app.display = _NoDisplay(real)
        try:
            self._run(t, made)
        finally:
            app.display = real
        app.invalidate()
        self._step()

    def _run(self, t=None, made=None):
        """Step the app at each of its deadlines up to virtual ms ``t``
        (None: to the end), then at ``t``: the same steps whatever the
        path. A screen that waits for A before the end (a summary between
        hands) gets it after READ_MS. ``made``: a list the virtual ms of
        each move is appended to."""
        app, vc = self.app, self.vclock
        for _ in range(MAX_STEPS):
            d = app.next_deadline()
            wake = d is None
            if wake:
                if app.feeder.count >= self.total or app.ended:
                    break
                d = self.idle_since + READ_MS
            d = max(d, vc.now)
            if t is not None and d > t:
                break
            vc.now = d
            if wake:
                self.buttons.push(A)
            self._step()
            if made is not None:
                while len(made) <= app.feeder.count:
                    made.append(vc.now)
                if self.result_at is None and isinstance(app.screen, GameOverScreen):
                    self.result_at = vc.now
        else:
            raise ValueError("the replay stopped moving at move %d" % self.count)
        if t is not None and t > vc.now:
            vc.now = t
            self._step()

    def _moments(self):
        """The stops ``(n, virtual ms of "move n")``, in order (see the
        module); moves made at one step (a trick's cards played at once)
        share the stop of the last of them."""
        self._build()
        made = [0]  # virtual ms at which move k was made
        self.result_at = None  # when the result screen came up
        self._quiet(None, made)
        stops = [(n, made[n + 1] - 1) for n in range(self.total) if made[n + 1] > made[n]]
        r = self.result_at
        if r is not None and r - 1 > made[-1]:
            # The table after the last move (its "Game over" lines, the
            # last trick), a stop of its own before the result.
            stops.append((self.total, r - 1))
        return stops + [(self.total, self.vclock.now)]

    # -- where it is

    @property
    def count(self):
        """Moves made so far."""
        return self.app.feeder.count

    def at_end(self):
        return self.count >= self.total and self.vclock.now >= self.moments[-1][1]

    def _go(self, t):
        """Show virtual ms ``t``, paused."""
        self.playing = False
        if t < self.vclock.now:
            self._build()
        self._quiet(t)

    def goto(self, n):
        """Show "move n" (0 .. total; or the first stop after it, when move
        n was made with the next), paused."""
        self._go(next((t for k, t in self.moments if k >= n), self.moments[-1][1]))

    def trick_no(self):
        """``(k, n)``: the trick (or pile: Clubbed's starter is the first)
        the shown move belongs to, of n; k 0 before the first trick."""
        first = 1 if self.unit == "pile" else 0
        k = sum(1 for m in self.marks if m <= self.count)
        return k + first, len(self.marks) + first

    # -- the app protocol of the front ends

    def step(self):
        now = self.clock.ticks_ms()
        elapsed, self.last = now - self.last, now
        if self.playing and not self.at_end():
            num, den = SPEEDS[self.speed]
            self._run(min(self.moments[-1][1], self.vclock.now + elapsed * num // den))
            if self.at_end():
                self.playing = False
        else:
            self.app.step()

    def idle(self):
        return not self.playing  # paused, its clock stands still: nothing is due

    def next_deadline(self):
        return None if self.idle() else self.clock.ticks_ms()

    def key(self, group):
        n = self.count
        if group in ("z", "space"):
            if self.at_end():
                self.back = True
            else:
                self.playing = not self.playing
        elif group == "right":
            later = [t for _, t in self.moments if t > self.vclock.now]
            self._go(later[0] if later else self.moments[-1][1])
        elif group == "left":
            earlier = [t for _, t in self.moments if t < self.vclock.now]
            self._go(earlier[-1] if earlier else self.moments[0][1])
        elif group == "up":
            later = [m for m in self.marks if m > n]
            if later:
                self.goto(later[0])
            else:  # the table after the last move, then the result
                ends = [t for k, t in self.moments if k >= self.total and t > self.vclock.now]
                self._go(ends[0] if ends else self.moments[-1][1])
        elif group == "down":
            earlier = [m for m in self.marks if m < n]
            self.goto(earlier[-1] if earlier else 0)
        elif group == "+":
            self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        elif group == "-":
            self.speed = max(0, self.speed - 1)
        elif group == "x":
            self.back = True

    def caption(self, cols=None):
        """The line under the screen: REPLAY, the game, its seed, "move n of
        N", the trick, playing or paused. Narrower than ``cols`` (an 80-column
        terminal, a long seed, "end: z back to the list") the parts close up
        to one space and then the seed goes: the rest always fits."""
        f = self.fields
        parts = ["move %d of %d" % (self.count, self.total)]
        k, n = self.trick_no()
        if k:
            parts.append("%s %d/%d" % (self.unit, k, n))
        if self.at_end():
            parts.append("end: z back to the list")
        else:
            num, den = SPEEDS[self.speed]
            speed = "%dx" % num if den == 1 else "1/%dx" % den
            parts.append("playing " + speed if self.playing else "paused (" + speed + ")")
        game = "REPLAY %s" % f["game"]
        seed = "seed %s" % f["seed"]
        for line in ("  ".join([game + " " + seed] + parts), " ".join([game, seed] + parts),
                     " ".join([game] + parts)):
            if cols is None or len(line) <= cols:
                break
        return line


def _label(name, fields):
    return "%s %s: %s, %d moves" % (name, fields["game"], claimed_end(fields),
                                    len(fields["act"]) // 2)


class RecordList:
    """The saved records (``entries``: ``(name, fields)``, newest first) as
    a menu drawn on ``display`` with the app's kit; ``folder``: where they
    were looked for, named when there are none (a game played with
    ``--data`` keeps its records there, not in the default folder)."""

    ROW = 12

    def __init__(self, display, entries, folder=None):
        self.display = display
        self.entries = entries
        self.folder = folder
        self.menu = Menu([text.fit(_label(n, f), display.width - 16) for n, f in entries])
        self.first = 0
        self.picked = None
        self.dirty = True

    def rows(self):
        return max(1, (self.display.height - 16) // self.ROW)

    def draw(self):
        fb = self.display.fb
        fb.fill(theme.FELT)
        text.draw(fb, "Replays", 3, 1, theme.GOLD, text.SMALL)
        if not self.entries:
            w = self.display.width - 6
            lines = ["No game records in"] + text.wrap(self.folder or "the data folder", w)[:3]
            lines += text.wrap("Finish a game, or give the --data folder you played with.", w)
            for i, line in enumerate(lines):
                text.draw(fb, line, 3, 30 + 14 * i, theme.TEXT, text.SMALL)
        else:
            n = self.rows()
            sel = self.menu.sel
            self.first = min(max(self.first, sel - n + 1), sel)
            view = Menu(self.menu.items[self.first:self.first + n], sel - self.first)
            view.draw(fb, 2, 15, self.display.width - 4, self.ROW)
            text.draw_right(fb, "%d of %d" % (sel + 1, len(self.entries)),
                            self.display.width - 3, 1, theme.TEXT_DIM, text.SMALL)
        self.display.show()

    def step(self):
        if self.dirty:
            self.dirty = False
            self.draw()

    def key(self, group):
        if not self.entries:
            return
        from app.kit import buttons

        b = {"up": buttons.UP, "down": buttons.DOWN, "z": buttons.A,
             "space": buttons.A}.get(group)
        if b is not None:
            i = self.menu.on_button(b)
            if i >= 0:
                self.picked = i
            self.dirty = True


class Replays:
    """The front ends' ``control`` for ``host_sim replay``: the list of
    ``entries`` (``(name, fields)``, newest first), or the replay of
    ``first`` (fields) until the list is asked for; ``folder``: where the
    entries were read from."""

    def __init__(self, display, clock, entries, first=None, folder=None):
        self.display = display
        self.clock = clock
        self.list = RecordList(display, entries, folder)
        self.deck = None
        self.watched = []  # the decks played, in order
        if first is not None:
            self._watch(first)

    def _watch(self, fields):
        self.deck = Deck(self.display, fields, self.clock)
        self.watched.append(self.deck)

    @property
    def legend(self):
        return DECK_KEYS % (self.deck.unit, self.deck.unit) if self.deck is not None else LIST_KEYS

    def caption(self, cols=None):
        if self.deck is not None:
            return self.deck.caption(cols)
        return "REPLAY: pick a game record"

    def step(self):
        if self.deck is not None and self.deck.back:
            self.deck = None
            self.list.dirty = True
        if self.deck is None and self.list.picked is not None:
            i, self.list.picked = self.list.picked, None
            self._watch(self.list.entries[i][1])
        (self.deck or self.list).step()

    def idle(self):
        return self.deck.idle() if self.deck is not None else not self.list.dirty

    def next_deadline(self):
        return self.deck.next_deadline() if self.deck is not None else None

    def key(self, group):
        (self.deck or self.list).key(group)
