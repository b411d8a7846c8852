"""Clubbed: 2 players, 52 cards, shedding (RULES.md CB-1 ... CB-12).

Actions: a card int (0..51) plays that card; ``DRAW`` (52) takes the top card
of the stock. Seats are 0 and 1; the non-dealer moves first (CB-1).

State is plain data: ``loc`` (bytearray(52), where each card is), ``stock`` and
``pile`` (bytearray(52) used as stacks, the top at index n-1) and a few small
ints, so a position costs a few hundred bytes and a move allocates only its
event tuples.

Position notation (``to_text`` / ``clubbed_text.from_text``), fields separated by ``;``::

    CB1;r=1;d=1;m=0;h0=TCKC8HQHKH;h1=JC5DJDQD7S;s=TDQCAS6S6H3D9C2H7DKD5S4S3CAD8C8DJH
    3S9H3H2C5H9DTH4D4H7CTSACQS6C4C8S6DKSJS7HAH2S9S5C;p=2D;c0=;c1=;x=----

(one line; broken here to fit: this is ``Clubbed(seed=2).to_text()``)

``r`` refill option (1 = CB-8 refill, 0 = no-refill variant), ``d`` dealer
seat, ``m`` seat to move (``-`` when the game is over), ``h0``/``h1`` hands,
``s`` stock bottom to top, ``p`` discard pile bottom to top, ``c0``/``c1``
collections, ``x`` for each seat the top card it last drew against (``--`` if
it never drew, ``**`` if it drew facing an empty pile; CB-11). Cards are two
characters each, written without separators.

``nm`` (before ``x``, and only while a seat has one) lists each seat's
no-match entries (see ``Observation.no_match``), seat 0's then seat 1's,
split by ``/``, each entry the top card drawn against (``**``: an empty pile)
and its count in decimal, split by ``,``, oldest first: ``nm=7H3,9D4/**2``.
Positions written before the field existed have none and still load.
"""

from cardgames import cards
from cardgames.game import Game
from cardgames.rng import Rng

NUM_SEATS = 2
HAND_SIZE = 5
DRAW = 52
NO_CARD = cards.NO_CARD
# In ``drew_against``: the seat drew facing an empty pile, which shows its hand
# was all clubs (CB-6, CB-11).
DREW_ON_EMPTY = 254
# At most this many no-match entries per seat (``Observation.no_match``); a
# new one past them pushes out the oldest.
NM_CAP = 6

# Where a card is: the values stored in ``loc``.
L_STOCK = 0
L_HAND = 1  # L_HAND + seat
L_PILE = 3
L_COLL = 4  # L_COLL + seat

# Event kinds, in ``events`` as (kind, seat, a, b).
EV_PLAY = 1  # seat played card a
EV_DRAW = 2  # seat drew card a (hidden from the other seat)
EV_CLUB = 3  # seat clubbed the other, who collected a cards
EV_REFILL = 4  # seat drew a new hand of a cards (CB-8)
EV_END = 5  # game over; a, b = collected counts of seats 0, 1


class Observation:
    """What one seat may know (CB-11). Plain attributes:

    ``seat``, ``to_move`` (seat or None), ``hand`` (bytes of card ints, sorted),
    ``hand_sizes`` (2-tuple), ``stock_size``, ``pile`` (bytes, bottom to top),
    ``collected`` (2-tuple of bytes), ``drew_against`` (bytes(2): the top card
    each seat last drew against, NO_CARD if it never drew, DREW_ON_EMPTY if it
    drew facing an empty pile), ``no_match`` (per seat, bytes of pairs
    ``t, k``, oldest first: at least ``k`` cards of that seat's hand have
    been held since it drew facing top card ``t`` (DREW_ON_EMPTY: an empty
    pile), so none of them matches ``t`` (CB-2; for an empty pile: they are
    clubs, CB-6): what every draw shows, CB-4 and CB-11), ``refill``.

    ``no_match`` is derived from public moves only (the cards played, the
    draws and the top they faced), by ``Clubbed``'s rules below, so it is
    the same for every deal of the hidden cards.
    """

    def __init__(self, g, seat):
        self.seat = seat
        self.to_move = g.current_player
        self.hand = g.hand(seat)
        self.hand_sizes = (g.hand_size(0), g.hand_size(1))
        self.stock_size = g.n_stock
        self.pile = bytes(g.pile[: g.n_pile])
        self.collected = (g.collection(0), g.collection(1))
        self.drew_against = bytes(g.drew_against)
        nm = g.nm
        n = g.n_nm
        self.no_match = (bytes(nm[: 2 * n[0]]), bytes(nm[2 * NM_CAP : 2 * NM_CAP + 2 * n[1]]))
        self.refill = g.refill

    def top(self):
        """Top card of the discard pile, or NO_CARD when it is empty."""
        return self.pile[-1] if self.pile else NO_CARD


class Clubbed(Game):
    """One game of Clubbed. ``seed`` drives the shuffle (CB-1); ``dealer`` is
    seat 0 or 1; ``refill`` False selects the no-refill variant (CB-8).

    ``deck`` gives the deal instead of the seed's shuffle: the 52 cards in
    the order the shuffle would leave them (CB-1: ``deck[0:10]`` dealt one at
    a time, non-dealer first, ``deck[10]`` starts the pile, the rest is the
    stock with its top, drawn first, last), as card ints or names run
    together (``"2C3C4C..."``); the deck a seed would shuffle gives that
    seed's very game.

    ``seed=None`` makes an empty shell that ``copy`` and ``from_text`` fill
    (MicroPython has no ``cls.__new__``). Raises ValueError on a seed that is
    not an int (bools included), a bad dealer seat, a ``refill`` that is
    not True/False (or 1/0), or a bad deck (saying why: see
    ``notation.deck_order``).
    """

    name = "Clubbed"
    num_seats = NUM_SEATS

    def __init__(self, seed=0, dealer=1, refill=True, deck=None):
        if seed is not None and not cards.is_int(seed):
            raise ValueError("seed must be an int, got %r" % (seed,))
        if not cards.is_int(dealer) or dealer not in (0, 1):
            raise ValueError("dealer must be seat 0 or 1, got %r" % (dealer,))
        if not (refill is True or refill is False or (cards.is_int(refill) and refill in (0, 1))):
            raise ValueError("refill must be True or False, got %r" % (refill,))
        if deck is not None:
            from cardgames.notation import deck_order

            deck = deck_order(deck, cards.DECK52)
        self.refill = bool(refill)
        self.dealer = dealer
        self.loc = bytearray(52)
        self.stock = bytearray(52)
        self.pile = bytearray(52)
        self.drew_against = bytearray((NO_CARD, NO_CARD))
        # No-match entries (Observation.no_match): seat s's n_nm[s] pairs
        # (top, count) at 2 * NM_CAP * s, oldest first.
        self.nm = bytearray(4 * NM_CAP)
        self.n_nm = bytearray(2)
        self.events = []
        if seed is None:
            return
        if deck is None:
            deck = Rng(seed).shuffle(bytearray(cards.DECK52))
        # CB-1: deal 5 each, one at a time, non-dealer first; the next card
        # turned up starts the pile; the rest is the stock.
        first = 1 - dealer
        for i in range(2 * HAND_SIZE):
            self.loc[deck[i]] = L_HAND + (first + i) % 2
        starter = deck[2 * HAND_SIZE]
        self.loc[starter] = L_PILE
        self.pile[0] = starter
        self.n_pile = 1
        rest = deck[2 * HAND_SIZE + 1 :]
        self.n_stock = len(rest)
        self.stock[: self.n_stock] = rest
        self._to_move = first
        self.over = False
        self._check_end()

    # --- queries -----------------------------------------------------------

    @property
    def current_player(self):
        """Seat to act (0 or 1), or None when the game is over."""
        return None if self.over else self._to_move

    def is_over(self):
        """True once CB-9 has ended the game."""
        return self.over

    def hand(self, seat):
        """Cards in ``seat``'s hand as sorted bytes. Raises ValueError for a
        seat other than 0 or 1 (as do ``hand_size``, ``collection`` and
        ``collected``)."""
        code = L_HAND + cards.seat(seat, 2, "Clubbed")
        loc = self.loc
        return bytes(c for c in range(52) if loc[c] == code)

    def hand_size(self, seat):
        """Number of cards in ``seat``'s hand."""
        return _count(self.loc, L_HAND + cards.seat(seat, 2, "Clubbed"))

    def collection(self, seat):
        """Cards ``seat`` has collected, as sorted bytes (public, CB-11)."""
        code = L_COLL + cards.seat(seat, 2, "Clubbed")
        loc = self.loc
        return bytes(c for c in range(52) if loc[c] == code)

    def collected(self, seat):
        """Number of cards ``seat`` has collected."""
        return _count(self.loc, L_COLL + cards.seat(seat, 2, "Clubbed"))

    def top(self):
        """Top card of the discard pile, or NO_CARD when it is empty."""
        return self.pile[self.n_pile - 1] if self.n_pile else NO_CARD

    def legal_actions(self):
        """Legal actions of the seat to move, ascending (CB-3, CB-4, CB-6, CB-7).

        Empty when the game is over.
        """
        if self.over:
            return []
        return self._legal(self._to_move)

    def _legal(self, p):
        loc = self.loc
        code = L_HAND + p
        out = []
        if self.n_pile == 0 or cards.suit(self.top()) == cards.CLUBS:
            # CB-6 empty pile / CB-7 club starter: any card may be played.
            all_clubs = True
            for c in range(52):
                if loc[c] == code:
                    out.append(c)
                    if c >= 13:
                        all_clubs = False
            # CB-6: drawing only with a hand of clubs (or none); CB-7: never.
            if self.n_pile == 0 and all_clubs and self.n_stock:
                out.append(DRAW)
            return out
        t = self.top()
        ts = t // 13
        tr = t % 13
        matched = False
        for c in range(52):
            if loc[c] == code:
                if c // 13 == ts or c % 13 == tr:
                    out.append(c)
                    matched = True
                elif c < 13:
                    out.append(c)  # CB-3: a club may always be played
        # CB-3/CB-4: drawing only without a matching card.
        if not matched and self.n_stock:
            out.append(DRAW)
        return out

    def result(self):
        """Per seat +1 win, 0 draw, -1 loss: fewer collected cards wins (CB-10).

        Raises ValueError while the game is not over.
        """
        if not self.over:
            raise ValueError("the game is not over")
        a = self.collected(0)
        b = self.collected(1)
        if a == b:
            return (0, 0)
        return (1, -1) if a < b else (-1, 1)

    def observation(self, seat):
        """What ``seat`` may know (CB-11), as an ``Observation``. Raises
        ValueError for a seat other than 0 or 1."""
        return Observation(self, cards.seat(seat, 2, "Clubbed"))

    # --- moves -------------------------------------------------------------

    def why_illegal(self, action):
        """Reason ``action`` is illegal for the seat to move, or None if legal."""
        if self.over:
            return "the game is over"
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action <= DRAW:
            return "%r is not a Clubbed action (a card 0..51 or DRAW)" % (action,)
        if action != DRAW and self.loc[action] != L_HAND + self._to_move:
            return "%s is not in your hand" % cards.name(action)
        legal = self._legal(self._to_move)
        if action in legal:
            return None
        if action == DRAW:
            if not self.n_stock:
                return "the stock is empty"
            if self.n_pile == 0:
                return "facing an empty pile you may draw only with a hand of clubs (CB-6)"
            if cards.suit(self.top()) == cards.CLUBS:
                return "you may not draw on a club starter (CB-7)"
            return "you hold a card matching %s, so you must play (CB-3)" % cards.name(self.top())
        return "%s neither matches %s nor is a club (CB-3)" % (
            cards.name(action),
            cards.name(self.top()),
        )

    def _apply(self, action):
        # A card int or DRAW, already checked by Game.apply.
        ev = self.events
        ev.clear()
        p = self._to_move
        o = 1 - p
        loc = self.loc
        if action == DRAW:
            # CB-4 / CB-6: one card, then the same seat chooses again.
            t = self.top() if self.n_pile else DREW_ON_EMPTY
            self._no_match_draw(p, t)
            self.n_stock -= 1
            c = self.stock[self.n_stock]
            loc[c] = L_HAND + p
            self.drew_against[p] = t
            ev.append((EV_DRAW, p, c, 0))
        else:
            c = action
            ev.append((EV_PLAY, p, c, 0))
            if self.n_nm[p]:
                self._no_match_play(p, c)
            if c < 13:
                # CB-5 / CB-6 / CB-7: a club gives the opponent the pile and itself.
                n = self.n_pile + 1
                for i in range(self.n_pile):
                    loc[self.pile[i]] = L_COLL + o
                loc[c] = L_COLL + o
                self.n_pile = 0
                ev.append((EV_CLUB, p, n, 0))
            else:
                loc[c] = L_PILE
                self.pile[self.n_pile] = c
                self.n_pile += 1
            if self.refill and not _count(loc, L_HAND + p) and self.n_stock:
                # CB-8: an emptied hand draws up to 5 at once.
                k = min(HAND_SIZE, self.n_stock)
                for _ in range(k):
                    self.n_stock -= 1
                    loc[self.stock[self.n_stock]] = L_HAND + p
                ev.append((EV_REFILL, p, k, 0))
            self._to_move = o
        self._check_end()

    def _no_match_draw(self, p, t):
        # CB-4 / CB-6: seat p draws facing top t (DREW_ON_EMPTY: an empty
        # pile), so no card in its hand matches t (on an empty pile: all are
        # clubs). Further draws facing the same top (the same run of draws)
        # add the card drawn before to the entry.
        h = _count(self.loc, L_HAND + p)
        if not h:
            return
        nm = self.nm
        b = 2 * NM_CAP * p
        n = self.n_nm[p]
        if n and nm[b + 2 * n - 2] == t:
            nm[b + 2 * n - 1] = h
            return
        if n == NM_CAP:
            # Full: the oldest entry makes room.
            for i in range(b, b + 2 * n - 2):
                nm[i] = nm[i + 2]
            n -= 1
        nm[b + 2 * n] = t
        nm[b + 2 * n + 1] = h
        self.n_nm[p] = n + 1

    def _no_match_play(self, p, c):
        # Seat p plays card c. A card that does not match an entry's top may
        # have been one of the cards counted there, so the count drops by
        # one (a lower bound, all that public moves tell); a card that
        # matches it was drawn later. Entries down to 0 go.
        nm = self.nm
        b = 2 * NM_CAP * p
        n = self.n_nm[p]
        j = b
        for i in range(b, b + 2 * n, 2):
            t = nm[i]
            k = nm[i + 1]
            if (c < 13) if t == DREW_ON_EMPTY else not _matches(c, t):
                k -= 1
            if k:
                nm[j] = t
                nm[j + 1] = k
                j += 2
        self.n_nm[p] = (j - b) // 2

    def _check_end(self):
        # CB-9: over when the stock is empty and the seat to move cannot move.
        if self.n_stock or self._legal(self._to_move):
            return
        self.n_nm[0] = 0  # no hands, nothing to infer
        self.n_nm[1] = 0
        loc = self.loc
        for c in range(52):
            v = loc[c]
            if v == L_HAND or v == L_HAND + 1:
                loc[c] = L_COLL + (v - L_HAND)
        self.over = True
        self.events.append((EV_END, self._to_move, self.collected(0), self.collected(1)))

    # --- notation ----------------------------------------------------------

    def to_text(self):
        """The position in the notation of the module docstring."""
        x = "".join(_drew_text(c) for c in self.drew_against)
        nm = ""
        if self.n_nm[0] or self.n_nm[1]:
            nm = ";nm=" + "/".join(
                ",".join(_drew_text(self.nm[i]) + str(self.nm[i + 1])
                         for i in range(2 * NM_CAP * s, 2 * NM_CAP * s + 2 * self.n_nm[s], 2))
                for s in (0, 1))
        return "CB1;r=%d;d=%d;m=%s;h0=%s;h1=%s;s=%s;p=%s;c0=%s;c1=%s%s;x=%s" % (
            1 if self.refill else 0,
            self.dealer,
            "-" if self.over else str(self._to_move),
            _cards_text(self.hand(0)),
            _cards_text(self.hand(1)),
            _cards_text(self.stock[: self.n_stock]),
            _cards_text(self.pile[: self.n_pile]),
            _cards_text(self.collection(0)),
            _cards_text(self.collection(1)),
            nm,
            x,
        )

    def copy(self, into=None):
        """An independent copy of this game (events not copied). With
        ``into`` (a Clubbed) that game is overwritten in place and returned,
        allocating nothing: search players reuse one scratch game."""
        g = Clubbed(None) if into is None else into
        g.refill = self.refill
        g.dealer = self.dealer
        g.loc[:] = self.loc
        g.stock[:] = self.stock
        g.pile[:] = self.pile
        g.drew_against[:] = self.drew_against
        g.nm[:] = self.nm
        g.n_nm[:] = self.n_nm
        g.events.clear()
        g.n_pile = self.n_pile
        g.n_stock = self.n_stock
        g._to_move = self._to_move
        g.over = self.over
        return g

    def __eq__(self, other):
        return isinstance(other, Clubbed) and self.to_text() == other.to_text()

    __hash__ = None  # mutable: equal by position, so not hashable


def world(obs, rng, g=None):
    """A whole position consistent with ``obs`` (a seat's Observation, CB-11):
    the cards that seat cannot see (the other hand and the stock) dealt at
    random by ``rng`` (an Rng), for a search player to play out. ``g``: a
    Clubbed to overwrite (no new game allocated), else a new one.

    What the seat saw constrains the deal (CB-4, CB-11): the other seat's
    hand holds, for each of its no-match entries ``t, k`` (``obs.no_match``,
    oldest first), at least ``k`` cards matching none of the tops of that
    entry and of every later one (a card held since a draw was held at every
    later draw too), as far as the unseen cards allow; the rest of its hand
    and the stock are dealt at random. Costs one pass over the unseen cards
    per entry (at most ``NM_CAP``). Raises ValueError when the game is over.
    """
    if obs.to_move is None:
        raise ValueError("the game is over")
    if g is None:
        g = Clubbed(None)
    me = obs.seat
    opp = 1 - me
    loc = g.loc
    for c in range(52):
        loc[c] = NO_CARD
    for c in obs.hand:
        loc[c] = L_HAND + me
    for c in obs.pile:
        loc[c] = L_PILE
    for s in (0, 1):
        for c in obs.collected[s]:
            loc[c] = L_COLL + s
    # The unseen cards in random order; the other seat's hand is its first k.
    unseen = bytearray()
    for c in range(52):
        if loc[c] == NO_CARD:
            unseen.append(c)
    rng.shuffle(unseen)
    nm = obs.no_match[opp]
    k = obs.hand_sizes[opp]
    if nm:
        # Per unseen card (in ``loc``, free now), the first entry from which
        # on it matches no top: it may stand for the count of that entry and
        # of every later one.
        m = len(nm) // 2
        for c in unseen:
            e = m
            while e and ((c < 13) if nm[2 * e - 2] == DREW_ON_EMPTY
                         else not _matches(c, nm[2 * e - 2])):
                e -= 1
            loc[c] = e
        # Entry by entry, oldest first, cards that may stand for it move to
        # the front until the front holds its count.
        j = 0
        for e in range(m):
            want = nm[2 * e + 1]
            if want > k:
                want = k
            i = j
            while j < want and i < len(unseen):
                c = unseen[i]
                if loc[c] <= e:
                    unseen[i] = unseen[j]
                    unseen[j] = c
                    j += 1
                i += 1
    for i in range(k):
        loc[unseen[i]] = L_HAND + opp
    n = len(unseen) - k
    for i in range(n):
        c = unseen[k + i]
        g.stock[i] = c
        loc[c] = L_STOCK
    g.n_stock = n
    g.n_pile = len(obs.pile)
    g.pile[: g.n_pile] = obs.pile
    g.drew_against[:] = obs.drew_against
    for s in (0, 1):
        e = obs.no_match[s]
        g.nm[2 * NM_CAP * s : 2 * NM_CAP * s + len(e)] = e
        g.n_nm[s] = len(e) // 2
    g.refill = obs.refill
    g.dealer = 0  # not part of the observation, and no rule reads it in play
    g._to_move = obs.to_move
    g.over = False
    g.events.clear()
    return g


_count = cards.count


def _drew_text(c):
    if c == NO_CARD:
        return "--"
    if c == DREW_ON_EMPTY:
        return "**"
    return cards.name(c)


_cards_text = cards.run_text


def _matches(a, b):
    # CB-2: same suit or same rank.
    return a // 13 == b // 13 or a % 13 == b % 13


def describe(ev, viewer, names):
    """Words for event tuple ``ev`` as seen by seat ``viewer``.

    ``names`` gives a display name per seat; the viewer is called "you". A card
    drawn by another seat stays hidden (CB-11). Suit letters are written as
    the suit symbols U+2663 etc. Returns a short str (at most 25
    characters), e.g. "West clubbed you: 7" (the cards collected).
    """
    kind, seat, a, b = ev
    who = "You" if seat == viewer else names[seat]
    other = "you" if 1 - seat == viewer else names[1 - seat]
    if kind == EV_PLAY:
        return "%s played %s" % (who, symbol_name(a))
    if kind == EV_DRAW:
        if seat == viewer:
            return "You drew %s" % symbol_name(a)
        return "%s drew a card" % who
    # Short enough for the table's event column (153 px, 25 characters).
    if kind == EV_CLUB:
        return "%s clubbed %s: %d" % (who, other, a)
    if kind == EV_REFILL:
        return "%s ran out: drew %d" % (who, a)
    if kind == EV_END:
        return "Game over"
    return "?"


SUIT_SYMBOLS = cards.SUIT_SYMBOLS


def symbol_name(c):
    """Card name with its suit symbol and 10 for ten: ``"10\u2663"``.

    Raises ValueError when ``c`` is not a card int (0..51).
    """
    if not cards.is_int(c) or not 0 <= c < 52:
        raise ValueError("not a card int: %r" % (c,))
    return cards.symbol_name(c)
