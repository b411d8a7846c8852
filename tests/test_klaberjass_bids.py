"""How the search players bid in Klaberjass (KJ-4): the heuristic's bid is
the prior, and a bid is searched where the prior takes trump, or where it
passes holding a hand worth ``PASS_SEARCHED`` to the heuristic's valuation
(``kit.worth``)."""

from cardgames import klaberjass
from players import levels
from players.klaberjass import kit as kit
from players.klaberjass.heuristic import KlaberjassHeuristic, hand_value


def _turned_value(o):
    # hand_value of the turned suit, with the card the seven would take (KJ-7).
    t = o.turned_suit
    extra = 255
    if t * 13 + klaberjass.R7 in o.hand and o.turned % 13 != klaberjass.R7:
        extra = o.turned
    return hand_value(o.hand, t, extra)


def _round_one(n):
    """(obs, legal) of round-one bids (KJ-4) from ``n`` deals: the
    non-dealer's first, then the dealer's after a pass."""
    out = []
    for seed in range(n):
        g = klaberjass.Klaberjass(seed=seed)
        while g.phase != klaberjass.BID1:
            g.apply(g.legal_actions()[0])  # the cut (KJ-2)
        out.append((g.observation(g.current_player), g.legal_actions()))
        g.apply(klaberjass.PASS)
        out.append((g.observation(g.current_player), g.legal_actions()))
    return out


def test_kj4_a_weak_hand_passes_unsearched(monkeypatch):
    """KJ-4: where the prior passes with a hand worth less than
    ``PASS_SEARCHED`` (set here: every pass is searched as it is), Hard
    passes without playing a world; with a better hand, or where the prior
    takes trump, Hard searches."""
    monkeypatch.setattr(kit, "PASS_SEARCHED", 40)
    h = KlaberjassHeuristic()
    weak = searched = 0
    for o, legal in _round_one(60):
        s = levels.make("klaberjass", levels.HARD, 3)
        a = s.choose(o, legal)
        if h.choose(o, legal) == klaberjass.PASS and _turned_value(o) < kit.PASS_SEARCHED:
            assert a == klaberjass.PASS and s.done_iters == 0
            weak += 1
        else:
            assert s.done_iters > 0
            searched += 1
    assert weak > 5 and searched > 5
