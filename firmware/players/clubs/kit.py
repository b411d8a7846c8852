"""What the search player (players/search.py) needs to play Clubs (RULES.md
PC-1 ... PC-16): worlds from ``clubs.world`` (the play only: passing, showing,
bids and take choices stay with the heuristic), weighed by what the other
seats showed and bid when ``TRIES`` > 1, a cheap playout policy played in one
call on rank masks of the hands (``playout``), and the hand's outcome. The
candidates are the prior's card and the ``CAP`` - 1 suit ends it scores
best (``worth``).

Playout policy (it sees the whole sampled world), written to play as the
heuristic does (tools/ai/policy_agreement.py: it picks the heuristic's card
in 57% of heuristic positions, 37% before): a seat wants tricks while it is
short of its bid, or, not having bid, when its hand is strong enough to
play for tricks (``clubs_heuristic.strength`` with its partnership's
weights: the searching seat's plays the PRIOR, the other the heuristic's).
A seat that wants tricks plays its lowest card that puts its partnership
ahead in the trick so far (PC-7, PC-8) with a card that takes it (PC-9) or
for a partner who wants it too; a seat that wants none (a nil) plays its
highest card that does not take the trick (behind, or under a partner who
wants it), never the AC or KC (an Adam pulled, PC-12); else its lowest card
(an off-suit 2 is a Negative One, PC-11). The leader leads low when it
wants tricks and high (shedding) when it does not. Bids follow the
heuristic's rule of thumb (tricks won plus 1.6 times the strength left,
PC-10).
"""

from cardgames import clubs
from cardgames.clubs import (
    ACE_CLUBS,
    BID0,
    KING_CLUBS,
    NO_BID,
    NO_CARD,
    PH_BID,
    PH_PLAY,
    PH_TAKE,
    TAKE_PARTNER,
    TAKE_SELF,
    card_value,
    seat_score,
)
from players.clubs.heuristic import (
    BID_SCALE,
    CLUB_WEIGHT,
    PARAMS,
    SUIT_WEIGHT,
    TAKER_STRENGTH,
    ClubsHeuristic,
    shows_taker,
    weight,
)

MAX_MOVES = 80  # at most 51 cards, 4 bids and 13 take choices follow
_DONE = 8  # clubs._PH_DONE: a world's hand stops after its 13th trick

# The search's prior (``prior``): the heuristic with these weights
# (clubs_heuristic.PARAMS' order). tools/ai/tune_clubs_prior.py found no
# weight that beats the heuristic's own (docs/computer-players.md), so they
# are the same.
PRIOR = PARAMS

# Whether each seat plays for tricks before it has bid, and its bid's
# scale and shade (clubs_heuristic ``_bid``), set with each world: the
# searching seat's partnership plays the PRIOR, the other the heuristic.
_plan = bytearray(4)
# What a hand that ends the game (PC-15) is worth to ``value`` besides its
# score: 20 for the win, -20 for the loss (tools/ai/arena.py clubs hard
# heuristic --deals 150 --seed 30000: 62.7% with it, 61.3% without).
MATCH = 20
# The search's test (players/search.py ``best``), looser than the default:
# z = 1, about 84% one-sided: the playouts now play as the heuristic does,
# and on Hard's half a dozen worlds the default test kept the prior where the
# worlds were right (same run: 65.3% at Z2 = 1, 62.7% at 2, 49.0% at 0).
Z2 = 1
_scale = bytearray(4)
_shade = [0, 0, 0, 0]


def prior(seed=0):
    """The search's prior: the heuristic with the PRIOR weights; its play
    decisions leave their cards' scores for ``worth`` (``_Prior``)."""
    return _Prior(seed, PRIOR)


class _Prior(ClubsHeuristic):
    # The heuristic, keeping each play decision's card scores in _scores
    # (shared by every prior: a search asks ``worth`` right after its
    # prior's choice, so they are that decision's).
    def _play(self, obs, legal):
        _fresh[0] = 1
        return ClubsHeuristic._play(self, obs, legal)


# Candidates searched at most, the prior included (0: no cap): of the
# suits' lowest and highest cards, those the prior scores best.
CAP = 3
_scores = [0] * 52
_Prior.scores = _scores
_fresh = bytearray(1)  # 1: the prior has decided since ``_keep`` was made
_ends = bytearray(8)  # per suit its lowest legal card, then its highest
_keep = bytearray(52)  # per card: whether it is a candidate


def searchable(obs):
    """The card play (PC-4 ... PC-9) is searched. The bids (PC-10) are the
    prior's: searched with twice the worlds, they followed the playout
    policy's misjudgments (tools/ai/arena.py clubs hard heuristic --deals 200
    --seed 1000: 53.5% with the bids searched, 58.8% without)."""
    return obs.phase == PH_PLAY


def worth(obs, legal, a, prior):
    """Only the lowest and the highest legal card of each suit are searched
    (besides the heuristic's choice): with the partnership sums of PC-7 the
    cards in between are rarely best, and each one searched costs a playout
    per world. Of those, the ``CAP`` - 1 the prior scored best (its scores
    from its last play decision: call ``prior().choose`` first): early in
    the hand up to eight suit ends shared Hard's budget, 2 to 4 worlds
    each, and the search followed their noise. Bids: those within 2 of the
    heuristic's."""
    if a >= BID0:
        return -2 <= a - prior <= 2
    if not CAP:
        return _end_of_suit(legal, a)
    if _fresh[0]:
        _rank(legal, prior)
        _fresh[0] = 0
    return _keep[a] == 1


def _end_of_suit(legal, a):
    # Whether ``a`` is the lowest or the highest legal card of its suit.
    s = a // 13
    lo = 99
    hi = -1
    for c in legal:
        if c // 13 == s:
            if c < lo:
                lo = c
            if c > hi:
                hi = c
    return a == lo or a == hi


def _rank(legal, prior):
    # _keep: the CAP - 1 cards besides the prior, of the suits' lowest and
    # highest, that the prior scored best (ties: the first in ``legal``).
    keep = _keep
    ends = _ends
    for s in range(4):
        ends[s] = 99
        ends[4 + s] = 0
    for c in legal:
        keep[c] = 0
        s = c // 13
        if c < ends[s]:
            ends[s] = c
        if c >= ends[4 + s]:
            ends[4 + s] = c
    for _ in range(CAP - 1):
        best = -1
        for c in legal:
            s = c // 13
            if (c != prior and not keep[c] and (c == ends[s] or c == ends[4 + s])
                    and (best < 0 or _scores[c] > _scores[best])):
                best = c
        if best < 0:
            break
        keep[best] = 1


# Worlds dealt per world searched: the one that best fits what the other
# seats did is kept (``_misfit``).
TRIES = 1
# Costs in playout moves of ``playout``, from tools/bench/bench_clubs_playout.py
# on MicroPython (Node): a move through ``policy`` and ``Clubs._apply`` (the
# unit of levels.HARD_WORK) costs about 4 moves of ``playout`` on its rank
# masks, and dealing a world (``clubs.world`` and the plans) about 45.
WORK_SCALE = 4
WORLD_MOVES = 45 * TRIES
_best_loc = bytearray(52)
_counts = bytearray(4)  # cards per suit of the hand weighed
_bid_at = bytearray(4)  # per seat: the trick after which it bid, 13 if it has not


def world(obs, rng, g):
    """``clubs.world``, ``TRIES`` times: the hidden cards dealt consistently
    with ``obs``, and of those deals the one that best fits what the other
    seats' shown cards and bids say of their hands (``_misfit``) is kept.
    Also sets each seat's plan from the hand it got."""
    me = obs.seat
    takers = obs.takers
    for s in range(4):
        _bid_at[s] = 13
    for i in range(len(takers) - 1, -1, -1):
        _bid_at[takers[i]] = i  # the first trick a seat took: then it bid
    if TRIES > 1:
        best = -1
        for _ in range(TRIES):
            clubs.world(obs, rng, g)
            d = 0
            for s in range(4):
                if s != me:
                    d += _misfit(obs, g, s)
            if best < 0 or d < best:
                best = d
                _best_loc[:] = g.loc
            if d == 0:
                break
        g.loc[:] = _best_loc
    else:
        clubs.world(obs, rng, g)  # one deal: its fit would not be used
    if isinstance(g, _World):
        _strengths(g.loc, g.hands)
        g.masked = True
    else:
        _strengths(g.loc, _hands)
    for s in range(4):
        par = PRIOR if (s - me) & 1 == 0 else PARAMS
        _plan[s] = 1 if _st[s] >= par[0] else 0
        _scale[s] = par[1]
        _shade[s] = par[2]
    return g


_W52 = bytes(weight(c) for c in range(52))  # clubs_heuristic.weight per card
_st = [0] * 4  # per seat: its hand's strength (``_strengths``)
_cnt = bytearray(16)  # per seat and suit: cards held


def _strengths(loc, hands):
    """_st[s] = ``clubs_heuristic.strength(g.hand(s))`` for the four seats,
    and ``hands`` (16 ints) their rank masks (see ``playout``), from one
    pass over ``loc`` (g.loc)."""
    st = _st
    cnt = _cnt
    w = _W52
    for i in range(4):
        st[i] = 0
    for i in range(16):
        cnt[i] = 0
        hands[i] = 0
    c = 0
    for u in range(4):
        bit = 1
        for _ in range(13):
            v = loc[c]
            if v < 4:
                st[v] += w[c]
                cnt[4 * v + u] += 1
                hands[4 * v + u] |= bit
            bit <<= 1
            c += 1
    for s in range(4):
        _counts[0] = cnt[4 * s]
        _counts[1] = cnt[4 * s + 1]
        _counts[2] = cnt[4 * s + 2]
        _counts[3] = cnt[4 * s + 3]
        st[s] += _shape(_counts)


def _hand_strength(g, s):
    """``clubs_heuristic.strength(g.hand(s))``, read off ``g.loc`` without
    building the hand (no allocation: it runs for each seat of every world
    and for every bid of a playout)."""
    loc = g.loc
    counts = _counts
    counts[0] = counts[1] = counts[2] = counts[3] = 0
    n = 0
    for c in range(52):
        if loc[c] == s:
            n += weight(c)
            counts[c // 13] += 1
    return n + _shape(counts)


def _misfit(obs, g, s):
    """How badly seat ``s``'s hand in world ``g`` fits what it showed (PC-3)
    and bid (PC-10), read as the heuristic plays (clubs_heuristic): a shown
    high club says it played for tricks, a bid says its strength when it
    bid. In hundredths of a trick; 0 for a perfect fit."""
    loc = g.loc
    seq = obs.seq
    pb = obs.played_by
    code = clubs.PLAYED + s
    # Its strength when it showed: the cards it holds and every card it played.
    n = 0
    counts = _counts
    for k in range(4):
        counts[k] = 0
    top_club = -1
    for c in range(52):
        if loc[c] == s or loc[c] == code:
            n += weight(c)
            counts[c // 13] += 1
            if c < 13 and c > top_club:
                top_club = c
    st = n + _shape(counts)
    d = 0
    shown = obs.shown[s]
    if shown != NO_CARD:
        if shows_taker(shown):
            if st < TAKER_STRENGTH:
                d += TAKER_STRENGTH - st
        elif st >= TAKER_STRENGTH and shows_taker(top_club):
            d += st - TAKER_STRENGTH  # a taker with a high club shows it
    b = obs.bids[s]
    i = _bid_at[s]
    if b != NO_BID and i < 13:
        # Its strength when it bid: less the cards it played up to then.
        n = 0
        for k in range(4):
            counts[k] = 0
        for c in range(52):
            if loc[c] == s:
                n += weight(c)
                counts[c // 13] += 1
        for j in range(4 * i + 4, len(seq)):
            c = seq[j]
            if pb[c] == code:
                n += weight(c)
                counts[c // 13] += 1
        x = 100 + (n + _shape(counts)) * BID_SCALE // 10
        if b <= 1:
            if x > 199:
                d += x - 199
        elif x < 100 * b:
            d += 100 * b - x
        elif x > 100 * b + 99:
            d += x - 100 * b - 99
    return d


def _shape(counts):
    # clubs_heuristic.strength's length bonuses.
    n = 0
    for s in (1, 2, 3):
        if counts[s] >= 5:
            n += 10 * (counts[s] - 4)
    if counts[0] >= 4:
        n += 15 * (counts[0] - 3)
    return n


def new_game():
    """An empty game for ``world`` and the playouts to fill: a Clubs that
    also keeps its hands as rank masks (``_World``)."""
    return _World()


class _World(clubs.Clubs):
    # A Clubs game whose ``hands`` (16 ints, see ``playout``) hold each
    # seat's cards as rank masks while ``masked`` is True: ``world`` sets
    # them, ``copy`` and the cards played keep them, so a playout starts
    # from them instead of reading the 52 cards of ``loc``. Anything else
    # that moves cards (a new deal, the passes) clears ``masked``.

    def __init__(self):
        self.hands = [0] * 16
        self.masked = False
        clubs.Clubs.__init__(self, None)

    def copy(self, into=None):
        g = clubs.Clubs.copy(self, _World() if into is None else into)
        g.hands[:] = self.hands
        g.masked = self.masked
        return g

    def _play(self, p, c):
        if self.masked:
            self.hands[4 * p + c // 13] &= ~(1 << c % 13)
        clubs.Clubs._play(self, p, c)

    def _reset_hand(self):
        self.masked = False
        clubs.Clubs._reset_hand(self)

    def _make_passes(self):
        self.masked = False
        clubs.Clubs._make_passes(self)


def done(g):
    """True once the hand's 13th trick is taken."""
    return g.phase == _DONE


def _wants(g, s):
    b = g.bids[s]
    if b != NO_BID:
        return g.won[s] < b
    return _plan[s] == 1


def policy(g, rng):
    """The playout action of the seat to move in ``g`` (see the module doc)."""
    p = g._to_move
    ph = g.phase
    if ph == PH_BID:
        return _bid(g, p)
    if ph == PH_TAKE:
        return TAKE_PARTNER if _wants(g, (p + 2) % 4) and not _wants(g, p) else TAKE_SELF
    legal = g._legal_play(p)
    base = 4 * g.n_tricks
    n = g.n_played - base
    own = _wants(g, p)
    if n == 0:
        best = legal[0]
        hi = not own
        for c in legal:
            r = c % 13
            if (r > best % 13) if hi else (r < best % 13):
                best = c
        return best
    # The trick so far (PC-7, PC-8): sums of this seat's partnership and the
    # other's, and the key and partnership of its highest card.
    seq = g.seq
    led = seq[base] // 13
    mine = 0
    theirs = 0
    top = -1
    top_mine = False
    for i in range(n):
        x = seq[base + i]
        is_mine = i % 2 == n % 2  # seats alternate partnerships
        v = card_value(x, led)
        if is_mine:
            mine += v
        else:
            theirs += v
        k = 100 + x if x < 13 else (x % 13 if x // 13 == led else -1)
        if k > top:
            top = k
            top_mine = is_mine
    pw = _wants(g, (p + 2) % 4)
    pk = _higher(seq[base + n - 2], led) if n >= 2 else -1
    low = legal[0]
    pick = -1
    for c in legal:
        r = c % 13
        if r < low % 13 or (r == low % 13 and c >= 13 and low < 13):
            low = c
        m = mine + card_value(c, led)
        if m != theirs:
            ahead = m > theirs
        else:
            k = 100 + c if c < 13 else (r if c // 13 == led else -1)
            ahead = k > top or top_mine
        takes = ahead and (pk < 0 or _higher(c, led) > pk)
        if own:
            if ahead and (takes or pw) and (pick < 0 or r < pick % 13):
                pick = c
        elif (not takes and (pw or not ahead) and not KING_CLUBS <= c <= ACE_CLUBS
              and (pick < 0 or r > pick % 13)):
            pick = c
    return pick if pick >= 0 else low


def _bid(g, p):
    # The heuristic's rule of thumb (PC-10), nearest legal bid, lower first.
    if g.n_tricks >= 12:
        return BID0
    return _bid_of(g.bids, g.won[p], g.n_tricks, _hand_strength(g, p), p)


def _bid_of(bids, won, nt, st, p):
    # ``_bid`` for seat p with ``won`` tricks and strength ``st`` after
    # ``nt`` tricks.
    if nt >= 12:
        return BID0
    want = won + (st * _scale[p] // 10 - _shade[p]) // 100
    if want < 1:
        want = 1
    bad = 13
    for s in range(4):
        if bids[s] != NO_BID:
            bad -= bids[s]
    best = -1
    best_d = 1000
    for n in range(14):
        if n == bad:
            continue
        d = n - want
        d = -2 * d if d <= 0 else 3 * d
        if d < best_d:
            best_d = d
            best = n
    return BID0 + best


def value(g, seat):
    """The hand's score of ``seat``'s partnership minus the other's (PC-13,
    PC-14), plus or minus ``MATCH`` when the hand ends the game (PC-15)."""
    # clubs.team_scores(...)[m] - [1 - m], summed seat by seat without its
    # list and tuple (it runs once per playout).
    bids = g.bids
    won = g.won
    neg = g.neg_ones
    adams = g.adams
    m = seat & 1
    tm = 0
    to = 0
    for s in range(4):
        v = seat_score(bids[s], won[s], neg[s])
        a = adams[s]
        # An Adam counts for the other team (PC-14).
        pen = 0 if a == 0 else (5 if a == 1 else 13)
        if s & 1 == m:
            tm += v
            to += pen
        else:
            to += v
            tm += pen
    v = tm - to
    if MATCH:
        a = g.scores[m] + tm
        b = g.scores[1 - m] + to
        if a != b and (a >= g.target or b >= g.target):
            v += MATCH if a > b else -MATCH
    return v


# The one-call playout keeps each hand as rank masks (``_hands[4 * seat +
# suit]``: bit r set when the seat holds rank r of that suit, r = 0 the 2),
# so following suit, a suit's lowest and highest card and the cards that put
# a partnership ahead or take the trick are a few integer operations per
# suit, not a scan of the 52 cards. _LOW[(m & -m) % 37]: the lowest rank in
# m (the 13 powers of two differ mod 37); _HIGH7[m]: the highest rank in
# m < 128 (``_top``).
_hands = [0] * 16
_LOW = bytearray(37)
for _r in range(13):
    _LOW[(1 << _r) % 37] = _r
_HIGH7 = bytearray(128)
for _r in range(2, 128):
    _HIGH7[_r] = _HIGH7[_r >> 1] + 1
_NO_TOPS = 0x7FF  # a club mask without the KC and the AC (PC-12)


def playout(g, rng):
    """Plays the world ``g`` to the end of its hand exactly as ``policy``
    and ``g._apply`` would, move for move, without their events and lists
    (the rules of PC-4 ... PC-12 inlined on rank masks of the hands, the
    game's own arrays kept up to date); returns the moves made. ``rng`` is
    unused: the policy is deterministic. No allocation: small ints only."""
    loc = g.loc
    seq = g.seq
    bids = g.bids
    won = g.won
    takers = g.takers
    low = _LOW
    high = _HIGH7
    plan = _plan
    if getattr(g, "masked", False):
        hands = g.hands  # kept up to date as the cards are played
    else:
        hands = _hands
        for i in range(16):
            hands[i] = 0
        c = 0
        for s in range(4):
            bit = 1
            for _ in range(13):
                v = loc[c]
                if v < 4:
                    hands[4 * v + s] |= bit
                bit <<= 1
                c += 1
    ph = g.phase
    p = g._to_move
    np = g.n_played
    nt = g.n_tricks
    broken = g.broken
    base = 4 * nt
    # The trick so far (PC-6 ... PC-8): the led suit, each partnership's
    # sum, the key of the highest card (clubs 100 + rank, the suit led its
    # rank, others -1) and its partnership, the top clubs in it (PC-12).
    n = 0
    led = 0
    st0 = 0
    st1 = 0
    top = -1
    top_team = 0
    tops = 0
    if ph == PH_PLAY:
        n = np - base
        if n:
            led = seq[base] // 13
        for i in range(n):
            x = seq[base + i]
            s = x // 13
            r = x % 13
            if s == 0:
                v = r + 5
                kx = 100 + r
                if r >= 11:
                    tops += 1
            elif s == led:
                v = r + 2
                kx = r
            else:
                v = r - 1
                kx = -1
            t = (p - n + i) & 1
            if t:
                st1 += v
            else:
                st0 += v
            if kx > top:
                top = kx
                top_team = t
    k = 0
    while ph != _DONE and k < MAX_MOVES:
        k += 1
        if ph == PH_PLAY:
            b = bids[p]
            own = won[p] < b if b != NO_BID else plan[p] == 1
            q = p ^ 2
            b = bids[q]
            pw = won[q] < b if b != NO_BID else plan[q] == 1
            h = 4 * p
            pick = -1  # the card: 13 * suit + rank
            pr = -1  # its rank
            if n == 0:
                # The lead (PC-5): low to take tricks, high to shed; of equal
                # ranks the first suit.
                s = 0 if broken or not (hands[h + 1] or hands[h + 2] or hands[h + 3]) else 1
                while s < 4:
                    m = hands[h + s]
                    if m:
                        if own:
                            r = low[(m & -m) % 37]
                            if pr < 0 or r < pr:
                                pr = r
                                pick = 13 * s + r
                        else:
                            r = m >> 7
                            r = 7 + high[r] if r else high[m]
                            if r > pr:
                                pr = r
                                pick = 13 * s + r
                    s += 1
            else:
                # Following (PC-4): the suit led if held, else any card.
                # Per suit the cards that put the partnership ahead are
                # those from rank ``ra`` up (PC-7, PC-8), those that take
                # the trick too from ``tk`` up (PC-9): ``policy``'s tests
                # as rank thresholds.
                if p & 1:
                    mine = st1
                    theirs = st0
                else:
                    mine = st0
                    theirs = st1
                top_mine = top_team == (p & 1)
                pk = -1
                if n >= 2:
                    x = seq[base + n - 2]  # the partner's card
                    pk = 64 + x if x < 13 else (32 + x % 13 if x // 13 == led else x % 13)
                s = led
                e = led + 1
                if not hands[h + led]:
                    s = 0
                    e = 4
                lr = -1  # the lowest card's rank and suit
                ls = 0
                while s < e:
                    m = hands[h + s]
                    if m:
                        if s == 0:
                            a = 5
                            kb = 100
                            hb = 64
                        elif s == led:
                            a = 2
                            kb = 0
                            hb = 32
                        else:
                            a = -1
                            kb = -101
                            hb = 0
                        d = theirs - mine - a  # rank that ties the sums
                        if d < 0:
                            ra = 0
                        elif d > 12:
                            ra = 13
                        elif (kb + d if kb >= 0 else -1) > top or top_mine:
                            ra = d
                        else:
                            ra = d + 1
                        tk = pk - hb + 1 if pk >= 0 else 0
                        if tk < ra:
                            tk = ra
                        elif tk > 13:
                            tk = 13
                        if own:
                            mm = m >> (ra if pw else tk) << (ra if pw else tk)
                            if mm:
                                r = low[(mm & -mm) % 37]
                                if pr < 0 or r < pr:
                                    pr = r
                                    pick = 13 * s + r
                        else:
                            mm = m & ((1 << (tk if pw else ra)) - 1)
                            if s == 0:
                                mm &= _NO_TOPS
                            if mm:
                                r = mm >> 7
                                r = 7 + high[r] if r else high[mm]
                                if r > pr:
                                    pr = r
                                    pick = 13 * s + r
                        r = low[(m & -m) % 37]
                        if lr < 0 or r < lr or (r == lr and ls == 0):
                            lr = r
                            ls = s
                    s += 1
                if pick < 0:
                    pr = lr
                    pick = 13 * ls + lr
            # Clubs._play without its events (PC-4 ... PC-12).
            s = pick // 13
            r = pr
            hands[h + s] ^= 1 << r
            loc[pick] = 4 + p
            seq[np] = pick
            np += 1
            if n == 0:
                led = s
            elif s != led:
                g.voids[p] |= 1 << led
                if s and not r:
                    g.neg_ones[p] += 1  # PC-11
            if s == 0:
                broken = True
                v = r + 5
                kx = 100 + r
                if r >= 11:
                    tops += 1
            elif s == led:
                v = r + 2
                kx = r
            else:
                v = r - 1
                kx = -1
            if p & 1:
                st1 += v
            else:
                st0 += v
            if kx > top:
                top = kx
                top_team = p & 1
            if n < 3:
                n += 1
                p = (p + 1) & 3
                continue
            leader = (p + 1) & 3
            team = 0 if st0 > st1 else (1 if st1 > st0 else top_team)
            if tops:
                _adams(g, seq, base, leader, team)
            i = (team - leader) & 1
            x = seq[base + i]
            ka = 64 + x if x < 13 else (32 + x % 13 if x // 13 == led else x % 13)
            x = seq[base + i + 2]
            kb = 64 + x if x < 13 else (32 + x % 13 if x // 13 == led else x % 13)
            if ka > kb:
                taker = (leader + i) & 3
            elif kb > ka:
                taker = (leader + i + 2) & 3
            else:
                ph = PH_TAKE  # PC-9: the partner who played first chooses
                p = (leader + i) & 3
                continue
        elif ph == PH_BID:
            bids[p] = _bid_of(bids, won[p], nt, _mask_strength(hands, 4 * p), p) - BID0
            if nt < 13:
                ph = PH_PLAY
                p = takers[nt - 1]
            else:
                ph = _DONE
            continue
        else:
            q = p ^ 2
            b = bids[q]
            taker = p
            if won[q] < b if b != NO_BID else plan[q] == 1:
                b = bids[p]
                if not (won[p] < b if b != NO_BID else plan[p] == 1):
                    taker = q
        # The trick is taken (PC-9); the next one starts, or the taker bids
        # (PC-10: after its first trick).
        takers[nt] = taker
        nt += 1
        won[taker] += 1
        base = 4 * nt
        n = 0
        st0 = 0
        st1 = 0
        top = -1
        tops = 0
        if won[taker] == 1 and bids[taker] == NO_BID:
            ph = PH_BID
            p = taker
        elif nt < 13:
            ph = PH_PLAY
            p = taker
        else:
            ph = _DONE
    g.phase = ph
    g._to_move = p
    g.n_played = np
    g.n_tricks = nt
    g.broken = broken
    return k


def _adams(g, seq, base, leader, team):
    # PC-12: an Adam for each top club of the losing side when the winners
    # played none.
    for i in range(4):
        x = seq[base + i]
        if (x == ACE_CLUBS or x == KING_CLUBS) and ((leader + i) & 1) != team:
            o1 = seq[base + (i + 1) % 4]
            o2 = seq[base + (i + 3) % 4]
            if not (o1 == ACE_CLUBS or o1 == KING_CLUBS or o2 == ACE_CLUBS
                    or o2 == KING_CLUBS):
                g.adams[(leader + i) % 4] += 1


def _mask_strength(hands, h):
    """``clubs_heuristic.strength`` of the hand whose rank masks are
    ``hands[h:h + 4]`` (clubs first), in hundredths of a trick."""
    n = 0
    for s in range(4):
        m = hands[h + s]
        w = SUIT_WEIGHT if s else CLUB_WEIGHT
        k = 0
        while m:
            b = m & -m
            n += w[_LOW[b % 37]]
            k += 1
            m ^= b
        if s == 0:
            if k >= 4:
                n += 15 * (k - 3)
        elif k >= 5:
            n += 10 * (k - 4)
    return n


def _higher(c, led):
    # clubs._higher_key (PC-9).
    if c < 13:
        return 64 + c
    if c // 13 == led:
        return 32 + c % 13
    return c % 13
