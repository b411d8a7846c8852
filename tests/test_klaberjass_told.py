"""Klaberjass: the search's worlds in the play follow what the bids told
(players/klaberjass/kit.py ``told``, KJ-4, KJ-16)."""

from cardgames import klaberjass
from cardgames.rng import Rng
from players import levels
from players.klaberjass import kit


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
