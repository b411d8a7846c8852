"""What the search player (players/search.py) needs to play Klaberjass
(RULES.md KJ-1 ... KJ-17): worlds (bidding and the play; the exchange stays
with the heuristic), a cheap playout policy, and the round's outcome.

Playouts run on ``Playout``, a compact copy of a round made for speed: each
hand is nine slots in ascending order, emptied as cards are played, with
the trump, the open trick's card and the points per seat; per trump suit,
tables by card give the order, the points and the throwing cost. A move
touches a few entries instead of the full game's scans of its 52-card
``loc`` table, lists of legal cards and events, and ``playout`` plays the
round out in one loop over locals; in the play ``world`` deals straight
into the compact fields. A playout move costs several times less on a Pico
(tools/bench/bench_search.py), so the same time buys several times the worlds.
While bidding the Playout holds a full Klaberjass (``full``) for the bids,
the three more cards, the exchange and the sequences, and loads the compact
fields once the play starts. ``policy`` plays the same moves on a full
Klaberjass: the reference the compact playout is tested against.

Bids in playouts follow the heuristic's hand valuation and threshold; the
exchange is always taken (KJ-7).

Playout policy (it sees the whole sampled world): the second player wins the
trick with its cheapest winning card when it can (KJ-11 mostly forces it),
else throws its cheapest card; the leader draws trumps with a trump the other
hand cannot beat, else cashes its plain card worth most that the other hand
can neither beat nor trump, else leads its cheapest card. Ties go to the
lowest card.
"""

from cardgames import klaberjass
from cardgames.cards import DECK32
from cardgames.klaberjass import (
    ACCEPT,
    BELLA,
    BID1,
    BID2,
    EXCHANGE,
    EXCHANGING,
    L_HAND,
    L_PLAYED,
    LAST_TRICK,
    NAME_CLUBS,
    NO_CARD,
    PASS,
    PLAIN_ORDER,
    PLAIN_POINTS,
    PLAY,
    R7,
    RK,
    RQ,
    TRUMP_ORDER,
    TRUMP_POINTS,
)
from players.klaberjass_heuristic import hand_value

PRUNE = True  # see players/search.py
BID_AT = 56  # the heuristic's bid threshold (KlaberjassHeuristic accept/name)

MAX_MOVES = 30  # at most 3 more bids, the exchange and 18 cards follow
# A move made on the full game while bidding (a bid valued by the
# heuristic's valuation (``hand_value``), the exchange, the three more cards and the
# sequences) costs about this many compact playout moves (CPython, and more
# allocation on MicroPython): ``playout`` counts it so, which keeps a
# decision's time in step with the search's budget of moves.
BID_MOVES = 10
# While bidding, a world is dealt again (at most this many times) until the
# other hand passes where the other seat passed (``_fits``). (Fitting the
# other hand to its bids in the play too, less three cards drawn as the
# three more, cost worlds and did not play better: tools/ai/arena.py.)
BID_TRIES = 8


def searchable(obs):
    """Bidding (KJ-4) and the play (KJ-10 ... KJ-13) are searched."""
    return obs.phase == PLAY or obs.phase == BID1 or obs.phase == BID2


def worth(obs, legal, a, prior):
    """While bidding every action is searched. In the play a card is not
    when the seat holds another of the same suit and the same KJ-13 points
    that the cards still in play cannot tell from it (every card ranked
    between them is in the seat's hand, played, or the turned or bottom
    card, out of play): both take and lose the same tricks, so one of them
    is searched, the prior if it is one, else the lowest (KJ-1, KJ-13)."""
    if obs.phase != PLAY:
        return True
    t = obs.trump
    s = a // 13
    pa = klaberjass.card_points(a, t)
    oa = klaberjass.card_order(a, t)
    gone = None
    for b in legal:
        if b == a or b // 13 != s or klaberjass.card_points(b, t) != pa:
            continue
        ob = klaberjass.card_order(b, t)
        if b != prior and ob > oa:
            continue
        if gone is None:
            gone = _seen(obs)
        lo = ob if ob < oa else oa
        hi = oa + ob - lo
        same = True
        for r in range(R7, R7 + 8):
            x = s * 13 + r
            o = klaberjass.card_order(x, t)
            if lo < o < hi and not gone[x]:
                same = False
                break
        if same:
            return False
    return True


_seen_table = bytearray(52)
_seen_of = [None]  # the observation ``_seen_table`` was made for


def _seen(obs):
    # Per card, what ``obs`` (in the play) has seen of it: 1 in the seat's
    # hand, played, or the turned card; 2 the bottom card (shown, KJ-6, but
    # it may be in the other hand); else 0. One table, made once per
    # observation: ``worth`` asks for it per candidate, ``_prepare`` once.
    if _seen_of[0] is obs:
        return _seen_table
    seen = _seen_table
    for c in range(52):
        seen[c] = 0
    if obs.bottom != NO_CARD:
        seen[obs.bottom] = 2
    for c in obs.hand:
        seen[c] = 1
    for c in obs.played:
        seen[c] = 1
    seen[obs.turned] = 1
    _seen_of[0] = obs
    return seen


def world(obs, rng, g):
    """The hidden cards dealt consistently with ``obs`` into ``g`` (a
    Playout): while bidding ``klaberjass.world`` into ``g.full``, dealt
    again (up to ``BID_TRIES`` times) while the other hand would have bid
    where the other seat passed (KJ-4, by the heuristic's valuation); in the
    play ``deal`` (the same deal as ``klaberjass.world``: the other hand
    keeps its shown sequence and exchanged card, never a card it has shown
    it lacks, KJ-16) straight into the compact fields."""
    if obs.phase != PLAY:
        f = g.full
        opp = 1 - obs.seat
        for _ in range(BID_TRIES):
            klaberjass.world(obs, rng, f)
            if _fits(obs, f.hand(opp)):
                break
        return g.load(f)
    return deal(obs, rng, g)


def deal(obs, rng, g):
    """One deal of the hidden cards for ``obs`` (in the play) into ``g`` (a
    Playout), the same as ``klaberjass.world`` deals for the same ``rng``
    (see ``world``)."""
    if g.src is not obs:
        _prepare(obs, g)
    free = g.free
    free[:] = g.free0
    rng.shuffle(free)
    pick = g.pick
    pick[:] = g.known
    need = g.need
    lk = obs.lacks[1 - obs.seat]
    for c in free:
        if not need:
            break
        if not (lk[c // 13] >> (c % 13 - R7)) & 1:
            pick[c] = 1
            need -= 1
    if need:
        # Only when ``obs`` itself is inconsistent: fill from the rest.
        for c in free:
            if need and not pick[c]:
                pick[c] = 1
                need -= 1
    hands = g.hands
    hands[:] = g.mine
    i = 9 - g.mine_at
    for c in g.pool:
        if pick[c]:
            hands[i] = c
            i += 1
    g.bidding = False
    g.redeal = False
    g.t = obs.trump
    n = len(obs.played)
    g.n = n
    g.lead = obs.played[n - 1] if n % 2 else 0
    g.p = obs.to_move
    g.pts[0] = g.pts0[0]
    g.pts[1] = g.pts0[1]
    g.kq[:] = g.kq0
    g.maker = obs.maker
    return g


def _fits(obs, hand):
    # Whether ``hand``, the other seat's six cards while bidding, makes the
    # bids it made (KJ-4) by the heuristic's valuation and threshold: a pass
    # in round one says the turned suit was not worth ``BID_AT`` (accepting,
    # that it was), a pass in round two that no other suit was, naming a
    # suit that it was.
    opp = 1 - obs.seat
    nd = 1 - obs.dealer
    bids = obs.bids
    ts = obs.turned_suit
    turned = obs.turned if obs.exchanged is None else obs.exchange_card
    for i in range(len(bids)):
        if (nd if i % 2 == 0 else obs.dealer) != opp:
            continue
        a = bids[i]
        if i < 2:
            extra = 255
            if turned % 13 != R7:
                for c in hand:
                    if c == ts * 13 + R7:
                        extra = turned
            if (hand_value(hand, ts, extra) >= BID_AT) != (a == ACCEPT):
                return False
        elif a == PASS:
            for s in range(4):
                if s != ts and hand_value(hand, s) >= BID_AT:
                    return False
        elif hand_value(hand, a - NAME_CLUBS) < BID_AT:
            return False
    return True


def _prepare(obs, g):
    # What every world of ``obs`` (in the play) shares, as klaberjass.world
    # works it out: the cards dealt at random (``free0``, in deck order),
    # the other hand's known cards (``known``) and how many more it gets
    # (``need``), the seat's own slots (``mine``: the other's left EMPTY),
    # the cards the other hand is sorted from (``pool``), the points so far
    # and the trump queen and king played per seat.
    g.src = obs
    me = obs.seat
    opp = 1 - me
    seen = _seen(obs)
    known = g.known
    for c in range(52):
        known[c] = 0
    need = obs.hand_sizes[opp]
    if obs.seq_winner == opp:
        for c in obs.seq_cards:
            if seen[c] != 1 and not known[c]:
                known[c] = 1
                need -= 1
    ec = obs.exchange_card
    if obs.exchanged == opp and seen[ec] != 1 and not known[ec]:
        known[ec] = 1
        need -= 1
    pool = bytearray()
    free = bytearray()
    for c in DECK32:
        if seen[c] != 1:
            pool.append(c)
            if not seen[c] and not known[c]:
                free.append(c)
    g.free0 = bytes(free)
    g.free = free
    g.pool = bytes(pool)
    g.need = need
    mine = bytearray(18)
    for i in range(18):
        mine[i] = EMPTY
    i = 9 * me
    for c in obs.hand:
        mine[i] = c
        i += 1
    g.mine = bytes(mine)
    g.mine_at = 9 * me
    t = obs.trump
    for p in (0, 1):
        g.pts0[p] = obs.points[p] + obs.seq_points[p] + obs.bella[p]
        g.kq0[p] = 0
    for i in range(len(obs.played)):
        c = obs.played[i]
        if c // 13 == t and (c % 13 == RQ or c % 13 == RK):
            g.kq0[obs.played_by[i]] |= 1 if c % 13 == RQ else 2


def new_game():
    """An empty Playout for ``world`` and the playouts to fill."""
    return Playout()


def done(g):
    """True once the round's ninth trick is taken, or when four passes
    ended the deal (KJ-5). ``g``: a Playout."""
    return g.redeal or (not g.bidding and g.n == 18)


def _cost(c, t):
    # What throwing ``c`` gives away: its points first, then its strength.
    r = c % 13
    if c // 13 == t:
        return 64 + TRUMP_POINTS[r] * 8 + TRUMP_ORDER[r]
    return PLAIN_POINTS[r] * 8 + PLAIN_ORDER[r]


def _bid(g, p):
    # The heuristic's bids (players/klaberjass_heuristic.py), from the hand
    # the world dealt; the exchange is always taken.
    ph = g.phase
    if ph == EXCHANGING:
        return EXCHANGE
    hand = g.hand(p)
    if ph == BID1:
        t = g.turned_suit
        extra = 255
        seven = t * 13 + R7
        if g.loc[seven] == L_HAND + p and g.turned != seven:
            extra = g.turned
        return ACCEPT if hand_value(hand, t, extra) >= BID_AT else PASS
    best = PASS
    best_v = BID_AT - 1
    for s in range(4):
        if s != g.turned_suit:
            v = hand_value(hand, s)
            if v > best_v:
                best_v = v
                best = NAME_CLUBS + s
    return best


def policy(g, rng):
    """The playout action of the seat to move in ``g``, a Klaberjass (see the
    module doc; ``playout`` makes the same moves on a Playout)."""
    p = g._to_move
    if g.phase != PLAY:
        return _bid(g, p)
    legal = g._legal_play(p)
    t = g.trump
    n = g.n_played
    best = legal[0]
    best_k = 100000
    if n % 2:
        lead = g.played[n - 1]
        for c in legal:
            k = _cost(c, t)
            if not klaberjass.beats(lead, c, t):
                k += 1000
            if k < best_k:
                best_k = k
                best = c
        return best
    # Leading, with the other hand in view: draw trumps with a trump it
    # cannot beat; else cash the plain card worth most that it cannot beat
    # (nor trump); else lead the cheapest card.
    loc = g.loc
    opp = L_HAND + 1 - p
    top = bytearray(4)  # per suit: 1 + the other hand's best order, 0 if void
    for c in DECK32:
        if loc[c] == opp:
            s = c // 13
            o = 1 + klaberjass.card_order(c, t)
            if o > top[s]:
                top[s] = o
    cash = -1
    cash_k = -1
    for c in legal:
        s = c // 13
        o = 1 + klaberjass.card_order(c, t)
        if s == t:
            if top[t] and o > top[t]:
                return c
        elif o > top[s] and (top[s] or not top[t]):
            k = PLAIN_POINTS[c % 13] * 8 + o
            if k > cash_k:
                cash_k = k
                cash = c
        k = _cost(c, t)
        if k < best_k:
            best_k = k
            best = c
    return cash if cash >= 0 else best


def value(g, seat):
    """What ``seat`` scores this round minus what the other scores (KJ-14),
    in units of 4 points (so that edges fit the search's integer test); 0
    after a redeal. ``g``: a Playout, or a Klaberjass played out by
    ``policy``."""
    if isinstance(g, Playout):
        if g.bidding or g.n < 18:
            return 0
        t0 = g.pts[0]
        t1 = g.pts[1]
        mine = t0 if g.maker == 0 else t1
        if mine <= t0 + t1 - mine:
            # KJ-14: the maker failed, the other scores both totals.
            d = t0 + t1 if g.maker != seat else -(t0 + t1)
        else:
            d = t0 - t1 if seat == 0 else t1 - t0
        return d // 4
    if g.n_played < 18:
        return 0
    sc = g.summary().scored
    return (sc[seat] - sc[1 - seat]) // 4


# --- the compact playout game ----------------------------------------------

EMPTY = 255  # a hand slot whose card was played


def _tables(f):
    # Per trump suit t, a table by card: f(card, t) for the 32 deck cards.
    out = []
    for t in range(4):
        b = bytearray(52)
        for c in DECK32:
            b[c] = f(c, t)
        out.append(bytes(b))
    return tuple(out)


# Per trump suit: 1 + the KJ-1 order of each card within its suit (0: not a
# deck card), its KJ-13 points, and what throwing it gives away (``_cost``).
ORD = _tables(lambda c, t: 1 + klaberjass.card_order(c, t))
PTS = _tables(klaberjass.card_points)
COST = _tables(_cost)


class Playout:
    """A Klaberjass round for playouts only (KJ-9 ... KJ-14 without the
    observation bookkeeping of KJ-16): ``hands`` (bytearray(18), seat p's
    cards in slots 9p ... 9p + 8 in ascending order, ``EMPTY`` once played),
    ``t`` (trump), ``n`` (cards played this round), ``lead`` (the open
    trick's card when ``n`` is odd), ``p`` (seat to move), ``pts`` (per
    seat: card points in tricks, sequence, bella and, once the round is
    over, the last trick: the KJ-14 totals), ``kq`` (per seat: bit 0 the
    queen, bit 1 the king of trumps played, for bella), ``maker``.

    While bidding (and in the exchange) the round is ``full``, a Klaberjass
    (allocated once) that the bids are played on (``bidding`` True); once
    the play starts it is loaded into the compact fields. ``redeal``: four
    passes ended the deal (KJ-5; not dealt again: the round is worth 0)."""

    def __init__(self):
        self.full = klaberjass.Klaberjass(None)
        self.bidding = False
        self.redeal = False
        self.hands = bytearray(18)
        self.t = 0
        self.n = 0
        self.lead = 0
        self.p = 0
        self.pts = [0, 0]
        self.kq = bytearray(2)
        self.top = bytearray(4)  # scratch of the leader's policy
        self.maker = 0
        # ``world``'s working (see ``_prepare``), for the observation ``src``.
        self.src = None
        self.known = bytearray(52)
        self.pick = bytearray(52)
        self.free0 = self.free = self.pool = self.mine = b""
        self.need = 0
        self.mine_at = 0
        self.pts0 = [0, 0]
        self.kq0 = bytearray(2)

    def copy(self, into):
        """Overwrite ``into`` (a Playout) with this position; allocates nothing."""
        into.bidding = self.bidding
        into.redeal = self.redeal
        if self.bidding:
            self.full.copy(into.full)
            return into
        into.hands[:] = self.hands
        into.t = self.t
        into.n = self.n
        into.lead = self.lead
        into.p = self.p
        into.pts[0] = self.pts[0]
        into.pts[1] = self.pts[1]
        into.kq[:] = self.kq
        into.maker = self.maker
        return into

    def load(self, g):
        """This position from ``g`` (a Klaberjass): bidding (``full`` a copy
        of ``g`` unless it is ``g``) or, in the play, the compact fields."""
        self.redeal = False
        if g.phase != PLAY:
            self.bidding = True
            if g is not self.full:
                g.copy(self.full)
            return self
        self.bidding = False
        loc = g.loc
        t = g.trump
        hands = self.hands
        for p in (0, 1):
            code = L_HAND + p
            i = 9 * p
            kq = 0
            for c in DECK32:
                if loc[c] == code:
                    hands[i] = c
                    i += 1
                elif loc[c] == L_PLAYED + p and c // 13 == t:
                    r = c % 13
                    if r == RQ:
                        kq |= 1
                    elif r == RK:
                        kq |= 2
            while i < 9 * p + 9:
                hands[i] = EMPTY
                i += 1
            self.kq[p] = kq
            self.pts[p] = g.points[p] + g.seq_pts[p] + g.bella[p]
        n = g.n_played
        self.t = t
        self.n = n
        self.lead = g.played[n - 1] if n % 2 else 0
        self.p = g._to_move
        self.maker = g.maker
        if n == 18:
            self.pts[g.leader] += LAST_TRICK
        return self

    def _apply(self, a):
        """Play ``a`` (a bid, the exchange, or a card the seat to move
        holds: not checked, playouts only make legal moves)."""
        if self.bidding:
            f = self.full
            if a == PASS and f.phase == BID2 and f._to_move == f.dealer:
                self.redeal = True  # KJ-5: the fourth pass
                return
            f._apply(a)
            if f.phase == PLAY:
                self.load(f)
            return
        hands = self.hands
        b = 9 * self.p
        for i in range(b, b + 9):
            if hands[i] == a:
                _move(self, i)
                return

    def hand(self, p):
        """Seat ``p``'s cards, ascending, as bytes."""
        return bytes(c for c in self.hands[9 * p: 9 * p + 9] if c != EMPTY)


def _move(g, i):
    # Seat g.p plays the card in slot i (KJ-9, KJ-12, KJ-13); ``playout``
    # does the same inline.
    hands = g.hands
    c = hands[i]
    hands[i] = EMPTY
    p = g.p
    t = g.t
    if c // 13 == t:
        r = c % 13
        if r == RQ or r == RK:
            m = g.kq[p] | (1 if r == RQ else 2)
            g.kq[p] = m
            if m == 3:
                g.pts[p] += BELLA
    n = g.n
    if n % 2 == 0:
        g.lead = c
        g.p = 1 - p
    else:
        lead = g.lead
        if c // 13 == lead // 13:
            win = ORD[t][c] > ORD[t][lead]
        else:
            win = c // 13 == t
        w = p if win else 1 - p
        g.pts[w] += PTS[t][lead] + PTS[t][c]
        g.p = w
        if n == 17:
            g.pts[w] += LAST_TRICK
    g.n = n + 1


def playout(g, rng):
    """Play ``g`` (a Playout) to the end of the round with the playout
    policy (``policy``'s choices: the bids on ``full``, then the play on
    the compact fields in one loop over locals); returns the moves made,
    a move while bidding counted as ``BID_MOVES``."""
    bids = 0
    if g.bidding:
        f = g.full
        for _ in range(MAX_MOVES):
            g._apply(_bid(f, f._to_move))
            bids += BID_MOVES
            if g.redeal or not g.bidding:
                break
        if g.bidding:
            return bids
    k = 0
    hands = g.hands
    pts = g.pts
    kq = g.kq
    top = g.top
    t = g.t
    # Locals: a Pico looks globals up by name at every use.
    order = ORD[t]
    points = PTS[t]
    cost = COST[t]
    plain = PLAIN_POINTS
    n = g.n
    p = g.p
    lead = g.lead
    while n < 18 and k < MAX_MOVES:
        k += 1
        b = 9 * p
        bi = b
        if n % 2:
            # Second: the cheapest card of the first kind it holds of: a
            # card of the suit led that heads the trick, one that does not,
            # a trump, any other (KJ-11 makes that order the legal one).
            ls = lead // 13
            lo = order[lead]
            best_k = 4096
            for i in range(b, b + 9):
                c = hands[i]
                if c == 255:
                    continue
                s = c // 13
                # The kind (0 ... 3) times 256, plus the cost.
                if s == ls:
                    kk = cost[c] if order[c] > lo else 256 + cost[c]
                elif s == t:
                    kk = 512 + cost[c]
                else:
                    kk = 768 + cost[c]
                if kk < best_k:
                    best_k = kk
                    bi = i
        else:
            # Leading (see ``policy``).
            top[0] = top[1] = top[2] = top[3] = 0
            ob = 9 - b
            for i in range(ob, ob + 9):
                c = hands[i]
                if c != 255:
                    o = order[c]
                    if o > top[c // 13]:
                        top[c // 13] = o
            tt = top[t]
            cash = -1
            cash_k = -1
            best_k = 100000
            for i in range(b, b + 9):
                c = hands[i]
                if c == 255:
                    continue
                s = c // 13
                o = order[c]
                if s == t:
                    if tt and o > tt:
                        cash = i
                        break
                elif o > top[s] and (top[s] or not tt):
                    kk = plain[c % 13] * 8 + o
                    if kk > cash_k:
                        cash_k = kk
                        cash = i
                kk = cost[c]
                if kk < best_k:
                    best_k = kk
                    bi = i
            if cash >= 0:
                bi = cash
        # The move (see ``_move``).
        c = hands[bi]
        hands[bi] = 255
        s = c // 13
        if s == t:
            r = c % 13
            if r == RQ or r == RK:
                m = kq[p] | (1 if r == RQ else 2)
                kq[p] = m
                if m == 3:
                    pts[p] += BELLA
        if n % 2 == 0:
            lead = c
            p = 1 - p
        else:
            if s == lead // 13:
                win = order[c] > order[lead]
            else:
                win = s == t
            if not win:
                p = 1 - p
            pts[p] += points[lead] + points[c]
            if n == 17:
                pts[p] += LAST_TRICK
        n += 1
    g.n = n
    g.p = p
    g.lead = lead
    return bids + k
