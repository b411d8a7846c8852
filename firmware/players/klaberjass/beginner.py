"""A beginner's Klaberjass player (RULES.md KJ-1 ... KJ-17), Easy's: it
looks at its own hand and the open trick only, never at the cards played
before.

- Bidding (KJ-4): it takes the turned suit, or names a suit, when it holds
  that suit's jack and two more of it; else it passes.
- Exchange (KJ-7): always taken.
- Play: second to a trick it wins with its highest card when it can (a
  beginner grabs), else throws its lowest; leading, it plays its highest
  card, trumps included (it does not count trumps out, nor keep any back).
"""

from cardgames.klaberjass import (
    ACCEPT,
    BID1,
    BID2,
    EXCHANGE,
    EXCHANGING,
    NAME_CLUBS,
    PASS,
    PLAIN_ORDER,
    RJ,
    TRUMP_ORDER,
)
from players.heuristic import Heuristic


def _strength(c, t):
    # Rank within the whole deck the way a beginner sees it: trumps above
    # every plain card, then the KJ-1 order within the suit.
    if c // 13 == t:
        return 16 + TRUMP_ORDER[c % 13]
    return PLAIN_ORDER[c % 13]


def _worth_bidding(hand, s):
    # The suit's jack and at least two more of the suit.
    n = 0
    jack = False
    for c in hand:
        if c // 13 == s:
            n += 1
            if c % 13 == RJ:
                jack = True
    return jack and n >= 3


class KlaberjassBeginner(Heuristic):
    """Easy's Klaberjass player (``seed`` unused: it is deterministic)."""

    def _choose(self, obs, legal):
        # Two or more choices for ``obs`` (a klaberjass.Observation).
        ph = obs.phase
        if ph == BID1:
            return ACCEPT if _worth_bidding(obs.hand, obs.turned_suit) else PASS
        if ph == BID2:
            for a in legal:
                if a != PASS and _worth_bidding(obs.hand, a - NAME_CLUBS):
                    return a
            return PASS
        if ph == EXCHANGING:
            return EXCHANGE
        t = obs.trump
        hi = lo = legal[0]
        for c in legal:
            k = _strength(c, t)
            if k > _strength(hi, t):
                hi = c
            if k < _strength(lo, t):
                lo = c
        if not obs.trick:
            return hi
        lead = obs.trick[0]
        if hi // 13 == lead // 13:
            wins = _strength(hi, t) > _strength(lead, t)
        else:
            wins = hi // 13 == t
        return hi if wins else lo
