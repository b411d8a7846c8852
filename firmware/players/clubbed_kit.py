"""What the search player (players/search.py) needs to play Clubbed
(RULES.md CB-1 ... CB-12): worlds from ``clubbed.world``, a cheap playout
policy, and the outcome of a played-out game.

Playout policy: the heuristic's scores (players/clubbed_heuristic.py), with
the other hand in view instead of guessed: club when the pile is worth more
than keeping the club for a longer stock; shed the non-club the other hand
can match least, shy of growing a pile while it holds a club; draw last.
"""

from cardgames import clubbed
from cardgames.clubbed import DRAW, L_HAND

# Playouts go to the end of the game (40 to 100 moves from the start): cut
# short, the cards collected so far misjudge the piles still to come, and
# the search played worse than the heuristic (tools/arena.py).
MAX_MOVES = 200


def searchable(obs):
    """Every Clubbed decision is searched."""
    return obs.to_move is not None


def worth(obs, legal, a, prior):
    """Every legal action is searched."""
    return True


def world(obs, rng, g):
    """``clubbed.world``: the hidden cards dealt consistently with ``obs``."""
    return clubbed.world(obs, rng, g)


def new_game():
    """An empty game for ``world`` and the playouts to fill."""
    return clubbed.Clubbed(None)


def done(g):
    """True once the game is over (CB-9)."""
    return g.over


def policy(g, rng):
    """The playout move of the seat to move in ``g`` (see the module doc)."""
    p = g._to_move
    legal = g._legal(p)
    if len(legal) == 1:
        return legal[0]
    loc = g.loc
    opp = L_HAND + 1 - p
    # The other hand, in view: its clubs, and its cards per suit and rank.
    suit_n = _suit_n
    rank_n = _rank_n
    for i in range(4):
        suit_n[i] = 0
    for i in range(13):
        rank_n[i] = 0
    clubs = 0
    for c in range(52):
        if loc[c] == opp:
            if c < 13:
                clubs += 1
            else:
                suit_n[c // 13] += 1
                rank_n[c % 13] += 1
    pile = g.n_pile
    stock = g.n_stock
    keep = 0 if stock == 0 else (300 if stock < 8 else 400 + 10 * stock)
    best = legal[0]
    best_score = -1000000
    for a in legal:
        if a == DRAW:
            score = -100
        elif a < 13:
            score = 100 + 100 * (pile + 1) - keep
        else:
            score = 100 - 6 * (suit_n[a // 13] + rank_n[a % 13])
            if clubs:
                score -= 15 * (pile + 2)
        if score > best_score:
            best_score = score
            best = a
    return best


_suit_n = bytearray(4)
_rank_n = bytearray(13)


def value(g, seat):
    """Outcome for ``seat``: the other's collected cards minus its own
    (CB-10); at the end of the game 10 more for a win (10 less for a loss)."""
    d = g.collected(1 - seat) - g.collected(seat)
    if g.over and d:
        return d + 10 if d > 0 else d - 10
    return d
