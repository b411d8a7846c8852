"""The exact endgame solver (players/clubbed/endgame.py) against a brute-force
minimax written here on the rules core's own moves (cardgames.clubbed:
``legal_actions``/``apply``, RULES.md CB-3 ... CB-10), and its use by the
search kit (players/clubbed/kit.py ``solve``)."""

import pytest

from cardgames import clubbed
from players import levels
from players.clubbed import kit as clubbed_kit
from players.clubbed.endgame import CUT, SOLVED, Solver
from players.clubbed.heuristic import ClubbedHeuristic
from players.search import Search

WIN = clubbed_kit.WIN


def brute(g, seat, win, lowest_club=False):
    """Minimax value for ``seat`` of ``g`` (a Clubbed, every card known):
    the other seat's collected cards minus ``seat``'s at the end (CB-9,
    CB-10), ``win`` more for a win, less for a loss. ``lowest_club``: of the
    legal clubs only the lowest is tried (the solver's own move set)."""
    if g.over:
        d = g.collected(1 - seat) - g.collected(seat)
        return d + win if d > 0 else (d - win if d < 0 else 0)
    legal = g.legal_actions()
    if lowest_club:
        clubs = [a for a in legal if a < 13]
        legal = [a for a in legal if a >= 13 or a == clubs[0]]
    vals = []
    for a in legal:
        h = g.copy()
        h.apply(a)
        vals.append(brute(h, seat, win, lowest_club))
    return max(vals) if g.current_player == seat else min(vals)


def positions(seed, stock, most, count, refill=True):
    """Up to ``count`` positions from games between heuristic players (seeds
    from ``seed``): the first of each game with at most ``stock`` cards in
    the stock and at most ``most`` cards in hands plus twice the stock (so
    the brute force stays small), with the seat to move holding a choice."""
    out = []
    s = seed
    while len(out) < count and s < seed + 400:
        g = clubbed.Clubbed(s, refill=refill)
        pl = (ClubbedHeuristic(s), ClubbedHeuristic(s + 1))
        while not g.over:
            legal = g.legal_actions()
            if (g.n_stock <= stock and len(legal) > 1
                    and g.hand_size(0) + g.hand_size(1) + 2 * g.n_stock <= most):
                out.append(g.copy())
                break
            p = g.current_player
            g.apply(pl[p].choose(g.observation(p), legal))
        s += 1
    assert len(out) == count
    return out


def solved(g, win, first=clubbed.NO_CARD):
    pg = clubbed_kit.Playout().load(g)
    s = Solver().load_playout(pg)
    assert s.solve(10**6, win, first) == SOLVED
    return s


@pytest.mark.parametrize("win", [0, WIN, clubbed_kit.EXPERT_WIN])
def test_cb9_cb10_value_is_minimax_with_an_empty_stock(win):
    """CB-9/CB-10: with the stock empty the solver's value (one club for
    all, CB-5) is the full minimax over every legal move, and its move
    reaches that value."""
    for g in positions(100, 0, 11, 40):
        p = g.current_player
        s = solved(g, win)
        v = brute(g, p, win)
        assert s.value == v
        assert s.move in g.legal_actions()
        h = g.copy()
        h.apply(s.move)
        assert brute(h, p, win) == v


@pytest.mark.parametrize("refill", [True, False])
def test_cb4_cb8_value_is_minimax_with_stock_left(refill):
    """CB-4 draws and CB-8 refills (or the no-refill variant): with a few
    stock cards in a known order, the solver's value is the minimax over
    the same moves (the lowest club standing for all)."""
    for g in positions(300, 3, 12, 25, refill):
        if g.n_stock == 0:
            continue
        p = g.current_player
        s = solved(g, WIN)
        assert s.value == brute(g, p, WIN, lowest_club=True)
        assert s.move in g.legal_actions()


def test_cb11_cb12_observation_gives_the_other_hand():
    """CB-11/CB-12: with the stock empty, the observation alone fixes the
    other hand: ``load_obs`` gives the same position as the real game."""
    for g in positions(500, 0, 30, 20):
        p = g.current_player
        a = Solver().load_obs(g.observation(p))
        b = Solver().load_playout(clubbed_kit.Playout().load(g))
        for s in (0, 1):
            assert sorted(a.hands[52 * s: 52 * s + a.nh[s]]) == sorted(
                b.hands[52 * s: 52 * s + b.nh[s]]) == sorted(g.hand(s))
        assert (a.top, a.n_pile, a.coll, a.to_move) == (b.top, b.n_pile, b.coll, b.to_move)
    with pytest.raises(ValueError):
        Solver().load_obs(clubbed.Clubbed(1).observation(0))


def test_node_cap_cuts_and_leaves_the_position():
    """Past ``cap`` nodes the solve says CUT, and the position is as loaded."""
    g = max(positions(700, 0, 30, 30), key=lambda g: g.hand_size(0) + g.hand_size(1))
    s = Solver().load_playout(clubbed_kit.Playout().load(g))
    before = (bytes(s.hands), bytes(s.nh), s.top, s.n_pile, list(s.coll), s.to_move)
    assert s.solve(10**6, WIN) == SOLVED
    full = s.nodes
    assert full > 3
    assert s.solve(full // 2, WIN) == CUT
    assert (bytes(s.hands), bytes(s.nh), s.top, s.n_pile, list(s.coll), s.to_move) == before
    assert s.solve(10**6, WIN) == SOLVED and s.nodes == full


def test_first_move_kept_when_as_good():
    """The prior's move (``first``) stays unless another is strictly better."""
    for g in positions(900, 0, 11, 20):
        p = g.current_player
        best = solved(g, WIN).value
        for a in g.legal_actions():
            h = g.copy()
            h.apply(a)
            s = solved(g, WIN, a)
            same = brute(h, p, WIN) == best
            assert (s.move == a or (a < 13 and s.move < 13)) == same


def test_kit_solve_falls_back_past_the_cap(monkeypatch):
    """The kit's ``solve`` gives None (the search decides as before) when
    the cap is hit, and with stock left."""
    g = max(positions(700, 0, 30, 30), key=lambda g: g.hand_size(0) + g.hand_size(1))
    p = g.current_player
    obs = g.observation(p)
    legal = g.legal_actions()
    prior = clubbed_kit.prior(0).choose(obs, legal)
    assert clubbed_kit.solve(obs, legal, prior) in legal
    monkeypatch.setattr(clubbed_kit, "SOLVE_NODES", 2)
    assert clubbed_kit.solve(obs, legal, prior) is None
    g0 = clubbed.Clubbed(3)
    assert clubbed_kit.solve(g0.observation(g0.current_player), g0.legal_actions(), 0) is None


def test_search_plays_the_solver_move_in_the_endgame():
    """Hard with an empty stock plays the kit's solved move (CB-9)."""
    n = 0
    for g in positions(1100, 0, 30, 15):
        p = g.current_player
        obs = g.observation(p)
        legal = g.legal_actions()
        hard = levels.make("clubbed", levels.HARD, 5)
        a = hard.choose(obs, legal)
        want = clubbed_kit.solve(obs, legal, clubbed_kit.prior(5).choose(obs, legal))
        if want is not None:  # past SOLVE_NODES the search decides
            assert a == want
            n += 1
    assert n >= 10


def _game(level, seed):
    g = clubbed.Clubbed(seed)
    pl = (levels.make("clubbed", level, seed), levels.make("clubbed", level, seed + 1))
    moves = []
    while not g.over:
        p = g.current_player
        a = pl[p].choose(g.observation(p), g.legal_actions())
        moves.append(a)
        g.apply(a)
    return moves


def test_decisions_deterministic_for_a_seed():
    """The same seed plays the same game (the solver has no randomness)."""
    assert _game(levels.HARD, 42) == _game(levels.HARD, 42)


def test_search_without_the_hook_is_unchanged():
    """A kit without ``solve`` searches as before (the hook is optional)."""
    s = Search(levels.kit("klaberjass"), levels.heuristic("klaberjass"), 1)
    assert s.solve is None


def test_cb4_cb10_expert_playout_ends_in_the_solved_outcome(monkeypatch):
    """Expert's playouts (CB-4 draws, CB-8 refills with the world's stock
    order) end, once the stock is small, in the exact outcome: its value
    for the seat to move is the brute-force minimax's (the node cap
    raised: a few of these positions take more than PLAYOUT_NODES)."""
    monkeypatch.setattr(clubbed_kit, "PLAYOUT_NODES", 100000)
    win = clubbed_kit.EXPERT_WIN
    for g in positions(1300, clubbed_kit.SOLVE_STOCK, 12, 20):
        p = g.current_player
        pg = clubbed_kit.Playout().load(g)
        clubbed_kit.expert_playout(pg, None)
        assert pg.over
        assert clubbed_kit.expert_value(pg, p) == brute(g, p, win, lowest_club=True)
        assert clubbed_kit.expert_value(pg, 1 - p) == -clubbed_kit.expert_value(pg, p)
