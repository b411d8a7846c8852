"""Klaberjass bids by expectation (players/klaberjass/kit.py ``handicap``,
players/search.py): the search takes the bid with the best mean outcome
less its handicap (KJ-4), the handicap moves near the game's end (KJ-15),
and the worlds of the play follow what the bids told (KJ-4, KJ-16)."""

from cardgames import klaberjass
from cardgames.rng import Rng
from players import levels
from players.klaberjass import kit


def _bids(seed):
    """(obs, legal) of the bid decisions of a heuristic game from ``seed``."""
    h = levels.heuristic("klaberjass")
    g = klaberjass.Klaberjass(seed=seed)
    out = []
    while not g.is_over() and len(out) < 12:
        p = g.current_player
        o = g.observation(p)
        legal = g.legal_actions()
        if g.phase in (klaberjass.BID1, klaberjass.BID2):
            out.append((o, legal))
        g.apply(h.choose(o, legal))
    return out


def test_bids_take_the_best_mean_less_the_handicap_kj4():
    """KJ-4: a bid decision keeps every candidate (no pruning) and returns
    the one whose summed edge over the prior, less the worlds times its
    handicap, is highest; trump bids pay BID_MARGIN, passes nothing."""
    checked = differs = 0
    for seed in range(6):
        for o, legal in _bids(seed):
            s = levels.make("klaberjass", levels.HARD, seed)
            if not s.begin(o, legal):
                continue
            n0 = s.n_cands
            while s.step():
                pass
            assert s.n_cands == n0 == len(legal)
            n = s.done_iters
            score = [s.totals[i] - n * kit.handicap(o, s.cands[i]) for i in range(n0)]
            score[0] = -n * kit.handicap(o, s.cands[0])
            want = s.cands[max(range(n0), key=lambda i: (score[i], -i))]
            got = s.best()
            assert got == want
            differs += got != s.prior
            checked += 1
    assert checked >= 20 and differs >= 1


def test_handicap_moves_near_the_end_of_the_game_kj15():
    """KJ-15: within NEAR of the target the margin of a trump bid drops by
    MATCH_RISK when the other seat leads and rises by it when the seat
    leads; a pass is never docked; the play is left to the test."""
    g = klaberjass.Klaberjass(seed=3)
    seat = g.current_player
    o = g.observation(seat)
    near = o.target - kit.NEAR

    def at(mine, theirs, a=klaberjass.ACCEPT):
        sc = [0, 0]
        sc[seat] = mine
        sc[1 - seat] = theirs
        o.scores = tuple(sc)
        return kit.handicap(o, a)

    assert at(0, 0) == kit.BID_MARGIN
    assert at(0, 0, klaberjass.PASS) == 0
    assert at(near - 50, near) == kit.BID_MARGIN - kit.MATCH_RISK
    assert at(near, near - 50) == kit.BID_MARGIN + kit.MATCH_RISK
    assert at(near - 50, near - 60) == kit.BID_MARGIN
    while g.phase != klaberjass.PLAY:
        g.apply(klaberjass.ACCEPT if g.phase == klaberjass.BID1 else g.legal_actions()[0])
    assert kit.handicap(g.observation(g.current_player), g.legal_actions()[0]) is None


def _play_positions(n):
    """Observations in the play of the seat whose other seat made trump by
    a bid, from heuristic games."""
    h = levels.heuristic("klaberjass")
    out = []
    seed = 0
    while len(out) < n:
        g = klaberjass.Klaberjass(seed=seed)
        seed += 1
        while not g.is_over() and g.scores == [0, 0]:
            p = g.current_player
            o = g.observation(p)
            if o.phase == klaberjass.PLAY and o.maker == 1 - p and len(o.played) < 6:
                out.append(o)
            g.apply(h.choose(o, g.legal_actions()))
    return out


def test_play_worlds_follow_the_bids_kj4_kj16():
    """KJ-4, KJ-16: a seat that made trump by a bid is dealt its jack or
    three trumps in most worlds of the play, where the plain deal (the
    rules' consistency alone) often does not; the seat's own cards and
    what it has seen are kept either way."""
    told = plain = n = 0
    for o in _play_positions(60):
        g = kit.Playout()
        for k in range(6):
            w = kit.world(o, Rng(k), g)
            told += kit.told(o, w)
            assert bytes(c for c in w.hand(o.seat)) == bytes(o.hand)
            plain += kit.told(o, kit.deal(o, Rng(k), kit.Playout()))
            n += 1
    assert told > plain
    assert told >= 0.9 * n
