"""What the search player (players/search.py) needs to play Klaberjass
(RULES.md KJ-1 ... KJ-17): worlds from ``klaberjass.world`` (the play only:
bidding and the exchange stay with the heuristic), a cheap playout policy, and
the round's outcome.

Playout policy (it sees the whole sampled world): the second player wins the
trick with its cheapest winning card when it can (KJ-11 mostly forces it),
else throws its cheapest card; the leader cashes an ace, else leads its
cheapest plain card, else its lowest trump.
"""

from cardgames import klaberjass
from cardgames.klaberjass import (
    PLAIN_ORDER,
    PLAIN_POINTS,
    PLAY,
    RA,
    TRUMP_ORDER,
    TRUMP_POINTS,
)

MARGIN = 4  # round points per world another card must gain over the heuristic's
MAX_MOVES = 20  # at most 17 cards follow the searched one in a round


def searchable(obs):
    """The play (KJ-10 ... KJ-13) is searched."""
    return obs.phase == PLAY


def world(obs, rng, g):
    """``klaberjass.world``: hidden cards dealt consistently with ``obs``."""
    return klaberjass.world(obs, rng, g)


def new_game():
    """An empty game for ``world`` and the playouts to fill."""
    return klaberjass.Klaberjass(None)


def done(g):
    """True once the round's ninth trick is taken."""
    return g.n_played == 18


def _cost(c, t):
    # What throwing ``c`` gives away: its points first, then its strength.
    r = c % 13
    if c // 13 == t:
        return 64 + TRUMP_POINTS[r] * 8 + TRUMP_ORDER[r]
    return PLAIN_POINTS[r] * 8 + PLAIN_ORDER[r]


def policy(g, rng):
    """The playout card of the seat to move in ``g`` (see the module doc)."""
    legal = g._legal_play(g._to_move)
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
    for c in legal:
        if c // 13 != t and c % 13 == RA:
            return c
        k = _cost(c, t)
        if k < best_k:
            best_k = k
            best = c
    return best


def value(g, seat):
    """What ``seat`` scores this round minus what the other scores (KJ-14)."""
    sc = g.summary().scored
    return sc[seat] - sc[1 - seat]
