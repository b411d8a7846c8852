"""Difficulty levels and the search player (issue #7): the factory, the
worlds each game deals for the search (consistent with the seat's
observation: RULES.md CB-11, KJ-16, PC-16), determinism for a seed, the
budget and the time cap."""

import pytest

from cardgames import clubbed, clubs, klaberjass
from cardgames.rng import Rng
from players import levels
from players.search import Search

MODULES = {"clubbed": clubbed, "klaberjass": klaberjass, "clubs": clubs}


def _new(game, seed):
    if game == "clubbed":
        return clubbed.Clubbed(seed=seed, dealer=seed % 2)
    if game == "klaberjass":
        return klaberjass.Klaberjass(seed=seed)
    return clubs.Clubs(seed=seed)


def _decisions(game, seed, n):
    """(game copy, obs, legal) of up to ``n`` searched decisions of a
    heuristic game: the kit searches the phase and some action besides the
    search's prior (a Klaberjass bid only when the prior takes trump)."""
    h = levels.heuristic(game)
    kit = levels.kit(game)
    prior = kit.prior(0) if hasattr(kit, "prior") else h
    g = _new(game, seed)
    out = []
    while not g.is_over() and len(out) < n:
        p = g.current_player
        o = g.observation(p)
        legal = g.legal_actions()
        if len(legal) > 1 and kit.searchable(o):
            first = prior.choose(o, legal)
            if any(a != first and kit.worth(o, legal, a, first) for a in legal):
                out.append((g.copy(), o, legal))
        g.apply(h.choose(o, legal))
    return out


def test_levels_names_and_default():
    assert levels.LEVELS == ("Easy", "Normal", "Hard", "Expert")
    assert levels.DEFAULT == levels.NORMAL == 1
    assert levels.EXPERT == 3


def test_expert_is_offered_where_its_decisions_stay_under_the_limit():
    assert levels.offered() == (0, 1, 2, 3)
    on_pico = levels.offered(device=True)
    for v in range(4):
        fits = max(levels.PICO_MS[v]) < levels.DEVICE_LIMIT_MS
        assert (v in on_pico) == fits
    assert levels.HARD in on_pico
    # A settings file from the simulator with Expert plays the highest
    # level offered below it on the device.
    want = levels.EXPERT if levels.EXPERT in on_pico else levels.HARD
    assert levels.usable(levels.EXPERT, device=True) == want
    assert levels.usable(levels.EXPERT) == levels.EXPERT
    assert levels.usable(levels.EASY, device=True) == levels.EASY


@pytest.mark.parametrize("game", ["clubbed", "klaberjass"])
def test_expert_searches_with_ten_times_hards_budget(game):
    e = levels.make(game, levels.EXPERT, 0)
    h = levels.make(game, levels.HARD, 0)
    assert isinstance(e, Search)
    assert e.work == 10 * h.work
    assert e.max_worlds > h.max_worlds


def test_the_test_past_64_worlds_is_the_exact_one_scaled():
    """Past 64 worlds ``best`` tests t^2 (n - 1) > z2 (n q - t^2) divided by
    n in ints: on every candidate of real decisions it agrees with the exact
    test (Python's big ints) but where the two sides are within rounding."""
    checked = 0
    for _g, o, legal in _decisions("klaberjass", 4, 30):
        s = Search(levels.kit("klaberjass"), levels.heuristic("klaberjass"), 1, 100000, 90)
        if not s.begin(o, legal):
            continue
        while s.step():
            pass
        n = s.done_iters
        if n <= 64:
            continue
        for i in range(1, s.n_cands):
            t = s.totals[i]
            q = s.squares[i]
            lhs = t * t * (n - 1)
            rhs = s.z2 * (n * q - t * t)
            m = t * t // n
            if t > 0 and abs(lhs - rhs) > 2 * n * (s.z2 + n):
                assert (m * (n - 1) > s.z2 * (q - m)) == (lhs > rhs)
                checked += 1
        s.best()
    assert checked > 5


@pytest.mark.parametrize("game", ["clubbed", "klaberjass"])
def test_easy_is_the_games_beginner(game):
    """Easy is the beginner: legal, deterministic, and not the heuristic
    (it differs from it in a good share of the decisions with a choice)."""
    easy = levels.make(game, levels.EASY, 4)
    assert type(easy).__name__ == game.capitalize() + "Beginner"
    h = levels.heuristic(game)
    again = levels.make(game, levels.EASY, 9)
    same = differ = 0
    for seed in (1, 2):
        for _g, o, legal in _decisions(game, seed, 80):
            a = easy.choose(o, legal)
            assert a in legal
            assert again.choose(o, legal) == a
            if a == h.choose(o, legal):
                same += 1
            else:
                differ += 1
    assert differ * 5 >= same + differ


@pytest.mark.parametrize("bad", [("chess", 1), ("clubs", 4), ("clubs", -1), ("clubs", None),
                                 ("clubs", True), ("clubs", False), ("clubs", 1.0),
                                 ("klaberjass", 2.0)])
def test_make_rejects_unknown_game_or_level(bad):
    with pytest.raises(ValueError):
        levels.make(bad[0], bad[1], 0)


def test_make_accepts_screen_names():
    assert isinstance(levels.make("Clubs", 2, 0), Search)
    assert isinstance(levels.make("klaberjass", 1, 0), Search)
    assert isinstance(levels.make("clubbed", 3, 0), Search)


@pytest.mark.parametrize("game", sorted(MODULES))
def test_world_observation_is_the_seats(game):
    """A world seen from the seat is exactly what the seat saw, and the
    hidden cards really are redealt (two seeds, two worlds)."""
    mod = MODULES[game]
    differ = 0
    for _g, o, legal in _decisions(game, 3, 40):
        w = mod.world(o, Rng(5))
        assert vars(w.observation(o.seat)).keys() == vars(o).keys()
        for k, v in vars(o).items():
            if k in ("last", "last_round"):
                continue  # summaries of earlier hands: not used in play
            assert getattr(w.observation(o.seat), k) == v, k
        assert w.legal_actions() == legal
        if mod.world(o, Rng(6)).to_text() != w.to_text():
            differ += 1
    assert differ > 20


def test_klaberjass_world_respects_lacks():
    """KJ-16: the other hand never gets a card it has shown it lacks."""
    n = 0
    for seed in range(4):
        for _g, o, _legal in _decisions("klaberjass", seed, 60):
            opp = 1 - o.seat
            for k in range(5):
                w = klaberjass.world(o, Rng(k))
                for c in w.hand(opp):
                    assert not (o.lacks[opp][c // 13] >> (c % 13 - klaberjass.R7)) & 1
                    n += 1
    assert n > 100


def test_clubs_world_respects_voids_and_known_cards():
    """PC-16: no seat gets a suit it showed void in; shown and passed cards
    stay with the seat known to hold them."""
    n = 0
    for seed in range(3):
        for _g, o, _legal in _decisions("clubs", seed, 80):
            for k in range(3):
                w = clubs.world(o, Rng(k))
                for s in range(4):
                    if s == o.seat:
                        continue
                    for c in w.hand(s):
                        assert not o.voids[s] & (1 << (c // 13))
                        n += 1
                    c = o.shown_live[s]
                    if c != clubs.NO_CARD:
                        assert w.loc[c] == s
                part = (o.seat + 2) % 4
                p = o.passed[1]
                if p != clubs.NO_CARD and o.played_by[p] == clubs.NO_CARD:
                    assert w.loc[p] == part
    assert n > 1000


def test_clubbed_world_deals_the_other_hand_by_its_draws():
    """CB-4/CB-11: for each no-match entry ``t, k`` of the other seat (what
    its draws showed), the sampled hand holds at least ``k`` cards matching
    none of the tops from that entry on, as far as the unseen cards allow."""

    def avoids(c, tops):
        for t in tops:
            if (c >= 13) if t == clubbed.DREW_ON_EMPTY else clubbed._matches(c, t):
                return False
        return True

    checked = 0
    for seed in range(6):
        g = clubbed.Clubbed(seed=seed)
        h = levels.heuristic("clubbed")
        while not g.is_over():
            p = g.current_player
            o = g.observation(p)
            e = o.no_match[1 - p]
            if e:
                w = clubbed.world(o, Rng(checked))
                hand = w.hand(1 - p)
                unseen = list(hand) + list(w.stock[: w.n_stock])
                for i in range(0, len(e), 2):
                    tops = e[i::2]
                    room = sum(avoids(c, tops) for c in unseen)
                    assert sum(avoids(c, tops) for c in hand) >= min(e[i + 1], room)
                checked += 1
            g.apply(h.choose(o, g.legal_actions()))
    assert checked > 50


def _same_position(pl, g):
    # A clubbed_kit.Playout against the Clubbed game it should mirror.
    assert pl.over == g.over
    assert (pl.coll[0], pl.coll[1]) == (g.collected(0), g.collected(1))
    if g.over:
        return
    assert pl._to_move == g.current_player
    assert (pl.n_stock, pl.n_pile, pl.top) == (g.n_stock, g.n_pile, g.top())
    for s in (0, 1):
        assert bytes(sorted(pl.hands[52 * s: 52 * s + pl.nh[s]])) == g.hand(s)


@pytest.mark.parametrize("refill", [True, False])
def test_clubbed_playout_follows_the_rules(refill):
    """CB-3 ... CB-9: the search's compact Clubbed (clubbed_kit.Playout)
    stays the same position as the rules engine move after move, its policy
    plays the heuristic's choice (from the seat's observation, with that
    seat's weights: the search's PRIOR for one seat, the heuristic's for the
    other), and ``playout`` (the policy and the moves in one loop) ends
    every game where move-by-move play ends it."""
    from players.clubbed import kit as kit
    from players.clubbed.heuristic import PARAMS, ClubbedHeuristic

    assert kit.PRIOR != PARAMS  # else this test would not tell them apart
    moves = 0
    for seed in range(40):
        g = clubbed.Clubbed(seed=seed, dealer=seed % 2, refill=refill)
        par = [PARAMS, PARAMS]
        par[seed % 2] = kit.PRIOR
        hs = [ClubbedHeuristic(0, par[0]), ClubbedHeuristic(0, par[1])]
        pl = kit.Playout().load(g)
        pl.par[:] = par
        rng = Rng(seed)
        while not g.is_over():
            legal = g.legal_actions()
            p = g.current_player
            assert kit.policy(pl, rng) == hs[p].choose(g.observation(p), legal)
            fast = kit.Playout()
            pl.copy(fast)
            slow = pl.copy(kit.Playout())
            k = kit.playout(fast, rng)
            n = 0
            while not slow.over and n < kit.MAX_MOVES:
                slow._apply(kit.policy(slow, rng))
                n += 1
            assert (k, fast.over, bytes(fast.coll)) == (n, True, bytes(slow.coll))
            a = rng.choice(legal)
            g.apply(a)
            pl._apply(a)
            _same_position(pl, g)
            moves += 1
    assert moves > 1000


def test_clubbed_search_weighs_one_club_and_every_other_action():
    """Any club clubs the same pile (CB-5, CB-6): the Clubbed search plays
    out one club (the prior's if it is a club, else the lowest) beside
    every other legal action, and its prior is the heuristic with the
    kit's PRIOR weights."""
    from players.clubbed import kit as kit

    seen = 0
    for seed in range(6):
        for _g, o, legal in _decisions("clubbed", seed, 40):
            clubs_legal = [a for a in legal if a < 13]
            if len(clubs_legal) < 2:
                continue
            s = levels.make("clubbed", levels.HARD, seed)
            if len(clubs_legal) == len(legal):
                assert not s.begin(o, legal)  # one candidate: nothing to weigh
                continue
            assert s.begin(o, legal)
            assert s.prior == kit.prior().choose(o, legal)
            cands = list(s.cands[: s.n_cands])
            club = s.prior if s.prior < 13 else min(clubs_legal)
            assert [a for a in cands if a < 13] == [club]
            assert sorted(a for a in cands if a >= 13) == [a for a in legal if a >= 13]
            seen += 1
    assert seen > 20


@pytest.mark.parametrize("game", sorted(MODULES))
def test_search_is_deterministic_for_a_seed_and_legal(game):
    for _g, o, legal in _decisions(game, 8, 6):
        a = levels.make(game, levels.HARD, 21).choose(o, legal)
        b = levels.make(game, levels.HARD, 21).choose(o, legal)
        assert a == b
        assert a in legal


def test_search_leaves_unsearched_phases_to_the_heuristic():
    """Passing in Clubs (PC-2) is not searched: the heuristic decides."""
    g = clubs.Clubs(seed=1)
    o = g.observation(g.current_player)
    legal = g.legal_actions()
    s = levels.make("clubs", levels.HARD, 0)
    assert s.choose(o, legal) == levels.heuristic("clubs").choose(o, legal)
    assert s.done_iters == 0


class StepClock:
    """A clock that moves ``step`` ms each time it is read."""

    def __init__(self, step):
        self.t = 0
        self.step = step

    def ticks_ms(self):
        self.t += self.step
        return self.t

    def ticks_diff(self, a, b):
        return a - b


def test_budget_and_time_cap():
    _g, o, legal = _decisions("klaberjass", 2, 1)[0]
    full = levels.search("klaberjass", 0, 300)
    full.choose(o, legal)
    assert full.moves >= 300
    assert full.done_iters >= 2
    capped = levels.search("klaberjass", 0, 300, time_ms=500, clock=StepClock(1000))
    a = capped.choose(o, legal)
    # The clock says time is up after the first playout: that world is
    # dropped too, and the answer is the prior (as with under MIN_WORLDS).
    assert capped.done_iters == 0
    assert a == capped.prior


def test_time_cap_drops_a_world_cut_short():
    """Out of time in the middle of the second world: that world is dropped,
    so the sums are those of the first world alone."""
    from players.search import Search

    _g, o, legal = [d for d in _decisions("klaberjass", 2, 60) if len(d[2]) >= 3][0]
    kit = levels.kit("klaberjass")
    one = Search(kit, levels.heuristic("klaberjass"), 5, 10000, 1)
    one.choose(o, legal)
    c = one.n_cands
    assert c >= 3
    # One read when the search starts and one after each playout: late right
    # after the first playout of the second world.
    capped = Search(kit, levels.heuristic("klaberjass"), 5, 10000, 64, 100 * (c + 1),
                    StepClock(100))
    capped.choose(o, legal)
    assert capped.done_iters == 1
    assert capped.moves > one.moves
    assert capped.totals[:c] == one.totals[:c]
    assert capped.squares[:c] == one.squares[:c]


def test_klaberjass_kit_hand_is_the_games_hand():
    """The kit's reused hand buffer holds what ``Klaberjass.hand`` returns
    (the same cards, in order), at every move of heuristic games (KJ-3,
    KJ-6: six cards while bidding, nine in the play)."""
    from players.klaberjass import kit as kit

    h = levels.heuristic("klaberjass")
    sizes = set()
    for seed in range(6):
        g = klaberjass.Klaberjass(seed=seed)
        while not g.is_over():
            for p in (0, 1):
                got = kit._hand(g, p)
                assert bytes(got) == g.hand(p)
                sizes.add(len(got))
            p = g.current_player
            g.apply(h.choose(g.observation(p), g.legal_actions()))
    assert {6, 9} <= sizes


def test_klaberjass_playout_follows_the_rules():
    """KJ-4 ... KJ-14: the search's compact Klaberjass (klaberjass_kit.Playout)
    stays the same position as the rules engine move after move (hands,
    seat to move, and at the end of the round the KJ-14 score with KJ-15's
    MATCH when the round ends the game, less the maker's MAKER_COST), and its
    ``playout`` (policy and moves in one loop over the compact fields) plays
    out every round as the reference ``policy`` does on the full game:
    same moves, same outcome for both seats. In the play, ``deal`` deals
    the same worlds as ``klaberjass.world`` for the same generator."""
    from players.klaberjass import kit as kit

    h = levels.heuristic("klaberjass")
    moves = rounds = redeals = ended = 0
    for seed in range(30):
        g = klaberjass.Klaberjass(seed=seed, classic=seed % 3 == 0)
        rng = Rng(seed)
        while not g.is_over() and moves < 3000:
            p = g.current_player
            legal = g.legal_actions()
            if g.phase != klaberjass.EXCHANGING:
                o = g.observation(p)
                # A world from the seat's observation, played out both ways.
                full = klaberjass.world(o, Rng(moves))
                fast = kit.Playout().load(full).copy(kit.Playout())
                k = kit.playout(fast, rng)
                n = 0
                dealer = full.dealer
                while full.n_played < 18 and full.dealer == dealer and n < 10 * kit.MAX_MOVES:
                    # A move while bidding counts as BID_MOVES (its cost).
                    n += 1 if full.phase == klaberjass.PLAY else kit.BID_MOVES
                    full._apply(kit.policy(full, rng))
                if full.dealer != dealer:
                    redeals += 1  # KJ-5: four passes, worth 0
                    assert fast.redeal and kit.value(fast, 0) == 0
                else:
                    rounds += 1
                    assert kit.done(fast) and not fast.redeal
                    assert k == n
                    assert kit.value(fast, 0) == kit.value(full, 0)
                    assert kit.value(fast, 1) == kit.value(full, 1)
            # The same move on both: the positions stay the same.
            a = rng.choice(legal) if rng.below(3) == 0 else h.choose(g.observation(p), legal)
            if g.phase == klaberjass.PLAY:
                o = g.observation(p)
                r1 = Rng(moves)
                r2 = Rng(moves)
                got = kit.deal(o, r1, kit.Playout())
                ref = kit.Playout().load(klaberjass.world(o, r2))
                assert (r1.hi, r1.lo) == (r2.hi, r2.lo)
                for f in ("hands", "hm", "mb", "t", "n", "lead", "p", "pts", "kq", "maker",
                          "classic", "sc0", "sc1", "target"):
                    assert getattr(got, f) == getattr(ref, f), f
                pl = kit.Playout().load(g)
                w = g.copy()
                w.hold_round = True
                w.apply(a)
                pl._apply(a)
                assert pl.n == w.n_played
                if w.n_played < 18:
                    assert pl.p == w.current_player
                    assert pl.hand(0) == w.hand(0) and pl.hand(1) == w.hand(1)
                    # KJ-16: what each seat's heuristic thinks the other
                    # may hold, kept up move by move as the game's lacks.
                    again = kit.Playout().load(w)
                    assert (pl.hm, pl.mb) == (again.hm, again.mb)
                else:
                    sm = w.summary()
                    assert (pl.pts[0], pl.pts[1]) == sm.totals
                    # KJ-15: a round that ends the game is worth MATCH more
                    # to its winner (w.scores: before the held round).
                    a0 = w.scores[0] + sm.scored[0]
                    a1 = w.scores[1] + sm.scored[1]
                    ends = a0 != a1 and max(a0, a1) >= w.target
                    for seat in (0, 1):
                        d = sm.scored[seat] - sm.scored[1 - seat]
                        won = (a0 > a1) == (seat == 0)
                        m = (kit.MATCH if won else -kit.MATCH) if ends else 0
                        m -= kit.MAKER_COST if sm.maker == seat else 0
                        assert kit.value(pl, seat) == d // 4 + m
                        ended += ends
                moves += 1
            g.apply(a)
    assert moves >= 3000 and rounds > 1000 and redeals > 10 and ended > 2


def _between_gone(o, x, y):
    # Every card ranked (KJ-1) between x and y, same suit, is in the seat's
    # hand, played, or the turned or bottom card.
    t = o.trump
    lo, hi = sorted((klaberjass.card_order(x, t), klaberjass.card_order(y, t)))
    gone = set(o.hand) | set(o.played) | {o.turned, o.bottom}
    for r in range(klaberjass.R7, klaberjass.RA + 1):
        c = x // 13 * 13 + r
        if lo < klaberjass.card_order(c, t) < hi and c not in gone:
            return False
    return True


def test_klaberjass_search_skips_cards_that_play_alike():
    """KJ-1, KJ-13: of two cards of a suit with the same points and no card
    still in play ranked between them, Hard searches one (the heuristic's
    choice if it is one); every other legal card is searched."""
    skipped = kept_apart = 0
    for seed in range(6):
        for _g, o, legal in _decisions("klaberjass", seed, 80):
            if o.phase != klaberjass.PLAY:
                continue
            s = levels.make("klaberjass", levels.HARD, 0)
            s.begin(o, legal)
            cands = set(s.cands[: s.n_cands])
            assert s.prior in cands
            t = o.trump
            for a in legal:
                twins = [b for b in legal if b != a and b // 13 == a // 13
                         and klaberjass.card_points(b, t) == klaberjass.card_points(a, t)]
                alike = [b for b in twins if _between_gone(o, a, b)]
                if a not in cands:
                    assert any(b in cands for b in alike)
                    skipped += 1
                elif alike:
                    assert not any(b in cands for b in alike)
                if any(not _between_gone(o, a, b) for b in twins):
                    kept_apart += 1
                    assert a in cands or alike
    assert skipped > 20 and kept_apart > 5


def test_klaberjass_bidding_worlds_follow_the_passes():
    """KJ-4: while bidding, the search's worlds give the other seat a hand
    that passes where it passed (by the heuristic's valuation): nearly
    every world does, where the plain deal of klaberjass.world often does
    not."""
    from players.klaberjass import kit as kit

    fits = plain = n = 0
    for seed in range(12):
        for _g, o, _legal in _decisions("klaberjass", seed, 40):
            if o.phase == klaberjass.PLAY or not o.bids:
                continue
            if o.bids[-1] != klaberjass.PASS:
                continue
            g = kit.Playout()
            for k in range(10):
                kit.world(o, Rng(k), g)
                opp = 1 - o.seat
                fits += kit._fits(o, g.full.hand(opp))
                plain += kit._fits(o, klaberjass.world(o, Rng(k)).hand(opp))
                n += 1
    assert n >= 200
    assert fits >= 0.98 * n
    assert plain < 0.9 * n


def _hand_value_reference(hand, t, extra=255):
    # KJ-4: the heuristic's valuation card by card (its documented weights),
    # as it was written before it became masks.
    from players.klaberjass.heuristic import _best_seq

    R = klaberjass
    cs = list(hand)
    if extra != 255:
        cs.remove(t * 13 + R.R7)
        cs.append(extra)
    v = n_t = 0
    for c in cs:
        s, r = c // 13, c % 13
        if s == t:
            n_t += 1
            v += {R.RJ: 32, R.R9: 20 if t * 13 + R.RJ in cs else 16, R.RA: 12, R.RT: 9}.get(r, 3)
        elif r == R.RA:
            v += 13
        elif r == R.RT:
            v += 10 if s * 13 + R.RA in cs else 3
        elif r == R.RK:
            v += 2
    v += 5 * n_t + (8 * (n_t - 3) if n_t >= 4 else 0)
    if t * 13 + R.RK in cs and t * 13 + R.RQ in cs:
        v += 20
    k = _best_seq(cs, t) // 256
    return v + (10 if k == 3 else 35 if k >= 4 else 0)


def test_klaberjass_hand_value_from_masks_is_the_card_by_card_one():
    """KJ-4: the allocation-free hand valuation (bits per suit: the
    heuristic's bids, the kit's playout bids and its worlds fitted to the
    bids) gives the card-by-card valuation, for every trump suit, with and
    without the exchange."""
    from cardgames.cards import DECK32
    from players.klaberjass import kit as kit
    from players.klaberjass.heuristic import hand_value

    assert kit.hand_value is hand_value  # one valuation, not two
    rng = Rng(3)
    n = 0
    for i in range(3000):
        d = rng.shuffle(bytearray(DECK32))
        hand = bytes(d[: 6 if i % 2 else 9])
        for t in range(4):
            assert hand_value(hand, t) == _hand_value_reference(hand, t)
            seven = t * 13 + klaberjass.R7
            if seven in hand:
                extra = t * 13 + klaberjass.R8 + rng.below(7)
                if extra not in hand:
                    assert hand_value(hand, t, extra) == _hand_value_reference(hand, t, extra)
                    n += 1
    assert n > 500


@pytest.mark.parametrize("game", levels.GAMES)
def test_a_clock_with_time_to_spare_changes_nothing(game):
    """The time checks (after each playout, inside move-by-move playouts)
    leave every decision and every sum as the iterations-only search has
    them when the time is not short."""
    for _g, o, legal in _decisions(game, 3, 4):
        plain = levels.make(game, levels.HARD, 9)
        timed = levels.make(game, levels.HARD, 9, clock=StepClock(0))
        assert plain.choose(o, legal) == timed.choose(o, legal)
        assert (plain.done_iters, plain.moves) == (timed.done_iters, timed.moves)
        assert plain.totals == timed.totals and plain.squares == timed.squares


@pytest.mark.parametrize("game", levels.GAMES)
def test_a_hard_turn_leaves_the_save_its_time(game):
    """On the device a computer turn is the decision, then the save and the
    new frame: the player waits for all of it, within one second. Hard's
    decisions, under a clock (each reading 5 ms on), end early enough to
    leave ``SAVE_MS`` of the second to the save (issue 32, item 16)."""
    assert levels.TURN_MS == 1000
    for _g, o, legal in _decisions(game, 2, 2):
        clock = StepClock(5)
        p = levels.make(game, levels.HARD, 0, clock=clock)
        start = clock.t
        p.choose(o, legal)
        assert clock.t - start + levels.SAVE_MS <= levels.TURN_MS, (clock.t - start)


def test_the_deadline_is_kept_inside_a_playout():
    """Clubs plays its playouts move by move (about 2 ms a move on a Pico):
    the clock is read inside them, so the decision ends within a few
    readings of its cap, not a whole playout past it."""
    for _g, o, legal in _decisions("clubs", 1, 6):
        clock = StepClock(7)
        s = levels.search("clubs", 0, 100000, time_ms=300, clock=clock)
        start = clock.t
        s.choose(o, legal)
        if s.n_cands >= 2:
            assert clock.t - start <= 300 + 2 * 7


def test_pruning_drops_only_candidates_clearly_worse_than_the_prior():
    """A kit's PRUNE: after PRUNE_AT worlds, a candidate whose edge over the
    prior is negative beyond the noise is dropped (its playouts go to more
    worlds); the prior is never dropped, and a dropped candidate's sums
    were negative."""
    from players import search

    dropped = kept = 0
    for _g, o, legal in _decisions("klaberjass", 5, 40):
        s = levels.make("klaberjass", levels.HARD, 2)
        if not s.begin(o, legal):
            continue
        n0 = s.n_cands
        before = list(s.cands[:n0])
        seen = {}
        prune = s._prune

        def watched(s=s, prune=prune, seen=seen):
            # Each candidate's sums as _prune sees them.
            for i in range(1, s.n_cands):
                seen[s.cands[i]] = (s.totals[i], s.squares[i], s.done_iters)
            return prune()

        s._prune = watched
        while s.step():
            pass
        left = list(s.cands[: s.n_cands])
        assert left[0] == before[0] == s.prior
        for c in before[1:]:
            if c in left:
                kept += 1
                continue
            dropped += 1
            t, q, n = seen[c]
            assert n >= search.PRUNE_AT and t < 0 and s._clear(t, q, n)
        s.best()
    assert dropped > 5 and kept > 5


def test_stop_ends_the_decision_with_the_worlds_so_far():
    """``stop`` (the console's A while the computer thinks) is asked after
    every playout: True ends the search there, the world under way dropped,
    and the answer is ``best()`` of the worlds done; never True changes
    nothing."""
    _g, o, legal = [d for d in _decisions("klaberjass", 2, 60) if len(d[2]) >= 3][0]
    plain = levels.make("klaberjass", levels.HARD, 4)
    a = plain.choose(o, legal)
    never = levels.make("klaberjass", levels.HARD, 4)
    never.stop = lambda: False
    assert never.choose(o, legal) == a and never.totals == plain.totals
    calls = []
    first = levels.make("klaberjass", levels.HARD, 4)
    first.begin(o, legal)
    n0 = first.n_cands  # candidates before any is pruned (PRUNE_AT > 3)

    def soon():
        calls.append(1)
        return len(calls) > 3 * n0 + 1  # in the fourth world

    hurried = levels.make("klaberjass", levels.HARD, 4)
    hurried.stop = soon
    b = hurried.choose(o, legal)
    assert hurried.done_iters == 3 < plain.done_iters
    assert hurried.moves < plain.moves
    assert b in legal


def test_clubbed_expert_plays_its_worlds_against_a_strong_other_seat():
    """Expert's worlds (players/clubbed/kit.py ``expert``): the same deal as
    Hard's from the same generator, but there the other seat plays the
    PRIOR weights, not the heuristic's; Hard's other seat plays the
    heuristic's."""
    from players.clubbed import kit as clubbed_kit
    from players.clubbed.heuristic import PARAMS

    g = clubbed.Clubbed(seed=3)
    o = g.observation(g.current_player)
    me = o.seat
    e = levels.make("clubbed", levels.EXPERT, 1)
    h = levels.make("clubbed", levels.HARD, 1)
    we = e.kit.world(o, Rng(5), e.kit.new_game())
    wh = h.kit.world(o, Rng(5), h.kit.new_game())
    assert bytes(we.hands) == bytes(wh.hands) and bytes(we.stock) == bytes(wh.stock)
    assert we.par[me] == wh.par[me] == clubbed_kit.PRIOR
    assert we.par[1 - me] == clubbed_kit.PRIOR
    assert wh.par[1 - me] == PARAMS != clubbed_kit.PRIOR
    assert e.z2 == clubbed_kit.EXPERT_Z2 and h.z2 == clubbed_kit.Z2
    # CB-10: Expert's outcome weighs a win EXPERT_WIN cards, Hard's WIN.
    we.over = True
    we.coll[me] = 20
    we.coll[1 - me] = 23
    assert e.kit.value(we, me) == 3 + clubbed_kit.EXPERT_WIN
    assert h.kit.value(we, me) == 3 + clubbed_kit.WIN != 3 + clubbed_kit.EXPERT_WIN


def test_clubbed_expert_settings_are_its_own():
    """Expert's test is looser than Hard's, its win bonus larger than Hard's
    but half what it was, its playout solves capped at 300 nodes (set
    together from paired runs against Hard, tuning pairs 40000-41999:
    docs/clubbed_ai.md); Hard's settings are not these."""
    from players.clubbed import kit as clubbed_kit

    assert clubbed_kit.EXPERT_Z2 == 3 < clubbed_kit.Z2
    assert clubbed_kit.WIN < clubbed_kit.EXPERT_WIN == 25
    assert clubbed_kit.PLAYOUT_NODES == 300
    e = levels.make("clubbed", levels.EXPERT, 1)
    h = levels.make("clubbed", levels.HARD, 1)
    assert e.z2 == 3 and h.z2 == clubbed_kit.Z2 == 5
    assert e.kit.playout is clubbed_kit.expert_playout and h.kit.playout is clubbed_kit.playout


def test_clubbed_no_club_reads_a_heuristic_player_right():
    """CB-5/CB-11: when ``clubbed_kit.no_club`` says the other seat's last
    move (a non-club on a pile a club would have taken) shows it holds no
    club, a heuristic other seat really holds none; Expert's worlds then deal
    it none."""
    from players.clubbed import kit as clubbed_kit

    told = 0
    for seed in range(40):
        g = clubbed.Clubbed(seed=seed)
        h = levels.heuristic("clubbed")
        while not g.is_over():
            p = g.current_player
            o = g.observation(p)
            if clubbed_kit.no_club(o):
                assert not any(c < 13 for c in g.hand(1 - p))
                w = clubbed_kit.expert_world(o, Rng(told), clubbed_kit.new_game())
                assert not w.cnt[clubbed_kit.CNT * (1 - p)]  # no club in its hand
                told += 1
            g.apply(h.choose(o, g.legal_actions()))
    assert told > 5


def test_klaberjass_expert_worlds_fit_the_cards_played():
    """KJ-10, KJ-16: ``misfits`` counts the other seat's cards this round
    that the heuristic would not have played with the hand a world gives
    it: none in the true position of heuristic games, some in many plain
    deals; Expert's worlds (``expert_world``) have fewer than plain ones."""
    from players.klaberjass import kit as kit

    h = levels.heuristic("klaberjass")
    n = plain = fitted = 0
    for seed in range(4):
        g = klaberjass.Klaberjass(seed=seed, classic=seed % 2 == 1)
        while not g.is_over():
            p = g.current_player
            legal = g.legal_actions()
            if g.phase == klaberjass.PLAY and g.n_played:
                o = g.observation(p)
                assert kit.misfits(o, kit.Playout().load(g)) == 0
                w = kit.deal(o, Rng(n), kit.Playout())
                m = kit.misfits(o, w)
                assert kit.misfits(o, w, 1) == min(m, 1)  # the first misfit only
                plain += m > 0
                x = kit.expert_world(o, Rng(n), kit.Playout())
                fitted += kit.misfits(o, x) > 0
                n += 1
            g.apply(h.choose(g.observation(p), legal))
    assert n > 300
    assert plain > 0.3 * n
    assert fitted < 0.5 * plain
