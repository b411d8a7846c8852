"""The Klaberjass table (RULES.md KJ-1 ... KJ-17 are the core's; this screen
only shows them and asks the human).

Layout on 240x135: West's strip on top (name, card backs, both scores); the
turned card (big) and the stock, later the bottom card (KJ-3, KJ-6); the open
trick (West's card up, yours down); the trump chip (the proposed suit while
bidding, KJ-4) with who bid and whose turn; the latest event; a hint line;
your hand with a cursor, playable cards raised and the others greyed (KJ-11).
Bids and the trump-seven exchange (KJ-7) are a row of choices over the hint
line. Banners (cut, trump, redeal, exchange, sequence KJ-8, bella KJ-9) cover
the lower half for a moment; after the ninth trick the round summary (KJ-14)
waits for A; then the next deal, or the result screen (KJ-15).

Keys: LEFT/RIGHT pick a card or a choice, A plays or confirms (and hurries
the computer), UP shows the last trick, scores and recent events, B pauses.

The human is seat 0 ("You"), the computer seat 1 ("West"). With
``options["autoplay"]`` the computer plays seat 0 too (tests, demos). Pacing
is in milliseconds on the app's clock.
"""

from micropython import const

from app import screen as shared
from app.kit import buttons, cardview, places, text, theme
from app.kit.menu import panel
from app.klaberjass.summary import (
    KlaberjassResult,
    RoundView,
    draw_banner,
    draw_rich,
    suit_chip,
)
from cardgames import klaberjass as kj

# Private constants are const(): mpy-cross folds them into the code, so their
# names take no heap on the Pico (tools/bench/mem_report.py).
_HUMAN = const(0)
NAMES = ("You", "West")
# The cut's line (KJ-2): "West's 10♠ is lower than your K♥".

# Pacing (ms) so a person can follow the computer.
THINK_MS = 750  # before each computer bid or card
_TRICK_MS = const(2200)  # a complete trick stays on the table: both cards read
_BANNER_MS = const(1900)  # a banner stays unless A or B is pressed
_SUMMARY_MS = const(2500)  # autoplay only: the round summary stays this long

_HINT_Y = const(76)
_MSG_Y = const(64)
_COL_X = const(150)  # the right column: trump, bidder, status
_CHIP_X = const(214)
_TRICK_X = const(78)  # left edge of the trick area; the event line starts there too
_TRICK_W = const(70)  # the trick area's width ("West passes" fits)
_STOCK_X = const(43)  # the stock, or the bottom card, between the turned card and the trick
# The top of a hand card that is not raised: its bottom row is the table's
# last (134), so that the raised cursor card's frame (base - 11) keeps two
# blank rows under the hint line's lowest ink (a descender's, y 87): at 99,
# raised 10, the frame ran along that row, underlining the line.
_BASE_Y = const(101)
_LIFT = const(9)  # px, the cursor's card above the hand when it may be played
_BACKS_X = const(30)  # West's backs on the top row, after the name
_GAP = const(12)  # px, two characters: the dealer mark's least gap to the scores
_LOOK_ROWS = const(8)
PAUSE_ITEMS = shared.PAUSE_ITEMS
_LOG_LEN = const(8)


def mid_name(seat):
    """Seat ``seat``'s name inside a sentence: "you" for the human (a line
    that starts with it keeps "You"), else "West"."""
    return "you" if seat == _HUMAN else NAMES[seat]


def start(app, seed, options):
    """A new game of Klaberjass for the app. The first dealer is cut for
    (KJ-2); ``options`` holds the variants ``alternate`` (KJ-2),
    ``all_sequences`` (KJ-8) and ``classic`` (KJ-11), and ``autoplay``
    (the computer plays both seats)."""
    return KlaberjassScreen(app, seed, options, _game_over)


def _game_over(app, screen):
    game = screen.game
    sess = app.sessions["Klaberjass"]
    wins = sess.get("wins", (0, 0))
    wins = (wins[0] + 1, wins[1]) if game.winner == 0 else (wins[0], wins[1] + 1)
    sess["wins"] = wins
    app.show(KlaberjassResult(app, game.result(), (game.scores[0], game.scores[1]),
                              screen.round_no, wins, NAMES, game.target))


def pass_line(seat):
    """A pass in the bidding log (KJ-4): "West passes", "You pass"."""
    return "%s pass%s" % (NAMES[seat], "" if seat == _HUMAN else "es")


def choice_label(a, game):
    """Button text of a bid or exchange action."""
    if a == kj.ACCEPT:
        return "Accept " + kj.SUIT_SYMBOLS[game.turned_suit]
    if a == kj.PASS:
        return "Pass"
    if kj.NAME_CLUBS <= a <= kj.NAME_SPADES:
        return kj.SUIT_SYMBOLS[a - kj.NAME_CLUBS]
    if a == kj.EXCHANGE:
        return "Exchange"
    return "Keep " + kj.symbol_name(game.trump * 13 + kj.R7)


def default_card(legal, trick, trump):
    """The card the cursor starts a turn on, of the ``legal`` cards, with
    ``trick`` (the cards on the table, lead first) and ``trump``: the
    cheapest winner when a card can take a lead that carries points, else
    the card giving away fewest points (KJ-13), the lowest in rank (KJ-1)
    among those. A press of A on it is never a gift: the first playable
    card put the 10 of clubs under West's ace of clubs."""

    def cost(c):
        return kj.card_points(c, trump) * 16 + kj.card_order(c, trump)

    if trick and kj.card_points(trick[0], trump):
        win = [c for c in legal if kj.beats(trick[0], c, trump)]
        if win:
            legal = win
    best = legal[0]
    for c in legal:
        if cost(c) < cost(best):
            best = c
    return best


def top_fit(n, mark, scores, w):
    """How the top row of a ``w`` px wide table fits West's ``n`` backs,
    their number, the dealer mark ``mark`` (str, may be empty) and the
    ``scores`` (per seat): ``(score text, px between the backs)``. The mark
    keeps two characters (_GAP) from the scores, the gap between the two
    scores and Clubbed's between its own line's texts: with "(you deal)"
    and three-digit scores it was 4 px. Short of room the backs close up
    from 4 px apart to 1 (their number says how many), then the scores
    take one space instead of two (four digits: ties at 500 or more play
    on, KJ-15)."""
    cw = text.SMALL.w
    row = "You %d  West %d" % (scores[0], scores[1])
    if not mark or n < 2:
        return row, 4
    # Room for the backs' n - 1 steps: the row less everything else on it.
    room = (w - 3 - len(row) * cw - _GAP - len(mark) * cw - 4
            - len(str(n)) * cw - 3 - 8 - _BACKS_X)
    if room >= 4 * (n - 1):
        return row, 4
    if room < n - 1:
        row = "You %d West %d" % (scores[0], scores[1])
        room += cw
    return row, max(1, room // (n - 1))


class KlaberjassScreen:
    """One game of Klaberjass on screen. ``options`` as for ``start``;
    ``on_over(app, screen)`` is called when the game has ended and its last
    round summary was seen."""

    def __init__(self, app, seed, options, on_over):
        self.app = app
        self.seed = seed
        self.core_kw = {"alternate": options.get("alternate", False),  # saves and records
                        "all_sequences": options.get("all_sequences", False),
                        "classic": options.get("classic", False)}
        self.game = kj.Klaberjass(seed=seed, **self.core_kw)
        self.autoplay = bool(options.get("autoplay", False))
        # A record played back (app.persist.records): its viewer has keys
        # of its own, so the table's (UP, B) are not shown.
        self.record = bool(options.get("record", False))
        # West at the difficulty chosen in the settings (app.level); with
        # autoplay a computer plays your seat (players.levels.autoplayer).
        # Imported here: App.new_game drops the factory once the players exist.
        from players import levels

        self.ais = (levels.autoplayer("klaberjass", options, seed, app.clock),
                    levels.make("klaberjass", app.level, seed, app.clock))
        self.on_over = on_over
        self.round_no = 1
        self.msgs = []  # recent event lines, newest last
        self.banners = []  # queue of (title, lines, cards, wait for A)
        self.banner_until = 0
        self.trick = []  # (seat, card) on the table, leader first
        self.trick_done = False  # the trick is complete and still shown
        self.play_line = ""  # the event line of the card completing the trick
        # The deal's line ("West deals; turned A♦"), the event line while
        # the bidding goes on: the passes are listed on the table already.
        self.deal_line = ""
        # A note that takes the event line until the next event, as Clubbed's
        # event lines keep it: Continue's "Game resumed" (app.persist.resume).
        self.note = ""
        # No key pressed on this screen yet: at 128x64 a note keeps its row
        # under a two-row duty hint, cut to one row, until the first key
        # (app.klaberjass.compact).
        self.pressed = False
        self.trick_until = 0
        self.last = None  # last complete trick: (leader, lead card, second, winner, points)
        self.last_prev = False  # ... and it is from the previous round
        self.frozen = None  # the game before the round's last card, while it is shown
        self.pending = None  # RoundView waiting for the last trick to clear
        self.summary = None  # RoundView on screen
        self.summary_until = 0
        self.after_round = []  # events after the round's end, told after the summary
        self.pause = None
        self.looking = False
        self.look_lines = []
        self.look_top = 0
        self.cursor = 0
        self.choice = 0
        self.choices = []
        self.hint = ""
        self.hint_alert = False
        now = app.clock.ticks_ms()
        self.ai_at = now + app.pace(THINK_MS)
        self._take_events(self.game.events, now)
        self._refresh(True)

    # --- state helpers -----------------------------------------------------

    def _view(self):
        # The game as drawn: the frozen copy while the round's last trick
        # shows (the core has already dealt the next round).
        return self.frozen if self.frozen is not None else self.game

    def _waiting(self):
        # Something is being shown that holds the game up.
        return bool(self.banners) or self.trick_done or self.summary is not None

    def your_turn(self):
        """True when your hand shows its cursor and raised cards: at your
        turn to play, and already while the trick before it lies on the
        table for its time (you lead next: the hint says so, and a hand
        with no card marked looked stuck). LEFT/RIGHT move the cursor then;
        A still only takes the trick away (a tap meant to hurry West must
        not play your lead unseen)."""
        if not self.legal or self.autoplay or self.banners or self.summary is not None:
            return False
        return not self.trick_done or self.trick_until is not None

    def human_turn(self):
        """True when the game waits for the human's bid, exchange or card."""
        if self.autoplay or self._waiting():
            return False
        return self.game.current_player == _HUMAN

    def _refresh(self, new_turn=False):
        # Hand, legal cards, choices and hint from the game as it now is.
        g = self._view()
        on_table = [c for _, c in self.trick]
        hand = g.hand(_HUMAN)
        # Suits left to right: black and red alternate.
        self.hand = [c for s in (0, 2, 3, 1) for c in hand if c // 13 == s and c not in on_table]
        n_opp = g.hand_size(1)
        for s, c in self.trick:
            if s == 1 and c in g.hand(1):
                n_opp -= 1
        self.n_opp = n_opp
        mine = self.frozen is None and g.current_player == _HUMAN and not self.autoplay
        ph = g.phase
        self.legal = g.legal_actions() if mine and ph == kj.PLAY else []
        choices = []
        if mine and ph != kj.PLAY:
            choices = g.legal_actions()
            if ph == kj.BID1:
                choices = [kj.ACCEPT, kj.PASS]
            elif ph == kj.BID2:
                # Round two (KJ-4): the suits other than the turned one, then pass.
                choices = [a for a in choices if a != kj.PASS] + [kj.PASS]
        if choices != self.choices:
            self.choices = choices
            # Start on Pass for bids (no bid by accident), on Exchange (KJ-7).
            self.choice = len(choices) - 1 if ph != kj.EXCHANGING else 0
        if self.hand:
            if mine and new_turn and self.legal:
                self.cursor = self.hand.index(default_card(self.legal, g.trick(), g.trump))
            self.cursor = min(self.cursor, len(self.hand) - 1)
        else:
            self.cursor = 0
        self._plain_hint()

    def _plain_hint(self):
        g = self.game
        self.hint_alert = False
        self.hint = ""
        if self.trick_done and self.trick_until is None and self.last is not None:
            self.hint = "%s +%d for the last trick   A: score" % (NAMES[self.last[3]],
                                                               kj.LAST_TRICK)
            return
        if self.frozen is not None or self.autoplay or g.current_player != _HUMAN:
            if not self.record:
                self.hint = "UP last trick & score   B menu"
            return
        ph = g.phase
        if ph == kj.BID1:
            self.hint = "Accept %s as trump, or pass" % kj.SUIT_SYMBOLS[g.turned_suit]
        elif ph == kj.BID2:
            self.hint = "Name a trump (not %s), or pass" % kj.SUIT_SYMBOLS[g.turned_suit]
        elif ph == kj.EXCHANGING:
            self.hint = "Swap your %s for the turned %s?" % (
                kj.symbol_name(g.trump * 13 + kj.R7), kj.symbol_name(g.turned))
        elif ph == kj.PLAY:
            self.hint = self._duty()
        shared.guide(self)

    def _duty(self):
        # What KJ-11 asks of the human now, in a player's words.
        g = self.game
        tr = g.trick()
        if not tr:
            return "Your lead: any card"
        lead = tr[0]
        ls = lead // 13
        t = g.trump
        sym = kj.SUIT_SYMBOLS
        legal = self.legal
        hand = self.hand
        if ls == t:
            if legal[0] // 13 != t:
                return "No trumps: any card"
            if len(legal) < sum(1 for c in hand if c // 13 == t):
                return "Trumps led: beat %s" % kj.symbol_name(lead)
            return "Trumps led: play a trump"
        if legal[0] // 13 == ls:
            if len(legal) < sum(1 for c in hand if c // 13 == ls):
                return "Follow %s and beat %s" % (sym[ls], kj.symbol_name(lead))
            return "Follow suit: play a %s" % sym[ls]
        if legal[0] // 13 == t:  # void in the suit led, trumps held: trump (KJ-11)
            return "No %s: you must trump %s" % (sym[ls], sym[t])
        return "No %s, no trumps: any card" % sym[ls]

    def _why_not(self, c):
        # A player's words for a card KJ-11 forbids (the core's why_illegal
        # cites rules and card codes, right for logs, not for this screen).
        g = self.game
        lead = g.trick()[0]
        ls = lead // 13
        t = g.trump
        sym = kj.SUIT_SYMBOLS
        if ls == t:
            if c // 13 != t:
                return "Trumps led: you must play a trump"
            return "You must overtrump %s" % kj.symbol_name(lead)
        if c // 13 == ls:
            return "You must head it: a %s above %s" % (sym[ls], kj.symbol_name(lead))
        if self.legal[0] // 13 == ls:
            return "You must follow suit: play a %s" % sym[ls]
        return "No %s: you must trump with a %s" % (sym[ls], sym[t])

    def _say(self, msg):
        self.note = ""
        if msg:
            self.msgs.append(msg)
            if len(self.msgs) > _LOG_LEN:
                self.msgs.pop(0)

    def _banner(self, title, lines, cs=b"", wait=False):
        # ``wait``: the banner stays until A (the cut, what the computer
        # decided in the bidding, a redeal, a sequence or bella scored: a
        # newcomer misses a timed one, and the A meant to close it would bid
        # or play on the buttons below), but never when the computer plays
        # both seats.
        wait = wait and not self.autoplay
        if wait:
            lines.append("A/B: continue")
        if not self.banners:
            self.banner_until = self.app.clock.ticks_ms() + _BANNER_MS
            self.app.announce()
        self.banners.append((title, lines, cs, wait))

    def _take_events(self, events, now):
        # Turn the core's events into the trick on the table, banners, log
        # lines and, at the end of a round, the summary to show.
        g = self.game
        seqs = []
        for ev in events:
            kind, seat, a, b = ev
            if self.pending is not None:
                self.after_round.append(ev)  # the next deal, or the game's end
                continue
            if kind == kj.EV_TRICK and len(self.trick) == 2:
                # The trick's two cards, lead first, with its points: the
                # trick leaves the table after _TRICK_MS, and a player who
                # looked away missed the card that answered theirs.
                self._say("%s won %s %s: %d" % (NAMES[seat], kj.symbol_name(self.trick[0][1]),
                                                kj.symbol_name(self.trick[1][1]), a))
            elif kind != kj.EV_ROUND and kind != kj.EV_FAIL:
                # (the round summary tells those)
                self._say(kj.describe(ev, _HUMAN, NAMES))
            who = NAMES[seat]
            if kind == kj.EV_DEAL:
                self.deal_line = kj.describe(ev, _HUMAN, NAMES)
            if kind == kj.EV_PLAY:
                if self.trick_done:
                    self._clear_trick()
                self.trick.append((seat, a))
                side = places.SOUTH if seat == _HUMAN else places.NORTH
                places.cue(self.app, a, places.PLAY, side)
                if len(self.trick) == 2:
                    # Shown while the trick lies complete (the winner's line
                    # comes in the same batch and would hide it).
                    self.play_line = kj.describe(ev, _HUMAN, NAMES)
            elif kind == kj.EV_TRICK:
                lead_seat, lead = self.trick[0]
                self.last = (lead_seat, lead, self.trick[1][1], seat, a)
                self.last_prev = False
                self.trick_done = True
                self.trick_until = now + _TRICK_MS
                if self.frozen is not None and not self.autoplay:
                    # The deal's last trick: until A, then the score sheet.
                    self.trick_until = None
                    self.app.announce()

            elif kind == kj.EV_CUT:
                # The dealer's card is the lower (KJ-2): said as such, not
                # as "low card deals", which asked the player for the order.
                # The cards stand in the sentence's order, the dealer's first.
                low, high = (a, b) if seat == _HUMAN else (b, a)
                self._banner("%s deal%s" % (who, "" if seat == _HUMAN else "s"),
                             [("Your %s is lower than West's %s" if seat == _HUMAN else
                               "West's %s is lower than your %s")
                              % (kj.symbol_name(low), kj.symbol_name(high))],
                             bytes((low, high)), True)
            elif kind == kj.EV_BID and a != kj.PASS:
                verb = "accepted" if a == kj.ACCEPT else "named"
                self._banner("Trump " + kj.SUIT_SYMBOLS[g.trump],
                             ["%s %s %s" % (who, verb, kj.SUIT_SYMBOLS[g.trump])],
                             wait=seat != _HUMAN)
                self.banners[-1][1].insert(1, "3 more cards each")
            elif kind == kj.EV_BID and g.phase == kj.BID2 and len(g.bids()) == 2:
                # The pass that began round two (KJ-4): a stop when it was West's.
                # "Second chance", not "round 2": a round read as a deal.
                self._banner("Second chance", [
                    "Both passed %s." % kj.SUIT_SYMBOLS[g.turned_suit],
                    "Name another suit or pass"], wait=seat != _HUMAN)
            elif (kind == kj.EV_BID and seat != _HUMAN and g.current_player == _HUMAN
                  and len(g.bids()) % 2):
                # West passed first, in either round (not a pass that ended
                # the bidding): your bid comes next, after you saw West's.
                self._banner("West passes", [
                    "West does not take %s as trump" % kj.SUIT_SYMBOLS[g.turned_suit]
                    if g.phase == kj.BID1 else "West names no suit", "Your turn to bid"],
                    wait=True)
            elif kind == kj.EV_MORE and self.banners:
                lines = self.banners[-1][1]
                lines[1] = "3 more cards each; out of play: %s" % kj.symbol_name(a)
            elif kind == kj.EV_REDEAL:
                self._banner("All passed", ["No trump: %s" % (
                    "you redeal" if seat == _HUMAN else who + " redeals")], wait=True)
            elif kind == kj.EV_EXCHANGE and seat != _HUMAN:
                # One line: a second one ran under the card drawn below it.
                self._banner("Exchange", ["%s swapped %s for the turned %s" % (
                    who, kj.symbol_name(a), kj.symbol_name(b))], bytes((b,)), True)
            elif kind == kj.EV_SEQ:
                seqs.append(kj.describe(ev, _HUMAN, NAMES))
            elif kind == kj.EV_SEQ_TIE:
                self._banner("Sequences tie", ["Both best are %d cards long: no score" % b],
                             wait=True)
            elif kind == kj.EV_BELLA:
                t = a // 13  # the card that completed it is a trump
                self._banner("Bella!", ["%s: king and queen of trumps, %d" % (who, b)],
                             bytes((t * 13 + kj.RK, t * 13 + kj.RQ)), wait=True)
            elif kind == kj.EV_ROUND:
                before = self.frozen.scores if self.frozen is not None else g.scores
                # The core has dealt the next deal already: its dealer (KJ-2).
                self.pending = RoundView(g.last_round, (before[0], before[1]),
                                         (g.scores[0], g.scores[1]), self.round_no, g.target,
                                         NAMES, g.is_over(), g.dealer)
        if seqs:
            w = g.seq_winner()
            if len(seqs) > 1:
                seqs = ["%s: %d points in sequences" % (NAMES[w], g.seq_pts[w])]
            self._banner("Sequence", seqs, g.seq_cards(), wait=True)

    def _clear_trick(self):
        if self.trick_done and self.last is not None:
            # The won trick slides to its winner's side of the table.
            side = places.SOUTH if self.last[3] == _HUMAN else places.NORTH
            for _, c in self.trick:
                places.cue(self.app, c, places.TAKE, side)
        self.trick = []
        self.trick_done = False
        self.play_line = ""

    def event_line(self):
        """The event line under the trick: while a complete trick lies on the
        table, its second card's play ("West played A♥"; the column says who
        takes it), else the latest event; while the bidding goes on, the
        deal (the turned card; at 128x64 who dealt too, which the top row
        marks at 240 px), since the table lists the passes;
        before all of these, a ``note`` until the next event."""
        if self.trick_done and self.play_line:
            return self.play_line
        if self.note:
            return self.note
        g = self._view()
        if self.deal_line and g.trump == kj.NO_SUIT and (g.phase == kj.BID1 or g.phase == kj.BID2):
            if self.app.compact:
                return self.deal_line  # no mark for you on 128x64's top row
            # The top row marks the dealer while the bidding goes on ("(you
            # deal)", "(deals)"): the line names the turned card alone.
            return "Turned " + kj.symbol_name(g.turned)
        return self.msgs[-1] if self.msgs else ""

    def _apply(self, action, now):
        g = self.game
        if g.phase == kj.PLAY and g.n_played == 17:
            # The round's last card: the core scores the round and deals the
            # next at once, so keep the table as it was to show the trick.
            self.frozen = g.copy()
        if self.trick_done:
            self._clear_trick()
        g.apply(action)
        self.app.moved(self, action, _HUMAN)
        self._take_events(g.events, now)
        self.ai_at = now + self.app.after_seen(THINK_MS)
        self._refresh(True)
        self.app.invalidate()

    # --- screen protocol ---------------------------------------------------

    def deadline(self):
        """Next clock tick (ms) this screen needs a step at, or None."""
        if self.pause is not None:
            return None
        if self.banners:
            return None if self.banners[0][3] else self.banner_until
        if self.trick_done:
            return self.trick_until
        if self.summary is not None:
            return self.summary_until if self.autoplay else None
        p = self.game.current_player
        if p is not None and self.ais[p] is not None:
            if self.game.phase == kj.EXCHANGING:
                return self.app.clock.ticks_ms()
            return self.ai_at
        return None

    def update(self, now):
        if self.pause is not None:
            return
        diff = self.app.clock.ticks_diff
        if self.banners:
            if self.banners[0][3] or diff(now, self.banner_until) < 0:
                return
            self.banners.pop(0)
            self.banner_until = now + _BANNER_MS
            self.app.invalidate()
            if self.banners:
                self.app.announce()  # the next one
                return
            self.ai_at = now + self.app.pace(THINK_MS)
            if not self._waiting():
                # Your turn may have come behind the banners: its hint (and
                # the guided hand's keys) only now that you can act.
                self._plain_hint()
            if self.trick_done and self.trick_until is not None:
                self.trick_until = now + _TRICK_MS // 2
        if self.trick_done:
            if self.trick_until is None or diff(now, self.trick_until) < 0:
                return
            # Your lead's cursor already showed over the trick (and LEFT/
            # RIGHT may have moved it): it stays where the player left it.
            shown = self.your_turn()
            self._clear_trick()
            self.ai_at = now + self.app.pace(THINK_MS // 2)
            if self.pending is not None:
                self.summary = self.pending
                self.pending = None
                self.app.announce()
                self.summary_until = now + _SUMMARY_MS
            self._refresh(not shown)
            self.app.invalidate()
        if self.summary is not None:
            if not self.autoplay or diff(now, self.summary_until) < 0:
                return
            self._close_summary(now)
            if self.summary is None and self.app.screen is not self:
                return
        g = self.game
        p = g.current_player
        if p is None or self.ais[p] is None:
            return
        # The trump-seven exchange (KJ-7) is decided at once: waiting would
        # show who holds the seven.
        if g.phase != kj.EXCHANGING and diff(now, self.ai_at) < 0:
            return
        action = shared.computer_choice(self, self.ais[p], p)
        if action is not None:  # else the error screen is up
            self._apply(action, now)

    def _close_summary(self, now):
        sv = self.summary
        self.summary = None
        self.frozen = None
        events = self.after_round
        self.after_round = []
        if sv.over:
            self._take_events(events, now)
            self.on_over(self.app, self)
            return
        self.round_no += 1
        self.last_prev = self.last is not None
        self.msgs = []
        self._take_events(events, now)
        self.ai_at = now + self.app.pace(THINK_MS)
        self._refresh(True)
        self.app.invalidate()

    def on_button(self, b):
        app = self.app
        app.invalidate()
        self.pressed = True
        now = app.clock.ticks_ms()
        if self.pause is not None:
            self._pause_button(b)
            return
        if self.banners:
            if b == buttons.A or b == buttons.B:
                title, lines, cs, _ = self.banners[0]
                self.banners[0] = (title, lines, cs, False)  # A: go on
                self.banner_until = now
            return
        if self.summary is not None:
            if self.looking:
                shared.look_button(self, b, _LOOK_ROWS, up_at_top_closes=True)
            elif b == buttons.A:
                self._close_summary(now)
            elif b == buttons.B:
                self.pause = shared.pause_menu(self.app)
            elif b == buttons.UP:
                shared.open_look(self)  # the last trick, the deal's score
            return
        if self.looking:
            shared.look_button(self, b, _LOOK_ROWS, up_at_top_closes=True)
            return
        if b == buttons.B:
            self.pause = shared.pause_menu(self.app)
            return
        if b == buttons.UP:
            shared.open_look(self)
            return
        g = self.game
        if self.trick_done and self.your_turn() and \
                shared.move_cursor(self, b, len(self.hand), False, self.legal):
            return  # your lead, chosen while the trick still shows
        if not self.human_turn():
            if b == buttons.A:
                # A while the computer thinks or a trick shows: hurry along.
                self.ai_at = now
                self.trick_until = now
            return
        if self.choices:
            n = len(self.choices)
            if b == buttons.LEFT:
                self.choice = (self.choice - 1) % n
            elif b == buttons.RIGHT:
                self.choice = (self.choice + 1) % n
            elif b == buttons.A:
                self._apply(self.choices[self.choice], now)
            return
        n = len(self.hand)
        if shared.move_cursor(self, b, n, False, self.legal):
            return
        if b == buttons.A and n:
            c = self.hand[self.cursor]
            if g.why_illegal(c):
                self.hint = self._why_not(c)
                self.hint_alert = True
                return
            self._apply(c, now)

    def _pause_button(self, b):
        shared.pause_button(self, b, self.app.pace(THINK_MS))

    # --- the look overlay (UP) ----------------------------------------------

    def _look_lines(self):
        # Scores, this round so far, the last trick and recent events, all
        # public (KJ-16). Headers are ("h", str); other lines str.
        g = self._view()
        out = [("h", "Score: you %d, West %d (to %d)" % (g.scores[0], g.scores[1], g.target))]
        sym = kj.SUIT_SYMBOLS
        if g.trump == kj.NO_SUIT:
            rnd = "bidding, %s turned up" % kj.symbol_name(g.turned)
        else:
            rnd = "trump %s, %s bid" % (sym[g.trump], "your" if g.maker == _HUMAN else "West's")
        out.append(("h", "Deal %d: %s" % (self.round_no, rnd)))
        if g.trump != kj.NO_SUIT:
            out.append("Tricks: you %d (%d pts), West %d (%d)" % (
                g.won[0], g.points[0], g.won[1], g.points[1]))
            for seat in (0, 1):
                if g.seq_pts[seat]:
                    out.append("Sequence: %s %d" % (NAMES[seat].lower() if seat == _HUMAN
                                                    else NAMES[seat], g.seq_pts[seat]))
                if g.bella[seat]:
                    out.append("Bella: %s 20" % (NAMES[seat].lower() if seat == _HUMAN
                                                 else NAMES[seat]))
        out.append(("h", "Last trick" + (" (previous deal)" if self.last_prev else "")))
        if self.last is None:
            out.append("  none yet")
        else:
            ls, a, b, w, pts = self.last
            # "You" starts the line only: "West 9♦, you 8♦: you won 11".
            out.append("  %s %s, %s %s: %s won %d" % (
                NAMES[ls], kj.symbol_name(a), mid_name(1 - ls), kj.symbol_name(b),
                mid_name(w), pts))
        out.append(("h", "Recent"))
        for m in self.msgs[::-1]:
            out.append("  " + m)
        return out

    # --- drawing -----------------------------------------------------------

    def tall_lines(self):
        """The panel above the table on a 240x240 screen (app.kit.tall)."""
        from app.klaberjass import tall

        return tall.lines(self)

    def draw(self, fb):
        if self.app.compact:
            from app.klaberjass import compact as compact_klaberjass

            compact_klaberjass.draw(fb, self)
            return
        if self.summary is not None:
            self.summary.draw(fb, self.app.width)
            if self.looking:
                self._draw_look(fb)
            if self.pause is not None:
                self._draw_pause(fb)
            return
        g = self._view()
        w = self.app.width
        fb.fill(theme.FELT)
        self._draw_top(fb, g, w)
        self._draw_stock(fb, g)
        self._draw_trick(fb)
        self._draw_column(fb, g)
        # A banner (draw_banner, from y 66) hides the event row (y 64) but for
        # its top two pixel rows, where an i's dot or an apostrophe stood
        # above the box (and an alert's panel from y 63): not drawn then.
        covered = bool(self.banners)
        line = "" if covered else self.event_line()
        if self.hint_alert and self.choices and not covered:
            # The choices take the hint line: a hint (app.hint) goes above.
            fb.fill_rect(0, _MSG_Y - 1, w, 13, theme.PANEL)
            draw_rich(fb, text.fit(self.hint, w - 6), 3, _MSG_Y,
                      shared.hint_colour(self.hint_alert))
        elif line:
            draw_rich(fb, text.fit(line, w - _TRICK_X), _TRICK_X, _MSG_Y, theme.WHITE)
        if self.choices and not self._waiting():
            self._draw_choices(fb, w)
        elif self.hint:
            if self.hint_alert:
                fb.fill_rect(0, _HINT_Y, w, 13, theme.PANEL)
                draw_rich(fb, text.fit(self.hint, w - 6), 3, _HINT_Y,
                          shared.hint_colour(self.hint_alert))
            else:
                draw_rich(fb, text.fit(self.hint, w - 6), 3, _HINT_Y, theme.TEXT_DIM)
        self._draw_hand(fb)
        if self.looking:
            self._draw_look(fb)
        if self.banners:
            title, lines, cs, _ = self.banners[0]
            draw_banner(fb, title, lines, cs, w)
        if self.pause is not None:
            self._draw_pause(fb)

    def _draw_pause(self, fb):
        shared.draw_pause(fb, self.pause)

    def _draw_top(self, fb, g, w):
        fb.fill_rect(0, 0, w, 16, theme.FELT_DARK)
        # Whose turn is not shown while the trump seven's holder decides (KJ-7).
        west = (g.current_player == 1 and g.phase != kj.EXCHANGING and self.frozen is None
                and not self._waiting())
        text.draw(fb, NAMES[1], 3, 2, theme.GOLD if west else theme.TEXT)
        # "(deals)" after West's count, "(you deal)" while bidding, in brackets so
        # they do not run into the scores; not under the cut's banner, which
        # says who deals.
        mark = ""
        if self.banners and " is lower than " in self.banners[0][1][0]:  # the cut's
            pass
        elif g.dealer == 1 or g.trump == kj.NO_SUIT:
            mark = "(deals)" if g.dealer == 1 else "(you deal)"
        scores, step = top_fit(self.n_opp, mark, g.scores, w)
        # The backs and their number beside them, as Clubbed's: the backs
        # alone must be counted.
        x = cardview.fan_backs(fb, self.n_opp, _BACKS_X, 2, 8, 12, step)
        x = text.draw(fb, str(self.n_opp), x + 3, 2, theme.TEXT_DIM)
        if mark:
            text.draw(fb, mark, x + 4, 2, theme.TEXT_DIM)
        text.draw_right(fb, scores, w - 3, 2, theme.TEXT)

    def _draw_stock(self, fb, g):
        # The turned card lies apart from the stock (KJ-3); once trump is set
        # the bottom card of the stock is turned (KJ-6).
        cardview.face(fb, g.turned, 3, 19, theme.BIG_W, theme.BIG_H)
        # Under the card from its left edge, 3 px in as the hint and the top
        # row (centred under the 32 px card it touched the screen's edge):
        # the turned card while it may count (the bidding, KJ-4; the seven's
        # exchange, KJ-7); in play, under it and the stock's bottom card
        # (KJ-6), what both are ("turned" and "unused" said nothing).
        text.draw(fb, "out of play" if g.phase == kj.PLAY else "turned up", 3, _MSG_Y,
                  theme.TEXT_DIM)
        bottom = g.bottom()
        x = _STOCK_X
        if bottom != kj.NO_CARD:
            cardview.face(fb, bottom, x, 19)
        else:
            cardview.back(fb, x, 19)
            fb.fill_rect(x + 3, 29, theme.CARD_W - 6, 14, theme.PANEL)
            text.draw_centered(fb, str(g.n_stock), x + 12, 30, theme.WHITE)
            text.draw_centered(fb, "stock", x + 12, 54, theme.TEXT_DIM)

    def _draw_trick(self, fb):
        # The middle of the table, darker; West's card up, yours down and to
        # the right (West sits at the top), both indices visible.
        fb.fill_rect(_TRICK_X - 2, 17, _TRICK_W, 46, theme.FELT_DARK)
        g = self._view()
        if g.trump == kj.NO_SUIT:
            # Bidding (KJ-4): the passes so far, the latest first, as every
            # list of what happened reads (the 240x240 panel's "Recent" is
            # just above). The non-dealer bids first, so even bids are theirs.
            y = 20
            for i in range(len(g.bids()) - 1, -1, -1):
                text.draw(fb, pass_line(g.dealer if i % 2 else 1 - g.dealer),
                          _TRICK_X, y, theme.TEXT_DIM)
                y += 13
        # Side by side under their owners' names, the winner's framed in gold.
        win = self.last[3] if self.trick_done and self.last is not None else -1
        for s, c in self.trick:
            x = _TRICK_X + (3 if s == 1 else 37)
            text.draw(fb, NAMES[s], x, 17, theme.GOLD if s == win else theme.TEXT_DIM)
            cardview.face(fb, c, x, 29)
            if s == win:
                fb.rect(x - 1, 28, theme.CARD_W + 2, theme.CARD_H + 2, theme.GOLD)

    def _draw_column(self, fb, g):
        x = _COL_X
        if g.trump == kj.NO_SUIT:
            # The bidding's two rounds (KJ-4) as chances: "round" read as a deal.
            rnd = 1 if g.phase == kj.BID1 else 2
            text.draw(fb, "Trump?", x, 19, theme.GOLD)
            text.draw(fb, "1st chance" if rnd == 1 else "2nd chance", x, 31, theme.TEXT)
            suit_chip(fb, g.turned_suit if rnd == 1 else kj.NO_SUIT, _CHIP_X, 18, dim=True)
        else:
            text.draw(fb, "Trump", x, 19, theme.GOLD)
            text.draw(fb, "your bid" if g.maker == _HUMAN else "West's bid", x, 31, theme.TEXT)
            suit_chip(fb, g.trump, _CHIP_X, 18)
        status = ""
        col = theme.TEXT_DIM
        if self.trick_done and self.last is not None:
            w = self.last[3]
            status = "%s take%s %d" % (NAMES[w], "" if w == _HUMAN else "s", self.last[4])
            col = theme.TEXT
        elif self._waiting() or self.frozen is not None:
            status = ""
        elif g.phase == kj.EXCHANGING and g.current_player != _HUMAN:
            status = ""  # KJ-7: do not tell who holds the seven
        elif g.current_player == _HUMAN and not self.autoplay:
            status = "Your turn"
            if g.phase == kj.BID1:
                status = "Your bid: %s?" % kj.SUIT_SYMBOLS[g.turned_suit]
            elif g.phase == kj.BID2:
                status = "Name a trump?"
            if g.phase == kj.EXCHANGING:
                # KJ-7: the question itself (the choices sit on the hint line).
                status = "Swap %s for %s?" % (kj.symbol_name(g.trump * 13 + kj.R7),
                                              kj.symbol_name(g.turned))
            col = theme.GOLD
        elif g.current_player is not None:
            p = g.current_player
            # "You bid…" when a replay plays the human's seat too.
            status = "%s %s%s\u2026" % (NAMES[p], "bid" if g.phase in (kj.BID1, kj.BID2)
                                        else "play", "" if p == _HUMAN else "s")
        draw_rich(fb, status, x, 48, col)

    def _draw_choices(self, fb, w):
        g = self.game
        font = text.BOLD
        n = len(self.choices)
        widths = [len(choice_label(a, g)) * font.w + 12 for a in self.choices]
        total = sum(widths) + 6 * (n - 1)
        x = (w - total) // 2
        y = _HINT_Y + 1
        for i in range(n):
            a = self.choices[i]
            bw = widths[i]
            sel = i == self.choice
            suit = kj.NAME_CLUBS <= a <= kj.NAME_SPADES
            if suit and not sel:
                # A suit to name looks like a card: red or black on white.
                fb.fill_rect(x, y, bw, 19, theme.CARD)
            else:
                # The cursor's button on the highlight, whichever it is (a
                # suit on white with a gold frame read as a mark, not as
                # the cursor, once a hint had moved it there).
                fb.fill_rect(x, y, bw, 19, theme.HILITE if sel else theme.PANEL)
            fb.rect(x, y, bw, 19, theme.GOLD if sel else theme.TEXT_DIM)
            if sel:
                fb.rect(x + 1, y + 1, bw - 2, 17, theme.GOLD)
            label = choice_label(a, g)
            if suit:
                ink = theme.WHITE if sel else cardview.suit_color((a - kj.NAME_CLUBS) * 13)
                text.draw(fb, label, x + 6, y + 2, ink, font)
            else:
                draw_rich(fb, label, x + 6, y + 2, theme.WHITE, font)
            x += bw + 6

    def _draw_hand(self, fb):
        hand = self.hand
        n = len(hand)
        if not n:
            return
        cw = theme.CARD_W
        step = cw + 2
        if n > 1:
            step = min(cw + 2, (self.app.width - 6 - cw) // (n - 1))
        playing = self.your_turn()
        base = _BASE_Y
        sel_x = -1
        for i in range(n):
            c = hand[i]
            x = 3 + i * step
            legal = c in self.legal
            y = base - 6 if legal and playing else base
            if i == self.cursor and playing:
                sel_x = x
                continue
            cardview.face(fb, c, x, y, dim=playing and not legal)
        if sel_x >= 0:
            c = hand[self.cursor]
            cardview.cursor_card(fb, c, sel_x, base, c in self.legal, _LIFT)

    def _draw_look(self, fb):
        lines = self.look_lines
        panel(fb, 0, 17, 240, 118)
        top = self.look_top
        y = 20
        for line in lines[top : top + _LOOK_ROWS]:
            if isinstance(line, tuple):
                draw_rich(fb, text.fit(line[1], 226), 6, y, theme.GOLD)
            else:
                draw_rich(fb, text.fit(line, 226), 6, y, theme.TEXT)
            y += 12
        shared.draw_look_footer(fb, len(lines), _LOOK_ROWS)
