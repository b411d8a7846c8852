"""What the search player (players/search.py) needs to play Klaberjass
(RULES.md KJ-1 ... KJ-17): worlds (bidding and the play; the exchange stays
with the heuristic), a cheap playout policy, and the round's outcome.

Playouts run on ``Playout``, a compact copy of a round made for speed: each
hand is nine slots in ascending order, emptied as cards are played, with
the trump, the open trick's card and the points per seat; per trump suit,
tables by card give the order, the points and the heuristic's weights. A move
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

The play in playouts is the heuristic's (players/klaberjass/heuristic.py,
its default PARAMS), each seat from what it would know (KJ-16), not from the
whole sampled world: ``Playout.mb`` keeps, per seat and suit, the ranks the
heuristic thinks the other hand may hold (not in its own hand, played, the
turned or the bottom card, nor shown lacking), updated as cards are played,
and per-trump tables hold its weights. The opponent the search is judged
against is the heuristic (or a search that keeps its moves unless the
worlds say otherwise), so the playouts play the game it will play
(the earlier policy, which saw the other hand, made the heuristic's lead
57% of the time and its second card 70%: docs/computer-players.md).

Expert's worlds in the play are fitted to the other seat's cards this
round (``fitted``): the round is replayed from its first trick with the
hand a deal gives the other seat, and of ``EXPERT_TRIES`` deals the one
where the fewest of its cards are not the heuristic's choice with that
hand (``misfits``) is kept. Hard and Normal deal once (``PLAY_TRIES``):
on the Pico the fitting costs more time than their budget has.
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
    RT,
    TRUMP_ORDER,
    TRUMP_POINTS,
)
from players.klaberjass.heuristic import BITS, PARAMS, KlaberjassHeuristic, hand_value

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
# What a round that ends the game (KJ-15) is worth to ``value`` besides its
# points, in ``value``'s units (4 points): + for the game won, - for the game
# lost (the arena counts games won, not points). Off: tools/ai/arena.py
# klaberjass hard heuristic --deals 300 --seed 40000 won 63.3% with 25 (the
# earlier playout policy) and 63.5% (the heuristic's play), against 64.7%
# and 64.2% without.
MATCH = 0
# In the play, a world is dealt again (at most this many times in all)
# while the other seat's cards this round disagree with its bids (``told``).
TOLD_TRIES = 3
# What taking trump costs in ``value`` (4-point units), charged to the
# maker's side whatever the round's outcome: the playouts defend as the
# heuristic does, more weakly than a strong player, and flatter the maker.
# Off: at 8, with no pass searched and the dealer's bid thresholds 10
# higher, Hard failed 15.2% of its trump rounds against the yardstick,
# not 19.5%, but won 45.5% of the games, not 50.3% (seed 9400000): its
# passes handed the yardstick the rounds (docs/computer-players.md).
MAKER_COST = 0
# A pass of the prior is searched (a bid may replace it) only when the
# hand is worth at least this to the heuristic's valuation in a suit the
# seat may name (``hand_value``; round one: the turned suit). 0: every
# pass. The search's bids over a pass fail about one in three against the
# yardstick, yet not searching passes (a setting over the hand values'
# range) won 4.6 points fewer games against the heuristic (59.1%, not
# 63.7%), for the same against the yardstick; from 40, 0.9 fewer, for no
# fewer failures (docs/computer-players.md).
PASS_SEARCHED = 0


def searchable(obs):
    """Bidding (KJ-4) and the play (KJ-10 ... KJ-13) are searched."""
    return obs.phase == PLAY or obs.phase == BID1 or obs.phase == BID2


def worth(obs, legal, a, prior):
    """While bidding (KJ-4) every bid is searched where the prior takes
    trump, and where it passes with a hand worth ``PASS_SEARCHED`` or more.

    In the play a card is not searched when the seat holds another of the
    same suit and the same KJ-13 points that the cards still in play
    cannot tell from it (every card ranked between them is in the seat's
    hand, played, or the turned or bottom card, out of play): both take
    and lose the same tricks, so one of them is searched, the prior if it
    is one, else the lowest (KJ-1, KJ-13)."""
    if obs.phase != PLAY:
        if PASS_SEARCHED <= 0 or prior != PASS:
            return True
        # The hand's value in the best suit the seat may bid: round one the
        # turned suit (with the card the seven would take, KJ-7), round two
        # any other.
        t = obs.turned_suit
        if obs.phase == BID1:
            c = 255
            if t * 13 + R7 in obs.hand and obs.turned % 13 != R7:
                c = obs.turned
            return hand_value(obs.hand, t, c) >= PASS_SEARCHED
        for s in range(4):
            if s != t and hand_value(obs.hand, s) >= PASS_SEARCHED:
                return True
        return False
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
            if _fits(obs, _hand(f, opp)):
                break
        return g.load(f)
    return fitted(obs, rng, g, PLAY_TRIES, PLAY_FEWEST)


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
    hmo = g.hmo
    hmo[0] = hmo[1] = hmo[2] = hmo[3] = 0
    for c in g.pool:
        if pick[c]:
            hands[i] = c
            i += 1
            hmo[c // 13] |= 1 << (c % 13 - R7)
    # The other hand's ranks, and out of what the other hand's heuristic
    # thinks the seat may hold.
    hm = g.hm
    mb = g.mb
    hm[:] = g.hm0
    mb[:] = g.mb0
    o = 4 - g.mine_at // 9 * 4
    for s in range(4):
        hm[o + s] = hmo[s]
        mb[o + s] &= ~hmo[s]
    g.classic = obs.classic
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
    g.sc0 = obs.scores[0]
    g.sc1 = obs.scores[1]
    g.target = obs.target
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


# One buffer per hand size (0 ... 9 cards): ``_hand`` fills the one that fits.
_HANDS = tuple(bytearray(n) for n in range(10))


def _hand(g, p):
    """``g.hand(p)`` (``g`` a Klaberjass) as a reused bytearray, rewritten
    by the next call: the same cards in the same order, without allocating
    (every world fitted to the bids and every bid of a playout reads one)."""
    code = L_HAND + p
    loc = g.loc
    n = 0
    for c in DECK32:
        if loc[c] == code:
            n += 1
    h = _HANDS[n]
    i = 0
    for c in DECK32:
        if loc[c] == code:
            h[i] = c
            i += 1
    return h


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
    # Ranks per seat and suit (``Playout.hm``: the other hand's are dealt)
    # and what each seat's heuristic thinks the other may hold (``mb``: not
    # in its hand, played, turned or the bottom card, not shown lacking;
    # the other seat's is less its hand, taken out per world).
    hm0 = g.hm0
    mb0 = g.mb0
    for i in range(8):
        hm0[i] = mb0[i] = 0
    for c in obs.hand:
        hm0[4 * me + c // 13] |= 1 << (c % 13 - R7)
    lk = obs.lacks
    for c in DECK32:
        x = seen[c]
        if x == 1 and c not in obs.hand or c == obs.bottom:
            continue  # played or turned, or the bottom card
        s = c // 13
        bit = 1 << (c % 13 - R7)
        for p in (0, 1):
            if not lk[1 - p][s] & bit and not hm0[4 * p + s] & bit:
                mb0[4 * p + s] |= bit
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


def _bid(g, p):
    # The heuristic's bids (players/klaberjass/heuristic.py), from the hand
    # the world dealt; the exchange is always taken.
    ph = g.phase
    if ph == EXCHANGING:
        return EXCHANGE
    hand = _hand(g, p)
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
    module doc): the bids by ``_bid``, the cards the heuristic's
    (players/klaberjass/heuristic.py, from the seat's observation of ``g``).
    ``playout`` makes the same moves on a Playout."""
    p = g._to_move
    if g.phase != PLAY:
        return _bid(g, p)
    return _HEURISTIC._play(g.observation(p), g._legal_play(p))


def value(g, seat):
    """What ``seat`` scores this round minus what the other scores (KJ-14),
    in units of 4 points (so that edges fit the search's integer test),
    less ``MAKER_COST`` when ``seat`` made trump, plus ``MATCH`` when the
    round wins ``seat`` the game and minus it when it loses it (KJ-15: the
    game's scores before the round plus the round's); 0 after a redeal.
    ``g``: a Playout, or a Klaberjass played out by ``policy``
    (``hold_round``: its scores are the round's start)."""
    if isinstance(g, Playout):
        if g.bidding or g.n < 18:
            return 0
        t0 = g.pts[0]
        t1 = g.pts[1]
        if g.maker == 0:
            if t0 <= t1:
                t1 += t0  # KJ-14: the maker failed, the other scores both totals
                t0 = 0
        elif t1 <= t0:
            t0 += t1
            t1 = 0
        a = g.sc0 + t0
        b = g.sc1 + t1
        target = g.target
    else:
        if g.n_played < 18:
            return 0
        sc = g.summary().scored
        t0 = sc[0]
        t1 = sc[1]
        a = g.scores[0] + t0
        b = g.scores[1] + t1
        target = g.target
    v = (t0 - t1 if seat == 0 else t1 - t0) // 4
    if g.maker == seat:
        v -= MAKER_COST
    if a != b and (a >= target or b >= target):
        # KJ-15: the round ends the game.
        v += MATCH if (a > b) == (seat == 0) else -MATCH
    return v


# --- the compact playout game ----------------------------------------------

EMPTY = 255  # a hand slot whose card was played

_HEURISTIC = KlaberjassHeuristic()  # ``policy``'s play (its default PARAMS)
# The heuristic's play weights (klaberjass_heuristic.PARAMS) the playout uses.
DRAW, DRAW_DEF, KEEP_TRUMP, KEEP_ORDER, KEEP_JACK, KEEP_MASTER, LAST = PARAMS[:7]
THROW_PTS, THROW_TRUMP, LOW_TRUMP, KEEP_LAST, GUARD = PARAMS[7:12]


def _tables(f):
    # Per trump suit t, a table by card: f(card, t) for the 32 deck cards.
    out = []
    for t in range(4):
        b = bytearray(52)
        for c in DECK32:
            b[c] = f(c, t)
        out.append(bytes(b))
    return tuple(out)


def _raw(c, t):
    # The KJ-1 order of ``c`` as the heuristic counts it (0 ... 7).
    return klaberjass.card_order(c, t)


def _win(c, t):
    # The heuristic's second card that wins the trick: 64 + its points less
    # what keeping it is worth (a plain master's KEEP_MASTER is added in play).
    r = c % 13
    if c // 13 == t:
        k = KEEP_TRUMP + KEEP_ORDER * TRUMP_ORDER[r] + (KEEP_JACK if r == klaberjass.RJ else 0)
        return 64 + TRUMP_POINTS[r] - k
    return 64 + PLAIN_POINTS[r]


def _throw(c, t):
    # The heuristic's second card that loses the trick: what it gives away.
    return THROW_PTS * klaberjass.card_points(c, t) + _raw(c, t) + (
        THROW_TRUMP if c // 13 == t else 0)


def _low(c, t):
    # The heuristic's low lead: what leading ``c`` costs (the guard of a ten
    # and the trump kept for the last trick are added in play).
    if c // 13 == t:
        return LOW_TRUMP + 3 * klaberjass.card_points(c, t) + 2 * _raw(c, t)
    return 4 * klaberjass.card_points(c, t) + _raw(c, t)


def _mask_top(order):
    # Per 8-bit rank mask (bit i = rank 7 + i): 1 + the highest ``order``
    # among its ranks (0: none).
    b = bytearray(256)
    for m in range(256):
        for i in range(8):
            if (m >> i) & 1 and 1 + order[R7 + i] > b[m]:
                b[m] = 1 + order[R7 + i]
    return bytes(b)


def _above(order):
    # Per rank: the rank bits of the cards above it in ``order``.
    b = bytearray(13)
    for r in range(R7, R7 + 8):
        for i in range(8):
            if order[R7 + i] > order[r]:
                b[r] |= 1 << i
    return bytes(b)


# Per trump suit: 1 + the KJ-1 order of each card within its suit (0: not a
# deck card), its KJ-13 points, and the heuristic's weights of it (``_win``,
# ``_throw``, ``_low``).
ORD = _tables(lambda c, t: 1 + klaberjass.card_order(c, t))
PTS = _tables(klaberjass.card_points)
WIN = _tables(_win)
THROW = _tables(_throw)
LOW = _tables(_low)
# Per rank mask: 1 + the best order in it, plain and trump (``ORD``'s scale:
# a card is a master when its ORD is above the top of what the other hand
# may hold); the trump mask's best rank (0 ... 7); per rank, the ranks above.
TOP_PLAIN = _mask_top(PLAIN_ORDER)
TOP_TRUMP = _mask_top(TRUMP_ORDER)
TOP_RANK = bytes(
    max((i for i in range(8) if (m >> i) & 1), key=lambda i: TRUMP_ORDER[R7 + i]) if m else 0
    for m in range(256))
ABOVE_PLAIN = _above(PLAIN_ORDER)
ABOVE_TRUMP = _above(TRUMP_ORDER)


class Playout:
    """A Klaberjass round for playouts only (KJ-9 ... KJ-14, and KJ-16's
    inferences as the heuristic draws them): ``hands`` (bytearray(18), seat
    p's cards in slots 9p ... 9p + 8 in ascending order, ``EMPTY`` once
    played), ``hm`` (bytearray(8): at 4p + s seat p's ranks of suit s, bit
    i rank 7 + i), ``mb`` (bytearray(8): at 4p + s the ranks of suit s seat
    p's heuristic thinks the other hand may hold: not seen, not shown
    lacking, KJ-16), ``t`` (trump), ``n`` (cards played this round),
    ``lead`` (the open trick's card when ``n`` is odd), ``p`` (seat to
    move), ``pts`` (per seat: card points in tricks, sequence, bella and,
    once the round is over, the last trick: the KJ-14 totals), ``kq`` (per
    seat: bit 0 the queen, bit 1 the king of trumps played, for bella),
    ``maker``, ``classic`` (KJ-11's variant), ``sc0``, ``sc1`` and
    ``target`` (the game's scores before the round and its target, KJ-15).

    While bidding (and in the exchange) the round is ``full``, a Klaberjass
    (allocated once) that the bids are played on (``bidding`` True); once
    the play starts it is loaded into the compact fields. ``redeal``: four
    passes ended the deal (KJ-5; not dealt again: the round is worth 0)."""

    def __init__(self, bids=True):
        # ``bids`` False: for the play only (no ``full``).
        self.full = klaberjass.Klaberjass(None) if bids else None
        self.bidding = False
        self.redeal = False
        self.hands = bytearray(18)
        self.hm = bytearray(8)
        self.mb = bytearray(8)
        self.t = 0
        self.n = 0
        self.lead = 0
        self.p = 0
        self.pts = [0, 0]
        self.kq = bytearray(2)
        self.maker = 0
        self.classic = False
        # The game's scores before this round and its target (KJ-15), for
        # ``value``'s MATCH.
        self.sc0 = self.sc1 = 0
        self.target = 500
        # ``world``'s working (see ``_prepare``), for the observation ``src``.
        self.src = None
        self.known = bytearray(52)
        self.pick = bytearray(52)
        self.free0 = self.free = self.pool = self.mine = b""
        self.need = 0
        self.mine_at = 0
        self.pts0 = [0, 0]
        self.kq0 = bytearray(2)
        self.hm0 = bytearray(8)  # the seat's own ranks (the other's 0)
        self.mb0 = bytearray(8)  # ``mb`` before the other hand is taken out
        self.hmo = bytearray(4)  # scratch: the other hand's ranks
        # ``fitted``'s Playout (made on its first use): the best deal so far.
        self.best = None

    def copy(self, into):
        """Overwrite ``into`` (a Playout) with this position; allocates nothing."""
        into.bidding = self.bidding
        into.redeal = self.redeal
        if self.bidding:
            self.full.copy(into.full)
            return into
        into.hands[:] = self.hands
        into.hm[:] = self.hm
        into.mb[:] = self.mb
        into.t = self.t
        into.n = self.n
        into.lead = self.lead
        into.p = self.p
        into.pts[0] = self.pts[0]
        into.pts[1] = self.pts[1]
        into.kq[:] = self.kq
        into.maker = self.maker
        into.classic = self.classic
        into.sc0 = self.sc0
        into.sc1 = self.sc1
        into.target = self.target
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
        hm = self.hm
        mb = self.mb
        for i in range(8):
            hm[i] = mb[i] = 0
        bottom = g.bottom()
        lk = g.lacks
        for p in (0, 1):
            code = L_HAND + p
            i = 9 * p
            kq = 0
            for c in DECK32:
                x = loc[c]
                s = c // 13
                bit = 1 << (c % 13 - R7)
                if x == code:
                    hands[i] = c
                    i += 1
                    hm[4 * p + s] |= bit
                elif x == L_PLAYED + p and s == t:
                    r = c % 13
                    if r == RQ:
                        kq |= 1
                    elif r == RK:
                        kq |= 2
                if (x != code and x != L_PLAYED and x != L_PLAYED + 1 and c != g.turned
                        and c != bottom and not lk[4 * (1 - p) + s] & bit):
                    mb[4 * p + s] |= bit
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
        self.classic = g.classic
        self.sc0 = g.scores[0]
        self.sc1 = g.scores[1]
        self.target = g.target
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
    # Seat g.p plays the card in slot i (KJ-9, KJ-12, KJ-13, and what it
    # shows the leader, KJ-16); ``playout`` does the same inline.
    hands = g.hands
    c = hands[i]
    hands[i] = EMPTY
    p = g.p
    t = g.t
    s = c // 13
    bit = 1 << (c % 13 - R7)
    g.hm[4 * p + s] &= ~bit
    o = 4 - 4 * p  # the other seat's masks
    mb = g.mb
    mb[o + s] &= ~bit
    if s == t:
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
        ls = lead // 13
        order = ORD[t]
        if ls != t:
            if s == ls:
                if not g.classic and order[c] < order[lead]:
                    mb[o + ls] &= ~ABOVE_PLAIN[lead % 13]
            else:
                mb[o + ls] = 0
                if s != t:
                    mb[o + t] = 0
        elif s == t:
            if order[c] < order[lead]:
                mb[o + t] &= ~ABOVE_TRUMP[lead % 13]
        else:
            mb[o + t] = 0
        if s == ls:
            win = order[c] > order[lead]
        else:
            win = s == t
        w = p if win else 1 - p
        g.pts[w] += PTS[t][lead] + PTS[t][c]
        g.p = w
        if n == 17:
            g.pts[w] += LAST_TRICK
    g.n = n + 1


def playout(g, rng, limit=MAX_MOVES):
    """Play ``g`` (a Playout) to the end of the round with the playout
    policy (``policy``'s choices: the bids on ``full``, then the
    heuristic's play on the compact fields in one loop over locals), or
    ``limit`` cards of it; returns the moves made, a move while bidding
    counted as ``BID_MOVES``."""
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
    hm = g.hm
    mb = g.mb
    pts = g.pts
    kq = g.kq
    t = g.t
    # Locals: a Pico looks globals up by name at every use.
    order = ORD[t]
    points = PTS[t]
    win_v = WIN[t]
    throw_v = THROW[t]
    low_v = LOW[t]
    top_p = TOP_PLAIN
    top_t = TOP_TRUMP
    plain = PLAIN_POINTS
    classic = g.classic
    draw = DRAW if g.maker == 0 else DRAW_DEF  # seat 0's; seat 1's below
    draw1 = DRAW if g.maker == 1 else DRAW_DEF
    n = g.n
    p = g.p
    lead = g.lead
    while n < 18 and k < limit:
        k += 1
        b = 9 * p
        q = 4 * p
        size = 9 - n // 2  # cards in p's hand
        bi = -1
        if n % 2:
            # Second (the heuristic's _follow): of the KJ-11 legal cards,
            # the winner worth most to bank, else the cheapest to throw.
            ls = lead // 13
            lo = order[lead]
            need = 0
            want = -1
            if ls != t:
                x = hm[q + ls]
                if x:
                    want = ls
                    if not classic and top_p[x] > lo:
                        need = lo
                elif hm[q + t]:
                    want = t
            else:
                x = hm[q + t]
                if x:
                    want = t
                    if top_t[x] > lo:
                        need = lo
            best = -1
            for i in range(b, b + 9):
                c = hands[i]
                if c == 255:
                    continue
                s = c // 13
                if want >= 0 and s != want:
                    continue
                o = order[c]
                if o <= need:
                    continue
                if s == ls:
                    w = o > lo
                else:
                    w = s == t
                if w:
                    v = 2000 + win_v[c]
                    if s != t and o > top_p[mb[q + s]]:
                        v -= KEEP_MASTER
                else:
                    v = 1000 - throw_v[c]
                if size == 2 and s == t:
                    v -= LAST
                if v > best:
                    best = v
                    bi = i
        else:
            # Leading (the heuristic's _lead): draw trumps with the top
            # trump, else cash a plain master, else lead low.
            xt = hm[q + t]
            mt = mb[q + t]
            if xt and mt and top_t[xt] > top_t[mt] and (
                    BITS[xt] >= (draw1 if p else draw) or size <= 2):
                c = t * 13 + R7 + TOP_RANK[xt]
                for i in range(b, b + 9):
                    if hands[i] == c:
                        bi = i
                        break
            else:
                best = -1
                for i in range(b, b + 9):
                    c = hands[i]
                    if c == 255:
                        continue
                    s = c // 13
                    if s == t:
                        continue
                    m = mb[q + s]
                    if order[c] > top_p[m] and (m or not mt):
                        v = plain[c % 13]
                        if v > best:
                            best = v
                            bi = i
                if bi < 0:
                    best = 100000
                    for i in range(b, b + 9):
                        c = hands[i]
                        if c == 255:
                            continue
                        s = c // 13
                        v = low_v[c]
                        if s == t:
                            if size <= 3:
                                v += KEEP_LAST
                        else:
                            r = c % 13
                            if (r != RT and (hm[q + s] >> (RT - R7)) & 1
                                    and order[s * 13 + RT] <= top_p[mb[q + s]]):
                                v += GUARD
                        if v < best:
                            best = v
                            bi = i
        # The move (see ``_move``).
        c = hands[bi]
        hands[bi] = 255
        s = c // 13
        bit = 1 << (c % 13 - R7)
        hm[q + s] &= ~bit
        o = 4 - q
        mb[o + s] &= ~bit
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
            ls = lead // 13
            lo = order[lead]
            # What the second card shows the leader (KJ-16).
            if ls != t:
                if s == ls:
                    if not classic and order[c] < lo:
                        mb[o + ls] &= ~ABOVE_PLAIN[lead % 13]
                else:
                    mb[o + ls] = 0
                    if s != t:
                        mb[o + t] = 0
            elif s == t:
                if order[c] < lo:
                    mb[o + t] &= ~ABOVE_TRUMP[lead % 13]
            else:
                mb[o + t] = 0
            if s == ls:
                win = order[c] > lo
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


# --- Expert -------------------------------------------------------------------

# Deals at most per world in the play (``fitted``): Hard and Normal, Expert.
# Hard and Normal deal each world once: on the emulated Pico a refit costs
# about 8 ms against 0.3 ms a playout move, and late in a round a decision's
# worlds are short, so 2 deals took Hard's mean decision to 861 ms (slowest
# 890, at the cap) against 694 / 891 with 1 (tools/bench/bench_pico.py ...
# --games klaberjass --levels 1,2 --decisions 10); counting the refits in the
# budget kept the time but lost the worlds that paid for them. Expert, off
# the Pico, fits. PLAY_FEWEST: keep the fewest misfits of PLAY_TRIES deals
# instead of the first that fits (Expert's way).
PLAY_TRIES = 1
PLAY_FEWEST = False
EXPERT_TRIES = 16


class _Kit:
    pass


def expert():
    """Expert's kit (players/levels.py): this one, but in the play its
    worlds are the closest fits of more deals (``expert_world``)."""
    k = _Kit()
    for name in ("MAX_MOVES", "PRUNE", "searchable", "worth", "new_game", "done",
                 "policy", "playout", "value"):
        setattr(k, name, globals()[name])
    k.world = expert_world
    return k


def expert_world(obs, rng, g):
    """``world`` with up to ``EXPERT_TRIES`` deals in the play (``fitted``)."""
    if obs.phase != PLAY:
        return world(obs, rng, g)
    return fitted(obs, rng, g, EXPERT_TRIES, True)


def told(obs, g):
    """Whether the other seat's cards this round in ``g`` (a Playout of
    ``obs``, in the play: the hand dealt plus the cards it played) agree
    with its bids (KJ-4): a seat that made trump by a bid holds the jack of
    trumps or three trumps; a seat that passed the turned suit in round
    one does not hold both its jack and its nine. Never reads hidden
    cards: ``g`` is a sampled world."""
    opp = 1 - obs.seat
    bids = obs.bids
    nd = 1 - obs.dealer
    t = obs.trump
    ts = obs.turned_suit
    hm = g.hm
    ranks_t = hm[4 * opp + t]
    ranks_ts = hm[4 * opp + ts]
    for i in range(len(obs.played)):
        if obs.played_by[i] == opp:
            c = obs.played[i]
            if c // 13 == t:
                ranks_t |= 1 << (c % 13 - R7)
            if c // 13 == ts:
                ranks_ts |= 1 << (c % 13 - R7)
    for i in range(len(bids)):
        if (nd if i % 2 == 0 else obs.dealer) != opp:
            continue
        a = bids[i]
        if a == PASS:
            if i < 2 and ranks_ts & 0x14 == 0x14:
                return False  # passed holding the turned suit's jack and nine
        elif not ranks_t & 0x10 and BITS[ranks_t] < 3:
            return False  # made trump without the jack or three trumps
    return True


def deal_told(obs, rng, g):
    """``deal``, made again (up to ``TOLD_TRIES`` deals in all) while the
    other seat's cards disagree with its bids (``told``)."""
    deal(obs, rng, g)
    for _ in range(TOLD_TRIES - 1):
        if told(obs, g):
            break
        deal(obs, rng, g)
    return g


def fitted(obs, rng, g, tries, fewest):
    """A world of ``obs`` (in the play) in ``g`` (a Playout): ``deal_told``,
    made again (up to ``tries`` times) until the other seat's cards this
    round are the ones the heuristic would have played holding the hand
    dealt to it (``misfits``); when none fits, the last deal or, if
    ``fewest``, the one with the fewest misfits (each deal then replayed
    in full)."""
    deal_told(obs, rng, g)
    if tries < 2 or not obs.played:
        return g
    if g.best is None:
        g.best = Playout(False)
    if not fewest:
        for _ in range(tries - 1):
            if not misfits(obs, g, 1):
                break
            deal_told(obs, rng, g)
        return g
    least = misfits(obs, g)
    if least:
        g.copy(g.best)
        for _ in range(tries - 1):
            deal_told(obs, rng, g)
            m = misfits(obs, g, least)
            if m < least:
                least = m
                if not m:
                    break
                g.copy(g.best)
        if least:
            g.best.copy(g)
    return g


# ``misfits``' working, made once per observation (``_fit_prepare``): the
# observation it is for; the other seat's decisions this round (at most 9):
# its card, the index in ``played`` (the trick's lead before it when odd),
# and per suit the ranks its heuristic thinks the seat may hold then, less
# only the hand a deal gives it (``_fq``, 4 a decision); its cards played,
# ascending, and their ranks per suit. Then per deal: its hand at the first
# trick (ascending), its ranks and the ranks dealt to it per suit, and the
# ranks it may think the seat holds at one decision.
_fit_of = [None]
_fn = bytearray(1)  # decisions
_fc = bytearray(9)
_fi = bytearray(9)
_fq = bytearray(36)
_fpc = bytearray(9)
_fph = bytearray(4)
_fhand = bytearray(9)
_fhm = bytearray(4)
_fdh = bytearray(4)
_fmb = bytearray(4)


def _fit_prepare(obs):
    # What ``misfits`` needs of ``obs`` whatever the deal (see above): at
    # the first trick the other seat's heuristic may think the seat holds
    # any card but its own hand's, the turned and the bottom card; then, as
    # the seat plays, not that card, and not what the seat's second card
    # shows it lacks (KJ-16, as ``_move`` draws it).
    _fit_of[0] = obs
    opp = 1 - obs.seat
    played = obs.played
    by = obs.played_by
    t = obs.trump
    order = ORD[t]
    classic = obs.classic
    ph = _fph
    ph[0] = ph[1] = ph[2] = ph[3] = 0
    npc = 0
    for c in DECK32:
        for i in range(len(played)):
            if played[i] == c and by[i] == opp:
                _fpc[npc] = c
                npc += 1
                ph[c // 13] |= 1 << (c % 13 - R7)
    cur = _fmb
    for s in range(4):
        cur[s] = 0xFF & ~ph[s]
    c = obs.turned
    cur[c // 13] &= ~(1 << (c % 13 - R7))
    c = obs.bottom
    if c != NO_CARD:
        cur[c // 13] &= ~(1 << (c % 13 - R7))
    k = 0
    for i in range(len(played)):
        c = played[i]
        if by[i] == opp:
            _fc[k] = c
            _fi[k] = i
            q = 4 * k
            _fq[q] = cur[0]
            _fq[q + 1] = cur[1]
            _fq[q + 2] = cur[2]
            _fq[q + 3] = cur[3]
            k += 1
            continue
        s = c // 13
        cur[s] &= ~(1 << (c % 13 - R7))
        if i % 2:
            lead = played[i - 1]
            ls = lead // 13
            if ls != t:
                if s == ls:
                    if not classic and order[c] < order[lead]:
                        cur[ls] &= ~ABOVE_PLAIN[lead % 13]
                else:
                    cur[ls] = 0
                    if s != t:
                        cur[t] = 0
            elif s == t:
                if order[c] < order[lead]:
                    cur[t] &= ~ABOVE_TRUMP[lead % 13]
            else:
                cur[t] = 0
    _fn[0] = k


def misfits(obs, g, most=99):
    """How many of the other seat's cards this round (``obs.played``, KJ-10)
    the heuristic's play (``playout``'s) would not have played, holding
    what ``g`` (a Playout of ``obs``, in the play) deals it: each of its
    decisions this round is made again by the heuristic with the hand the
    deal gives it then (the hand dealt plus its cards played from there
    on) and what it may think the seat holds (KJ-16). The count stops at
    ``most``. Allocates nothing."""
    if _fit_of[0] is not obs:
        _fit_prepare(obs)
    nd = _fn[0]
    if not nd:
        return 0
    opp = 1 - obs.seat
    t = obs.trump
    order = ORD[t]
    win_v = WIN[t]
    throw_v = THROW[t]
    low_v = LOW[t]
    top_p = TOP_PLAIN
    top_t = TOP_TRUMP
    plain = PLAIN_POINTS
    classic = obs.classic
    draw = DRAW if obs.maker == opp else DRAW_DEF
    fq = _fq
    fc = _fc
    fi = _fi
    hand = _fhand
    hm = _fhm
    dh = _fdh
    mb = _fmb
    # The other hand at the first trick, ascending: the dealt cards merged
    # with the ones it played.
    gh = g.hands
    gm = g.hm
    pc = _fpc
    ph = _fph
    for s in range(4):
        x = gm[4 * opp + s]
        dh[s] = x
        hm[s] = x | ph[s]
    i = 9 * opp
    end = i + 9
    j = 0
    npc = nd  # the other seat played one card a decision
    for k in range(9):
        while i < end and gh[i] == 255:
            i += 1
        x = gh[i] if i < end else 255
        y = pc[j] if j < npc else 255
        if x < y:
            hand[k] = x
            i += 1
        else:
            hand[k] = y
            j += 1
    m = 0
    for d in range(nd):
        n = fi[d]
        q = 4 * d
        mb[0] = fq[q] & ~dh[0]
        mb[1] = fq[q + 1] & ~dh[1]
        mb[2] = fq[q + 2] & ~dh[2]
        mb[3] = fq[q + 3] & ~dh[3]
        size = 9 - n // 2
        pick = 255
        if n % 2:
            # Second: ``playout``'s choice.
            lead = obs.played[n - 1]
            ls = lead // 13
            lo = order[lead]
            need = 0
            want = -1
            if ls != t:
                x = hm[ls]
                if x:
                    want = ls
                    if not classic and top_p[x] > lo:
                        need = lo
                elif hm[t]:
                    want = t
            else:
                x = hm[t]
                if x:
                    want = t
                    if top_t[x] > lo:
                        need = lo
            best = -1
            for c in hand:
                if c == 255:
                    continue
                s = c // 13
                if want >= 0 and s != want:
                    continue
                o = order[c]
                if o <= need:
                    continue
                if s == ls:
                    w = o > lo
                else:
                    w = s == t
                if w:
                    v = 2000 + win_v[c]
                    if s != t and o > top_p[mb[s]]:
                        v -= KEEP_MASTER
                else:
                    v = 1000 - throw_v[c]
                if size == 2 and s == t:
                    v -= LAST
                if v > best:
                    best = v
                    pick = c
        else:
            # Leading: ``playout``'s choice.
            xt = hm[t]
            mt = mb[t]
            if xt and mt and top_t[xt] > top_t[mt] and (BITS[xt] >= draw or size <= 2):
                pick = t * 13 + R7 + TOP_RANK[xt]
            else:
                best = -1
                for c in hand:
                    if c == 255:
                        continue
                    s = c // 13
                    if s == t:
                        continue
                    x = mb[s]
                    if order[c] > top_p[x] and (x or not mt):
                        v = plain[c % 13]
                        if v > best:
                            best = v
                            pick = c
                if pick == 255:
                    best = 100000
                    for c in hand:
                        if c == 255:
                            continue
                        s = c // 13
                        v = low_v[c]
                        if s == t:
                            if size <= 3:
                                v += KEEP_LAST
                        else:
                            r = c % 13
                            if (r != RT and (hm[s] >> (RT - R7)) & 1
                                    and order[s * 13 + RT] <= top_p[mb[s]]):
                                v += GUARD
                        if v < best:
                            best = v
                            pick = c
        c = fc[d]
        if pick != c:
            m += 1
            if m >= most:
                return m
        for k in range(9):
            if hand[k] == c:
                hand[k] = 255
                break
        hm[c // 13] &= ~(1 << (c % 13 - R7))
    return m
