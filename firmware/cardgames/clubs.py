"""Clubs, by David Poon: 4 players in 2 partnerships, 52 cards (RULES.md PC-1
... PC-16). A whole game to 42 points (PC-15), hand after hand.

Seats 0..3 are North, East, South, West, in clockwise playing order; North-South
(team 0) and East-West (team 1) are partners, so a seat's team is ``seat & 1``
and its partner ``(seat + 2) % 4``. "Left" is the next seat clockwise.

Phases (``phase``) and their actions:

- ``PH_PASS_HEARTS``: the seat to move picks the card for the Hearts pass (a
  card int 0..51 from its hand). ``PH_PASS_PARTNER``: it picks the card for
  its partner (a card int, not the Hearts card). The four seats choose in the
  fixed order North, East, South, West, each its Hearts card then its partner
  card; on the 4th hand of each cycle there is no Hearts pass and the phase
  starts at ``PH_PASS_PARTNER`` (PC-2). Nothing moves until all four chose;
  no seat's observation shows another seat's choice before that.
- ``PH_SHOW``: the seat to move picks the card it shows (a card int); the
  same fixed order; all four are revealed once all chose (PC-3).
- ``PH_PLAY``: a card int plays that card (PC-4, PC-5).
- ``PH_TAKE``: the trick's winning partners played two equal off-suit
  non-clubs; the partner who played first chooses ``TAKE_SELF`` or
  ``TAKE_PARTNER`` (PC-9).
- ``PH_BID``: right after winning its first trick of the hand the seat bids
  ``BID0 + n`` for n = 0..13 (PC-10).
- ``PH_OVER``: the game is over (``current_player`` is None).

A finished hand is scored at once (PC-13, PC-14) and, unless the game is
over (PC-15), the next hand is dealt within the same ``apply``: its events
tell the whole story and ``last_hand()`` keeps the finished hand's summary.

State is plain data: ``loc`` (bytearray(52): the seat holding each card, or
``PLAYED + seat`` once played), ``seq`` (the cards played this hand, in
order), ``takers`` (who took each trick), bytearrays of 4 for bids, tricks,
Negative Ones and Adams, and small ints. No per-card objects, no floats.

Position notation (``to_text`` / ``clubs_text.from_text``): one line, fields separated by
``;``, e.g. ``Clubs(seed=5).to_text()``::

    PC1;t=42;r=19273,65055;n=1;d=0;s=0,0;ph=H;m=0;h0=5C7CJC2D4D6D8DKD7HQHAH7S8S;
    h1=3CKC3D5DJD6H8HKH5S9SJSKSAS;h2=2C6CTC7D9DAD5H9HTH3S4S6STS;
    h3=4C8C9CQCACTDQD2H3H4HJH2SQS;x=----------------;v=--------;k=;w=;b=----;l=-

(one line; broken here to fit).

- ``t`` target (PC-15, 42 by default); ``r`` the shuffle generator's state
  ``hi,lo`` (the next hands' deals); ``n`` hand number in the game (1, 2,
  ...; it sets the pass direction, PC-2); ``d`` dealer seat; ``s`` the game
  scores of N-S and E-W before this hand (signed ints), or after it once the
  game is over.
- ``ph`` phase letter: ``H`` Hearts pass pick, ``P`` partner pass pick, ``S``
  show pick, ``L`` play, ``T`` take choice, ``B`` bid, ``X`` game over; ``m``
  seat to move (``-`` when over).
- ``h0``..``h3`` the cards each seat holds now (2 characters per card as in
  RULES.md, no separators; sorted).
- ``x`` 8 slots of 2 characters, per seat N, E, S, W its Hearts-pass card then
  its partner card (``--`` not chosen yet, or no Hearts pass on hand 4); the
  cards have moved once all slots are filled. ``v`` 4 slots: the card each
  seat shows (``--`` not chosen yet).
- ``k`` every card played this hand, in play order (the current trick last).
- ``w`` the seat that took each completed trick (one digit per trick).
- ``b`` each seat's bid this hand: ``-`` none yet, ``0``-``9``, ``A``-``D``
  for 10-13.
- ``l`` the last finished hand: ``-`` on hand 1, else 16 characters: the four
  bids (``-`` = never bid, taken as nil), the four tricks won, the four
  Negative One counts and the four Adam counts (digits, ``A``-``D`` above 9).

Who played each card, tricks won, Negative Ones, Adams, clubs broken and the
voids shown all follow from ``k`` and ``w``: ``from_text`` replays the hand
through the rules, so it accepts only positions the rules allow.
"""

from cardgames import cards
from cardgames.game import Game
from cardgames.rng import Rng

NUM_SEATS = 4
NORTH = 0
EAST = 1
SOUTH = 2
WEST = 3
SEAT_NAMES = ("North", "East", "South", "West")
TEAM_NAMES = ("N-S", "E-W")
TARGET = 42
HAND_SIZE = 13
NO_CARD = cards.NO_CARD
NO_BID = 255

# Actions besides card ints (0..51).
BID0 = 100  # BID0 + n bids n tricks, n = 0..13
BID13 = 113
TAKE_SELF = 120  # PC-9 choice: the chooser takes the trick
TAKE_PARTNER = 121  # PC-9 choice: the chooser's partner takes it

# Phases.
PH_PASS_HEARTS = 1
PH_PASS_PARTNER = 2
PH_SHOW = 3
PH_PLAY = 4
PH_TAKE = 5
PH_BID = 6
PH_OVER = 7
_PH_DONE = 8  # internal: hand finished during a from_text replay
PHASE_LETTERS = "?HPSLTBX"
PHASE_NAMES = ("?", "Hearts pass", "Partner pass", "Show", "Play", "Take", "Bid", "Over")

# Hearts pass direction by hand number (PC-2): hand 1 left, 2 right, 3
# across, 4 none, then again.
PASS_LEFT = 0
PASS_RIGHT = 1
PASS_ACROSS = 2
PASS_NONE = 3
PASS_OFFSET = (1, 3, 2, 0)  # seat offset of the Hearts pass receiver
PASS_NAMES = ("left", "right", "across", "none")

# Where a card is (``loc``): seat 0..3 holds it, or PLAYED + seat played it.
PLAYED = 4

# Why a partnership won a trick (PC-7, PC-8).
WIN_SUM = 1
WIN_HIGH = 2

ACE_CLUBS = 12
KING_CLUBS = 11

# Event kinds, in ``events`` as (kind, seat, a, b).
EV_DEAL = 1  # seat dealt hand number a; b = pass direction (PASS_*)
EV_PASS_PICK = 2  # seat picked card a to pass; b 0 = Hearts pass, 1 = partner
EV_PASS = 3  # seat passed card a to seat b (a is hidden from the others)
EV_SHOW_PICK = 4  # seat picked card a to show (hidden until all chose)
EV_SHOWN = 5  # seat shows card a (PC-3)
EV_PLAY = 6  # seat played card a, worth b in this trick (PC-6)
EV_NEG_ONE = 7  # seat played Negative One a (PC-11)
EV_BROKEN = 8  # seat broke clubs with card a (PC-5)
EV_SUMS = 9  # trick complete; seat = winning team, a, b = sums of N-S, E-W
EV_TRICK = 10  # seat took trick number a (1..13); b = WIN_SUM or WIN_HIGH
EV_CHOOSE = 11  # seat must choose who takes the tied trick: cards a, b (PC-9)
EV_CHOICE = 12  # seat chose that seat a takes the trick (PC-9)
EV_ADAM = 13  # seat pulled an Adam with card a; b = its Adams this hand
EV_TRUE_ADAM = 14  # seat pulled a True Adam (its second Adam this hand)
EV_BID = 15  # seat bid a tricks; b = running total of bids (PC-10)
EV_SEAT_SCORE = 16  # seat scored a this hand, having won b tricks (PC-13)
EV_HAND_END = 17  # seat = hand number; a, b = hand scores of N-S, E-W (PC-14)
EV_GAME_OVER = 18  # seat = winning team; a, b = final scores (PC-15)


# --- rules as functions (also for the UI and players) --------------------------


def pass_direction(hand_no):
    """PASS_LEFT/RIGHT/ACROSS/NONE for hand number ``hand_no`` >= 1 (PC-2)."""
    return (hand_no - 1) % 4


def hearts_receiver(seat, direction):
    """Seat receiving ``seat``'s Hearts-pass card, or None on hand 4 (PC-2)."""
    if direction == PASS_NONE:
        return None
    return (seat + PASS_OFFSET[direction]) % 4


def card_value(c, led_suit):
    """Value of card ``c`` in a trick whose led suit is ``led_suit`` (PC-6):
    face value 2..14, +3 for a club always, -3 for a non-club off the suit led.
    The led card itself follows its own suit."""
    v = c % 13 + 2
    if c < 13:
        return v + 3
    if c // 13 != led_suit:
        return v - 3
    return v


def is_negative_one(c, led_suit, position):
    """True if card ``c`` played ``position``-th (0 = led) is a Negative One
    (PC-11): a non-club 2 that does not follow the suit led."""
    return position > 0 and c % 13 == 0 and c >= 13 and c // 13 != led_suit


def _higher_key(c, led):
    # PC-9 order: a club beats a non-club, a card of the suit led beats an
    # off-suit non-club, then the higher value.
    if c < 13:
        return 64 + c
    if c // 13 == led:
        return 32 + c % 13
    return c % 13


def trick_sums(trick, leader):
    """Partnership sums (N-S, E-W) of the cards in ``trick`` (played in order
    from seat ``leader``; may be incomplete) (PC-7)."""
    s = [0, 0]
    if len(trick):
        led = trick[0] // 13
        for i in range(len(trick)):
            s[((leader + i) % 4) & 1] += card_value(trick[i], led)
    return (s[0], s[1])


def highest_card_index(trick):
    """Index in ``trick`` of its highest card (PC-8): the highest-ranking club
    if a club was played, else the highest-ranking card of the suit led."""
    best = 0
    key = -1
    led = trick[0] // 13
    for i in range(len(trick)):
        c = trick[i]
        if c < 13:
            k = 100 + c
        elif c // 13 == led:
            k = c % 13
        else:
            continue
        if k > key:
            key = k
            best = i
    return best


def resolve_trick(trick, leader, sums=None):
    """Outcome of the complete 4-card ``trick`` led by ``leader``.

    Returns ``(team, why, taker, chooser)``: the winning team (0 N-S, 1 E-W),
    WIN_SUM (PC-7) or WIN_HIGH (PC-8, equal sums), the seat that takes it
    (PC-9), or None when the two cards tie and ``chooser`` (the partner who
    played first; else None) must choose. ``sums``: the trick's
    ``trick_sums`` if already known.
    """
    s0, s1 = sums if sums else trick_sums(trick, leader)
    why = WIN_SUM if s0 != s1 else WIN_HIGH
    t = _taker(trick, leader, s0, s1)
    if t < 4:
        return t & 1, why, t, None
    return t & 1, why, None, t - 4


def trick_taker(trick, leader):
    """``resolve_trick`` as one int, without allocating (players weigh many
    tricks per decision): the seat that takes the complete 4-card ``trick``
    led by ``leader`` (PC-7 ... PC-9), or 4 + the seat that must choose
    when the winning partners' cards tie. Its team is the int & 1."""
    led = trick[0] // 13
    s0 = 0
    s1 = 0
    for i in range(4):
        v = card_value(trick[i], led)  # trick_sums (PC-7), without its tuple
        if (leader + i) & 1:
            s1 += v
        else:
            s0 += v
    return _taker(trick, leader, s0, s1)


def _taker(trick, leader, s0, s1):
    # PC-7 / PC-8: the winning team; PC-9: which of its two cards takes the
    # trick (4 + the partner who played first when they tie).
    if s0 != s1:
        team = 0 if s0 > s1 else 1
    else:
        team = ((leader + highest_card_index(trick)) % 4) & 1
    i = (team - leader) % 2  # index of this team's first card
    led = trick[0] // 13
    ka = _higher_key(trick[i], led)
    kb = _higher_key(trick[i + 2], led)
    if ka > kb:
        return (leader + i) % 4
    if kb > ka:
        return (leader + i + 2) % 4
    return 4 + (leader + i) % 4


def _top_club_in(trick):
    # Whether the AC or KC is in the trick (``int in bytearray`` is missing
    # on MicroPython).
    for c in trick:
        if c == ACE_CLUBS or c == KING_CLUBS:
            return True
    return False


def adam_seats(trick, leader, team):
    """Seats that pull an Adam (PC-12) in the complete ``trick`` led by
    ``leader`` and won by ``team``: each played the AC or KC, the opponents
    played neither, and the opponents won."""
    out = []
    for i in range(4):
        c = trick[i]
        if c == ACE_CLUBS or c == KING_CLUBS:
            s = (leader + i) % 4
            if s & 1 == team:
                continue
            o1 = trick[(i + 1) % 4]
            o2 = trick[(i + 3) % 4]
            if o1 in (ACE_CLUBS, KING_CLUBS) or o2 in (ACE_CLUBS, KING_CLUBS):
                continue
            out.append(s)
    return out


def seat_score(bid, won, neg_ones):
    """A player's hand score (PC-13): bid b > 0 scores b - (won - b) when made,
    -(b - won) when not; a nil (0 or NO_BID) scores +5 with no trick, else -5;
    plus 2 per Negative One."""
    if bid == NO_BID or bid == 0:
        s = 5 if won == 0 else -5
    elif won >= bid:
        s = 2 * bid - won
    else:
        s = won - bid
    return s + 2 * neg_ones


def team_scores(bids, won, neg_ones, adams):
    """Hand scores (N-S, E-W) from per-seat bids, tricks, Negative Ones and
    Adams (PC-14): the two players' scores, plus 5 per opponent with exactly
    one Adam, 13 per opponent with a True Adam."""
    t = [0, 0]
    for s in range(4):
        t[s & 1] += seat_score(bids[s], won[s], neg_ones[s])
        a = adams[s]
        if a == 1:
            t[1 - (s & 1)] += 5
        elif a >= 2:
            t[1 - (s & 1)] += 13
    return (t[0], t[1])


class HandSummary:
    """A hand's totals (PC-13, PC-14). Plain attributes: ``bids`` (bytes(4),
    NO_BID = never bid, a nil), ``won``, ``neg_ones``, ``adams`` (bytes(4)),
    ``seat_scores`` (4-tuple), ``adam_bonus`` (2-tuple: what each team got
    from the other's Adams), ``team_scores`` (2-tuple)."""

    def __init__(self, bids, won, neg_ones, adams):
        self.bids = bytes(bids)
        self.won = bytes(won)
        self.neg_ones = bytes(neg_ones)
        self.adams = bytes(adams)
        self.seat_scores = tuple(seat_score(bids[s], won[s], neg_ones[s]) for s in range(4))
        bonus = [0, 0]
        for s in range(4):
            a = adams[s]
            if a:
                bonus[1 - (s & 1)] += 5 if a == 1 else 13
        self.adam_bonus = (bonus[0], bonus[1])
        ss = self.seat_scores
        self.team_scores = (ss[0] + ss[2] + bonus[0], ss[1] + ss[3] + bonus[1])


class Observation:
    """What one seat may know (PC-16). Plain attributes:

    ``seat``, ``to_move`` (seat or None), ``phase``, ``hand_no``, ``dealer``,
    ``pass_dir``, ``target``, ``scores`` (N-S, E-W before this hand),
    ``hand`` (sorted bytes), ``hand_sizes`` (4-tuple), ``passed`` (bytes(2):
    this seat's Hearts and partner cards, NO_CARD if none or not chosen),
    ``received`` (bytes(2): the Hearts and partner cards it received, NO_CARD
    until the passes are made), ``shown`` (bytes(4): each seat's shown card
    once all are revealed, NO_CARD otherwise; the seat's own pick at once),
    ``shown_live`` (bytes(4): shown cards still unplayed), ``trick`` (bytes,
    current trick in play order), ``trick_leader``, ``trick_seats`` (who
    played each of its cards), ``trick_values`` (tuple,
    each card's value in this trick), ``trick_sums`` (N-S, E-W), ``seq``
    (bytes: every card played this hand in order), ``takers`` (bytes: who took
    each completed trick), ``played_by`` (bytes(52): PLAYED + seat for played
    cards, NO_CARD otherwise), ``bids`` (bytes(4), NO_BID = none),
    ``won``, ``neg_ones``, ``adams`` (bytes(4)), ``broken`` (bool), ``voids``
    (bytes(4): per seat a mask, bit s set when it failed to follow suit s),
    ``last`` (HandSummary of the previous hand, or None).
    """

    def __init__(self, g, seat):
        self.seat = seat
        self.to_move = g.current_player
        self.phase = g.phase
        self.hand_no = g.hand_no
        self.dealer = g.dealer
        self.pass_dir = pass_direction(g.hand_no)
        self.target = g.target
        self.scores = (g.scores[0], g.scores[1])
        self.hand = g.hand(seat)
        self.hand_sizes = tuple(g.hand_size(s) for s in range(4))
        self.passed = bytes(g.passes[2 * seat : 2 * seat + 2])
        self.received = g.received(seat)
        revealed = g.phase >= PH_PLAY
        sh = bytearray(4)
        live = bytearray(4)
        for s in range(4):
            c = g.shown[s]
            if c != NO_CARD and (revealed or s == seat):
                sh[s] = c
                live[s] = c if g.loc[c] < PLAYED else NO_CARD
            else:
                sh[s] = NO_CARD
                live[s] = NO_CARD
        self.shown = bytes(sh)
        self.shown_live = bytes(live)
        self.trick = g.trick()
        self.trick_leader = g.trick_leader()
        self.trick_values = g.trick_values()
        self.trick_seats = tuple((self.trick_leader + i) % 4 for i in range(len(self.trick)))
        self.trick_sums = trick_sums(self.trick, self.trick_leader)
        self.seq = bytes(g.seq[: g.n_played])
        self.takers = bytes(g.takers[: g.n_tricks])
        pb = bytearray(g.loc)
        for c in range(52):
            if pb[c] < PLAYED:
                pb[c] = NO_CARD
        self.played_by = bytes(pb)
        self.bids = bytes(g.bids)
        self.won = bytes(g.won)
        self.neg_ones = bytes(g.neg_ones)
        self.adams = bytes(g.adams)
        self.broken = g.broken
        self.voids = bytes(g.voids)
        self.last = g.last_hand()


class Clubs(Game):
    """A game of Clubs to ``target`` points (PC-15). ``seed`` drives the first
    dealer (when ``dealer`` is None) and every shuffle (PC-1); ``dealer`` is a
    seat 0..3 or None.

    ``deck`` gives the first hand's deal instead of the shuffle: the 52
    cards in the order they are dealt (PC-1: one at a time from the dealer's
    left, so ``deck[i]`` goes to seat ``(dealer + 1 + i) % 4``), as card ints
    or names run together (``"2C3C4C..."``); the seed still picks the first
    dealer and deals every later hand, so the deck a seed would shuffle
    gives that seed's very game.

    ``seed=None`` makes an empty shell that ``copy`` and ``from_text`` fill
    (MicroPython has no ``cls.__new__``). Raises ValueError on a bad dealer,
    target (1..999) or deck (saying why: see ``notation.deck_order``).
    """

    name = "Clubs"
    num_seats = NUM_SEATS

    def __init__(self, seed=0, dealer=None, target=TARGET, deck=None):
        if dealer is not None and (
            not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < 4
        ):
            raise ValueError("dealer must be a seat 0..3 or None, got %r" % (dealer,))
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 999:
            raise ValueError("target must be 1..999, got %r" % (target,))
        if deck is not None:
            from cardgames.notation import deck_order

            deck = deck_order(deck, cards.DECK52)
        self.target = target
        self.rng = Rng(0 if seed is None else seed)
        self.loc = bytearray(52)
        self.seq = bytearray(52)
        self.takers = bytearray(13)
        self.passes = bytearray(8)
        self.shown = bytearray(4)
        self.bids = bytearray(4)
        self.won = bytearray(4)
        self.neg_ones = bytearray(4)
        self.adams = bytearray(4)
        self.voids = bytearray(4)
        self.last = None  # bytes(16): bids, won, neg_ones, adams of the last hand
        self.scores = [0, 0]
        self.hand_no = 1
        self.dealer = 0
        self.phase = PH_PASS_HEARTS
        self._to_move = 0
        self.n_played = 0
        self.n_tricks = 0
        self.broken = False
        self.winner = None  # winning team once over
        self._replay = False  # from_text replays a hand without scoring it
        self.events = []
        self._reset_hand()
        if seed is None:
            return
        # PC-1: the first dealer at random.
        self.dealer = self.rng.below(4) if dealer is None else dealer
        self._deal(deck)

    # --- dealing and queries --------------------------------------------------

    def _deal(self, deck=None):
        # PC-1: 13 cards each, one at a time from the dealer's left. A given
        # ``order`` replaces the shuffle, which still runs: the later hands
        # stay the seed's.
        shuffled = self.rng.shuffle(bytearray(cards.DECK52))
        if deck is None:
            deck = shuffled
        first = self.dealer + 1
        loc = self.loc
        for i in range(52):
            loc[deck[i]] = (first + i) % 4
        self._reset_hand()
        self.events.append((EV_DEAL, self.dealer, self.hand_no, pass_direction(self.hand_no)))

    def _reset_hand(self):
        for i in range(8):
            self.passes[i] = NO_CARD
        for s in range(4):
            self.shown[s] = NO_CARD
            self.bids[s] = NO_BID
            self.won[s] = 0
            self.neg_ones[s] = 0
            self.adams[s] = 0
            self.voids[s] = 0
        self.n_played = 0
        self.n_tricks = 0
        self.broken = False
        self._to_move = 0
        if pass_direction(self.hand_no) == PASS_NONE:
            self.phase = PH_PASS_PARTNER
        else:
            self.phase = PH_PASS_HEARTS

    @property
    def current_player(self):
        """Seat to act (0..3), or None when the game is over."""
        return None if self.phase == PH_OVER else self._to_move

    def is_over(self):
        """True once a partnership has won (PC-15)."""
        return self.phase == PH_OVER

    def pass_dir(self):
        """Hearts pass direction of this hand (PASS_*, PC-2)."""
        return pass_direction(self.hand_no)

    def hand(self, seat):
        """Cards ``seat`` holds as sorted bytes. Raises ValueError for a seat
        other than an int 0..3 (as do ``hand_size``, ``received``,
        ``cards_played_by`` and ``observation``)."""
        seat = cards.seat(seat, 4, "Clubs")
        loc = self.loc
        return bytes([c for c in range(52) if loc[c] == seat])

    def hand_size(self, seat):
        """Number of cards ``seat`` holds."""
        return cards.count(self.loc, cards.seat(seat, 4, "Clubs"))

    def received(self, seat):
        """bytes(2): the cards ``seat`` received by the Hearts pass and from its
        partner, NO_CARD before the passes are made (or no Hearts pass)."""
        cards.seat(seat, 4, "Clubs")
        out = bytearray((NO_CARD, NO_CARD))
        if self.phase > PH_PASS_PARTNER:
            d = pass_direction(self.hand_no)
            if d != PASS_NONE:
                out[0] = self.passes[2 * ((seat - PASS_OFFSET[d]) % 4)]
            out[1] = self.passes[2 * ((seat + 2) % 4) + 1]
        return bytes(out)

    def trick_leader(self):
        """Seat that led (or leads) the current trick (PC-1: the dealer's left
        first, then the last trick's taker)."""
        if self.n_tricks == 0:
            return (self.dealer + 1) % 4
        return self.takers[self.n_tricks - 1]

    def trick(self):
        """Cards of the current trick in play order (bytes, 0..4 cards)."""
        if self.phase < PH_PLAY or self.n_tricks == 13:
            return b""
        return bytes(self.seq[4 * self.n_tricks : self.n_played])

    def trick_seats(self):
        """Seats that played the current trick's cards, in order."""
        lead = self.trick_leader()
        return tuple((lead + i) % 4 for i in range(len(self.trick())))

    def trick_values(self):
        """Value of each card of the current trick (PC-6), as a tuple."""
        t = self.trick()
        if not t:
            return ()
        led = t[0] // 13
        return tuple(card_value(c, led) for c in t)

    def trick_sums(self):
        """Running partnership sums (N-S, E-W) of the current trick (PC-7)."""
        return trick_sums(self.trick(), self.trick_leader())

    def last_trick(self):
        """The last completed trick of this hand as ``(leader, cards, taker)``,
        or None before the first one is taken."""
        n = self.n_tricks
        if n == 0:
            return None
        lead = (self.dealer + 1) % 4 if n == 1 else self.takers[n - 2]
        return lead, bytes(self.seq[4 * n - 4 : 4 * n]), self.takers[n - 1]

    def cards_played_by(self, seat):
        """Cards ``seat`` played this hand, sorted (public, PC-16)."""
        code = PLAYED + cards.seat(seat, 4, "Clubs")
        loc = self.loc
        return bytes([c for c in range(52) if loc[c] == code])

    def bids_total(self):
        """Running total of this hand's bids (PC-10)."""
        t = 0
        for b in self.bids:
            if b != NO_BID:
                t += b
        return t

    def hand_summary(self):
        """HandSummary of this hand so far (final once 13 tricks are taken)."""
        return HandSummary(self.bids, self.won, self.neg_ones, self.adams)

    def last_hand(self):
        """HandSummary of the last finished hand, or None during hand 1."""
        if self.last is None:
            return None
        x = self.last
        return HandSummary(x[0:4], x[4:8], x[8:12], x[12:16])

    def result(self):
        """Per seat +1 win, -1 loss (PC-15: there are no draws).

        Raises ValueError while the game is not over.
        """
        if self.phase != PH_OVER:
            raise ValueError("the game is not over")
        w = self.winner
        return tuple(1 if s & 1 == w else -1 for s in range(4))

    def observation(self, seat):
        """What ``seat`` may know (PC-16), as an ``Observation``."""
        return Observation(self, cards.seat(seat, 4, "Clubs"))

    # --- legal actions ----------------------------------------------------------

    def legal_actions(self):
        """Legal actions of the seat to move, ascending; empty when over."""
        ph = self.phase
        p = self._to_move
        if ph == PH_PLAY:
            return self._legal_play(p)
        if ph == PH_PASS_HEARTS or ph == PH_SHOW:
            return list(self.hand(p))
        if ph == PH_PASS_PARTNER:
            h = self.passes[2 * p]
            return [c for c in self.hand(p) if c != h]
        if ph == PH_BID:
            if self.n_tricks >= 12:
                return [BID0]
            bad = 13 - self.bids_total()
            return [BID0 + n for n in range(14) if n != bad]
        if ph == PH_TAKE:
            return [TAKE_SELF, TAKE_PARTNER]
        return []

    def _legal_play(self, p):
        loc = self.loc
        if self.n_played == 4 * self.n_tricks:
            # PC-5: no club lead before clubs are broken, unless all clubs.
            if self.broken:
                return [c for c in range(52) if loc[c] == p]
            out = [c for c in range(13, 52) if loc[c] == p]
            if out:
                return out
            return [c for c in range(13) if loc[c] == p]
        # PC-4: follow suit if possible.
        led = self.seq[4 * self.n_tricks] // 13
        out = [c for c in range(13 * led, 13 * led + 13) if loc[c] == p]
        if out:
            return out
        return [c for c in range(52) if loc[c] == p]

    def _can_play(self, p, c):
        # True if seat p, holding card c, may play it now (PC-4, PC-5);
        # the same as ``c in self._legal_play(p)`` without building the list.
        loc = self.loc
        base = 4 * self.n_tricks
        if self.n_played == base:
            if c >= 13 or self.broken:
                return True
            for x in range(13, 52):
                if loc[x] == p:
                    return False
            return True
        led = self.seq[base] // 13
        if c // 13 == led:
            return True
        for x in range(13 * led, 13 * led + 13):
            if loc[x] == p:
                return False
        return True

    def why_illegal(self, action):
        """Reason ``action`` is illegal for the seat to move, or None if legal."""
        ph = self.phase
        if ph == PH_OVER:
            return "the game is over"
        if not isinstance(action, int) or isinstance(action, bool):
            return "%r is not a Clubs action" % (action,)
        p = self._to_move
        if ph == PH_BID:
            if not BID0 <= action <= BID13:
                return "bid 0 to 13 tricks now (PC-10)"
            n = action - BID0
            if self.n_tricks >= 12 and n:
                return "a bid made after the 12th trick must be zero (PC-10)"
            if self.bids_total() + n == 13:
                return "the bids may never total 13 (PC-10)"
            return None
        if ph == PH_TAKE:
            if action in (TAKE_SELF, TAKE_PARTNER):
                return None
            return "choose who takes the tied trick: TAKE_SELF or TAKE_PARTNER (PC-9)"
        if not 0 <= action < 52:
            if ph == PH_PLAY:
                return "play a card now"
            if ph == PH_SHOW:
                return "choose a card to show now (PC-3)"
            return "choose a card to pass now (PC-2)"
        if self.loc[action] != p:
            return "%s is not in your hand" % cards.name(action)
        if ph == PH_PASS_PARTNER and self.passes[2 * p] == action:
            return "%s is already your Hearts pass: pass two different cards (PC-2)" % (
                cards.name(action)
            )
        if ph != PH_PLAY or self._can_play(p, action):
            return None
        if self.n_played == 4 * self.n_tricks:
            return "clubs are not broken: lead another suit (PC-5)"
        led = self.seq[4 * self.n_tricks] // 13
        return "you must follow %s (PC-4)" % SUIT_WORDS[led]

    # --- moves ------------------------------------------------------------------

    def _apply(self, action):
        # Checked by Game.apply. A fresh events list: screens keep the last one.
        self.events = []
        self._do(action)

    def _do(self, action):
        ph = self.phase
        p = self._to_move
        ev = self.events
        if ph == PH_PLAY:
            self._play(p, action)
        elif ph == PH_PASS_HEARTS:
            self.passes[2 * p] = action
            ev.append((EV_PASS_PICK, p, action, 0))
            self.phase = PH_PASS_PARTNER
        elif ph == PH_PASS_PARTNER:
            self.passes[2 * p + 1] = action
            ev.append((EV_PASS_PICK, p, action, 1))
            if p < 3:
                self._to_move = p + 1
                if pass_direction(self.hand_no) != PASS_NONE:
                    self.phase = PH_PASS_HEARTS
            else:
                self._make_passes()
        elif ph == PH_SHOW:
            self.shown[p] = action
            ev.append((EV_SHOW_PICK, p, action, 0))
            if p < 3:
                self._to_move = p + 1
            else:
                for s in range(4):
                    ev.append((EV_SHOWN, s, self.shown[s], 0))
                self.phase = PH_PLAY
                self._to_move = (self.dealer + 1) % 4
        elif ph == PH_BID:
            n = action - BID0
            self.bids[p] = n
            ev.append((EV_BID, p, n, self.bids_total()))
            self._next_trick()
        elif ph == PH_TAKE:
            taker = p if action == TAKE_SELF else (p + 2) % 4
            ev.append((EV_CHOICE, p, taker, 0))
            t = self.seq[self.n_played - 4 : self.n_played]
            why = resolve_trick(t, self.trick_leader())[1]
            self._take(taker, why)

    def _make_passes(self):
        # PC-2: all four chose; the cards move at once.
        d = pass_direction(self.hand_no)
        loc = self.loc
        ev = self.events
        for s in range(4):
            if d != PASS_NONE:
                to = (s + PASS_OFFSET[d]) % 4
                loc[self.passes[2 * s]] = to
                ev.append((EV_PASS, s, self.passes[2 * s], to))
            to = (s + 2) % 4
            loc[self.passes[2 * s + 1]] = to
            ev.append((EV_PASS, s, self.passes[2 * s + 1], to))
        self.phase = PH_SHOW
        self._to_move = 0

    def _play(self, p, c):
        ev = self.events
        pos = self.n_played - 4 * self.n_tricks
        led = c // 13 if pos == 0 else self.seq[4 * self.n_tricks] // 13
        self.loc[c] = PLAYED + p
        self.seq[self.n_played] = c
        self.n_played += 1
        ev.append((EV_PLAY, p, c, card_value(c, led)))
        if c // 13 != led:
            self.voids[p] |= 1 << led  # PC-16: a void shown
            if c % 13 == 0 and c >= 13:
                # PC-11: a Negative One (is_negative_one: an off-suit non-club 2).
                self.neg_ones[p] += 1
                ev.append((EV_NEG_ONE, p, c, 0))
        if c < 13 and not self.broken:
            self.broken = True  # PC-5
            ev.append((EV_BROKEN, p, c, 0))
        if pos < 3:
            self._to_move = (p + 1) % 4
            return
        leader = (p + 1) % 4
        t = self.seq[self.n_played - 4 : self.n_played]
        sums = trick_sums(t, leader)
        team, why, taker, chooser = resolve_trick(t, leader, sums)
        ev.append((EV_SUMS, team, sums[0], sums[1]))
        if _top_club_in(t):
            for s in adam_seats(t, leader, team):
                # PC-12: an Adam; the second in a hand makes a True Adam.
                self.adams[s] += 1
                ev.append((EV_ADAM, s, t[(s - leader) % 4], self.adams[s]))
                if self.adams[s] == 2:
                    ev.append((EV_TRUE_ADAM, s, 0, 0))
        if taker is None:
            # PC-9: equal cards; the partner who played first chooses.
            self.phase = PH_TAKE
            self._to_move = chooser
            ev.append(
                (EV_CHOOSE, chooser, t[(chooser - leader) % 4], t[(chooser + 2 - leader) % 4])
            )
            return
        self._take(taker, why)

    def _take(self, taker, why):
        self.takers[self.n_tricks] = taker
        self.n_tricks += 1
        self.won[taker] += 1
        self.events.append((EV_TRICK, taker, self.n_tricks, why))
        if self.won[taker] == 1 and self.bids[taker] == NO_BID:
            # PC-10: bid right after winning one's first trick.
            self.phase = PH_BID
            self._to_move = taker
            return
        self._next_trick()

    def _next_trick(self):
        if self.n_tricks < 13:
            self.phase = PH_PLAY
            self._to_move = self.takers[self.n_tricks - 1]
            return
        if self._replay:
            self.phase = _PH_DONE
            return
        self._end_hand()

    def _end_hand(self):
        # PC-13 / PC-14: score the hand; PC-15: the game ends or goes on.
        ev = self.events
        for s in range(4):
            ev.append(
                (
                    EV_SEAT_SCORE,
                    s,
                    seat_score(self.bids[s], self.won[s], self.neg_ones[s]),
                    self.won[s],
                )
            )
        d0, d1 = team_scores(self.bids, self.won, self.neg_ones, self.adams)
        ev.append((EV_HAND_END, self.hand_no, d0, d1))
        self.scores[0] += d0
        self.scores[1] += d1
        self.last = bytes(self.bids) + bytes(self.won) + bytes(self.neg_ones) + bytes(self.adams)
        w = _game_winner(self.scores[0], self.scores[1], self.target)
        if w is not None:
            self.phase = PH_OVER
            self.winner = w
            ev.append((EV_GAME_OVER, w, self.scores[0], self.scores[1]))
            return
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % 4
        self._deal()

    # --- notation -----------------------------------------------------------------

    def to_text(self):
        """The position in the notation of the module docstring."""
        hi, lo = self.rng.state()
        held = ["", "", "", ""]
        loc = self.loc
        ranks = cards.RANKS
        suits = cards.SUITS
        for c in range(52):
            v = loc[c]
            if v < PLAYED:
                held[v] += ranks[c % 13] + suits[c // 13]
        hands = "h0=%s;h1=%s;h2=%s;h3=%s" % (held[0], held[1], held[2], held[3])
        return "PC1;t=%d;r=%d,%d;n=%d;d=%d;s=%d,%d;ph=%s;m=%s;%s;x=%s;v=%s;k=%s;w=%s;b=%s;l=%s" % (
            self.target,
            hi,
            lo,
            self.hand_no,
            self.dealer,
            self.scores[0],
            self.scores[1],
            PHASE_LETTERS[self.phase],
            "-" if self.phase == PH_OVER else str(self._to_move),
            hands,
            _slots_text(self.passes),
            _slots_text(self.shown),
            _cards_text(self.seq[: self.n_played]),
            "".join(str(t) for t in self.takers[: self.n_tricks]),
            "".join(_DIGITS[b] if b != NO_BID else "-" for b in self.bids),
            "-"
            if self.last is None
            else "".join(_DIGITS[b] if b != NO_BID else "-" for b in self.last),
        )

    def copy(self, into=None):
        """An independent copy of this game (events not copied). With
        ``into`` (a Clubs) that game is overwritten in place and returned:
        search players reuse one scratch game."""
        g = Clubs(None, target=self.target) if into is None else into
        g.target = self.target
        g.rng.hi = self.rng.hi
        g.rng.lo = self.rng.lo
        g.loc[:] = self.loc
        g.seq[:] = self.seq
        g.takers[:] = self.takers
        g.passes[:] = self.passes
        g.shown[:] = self.shown
        g.bids[:] = self.bids
        g.won[:] = self.won
        g.neg_ones[:] = self.neg_ones
        g.adams[:] = self.adams
        g.voids[:] = self.voids
        g.last = self.last
        g.scores[0] = self.scores[0]
        g.scores[1] = self.scores[1]
        g.hand_no = self.hand_no
        g.dealer = self.dealer
        g.phase = self.phase
        g._to_move = self._to_move
        g.n_played = self.n_played
        g.n_tricks = self.n_tricks
        g.broken = self.broken
        g.winner = self.winner
        g._replay = self._replay
        g.events = []
        return g

    def __eq__(self, other):
        return isinstance(other, Clubs) and self.to_text() == other.to_text()

    __hash__ = None  # mutable: equal by position, so not hashable


def world(obs, rng, g=None):
    """A whole position consistent with ``obs`` (a seat's Observation once the
    cards are shown, PC-16): the cards that seat cannot see dealt at random by
    ``rng`` (an Rng) to the other three hands, for a search player to play
    out; the hand then stops after its 13th trick, unscored (read it with
    ``hand_summary()``), as in a ``from_text`` replay. ``g``: a Clubs to
    overwrite, else a new one.

    Each hand keeps its size and what the seat knows of it (PC-16): the shown
    cards still unplayed, the two cards this seat passed (PC-2: passes are
    chosen before anything is received, so the receiver still holds them
    unless played), and no card of a suit it has shown a void in. Raises
    ValueError before the cards are shown or when the game is over.
    """
    if obs.phase < PH_PLAY or obs.phase == PH_OVER:
        raise ValueError("a world is dealt only once the cards are shown (phase %d)" % obs.phase)
    if g is None:
        g = Clubs(None, target=obs.target)
    me = obs.seat
    loc = g.loc
    pb = obs.played_by
    cap = _world_cap
    for s in range(4):
        cap[s] = obs.hand_sizes[s]
    for c in range(52):
        loc[c] = pb[c] if pb[c] != NO_CARD else NO_CARD
    for c in obs.hand:
        loc[c] = me
    cap[me] = 0
    for s in range(4):
        if s != me and obs.shown_live[s] != NO_CARD:
            _known(loc, cap, obs.shown_live[s], s)
    h, p = obs.passed[0], obs.passed[1]
    if p != NO_CARD:
        _known(loc, cap, p, (me + 2) % 4)
    if h != NO_CARD and obs.pass_dir != PASS_NONE:
        _known(loc, cap, h, (me + PASS_OFFSET[obs.pass_dir]) % 4)
    n = 0
    for c in range(52):
        if loc[c] == NO_CARD:
            n += 1
    free = _free_buffer(n)
    n = 0
    for c in range(52):
        if loc[c] == NO_CARD:
            free[n] = c
            n += 1
    _deal_free(free, cap, obs.voids, loc, rng)
    g.target = obs.target
    for i in range(8):
        g.passes[i] = NO_CARD
    g.passes[2 * me] = h
    g.passes[2 * me + 1] = p
    rh, rp = obs.received[0], obs.received[1]
    if rh != NO_CARD:
        g.passes[2 * ((me - PASS_OFFSET[obs.pass_dir]) % 4)] = rh
    g.passes[2 * ((me + 2) % 4) + 1] = rp
    g.shown[:] = obs.shown
    n = len(obs.seq)
    g.seq[:n] = obs.seq
    g.takers[: len(obs.takers)] = obs.takers
    g.bids[:] = obs.bids
    g.won[:] = obs.won
    g.neg_ones[:] = obs.neg_ones
    g.adams[:] = obs.adams
    g.voids[:] = obs.voids
    g.last = None
    g.scores[0] = obs.scores[0]
    g.scores[1] = obs.scores[1]
    g.hand_no = obs.hand_no
    g.dealer = obs.dealer
    g.phase = obs.phase
    g._to_move = obs.to_move
    g.n_played = n
    g.n_tricks = len(obs.takers)
    g.broken = obs.broken
    g.winner = None
    g._replay = True
    if g.events:
        g.events = []
    return g


# Scratch of ``world`` (a search deals several worlds per decision, all
# from one observation: they share these): room left per seat, the free
# cards (``_free_buffer``), room while dealing.
_world_cap = bytearray(4)
_world_free = [bytearray(0)]
_world_left = bytearray(4)


def _free_buffer(n):
    # A bytearray(n), the last one again while n stays the same (every world
    # of a decision has as many free cards): a new one only when it changes.
    b = _world_free[0]
    if len(b) != n:
        b = _world_free[0] = bytearray(n)
    return b


def _known(loc, cap, c, s):
    # ``world``: card c is known to be seat s's, if still free and s has room.
    if loc[c] == NO_CARD and cap[s]:
        loc[c] = s
        cap[s] -= 1


def _deal_free(free, cap, voids, loc, rng):
    # Deal the cards of ``free`` to the seats with room left (``cap``), none
    # into a suit the seat has shown void in: the cards fewest seats may
    # hold go first, each to a seat drawn in proportion to its room. A few
    # tries, as a draw can corner itself; then voids are ignored (only for an
    # observation no real deal could give).
    left = _world_left
    for attempt in range(9):
        left[:] = cap
        rng.shuffle(free)
        ok = True
        for k in (1, 2, 3):
            if k < 3 and not _tight(left, voids, k, attempt == 8):
                continue  # no suit has k seats or fewer to go to: nothing to deal
            for c in free:
                if loc[c] != NO_CARD:
                    continue
                bit = 1 << (c // 13)
                n = 0
                room = 0
                for s in range(4):
                    if left[s] and (attempt == 8 or not voids[s] & bit):
                        n += 1
                        room += left[s]
                if n == 0:
                    ok = False
                    break
                if n > k:
                    continue
                r = rng.below(room)
                for s in range(4):
                    if left[s] and (attempt == 8 or not voids[s] & bit):
                        if r < left[s]:
                            loc[c] = s
                            left[s] -= 1
                            break
                        r -= left[s]
            if not ok:
                break
        if ok:
            return
        for c in free:
            loc[c] = NO_CARD


def _tight(left, voids, k, any_suit):
    # ``_deal_free``: whether some suit may go to k seats with room or fewer
    # (its pass deals only such cards; the others wait for the next pass).
    for u in range(4):
        bit = 1 << u
        n = 0
        for s in range(4):
            if left[s] and (any_suit or not voids[s] & bit):
                n += 1
        if n <= k:
            return True
    return False


def _game_winner(s0, s1, target):
    # PC-15: 42 or more and more points than the other.
    if s0 != s1 and (s0 >= target or s1 >= target):
        return 0 if s0 > s1 else 1
    return None


_DIGITS = "0123456789ABCD"
SUIT_WORDS = cards.SUIT_NAMES


def _cards_text(cs):
    r = cards.RANKS
    u = cards.SUITS
    return "".join([r[c % 13] + u[c // 13] for c in cs])


def _slots_text(cs):
    r = cards.RANKS
    u = cards.SUITS
    return "".join(["--" if c == NO_CARD else r[c % 13] + u[c // 13] for c in cs])


# --- words for the UI -------------------------------------------------------------

SUIT_SYMBOLS = cards.SUIT_SYMBOLS
symbol_name = cards.symbol_name


def describe(ev, viewer, names):
    """Words for event tuple ``ev`` as seen by seat ``viewer``.

    ``names`` gives a display name per seat; the viewer is called "You"
    where the text starts with it, "you" inside it.
    Another seat's pass and show picks, and cards passed between other
    seats, stay hidden (PC-16). Returns a short str.
    """
    kind, seat, a, b = ev

    def who(s):
        return "You" if s == viewer else names[s]

    def whom(s):
        return "you" if s == viewer else names[s]

    if kind == EV_DEAL:
        # Inside the sentence the viewer is "you": "Hand 2: you deal, pass right".
        return "Hand %d: %s deal%s, pass %s" % (
            a,
            whom(seat),
            "" if seat == viewer else "s",
            PASS_NAMES[b],
        )
    if kind == EV_PASS_PICK:
        what = "Hearts pass" if b == 0 else "partner"
        if seat == viewer:
            return "You pick %s for the %s" % (symbol_name(a), what)
        return "%s picks a card for the %s" % (who(seat), what)
    if kind == EV_PASS:
        if viewer in (seat, b):
            return "%s passed %s to %s" % (who(seat), symbol_name(a), whom(b))
        return "%s passed a card to %s" % (who(seat), whom(b))
    if kind == EV_SHOW_PICK:
        if seat == viewer:
            return "You will show %s" % symbol_name(a)
        return "%s picks a card to show" % who(seat)
    if kind == EV_SHOWN:
        return "%s show%s %s" % (who(seat), "" if seat == viewer else "s", symbol_name(a))
    if kind == EV_PLAY:
        return "%s played %s (%d)" % (who(seat), symbol_name(a), b)
    if kind == EV_NEG_ONE:
        return "Negative One by %s" % whom(seat)
    if kind == EV_BROKEN:
        return "Clubs are broken"
    if kind == EV_SUMS:
        return "N-S %d, E-W %d" % (a, b)
    if kind == EV_TRICK:
        return "%s take%s trick %d (%s)" % (
            who(seat),
            "" if seat == viewer else "s",
            a,
            "higher sum" if b == WIN_SUM else "highest card",
        )
    if kind == EV_CHOOSE:
        return "%s pick%s the taker" % (who(seat), "" if seat == viewer else "s")
    if kind == EV_CHOICE:
        if a == seat:
            return "%s take%s it" % (who(seat), "" if seat == viewer else "s")
        return "%s let%s %s take" % (who(seat), "" if seat == viewer else "s", whom(a))
    if kind == EV_ADAM:
        return "Adam by %s (%s)" % (whom(seat), symbol_name(a))
    if kind == EV_TRUE_ADAM:
        return "True Adam by %s!" % whom(seat)
    if kind == EV_BID:
        if a == 0:
            return "%s bid%s nil" % (who(seat), "" if seat == viewer else "s")
        return "%s bid%s %d" % (who(seat), "" if seat == viewer else "s", a)
    if kind == EV_SEAT_SCORE:
        return "%s: %+d (%d trick%s)" % (who(seat), a, b, "" if b == 1 else "s")
    if kind == EV_HAND_END:
        return "Hand %d: N-S %+d, E-W %+d" % (seat, a, b)
    if kind == EV_GAME_OVER:
        return "%s win %d to %d" % (TEAM_NAMES[seat], max(a, b), min(a, b))
    return "?"
