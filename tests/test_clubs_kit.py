"""The Clubs search kit (players/clubs/kit.py): its one-call playout plays
exactly the moves of its policy through the full rules (RULES.md PC-4 ...
PC-12), and its weighed worlds keep everything the seat knows (PC-16)."""

from cardgames import clubs
from cardgames.rng import Rng
from players.clubs import kit as kit
from players.clubs.heuristic import ClubsHeuristic


def _positions(n_games=6, every=5):
    # Positions of heuristic games where a seat is to play or bid.
    out = []
    h = ClubsHeuristic()
    for seed in range(n_games):
        g = clubs.Clubs(seed=seed)
        k = 0
        while not g.is_over() and g.hand_no <= 2:
            if g.phase in (clubs.PH_PLAY, clubs.PH_BID):
                k += 1
                if k % every == 0:
                    out.append(g.copy())
            p = g.current_player
            g.apply(h.choose(g.observation(p), g.legal_actions()))
    return out


def test_playout_matches_policy_through_the_rules():
    rng = Rng(5)
    n = 0
    for pos in _positions():
        obs = pos.observation(pos.current_player)
        w = kit.world(obs, rng, kit.new_game())
        a = w.copy()
        b = w.copy()
        moves = kit.playout(a, rng)
        k = 0
        while not kit.done(b) and k < kit.MAX_MOVES:
            b._apply(kit.policy(b, rng))
            k += 1
        assert moves == k
        for f in ("loc", "seq", "takers", "bids", "won", "neg_ones", "adams", "voids"):
            assert bytes(getattr(a, f)) == bytes(getattr(b, f)), f
        assert (a.phase, a.n_played, a.n_tricks, a.broken) == (
            b.phase, b.n_played, b.n_tricks, b.broken)
        assert kit.value(a, obs.seat) == kit.value(b, obs.seat)
        n += 1
    assert n >= 30


def test_playout_matches_policy_after_every_card():
    # Every legal card of the seat to play applied first, as the search does
    # (the playout then starts mid-trick, at a tied trick's choice, PC-9, or
    # at a bid, PC-10), in worlds of the first three hands of a few games:
    # the same moves, state and seat to move as policy through the rules,
    # from the world's rank masks and from a game without them.
    rng = Rng(11)
    starts = set()
    n = 0
    for pos in _positions(3, 2):
        if pos.phase != clubs.PH_PLAY:
            continue
        w = kit.world(pos.observation(pos.current_player), rng, kit.new_game())
        for c in w.legal_actions():
            a = w.copy()
            a._apply(c)
            b = a.copy()
            plain = clubs.Clubs.copy(a, clubs.Clubs(None))  # no masks: read off loc
            starts.add(a.phase)
            moves = kit.playout(a, rng)
            assert kit.playout(plain, rng) == moves
            k = 0
            while not kit.done(b) and k < kit.MAX_MOVES:
                b._apply(kit.policy(b, rng))
                k += 1
            assert moves == k
            for x in (a, plain):
                for f in ("loc", "seq", "takers", "bids", "won", "neg_ones", "adams", "voids"):
                    assert bytes(getattr(x, f)) == bytes(getattr(b, f)), f
                assert (x.phase, x._to_move, x.n_played, x.n_tricks, x.broken) == (
                    b.phase, b._to_move, b.n_played, b.n_tricks, b.broken)
            assert a.masked and a.hands == b.hands  # both kept up to date
            n += 1
    assert n >= 300
    assert {clubs.PH_PLAY, clubs.PH_BID} <= starts


def test_strengths_are_the_heuristics():
    # The plans' and bids' strengths (clubs_heuristic.strength) read off
    # loc in one pass and off the playout's rank masks.
    from players.clubs.heuristic import strength

    rng = Rng(3)
    for pos in _positions(3, 4):
        w = kit.world(pos.observation(pos.current_player), rng, kit.new_game())
        hands = [0] * 16
        kit._strengths(w.loc, hands)
        assert hands == w.hands
        for s in range(4):
            st = strength(w.hand(s))
            assert kit._st[s] == st == kit._hand_strength(w, s)
            assert kit._mask_strength(hands, 4 * s) == st
            for u in range(4):
                assert hands[4 * s + u] == sum(1 << (c % 13) for c in w.hand(s) if c // 13 == u)


def test_world_keeps_what_the_seat_knows():
    # PC-16: own hand, cards played, shown cards still unplayed, voids.
    rng = Rng(9)
    for pos in _positions(3, 7):
        me = pos.current_player
        obs = pos.observation(me)
        w = kit.world(obs, rng, kit.new_game())
        assert w.hand(me) == obs.hand
        for s in range(4):
            assert w.hand_size(s) == obs.hand_sizes[s]
            c = obs.shown_live[s]
            if c != clubs.NO_CARD:
                assert w.loc[c] == s
            for x in w.hand(s):
                if s != me:
                    assert not obs.voids[s] & (1 << (x // 13))
        assert bytes(w.seq[: len(obs.seq)]) == obs.seq


def test_misfit_prefers_hands_that_fit_a_bid():
    # PC-10: a seat that bid high fits a strong hand better than a weak one.
    for pos in _positions(4, 3):
        obs = pos.observation(pos.current_player)
        bidders = [s for s in range(4) if s != obs.seat and obs.bids[s] not in
                   (clubs.NO_BID, 0) and obs.bids[s] >= 4]
        if not bidders:
            continue
        s = bidders[0]
        kit.world(obs, Rng(1), kit.new_game())  # sets when each seat bid
        fits = []
        for seed in range(12):
            w = clubs.world(obs, Rng(seed))
            fits.append(kit._misfit(obs, w, s))
        assert min(fits) < max(fits) or max(fits) == 0
        return
    raise AssertionError("no position with a bid of 4 or more")


def _card_choices():
    """(observation, legal cards) of the play decisions with a choice in
    ``_positions(4, 3)``."""
    for pos in _positions(4, 3):
        if pos.phase != clubs.PH_PLAY:
            continue
        legal = pos.legal_actions()
        if len(legal) >= 2:
            yield pos.observation(pos.current_player), legal


def test_prior_scores_leave_its_choice_unchanged():
    # The prior's scores hook only records: same card as the heuristic, and
    # that card scored best of the legal ones.
    h = ClubsHeuristic(0, kit.PRIOR)
    p = kit.prior()
    n = 0
    for obs, legal in _card_choices():
        c = p.choose(obs, legal)
        assert c == h.choose(obs, legal)
        assert kit._scores[c] == max(kit._scores[x] for x in legal)
        n += 1
    assert n >= 20


def test_candidates_are_the_priors_best_suit_ends():
    # worth: besides the prior's card, at most CAP - 1 candidates, each the
    # lowest or highest legal card of its suit, and none of those left out
    # scored above one kept.
    p = kit.prior()
    n = 0
    for obs, legal in _card_choices():
        c = p.choose(obs, legal)
        ends = [x for x in legal
                if x == min(y for y in legal if y // 13 == x // 13)
                or x == max(y for y in legal if y // 13 == x // 13)]
        kept = [x for x in legal if x != c and kit.worth(obs, legal, x, c)]
        assert len(kept) == min(kit.CAP - 1, len([x for x in ends if x != c]))
        assert all(x in ends for x in kept)
        left = [x for x in ends if x != c and x not in kept]
        if kept and left:
            assert min(kit._scores[x] for x in kept) >= max(kit._scores[x] for x in left)
        n += 1
    assert n >= 20
