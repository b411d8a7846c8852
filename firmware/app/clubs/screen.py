"""The Clubs table (RULES.md PC-1 ... PC-16 are the core's; this screen only
shows them and asks the human's choices).

The human is South (seat 2, "You"); the heuristic plays North, East and West
(and South too with ``options["autoplay"]``, for tests and demos). What is
drawn comes from the core's events, replayed one at a time with pauses so a
person can follow the computer, and from South's own hand: nothing another
seat chose for its pass or show is ever drawn before all four have chosen
(PC-2, PC-3, PC-16).

Modes (``mode``): ``PASS`` pick the Hearts-pass then the partner card (PC-2),
``RECEIVED`` the cards that came in, ``SHOW`` pick the card to show (PC-3),
``SHOWN`` the four shown cards, ``TABLE`` the tricks (with the bid picker,
PC-10, and the PC-9 take prompt as overlays), ``SUMMARY`` the hand's scores
(PC-13, PC-14), ``SCORE`` the running score to 42 (PC-15). Drawing is in
``app.clubs.table`` and, for the last two modes and the result,
``app.clubs.summary``: each is imported when needed, and on MicroPython the
other is dropped from the heap (``App.module``). Times are in milliseconds on
the app's clock.
"""

from micropython import const

from app import modules
from app.clubs.table import NIL_WARN, PASS, RECEIVED, SCORE, SHOW, SHOWN, SUMMARY, TABLE
from app.kit import buttons, places, text, theme
from app.kit.menu import panel
from app.screen import (  # noqa: F401
    PAUSE_ITEMS,
    computer_choice,
    draw_pause,
    guide,
    move_cursor,
    pause_button,
    pause_menu,
)
from app.screen import (
    deadline as game_deadline,
)
from cardgames import clubs

HUMAN = clubs.SOUTH
NAMES = ("North", "East", "You", "West")  # as the table labels them
# Each seat's side of the table (app.kit.places), where its cards come from
# and its tricks go.
_SIDES = (places.NORTH, places.EAST, places.SOUTH, places.WEST)
NO_CARD = clubs.NO_CARD
NO_BID = clubs.NO_BID

# Pacing (ms) so a person can follow the computer.
THINK_MS = 800  # before a computer plays, bids or chooses
# Private constants are const(): mpy-cross folds them into the code, so their
# names take no heap on the Pico (tools/bench/mem_report.py).
# A complete trick stays with its sums and winner, and a banner (Negative
# One, Adam, clubs broken) stays, as long as its line takes to read: a
# second to find it, then 60 ms a character (the tie's "Tie 13-13, top card
# J♥: North takes it" is 3.5 s). A hurries it.
_TRICK_MS = const(1200)
_CHAR_MS = const(60)
_AUTO_MS = const(1500)  # autoplay: how long a between-hands screen stays

INFO_MODES = (RECEIVED, SHOWN, SUMMARY, SCORE)  # wait for A

SUIT_GLYPHS = clubs.SUIT_SYMBOLS


def _table(app):
    # The table's drawing module (the summary's dropped on MicroPython, with
    # the score lines only the summaries use).
    return modules.swap("app.clubs.table", "app.clubs.summary", "app.clubs.score")


def _summary(app):
    # The between-hands and result drawing module (the table's dropped).
    return modules.swap("app.clubs.summary", "app.clubs.table", "app.clubs.deal",
                        "app.clubs.tricks")


def draw_banner(fb, banner):
    """A framed banner over the hand, leaving the trick in view: ``banner``
    is (title, line). Here, not in app.clubs.table, as it may stay up over
    the hand's summary."""
    title, line = banner
    panel(fb, 4, 80, 232, 52)
    fb.rect(5, 81, 230, 50, theme.GOLD)
    text.draw_centered(fb, title, 120, 85, theme.GOLD, text.BIG)
    text.draw_centered(fb, text.fit(line, 224), 120, 114, theme.WHITE, text.SMALL)


def start(app, seed, options):
    """A new game of Clubs for the app (PC-1: the core draws the first dealer
    from ``seed``). ``options.get("autoplay")``: the computer plays South too."""
    return ClubsScreen(app, seed, options, _game_over)


def _game_over(app, screen):
    # PC-15: the session keeps how many games each partnership won.
    sess = app.sessions["Clubs"]
    g = screen.game
    wins = sess.get("wins", (0, 0))
    wins = (wins[0] + (g.winner == 0), wins[1] + (g.winner == 1))
    sess["wins"] = wins
    app.show(_summary(app).ResultScreen(app, g.result(), g.winner, (g.scores[0], g.scores[1]),
                                        screen.history, wins, g))


def default_card(legal, trick):
    """The card the cursor starts your turn on, of the ``legal`` cards, with
    ``trick`` (a ``Trick``) on the table: the one adding least to your
    side's sum (PC-6, PC-7; an off-suit 2 is a Negative One, +2 for you,
    PC-11), the first in the hand on a tie. A press of A on it never
    throws a high card away: the first playable card could be an ace
    under a trick already lost."""
    led = trick.cards[trick.order[0]] // 13 if trick.order else -1
    best, low = legal[0], 99
    for c in legal:
        v = clubs.card_value(c, c // 13 if led < 0 else led)
        if v < low:
            best, low = c, v
    return best


class Trick:
    """One trick as drawn: per seat its card (NO_CARD until played) and value
    in this trick (PC-6), the seats in play order, the running partnership
    sums (PC-7), and once complete the winning team, why (WIN_SUM or
    WIN_HIGH, PC-8), the seat of the highest card and the taker (PC-9)."""

    def __init__(self, number):
        self.number = number  # 1..13
        self.cards = bytearray((NO_CARD, NO_CARD, NO_CARD, NO_CARD))
        self.values = [0, 0, 0, 0]
        self.order = bytearray()
        self.sums = [0, 0]
        self.team = -1  # winning team once complete
        self.why = 0
        self.high = -1  # seat of the highest card (PC-8)
        self.taker = -1  # seat taking it; -1 while unknown (PC-9 choice)

    def add(self, seat, card, value):
        self.cards[seat] = card
        self.values[seat] = value
        self.order.append(seat)
        self.sums[seat & 1] += value

    def complete(self):
        return len(self.order) == 4


class ClubsScreen:
    """One game of Clubs on screen. ``seed`` goes to the core and the
    players; ``options`` (``players.levels.autoplayer``) may let the
    computer play South; ``on_over(app,
    screen)`` is called once the game is over and its last hand was shown."""

    def __init__(self, app, seed, options, on_over):
        self.app = app
        self.seed = seed
        self.core_kw = {}  # saves and records: the core takes only the seed
        self.game = clubs.Clubs(seed=seed)
        # North, East and West at the difficulty chosen in the settings
        # (app.level); with autoplay a computer plays South too.
        # Imported here: App.new_game drops the factory once the players exist.
        from players import levels

        self.ai = levels.make("clubs", app.level, seed, app.clock)
        self.south_ai = levels.autoplayer("clubs", options, seed, app.clock)
        self.autoplay = self.south_ai is not None
        self.on_over = on_over
        self.queue = []  # core events not yet shown
        self.mode = TABLE
        self.mode_at = 0  # autoplay: when an info screen moves on
        self.hold_until = None  # events wait until this tick
        self.banner = None  # (title, line)
        self.banner_until = 0
        self.ai_at = None
        self.pause = None
        self.looking = 0  # UP: 1 the last trick, 2 the shown cards still held
        self.cursor = 0
        self.legal = []
        self.pick = NO_CARD  # South's Hearts-pass card, picked but not yet given
        self.bid_val = 1
        self.take_sel = 0
        self.hint = ""
        self.hint_alert = False
        self.msg = ""
        self.trick_msg = ""  # the msg that told how the last trick was taken
        # A note said before South's prompt until the first key, unless an
        # event comes first: Continue's "Game resumed" (app.persist.resume),
        # which the duty or the key prompt took the status line from.
        self.note = ""
        self.pressed = False  # a key was pressed on this screen
        # The view of the hand being shown (it lags the core while events wait).
        self.hand = b""
        self.hand_no = 1
        self.dealer = 0
        self.pass_dir = clubs.PASS_LEFT
        self.bids = bytearray(b"\xff\xff\xff\xff")
        self.won = bytearray(4)
        self.scores = [0, 0]
        self.shown = bytearray((NO_CARD, NO_CARD, NO_CARD, NO_CARD))
        self.shown_live = bytearray((NO_CARD, NO_CARD, NO_CARD, NO_CARD))  # not yet played
        self.broken = False
        self.trick = Trick(1)
        self.last_trick = None
        self.received = b""
        self.gave = b""
        self.summary = None  # HandSummary of the hand just finished, while shown
        self.history = []  # per hand: (hand_no, N-S, E-W hand scores)
        self.score_top = 0  # first hand listed on the score screen
        self.queue.extend(self.game.events)
        self._pump(app.clock.ticks_ms())

    # --- queries ---------------------------------------------------------------

    def human_turn(self):
        """True when the game waits for a choice of the human (South)."""
        g = self.game
        if self.autoplay or self.queue or self.hold_until is not None or self.banner:
            return False
        if self.mode in INFO_MODES or g.current_player != HUMAN:
            return False
        ph = g.phase
        if self.mode == PASS:
            return ph == clubs.PH_PASS_HEARTS or ph == clubs.PH_PASS_PARTNER
        if self.mode == SHOW:
            return ph == clubs.PH_SHOW
        return self.mode == TABLE and ph >= clubs.PH_PLAY

    def bidding(self):
        """True when the bid picker is up (South bids, PC-10)."""
        return self.human_turn() and self.game.phase == clubs.PH_BID

    def taking(self):
        """True when the PC-9 prompt is up (South chooses who takes it)."""
        return self.human_turn() and self.game.phase == clubs.PH_TAKE

    def forced_zero(self):
        """True when South's bid must be zero (after the 12th trick, PC-10)."""
        return self.game.n_tricks >= 12

    def illegal_bid(self):
        """The bid that would make the total 13 (PC-10), or -1 if none."""
        n = 13 - self.game.bids_total()
        return n if 0 <= n <= 13 else -1

    def panel_trick(self):
        """The trick whose number and sums the trick panel shows: the one on
        the table; but while that has no card yet and the status line still
        tells how the last one was taken (the computer about to lead), the
        last one, so that the header and the line speak of the same trick
        (a new player read "Trick 5" over how trick 4 was won)."""
        t = self.trick
        last = self.last_trick
        if (t.order or last is None or last.number != t.number - 1 or not self.msg
                or self.msg != self.trick_msg):
            return t
        if self.hint_alert or (self.human_turn() and self.game.phase == clubs.PH_PLAY):
            return t  # the status line says your duty, about the new trick
        return last

    def looked_trick(self):
        """The trick UP shows: the one just completed while it is still on the
        table, else the last one taken (None before the first)."""
        return self.trick if self.trick.complete() else self.last_trick

    def can_take_back(self):
        """True when B takes back South's Hearts-pass pick (PC-2): picked,
        the partner card not yet chosen."""
        return (self.pick != NO_CARD and self.mode == PASS and self.human_turn()
                and self.game.phase == clubs.PH_PASS_HEARTS)

    def receiver(self):
        """Seat receiving South's Hearts-pass card, or None on hand 4 (PC-2)."""
        return clubs.hearts_receiver(HUMAN, self.pass_dir)

    # --- events -> view ----------------------------------------------------------

    def _pump(self, now):
        # Show queued events until one needs time (a hold, a banner, a mode
        # waiting for A); then, with nothing left, let the computer move.
        while self.queue:
            if self.banner or self.hold_until is not None or self.mode in INFO_MODES:
                return
            wait = self._event(self.queue.pop(0), now)
            if self.app.screen is not self:
                return
            if wait:
                self.hold_until = now + wait
        if self.banner or self.hold_until is not None or self.mode in INFO_MODES:
            return
        self._turn_start()

    def _turn_start(self):
        # Nothing waiting: set up the choice of whoever moves next.
        g = self.game
        p = g.current_player
        if p is None:
            return
        if p == HUMAN and not self.autoplay:
            if not self.legal:
                self._human_setup()  # once per choice: _apply empties legal
            self.ai_at = None
            return
        if self.ai_at is None:
            quick = g.phase <= clubs.PH_SHOW  # hidden picks need no pacing
            self.ai_at = self.app.clock.ticks_ms() + (0 if quick else self.app.after_seen(THINK_MS))

    def _human_setup(self):
        g = self.game
        ph = g.phase
        if ph == clubs.PH_PLAY:
            self.legal = g.legal_actions()
        elif ph in (clubs.PH_PASS_HEARTS, clubs.PH_PASS_PARTNER, clubs.PH_SHOW):
            self.legal = list(self.hand)
        elif ph == clubs.PH_BID:
            self.legal = [-1]
            self.bid_val = 0 if self.forced_zero() else 1
            if self.bid_val == self.illegal_bid():
                self.bid_val = 2
        elif ph == clubs.PH_TAKE:
            self.legal = [-1]
            self.take_sel = 0
        if self.cursor >= len(self.hand):
            self.cursor = max(0, len(self.hand) - 1)
        if ph == clubs.PH_PLAY and self.legal:
            # (bytes.index takes no int on MicroPython)
            self.cursor = self.hand.find(bytes((default_card(self.legal, self.trick),)))
        elif ph <= clubs.PH_PLAY and self.hand:
            cur = self.hand[self.cursor]
            if cur not in self.legal or cur == self.pick:
                # The nearest card that may be chosen, the right one first:
                # after a pick the cursor stays where the player looks.
                n = len(self.hand)
                for k in range(1, 2 * n):
                    i = self.cursor + ((k + 1) // 2 if k % 2 else -(k // 2))
                    if 0 <= i < n and self.hand[i] in self.legal and self.hand[i] != self.pick:
                        self.cursor = i
                        break
        self._plain_hint()
        self.app.invalidate()

    def _plain_hint(self):
        self.hint_alert = False
        self.hint = ""
        guide(self)

    def _say(self, ev):
        self.msg = clubs.describe(ev, HUMAN, clubs.SEAT_NAMES)

    def _new_hand(self, ev):
        _, dealer, hand_no, direction = ev
        self.dealer = dealer
        self.hand_no = hand_no
        self.pass_dir = direction
        for s in range(4):
            self.bids[s] = NO_BID
            self.won[s] = 0
            self.shown[s] = NO_CARD
            self.shown_live[s] = NO_CARD
        self.broken = False
        self.trick = Trick(1)
        self.last_trick = None
        self.hand = self.game.hand(HUMAN)
        self.received = b""
        self.gave = b""
        self.pick = NO_CARD
        self.cursor = 0
        self.legal = []
        self.mode = PASS
        self.looking = 0
        self._say(ev)

    def _event(self, ev, now):
        """Show core event ``ev``; returns ms to wait before the next (0: none)."""
        kind, seat, a, b = ev
        g = self.game
        self.note = ""
        self.app.invalidate()
        if kind == clubs.EV_DEAL:
            self._new_hand(ev)
            return 0
        if kind == clubs.EV_PASS:
            # All four chose (PC-2): the hand after the passes, what came in.
            while self.queue and self.queue[0][0] == clubs.EV_PASS:
                self.queue.pop(0)
            self.hand = g.hand(HUMAN)
            self.received = g.received(HUMAN)
            self.gave = bytes(g.passes[2 * HUMAN : 2 * HUMAN + 2])
            self._enter(RECEIVED, now)
            return 0
        if kind == clubs.EV_SHOWN:
            # All four chose (PC-3): reveal them together.
            self.shown[seat] = a
            while self.queue and self.queue[0][0] == clubs.EV_SHOWN:
                e = self.queue.pop(0)
                self.shown[e[1]] = e[2]
            for s in range(4):
                self.shown_live[s] = self.shown[s]
            self._enter(SHOWN, now)
            return 0
        if kind == clubs.EV_PLAY:
            self._clear_trick()
            self.trick.add(seat, a, b)
            places.cue(self.app, a, places.PLAY, _SIDES[seat])
            if seat == HUMAN:
                self.hand = bytes([c for c in self.hand if c != a])
            if self.shown_live[seat] == a:
                self.shown_live[seat] = NO_CARD
            self._say(ev)
            return 0
        if kind == clubs.EV_NEG_ONE:
            self._say(ev)
            self._banner("NEGATIVE ONE", "%s: %s on another suit, +2 points" % (
                NAMES[seat], clubs.symbol_name(a)), now)
            return 0
        if kind == clubs.EV_BROKEN:
            self.broken = True
            self.msg = "Clubs broken by %s" % clubs.symbol_name(a)
            self._banner("CLUBS BROKEN", "%s played %s: clubs may be led" % (
                NAMES[seat], clubs.symbol_name(a)), now)
            return 0
        if kind == clubs.EV_SUMS:
            t = self.trick
            t.team = seat
            t.why = clubs.WIN_SUM if a != b else clubs.WIN_HIGH
            t.sums[0] = a
            t.sums[1] = b
            t.high = t.order[clubs.highest_card_index(bytes([t.cards[s] for s in t.order]))]
            return 0
        if kind == clubs.EV_ADAM:
            self._say(ev)
            self._banner("ADAM!", "%s played %s and lost it: %s +5" % (
                NAMES[seat], clubs.symbol_name(a), clubs.TEAM_NAMES[1 - (seat & 1)]),
                now)
            return 0
        if kind == clubs.EV_TRUE_ADAM:
            self._say(ev)
            self._banner("TRUE ADAM!", "%s 2nd Adam: %s get 13 in all" % (
                "Your" if seat == HUMAN else NAMES[seat] + "'s",
                clubs.TEAM_NAMES[1 - (seat & 1)]), now)
            return 0
        if kind == clubs.EV_CHOOSE:
            self._say(ev)
            return 0
        if kind == clubs.EV_CHOICE:
            self._say(ev)
            return 0
        if kind == clubs.EV_TRICK:
            t = self.trick
            t.taker = seat
            t.why = b
            self.won[seat] += 1
            self.msg = self.trick_msg = _table(self.app).trick_line(t)
            return _TRICK_MS + _CHAR_MS * len(self.msg)
        if kind == clubs.EV_BID:
            self.bids[seat] = a
            self._say(ev)
            return 0
        if kind == clubs.EV_HAND_END:
            self.summary = g.last_hand()
            self.app.announce()
            self.history.append((seat, a, b))
            self.scores[0] += a
            self.scores[1] += b
            self._say(ev)
            self._enter(SUMMARY, now)
            return 0
        if kind == clubs.EV_GAME_OVER:
            self.on_over(self.app, self)
            return 0
        # EV_PASS_PICK, EV_SHOW_PICK: another seat's pick stays hidden (PC-16);
        # South's own pick is on screen already. EV_SEAT_SCORE: in the summary.
        return 0

    def _clear_trick(self):
        # A taken trick leaves the table (UP shows it again).
        t = self.trick
        if t.complete() and t.taker >= 0:
            for c in t.cards:  # to the taker's side of the table
                places.cue(self.app, c, places.TAKE, _SIDES[t.taker])
            self.last_trick = t
            self.trick = Trick(t.number + 1)
            self.app.invalidate()

    def _banner(self, title, line, now):
        self.banner = (title, line)
        self.banner_until = now + _TRICK_MS + _CHAR_MS * len(line)
        self.app.announce()

    def _enter(self, mode, now):
        self.mode = mode
        self.looking = 0
        self.mode_at = now + _AUTO_MS
        self.legal = []
        self.app.invalidate()

    def _leave_info(self, now):
        # A on an info screen: on to the next step of the hand.
        m = self.mode
        if m == RECEIVED:
            self.mode = SHOW
        elif m == SHOWN:
            self.mode = TABLE
        elif m == SUMMARY:
            self.summary = None  # shown: the score to 42 needs only the history
            self._enter(SCORE, now)
            rows = _summary(self.app).ROWS
            self.score_top = max(0, len(self.history) - rows)  # latest hands
            return
        else:
            self.mode = TABLE
        self.legal = []
        self.app.invalidate()
        self._pump(now)

    def _apply(self, action, now):
        g = self.game
        g.apply(action)
        self.app.moved(self, action, HUMAN)
        self.queue.extend(g.events)
        self.ai_at = None
        self.legal = []
        self._plain_hint()
        self.app.invalidate()
        self._pump(now)

    # --- screen protocol -------------------------------------------------------

    def deadline(self):
        """Next clock tick (ms) this screen needs a step at, or None."""
        return game_deadline(self, self._timer())

    def _timer(self):
        # The hand's own: a trick held in view, a between-hands screen
        # hurried on, a queued event, the computer's move.
        if self.hold_until is not None:
            return self.hold_until
        if self.mode in INFO_MODES:
            return self.mode_at if self.autoplay else None
        if self.queue:
            return self.app.clock.ticks_ms()
        return self.ai_at

    def update(self, now):
        if self.pause is not None:
            return
        diff = self.app.clock.ticks_diff
        if self.banner:
            if diff(now, self.banner_until) < 0:
                return
            self.banner = None
            self.app.invalidate()
        if self.hold_until is not None:
            if diff(now, self.hold_until) < 0:
                return
            self.hold_until = None
            self._clear_trick()
        if self.mode in INFO_MODES:
            if self.autoplay and diff(now, self.mode_at) >= 0:
                self._leave_info(now)
            return
        if self.queue:
            self._pump(now)
            return
        if self.ai_at is None:
            self._turn_start()
        if self.ai_at is None or diff(now, self.ai_at) < 0:
            return
        g = self.game
        p = g.current_player
        if p is None:
            return
        ai = self.south_ai if p == HUMAN else self.ai
        action = computer_choice(self, ai, p)
        if action is not None:  # else the error screen is up
            self._apply(action, now)

    def on_button(self, b):
        app = self.app
        app.invalidate()
        self.pressed = True
        if self.pause is not None:
            self._pause_button(b)
            return
        now = app.clock.ticks_ms()
        if self.banner:
            if b == buttons.A or b == buttons.B:
                self.banner_until = now
            return
        if self.looking:
            # UP goes on from the last trick to the shown cards; any other key back.
            self.looking = 2 if b == buttons.UP and self.looking == 1 else 0
            return
        if b == buttons.B:
            if self.can_take_back():
                self._take_back()
            else:
                self.pause = pause_menu(self.app)
            return
        if self.mode in INFO_MODES:
            if b == buttons.A:
                self._leave_info(now)
            elif self.mode == SCORE and (b == buttons.UP or b == buttons.DOWN):
                # Earlier hands of the score to 42 (PC-15) scroll into view.
                summary = _summary(self.app)
                top = summary.score_first(self) + (1 if b == buttons.DOWN else -1)
                self.score_top = max(0, min(top, len(self.history) - summary.ROWS))
            return
        if self.bidding():
            self._bid_button(b, now)
            return
        if self.taking():
            self._take_button(b, now)
            return
        if b == buttons.UP and self.mode == TABLE:
            self.looking = 1 if self.looked_trick() is not None else 2
            return
        if not self.human_turn():
            if b == buttons.A and self.hold_until is not None:
                self.hold_until = now  # A hurries a finished trick along
            elif b == buttons.A and self.ai_at is not None:
                self.ai_at = now  # ... and the computer
            return
        n = len(self.hand)
        if self.cursor >= n:
            self.cursor = max(0, n - 1)
        if move_cursor(self, b, n):
            if self.pick != NO_CARD and self.hand[self.cursor] == self.pick and n > 1:
                # The picked card's empty place is skipped: A there took the
                # pick back without a word (B does that, and says so).
                move_cursor(self, b, n)
            return
        if b == buttons.A and n:
            self._card_button(self.hand[self.cursor], now)

    def _take_back(self):
        # B: the picked Hearts-pass card goes back to the hand, cursor on it.
        c = self.pick
        self.pick = NO_CARD
        for i in range(len(self.hand)):
            if self.hand[i] == c:
                self.cursor = i
        self._plain_hint()

    def _card_button(self, c, now):
        g = self.game
        if self.mode == PASS:
            if g.phase == clubs.PH_PASS_HEARTS:
                if self.pick == NO_CARD:
                    self.pick = c  # the Hearts card; given with the partner card
                    self._human_setup()
                    return
                if c == self.pick:
                    self.pick = NO_CARD  # A again takes it back
                    return
                g.apply(self.pick)
                # Recorded, not saved: South's turn goes on with the partner
                # card (a save here would resume between the two).
                self.app.moved(self, self.pick, -1)
                self.queue.extend(g.events)
                self.pick = NO_CARD
        if self.mode == PASS or self.mode == SHOW:
            # The core has the last word (a game resumed between the Hearts
            # and the partner card offers the Hearts card again, PC-2).
            why = g.why_illegal(c)
            if why:
                # In a player's words, short enough for the status line
                # (the core's sentence is for programmers, with rule IDs).
                if g.phase == clubs.PH_PASS_PARTNER:
                    why = "%s goes %s: pick another" % (clubs.symbol_name(c),
                                                        clubs.PASS_NAMES[self.pass_dir])
                else:
                    why = "%s cannot go now: pick another" % clubs.symbol_name(c)
                self.hint = why
                self.hint_alert = True
                return
            self._apply(c, now)
            return
        why = g.why_illegal(c)
        if why:
            self.hint = self._why_not(c)
            self.hint_alert = True
            return
        self._apply(c, now)

    def duty(self, short=False):
        """What PC-4/PC-5 ask of South's next card, in a player's words (the
        hint while South is to play; why the grey cards are grey). ``short``:
        its gist for a line it shares with the guided prompt
        (app.clubs.table.guided_play): "Follow ♥", "No ♦", "Lead no ♣", or
        "" when any card goes and you lead."""
        t = self.trick
        legal = self.legal
        n = len(self.hand)
        if t.complete() or not t.order:
            if legal and len(legal) < n:
                return "Lead no \u2663" if short else "No club played yet: lead another suit"
            return "" if short else "Your lead: any card"
        led = t.cards[t.order[0]] // 13
        if legal and len(legal) < n:
            return "Follow %s" % SUIT_GLYPHS[led]
        for c in self.hand:
            if c // 13 == led:
                return "Follow %s" % SUIT_GLYPHS[led]
        return ("No %s" if short else "No %s: any card") % SUIT_GLYPHS[led]

    def _why_not(self, c):
        # A player's words for why_illegal() (PC-4, PC-5).
        t = self.trick
        if t.complete() or not t.order:
            return "No club played yet: lead another suit"
        led = t.cards[t.order[0]] // 13
        return "Follow %s: you hold %s" % (SUIT_GLYPHS[led], clubs.SUIT_WORDS[led])

    def _bid_button(self, b, now):
        # UP looks at the table, as everywhere at the table; LEFT/RIGHT bid.
        if b == buttons.UP:
            self.looking = 1 if self.looked_trick() is not None else 2
            return
        if b == buttons.LEFT:
            d = -1
        elif b == buttons.RIGHT:
            d = 1
        elif b == buttons.A:
            if self.bid_val == self.illegal_bid():
                self.hint = "%d would make the bids total 13" % self.bid_val
                self.hint_alert = True
                return
            if self.bid_val == 0 and not self.forced_zero() and not self.nil_warned():
                # PC-10/PC-13: you bid having won a trick, so nil scores -5;
                # allowed, but only on a second A after the warning.
                self.hint = NIL_WARN
                self.hint_alert = True
                return
            self._apply(clubs.BID0 + self.bid_val, now)
            return
        else:
            return
        if self.forced_zero():
            self.hint = "After trick 12 the bid is 0"
            self.hint_alert = True
            return
        self.bid_val = max(0, min(13, self.bid_val + d))
        self._plain_hint()

    def nil_warned(self):
        """True while the bid picker warns that nil fails (A again bids it)."""
        return self.hint_alert and self.hint is NIL_WARN

    def _take_button(self, b, now):
        if b == buttons.UP:
            self.looking = 1 if self.looked_trick() is not None else 2
        elif b in (buttons.LEFT, buttons.RIGHT, buttons.DOWN):
            self.take_sel = 1 - self.take_sel
            self._plain_hint()
        elif b == buttons.A:
            self._apply(clubs.TAKE_PARTNER if self.take_sel else clubs.TAKE_SELF, now)

    def _pause_button(self, b):
        pause_button(self, b, self.app.pace(THINK_MS))

    # --- drawing -----------------------------------------------------------------

    def tall_lines(self):
        """The panel above the table on a 240x240 screen (app.kit.tall)."""
        from app.clubs import tall

        return tall.lines(self)

    def draw(self, fb):
        if self.app.compact:
            from app.clubs import compact as compact_clubs

            compact_clubs.draw(fb, self)
            return
        m = self.mode
        if self.pause is not None and (m == SUMMARY or m == SCORE):
            # The figures of these pages run across the whole width: beside
            # the menu they read as its rows (in the terminal's text, "North
            # +2 +3" by "Resume"). The menu alone, on a cleared screen.
            fb.fill(theme.FELT_DARK)
            draw_pause(fb, self.pause)
            return
        if m == SUMMARY:
            _summary(self.app).draw_summary(fb, self)
        elif m == SCORE:
            _summary(self.app).draw_score(fb, self)
        else:
            _table(self.app).draw(fb, self)
        if self.banner:
            draw_banner(fb, self.banner)
        if self.pause is not None:
            draw_pause(fb, self.pause)
