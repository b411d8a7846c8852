"""Exact play of a Clubbed position in which every card is known: alpha-beta
(negamax) over the rest of the game (RULES.md CB-3 ... CB-10).

Once the stock is empty (CB-9's condition), the cards a seat cannot see are
exactly the other seat's hand (CB-11, CB-12: everything else is in its own
hand, the discard pile or the collections, all public), so the rest of the
game is a game of perfect information and best play can be computed. In a
world the search dealt (players/search.py), the stock's order is fixed too,
so the same solver plays a world with a few stock cards left exactly (the
draws are moves like any other: CB-4, CB-6, CB-8's refill).

The value is the search kit's (players/clubbed/kit.py ``value``): the other
seat's collected cards minus the mover's at the end of the game (CB-9:
hands collected; CB-10), plus ``win`` for a won game (minus for a lost one).

Clubs: every club clubs the same pile (CB-5, CB-6) and counts one when
collected, so one club stands for all (the lowest). With an empty stock
that is exact: no top is ever a club there and no draw is possible, so
which club is kept changes nothing. With stock left, a club of the top's
rank forbids drawing (CB-3, CB-2), so the solver's value is then exact
over its own moves (lowest club only), as the search kit's candidates are.

Cost: no recursion (the tree is walked with per-ply arrays, at most
``MAX_PLY`` plies: a move takes a card from a hand or the stock), nothing
allocated per node, integers only, and at most ``cap`` nodes (moves made)
per solve: past it the solve gives up and says so, and the caller keeps
its own move. Buffers: about 3 KB, allocated once per ``Solver``.
"""

from cardgames.clubbed import DRAW, HAND_SIZE, NO_CARD

MAX_PLY = 64  # plies per solve (cards in hands plus twice the stock, at most)
WIDTH = 48  # moves per ply (a hand's non-clubs, one club, the draw)
INF = 1 << 20
# Solve outcomes (``Solver.solve``).
SOLVED = 1
CUT = 0  # the node cap was reached: no answer
TOO_DEEP = -1  # more plies or moves than the buffers hold: no answer


class Solver:
    """Alpha-beta over a fully known Clubbed position. Fill it with
    ``load_playout`` (a players.clubbed.kit.Playout, e.g. a world) or
    ``load_obs`` (an observation with an empty stock), then ``solve``.

    State: ``hands`` (bytearray(104): seat s's ``nh[s]`` cards at 52 * s),
    ``stock`` (bottom to top, ``n_stock`` cards), ``top`` (NO_CARD for an
    empty pile), ``n_pile``, ``coll`` (cards collected per seat),
    ``to_move``, ``refill`` (CB-8). After ``solve``: ``move`` (the best move
    at the root: a card int or DRAW), ``value`` (its value for the seat to
    move, in cards), ``nodes`` (moves made).
    """

    def __init__(self):
        self.hands = bytearray(104)
        self.nh = bytearray(2)
        self.stock = bytearray(52)
        self.n_stock = 0
        self.top = NO_CARD
        self.n_pile = 0
        self.coll = [0, 0]
        self.to_move = 0
        self.refill = True
        # Per ply: its moves (WIDTH a ply), how many, the next one to try.
        self._mv = bytearray(MAX_PLY * WIDTH)
        self._n = bytearray(MAX_PLY)
        self._i = bytearray(MAX_PLY)
        self._alpha = [0] * MAX_PLY
        self._beta = [0] * MAX_PLY
        self._best = [0] * MAX_PLY
        self._bm = bytearray(MAX_PLY)  # best move so far
        self._who = bytearray(MAX_PLY)  # seat to move
        # Undo of the move under way at each ply: pile top and size, the
        # hand slot the card left, cards drawn by a refill (CB-8).
        self._utop = bytearray(MAX_PLY)
        self._upile = bytearray(MAX_PLY)
        self._uslot = bytearray(MAX_PLY)
        self._ufill = bytearray(MAX_PLY)
        self.move = NO_CARD
        self.value = 0
        self.nodes = 0

    def load_playout(self, g):
        """This position from ``g`` (a players.clubbed.kit.Playout, not
        over): its hands, stock, pile, collections and seat to move."""
        self.hands[:] = g.hands
        self.nh[0] = g.nh[0]
        self.nh[1] = g.nh[1]
        self.stock[:] = g.stock
        self.n_stock = g.n_stock
        self.top = g.top
        self.n_pile = g.n_pile
        self.coll[0] = g.coll[0]
        self.coll[1] = g.coll[1]
        self.to_move = g._to_move
        self.refill = g.refill
        return self

    def load_obs(self, obs):
        """This position from ``obs`` (a seat's clubbed.Observation with an
        empty stock and a seat to move): the other seat's hand is every card
        not in the seat's hand, the pile or a collection (CB-11, CB-12).
        Raises ValueError when the stock is not empty or the game is over."""
        if obs.stock_size or obs.to_move is None:
            raise ValueError("an endgame needs an empty stock and a seat to move")
        me = obs.seat
        seen = self.stock  # scratch: 1 for every card the seat can see
        for c in range(52):
            seen[c] = 0
        for c in obs.hand:
            seen[c] = 1
        for c in obs.pile:
            seen[c] = 1
        for s in (0, 1):
            for c in obs.collected[s]:
                seen[c] = 1
            self.coll[s] = len(obs.collected[s])
        hands = self.hands
        n = 0
        for c in obs.hand:
            hands[52 * me + n] = c
            n += 1
        self.nh[me] = n
        b = 52 * (1 - me)
        n = 0
        for c in range(52):
            if not seen[c]:
                hands[b + n] = c
                n += 1
        self.nh[1 - me] = n
        self.n_stock = 0
        self.top = obs.pile[-1] if obs.pile else NO_CARD
        self.n_pile = len(obs.pile)
        self.to_move = obs.to_move
        self.refill = obs.refill
        return self

    def _gen(self, d, first):
        # The moves of the seat to move into ply d's slot: ``first`` (a card
        # or DRAW, if legal) first, the club first if the pile holds 2 cards
        # or more (a club then collects them for the other seat: the moves
        # that refute most), the non-clubs in hand order, the club if the
        # pile is small, the draw. (Ordering the non-clubs by how many
        # cards of the other hand match them saved 6% of the nodes on 481
        # endgames and cost more than that per node.) Returns how many (0:
        # the game is over, CB-9); WIDTH + 1 when they do not fit.
        p = self.to_move
        hands = self.hands
        b = 52 * p
        t = self.top
        free = t == NO_CARD or t < 13  # CB-6 / CB-7
        ts = t // 13
        tr = t % 13
        mv = self._mv
        base = d * WIDTH
        k = base + 1  # room at base for the club
        club = NO_CARD
        matched = False
        allclub = True
        for i in range(b, b + self.nh[p]):
            c = hands[i]
            if c < 13:
                if c < club:
                    club = c
                if c == tr and not free:
                    matched = True
            else:
                allclub = False
                if free or c // 13 == ts or c % 13 == tr:
                    matched = True
                    if k == base + WIDTH - 1:
                        return WIDTH + 1
                    mv[k] = c
                    k += 1
        if club == NO_CARD:
            i = base + 1
        elif self.n_pile >= 2:
            mv[base] = club
            i = base
        else:
            mv[k] = club
            k += 1
            i = base + 1
        if self.n_stock and (not matched if not free else (t == NO_CARD and allclub)):
            # CB-4 / CB-6 drawing (never on a club starter, CB-7).
            mv[k] = DRAW
            k += 1
        if i > base:
            # Moves start at base.
            for j in range(i, k):
                mv[j - 1] = mv[j]
            k -= 1
        k -= base
        if first != NO_CARD and k > 1:
            if first < 13 and club != NO_CARD:
                first = club
            for j in range(base, base + k):
                if mv[j] == first:
                    while j > base:
                        mv[j] = mv[j - 1]
                        j -= 1
                    mv[base] = first
                    break
        return k

    def solve(self, cap, win, first=NO_CARD):
        """Best play from this position, at most ``cap`` nodes (moves made);
        ``win``: the bonus for a won game, in cards (CB-10). ``first``: the
        root move to try first (the prior's): another replaces it only when
        strictly better. Returns SOLVED (``move``/``value`` set), CUT (the
        cap was reached) or TOO_DEEP (the position does not fit the
        buffers). The position is left as it was loaded."""
        self.nodes = 0
        n = self._gen(0, first)
        if n > WIDTH:
            return TOO_DEEP
        if n == 0:
            return TOO_DEEP  # over already: nothing to choose
        mv = self._mv
        nn = self._n
        ii = self._i
        al = self._alpha
        be = self._beta
        bst = self._best
        bm = self._bm
        who = self._who
        nn[0] = n
        ii[0] = 0
        al[0] = -INF
        be[0] = INF
        bst[0] = -INF
        bm[0] = mv[0]
        who[0] = self.to_move
        d = 0
        nodes = 0
        while True:
            i = ii[d]
            if i < nn[d] and al[d] < be[d]:
                ii[d] = i + 1
                a = mv[d * WIDTH + i]
                p = who[d]
                self._do(d, p, a)
                nodes += 1
                if nodes > cap:
                    self._undo(d, p, a)
                    while d > 0:
                        d -= 1
                        self._undo(d, who[d], mv[d * WIDTH + ii[d] - 1])
                    self.nodes = nodes
                    return CUT
                q = self.to_move
                if d + 1 >= MAX_PLY:
                    n = WIDTH + 1
                else:
                    n = self._gen(d + 1, NO_CARD)
                if n > WIDTH:
                    self._undo(d, p, a)
                    while d > 0:
                        d -= 1
                        self._undo(d, who[d], mv[d * WIDTH + ii[d] - 1])
                    self.nodes = nodes
                    return TOO_DEEP
                if n == 0:
                    # CB-9: the hands are collected; CB-10 with the bonus.
                    v = (self.coll[1 - p] + self.nh[1 - p]) - (self.coll[p] + self.nh[p])
                    if v > 0:
                        v += win
                    elif v < 0:
                        v -= win
                    self._undo(d, p, a)
                    if v > bst[d]:
                        bst[d] = v
                        bm[d] = a
                        if v > al[d]:
                            al[d] = v
                    continue
                d += 1
                who[d] = q
                nn[d] = n
                ii[d] = 0
                if q == p:  # a draw: the same seat moves again (CB-4)
                    al[d] = al[d - 1]
                    be[d] = be[d - 1]
                else:
                    al[d] = -be[d - 1]
                    be[d] = -al[d - 1]
                bst[d] = -INF
                continue
            # Ply d is done: its value goes up to the move that led here.
            if d == 0:
                break
            v = bst[d]
            q = who[d]
            d -= 1
            p = who[d]
            a = mv[d * WIDTH + ii[d] - 1]
            self._undo(d, p, a)
            if q != p:
                v = -v
            if v > bst[d]:
                bst[d] = v
                bm[d] = a
                if v > al[d]:
                    al[d] = v
        self.nodes = nodes
        self.move = bm[0]
        self.value = bst[0]
        return SOLVED

    def _do(self, d, p, a):
        # Seat p makes move a (legal), its undo kept at ply d.
        self._utop[d] = self.top
        self._upile[d] = self.n_pile
        hands = self.hands
        b = 52 * p
        if a == DRAW:
            self.n_stock -= 1
            hands[b + self.nh[p]] = self.stock[self.n_stock]
            self.nh[p] += 1
            return
        n = self.nh[p] - 1
        for i in range(b, b + n + 1):
            if hands[i] == a:
                self._uslot[d] = i - b
                hands[i] = hands[b + n]
                hands[b + n] = a  # kept past the end for the undo
                break
        self.nh[p] = n
        if a < 13:
            # CB-5 / CB-6: the other seat collects the pile and the club.
            self.coll[1 - p] += self.n_pile + 1
            self.n_pile = 0
            self.top = NO_CARD
        else:
            self.n_pile += 1
            self.top = a
        f = 0
        if n == 0 and self.refill and self.n_stock:
            # CB-8: an emptied hand draws up to 5 at once.
            f = HAND_SIZE if self.n_stock > HAND_SIZE else self.n_stock
            for j in range(f):
                self.n_stock -= 1
                hands[b + j] = self.stock[self.n_stock]
            self.nh[p] = f
        self._ufill[d] = f
        self.to_move = 1 - p

    def _undo(self, d, p, a):
        # Takes back move a of seat p made at ply d.
        self.to_move = p
        self.top = self._utop[d]
        self.n_pile = self._upile[d]
        hands = self.hands
        b = 52 * p
        if a == DRAW:
            self.nh[p] -= 1
            self.n_stock += 1
            return
        f = self._ufill[d]
        if f:
            # The refill's cards back on the stock (they came off its top);
            # the hand was empty before it, and the card played sits at b.
            self.n_stock += f
            self.nh[p] = 0
            hands[b] = a
        if a < 13:
            self.coll[1 - p] -= self.n_pile + 1
        n = self.nh[p]
        s = b + self._uslot[d]
        hands[b + n] = hands[s]
        hands[s] = a
        self.nh[p] = n + 1
