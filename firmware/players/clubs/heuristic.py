"""A heuristic Clubs player (RULES.md PC-1 ... PC-16), deciding from the seat's
observation (PC-16) only. Integer arithmetic only; scores are in hundredths
of a point.

- Plan: a hand whose estimated trick-taking strength is low goes for the nil
  (+5 for never winning a trick, PC-13); a strong hand goes for tricks and
  bids them. The plan is signalled by the shown card (PC-3): a taker shows its
  highest club, a nil hand its lowest non-club, and partners read that.
- Passing (PC-2): a taker gives its partner a low card (a 2 feeds the nil
  partner's Negative Ones), a nil hand gives its partner its best card; the
  Hearts pass to an opponent gets rid of the card this seat wants least.
- Bid (PC-10): the tricks won so far plus 1.6 times the strength of the
  cards left (measured over heuristic games: a seat playing for tricks takes
  more than its cards' share), at least 1 (a nil after a trick won is a sure
  -5), never the bid that makes the total 13 (then one lower, else higher:
  bidding one trick too few costs 2 points, one too many the whole bid).
- Play: every legal card is scored by the trick's outcome under a few
  scenarios for the seats still to play (high or low cards they may hold, by
  the voids shown and the cards known to be elsewhere): who takes it and what
  that is worth to each seat's bid or nil (team-aware: feed the partner's sum,
  stay under the partner when it wants the trick), Adams pulled or collected
  (PC-12), Negative Ones dumped when void (PC-11), and how much the card is
  worth keeping.
"""

from cardgames.clubs import (
    ACE_CLUBS,
    BID0,
    KING_CLUBS,
    NO_BID,
    NO_CARD,
    PASS_ACROSS,
    PASS_NONE,
    PASS_OFFSET,
    PH_BID,
    PH_PASS_HEARTS,
    PH_PASS_PARTNER,
    PH_SHOW,
    PH_TAKE,
    TAKE_PARTNER,
    TAKE_SELF,
    adam_seats,
    is_negative_one,
    trick_taker,
)
from players.heuristic import Heuristic

# Chance in percent that a card takes a trick, by rank 2..A: clubs (they
# are worth 3 more and beat a partner's non-club for the taking, PC-9), then
# the other suits.
CLUB_WEIGHT = (6, 6, 8, 10, 12, 16, 22, 30, 40, 52, 66, 80, 92)
SUIT_WEIGHT = (0, 0, 1, 1, 2, 3, 4, 6, 9, 14, 22, 33, 48)

# Strength (hundredths of tricks) from which a hand plays for tricks.
TAKER_STRENGTH = 260
# The strength of the cards left, in hundredths of tricks, counts this many
# tenths of a trick (a seat playing for tricks takes more than its cards'
# share, measured over heuristic games), less a shade (in hundredths).
BID_SCALE = 16
BID_SHADE = 0

NIL_LOSS = 550  # what losing a planned nil costs a seat
WANT_GAIN = 150  # what a needed trick is worth
OVER_LOSS = 110  # what a trick past the bid costs
ADAM = 500  # PC-14: one Adam gives the opponents 5
TRUE_ADAM_MORE = 800  # a True Adam gives 13 instead of 10
NEG_ONE = 200  # PC-13: +2 per Negative One
KEEP = 2  # weight of a card's own strength when spending or shedding it
MADE = 4  # the trick that makes a bid of b is worth min(b + 1, MADE) points
# The weights above in one tuple, in this order (``ClubsHeuristic``'s
# ``par``; players/clubs/kit.py's PRIOR is a tuned one): TAKER_STRENGTH,
# BID_SCALE, BID_SHADE, NIL_LOSS, WANT_GAIN, OVER_LOSS, ADAM, TRUE_ADAM_MORE,
# NEG_ONE, KEEP, MADE.
PARAMS = (TAKER_STRENGTH, BID_SCALE, BID_SHADE, NIL_LOSS, WANT_GAIN, OVER_LOSS, ADAM,
          TRUE_ADAM_MORE, NEG_ONE, KEEP, MADE)


def weight(c):
    """Chance in percent that card ``c`` takes a trick."""
    return CLUB_WEIGHT[c] if c < 13 else SUIT_WEIGHT[c % 13]


# Scratch of ``strength`` (cards per suit): it runs for every scenario of a
# play decision, so it allocates nothing.
_suit_counts = bytearray(4)


def strength(hand):
    """Estimated tricks the hand takes, in hundredths."""
    n = 0
    counts = _suit_counts
    counts[0] = counts[1] = counts[2] = counts[3] = 0
    for c in hand:
        n += weight(c)
        counts[c // 13] += 1
    # Length in a non-club suit keeps its high cards following suit.
    for s in (1, 2, 3):
        if counts[s] >= 5:
            n += 10 * (counts[s] - 4)
    # Clubs beat the partner's cards for the taking; many clubs, many tricks.
    if counts[0] >= 4:
        n += 15 * (counts[0] - 3)
    return n


def shows_taker(c):
    """Whether a shown card signals a hand playing for tricks (see ``_show``)."""
    return c != NO_CARD and c < 13 and c % 13 >= 8


class ClubsHeuristic(Heuristic):
    """Heuristic Clubs player (``seed`` unused, see ``Heuristic``); ``par``:
    its weights (PARAMS, in the order given there). ``scores``: None, or a
    list of 52 where each play decision leaves every legal card's score
    (players/clubs/kit.py ranks the search's candidates by them)."""

    scores = None

    def __init__(self, seed=0, par=PARAMS):
        Heuristic.__init__(self, seed)
        self.par = par

    def _choose(self, obs, legal):
        # Two or more choices for ``obs`` (a clubs.Observation).
        ph = obs.phase
        if ph == PH_PASS_HEARTS or ph == PH_PASS_PARTNER:
            return self._pass(obs, legal)
        if ph == PH_SHOW:
            return self._show(obs, legal)
        if ph == PH_BID:
            return self._bid(obs, legal)
        if ph == PH_TAKE:
            me = obs.seat
            part = (me + 2) % 4
            v_me = _take_value(obs, me, me, self.par)
            v_part = _take_value(obs, part, me, self.par)
            return TAKE_SELF if v_me >= v_part else TAKE_PARTNER
        return self._play(obs, legal)

    # --- before the play -----------------------------------------------------------

    def _pass(self, obs, legal):
        hand = [c for c in legal]
        taker = strength(obs.hand) >= self.par[0]
        to_partner = obs.phase == PH_PASS_PARTNER or obs.pass_dir == PASS_ACROSS
        if to_partner:
            if taker:
                # A low card, a non-club 2 first (the nil partner's Negative One).
                return min(hand, key=_low_key)
            return max(hand, key=weight_key)
        # To an opponent: a taker sheds a useless middle card (keeping its 2s
        # and its high cards); a nil hand its most dangerous card.
        if taker:
            return min(hand, key=_useless_key)
        return max(hand, key=_danger_key)

    def _show(self, obs, legal):
        if strength(obs.hand) >= self.par[0]:
            clubs = [c for c in legal if c < 13]
            if clubs and shows_taker(max(clubs)):
                return max(clubs)
        non_clubs = [c for c in legal if c >= 13 and c % 13 < 8]
        if non_clubs:
            return min(non_clubs, key=_rank)
        return min(legal, key=lambda c: c % 13 if c >= 13 else c + 20)

    def _bid(self, obs, legal):
        # PC-10: tricks won so far plus the expected rest, shaded down.
        par = self.par
        expect = 100 * obs.won[obs.seat] + strength(obs.hand) * par[1] // 10 - par[2]
        want = max(1, expect // 100)
        best = legal[0]
        best_d = 1000
        for a in legal:
            n = a - BID0
            if n == 0 and len(legal) > 1:
                continue  # a bid after a trick won: nil would fail for sure
            # Prefer the wanted bid, else one lower, else higher.
            d = (want - n) * 2 if n <= want else (n - want) * 3
            if d < best_d:
                best_d = d
                best = a
        return best

    # --- the play --------------------------------------------------------------------

    def _play(self, obs, legal):
        me = obs.seat
        trick = obs.trick
        lead = obs.trick_leader
        pos = len(trick)
        owner = _known_owners(obs)
        best = legal[0]
        best_u = -1000000000
        par = self.par
        taker_mode = _wants(obs, me, me, par) > 0
        neg_one = par[8]
        keep = par[9]
        scores = self.scores
        for c in legal:
            led = trick[0] // 13 if pos else c // 13
            u = 0
            if is_negative_one(c, led, pos):
                u += neg_one
            w = weight(c)
            u += -keep * w if taker_mode else keep * w
            if pos == 3:
                cs = _trick4
                cs[:3] = trick
                cs[3] = c
                u += _outcome(obs, cs, lead, me, par)
            else:
                u += _scenarios(obs, trick, lead, c, owner, par)
            if scores is not None:
                scores[c] = u
            if u > best_u:
                best_u = u
                best = c
        return best


def _rank(c):
    return c % 13


def weight_key(c):
    return weight(c) * 64 + c % 13


def _low_key(c):
    # Lowest first; a non-club 2 before anything else.
    if c >= 13 and c % 13 == 0:
        return -1
    return weight(c) * 16 + c % 13


def _useless_key(c):
    # Middle non-club cards are the least useful to a taker.
    r = c % 13
    if c < 13 or r == 0:
        return 100 + r
    return abs(r - 4) * 4 + weight(c)


def _danger_key(c):
    # For a nil hand: the cards that would take tricks, high clubs first.
    return weight(c) * 16 + (c % 13)


def _wants(obs, s, me, par):
    """+1 if seat ``s`` wants tricks now, -1 if it wants none, as far as
    ``me`` can tell (its bid, else its plan: mine from my hand, another's
    from the card it showed)."""
    b = obs.bids[s]
    if b != NO_BID:
        return 1 if obs.won[s] < b else -1
    if s == me:
        return 1 if strength(obs.hand) >= par[0] else -1
    return 1 if shows_taker(obs.shown[s]) else -1


def _take_value(obs, s, me, par):
    """What seat ``s`` taking the trick is worth to ``s`` (hundredths)."""
    b = obs.bids[s]
    w = obs.won[s]
    if b != NO_BID:
        if w < b:
            if w + 1 == b:
                return 100 * min(b + 1, par[10])
            return par[4]
        return -par[5]
    if _wants(obs, s, me, par) > 0:
        return par[4]
    return -par[3]


def _outcome(obs, cs, lead, me, par):
    """Value to ``me``'s team of the complete trick ``cs`` led by ``lead``."""
    t = trick_taker(cs, lead)  # resolve_trick as an int: no tuple per scenario
    team = t & 1
    my_team = me & 1
    if t >= 4:
        chooser = t - 4
        a = _take_value(obs, chooser, me, par)
        b = _take_value(obs, (chooser + 2) % 4, me, par)
        v = a if a >= b else b
    else:
        v = _take_value(obs, t, me, par)
    u = v if team == my_team else -v
    if _top_club(cs):  # else adam_seats is empty: skip its list
        for s in adam_seats(cs, lead, team):
            bad = par[6] if obs.adams[s] == 0 else par[7]
            u += -bad if s & 1 == my_team else bad
    return u


def _top_club(cs):
    for x in cs:
        if x == ACE_CLUBS or x == KING_CLUBS:
            return True
    return False


# Scratch of a play decision, reused (a decision weighs up to four
# scenarios per legal card): the owners of ``_known_owners``, the cards a
# scenario has placed (``_scenarios``, cleared after each) and the trick
# completed by a card and the picks.
_owners = bytearray(52)
_used = bytearray(52)
_trick4 = bytearray(4)


def _known_owners(obs):
    """bytearray(52) (a scratch buffer, rewritten by the next call): the
    seat known to hold each unplayed card not in my hand (shown, or passed
    by me), 4 if unknown, NO_CARD if played or mine."""
    own = _owners
    pb = obs.played_by
    for c in range(52):
        own[c] = NO_CARD if pb[c] != NO_CARD else 4
    for c in obs.hand:
        own[c] = NO_CARD
    for s in range(4):
        c = obs.shown_live[s]
        if c != NO_CARD and s != obs.seat:
            own[c] = s
    me = obs.seat
    h, p = obs.passed[0], obs.passed[1]
    if p != NO_CARD and own[p] == 4:
        own[p] = (me + 2) % 4
    if h != NO_CARD and own[h] == 4 and obs.pass_dir != PASS_NONE:
        own[h] = (me + PASS_OFFSET[obs.pass_dir]) % 4
    return own


def _pick(obs, owner, s, led, high, used):
    """A card seat ``s`` may hold for a scenario: its highest (``high``) or
    lowest card of the suit led, else, void, its highest club or lowest
    off-suit card. NO_CARD if it can hold nothing."""
    void = obs.voids[s]
    lo = 13 * led
    if not void & (1 << led):
        if high:
            for c in range(lo + 12, lo - 1, -1):
                o = owner[c]
                if (o == s or o == 4) and not used[c]:
                    return c
        else:
            for c in range(lo, lo + 13):
                o = owner[c]
                if (o == s or o == 4) and not used[c]:
                    return c
    # Void (or no card of the suit left for it).
    if high and not void & 1:
        for c in range(12, -1, -1):
            o = owner[c]
            if (o == s or o == 4) and not used[c]:
                return c
    best = NO_CARD
    for c in range(13, 52):
        o = owner[c]
        if (o == s or o == 4) and not used[c] and not void & (1 << (c // 13)) and c // 13 != led:
            if best == NO_CARD or c % 13 < best % 13:
                best = c
    if best == NO_CARD:
        for c in range(52):
            o = owner[c]
            if (o == s or o == 4) and not used[c]:
                return c
    return best


def _scenarios(obs, trick, lead, c, owner, par):
    """Average value of playing ``c`` over scenarios for the seats to come:
    the opponents high or low, the partner (if still to play) high or low."""
    me = obs.seat
    pos = len(trick)
    led = trick[0] // 13 if pos else c // 13
    # The seats still to play are (lead + i) % 4 for i in pos + 1 ... 3.
    part = (me + 2) % 4
    n_part = 2 if (part - lead) % 4 > pos else 1
    total = 0
    n = 0
    used = _used
    cs = _trick4
    for opp_high in (True, False):
        for ph in range(n_part):
            used[c] = 1
            cs[:pos] = trick
            cs[pos] = c
            ok = True
            for i in range(pos + 1, 4):
                s = (lead + i) % 4
                high = (ph == 0) if s == part else opp_high
                x = _pick(obs, owner, s, led, high, used)
                if x == NO_CARD:
                    ok = False
                    break
                used[x] = 1
                cs[i] = x
            # Back to all clear for the next scenario (c and the picks).
            for i in range(pos, 4):
                used[cs[i]] = 0
            if not ok:
                continue
            total += _outcome(obs, cs, lead, me, par)
            n += 1
    return total // n if n else 0
