"""A beginner's Clubbed player (RULES.md CB-1 ... CB-12), Easy's: it looks
at its own hand and the top of the pile only, never at what has gone by.

Its rules of thumb: a pile of three cards or more is clubbed at once; else
a card that matches the top is played, the highest (to get rid of big
cards); else a club if it has one; else it draws. It counts no cards, so it
gives piles away and clubs small ones where the heuristic would wait.
"""

from cardgames.clubbed import DRAW
from players.heuristic import Heuristic

CLUB_AT = 3  # a pile this size or more is clubbed when it can be


class ClubbedBeginner(Heuristic):
    """Easy's Clubbed player (``seed`` unused: it is deterministic)."""

    def _choose(self, obs, legal):
        # Two or more choices for ``obs`` (a clubbed.Observation).
        club = -1
        match = -1
        for a in legal:
            if a == DRAW:
                continue
            if a < 13:
                if club < 0:
                    club = a  # the lowest club
            elif match < 0 or a % 13 > match % 13:
                match = a
        if club >= 0 and len(obs.pile) >= CLUB_AT:
            return club
        if match >= 0:
            return match
        if club >= 0:
            return club
        return DRAW
