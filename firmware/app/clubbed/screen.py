"""The Clubbed table (RULES.md CB-1 ... CB-12 are the core's; this screen
only shows them): the opponent's card backs, stock, discard pile, both
collection counts, whose turn, your hand with a cursor, legal cards raised,
DRAW as an explicit choice, and a banner when someone is clubbed.

The human is seat 0 ("You"), the computer seat 1 ("West"). Pacing is in
milliseconds on the app's clock.
"""

from micropython import const

from app import screen as shared
from app.clubbed.result import ResultScreen
from app.kit import buttons, cardview, places, text, theme
from app.kit.menu import panel
from cardgames import clubbed

# Private constants are const(): mpy-cross folds them into the code, so their
# names take no heap on the Pico (tools/bench/mem_report.py).
_HUMAN = const(0)
NAMES = ("You", "West")

# Pacing (ms) so a person can follow the computer.
THINK_MS = 750
_AFTER_DRAW_MS = const(450)
_BANNER_MS = const(1700)
# A and B leave the banner that waits for A alone this long: a quick second
# tap (the A that played the club, or that hurried West, pressed twice)
# would close it before it could be read.
_BANNER_HOLD_MS = const(700)
# The last move and "Game over" lie on the table this long before the
# result (a second to find the lines, then one to read them), or until A
# when the computer's move ended the game: its last plays and draws would
# otherwise go by unseen.
_END_MS = const(2600)

_DRAW_W = const(30)
_LOOK_ROWS = const(8)
PAUSE_ITEMS = shared.PAUSE_ITEMS
_HINT_Y = const(76)
_BANNER_X = const(102)  # the club's banner: "You collected 52" ends at 99
_TABLE_H = const(135)  # the table's height (the lower view on a 240x240 screen)
_MIN_STEP = const(15)  # px between overlapping cards: a "10" and its suit show
_MARK_W = const(8)  # the ◄ or ► of a scrolled hand


def _fan(n, avail, on_card):
    """How ``n`` cards of the hand sit in ``avail`` px: ``(step, after,
    shown)``: cards ``step`` px apart, the cursor's card (when ``on_card``)
    2 px after the card before (its frame) and ``after`` px before the next
    (the whole card when there is room, else covered as the others);
    ``shown`` cards in view (``shown < n``: the hand scrolls)."""
    cw = theme.CARD_W
    step = cw + 2
    if not on_card:
        if n > 1 and (n - 1) * step + cw > avail:
            step = max(_MIN_STEP, (avail - cw) // (n - 1))
        return step, step, min(n, (avail - cw) // step + 1)
    if n < 2 or (n - 1) * step + cw + 4 <= avail:
        return step, cw + 3, n
    if n > 2 and (avail - 2 * cw - 6) // (n - 2) >= _MIN_STEP:
        return (avail - 2 * cw - 6) // (n - 2), cw + 3, n  # a fan opened at the cursor
    step = max(_MIN_STEP, (avail - cw - 3) // (n - 1))
    return step, step, min(n, (avail - cw - 3) // step + 1)


def start(app, seed, options):
    """A new game of Clubbed for the app: the deal alternates between games of
    the session (CB-1), starting with West dealing; ``options["refill"]``
    chooses CB-8 or the no-refill variant; ``options["dealer"]``, if there,
    overrides the alternation (replays)."""
    sess = app.sessions["Clubbed"]
    dealer = 1 - sess["dealer"] if "dealer" in sess else 1
    dealer = options.get("dealer", dealer)  # a replayed record's dealer
    sess["dealer"] = dealer
    return ClubbedScreen(app, seed, dealer, options["refill"], _game_over,
                         options)


def _game_over(app, screen):
    # CB-10: a series keeps a running total of collected cards.
    game = screen.game
    sess = app.sessions["Clubbed"]
    counts = (game.collected(0), game.collected(1))
    if app.guide:
        # The guided hand is a lesson: it stands alone, outside the series.
        app.show(ResultScreen(app, game.result(), counts, screen.from_hand, counts, 1, NAMES,
                              screen.msgs))
        return
    totals = sess.get("totals", (0, 0))
    totals = (totals[0] + counts[0], totals[1] + counts[1])
    sess["totals"] = totals
    sess["games"] = sess.get("games", 0) + 1
    app.show(ResultScreen(app, game.result(), counts, screen.from_hand, totals, sess["games"],
                          NAMES, screen.msgs))


def default_card(legal):
    """The choice the cursor starts a turn on, of the ``legal`` actions:
    the first playable non-club, so that a press of A sheds a card and
    keeps the clubs for a bigger pile (CB-5); else the first club; DRAW
    only when nothing can be played. (The first playable card in the hand
    is a club whenever one is held: clubs sort first.)"""
    for a in legal:
        if 13 <= a < clubbed.DRAW:  # cards 0..12 are the clubs
            return a
    for a in legal:
        if a != clubbed.DRAW:
            return a
    return legal[0]


class ClubbedScreen:
    """One game of Clubbed on screen. ``seed``/``dealer``/``refill`` go to the
    core (``clubbed.Clubbed``); ``on_over(app, screen)`` is called when the
    game has ended and its last moment was shown."""

    def __init__(self, app, seed, dealer, refill, on_over, options=None):
        self.app = app
        self.seed = seed
        self.core_kw = {"dealer": dealer, "refill": refill}  # saves and records
        self.game = clubbed.Clubbed(seed=seed, dealer=dealer, refill=refill)
        # West at the difficulty chosen in the settings (app.level).
        # Imported here: App.new_game drops the factory once the players exist.
        from players import levels

        self.ai = levels.make("clubbed", app.level, seed, app.clock)
        # The computer plays seat 0 too (replays, tests, --autoplay): at
        # ``autolevel`` when the options name one, else West's player.
        options = options or {}
        self.autoplay = bool(options.get("autoplay"))
        self.auto_ai = levels.autoplayer("clubbed", options, seed, app.clock) \
            if "autolevel" in options else None
        self.on_over = on_over
        self.cursor = 0
        self.msgs = ["New game%s: %s" % ("" if refill else ", no refill",
                                           "you deal" if dealer == _HUMAN else "West deals")]
        self.opp_draws = 0  # West's draws in a row, told as one line
        self.from_hand = (0, 0)  # cards each hand added to its collection at the end
        self.hint = ""
        self.hint_alert = False
        self.banner = None  # (title, line) while someone is being clubbed
        # When it goes (ms), or None: until A (you were clubbed by West).
        self.banner_until = 0
        self.hold_until = None  # A and B wait until this tick on the banner, or None
        self.end_at = None
        self.mover = _HUMAN  # whose action was applied last
        self.pause = None  # a Menu while paused
        self.looking = False
        self.sel_x = -1  # drawn by _draw_hand: where its cursor card is (draw_part)
        self.sel_i = -1
        self.first = 0
        self.lay_x0 = self.lay_step = self.lay_after = self.lay_shown = 0
        now = app.clock.ticks_ms()
        self.ai_at = now + app.pace(THINK_MS)
        self._refresh_slots(True)

    # --- state helpers -----------------------------------------------------

    def _refresh_slots(self, new_turn=False, focus=-1):
        g = self.game
        self.hand = g.hand(_HUMAN)
        mine = g.current_player == _HUMAN
        self.legal = g.legal_actions() if mine else []
        self.slots = list(self.hand)
        if clubbed.DRAW in self.legal:
            self.slots.append(clubbed.DRAW)
        if mine and focus in self.legal:
            # After a draw: the drawn card if it can be played, else DRAW again.
            self.cursor = self.slots.index(focus)
        elif mine and (new_turn or focus >= 0):
            self.cursor = self.slots.index(default_card(self.legal))
        if self.cursor >= len(self.slots):
            self.cursor = max(0, len(self.slots) - 1)
        self._plain_hint()

    def _plain_hint(self):
        g = self.game
        self.hint = ""
        self.hint_alert = False
        # With the computer on your seat (a replay, a demo) A plays nothing.
        if g.current_player != _HUMAN or not self.slots or self.autoplay:
            return
        if self.slots[self.cursor] == clubbed.DRAW:
            self.hint = "A draw a card  B menu"  # A on DRAW draws (CB-5)
        elif g.n_pile == 1 and g.top() < 13:
            self.hint = "Club start: any card"  # CB-7
        elif g.n_pile == 0:
            self.hint = "Empty pile: any card"  # CB-6
        else:
            self.hint = "A play  B menu"
        shared.guide(self)

    def _why_not(self, action):
        # A player's words for why_illegal(): the core's message names rules
        # and card codes, which is right for logs but not for a 1.14" screen.
        g = self.game
        if action == clubbed.DRAW:
            if g.n_pile == 0:
                return "Draw only with all clubs"
            return "You hold a match: play it"
        return "%s doesn't match %s" % (clubbed.symbol_name(action),
                                        clubbed.symbol_name(g.top()))

    def _say(self, msg):
        self.msgs.append(msg)
        if len(self.msgs) > 3:
            self.msgs.pop(0)

    def _apply(self, action):
        # Keeps each hand's size through the move, so that the end of the game
        # can say how many cards each hand added to its collection (CB-9).
        g = self.game
        left = [g.hand_size(0), g.hand_size(1)]
        self.mover = g.current_player
        g.apply(action)
        for kind, seat, a, _ in g.events:
            if kind == clubbed.EV_PLAY:
                left[seat] -= 1
            elif kind == clubbed.EV_DRAW:
                left[seat] += 1
            elif kind == clubbed.EV_REFILL:
                left[seat] += a
            elif kind == clubbed.EV_END:
                self.from_hand = (left[0], left[1])
        self.app.moved(self, action, _HUMAN)

    def _after_apply(self, now):
        g = self.game
        club = 0  # the club of an EV_CLUB: its EV_PLAY comes first
        for ev in g.events:
            kind = ev[0]
            if kind == clubbed.EV_PLAY:
                club = ev[2]
            if kind == clubbed.EV_END:
                self._say("Game over: hands counted")
                self.end_at = now + self.app.pace(_END_MS)
                if self.mover != _HUMAN and not self.autoplay:
                    self.end_at = None  # until A: see _over_waits
                continue
            if kind == clubbed.EV_DRAW and ev[1] != _HUMAN:
                self.opp_draws += 1
                if self.opp_draws > 1:
                    self.msgs[-1] = "%s drew %d cards" % (NAMES[ev[1]], self.opp_draws)
                    continue
            else:
                self.opp_draws = 0
            self._say(clubbed.describe(ev, _HUMAN, NAMES))
            if kind == clubbed.EV_PLAY:
                side = places.SOUTH if ev[1] == _HUMAN else places.NORTH
                places.cue(self.app, ev[2], places.PLAY, side)
            elif kind == clubbed.EV_DRAW and ev[1] == _HUMAN:
                # Your drawn card comes from the stock (its count on 128x64).
                if self.app.compact:
                    places.cue(self.app, ev[2], places.DEAL, 255, 64, 12)
                else:
                    places.cue(self.app, ev[2], places.DEAL, 255, 8, 24)
            if kind == clubbed.EV_CLUB:
                victim = 1 - ev[1]
                n = ev[2]
                line = "%s collect%s %d card%s" % (
                    NAMES[victim], "" if victim == _HUMAN else "s", n, "" if n == 1 else "s")
                # Who played which club: the pile is gone into the collection,
                # so the banner names the card and the table shows it on the pile.
                who = "%s club%s with %s" % (NAMES[ev[1]], "" if ev[1] == _HUMAN else "s",
                                             clubbed.symbol_name(club))
                self.banner = ("CLUBBED!", line, who, club)
                self.banner_until = now + _BANNER_MS
                # The look opened while West thought goes: the banner is on
                # the table (the 128x64 screen draws the look alone) and its
                # lines are of the pile just taken.
                self.looking = False
                self.app.announce()
                if not self.autoplay:
                    # Until A, whoever clubbed: West's club gave you the pile
                    # (a player who looked away would only see it gone), and
                    # yours, timed, went by under the flying card and a tap.
                    self.banner_until = None
                    # From the clock, not ``now``: West's search and the
                    # save ran since (a second or more on the console).
                    self.hold_until = self.app.clock.ticks_ms() + _BANNER_HOLD_MS
        drew = g.events and g.events[0][0] == clubbed.EV_DRAW
        self.ai_at = now + self.app.after_seen(_AFTER_DRAW_MS if drew else THINK_MS)
        if self.end_at is not None and self.banner:
            self.end_at = (self.banner_until or now) + self.app.pace(_END_MS // 2)
        focus = -1
        if drew and g.current_player == _HUMAN:
            drawn = g.events[0][2]
            focus = drawn if drawn in g.legal_actions() else clubbed.DRAW
        self._refresh_slots(g.current_player == _HUMAN and not drew, focus)
        if self._over_waits():
            self.hint = "A: the result"
            self.app.announce()
        self.app.invalidate()

    def _over_waits(self):
        """True while the finished game stays on the table until A (West's
        move ended it)."""
        return self.game.is_over() and self.end_at is None

    def human_turn(self):
        """True when the game waits for the human's move (not while West's
        club waits for A: only A or B does something then)."""
        if self.banner and self.banner_until is None:
            return False
        return self.game.current_player == _HUMAN and not self.autoplay

    # --- screen protocol ---------------------------------------------------

    def deadline(self):
        """Next clock tick (ms) this screen needs a step at, or None."""
        if self.banner and self.hold_until is not None and self.pause is None:
            return self.hold_until
        return shared.deadline(self, self._timer())

    def _timer(self):
        # The game's own: the end of the game shown, or the computer's move.
        if self.end_at is not None:
            return self.end_at
        if self.game.current_player is not None and not self.human_turn():
            return self.ai_at
        return None

    def update(self, now):
        if self.pause is not None:
            return
        if self.banner:
            if self.hold_until is not None and self.app.clock.ticks_diff(now, self.hold_until) >= 0:
                self.hold_until = None
            if self.banner_until is None or self.app.clock.ticks_diff(now, self.banner_until) < 0:
                return
            self.banner = None
            self.app.invalidate()
            if self.human_turn():
                # Your turn came behind the banner: the hand raised and the
                # hint (the guided hand's keys) only now that you can move.
                self._plain_hint()
        if self.end_at is not None:
            if self.app.clock.ticks_diff(now, self.end_at) >= 0:
                self.end_at = None
                self.on_over(self.app, self)
            return
        if self._over_waits():
            return
        g = self.game
        p = g.current_player
        if p is None or self.human_turn():
            return
        if self.app.clock.ticks_diff(now, self.ai_at) < 0:
            return
        ai = self.auto_ai if p == _HUMAN and self.auto_ai is not None else self.ai
        action = shared.computer_choice(self, ai, p)
        if action is None:
            return  # the error screen is up; back here, the turn is tried again
        self._apply(action)
        self._after_apply(now)

    def on_button(self, b):
        app = self.app
        if self.pause is None and not self.banner and not self.looking \
                and shared.move_cursor(self, b, len(self.slots), True):
            return
        app.invalidate()
        if self.pause is not None:
            self._pause_button(b)
            return
        if self.banner:
            now = app.clock.ticks_ms()
            if (b == buttons.A or b == buttons.B) and \
                    (self.hold_until is None or app.clock.ticks_diff(now, self.hold_until) >= 0):
                self.hold_until = None
                self.banner_until = now
                if self.end_at is not None:
                    # Your club ended the game: the table's moment counts
                    # from now, not from the club (the banner waited).
                    self.end_at = now + self.app.pace(_END_MS // 2)
            return
        if self.looking:
            shared.look_button(self, b, _LOOK_ROWS)
            return
        if b == buttons.B:
            self.pause = shared.pause_menu(self.app)
            return
        if b == buttons.UP:
            shared.open_look(self)
            return
        n = len(self.slots)
        if self._over_waits():
            if b == buttons.A:
                self.on_over(app, self)
            return
        if b == buttons.DOWN and clubbed.DRAW in self.slots:
            self.cursor = len(self.slots) - 1
            self._plain_hint()
        elif b == buttons.A:
            if not self.human_turn():
                # A while the computer thinks: hurry it along.
                self.ai_at = app.clock.ticks_ms()
                return
            if not n:
                return
            action = self.slots[self.cursor]
            if self.game.why_illegal(action):
                self.hint = self._why_not(action)
                self.hint_alert = True
                return
            self._apply(action)
            self._after_apply(app.clock.ticks_ms())

    def _pause_button(self, b):
        shared.pause_button(self, b, self.app.pace(THINK_MS))

    # --- drawing -----------------------------------------------------------

    def tall_lines(self):
        """The panel above the table on a 240x240 screen (app.kit.tall)."""
        from app.clubbed import tall

        return tall.lines(self)

    def draw(self, fb):
        app = self.app
        if app.compact:
            from app.clubbed import compact as compact_clubbed

            compact_clubbed.draw(fb, self)
            return
        g = self.game
        w = app.width
        self.sel_x = -1  # until the hand is drawn (not under the look panel)
        fb.fill(theme.FELT)
        # Opponent strip: name, card backs, collection.
        fb.fill_rect(0, 0, w, 16, theme.FELT_DARK)
        west_turn = g.current_player == 1
        text.draw(fb, NAMES[1], 3, 2, theme.GOLD if west_turn else theme.TEXT, text.SMALL)
        n_opp = g.hand_size(1)
        step = 5 if n_opp <= 16 else max(2, 80 // n_opp)
        x = cardview.fan_backs(fb, n_opp, 38, 2, 8, 12, step)
        text.draw(fb, str(n_opp), x + 3, 2, theme.TEXT_DIM, text.SMALL)
        text.draw_right(fb, "collected %d" % g.collected(1), w - 3, 2, theme.TEXT, text.SMALL)
        # Stock and discard pile.
        sy = 19
        if g.n_stock:
            cardview.back(fb, 4, sy, theme.BIG_W, theme.BIG_H)
            # The stock count on the card back, where the eye looks for it.
            fb.fill_rect(7, sy + 15, theme.BIG_W - 6, 14, theme.PANEL)
            text.draw_centered(fb, str(g.n_stock), 20, sy + 16, theme.WHITE, text.SMALL)
        else:
            cardview.placeholder(fb, 4, sy, theme.BIG_W, theme.BIG_H, theme.TEXT_DIM)
        drawing = self.human_turn() and self.slots and self.slots[self.cursor] == clubbed.DRAW
        if drawing:
            fb.rect(2, sy - 2, theme.BIG_W + 4, theme.BIG_H + 4, theme.GOLD)
        text.draw_centered(fb, "stock", 20, sy + theme.BIG_H + 1, theme.TEXT_DIM, text.SMALL)
        px = 44
        clubbed_pile = self.banner and not g.n_pile
        if clubbed_pile:
            # The club that took the pile, on it while the banner says so
            # (no count under it: "pile 0" under a card read as wrong).
            cardview.face(fb, self.banner[3], px, sy, theme.BIG_W, theme.BIG_H)
        elif g.n_pile:
            for i in range(min(g.n_pile - 1, 3), 0, -1):
                fb.rect(px + 2 * i, sy - i, theme.BIG_W, theme.BIG_H, theme.CARD_EDGE)
            top = g.top()
            if places.HIDDEN[top] and g.n_pile > 1:
                # The card under the one in flight (app.kit.motion).
                cardview.face(fb, g.pile[g.n_pile - 2], px, sy, theme.BIG_W, theme.BIG_H)
            cardview.face(fb, top, px, sy, theme.BIG_W, theme.BIG_H)
        else:
            cardview.placeholder(fb, px, sy, theme.BIG_W, theme.BIG_H, theme.TEXT_DIM)
        if not clubbed_pile:
            text.draw_centered(fb, "pile %d" % g.n_pile, px + 17, sy + theme.BIG_H + 1,
                               theme.TEXT, text.SMALL)
        if not self.banner:
            # Whose turn and recent events, right of the pile; under a
            # banner they would show at its left edge only.
            mx = 86
            if g.is_over():
                turn, col = "Game over", theme.GOLD
            elif self.human_turn():
                turn, col = "Your turn", theme.GOLD
            elif self.autoplay and g.current_player == _HUMAN:
                turn, col = "You are playing\u2026", theme.TEXT_DIM  # a replay's own moves
            else:
                turn, col = "West is playing\u2026", theme.TEXT_DIM
            text.draw(fb, turn, mx, 19, col, text.SMALL)
            y = 35
            k = len(self.msgs)
            for i in range(k - 1, -1, -1):
                # The latest first, as every list of what happened (UP, the
                # result's last moves); suits in their colours, as on the cards
                # (a white ♦ read as •).
                cardview.draw_rich(fb, text.fit(self.msgs[i], w - mx - 1), mx, y,
                                   theme.WHITE if i == k - 1 else theme.TEXT_DIM)
                y += 13
        self._draw_own_row(fb, w)
        if self.looking:
            # The look panel covers the hand; the cursor's frame would stick
            # out at its left edge.
            self._draw_look(fb)
        else:
            self._draw_hand(fb)
        if self.banner:
            self._draw_banner(fb)
        if self.pause is not None:
            shared.draw_pause(fb, self.pause)

    def _draw_own_row(self, fb, w):
        # Own line: collection and hint, two characters apart at the least
        # (with 10 cards or more "collected 13 A draw..." ran together).
        end = text.draw(fb, "You collected %d" % self.game.collected(0), 3, _HINT_Y, theme.TEXT,
                        text.SMALL)
        if self.hint:
            col = shared.hint_colour(self.hint_alert) if self.hint_alert else theme.TEXT_DIM
            if self.hint_alert:
                fb.fill_rect(0, _HINT_Y, w, 13, theme.PANEL)
                cardview.draw_rich(fb, text.fit(self.hint, w - 6), 3, _HINT_Y, col)
            else:
                text.draw_right(fb, text.fit(self.hint, w - 3 - end - 2 * text.SMALL.w), w - 3,
                                _HINT_Y, col, text.SMALL)

    def draw_part(self, fb, r):
        """After a cursor move that left the hint as it was
        (``App.invalidate_part``): the own row and the hand drawn again over
        the frame on the glass, and ``r`` (x, y, w, h) set to the rectangle
        that holds every change: the columns of the card lowered and the
        one raised, or the width when the hand scrolled. False (the whole
        frame is drawn then) when the cursor came from or went to DRAW,
        whose frame is round the stock, or it is not your turn."""
        if self.app.compact:
            from app.clubbed import compact as compact_clubbed

            return compact_clubbed.draw_part(fb, self, r)
        was = self.sel_i
        first = self.first
        x0 = self.lay_x0
        step = self.lay_step
        after = self.lay_after
        if self.sel_x < 0 or self.cursor >= len(self.hand) or not self.human_turn():
            return False
        w = self.app.width
        fb.fill_rect(0, _HINT_Y, w, _TABLE_H - _HINT_Y, theme.FELT)
        self._draw_own_row(fb, w)
        self._draw_hand(fb)
        now = self.sel_i
        lo = 0
        hi = w
        if (first == self.first and x0 == self.lay_x0 and step == self.lay_step
                and after == self.lay_after):
            # The cards whose place or frame changed: the old and new
            # cursor's, and those the opened fan moved between them.
            lo = w
            hi = 0
            for k in range(first, first + self.lay_shown):
                a = self._hand_x(k, was)
                b = self._hand_x(k, now)
                if a != b or k == was or k == now:
                    lo = min(lo, min(a, b) - 2)
                    hi = max(hi, max(a, b) + theme.CARD_W + 2)
            lo = max(0, lo)
            hi = min(w, hi)
        r[0] = lo
        r[1] = _HINT_Y
        r[2] = hi - lo
        r[3] = _TABLE_H - _HINT_Y
        return True

    def _hand_x(self, k, cur):
        """Where ``_draw_hand`` puts card ``k`` with the cursor on card
        ``cur`` (-1: none), in the layout it last drew."""
        x = self.lay_x0 + (k - self.first) * self.lay_step
        if cur < 0 or k < cur:
            return x
        x = self.lay_x0 + (cur - self.first) * self.lay_step + (2 if cur > self.first else 0)
        if k == cur:
            return x
        return x + self.lay_after + (k - cur - 1) * self.lay_step

    def _draw_hand(self, fb):
        # Cards overlap left to right so each one's index (its left 12 px)
        # stays in sight; the cursor's card is drawn whole when the cards
        # after it can move right to make room, and a hand too long to show
        # every index scrolls, with ◄ ► where cards are hidden.
        slots = self.slots
        n = len(self.hand)
        has_draw = clubbed.DRAW in slots
        mine = self.human_turn()
        x0 = 3
        avail = self.app.width - 6 - (_DRAW_W + 6 if has_draw else 0)
        on_card = mine and self.cursor < n
        step, after, shown = _fan(n, avail, on_card)
        first = 0
        if shown < n:
            x0 += _MARK_W  # room for ◄ at the left, ► after the last card
            step, after, shown = _fan(n, avail - 2 * _MARK_W, on_card)
            first = max(0, min(min(self.cursor, n - 1) - shown // 2, n - shown))
        cur = self.cursor if on_card else -1
        self.lay_x0 = x0
        self.lay_step = step
        self.lay_after = after
        self.lay_shown = shown
        base = 99
        x = x0
        for i in range(first, first + shown):
            c = slots[i]
            legal = c in self.legal
            if i == cur:
                x += 2 if i > first else 0  # the cursor's frame clears the card before
                cardview.cursor_card(fb, c, x, base, legal)
                x += after
            else:
                cardview.face(fb, c, x, base - 6 if legal else base, dim=mine and not legal)
                x += step
        if first > 0:
            text.draw(fb, "\u25c4", 1, base + 10, theme.GOLD, text.SMALL)
        if first + shown < n:
            text.draw(fb, "\u25ba", x0 + avail - 2 * _MARK_W + 2, base + 10, theme.GOLD,
                      text.SMALL)
        if has_draw:
            dx = self.app.width - _DRAW_W - 3
            sel = self.cursor == len(slots) - 1 and mine
            fb.fill_rect(dx, base - 6, _DRAW_W, theme.CARD_H, theme.HILITE if sel else theme.PANEL)
            fb.rect(dx, base - 6, _DRAW_W, theme.CARD_H, theme.GOLD if sel else theme.TEXT_DIM)
            if text.listener is not None:  # the text view reads DRAW on the hand's row
                text.listener.rect(fb, dx, base - 6, _DRAW_W, theme.CARD_H)
            text.draw_centered(fb, "DRAW", dx + _DRAW_W // 2, base + 6, theme.WHITE, text.SMALL)
        # How the hand lay, for the next draw_part (``_hand_x``).
        self.first = first
        self.sel_i = cur
        self.sel_x = self._hand_x(cur, cur) if cur >= 0 else -1

    def _draw_banner(self, fb):
        # Right of the pile, which shows the club meanwhile, and of "You
        # collected 52" on the row below it: the new total stays in sight.
        title, line, who, _ = self.banner
        wait = self.banner_until is None
        h = 72 if wait else 58
        x = _BANNER_X
        bw = self.app.width - 2 - x
        cx = x + bw // 2
        panel(fb, x, 19, bw, h)
        fb.rect(x + 1, 20, bw - 2, h - 2, theme.GOLD)
        text.draw_centered(fb, title, cx, 22, theme.GOLD, text.BIG)
        cardview.draw_rich(fb, who, cx - len(who) * text.SMALL.w // 2, 48, theme.WHITE)
        text.draw_centered(fb, line, cx, 61, theme.WHITE, text.SMALL)
        if wait:
            text.draw_centered(fb, "A/B: continue", cx, 75, theme.TEXT_DIM, text.SMALL)

    def _look_lines(self):
        # The discard pile and both collections, all public (CB-11), as
        # header strings and rows of at most 9 cards (bytes).
        g = self.game
        # First what happened lately, the latest first: a player who looked
        # away reads here what West did.
        out = ["What happened"]
        for m in self.msgs[::-1]:
            # The small screen's look draws a str as text, a tuple as a heading.
            out.append("  " + m if self.app.compact else ("t", m))
        # The pile top first, as the 240x240 panel (app.kit.tall) lists it.
        groups = (("Discard pile, top first",
                   bytes(g.pile[i] for i in range(g.n_pile - 1, -1, -1))),
                  ("You collected %d" % g.collected(0), g.collection(0)),
                  ("West collected %d" % g.collected(1), g.collection(1)))
        for title, cs in groups:
            out.append(title)
            if not cs:
                out.append(b"")
            k = 7 if self.app.compact else 9  # cards per row
            for i in range(0, len(cs), k):
                out.append(cs[i : i + k])
        return out

    def _draw_look(self, fb):
        lines = self.look_lines
        panel(fb, 2, 17, 236, 117)
        rows = _LOOK_ROWS
        top = self.look_top
        y = 20
        for line in lines[top : top + rows]:
            if isinstance(line, str):
                text.draw(fb, line, 6, y, theme.GOLD, text.SMALL)
            elif isinstance(line, tuple):
                cardview.draw_rich(fb, text.fit(line[1], 224), 12, y, theme.TEXT)
            elif not line:
                text.draw(fb, "(none)", 12, y, theme.TEXT_DIM, text.SMALL)
            else:
                x = 12
                for c in line:
                    col = cardview.suit_color(c, 2)
                    text.draw(fb, clubbed.symbol_name(c), x, y, col, text.SMALL)
                    x += 25
            y += 12
        shared.draw_look_footer(fb, len(lines), rows)
