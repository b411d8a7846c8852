"""Easy's Clubs player (players/clubs/beginner.py): legal, deterministic,
a beginner's strength (clearly below the heuristic, clearly above random),
and its simple rules (RULES.md PC-4 following, PC-10 bids)."""

from cardgames import clubs
from players.clubs.beginner import ClubsBeginner
from players.clubs.heuristic import ClubsHeuristic
from players.random_player import RandomPlayer

GAMES = 12


def _play(make_a, make_b, seed, swap):
    g = clubs.Clubs(seed=seed)
    a_team = swap
    ps = [make_a(s) if s & 1 == a_team else make_b(s) for s in range(4)]
    while not g.is_over() and g.hand_no <= 60:
        p = g.current_player
        legal = g.legal_actions()
        a = ps[p].choose(g.observation(p), legal)
        assert a in legal, (p, a, legal)
        g.apply(a)
    return g.is_over() and g.winner == a_team


def test_beginner_loses_clearly_to_the_heuristic():
    won = sum(_play(ClubsBeginner, ClubsHeuristic, 500 + k, k % 2) for k in range(GAMES))
    assert won <= GAMES // 4, won


def test_beginner_beats_random_players():
    won = sum(_play(ClubsBeginner, RandomPlayer, 600 + k, k % 2) for k in range(GAMES))
    assert won >= GAMES * 3 // 4, won


def test_beginner_is_deterministic():
    g = clubs.Clubs(seed=7)
    a, b = ClubsBeginner(1), ClubsBeginner(2)
    while not g.is_over() and g.hand_no == 1:
        p = g.current_player
        obs = g.observation(p)
        legal = g.legal_actions()
        x = a.choose(obs, legal)
        assert b.choose(obs, legal) == x
        g.apply(x)


def test_beginner_plays_over_the_trick_but_not_over_its_partner():
    # PC-4: West (3) follows a heart lead; it beats the highest heart unless
    # that is its partner East's (1).
    pl = ClubsBeginner()
    g = clubs.Clubs(seed=3)
    while g.phase != clubs.PH_PLAY:
        p = g.current_player
        g.apply(pl.choose(g.observation(p), g.legal_actions()))
    # Play the hand until a seat follows suit with a higher and a lower card.
    checked = 0
    while g.phase != clubs.PH_OVER and g.hand_no == 1:
        p = g.current_player
        obs = g.observation(p)
        legal = g.legal_actions()
        a = pl.choose(obs, legal)
        if g.phase == clubs.PH_PLAY and obs.trick and obs.bids[p] == clubs.NO_BID:
            led = obs.trick[0] // 13
            follow = [c for c in legal if c // 13 == led]
            top = max(c for c in obs.trick if c // 13 == led)
            partner_top = obs.trick_seats[obs.trick.index(top)] == (p + 2) % 4
            if follow and len(follow) > 1:
                over = [c for c in follow if c > top]
                want = min(follow) if partner_top or not over else min(over)
                assert a == want, (obs.trick, legal, a)
                checked += 1
        g.apply(a)
    assert checked


def test_beginner_never_bids_nil_after_a_trick():
    # PC-10: a nil after a trick won fails for sure; the beginner bids at least 1.
    pl = ClubsBeginner()
    for seed in range(5):
        g = clubs.Clubs(seed=seed)
        while g.hand_no == 1 and not g.is_over():
            p = g.current_player
            legal = g.legal_actions()
            a = pl.choose(g.observation(p), legal)
            if g.phase == clubs.PH_BID and len(legal) > 1:
                assert a != clubs.BID0
            g.apply(a)
