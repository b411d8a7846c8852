"""What the search player (players/search.py) needs to play Clubbed
(RULES.md CB-1 ... CB-12): worlds from ``clubbed.world``, a cheap playout
policy, and the outcome of a played-out game.

Playout policy (it sees the whole sampled world): shed a matching non-club,
preferring one the other hand cannot match (so it must draw or spend a club);
with only clubs (and perhaps drawing) left, draw while the pile is small and
club once it holds 3 or more cards (CB-4, CB-5).
"""

from cardgames import clubbed
from cardgames.clubbed import DRAW, L_HAND

MARGIN = 1  # collected cards per world another action must gain over the heuristic's
# A playout stops after this many moves (a whole game is 40 to 100): the
# cards collected by then tell most of the story, at a third of the cost.
MAX_MOVES = 30
CLUB_AT = 3  # pile size from which a playout clubs rather than draws


def searchable(obs):
    """Every Clubbed decision is searched."""
    return obs.to_move is not None


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
    loc = g.loc
    opp = L_HAND + 1 - p
    best = -1
    best_k = -1
    club = -1
    draw = False
    for a in legal:
        if a == DRAW:
            draw = True
        elif a < 13:
            if club < 0:
                club = a  # the lowest club (legal is ascending)
        else:
            # How badly the other hand fits on this card: 2 if it holds
            # neither a match nor a club, 1 if only a club, else 0.
            k = 2
            s = a // 13 * 13
            for c in range(s, s + 13):
                if loc[c] == opp:
                    k = 0
                    break
            if k:
                r = a % 13
                for c in range(r, 52, 13):
                    if loc[c] == opp:
                        k = 0 if c >= 13 else 1
                        if not k:
                            break
            if k and k == 2:
                for c in range(13):
                    if loc[c] == opp:
                        k = 1
                        break
            if k > best_k:
                best_k = k
                best = a
    if best >= 0:
        return best
    if club >= 0 and (not draw or g.n_pile >= CLUB_AT):
        return club
    return DRAW


def value(g, seat):
    """Outcome for ``seat``: the other's collected cards minus its own
    (CB-10); at the end of the game 10 more for a win (10 less for a loss)."""
    d = g.collected(1 - seat) - g.collected(seat)
    if g.over and d:
        return d + 10 if d > 0 else d - 10
    return d
