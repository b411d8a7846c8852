"""What the search player (players/search.py) needs to play Clubbed
(RULES.md CB-1 ... CB-12): worlds from ``clubbed.world``, a playout policy,
and the outcome of a played-out game.

Playouts run on ``Playout``, a compact copy of a Clubbed game made for
speed: each hand is a short list of cards, and the cards per suit and per
rank of each hand and of the stock are counts kept up to date; the pile is
its top card and its size, the collections are counts. A move touches a
handful of entries instead of scanning the 52-card ``loc`` table three or
four times (legal moves, refill, end of game) as the full game does, and
``playout`` plays a whole game out in one loop: a playout move costs
several times less on a Pico (tools/bench/bench_search.py), so Hard sees ten
worlds or more where it saw one or two.

Playout policy: the heuristic itself (players/clubbed/heuristic.py), both
seats: its scores read only counts of the cards a seat cannot see (the
other hand and the stock, as a whole), which the Playout keeps, so a
playout move costs no more than a cheap policy's. The searching seat plays
it with the PRIOR weights (also the search's prior), the other seat with
the heuristic's own. The search then judges each candidate by how the game
goes on from there: a rollout of the prior, which leaves it where the
worlds show a clear gain.
"""

from cardgames import clubbed
from cardgames.clubbed import DRAW, HAND_SIZE, L_HAND, NO_CARD
from players.clubbed import endgame as clubbed_endgame
from players.clubbed.heuristic import PARAMS, ClubbedHeuristic

# Playouts go to the end of the game (40 to 100 moves from the start): cut
# short, the cards collected so far misjudge the piles still to come, and
# the search played worse than the heuristic (tools/ai/arena.py).
MAX_MOVES = 200
# ``Playout.cnt``: per holder (seat 0 at 0, seat 1 at CNT, the stock at S)
# its cards per suit ([0..3], clubs at 0) and per rank ([4..16]); from
# S + CNT on, ``playout``'s own counts (see there).
CNT = 17
S = 2 * CNT
PRUNE = True  # see players/search.py
WIN = 10  # a won game is worth this many collected cards more than its margin
# The searching seat's own weights (clubbed_heuristic.PARAMS' order): the
# search's prior and its seat's moves in the playouts; the other seat plays
# the heuristic's PARAMS there. Tuned against the heuristic
# (tools/ai/tune_clubbed_prior.py, seeds 10000 on): the heuristic keeps its
# clubs too long and draws too rarely.
PRIOR = (6, 300, 300, 10, 0, 100, 15, 6)
# The search's test (players/search.py ``best``), stricter than the default:
# z = 2.2, about 99% one-sided. The prior is strong, and on about a dozen
# worlds the edges that pass a looser test are mostly noise (tools/ai/arena.py,
# tuning seeds 6000: 59.7% at Z2 = 2, 63.0% at 5, 62.2% at 9).
Z2 = 5
# Expert's test (see ``expert``): z = 1.7, looser than Hard's, since its
# thirty-odd worlds a decision (more with PLAYOUT_NODES' cheaper solves) let
# smaller edges through clear of the noise. With EXPERT_WIN 25 and
# PLAYOUT_NODES 300 (set together, tuning pairs 40000-41999 against Hard:
# +2.4 points paired over 2,000 pairs, se 0.7; docs/clubbed_ai.md).
EXPERT_Z2 = 3
# Expert's bonus for a won game (``expert_value``): winning, not only the
# margin, is what counts against a player as good (tools/ai/arena.py expert
# vs hard, 200 tuning pairs from 30000: 50.8% at 10, 54.1% at 50); 25 with
# the looser test (above): the margin still breaks near-ties between wins.
EXPERT_WIN = 25
# Nodes (moves made) per endgame solve (``solve``): past it the search
# decides as before. See docs/clubbed_ai.md ("The endgame solver") for the
# device figures it is set from.
SOLVE_NODES = 600
# Expert's playouts (``expert_playout``): solved exactly from this many
# stock cards on, at most PLAYOUT_NODES nodes each; a node counts as
# NODE_MOVES playout moves in the budget (about 1.6 on MicroPython).
# 300, not 2000: the solves were 90% of Expert's budget; capped, the few
# long ones go to the policy and the budget to more worlds (see EXPERT_Z2).
SOLVE_STOCK = 2
PLAYOUT_NODES = 300
NODE_MOVES = 2


def prior(seed=0):
    """The search's prior: the heuristic with the PRIOR weights."""
    return ClubbedHeuristic(seed, PRIOR)


class Playout:
    """A Clubbed position for playouts only (CB-1 ... CB-10 without the
    observation bookkeeping of CB-11): ``hands`` (bytearray(104), seat s's
    ``nh[s]`` cards at 52 * s, in no order), ``cnt`` (see CNT), ``stock``
    (bottom to top, ``n_stock`` cards), ``top`` (top pile card or NO_CARD)
    and ``n_pile``, ``coll`` (cards collected per seat), ``_to_move``,
    ``over``, ``refill`` (CB-8), ``par`` (per seat, the weights its moves
    follow: clubbed_heuristic.PARAMS' order). ``full``: a Clubbed that
    ``world`` deals into first (allocated once)."""

    def __init__(self):
        self.hands = bytearray(104)
        self.nh = bytearray(2)
        self.cnt = bytearray(5 * CNT)
        self.stock = bytearray(52)
        self.n_stock = 0
        self.top = NO_CARD
        self.n_pile = 0
        self.coll = bytearray(2)
        self._to_move = 0
        self.over = False
        self.refill = True
        self.par = [PARAMS, PARAMS]
        self.full = None

    def copy(self, into):
        """Overwrite ``into`` (a Playout) with this position; allocates nothing."""
        into.hands[:] = self.hands
        into.nh[:] = self.nh
        into.cnt[:] = self.cnt
        into.stock[:] = self.stock
        into.n_stock = self.n_stock
        into.top = self.top
        into.n_pile = self.n_pile
        into.coll[:] = self.coll
        into._to_move = self._to_move
        into.over = self.over
        into.refill = self.refill
        into.par[0] = self.par[0]
        into.par[1] = self.par[1]
        return into

    def load(self, g):
        """This position from ``g`` (a Clubbed in play)."""
        self.nh[0] = 0
        self.nh[1] = 0
        cnt = self.cnt
        for i in range(3 * CNT):
            cnt[i] = 0
        loc = g.loc
        for c in range(52):
            v = loc[c] - L_HAND
            if v == 0 or v == 1:
                self._add(v, c)
        self.stock[:] = g.stock
        self.n_stock = g.n_stock
        for i in range(g.n_stock):
            c = g.stock[i]
            cnt[S + c // 13] += 1
            cnt[S + 4 + c % 13] += 1
        self.n_pile = g.n_pile
        self.top = g.top()
        self.coll[0] = g.collected(0)
        self.coll[1] = g.collected(1)
        self._to_move = g._to_move
        self.over = g.over
        self.refill = g.refill
        return self

    def _add(self, p, c):
        # Card c into seat p's hand.
        n = self.nh[p]
        self.hands[52 * p + n] = c
        self.nh[p] = n + 1
        b = CNT * p
        self.cnt[b + c // 13] += 1
        self.cnt[b + 4 + c % 13] += 1

    def _draw(self, p):
        # The top stock card into seat p's hand.
        self.n_stock -= 1
        c = self.stock[self.n_stock]
        self.cnt[S + c // 13] -= 1
        self.cnt[S + 4 + c % 13] -= 1
        self._add(p, c)

    def _apply(self, a):
        """Play ``a`` (a card in the mover's hand, or DRAW with stock left;
        not checked: playouts only make legal moves), CB-3 ... CB-9."""
        p = self._to_move
        if a == DRAW:
            # CB-4 / CB-6: one card, the same seat chooses again.
            self._draw(p)
            self._end()
            return
        hands = self.hands
        b = 52 * p
        n = self.nh[p] - 1
        for i in range(b, b + n):
            if hands[i] == a:
                hands[i] = hands[b + n]
                break
        self.nh[p] = n
        b = CNT * p
        self.cnt[b + a // 13] -= 1
        self.cnt[b + 4 + a % 13] -= 1
        if a < 13:
            # CB-5 / CB-6 / CB-7: the other seat collects the pile and the club.
            self.coll[1 - p] += self.n_pile + 1
            self.n_pile = 0
            self.top = NO_CARD
        else:
            self.n_pile += 1
            self.top = a
        if n == 0 and self.refill and self.n_stock:
            # CB-8: an emptied hand draws up to 5 at once.
            for _ in range(HAND_SIZE if self.n_stock > HAND_SIZE else self.n_stock):
                self._draw(p)
        self._to_move = 1 - p
        self._end()

    def _end(self):
        # CB-9: over when the stock is empty and the seat to move cannot move
        # (an empty hand, or facing a non-club top with no match and no club).
        if self.n_stock:
            return
        p = self._to_move
        n = self.nh[p]
        if n:
            t = self.top
            if t == NO_CARD or t < 13:
                return
            b = CNT * p
            if self.cnt[b] or self.cnt[b + t // 13] or self.cnt[b + 4 + t % 13]:
                return
        # CB-9: the cards left in hand are collected.
        self.coll[0] += self.nh[0]
        self.coll[1] += self.nh[1]
        self.over = True


def searchable(obs):
    """Every Clubbed decision is searched."""
    return obs.to_move is not None


def worth(obs, legal, a, prior):
    """Every legal action is searched but for the clubs: one club stands for
    all (the prior if it is a club, else the lowest club in ``legal``). Any
    club clubs the same pile (CB-5, CB-6) and every card collected counts
    one (CB-10): which club is kept barely matters, and each candidate cut
    leaves its playouts to more worlds (in nearly half the decisions two clubs or
    more are legal)."""
    if a < 13:
        if prior < 13:
            return False
        for c in legal:
            if c < a:
                return False
    return True


def world(obs, rng, g):
    """``clubbed.world`` (the hidden cards dealt consistently with ``obs``)
    into ``g.full``, then loaded into ``g`` (a Playout); the seat of ``obs``
    plays the PRIOR weights there, the other the heuristic's."""
    return _world(obs, rng, g, PARAMS)


def _world(obs, rng, g, other):
    # ``world`` with the other seat playing the weights ``other``.
    if g.full is None:
        g.full = clubbed.Clubbed(None)
    g.par[obs.seat] = PRIOR
    g.par[1 - obs.seat] = other
    return g.load(clubbed.world(obs, rng, g.full))


def expert_world(obs, rng, g):
    """``world``, but the other seat plays the PRIOR weights too (Expert's
    worlds: see ``expert``), and when its last move shows it held no club
    (``no_club``) the deal is made again, up to ``TRIES`` times, until its
    hand holds none."""
    _world(obs, rng, g, PRIOR)
    if no_club(obs):
        o = CNT * (1 - obs.seat)
        for _ in range(TRIES - 1):
            if not g.cnt[o]:
                break
            _world(obs, rng, g, PRIOR)
    return g


# Deals at most per Expert world (``expert_world``).
TRIES = 8


def no_club(obs):
    """True when the other seat's last move says it holds no club: it played
    a non-club on a pile of ``P`` cards (the card now on top; any later move
    of its own would have passed the turn back) where a club would have
    clubbed me with all of them (CB-5) and, by both the heuristic's weights
    and the PRIOR, been its choice whatever its other cards: ``pw`` per
    pile card at least what keeping the club is worth. It has not drawn
    since. A search player may keep a club the heuristic would play, so
    this is taken as a strong preference, not a rule. Not told: after a
    draw of mine facing that card (the stock it saw was longer: its club
    was worth more kept), nor when its hand may have been refilled since
    (CB-8: 5 cards, or the stock emptied)."""
    pile = obs.pile
    n = len(pile) - 1  # the pile it played on
    if n < 1 or pile[n - 1] < 13:  # an empty pile, or a club starter (CB-6, CB-7)
        return False
    s = obs.stock_size
    if obs.drew_against[obs.seat] == pile[n]:
        return False
    if obs.refill and (s == 0 or obs.hand_sizes[1 - obs.seat] == HAND_SIZE):
        return False
    for par in (PARAMS, PRIOR):
        short, keep_short, keep_base, keep_card, _draw, pw, _risk, _mw = par
        keep = 0 if s == 0 else (keep_short if s < short else keep_base + keep_card * s)
        if pw * (n + 1) < keep:
            return False
    return True


_solver = [None]  # one clubbed_endgame.Solver, made at the first endgame
# Per decision handed to ``solve``: solved, solved to another move than the
# prior's, cut by the node cap (for tools and docs/clubbed_ai.md's figures).
solve_stats = [0, 0, 0]


def solve(obs, legal, prior):
    """Hard's (and Normal's) endgame (players/search.py's ``solve`` hook):
    once the stock is empty the other hand is known (CB-11, CB-12), and the
    move is the exact solver's (players/clubbed/endgame.py, the kit's
    ``value`` with ``WIN``), ``prior`` kept when as good. None (search as
    before) with stock left, or when the solve passes ``SOLVE_NODES``."""
    return _solve(obs, prior, WIN)


def expert_solve(obs, legal, prior):
    """Expert's ``solve``: the same with ``EXPERT_WIN`` (``expert_value``)."""
    return _solve(obs, prior, EXPERT_WIN)


def _solve(obs, prior, win):
    if obs.stock_size:
        return None
    s = _solver[0]
    if s is None:
        s = _solver[0] = clubbed_endgame.Solver()
    s.load_obs(obs)
    if s.solve(SOLVE_NODES, win, prior) != clubbed_endgame.SOLVED:
        solve_stats[2] += 1
        return None
    solve_stats[0] += 1
    a = s.move
    if a < 13 and prior < 13:
        return prior  # one club stands for all (CB-5): keep the prior's
    if a != prior:
        solve_stats[1] += 1
    return a


class _Kit:
    # A kit as an object (players/search.py reads its attributes).
    pass


def expert():
    """Expert's kit (players/levels.py): this one, but in its playouts the
    other seat plays as well as the searching one (the PRIOR weights), not
    as the heuristic. Against the heuristic that is the wrong model, and
    Hard (ten worlds, a strict test) gains by the right one; with ten times
    the worlds, its test passes on small edges, and edges that exploit the
    heuristic's habits cost it against a player that has not got them
    (tools/ai/arena.py, tuning seeds: see docs/clubbed_ai.md). Its worlds
    are ``expert_world``'s, its outcome ``expert_value``: with a hundred
    worlds it learns to save cards, and a card saved in a game it loses
    anyway is worth little against an equal player."""
    k = _Kit()
    k.MAX_MOVES = MAX_MOVES
    k.PRUNE = PRUNE
    k.Z2 = EXPERT_Z2
    k.searchable = searchable
    k.worth = worth
    k.world = expert_world
    k.new_game = new_game
    k.done = done
    k.policy = policy
    k.playout = expert_playout
    k.value = expert_value
    k.solve = expert_solve
    return k


def new_game():
    """An empty Playout for ``world`` and the playouts to fill."""
    return Playout()


def done(g):
    """True once the game is over (CB-9)."""
    return g.over


def policy(g, rng):
    """The playout move of the seat to move in ``g``: the heuristic's
    (players/clubbed/heuristic.py) with that seat's weights (``g.par``),
    from the same counts of the cards that seat cannot see (the other hand
    and the stock: ``Playout.cnt``), ties to the lowest card as there.
    Playouts thus play the game on as the heuristic would, for both seats."""
    p = g._to_move
    short, keep_short, keep_base, keep_card, draw, pw, risk, mw = g.par[p]
    o = CNT - CNT * p
    cnt = g.cnt
    t = g.top
    free = t == NO_CARD or t < 13  # CB-6 / CB-7: any card may be played
    ts = t // 13
    tr = t % 13
    pile = g.n_pile
    stock = g.n_stock
    # The lowest club, and the non-club the unseen cards can match least.
    club = NO_CARD
    best = NO_CARD
    best_m = 1000
    matched = False  # a club of the top's rank matches it (CB-2): no drawing
    hands = g.hands
    b = 52 * p
    for i in range(b, b + g.nh[p]):
        c = hands[i]
        if c < 13:
            if c < club:
                club = c
            if c == tr and not free:
                matched = True
        elif free or c // 13 == ts or c % 13 == tr:
            m = cnt[o + c // 13] + cnt[S + c // 13] + cnt[o + 4 + c % 13] + cnt[S + 4 + c % 13]
            if m < best_m or (m == best_m and c < best):
                best_m = m
                best = c
    if club == NO_CARD:
        return DRAW if best == NO_CARD else best
    if best != NO_CARD:
        score = 100 - mw * best_m
        unseen = g.nh[1 - p] + stock
        if unseen:
            pc = 100 * g.nh[1 - p] * (cnt[o] + cnt[S]) // unseen
            score -= risk * (pc if pc < 100 else 100) * (pile + 2) // 100
    elif stock and not matched and (not free or t == NO_CARD):
        score = draw  # drawing (CB-4, CB-6; never on a club starter, CB-7)
    else:
        score = -1000000
    keep = 0 if stock == 0 else (keep_short if stock < short else keep_base + keep_card * stock)
    if 100 + pw * (pile + 1) - keep >= score:
        return club
    return DRAW if best == NO_CARD else best


def playout(g, rng, until=-1):
    """Play ``g`` (a Playout) out to the end of the game, at most
    ``MAX_MOVES`` moves, with the playout policy; returns the moves made.
    ``until``: stop as well once the stock holds that many cards or fewer
    (``expert_playout`` solves the rest).
    The same moves as ``policy`` and ``Playout._apply`` in turn, in one
    loop over locals: a Pico spends most of a playout on calls and
    attribute look-ups otherwise. Speed: the loop keeps, per seat, the
    counts of the cards that seat cannot see (in ``g.cnt`` from S + CNT, CNT
    entries a seat: its ``cnt[o] + cnt[S]``), so a card's score reads two
    counts and a move updates two; the holders' counts are left as they
    were (``g`` is a scratch copy: only ``coll``, ``over`` and the hands are
    read after it)."""
    hands = g.hands
    nh = g.nh
    cnt = g.cnt
    U = S + CNT  # a local: a module-level name would cost heap on the Pico
    for i in range(CNT):
        cnt[U + i] = cnt[CNT + i] + cnt[S + i]
        cnt[U + CNT + i] = cnt[i] + cnt[S + i]
    stock = g.stock
    coll = g.coll
    refill = g.refill
    par = g.par
    n_stock = g.n_stock
    t = g.top
    pile = g.n_pile
    p = g._to_move
    over = g.over
    k = 0
    while not over and n_stock > until:
        # The policy (see ``policy``); ``up``: seat p's unseen counts.
        up = U + CNT * p
        b = 52 * p
        free = t == NO_CARD or t < 13
        ts = t // 13
        tr = t % 13
        club = NO_CARD
        best = NO_CARD
        best_m = 1000
        matched = False
        bi = 0
        ci = 0
        for i in range(b, b + nh[p]):
            c = hands[i]
            if c < 13:
                if c < club:
                    club = c
                    ci = i
                if c == tr and not free:
                    matched = True
            else:
                cs = c // 13
                cr = c - 13 * cs
                if free or cs == ts or cr == tr:
                    m = cnt[up + cs] + cnt[up + 4 + cr]
                    if m < best_m or (m == best_m and c < best):
                        best_m = m
                        best = c
                        bi = i
        if club == NO_CARD and best == NO_CARD and n_stock == 0:
            # CB-9: the stock is empty and the seat to move cannot move (an
            # empty hand, or no match and no club): the hands are collected.
            coll[0] += nh[0]
            coll[1] += nh[1]
            over = True
            break
        if k == MAX_MOVES:
            break
        k += 1
        a = best
        if club != NO_CARD:
            short, keep_short, keep_base, keep_card, draw, pw, risk, mw = par[p]
            if best != NO_CARD:
                score = 100 - mw * best_m
                unseen = nh[1 - p] + n_stock
                if unseen:
                    pc = 100 * nh[1 - p] * cnt[up] // unseen
                    score -= risk * (pc if pc < 100 else 100) * (pile + 2) // 100
            elif n_stock and not matched and (not free or t == NO_CARD):
                score = draw
            else:
                score = -1000000
            keep = 0 if n_stock == 0 else (keep_short if n_stock < short
                                           else keep_base + keep_card * n_stock)
            if 100 + pw * (pile + 1) - keep >= score:
                a = club
                bi = ci
            elif best == NO_CARD:
                a = DRAW
        elif best == NO_CARD:
            a = DRAW
        # The move (see ``Playout._apply``).
        if a == DRAW:
            # The card leaves the stock: seat p sees it now.
            n_stock -= 1
            c = stock[n_stock]
            n = nh[p]
            hands[b + n] = c
            nh[p] = n + 1
            cs = c // 13
            cnt[up + cs] -= 1
            cnt[up + 4 + c - 13 * cs] -= 1
        else:
            # The card leaves seat p's hand: the other seat sees it now.
            n = nh[p] - 1
            hands[bi] = hands[b + n]
            nh[p] = n
            uo = U + U + CNT - up
            cs = a // 13
            cnt[uo + cs] -= 1
            cnt[uo + 4 + a - 13 * cs] -= 1
            if a < 13:
                coll[1 - p] += pile + 1
                pile = 0
                t = NO_CARD
            else:
                pile += 1
                t = a
            if n == 0 and refill and n_stock:
                # CB-8: an emptied hand draws up to 5 at once.
                for _ in range(HAND_SIZE if n_stock > HAND_SIZE else n_stock):
                    n_stock -= 1
                    c = stock[n_stock]
                    hands[b + n] = c
                    n += 1
                    cs = c // 13
                    cnt[up + cs] -= 1
                    cnt[up + 4 + c - 13 * cs] -= 1
                nh[p] = n
            p = 1 - p
    g.n_stock = n_stock
    g.top = t
    g.n_pile = pile
    g._to_move = p
    g.over = over
    return k


def _recount(g):
    # g.cnt's holder counts anew from the hands and the stock (``playout``
    # leaves them stale).
    cnt = g.cnt
    for i in range(3 * CNT):
        cnt[i] = 0
    for p in (0, 1):
        b = CNT * p
        for i in range(52 * p, 52 * p + g.nh[p]):
            c = g.hands[i]
            cnt[b + c // 13] += 1
            cnt[b + 4 + c % 13] += 1
    for i in range(g.n_stock):
        c = g.stock[i]
        cnt[S + c // 13] += 1
        cnt[S + 4 + c % 13] += 1


def expert_playout(g, rng):
    """Expert's playout: the policy's (``playout``) until the stock holds
    ``SOLVE_STOCK`` cards or fewer, then the rest of the game played exactly
    (players/clubbed/endgame.py, ``EXPERT_WIN``: in a world the stock's
    order is known, CB-4 draws and CB-8 refills are moves like any other),
    at most ``PLAYOUT_NODES`` nodes, else the policy's to the end. The
    solved outcome is written into ``g`` as a finished game with the same
    margin for the seat to move (``coll``, ``over``): ``expert_value``
    reads it. Returns the moves made plus ``NODE_MOVES`` per solver node
    (what the budget counts)."""
    k = playout(g, rng, SOLVE_STOCK)
    if g.over or k >= MAX_MOVES:
        return k
    s = _solver[0]
    if s is None:
        s = _solver[0] = clubbed_endgame.Solver()
    s.load_playout(g)
    if s.solve(PLAYOUT_NODES, EXPERT_WIN) == clubbed_endgame.SOLVED:
        v = s.value
        d = v - EXPERT_WIN if v > 0 else (v + EXPERT_WIN if v < 0 else 0)
        q = s.to_move
        g.coll[q] = 0 if d >= 0 else -d
        g.coll[1 - q] = d if d >= 0 else 0
        g.over = True
        return k + NODE_MOVES * s.nodes
    _recount(g)
    return k + NODE_MOVES * s.nodes + playout(g, rng)


def value(g, seat):
    """Outcome for ``seat``: the other's collected cards minus its own
    (CB-10); at the end of the game ``WIN`` more for a win (less for a loss)."""
    d = g.coll[1 - seat] - g.coll[seat]
    if g.over and d:
        return d + WIN if d > 0 else d - WIN
    return d


def expert_value(g, seat):
    """Expert's outcome for ``seat``: ``value`` with ``EXPERT_WIN`` for a
    won game instead of ``WIN`` (CB-10)."""
    d = g.coll[1 - seat] - g.coll[seat]
    if g.over and d:
        return d + EXPERT_WIN if d > 0 else d - EXPERT_WIN
    return d
