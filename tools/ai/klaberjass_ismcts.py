"""An independent Klaberjass yardstick: Information Set MCTS with a fixed
iteration budget (RULES.md KJ-1 ... KJ-17), desktop only.

It is built on the rules core (firmware/cardgames) alone and shares nothing
with the product's players (firmware/players), so a product level measured
against it is measured against a player it was never tuned on.

- **Card play**: single-observer ISMCTS (Cowling, Powley and Whitehouse,
  2012). Each iteration deals one world from the seat's observation only
  (``klaberjass.world``: the other hand never holds a card the seat has
  seen, keeps a shown sequence and an exchanged card, and holds none of the
  cards it showed it lacks by not following, not trumping or not heading,
  KJ-16), walks one tree shared by all worlds choosing among the children
  legal in that world by UCB1 with availability counts, adds one node, plays
  the round out at random and backs up the round's score difference (KJ-14)
  scaled to [0, 1] for the seat that moved at each node.
- **Bidding**: a plain hand-strength threshold (``strength``): a trump is
  worth its KJ-13 points plus ``TRUMP_LENGTH``, a side ace 11, a side ten
  with its ace 5; accept (round one) or name the best other suit (round
  two) when the strength reaches ``threshold``. The seven of trumps is
  always exchanged (KJ-7).

Floats and ``random`` are fine here: this is a desktop tool, not firmware.
"""

import math
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

from cardgames import klaberjass as kj  # noqa: E402
from cardgames.cards import DECK32  # noqa: E402
from cardgames.rng import Rng  # noqa: E402

ITERATIONS = 5000
THRESHOLD = 60
TRUMP_LENGTH = 10
UCB_C = 0.7
SCALE = 324.0  # a round's score difference over this, plus 0.5, is the reward

# Per trump suit (0..3), per card int: KJ-1 order and KJ-13 points.
ORDER = [[kj.card_order(c, t) for c in range(52)] for t in range(4)]
POINTS = [[kj.card_points(c, t) for c in range(52)] for t in range(4)]
QUEEN_KING = [(t * 13 + kj.RQ, t * 13 + kj.RK) for t in range(4)]


def strength(hand, t):
    """The yardstick's bid valuation of ``hand`` (card ints) with trump
    suit ``t``: trumps their KJ-13 points plus ``TRUMP_LENGTH`` each, side
    aces 11, a side ten with its ace 5."""
    v = 0
    for c in hand:
        s = c // 13
        r = c % 13
        if s == t:
            v += POINTS[t][c] + TRUMP_LENGTH
        elif r == kj.RA:
            v += 11
        elif r == kj.RT and s * 13 + kj.RA in hand:
            v += 5
    return v


def legal_cards(hand, lead, t, classic):
    """KJ-11: the cards of ``hand`` that may be played on ``lead`` (a card,
    or None when leading) with trump suit ``t``."""
    if lead is None:
        return list(hand)
    ls = lead // 13
    same = [c for c in hand if c // 13 == ls]
    if same:
        if ls == t or not classic:
            order = ORDER[t]
            lo = order[lead]
            higher = [c for c in same if order[c] > lo]
            if higher:
                return higher
        return same
    trumps = [c for c in hand if c // 13 == t]
    return trumps or list(hand)


class Round:
    """The play of a round from one world: two hands (lists of card ints),
    trump, the open trick's lead, the seat to move, points so far (tricks,
    sequences and bella, KJ-8, KJ-9, KJ-13), the trump queen and king each
    seat has played (bella) and the cards played."""

    __slots__ = ("hands", "t", "lead", "p", "pts", "kq", "n", "maker", "classic")

    def __init__(self, hands, t, lead, p, pts, kq, n, maker, classic):
        self.hands = hands
        self.t = t
        self.lead = lead
        self.p = p
        self.pts = pts
        self.kq = kq
        self.n = n
        self.maker = maker
        self.classic = classic

    def legal(self):
        return legal_cards(self.hands[self.p], self.lead, self.t, self.classic)

    def play(self, c):
        p = self.p
        t = self.t
        self.hands[p].remove(c)
        q, k = QUEEN_KING[t]
        if c == q or c == k:
            bit = 1 if c == q else 2
            if self.kq[p] & (3 - bit):
                self.pts[p] += kj.BELLA  # KJ-9: the second of the two
            self.kq[p] |= bit
        self.n += 1
        if self.lead is None:
            self.lead = c
            self.p = 1 - p
            return
        lead = self.lead
        w = p if kj.beats(lead, c, t) else 1 - p
        self.pts[w] += POINTS[t][lead] + POINTS[t][c]
        if self.n == 18:
            self.pts[w] += kj.LAST_TRICK
        self.lead = None
        self.p = w

    def over(self):
        return self.n >= 18

    def scored(self):
        """KJ-14: what each seat scores this round."""
        a, b = self.pts
        m = self.maker
        if (a <= b) if m == 0 else (b <= a):
            return (0, a + b) if m == 0 else (a + b, 0)
        return a, b


def rollout(st, rand):
    """Plays ``st`` (a Round) out at random (KJ-11 legal cards); returns
    what each seat scores (KJ-14). One loop over locals: most of the
    yardstick's time is spent here."""
    hands = st.hands
    t = st.t
    order = ORDER[t]
    points = POINTS[t]
    q, k = QUEEN_KING[t]
    kq = st.kq
    pts = st.pts
    classic = st.classic
    lead = st.lead
    p = st.p
    n = st.n
    while n < 18:
        hand = hands[p]
        if lead is None:
            c = hand[int(rand() * len(hand))]
        else:
            ls = lead // 13
            lo = order[lead]
            same = 0
            higher = 0
            trumps = 0
            for x in hand:
                xs = x // 13
                if xs == ls:
                    same += 1
                    if order[x] > lo:
                        higher += 1
                if xs == t:
                    trumps += 1
            if same:
                if higher and (ls == t or not classic):
                    i = int(rand() * higher)
                    for x in hand:
                        if x // 13 == ls and order[x] > lo:
                            if not i:
                                c = x
                                break
                            i -= 1
                else:
                    i = int(rand() * same)
                    for x in hand:
                        if x // 13 == ls:
                            if not i:
                                c = x
                                break
                            i -= 1
            elif trumps:
                i = int(rand() * trumps)
                for x in hand:
                    if x // 13 == t:
                        if not i:
                            c = x
                            break
                        i -= 1
            else:
                c = hand[int(rand() * len(hand))]
        hand.remove(c)
        if c == q or c == k:
            bit = 1 if c == q else 2
            if kq[p] & (3 - bit):
                pts[p] += kj.BELLA
            kq[p] |= bit
        n += 1
        if lead is None:
            lead = c
            p = 1 - p
            continue
        if c // 13 == lead // 13:
            w = p if order[c] > order[lead] else 1 - p
        else:
            w = p if c // 13 == t else 1 - p
        pts[w] += points[lead] + points[c]
        if n == 18:
            pts[w] += kj.LAST_TRICK
        lead = None
        p = w
    st.n = n
    return st.scored()


class Node:
    __slots__ = ("card", "seat", "children", "visits", "avail", "total")

    def __init__(self, card, seat):
        self.card = card
        self.seat = seat  # who played ``card`` to reach this node
        self.children = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


def start(obs, g):
    """The Round of world ``g`` (a Klaberjass from ``klaberjass.world``)
    as seen in ``obs``."""
    hands = [[c for c in DECK32 if g.loc[c] == kj.L_HAND + p] for p in (0, 1)]
    t = obs.trump
    kq = [0, 0]
    q, k = QUEEN_KING[t]
    for i in range(len(obs.played)):
        c = obs.played[i]
        if c == q:
            kq[obs.played_by[i]] |= 1
        elif c == k:
            kq[obs.played_by[i]] |= 2
    pts = [obs.points[p] + obs.seq_points[p] + obs.bella[p] for p in (0, 1)]
    lead = obs.trick[0] if obs.trick else None
    return Round(hands, t, lead, obs.to_move, pts, kq, len(obs.played), obs.maker, obs.classic)


class IsmctsPlayer:
    """The yardstick player: ``choose(obs, legal)`` from ``obs`` only.
    ``iterations`` per card decision; ``threshold`` of the bids."""

    def __init__(self, seed=0, iterations=ITERATIONS, threshold=THRESHOLD):
        self.iterations = iterations
        self.threshold = threshold
        self.random = random.Random(seed)
        self.rng = Rng(seed)
        self.scratch = kj.Klaberjass(None)
        self.explore = []
        self.inv_root = []

    def choose(self, obs, legal):
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if obs.phase == kj.BID1:
            v = strength(obs.hand, obs.turned_suit)
            return kj.ACCEPT if v >= self.threshold else kj.PASS
        if obs.phase == kj.BID2:
            best, best_v = kj.PASS, self.threshold - 1
            for a in legal:
                if a != kj.PASS:
                    v = strength(obs.hand, a - kj.NAME_CLUBS)
                    if v > best_v:
                        best, best_v = a, v
            return best
        if obs.phase == kj.EXCHANGING:
            return kj.EXCHANGE
        return self.search(obs, legal)

    def search(self, obs, legal):
        rnd = self.random
        rand = rnd.random
        root = Node(None, None)
        me = obs.seat
        n_it = self.iterations
        # UCB's exploration term as two table reads: c * sqrt(log(avail)) and
        # 1 / sqrt(visits) (availability and visits never pass n_it + 1).
        if len(self.explore) < n_it + 2:
            self.explore = [UCB_C * math.sqrt(math.log(i)) if i else 0.0 for i in range(n_it + 2)]
            self.inv_root = [1.0 / math.sqrt(i) if i else 0.0 for i in range(n_it + 2)]
        explore = self.explore
        inv_root = self.inv_root
        path = []
        for _ in range(n_it):
            st = start(obs, kj.world(obs, self.rng, self.scratch))
            node = root
            del path[:]
            while st.n < 18:
                moves = st.legal()
                kids = node.children
                best = None
                best_u = -1.0
                fresh = 0
                for m in moves:
                    ch = kids.get(m)
                    if ch is None:
                        fresh += 1
                        continue
                    v = ch.visits
                    u = ch.total / v + explore[ch.avail] * inv_root[v]
                    if u > best_u:
                        best, best_u = ch, u
                    ch.avail += 1
                if fresh:
                    i = int(rand() * fresh)
                    for m in moves:
                        if m not in kids:
                            if not i:
                                break
                            i -= 1
                    best = Node(m, st.p)
                    kids[m] = best
                    st.play(m)
                    path.append(best)
                    break
                st.play(best.card)
                node = best
                path.append(node)
            s0, s1 = rollout(st, rand)
            r0 = 0.5 + (s0 - s1) / SCALE
            r0 = 0.0 if r0 < 0.0 else 1.0 if r0 > 1.0 else r0
            r1 = 1.0 - r0
            for nd in path:
                nd.visits += 1
                nd.total += r0 if nd.seat == 0 else r1
        best = max(root.children.values(), key=lambda ch: (ch.visits, -ch.card))
        assert best.seat == me
        return best.card
