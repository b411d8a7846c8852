"""A beginner at Clubs (RULES.md PC-1 ... PC-16): Easy's player. It plays by a
few simple rules, looks only at the trick on the table (no memory of the
cards played, no reading of the partner's signals) and bids by counting its
high cards. Not a good player with random blunders: a new player's game.

- Passing (PC-2): its lowest card each time (keep the good ones).
- Showing (PC-3): its highest card.
- Bid (PC-10): the tricks it has won, plus one for each queen or better
  and each club ten or better, never a nil; the nearest legal bid.
- Play: it wants tricks until it has made its bid (before bidding, always).
  Wanting one, it leads its highest card outside clubs and follows with
  the lowest card of the suit led that beats the suit's highest card so
  far, else its lowest (its lowest when the partner's card is the
  highest); void, its highest club. Bid made, it plays its
  lowest card. It ignores the partnership sums (PC-7), Negative Ones and
  Adams.
"""

from cardgames.clubs import (
    BID0,
    NO_BID,
    PH_BID,
    PH_PASS_HEARTS,
    PH_PASS_PARTNER,
    PH_SHOW,
    PH_TAKE,
    TAKE_PARTNER,
    TAKE_SELF,
)
from players.heuristic import Heuristic


def _rank(c):
    return c % 13


def _worth(c):
    # A beginner's sense of a card: its rank, clubs a little more.
    return c % 13 + (3 if c < 13 else 0)


class ClubsBeginner(Heuristic):
    """Beginner Clubs player (deterministic; ``choose`` as players.heuristic's)."""

    def _choose(self, obs, legal):
        # The beginner's choice of two or more ``legal`` for ``obs`` (a
        # clubs.Observation).
        ph = obs.phase
        if ph == PH_PASS_HEARTS or ph == PH_PASS_PARTNER:
            return min(legal, key=_worth)
        if ph == PH_SHOW:
            return max(legal, key=_worth)
        if ph == PH_BID:
            return _bid(obs, legal)
        if ph == PH_TAKE:
            # Keep the trick unless it would put this seat over its bid.
            me = obs.seat
            b = obs.bids[me]
            return TAKE_PARTNER if b != NO_BID and obs.won[me] >= b else TAKE_SELF
        return _play(obs, legal)


def _bid(obs, legal):
    n = obs.won[obs.seat]
    for c in obs.hand:
        r = c % 13
        if r >= 10 or (c < 13 and r >= 8):
            n += 1
    if n < 1:
        n = 1
    best = legal[0]
    best_d = 99
    for a in legal:
        k = a - BID0
        if k == 0 and len(legal) > 1:
            continue
        d = k - n if k >= n else n - k
        if d < best_d:
            best_d = d
            best = a
    return best


def _play(obs, legal):
    me = obs.seat
    b = obs.bids[me]
    want = b == NO_BID or obs.won[me] < b
    trick = obs.trick
    if not want:
        return min(legal, key=_rank)
    if not trick:
        plain = [c for c in legal if c >= 13]
        return max(plain or legal, key=_rank)
    led = trick[0] // 13
    top = -1
    top_i = 0
    for i in range(len(trick)):
        c = trick[i]
        if c // 13 == led and c > top:
            top = c
            top_i = i
    if len(trick) - top_i == 2:
        # The partner's card is the highest: no need to beat it.
        return min(legal, key=_rank)
    follow = [c for c in legal if c // 13 == led]
    if follow:
        over = [c for c in follow if c > top]
        return min(over or follow, key=_rank)
    clubs = [c for c in legal if c < 13]
    if clubs:
        return max(clubs)
    return min(legal, key=_rank)
