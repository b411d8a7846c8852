"""A heuristic Clubbed player (RULES.md CB-1 ... CB-12), deciding from the
seat's observation (CB-11) only.

Each legal action gets a score in hundredths of a card (ints only: the Pico
has no cheap floats) that estimates how it moves the final difference in
collected cards, and the best score is played:

- shedding a card is worth +100 (cards left in hand are collected, CB-9);
- clubbing a pile of P cards gives the opponent P + 1 cards (CB-5), but spends
  a club, which is worth keeping for a bigger pile while the stock is long;
- a non-club that grows the pile risks being clubbed back, by the chance that
  the opponent holds a club among the cards this seat cannot see;
- among safe plays, prefer the card fewest unseen cards can match (deny
  matches, so the opponent must draw or spend a club).
"""

from cardgames.clubbed import DRAW
from players.heuristic import Heuristic

CLUBS = 0
# The weights of the scores, in this order (see ``_choose``; no names for
# the indices: every module-level name costs interned-string heap on the
# Pico): below ``short`` cards in the stock a club is worth ``keep_short``
# kept, else ``keep_base`` + ``keep_card`` per stock card; drawing scores
# ``draw``; clubbing gains ``pw`` per pile card; ``risk`` weighs the chance
# of being clubbed back, ``mw`` the unseen cards that match a card played
# (above 0: players/clubbed/kit.py picks the least-matched card first).
PARAMS = (8, 300, 400, 10, -100, 100, 15, 6)


class ClubbedHeuristic(Heuristic):
    """Heuristic Clubbed player (``seed`` unused, see ``Heuristic``);
    ``par``: its weights (PARAMS, in the order given there)."""

    def __init__(self, seed=0, par=PARAMS):
        Heuristic.__init__(self, seed)
        self.par = par

    def _choose(self, obs, legal):
        # Two or more choices for ``obs`` (a clubbed.Observation).
        seen = bytearray(52)
        for c in obs.hand:
            seen[c] = 1
        for c in obs.pile:
            seen[c] = 1
        for coll in obs.collected:
            for c in coll:
                seen[c] = 1
        n_unseen = 0
        unseen_clubs = 0
        suit_n = bytearray(4)
        rank_n = bytearray(13)
        for c in range(52):
            if not seen[c]:
                n_unseen += 1
                suit_n[c // 13] += 1
                rank_n[c % 13] += 1
                if c < 13:
                    unseen_clubs += 1
        opp = obs.hand_sizes[1 - obs.seat]
        # Chance (percent) that the opponent holds at least one club, roughly
        # the expected number of clubs in its hand, capped at 1.
        p_club = 0
        if n_unseen:
            p_club = min(100, 100 * opp * unseen_clubs // n_unseen)
        pile = len(obs.pile)
        # What a club in hand is worth keeping: a long stock means bigger piles
        # to come; with no stock left, a held club is just a card collected.
        short, keep_short, keep_base, keep_card, draw, pw, risk, mw = self.par
        if obs.stock_size == 0:
            keep = 0
        elif obs.stock_size < short:
            keep = keep_short
        else:
            keep = keep_base + keep_card * obs.stock_size
        best = legal[0]
        best_score = -1000000
        for a in legal:
            if a == DRAW:
                score = draw
            elif a < 13:
                score = 100 + pw * (pile + 1) - keep
            else:
                # Matches the opponent could answer with, bar clubs.
                m = suit_n[a // 13] + rank_n[a % 13]
                # The risk weight (15%) and match weight were tuned against
                # the random player (tools/bench_clubbed.py): a full-weight
                # risk made the player too timid to build piles it can club.
                score = 100 - risk * p_club * (pile + 2) // 100 - mw * m
            if score > best_score:
                best_score = score
                best = a
        return best
