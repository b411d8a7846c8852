"""Klaberjass: 2 players, 32 cards, trick taking (RULES.md KJ-1 ... KJ-17).

One ``Klaberjass`` object plays a whole game to ``target`` (500, KJ-15), round
after round. Seats are 0 and 1. A round goes through these phases:

- ``BID1``: round one of bidding (KJ-4): the non-dealer, then the dealer,
  chooses ``ACCEPT`` (the turned suit becomes trump) or ``PASS``.
- ``BID2``: round two (KJ-4): ``PASS`` or ``NAME_CLUBS`` ... ``NAME_SPADES``
  (``NAME_CLUBS + suit``), never the turned suit. Four passes: the other
  player redeals (KJ-5) and a new ``BID1`` starts.
- Trump set: three more cards each and the bottom card turned (KJ-6), all
  automatic.
- ``EXCHANGING``: only when trump is the turned suit, the turned card is not
  the seven, and a player holds the seven of trumps (KJ-7): that player
  chooses ``EXCHANGE`` or ``DECLINE``. Sequences are then compared
  automatically (KJ-8). A decline leaves no public trace (KJ-16), but while
  the decision is pending ``current_player`` names the holder: a UI should
  not show whose turn it is in this phase.
- ``PLAY``: nine tricks (KJ-10 ... KJ-13); an action is a card int of
  ``cards`` (32-card deck ``cards.DECK32``).

When the ninth trick is taken the round is scored (KJ-14), the game ends if
KJ-15 says so (phase ``OVER``), and otherwise the next round is dealt at once
(KJ-2): there is no "continue" action. ``last_round`` keeps the summary of the
latest scored round (a ``RoundSummary``) and ``events`` tell what happened.

State is plain data: ``loc`` (bytearray(52): where each card is), ``stock``
(bytearray, bottom to top), ``played`` (the round's played cards in order),
``lacks`` (public inferences, KJ-16) and small ints, so a position costs a few
hundred bytes.

Position notation (``to_text`` / ``klaberjass_text.from_text``), one line, fields separated by
``;``, for example ``Klaberjass(seed=5).to_text()``::

    KJ1;w=500;o=-;d=0;s=0,0;r=44124,59437;p=1;m=1;h0=8C9CAD8H7SAS;h1=7D9D7HJHQHTS;
    k=JC9SQCKSKHTCAHQSKCTD7CACJDJS8D8SKDTH9H;u=QD;t=-;mk=-;x=-;c=;l=-

(broken here to fit). Fields:

- ``w`` target score (KJ-15), ``o`` options: ``-`` or any of the letters
  ``a`` (alternate deal, KJ-2) ``s`` (all-sequences, KJ-8) ``c`` (classic,
  KJ-11), in that order.
- ``d`` dealer seat, ``s`` the running scores of seats 0 and 1, ``r`` the
  state of the shuffling PRNG (two 16-bit ints) that deals the next rounds.
- ``p`` phase: ``1`` (BID1), ``2`` (BID2), ``x`` (EXCHANGING), ``p`` (PLAY),
  ``-`` (OVER). ``m`` seat to move, ``-`` when over.
- ``h0``, ``h1`` hands; ``k`` the stock, bottom card first (the top card is
  dealt next); ``u`` the card lying face up apart from the stock (the turned
  card, or after an exchange the seven of trumps). Cards are two characters
  each, without separators.
- ``t`` trump suit letter (``C D H S``) or ``-`` while bidding; ``mk`` maker
  seat or ``-``. The bids so far follow from ``p``, ``m``, ``t`` and ``mk``
  (see ``bids()``).
- ``x`` the trump-seven exchange (KJ-7): ``-`` not offered, ``?`` pending,
  ``D`` declined, or the turned card the holder of the seven took.
- ``c`` the cards played this round, in order (the non-dealer leads the first
  trick, the winner of each trick the next, so who played what follows).
- ``l`` the last scored round: ``-`` or ten ints ``dealer, maker, trump
  suit, card points of seat 0, of seat 1, seat that won the last trick,
  sequence points of seat 0, of seat 1, bella of seat 0, of seat 1``.

Hands start this round with ``h`` plus the cards each seat played; sequences,
bella, tricks, card points and the public inferences are recomputed from
them, and ``from_text`` checks every played card against KJ-11.
"""

from cardgames import cards
from cardgames.game import Game
from cardgames.rng import Rng

NUM_SEATS = 2
NO_CARD = cards.NO_CARD
NO_SUIT = 255

# Actions beyond the card ints 0..51.
ACCEPT = 52
PASS = 53
NAME_CLUBS = 54  # NAME_CLUBS + suit names that suit (round two)
NAME_DIAMONDS = 55
NAME_HEARTS = 56
NAME_SPADES = 57
EXCHANGE = 58
DECLINE = 59
NUM_ACTIONS = 60  # actions are 0 .. NUM_ACTIONS - 1

# Phases.
BID1 = 0
BID2 = 1
EXCHANGING = 2
PLAY = 3
OVER = 4
PHASE_CODES = "12xp-"

# The trump-seven exchange (``ex``).
EX_NONE = 0
EX_PENDING = 1
EX_DECLINED = 2
EX_DONE = 3

# Where a card is: the values stored in ``loc``.
L_NONE = 0  # not a Klaberjass card (ranks 2..6)
L_HAND = 1  # L_HAND + seat
L_STOCK = 3
L_TURNED = 4
L_PLAYED = 5  # L_PLAYED + seat that played it

# Event kinds, in ``events`` as (kind, seat, a, b).
EV_CUT = 1  # seat deals first (KJ-2): a, b = cards cut by seats 0 and 1
EV_DEAL = 2  # seat deals (KJ-3): a = turned card
EV_BID = 3  # seat bid: a = ACCEPT, PASS or NAME_CLUBS + suit
EV_REDEAL = 4  # four passes (KJ-5): seat is the new dealer
EV_MORE = 5  # three more each (KJ-6): seat = dealer, a = bottom card
EV_EXCHANGE = 6  # seat gave a (seven of trumps) for b (turned card), KJ-7
EV_DECLINE = 7  # seat kept the seven (private to seat)
EV_SEQ = 8  # seat scores a sequence: a = top card, b = length (KJ-8)
EV_SEQ_TIE = 9  # best sequences equal: nobody scores; b = length
EV_PLAY = 10  # seat played card a
EV_BELLA = 11  # seat scores bella (20) playing card a (KJ-9)
EV_TRICK = 12  # seat won the trick: a = card points in it, b = trick 0..8
EV_LAST = 13  # seat won the last trick: a = 10 (KJ-13)
EV_FAIL = 14  # maker seat failed (KJ-14): a = maker total, b = opponent total
EV_ROUND = 15  # round scored: seat = maker, a, b = points scored by seats 0, 1
EV_GAME = 16  # game over (KJ-15): seat won, a, b = final scores

# Ranks as cards.py indexes them (0 = 2 ... 12 = A).
R7 = 5
R8 = 6
R9 = 7
RT = 8
RJ = 9
RQ = 10
RK = 11
RA = 12
# KJ-1 order (higher wins) and KJ-13 points, indexed by rank.
PLAIN_ORDER = b"\x00\x00\x00\x00\x00\x00\x01\x02\x06\x03\x04\x05\x07"
TRUMP_ORDER = b"\x00\x00\x00\x00\x00\x00\x01\x06\x04\x07\x02\x03\x05"
PLAIN_POINTS = b"\x00\x00\x00\x00\x00\x00\x00\x00\x0a\x02\x03\x04\x0b"
TRUMP_POINTS = b"\x00\x00\x00\x00\x00\x00\x00\x0e\x0a\x14\x03\x04\x0b"
LAST_TRICK = 10
BELLA = 20
MAX_SCORE = 999999


def card_points(c, trump):
    """KJ-13 points of card ``c`` with ``trump`` suit (0 for non-deck cards)."""
    if c // 13 == trump:
        return TRUMP_POINTS[c % 13]
    return PLAIN_POINTS[c % 13]


def card_order(c, trump):
    """KJ-1 strength of ``c`` within its suit: trump order for trumps."""
    if c // 13 == trump:
        return TRUMP_ORDER[c % 13]
    return PLAIN_ORDER[c % 13]


def beats(lead, c, trump):
    """True when ``c`` played second beats ``lead`` (KJ-12)."""
    ls = lead // 13
    cs = c // 13
    if cs == ls:
        return card_order(c, trump) > card_order(lead, trump)
    return cs == trump


def _above(order, r):
    """Rank bits (bit i = rank 7 + i) of the cards above rank ``r`` in ``order``."""
    m = 0
    v = order[r]
    for i in range(8):
        if order[R7 + i] > v:
            m |= 1 << i
    return m


def sequences(mask):
    """Runs of 3+ in a suit's rank bits (bit i = rank 7 + i, KJ-8 order), as a
    list of (top rank index 5..12, length)."""
    out = []
    i = 0
    while i < 8:
        if (mask >> i) & 1:
            j = i
            while j < 8 and (mask >> j) & 1:
                j += 1
            if j - i >= 3:
                out.append((R7 + j - 1, j - i))
            i = j
        else:
            i += 1
    return out


def _best_run(mask):
    # ``sequences(mask)``'s best run as length * 256 + top * 4 (0 if none),
    # without its list: every deal and every searched bid compares them (KJ-8).
    best = 0
    i = 0
    while i < 8:
        if (mask >> i) & 1:
            j = i
            while j < 8 and (mask >> j) & 1:
                j += 1
            if j - i >= 3:
                k = (j - i) * 256 + (R7 + j - 1) * 4
                if k > best:
                    best = k
            i = j
        else:
            i += 1
    return best


def seq_points(length):
    """KJ-8: 20 for three cards, 50 for four or more."""
    return 20 if length == 3 else 50


class RoundSummary:
    """A scored round (KJ-14), from ten ints (``values``): ``dealer``,
    ``maker``, ``trump``, card points of each seat in its tricks (``points``,
    without the last trick's 10), ``last`` (seat that won the last trick),
    ``sequences`` (points per seat, KJ-8) and ``bella`` (per seat, KJ-9).

    Derived: ``totals`` (KJ-14 totals per seat), ``failed`` (the maker's total
    was not strictly greater), ``scored`` (what each seat scored) and
    ``winner`` (seat that scored more, or None).
    """

    def __init__(self, values):
        self.values = tuple(values)
        d, m, t, p0, p1, last, q0, q1, b0, b1 = self.values
        self.dealer = d
        self.maker = m
        self.trump = t
        self.points = (p0, p1)
        self.last = last
        self.sequences = (q0, q1)
        self.bella = (b0, b1)
        t0 = p0 + q0 + b0 + (LAST_TRICK if last == 0 else 0)
        t1 = p1 + q1 + b1 + (LAST_TRICK if last == 1 else 0)
        self.totals = (t0, t1)
        mine = self.totals[m]
        theirs = self.totals[1 - m]
        self.failed = mine <= theirs
        if self.failed:
            self.scored = (0, t0 + t1) if m == 0 else (t0 + t1, 0)
        else:
            self.scored = (t0, t1)
        s0, s1 = self.scored
        self.winner = None if s0 == s1 else (0 if s0 > s1 else 1)

    def __eq__(self, other):
        return isinstance(other, RoundSummary) and self.values == other.values

    __hash__ = None


class Observation:
    """What one seat may know (KJ-16). Plain attributes:

    ``seat``, ``to_move`` (seat or None), ``phase``, ``dealer``, ``target``,
    options ``alternate``, ``all_sequences``, ``classic``; ``scores``
    (2-tuple); ``hand`` (bytes, sorted), ``hand_sizes``, ``stock_size``;
    ``turned`` (card lying face up: the turned card, or the seven after an
    exchange), ``turned_suit`` (the suit proposed in bidding), ``bottom``
    (bottom card once turned, else NO_CARD); ``bids`` (bytes of bid actions
    so far this deal, non-dealer first); ``trump`` (suit or NO_SUIT),
    ``maker`` (seat or None); ``exchanged`` (seat that exchanged or None) and
    ``exchange_card`` (card it took, or NO_CARD); ``seq_winner`` (seat or
    None), ``seq_cards`` (bytes: the winning sequences' cards, shown),
    ``seq_points``, ``bella`` (per seat); ``played`` and ``played_by`` (bytes:
    this round's cards in order and who played each), ``trick`` (bytes: the
    open trick, 0 or 1 card), ``leader`` (seat leading it), ``last_trick``
    (bytes: the latest completed trick, leader's card first, or b""),
    ``last_trick_leader``, ``last_trick_winner``; ``tricks_won`` and
    ``points`` (card points in tricks so far, per seat); ``lacks`` (per seat
    bytes(4), one per suit, bit i set when that seat has shown it does not
    hold the card of rank 7 + i: 0xFF is a void); ``last_round``
    (RoundSummary or None).
    """

    def __init__(self, g, seat):
        self.seat = seat
        self.to_move = g.current_player
        self.phase = g.phase
        self.dealer = g.dealer
        self.target = g.target
        self.alternate = g.alternate
        self.all_sequences = g.all_sequences
        self.classic = g.classic
        self.scores = (g.scores[0], g.scores[1])
        self.hand = g.hand(seat)
        self.hand_sizes = (g.hand_size(0), g.hand_size(1))
        self.stock_size = g.n_stock
        self.turned = g.turned
        self.turned_suit = g.turned_suit
        self.bottom = g.bottom()
        self.bids = g.bids()
        self.trump = g.trump
        self.maker = g.maker_seat()
        done = g.ex == EX_DONE
        self.exchanged = g.ex_seat if done else None
        self.exchange_card = g.ex_card if done else NO_CARD
        self.seq_winner = g.seq_winner()
        self.seq_cards = g.seq_cards()
        self.seq_points = (g.seq_pts[0], g.seq_pts[1])
        self.bella = (g.bella[0], g.bella[1])
        n = g.n_played
        self.played = bytes(g.played[:n])
        self.played_by = bytes(g.loc[c] - L_PLAYED for c in self.played)
        self.trick = g.trick()
        self.leader = g.leader
        lt = g.last_trick()
        if lt is None:
            self.last_trick = b""
            self.last_trick_leader = None
            self.last_trick_winner = None
        else:
            self.last_trick = bytes((lt[1], lt[2]))
            self.last_trick_leader = lt[0]
            self.last_trick_winner = lt[3]
        self.tricks_won = (g.won[0], g.won[1])
        self.points = (g.points[0], g.points[1])
        self.lacks = (bytes(g.lacks[0:4]), bytes(g.lacks[4:8]))
        self.last_round = g.last_round


class Klaberjass(Game):
    """A game of Klaberjass to ``target`` points (KJ-15).

    ``seed`` drives the first-dealer cut and every shuffle; ``dealer`` is the
    first dealer (0 or 1), or None to cut for it with the seed (KJ-2: low
    card deals). Variants: ``alternate`` (KJ-2), ``all_sequences`` (KJ-8),
    ``classic`` (KJ-11).

    ``deck`` gives the first deal's cards instead of the shuffle: the 32
    cards in the order they are dealt (KJ-3: ``deck[0:12]`` three at a time,
    non-dealer first, ``deck[12]`` turned, ``deck[13]`` the top of the stock,
    dealt next), as card ints or names run together (``"7C8C9C..."``); the
    seed still makes the cut and every later deal, so the deck a seed would
    shuffle gives that seed's very game (a deal in a bug report, played
    again).

    ``seed=None`` makes an empty shell that ``copy`` and ``from_text`` fill
    (MicroPython has no ``cls.__new__``). Raises ValueError on a seed that is
    not an int, a bad dealer or target, a variant that is not True/False
    (or 1/0), or a bad deck (saying why: see ``notation.deck_order``).
    """

    name = "Klaberjass"
    num_seats = NUM_SEATS

    def __init__(
        self, seed=0, dealer=None, target=500, alternate=False, all_sequences=False, classic=False,
        deck=None,
    ):
        # 1.0 and True passed ``dealer in (0, 1)`` and were stored as the
        # dealer; bool("no") turned a variant on.
        if dealer is not None and (not cards.is_int(dealer) or dealer not in (0, 1)):
            raise ValueError("dealer must be seat 0 or 1 or None, got %r" % (dealer,))
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 99999:
            raise ValueError("target must be 1..99999, got %r" % (target,))
        self.target = target
        self.alternate = _flag("alternate", alternate)
        self.all_sequences = _flag("all_sequences", all_sequences)
        self.classic = _flag("classic", classic)
        if deck is not None:
            from cardgames.notation import deck_order

            deck = deck_order(deck, cards.DECK32)
        self.loc = bytearray(52)
        self.stock = bytearray(19)
        self.played = bytearray(18)
        self.lacks = bytearray(8)
        self.shown = bytearray(4)
        self.won = bytearray(2)
        self.points = [0, 0]
        self.seq_pts = [0, 0]
        self.bella = [0, 0]
        self.scores = [0, 0]
        self.events = []
        self.last_round = None
        self.winner = None
        # True in a search player's world (see ``world``): the round stops
        # after its ninth trick, unscored, instead of dealing the next.
        self.hold_round = False
        self.dealer = 0 if dealer is None else dealer
        self.rng = Rng(0 if seed is None else seed)
        self._reset_round()
        if seed is None:
            return
        if dealer is None:
            self._cut()
        self._deal(deck)

    def _reset_round(self):
        self.phase = BID1
        self._to_move = 1 - self.dealer
        self.n_stock = 0
        self.turned = NO_CARD
        self.turned_suit = NO_SUIT
        self.trump = NO_SUIT
        self.maker = 0
        self.ex = EX_NONE
        self.ex_card = NO_CARD
        self.ex_seat = 0
        self.n_played = 0
        self.leader = 1 - self.dealer
        self.seq_seat = NO_SUIT
        for i in range(8):
            self.lacks[i] = 0
        for i in range(4):
            self.shown[i] = 0
        self.won[0] = self.won[1] = 0
        self.points[0] = self.points[1] = 0
        self.seq_pts[0] = self.seq_pts[1] = 0
        self.bella[0] = self.bella[1] = 0

    def _cut(self):
        # KJ-2: each takes a card, the low card (KJ-1 plain order) deals;
        # equal ranks take the next two cards.
        deck = self.rng.shuffle(bytearray(cards.DECK32))
        i = 0
        while True:
            a = deck[i]
            b = deck[i + 1]
            if PLAIN_ORDER[a % 13] != PLAIN_ORDER[b % 13]:
                break
            i += 2
        self.dealer = 0 if PLAIN_ORDER[a % 13] < PLAIN_ORDER[b % 13] else 1
        self.events.append((EV_CUT, self.dealer, a, b))

    def _deal(self, deck=None):
        # KJ-3: three at a time, non-dealer first; the 13th card is turned.
        # A given ``deck`` replaces the shuffle, which still runs: the
        # later deals stay the seed's.
        self._reset_round()
        loc = self.loc
        shuffled = self.rng.shuffle(bytearray(cards.DECK32))
        if deck is None:
            deck = shuffled
        d = self.dealer
        nd = 1 - d
        for i in range(12):
            loc[deck[i]] = L_HAND + (nd if (i // 3) % 2 == 0 else d)
        c = deck[12]
        self.turned = c
        self.turned_suit = c // 13
        loc[c] = L_TURNED
        st = self.stock
        for i in range(19):
            c = deck[31 - i]
            st[i] = c
            loc[c] = L_STOCK
        self.n_stock = 19
        self.events.append((EV_DEAL, d, self.turned, 0))

    # --- queries -----------------------------------------------------------

    @property
    def current_player(self):
        """Seat to act (0 or 1), or None when the game is over."""
        return None if self.phase == OVER else self._to_move

    def is_over(self):
        """True once KJ-15 has ended the game."""
        return self.phase == OVER

    def result(self):
        """Per seat +1 win, -1 loss (KJ-15 has no draws).

        Raises ValueError while the game is not over.
        """
        if self.phase != OVER:
            raise ValueError("the game is not over")
        return (1, -1) if self.winner == 0 else (-1, 1)

    def hand(self, seat):
        """Cards in ``seat``'s hand as sorted bytes. Raises ValueError for a
        seat other than 0 or 1 (as do ``hand_size`` and ``observation``)."""
        code = L_HAND + cards.seat(seat, 2, "Klaberjass")
        loc = self.loc
        return bytes(c for c in cards.DECK32 if loc[c] == code)

    def hand_size(self, seat):
        """Number of cards in ``seat``'s hand."""
        code = L_HAND + cards.seat(seat, 2, "Klaberjass")
        n = 0
        for c in cards.DECK32:
            if self.loc[c] == code:
                n += 1
        return n

    def stock_cards(self):
        """The stock, bottom card first, as bytes."""
        return bytes(self.stock[: self.n_stock])

    def bottom(self):
        """The bottom card once turned (KJ-6), else NO_CARD."""
        if self.phase >= EXCHANGING and self.n_stock:
            return self.stock[0]
        return NO_CARD

    def maker_seat(self):
        """The maker (KJ-4), or None while bidding."""
        return None if self.trump == NO_SUIT else self.maker

    def bids(self):
        """Bid actions of this deal so far, in order (non-dealer first), as bytes."""
        nd = 1 - self.dealer
        ph = self.phase
        if ph == BID1:
            return b"" if self._to_move == nd else bytes((PASS,))
        if ph == BID2:
            return bytes((PASS, PASS)) if self._to_move == nd else bytes((PASS, PASS, PASS))
        if self.trump == self.turned_suit:
            return bytes((ACCEPT,)) if self.maker == nd else bytes((PASS, ACCEPT))
        name = NAME_CLUBS + self.trump
        if self.maker == nd:
            return bytes((PASS, PASS, name))
        return bytes((PASS, PASS, PASS, name))

    def seq_winner(self):
        """Seat whose sequence scored this round (KJ-8), or None."""
        return None if self.seq_seat == NO_SUIT else self.seq_seat

    def seq_cards(self):
        """The cards of the scored sequences (shown to both, KJ-8), as bytes."""
        out = bytearray()
        for s in range(4):
            m = self.shown[s]
            for i in range(8):
                if (m >> i) & 1:
                    out.append(s * 13 + R7 + i)
        return bytes(out)

    def trick(self):
        """Cards of the open trick (0 or 1, the leader's), as bytes."""
        n = self.n_played
        return bytes((self.played[n - 1],)) if n % 2 else b""

    def last_trick(self):
        """The latest completed trick of this round as (leader, lead card,
        second card, winner), or None before the first is complete."""
        n = self.n_played - self.n_played % 2
        if n == 0:
            return None
        a = self.played[n - 2]
        b = self.played[n - 1]
        lead_seat = self.loc[a] - L_PLAYED
        w = 1 - lead_seat if beats(a, b, self.trump) else lead_seat
        return (lead_seat, a, b, w)

    def legal_actions(self):
        """Legal actions of the seat to move, ascending. Empty when over."""
        ph = self.phase
        if ph == PLAY:
            return self._legal_play(self._to_move)
        if ph == BID1:
            return [ACCEPT, PASS]
        if ph == BID2:
            return [PASS] + [NAME_CLUBS + s for s in range(4) if s != self.turned_suit]
        if ph == EXCHANGING:
            return [EXCHANGE, DECLINE]
        return []

    def _legal_play(self, p):
        # KJ-11 for the second player; the leader plays any card.
        loc = self.loc
        code = L_HAND + p
        hand = [c for c in cards.DECK32 if loc[c] == code]
        n = self.n_played
        if n % 2 == 0:
            return hand
        lead = self.played[n - 1]
        ls = lead // 13
        t = self.trump
        if ls != t:
            same = [c for c in hand if c // 13 == ls]
            if same:
                if self.classic:
                    return same
                lo = PLAIN_ORDER[lead % 13]
                higher = [c for c in same if PLAIN_ORDER[c % 13] > lo]
                return higher or same
            trumps = [c for c in hand if c // 13 == t]
            return trumps or hand
        trumps = [c for c in hand if c // 13 == t]
        if not trumps:
            return hand
        lo = TRUMP_ORDER[lead % 13]
        higher = [c for c in trumps if TRUMP_ORDER[c % 13] > lo]
        return higher or trumps

    def observation(self, seat):
        """What ``seat`` may know (KJ-16), as an ``Observation``."""
        return Observation(self, cards.seat(seat, 2, "Klaberjass"))

    # --- moves -------------------------------------------------------------

    def why_illegal(self, action):
        """Reason ``action`` is illegal for the seat to move, or None if legal."""
        ph = self.phase
        if ph == OVER:
            return "the game is over"
        if not isinstance(action, int) or isinstance(action, bool):
            return "%r is not a Klaberjass action" % (action,)
        if not 0 <= action < NUM_ACTIONS:
            return "%r is not a Klaberjass action (a card 0..51 or 52..59)" % (action,)
        if action < 52 and self.loc[action] == L_NONE:
            return "%s is not in the Klaberjass deck (KJ-1)" % cards.name(action)
        if ph == PLAY:
            if action >= 52:
                return "%s: it is time to play a card (KJ-10)" % action_name(action)
            return self._why_card(action)
        if action < 52:
            if ph == EXCHANGING:
                return "first exchange the seven of trumps or decline (KJ-7)"
            return "%s: cards are played only after the bidding (KJ-4)" % cards.name(action)
        turned = SUIT_NAMES[self.turned_suit]
        if ph == BID1:
            if action in (ACCEPT, PASS):
                return None
            return "round one: accept %s or pass (KJ-4)" % turned
        if ph == BID2:
            if action == PASS:
                return None
            if NAME_CLUBS <= action <= NAME_SPADES:
                if action - NAME_CLUBS == self.turned_suit:
                    return "round two cannot name the turned suit, %s (KJ-4)" % turned
                return None
            return "round two: name a suit other than %s or pass (KJ-4)" % turned
        if action in (EXCHANGE, DECLINE):
            return None
        return "exchange the seven of trumps for the turned card or decline (KJ-7)"

    def _why_card(self, c):
        p = self._to_move
        if self.loc[c] != L_HAND + p:
            return "%s is not in your hand" % cards.name(c)
        legal = self._legal_play(p)
        if c in legal:
            return None
        lead = self.played[self.n_played - 1]
        t = self.trump
        ls = lead // 13
        if ls == t:
            if c // 13 != t:
                return "trumps were led: you must play a trump (KJ-11)"
            return "you must overtrump %s (KJ-11)" % cards.name(lead)
        if c // 13 != ls and legal[0] // 13 == ls:
            return "you must follow suit, %s (KJ-11)" % SUIT_NAMES[ls]
        if c // 13 == ls:
            return "you must head the trick: a %s higher than %s (KJ-11)" % (
                SUIT_NAMES[ls][:-1],
                cards.name(lead),
            )
        return "void in %s, you must trump (KJ-11)" % SUIT_NAMES[ls]

    def _apply(self, action):
        # Checked by Game.apply.
        self.events.clear()
        ph = self.phase
        p = self._to_move
        if ph == PLAY:
            if self._play(action) and not self.hold_round:
                self._end_round()
            return
        ev = self.events
        if ph == EXCHANGING:
            if action == EXCHANGE:
                # KJ-7: the seven of trumps and the turned card change places.
                seven = self.trump * 13 + R7
                took = self.turned
                self.loc[seven] = L_TURNED
                self.loc[took] = L_HAND + p
                self.turned = seven
                self.ex = EX_DONE
                self.ex_card = took
                self.ex_seat = p
                ev.append((EV_EXCHANGE, p, seven, took))
            else:
                self.ex = EX_DECLINED
                self.ex_seat = p
                ev.append((EV_DECLINE, p, self.trump * 13 + R7, 0))
            self._begin_play()
            return
        ev.append((EV_BID, p, action, 0))
        nd = 1 - self.dealer
        if action == PASS:
            if p == nd:
                self._to_move = self.dealer
            elif ph == BID1:
                self.phase = BID2
                self._to_move = nd
            else:
                # KJ-5: four passes, the other player redeals.
                self.dealer = nd
                ev.append((EV_REDEAL, nd, 0, 0))
                self._deal()
            return
        self.maker = p
        self.trump = self.turned_suit if action == ACCEPT else action - NAME_CLUBS
        self._three_more()

    def _three_more(self):
        # KJ-6: three more each, non-dealer first, from the top of the stock;
        # then the bottom card is turned.
        loc = self.loc
        st = self.stock
        d = self.dealer
        for k in range(2):
            seat = 1 - d if k == 0 else d
            for _ in range(3):
                self.n_stock -= 1
                loc[st[self.n_stock]] = L_HAND + seat
        self.events.append((EV_MORE, d, st[0], 0))
        t = self.trump
        seven = t * 13 + R7
        w = loc[seven]
        if t == self.turned_suit and self.turned != seven and (w == L_HAND or w == L_HAND + 1):
            self.phase = EXCHANGING
            self.ex = EX_PENDING
            self.ex_seat = w - L_HAND
            self._to_move = w - L_HAND
        else:
            self._begin_play()

    def _best(self, seat):
        # KJ-8 key of the best sequence: length, then top card, then trump.
        best = 0
        for s in range(4):
            k = _best_run(self._suit_mask(seat, s))
            if k:
                k += 2 if s == self.trump else 0
                if k > best:
                    best = k
        return best

    def _suit_mask(self, seat, s):
        # Ranks 7..A of suit s in seat's hand as bits 0..7 (sequence order).
        code = L_HAND + seat
        loc = self.loc
        m = 0
        for i in range(8):
            if loc[s * 13 + R7 + i] == code:
                m |= 1 << i
        return m

    def _begin_play(self):
        # KJ-8: best sequences compared; then the non-dealer leads (KJ-10).
        ev = self.events
        k0 = self._best(0)
        k1 = self._best(1)
        if k0 or k1:
            if k0 == k1:
                ev.append((EV_SEQ_TIE, 1 - self.dealer, 0, k0 // 256))
            else:
                w = 0 if k0 > k1 else 1
                self.seq_seat = w
                best = max(k0, k1)
                for s in range(4):
                    for top, n in sequences(self._suit_mask(w, s)):
                        k = n * 256 + top * 4 + (2 if s == self.trump else 0)
                        # Only the best scores: of two equal best (two plain
                        # Q-K-A) the first found, once (best = -1 after it).
                        if k == best or self.all_sequences:
                            if k == best:
                                best = -1
                            self.seq_pts[w] += seq_points(n)
                            for r in range(top - n + 1, top + 1):
                                self.shown[s] |= 1 << (r - R7)
                            ev.append((EV_SEQ, w, s * 13 + top, n))
        self.phase = PLAY
        self.leader = 1 - self.dealer
        self._to_move = self.leader

    def _play(self, c):
        # One card (KJ-9 ... KJ-13); True when the ninth trick is complete.
        p = self._to_move
        loc = self.loc
        ev = self.events
        i = self.n_played
        t = self.trump
        if i % 2:
            self._note_lacks(p, self.played[i - 1], c)
        loc[c] = L_PLAYED + p
        self.played[i] = c
        self.n_played = i + 1
        ev.append((EV_PLAY, p, c, 0))
        r = c % 13
        if c // 13 == t and (r == RQ or r == RK):
            # KJ-9: bella with the second of king and queen of trumps.
            if loc[t * 13 + RQ + RK - r] == L_PLAYED + p:
                self.bella[p] = BELLA
                ev.append((EV_BELLA, p, c, BELLA))
        if i % 2 == 0:
            self._to_move = 1 - p
            return False
        lead = self.played[i - 1]
        w = p if beats(lead, c, t) else 1 - p
        pts = card_points(lead, t) + card_points(c, t)
        self.points[w] += pts
        self.won[w] += 1
        ev.append((EV_TRICK, w, pts, i // 2))
        self.leader = w
        self._to_move = w
        if i == 17:
            ev.append((EV_LAST, w, LAST_TRICK, 0))
            return True
        return False

    def _note_lacks(self, p, lead, c):
        # KJ-16: not following, not trumping, not heading or not overtrumping
        # shows what the second player lacks.
        t = self.trump
        ls = lead // 13
        cs = c // 13
        lk = self.lacks
        b = 4 * p
        if ls != t:
            if cs == ls:
                if not self.classic and PLAIN_ORDER[c % 13] < PLAIN_ORDER[lead % 13]:
                    lk[b + ls] |= _above(PLAIN_ORDER, lead % 13)
            else:
                lk[b + ls] = 0xFF
                if cs != t:
                    lk[b + t] = 0xFF
        elif cs == t:
            if TRUMP_ORDER[c % 13] < TRUMP_ORDER[lead % 13]:
                lk[b + t] |= _above(TRUMP_ORDER, lead % 13)
        else:
            lk[b + t] = 0xFF

    def summary(self):
        """The RoundSummary of the round on the table (all nine tricks played)."""
        return RoundSummary(
            (
                self.dealer,
                self.maker,
                self.trump,
                self.points[0],
                self.points[1],
                self.leader,
                self.seq_pts[0],
                self.seq_pts[1],
                self.bella[0],
                self.bella[1],
            )
        )

    def _end_round(self):
        # KJ-14 scoring, KJ-15 end, KJ-2 next dealer.
        ev = self.events
        sm = self.summary()
        self.last_round = sm
        if sm.failed:
            m = sm.maker
            ev.append((EV_FAIL, m, sm.totals[m], sm.totals[1 - m]))
        sc = self.scores
        sc[0] += sm.scored[0]
        sc[1] += sm.scored[1]
        ev.append((EV_ROUND, sm.maker, sm.scored[0], sm.scored[1]))
        w = _game_winner(sc, self.target)
        if w is not None:
            self.phase = OVER
            self.winner = w
            ev.append((EV_GAME, w, sc[0], sc[1]))
            return
        if self.alternate or sm.winner is None:
            self.dealer = 1 - self.dealer
        else:
            self.dealer = sm.winner
        self._deal()

    # --- notation ----------------------------------------------------------

    def to_text(self):
        """The position in the notation of the module docstring."""
        ph = self.phase
        if self.ex == EX_NONE:
            x = "-"
        elif self.ex == EX_PENDING:
            x = "?"
        elif self.ex == EX_DECLINED:
            x = "D"
        else:
            x = cards.name(self.ex_card)
        lr = self.last_round
        parts = (
            "KJ1",
            "w=%d" % self.target,
            "o=" + _options_text(self),
            "d=%d" % self.dealer,
            "s=%d,%d" % (self.scores[0], self.scores[1]),
            "r=%d,%d" % (self.rng.hi, self.rng.lo),
            "p=" + PHASE_CODES[ph],
            "m=" + ("-" if ph == OVER else str(self._to_move)),
            "h0=" + _cards_text(self.hand(0)),
            "h1=" + _cards_text(self.hand(1)),
            "k=" + _cards_text(self.stock[: self.n_stock]),
            "u=" + cards.name(self.turned),
            "t=" + ("-" if self.trump == NO_SUIT else cards.SUITS[self.trump]),
            "mk=" + ("-" if self.trump == NO_SUIT else str(self.maker)),
            "x=" + x,
            "c=" + _cards_text(self.played[: self.n_played]),
            "l=" + ("-" if lr is None else ",".join(str(v) for v in lr.values)),
        )
        return ";".join(parts)

    def copy(self, into=None):
        """An independent copy of this game (events not copied). With
        ``into`` (a Klaberjass) that game is overwritten in place and
        returned: search players reuse one scratch game."""
        g = Klaberjass(None, target=self.target) if into is None else into
        g.target = self.target
        for k in _COPIED:
            setattr(g, k, getattr(self, k))
        g.loc[:] = self.loc
        g.stock[:] = self.stock
        g.played[:] = self.played
        g.lacks[:] = self.lacks
        g.shown[:] = self.shown
        g.won[:] = self.won
        for i in (0, 1):
            g.points[i] = self.points[i]
            g.seq_pts[i] = self.seq_pts[i]
            g.bella[i] = self.bella[i]
            g.scores[i] = self.scores[i]
        g.rng.hi = self.rng.hi
        g.rng.lo = self.rng.lo
        g.events.clear()
        return g

    def __eq__(self, other):
        return isinstance(other, Klaberjass) and self.to_text() == other.to_text()

    __hash__ = None  # mutable: equal by position, so not hashable


# The plain attributes ``copy`` copies as they are.
_COPIED = (
    "alternate",
    "all_sequences",
    "classic",
    "dealer",
    "phase",
    "_to_move",
    "n_stock",
    "turned",
    "turned_suit",
    "trump",
    "maker",
    "ex",
    "ex_card",
    "ex_seat",
    "n_played",
    "leader",
    "seq_seat",
    "last_round",
    "winner",
    "hold_round",
)


# ``world``'s unplaced cards: a search deals many worlds per decision, all
# with as many (``_free_buffer``).
_world_free = [bytearray(0)]


def _free_buffer(n):
    # A bytearray(n), the last one again while n stays the same.
    b = _world_free[0]
    if len(b) != n:
        b = _world_free[0] = bytearray(n)
    return b


def world(obs, rng, g=None):
    """A whole position consistent with ``obs`` (a seat's Observation during
    the play, KJ-16): the cards that seat cannot see (the other hand and the
    stock under its turned bottom card) dealt at random by ``rng`` (an Rng),
    for a search player to play out; the round then stops after its ninth
    trick instead of being scored and redealt (``hold_round``; read it with
    ``summary()``). ``g``: a Klaberjass to overwrite, else a new one.

    The other hand keeps what the seat knows of it (KJ-16): its unplayed
    cards of the sequence it showed (KJ-8), the turned card it took by the
    exchange (KJ-7), and none of the cards it has shown it lacks (``lacks``:
    not following, not trumping, not heading). While bidding (KJ-4) the other
    hand and the stock are dealt from every card the seat has not seen (the
    bids it heard are not used). Raises ValueError in the exchange phase and
    once the game is over.
    """
    if obs.phase != PLAY and obs.phase != BID1 and obs.phase != BID2:
        raise ValueError("no world is dealt in phase %d" % obs.phase)
    if g is None:
        g = Klaberjass(None, target=obs.target)
    me = obs.seat
    opp = 1 - me
    loc = g.loc
    for c in range(52):
        loc[c] = L_NONE
    for c in cards.DECK32:
        loc[c] = L_STOCK
    for c in obs.hand:
        loc[c] = L_HAND + me
    for i in range(len(obs.played)):
        loc[obs.played[i]] = L_PLAYED + obs.played_by[i]
    loc[obs.turned] = L_TURNED
    n_opp = obs.hand_sizes[opp]
    if obs.seq_winner == opp:
        for c in obs.seq_cards:
            if loc[c] == L_STOCK:
                loc[c] = L_HAND + opp
                n_opp -= 1
    if obs.exchanged == opp and loc[obs.exchange_card] == L_STOCK:
        loc[obs.exchange_card] = L_HAND + opp
        n_opp -= 1
    bottom = obs.bottom
    if bottom != NO_CARD:
        loc[bottom] = NO_CARD  # set apart: it stays at the stock's bottom
    # The cards still unplaced, in random order; the other seat gets the
    # first n_opp it may hold, the stock the rest.
    n = 0
    for c in cards.DECK32:
        if loc[c] == L_STOCK:
            n += 1
    free = _free_buffer(n)
    n = 0
    for c in cards.DECK32:
        if loc[c] == L_STOCK:
            free[n] = c
            n += 1
    rng.shuffle(free)
    lk = obs.lacks[opp]
    for c in free:
        if n_opp and not (lk[c // 13] >> (c % 13 - R7)) & 1:
            loc[c] = L_HAND + opp
            n_opp -= 1
    if n_opp:
        # Only when ``obs`` itself is inconsistent: fill from the rest.
        for c in free:
            if n_opp and loc[c] == L_STOCK:
                loc[c] = L_HAND + opp
                n_opp -= 1
    n = 0
    if bottom != NO_CARD:
        loc[bottom] = L_STOCK
        g.stock[0] = bottom
        n = 1
    for c in free:
        if loc[c] == L_STOCK:
            g.stock[n] = c
            n += 1
    g.n_stock = n
    g.target = obs.target
    g.alternate = obs.alternate
    g.all_sequences = obs.all_sequences
    g.classic = obs.classic
    g.dealer = obs.dealer
    g.phase = obs.phase
    g._to_move = obs.to_move
    g.turned = obs.turned
    g.turned_suit = obs.turned_suit
    g.trump = obs.trump
    g.maker = 0 if obs.maker is None else obs.maker
    if obs.exchanged is None:
        g.ex = EX_NONE
        g.ex_card = NO_CARD
        g.ex_seat = 0
    else:
        g.ex = EX_DONE
        g.ex_card = obs.exchange_card
        g.ex_seat = obs.exchanged
    g.n_played = len(obs.played)
    g.played[: g.n_played] = obs.played
    g.leader = 1 - obs.dealer if obs.phase != PLAY else obs.leader
    g.seq_seat = NO_SUIT if obs.seq_winner is None else obs.seq_winner
    for i in range(4):
        g.shown[i] = 0
    for c in obs.seq_cards:
        g.shown[c // 13] |= 1 << (c % 13 - R7)
    g.lacks[0:4] = obs.lacks[0]
    g.lacks[4:8] = obs.lacks[1]
    for i in (0, 1):
        g.won[i] = obs.tricks_won[i]
        g.points[i] = obs.points[i]
        g.seq_pts[i] = obs.seq_points[i]
        g.bella[i] = obs.bella[i]
        g.scores[i] = obs.scores[i]
    g.last_round = obs.last_round
    g.winner = None
    g.hold_round = True
    g.events.clear()
    return g


def _flag(name, v):
    # A variant switch: True/False or 1/0, anything else refused by name.
    if v is True or v is False or (cards.is_int(v) and v in (0, 1)):
        return v == 1
    raise ValueError("%s must be True or False, got %r" % (name, v))


def _game_winner(sc, target):
    # KJ-15: 500 or more and more than the other; equal scores play on.
    if max(sc[0], sc[1]) >= target and sc[0] != sc[1]:
        return 0 if sc[0] > sc[1] else 1
    return None


def _options_text(g):
    o = ("a" if g.alternate else "") + ("s" if g.all_sequences else "") + ("c" if g.classic else "")
    return o or "-"


_cards_text = cards.run_text


# --- words ------------------------------------------------------------------

SUIT_SYMBOLS = cards.SUIT_SYMBOLS
SUIT_NAMES = cards.SUIT_NAMES
symbol_name = cards.symbol_name


def action_name(a):
    """Short name of an action: a card (``"J\u2665"``), ``"accept"``, ``"pass"``,
    ``"name \u2660"``, ``"exchange"`` or ``"decline"``."""
    if 0 <= a < 52:
        return symbol_name(a)
    if a == ACCEPT:
        return "accept"
    if a == PASS:
        return "pass"
    if NAME_CLUBS <= a <= NAME_SPADES:
        return "name " + SUIT_SYMBOLS[a - NAME_CLUBS]
    if a == EXCHANGE:
        return "exchange"
    if a == DECLINE:
        return "decline"
    return "?"


def describe(ev, viewer, names):
    """Words for event tuple ``ev`` as seen by seat ``viewer``.

    ``names`` gives a display name per seat; the viewer is "You". Returns a
    short str, e.g. "North won the trick: 21"; an empty str for an event the
    viewer may not see (another seat declining the exchange, KJ-16).
    """
    kind, seat, a, b = ev
    you = seat == viewer
    who = "You" if you else names[seat]
    if kind == EV_CUT:
        # Inside the sentence, the viewer is "you": "Cut Q♣, A♣: you deal".
        return "Cut %s, %s: %s deal%s" % (symbol_name(a), symbol_name(b),
                                          "you" if you else who, "" if you else "s")
    if kind == EV_DEAL:
        return "%s deal%s; turned %s" % (who, "" if you else "s", symbol_name(a))
    if kind == EV_BID:
        if a == ACCEPT:
            return "%s accepted" % who
        if a == PASS:
            return "%s passed" % who
        return "%s named %s" % (who, SUIT_SYMBOLS[a - NAME_CLUBS])
    if kind == EV_REDEAL:
        return "All passed: redeal"
    if kind == EV_MORE:
        return "Bottom card %s" % symbol_name(a)
    if kind == EV_EXCHANGE:
        return "%s took %s for %s" % (who, symbol_name(b), symbol_name(a))
    if kind == EV_DECLINE:
        return "You kept %s" % symbol_name(a) if you else ""
    if kind == EV_SEQ:
        return "%s: %d in a row to %s, %d" % (who, b, symbol_name(a), seq_points(b))
    if kind == EV_SEQ_TIE:
        return "Sequences tie: no score"
    if kind == EV_PLAY:
        return "%s played %s" % (who, symbol_name(a))
    if kind == EV_BELLA:
        return "%s: bella, %d" % (who, b)
    if kind == EV_TRICK:
        return "%s won the trick: %d" % (who, a)
    if kind == EV_LAST:
        return "%s: last trick, %d" % (who, a)
    if kind == EV_FAIL:
        return "%s failed: %d to %d" % (who, a, b)
    if kind == EV_ROUND:
        n0 = "you" if viewer == 0 else names[0]
        n1 = "you" if viewer == 1 else names[1]
        return "Round: %s %d, %s %d" % (n0, a, n1, b)
    if kind == EV_GAME:
        return "%s win%s %d to %d" % (who, "" if you else "s", max(a, b), min(a, b))
    return "?"
