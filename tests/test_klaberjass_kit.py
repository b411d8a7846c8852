"""players/klaberjass/kit.py's fitted worlds (KJ-10, KJ-16): the fast
``misfits`` (each of the other seat's decisions made once, from tables made
per observation) against the round replayed card by card on Playouts, the
way it was counted before; and the worlds ``fitted`` keeps with each."""

from cardgames import klaberjass
from cardgames.cards import DECK32
from cardgames.rng import Rng
from players import levels
from players.klaberjass import kit as kit


def _replayed(obs, g, r, one, most=99):
    # The reference count: the round replayed from its first trick in ``r``
    # (both hands as ``g`` deals them), each of the other seat's choices
    # played by ``playout`` on a copy (``one``) and compared with its card.
    opp = 1 - obs.seat
    played = obs.played
    by = obs.played_by
    own = bytearray(52)
    for i in range(18):
        c = g.hands[i]
        if c != kit.EMPTY:
            own[c] = 1 + i // 9
    for i in range(len(played)):
        own[played[i]] = 1 + by[i]
    hands = r.hands
    for i in range(8):
        r.hm[i] = 0
    at = [0, 9]
    for c in DECK32:
        if own[c]:
            p = own[c] - 1
            hands[at[p]] = c
            at[p] += 1
            r.hm[4 * p + c // 13] |= 1 << (c % 13 - klaberjass.R7)
    for p in (0, 1):
        for i in range(at[p], 9 * p + 9):
            hands[i] = kit.EMPTY
    out = bytearray(4)
    for c in (obs.turned, obs.bottom):
        if c != klaberjass.NO_CARD:
            out[c // 13] |= 1 << (c % 13 - klaberjass.R7)
    for p in (0, 1):
        for s in range(4):
            r.mb[4 * p + s] = 0xFF & ~out[s] & ~r.hm[4 * p + s]
    r.bidding = r.redeal = False
    r.t = obs.trump
    r.n = 0
    r.lead = 0
    r.p = 1 - obs.dealer  # KJ-10
    r.kq[0] = r.kq[1] = 0
    r.pts[0] = r.pts[1] = 0
    r.maker = obs.maker
    r.classic = obs.classic
    m = 0
    for i in range(len(played)):
        c = played[i]
        p = by[i]
        b = 9 * p
        if p == opp:
            r.copy(one)
            kit.playout(one, None, 1)
            for j in range(b, b + 9):
                if one.hands[j] != hands[j]:
                    if hands[j] != c:
                        m += 1
                        if m >= most:
                            return m
                    break
        r.p = p
        for j in range(b, b + 9):
            if hands[j] == c:
                kit._move(r, j)
                break
    return m


def _positions(seeds):
    # (observation, the true position as a Playout) at every card of the
    # play after the first (and the legal cards), in heuristic games of both variants (KJ-11).
    h = levels.heuristic("klaberjass")
    for seed in seeds:
        g = klaberjass.Klaberjass(seed=seed, classic=seed % 2 == 1)
        while not g.is_over():
            p = g.current_player
            legal = g.legal_actions()
            if g.phase == klaberjass.PLAY and g.n_played:
                yield g.observation(p), kit.Playout().load(g), legal
            g.apply(h.choose(g.observation(p), legal))


def test_misfits_counts_as_the_replayed_round():
    """KJ-10, KJ-16: for the true hand and for random deals, ``misfits``
    gives the replayed round's count, stopped at ``most`` as it is."""
    r, one = kit.Playout(), kit.Playout()
    n = some = 0
    for o, truth, _legal in _positions(range(6)):
        assert kit.misfits(o, truth) == _replayed(o, truth, r, one) == 0
        for k in range(3):
            w = kit.deal(o, Rng(7 * n + k), kit.Playout())
            full = _replayed(o, w, r, one)
            some += full > 0
            for most in (99, 1, 2, 3):
                assert kit.misfits(o, w, most) == min(full, most)
        n += 1
    assert n > 400 and some > n  # many deals do not fit


def test_fitted_keeps_the_world_the_replayed_count_keeps():
    """``fitted`` with ``misfits`` keeps the same deal, and leaves the
    generator in the same state, as with the replayed count, first fit
    and fewest misfits alike."""
    r, one = kit.Playout(), kit.Playout()
    fast = kit.misfits
    n = 0
    for o, _truth, _legal in _positions(range(3)):
        for tries, fewest in ((4, False), (3, True), (16, True)):
            a, b = Rng(n), Rng(n)
            wa = kit.fitted(o, a, kit.Playout(), tries, fewest)
            try:
                kit.misfits = lambda obs, g, most=99: _replayed(obs, g, r, one, most)
                wb = kit.fitted(o, b, kit.Playout(), tries, fewest)
            finally:
                kit.misfits = fast
            assert bytes(wa.hands) == bytes(wb.hands)
            assert bytes(wa.hm) == bytes(wb.hm) and bytes(wa.mb) == bytes(wb.mb)
            assert a.below(60000) == b.below(60000)
            n += 1
    assert n > 300


def test_hard_decides_the_same_for_the_same_seed():
    """A Hard decision in the play is a function of its seed (its worlds'
    fitting included)."""
    n = 0
    for o, _truth, legal in _positions(range(2)):
        if n >= 30:
            break
        a = levels.make("klaberjass", levels.HARD, 5)
        b = levels.make("klaberjass", levels.HARD, 5)
        assert a.choose(o, legal) == b.choose(o, legal)
        assert (a.done_iters, a.moves, a.totals) == (b.done_iters, b.moves, b.totals)
        n += 1
    assert n >= 30


def test_bidding_worlds_are_klaberjass_worlds():
    """KJ-4: while bidding, ``world`` deals the same
    hands and stock as ``klaberjass.world`` with the generator's own
    shuffle, tries and all (the rng left in the same state)."""
    h = levels.heuristic("klaberjass")
    n = 0
    for seed in range(30):
        g = klaberjass.Klaberjass(seed=seed)
        while g.phase in (klaberjass.BID1, klaberjass.BID2):
            o = g.observation(g.current_player)
            a, b = Rng(seed), Rng(seed)
            w = kit.world(o, a, kit.Playout())
            f = klaberjass.Klaberjass(None)
            for _ in range(kit.BID_TRIES):
                klaberjass.world(o, b, f)
                if kit._fits(o, kit._hand(f, 1 - o.seat)):
                    break
            assert bytes(w.full.loc) == bytes(f.loc) and a.state() == b.state()
            n += 1
            g.apply(h.choose(o, g.legal_actions()))
    assert n > 30
