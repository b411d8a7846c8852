"""What the search player (players/search.py) needs to play Klaberjass
(RULES.md KJ-1 ... KJ-17): worlds from ``klaberjass.world`` (bidding and the
play; the exchange stays with the heuristic), a cheap playout policy, and the
round's outcome.

Bids in playouts follow the heuristic's hand valuation and threshold; the
exchange is always taken (KJ-7).

Playout policy (it sees the whole sampled world): the second player wins the
trick with its cheapest winning card when it can (KJ-11 mostly forces it),
else throws its cheapest card; the leader draws trumps with a trump the other
hand cannot beat, else cashes its plain card worth most that the other hand
can neither beat nor trump, else leads its cheapest card.
"""

from cardgames import klaberjass
from cardgames.cards import DECK32
from cardgames.klaberjass import (
    ACCEPT,
    BID1,
    BID2,
    EXCHANGE,
    EXCHANGING,
    L_HAND,
    NAME_CLUBS,
    PASS,
    PLAIN_ORDER,
    PLAIN_POINTS,
    PLAY,
    R7,
    TRUMP_ORDER,
    TRUMP_POINTS,
)
from players.klaberjass_heuristic import hand_value

BID_AT = 56  # the heuristic's bid threshold (KlaberjassHeuristic accept/name)

MAX_MOVES = 30  # at most 3 more bids, the exchange and 18 cards follow


def searchable(obs):
    """Bidding (KJ-4) and the play (KJ-10 ... KJ-13) are searched."""
    return obs.phase == PLAY or obs.phase == BID1 or obs.phase == BID2


def worth(obs, legal, a, prior):
    """Every legal action is searched."""
    return True


_turned = bytearray(1)  # the turned card of the latest world: a redeal changes it


def world(obs, rng, g):
    """``klaberjass.world``: hidden cards dealt consistently with ``obs``."""
    klaberjass.world(obs, rng, g)
    _turned[0] = g.turned
    return g


def new_game():
    """An empty game for ``world`` and the playouts to fill."""
    return klaberjass.Klaberjass(None)


def done(g):
    """True once the round's ninth trick is taken, or when four passes
    brought a redeal (KJ-5)."""
    return g.n_played == 18 or g.turned != _turned[0] and g.phase <= BID2


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
    """The playout action of the seat to move in ``g`` (see the module doc)."""
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
    after a redeal."""
    if g.n_played < 18:
        return 0
    sc = g.summary().scored
    return (sc[seat] - sc[1 - seat]) // 4
