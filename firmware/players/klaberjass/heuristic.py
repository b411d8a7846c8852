"""A heuristic Klaberjass player (RULES.md KJ-1 ... KJ-17), deciding from the
seat's observation (KJ-16) only. Integer arithmetic throughout.

- Bidding (KJ-4): the hand is valued with each candidate trump: points of the
  cards it should take (jack and nine of trumps, aces, tens guarded by their
  ace), trump length, bella, a sequence, and in round one the turned card
  when this seat holds the seven to exchange for it (KJ-7). The best suit is
  taken when its value reaches a threshold.
- Exchange (KJ-7): taken unless it breaks the seat's best sequence.
- Play: the second player (who must win when able, KJ-11) banks the most
  points it can with the cheapest winning card, or throws its least valuable
  card; the leader draws trumps while it holds the top trump, cashes sure
  winners, keeps the trump jack and a trump for the last trick, and leads
  low cards from suits without tens otherwise.
"""

from cardgames import cards
from cardgames.klaberjass import (
    ACCEPT,
    BID1,
    BID2,
    DECLINE,
    EXCHANGE,
    EXCHANGING,
    NAME_CLUBS,
    PASS,
    PLAIN_ORDER,
    PLAIN_POINTS,
    R7,
    RA,
    RJ,
    RT,
    TRUMP_ORDER,
    TRUMP_POINTS,
    sequences,
)
from players.heuristic import Heuristic


def _pts(c, t):
    return TRUMP_POINTS[c % 13] if c // 13 == t else PLAIN_POINTS[c % 13]


def _order(c, t):
    return TRUMP_ORDER[c % 13] if c // 13 == t else PLAIN_ORDER[c % 13]


def _beats(lead, c, t):
    if c // 13 == lead // 13:
        return _order(c, t) > _order(lead, t)
    return c // 13 == t


def _best_seq(hand, t):
    """(length, top, trump) key of the best sequence in ``hand``, as an int."""
    best = 0
    for s in range(4):
        m = 0
        for c in hand:
            if c // 13 == s:
                m |= 1 << (c % 13 - R7)
        for top, n in sequences(m):
            k = n * 256 + top * 4 + (2 if s == t else 0)
            if k > best:
                best = k
    return best


def _run(m):
    # The longest run of set bits in ``m`` (8 bits).
    best = k = 0
    for i in range(8):
        if (m >> i) & 1:
            k += 1
            if k > best:
                best = k
        else:
            k = 0
    return best


# Per 8-bit mask of a suit's ranks (bit i = rank 7 + i, KJ-8 order): how
# many cards, and the longest sequence.
BITS = bytearray(256)
RUN = bytearray(256)
for _m in range(256):
    BITS[_m] = BITS[_m >> 1] + (_m & 1)
    RUN[_m] = _run(_m)
_masks = bytearray(4)  # scratch of ``hand_value``: a hand's ranks per suit


def hand_value(hand, t, extra=255):
    """Estimated points ``hand`` (card ints) takes with trump suit ``t``
    (KJ-4 bidding); ``extra`` is a card the seat will add by the exchange
    (KJ-7) for its seven of trumps, if any: aces 13, a ten guarded by its
    ace 10 (else 3), kings 2; in trumps the jack 32, the nine 20 with the
    jack (16 without), the ace 12, the ten 9, the rest 3, 5 a trump and 8
    more for each past three, 20 for king and queen; 10 for a sequence of
    three, 35 for four or more. From the hand's ranks per suit (8-bit
    masks), allocating nothing: the kit values every bid of its playouts
    and every world fitted to the bids with it."""
    m = _masks
    m[0] = m[1] = m[2] = m[3] = 0
    for c in hand:
        m[c // 13] |= 1 << (c % 13 - R7)
    if extra != 255:
        m[t] = (m[t] & 0xFE) | (1 << (extra % 13 - R7))
    v = 0
    run = 0
    for s in range(4):
        x = m[s]
        if RUN[x] > run:
            run = RUN[x]
        if s == t:
            continue
        if x & 0x80:  # ace
            v += 13
            if x & 0x08:  # ten guarded by its ace
                v += 10
        elif x & 0x08:
            v += 3
        if x & 0x40:  # king
            v += 2
    x = m[t]
    n = BITS[x]
    # Jack 32, nine 20 with the jack (16 without), ace 12, ten 9, the rest 3.
    if x & 0x10:
        v += 32
        if x & 0x04:
            v += 20
    elif x & 0x04:
        v += 16
    if x & 0x80:
        v += 12
    if x & 0x08:
        v += 9
    v += 3 * BITS[x & 0x63]
    v += 5 * n
    if n >= 4:
        v += 8 * (n - 3)
    if x & 0x60 == 0x60:
        v += 20  # king and queen
    if run == 3:
        v += 10
    elif run >= 4:
        v += 35
    return v


# The weights of the bids and the play, in this order (KlaberjassHeuristic
# ``par``; the defaults are the heuristic's own, the yardstick of
# tools/ai/arena.py): DRAW and DRAW_DEF: trumps held (with the top one) to
# draw trumps, as the maker and as the other seat; KEEP_TRUMP and
# KEEP_ORDER: what winning with a trump costs, plus per KJ-1 rank;
# KEEP_JACK: more for the jack; KEEP_MASTER: for a plain master; LAST: a
# trump spent on the next-to-last trick; THROW_PTS: per point thrown away;
# THROW_TRUMP: a trump thrown; LOW_TRUMP: leading a low trump rather than a
# plain card; KEEP_LAST: leading a trump with three cards or fewer left;
# GUARD: leading from a ten's guard; DEALER1 and DEALER2: added to the
# dealer's bid thresholds of rounds one and two (KJ-4).
PARAMS = (2, 2, 6, 2, 14, 6, 5, 4, 8, 30, 20, 6, 0, 0)


class KlaberjassHeuristic(Heuristic):
    """Heuristic Klaberjass player. ``seed`` is unused (it is deterministic)
    but kept for a uniform constructor; ``accept`` and ``name`` are the bid
    thresholds of rounds one and two (tuned with tools/bench/bench_klaberjass.py);
    ``par`` the other weights (PARAMS, in the order given there)."""

    def __init__(self, seed=0, accept=56, name=56, par=PARAMS):
        super().__init__(seed)
        self.accept = accept
        self.name = name
        self.par = par

    def _choose(self, obs, legal):
        # Two or more choices for ``obs`` (a klaberjass.Observation).
        ph = obs.phase
        dealer = obs.seat == obs.dealer
        if ph == BID1:
            t = obs.turned_suit
            extra = 255
            if t * 13 + R7 in obs.hand and obs.turned % 13 != R7:
                extra = obs.turned
            v = hand_value(obs.hand, t, extra)
            return ACCEPT if v >= self.accept + (self.par[12] if dealer else 0) else PASS
        if ph == BID2:
            best = PASS
            best_v = self.name - 1 + (self.par[13] if dealer else 0)
            for a in legal:
                if a == PASS:
                    continue
                v = hand_value(obs.hand, a - NAME_CLUBS)
                if v > best_v:
                    best_v = v
                    best = a
            return best
        if ph == EXCHANGING:
            t = obs.trump
            after = list(obs.hand)
            after.remove(t * 13 + R7)
            after.append(obs.turned)
            before = _best_seq(obs.hand, t) // 256
            now = _best_seq(after, t) // 256
            if before >= 3 and (now < 3 or (before >= 4 and now == 3)):
                return DECLINE
            return EXCHANGE
        return self._play(obs, legal)

    # --- play --------------------------------------------------------------

    def _play(self, obs, legal):
        t = obs.trump
        me = obs.seat
        opp = 1 - me
        # Cards the opponent may hold: not seen anywhere and not ruled out.
        maybe = bytearray(52)
        for c in cards.DECK32:
            maybe[c] = 1
        for c in obs.hand:
            maybe[c] = 0
        for c in obs.played:
            maybe[c] = 0
        maybe[obs.turned] = 0
        if obs.bottom != 255:
            maybe[obs.bottom] = 0
        lk = obs.lacks[opp]
        for s in range(4):
            m = lk[s]
            for i in range(8):
                if (m >> i) & 1:
                    maybe[s * 13 + R7 + i] = 0
        if obs.trick:
            return self._follow(obs, legal, maybe, t)
        return self._lead(obs, legal, maybe, t)

    def _follow(self, obs, legal, maybe, t):
        lead = obs.trick[0]
        lp = _pts(lead, t)
        par = self.par
        last = len(obs.hand) == 2  # this trick and one more
        best = legal[0]
        best_s = -100000
        for c in legal:
            p = _pts(c, t)
            if _beats(lead, c, t):
                # Win: bank lead + own card, minus what the card is worth
                # keeping (trumps and masters win later tricks).
                s = 1000 + lp + p - self._keep(c, t, maybe, obs.hand)
            else:
                s = -lp - p * par[7] - _order(c, t) - (par[8] if c // 13 == t else 0)
            if last and c // 13 == t:
                s -= par[6]
            if s > best_s:
                best_s = s
                best = c
        return best

    def _keep(self, c, t, maybe, hand):
        """What holding ``c`` back is worth, in points."""
        s = c // 13
        if s == t:
            r = c % 13
            par = self.par
            k = par[2] + par[3] * TRUMP_ORDER[r]
            if r == RJ:
                k += par[4]
            return k
        if _is_master(c, t, maybe):
            return self.par[5]
        return 0

    def _lead(self, obs, legal, maybe, t):
        hand = obs.hand
        par = self.par
        my_trumps = [c for c in hand if c // 13 == t]
        opp_trumps = 0
        for c in cards.DECK32:
            if maybe[c] and c // 13 == t:
                opp_trumps += 1
        # Draw trumps while holding the top trump and the opponent may have some.
        if my_trumps and opp_trumps:
            top = max(my_trumps, key=lambda c: TRUMP_ORDER[c % 13])
            draw = par[0] if obs.maker == obs.seat else par[1]
            if _is_master(top, t, maybe) and (len(my_trumps) >= draw or len(hand) <= 2):
                return top
        # Cash a plain master the opponent cannot trump.
        best = -1
        best_s = -100000
        for c in legal:
            s = c // 13
            if s == t:
                continue
            if _is_master(c, t, maybe):
                safe = (not opp_trumps) or _may_hold_suit(maybe, s)
                if safe:
                    v = 100 + PLAIN_POINTS[c % 13]
                    if v > best_s:
                        best_s = v
                        best = c
        if best >= 0:
            return best
        # Otherwise a low card: few points, from a suit without a lone ten.
        for c in legal:
            s = c // 13
            r = c % 13
            if s == t:
                v = -par[9] - 3 * TRUMP_POINTS[r] - 2 * TRUMP_ORDER[r]
                if len(hand) <= 3:
                    v -= par[10]  # keep a trump for the last trick
            else:
                v = -4 * PLAIN_POINTS[r] - PLAIN_ORDER[r]
                if r != RT and c + (RT - r) in hand and not _is_master(s * 13 + RT, t, maybe):
                    v -= par[11]  # keep a guard for the ten
            if v > best_s:
                best_s = v
                best = c
        return best


def _is_master(c, t, maybe):
    """No card the opponent may hold beats ``c`` in its own suit."""
    s = c // 13
    o = _order(c, t)
    for r in range(R7, RA + 1):
        x = s * 13 + r
        if maybe[x] and _order(x, t) > o:
            return False
    return True


def _may_hold_suit(maybe, s):
    for r in range(R7, RA + 1):
        if maybe[s * 13 + r]:
            return True
    return False
