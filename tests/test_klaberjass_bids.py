"""How the search players bid in Klaberjass (KJ-4): the prior, the
heuristic with the dealer's thresholds raised by ``PRIOR_DEALER``
(``kit.prior``), and a bid searched only where that prior takes trump
(``kit.worth``)."""

from cardgames import klaberjass
from players import levels
from players.klaberjass import kit as kit
from players.klaberjass.heuristic import KlaberjassHeuristic, hand_value

AT = 56  # the heuristic's own threshold (KlaberjassHeuristic's default)


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


def test_kj4_prior_asks_more_of_the_dealer(monkeypatch):
    """KJ-4: the prior accepts the turned suit as the heuristic does, except
    that the dealer needs ``PRIOR_DEALER`` more (set here: it is off)."""
    monkeypatch.setattr(kit, "PRIOR_DEALER", 10)
    h = KlaberjassHeuristic()
    p = kit.prior(0)
    dealer_between = elder_between = 0
    for o, legal in _round_one(300):
        v = _turned_value(o)
        dealer = o.seat == o.dealer
        need = AT + (kit.PRIOR_DEALER if dealer else 0)
        assert p.choose(o, legal) == (klaberjass.ACCEPT if v >= need else klaberjass.PASS)
        if AT <= v < AT + kit.PRIOR_DEALER:
            assert h.choose(o, legal) == klaberjass.ACCEPT
            dealer_between += dealer
            elder_between += not dealer
    assert dealer_between > 3 and elder_between > 3


def test_kj4_a_pass_of_the_prior_is_not_searched():
    """KJ-4: where the prior passes, Hard passes without playing a world;
    where it takes trump, Hard searches (it may pass instead)."""
    p = kit.prior(0)
    passed = searched = 0
    for o, legal in _round_one(40):
        s = levels.make("klaberjass", levels.HARD, 3)
        a = s.choose(o, legal)
        if p.choose(o, legal) == klaberjass.PASS:
            assert a == klaberjass.PASS and s.done_iters == 0
            passed += 1
        else:
            assert s.done_iters > 0
            searched += 1
    assert passed > 5 and searched > 5
