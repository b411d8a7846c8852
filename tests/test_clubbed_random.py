"""Invariants of Clubbed (RULES.md CB-1 ... CB-12) over many seeded random
games, and a fuzz test of the position notation.

At every position visited: the legal actions equal an independent reading of
CB-3/CB-4/CB-6/CB-7, every other action 0..52 raises ValueError without
changing the position, the notation round-trips, and CB-12 conservation
holds. Every game ends (CB-9) within the bound of 41 draws + 52 plays, and the
result agrees with the collection counts (CB-10).

The games (300 random and 100 with the heuristic player; 1,000 random under
``make test-deep``, tests/depth.py: each random game is another deal through
the same checks, so more of them is depth, not a new check) are spread over
the machine's cores with ``multiprocessing`` (fork); failures name the game
to replay it.
"""

import depth
import pytest
import randomrun
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation import notation_fields
from randomrun import fail_on_first, only_value_error, run_all

from cardgames import clubbed, clubbed_text
from players.clubbed.heuristic import ClubbedHeuristic
from players.random_player import RandomPlayer

DRAW = clubbed.DRAW
ALL_NAMES = sorted(r + s for s in "CDHS" for r in "23456789TJQKA")
CARD_FIELDS = ("h0", "h1", "s", "p", "c0", "c1")
MAX_MOVES = 41 + 52  # each draw empties a stock slot, each card is played once
N_RANDOM_GAMES = depth.pick(150, 1000)
N_HEURISTIC_GAMES = 100


# --- independent helpers ------------------------------------------------------


def parse_text(text):
    """Fields of a CB1 position; card fields as lists of two-char names."""
    return notation_fields(text, "CB1", CARD_FIELDS)


def assert_conserved(f):
    """CB-12 on parsed fields: 52 distinct cards, each in one place."""
    everything = []
    for k in CARD_FIELDS:
        everything.extend(f[k])
    assert sorted(everything) == ALL_NAMES, "CB-12 broken"


def oracle_legal(hand, pile, stock_size):
    """Legal actions read straight from the rules, on card ints (0..51: suit
    * 13 + rank, clubs 0..12) and the observation's public data."""
    if not pile or pile[-1] < 13:
        # CB-6 empty pile, CB-7 club starter: any card.
        out = sorted(hand)
        if not pile and stock_size and all(c < 13 for c in hand):
            out.append(DRAW)  # CB-6: draw only with a hand of clubs (or none)
        return out
    top = pile[-1]
    matches = [c for c in hand if c // 13 == top // 13 or c % 13 == top % 13]
    clubs = [c for c in hand if c < 13]
    out = sorted(set(matches) | set(clubs))  # CB-3
    if not matches and stock_size:
        out.append(DRAW)  # CB-4
    return out


def make_player(kind, seed):
    return ClubbedHeuristic(seed) if kind == "H" else RandomPlayer(seed)


def play_checked(seed, dealer, refill, kinds):
    """Play one game with every check; return (moves, result, collected)."""
    g = clubbed.Clubbed(seed, dealer=dealer, refill=refill)
    players = (make_player(kinds[0], 2 * seed + 1), make_player(kinds[1], 2 * seed + 2))
    f = parse_text(g.to_text())
    assert len(f["h0"]) == len(f["h1"]) == 5 and len(f["s"]) == 41  # CB-1
    assert g.current_player == 1 - dealer
    moves = 0
    all_actions = range(DRAW + 1)
    while not g.is_over():
        text = g.to_text()
        f = parse_text(text)
        assert_conserved(f)
        restored = clubbed_text.from_text(text)
        assert restored.to_text() == text
        seat = g.current_player
        assert f["m"] == str(seat)
        obs = g.observation(seat)
        legal = g.legal_actions()
        assert legal, "not over, so the mover has a move (CB-9)"
        assert restored.legal_actions() == legal
        assert legal == oracle_legal(list(obs.hand), list(obs.pile), obs.stock_size)
        assert obs.hand_sizes == (len(f["h0"]), len(f["h1"]))
        assert obs.stock_size == len(f["s"])
        apply = g.apply
        for a in all_actions:
            if a in legal:
                continue
            try:
                apply(a)
            except ValueError as e:
                assert str(e)
            else:
                raise AssertionError("illegal action %d was applied in %s" % (a, text))
        # A move only ever moves cards forward (stock -> hand -> pile ->
        # collection), so any change made by a rejected action would still
        # show here.
        assert g.to_text() == text
        action = players[seat].choose(obs, legal)
        assert action in legal
        assert g.why_illegal(action) is None
        apply(action)
        moves += 1
        assert moves <= MAX_MOVES, "game does not terminate"
    # CB-9: over only with an empty stock; hands added to collections.
    f = parse_text(g.to_text())
    assert_conserved(f)
    assert f["m"] == "-" and f["h0"] == [] and f["h1"] == [] and f["s"] == []
    assert g.current_player is None and g.legal_actions() == []
    end_text = g.to_text()
    for a in all_actions:
        with pytest.raises(ValueError):
            g.apply(a)
    assert g.to_text() == end_text
    assert clubbed_text.from_text(g.to_text()).to_text() == g.to_text()
    n0, n1 = len(f["c0"]), len(f["c1"])
    assert n0 + n1 + len(f["p"]) == 52
    expected = (0, 0) if n0 == n1 else ((1, -1) if n0 < n1 else (-1, 1))
    assert g.result() == expected  # CB-10
    ends = [ev for ev in g.events if ev[0] == clubbed.EV_END]
    assert len(ends) == 1 and ends[0][2:] == (n0, n1)
    return moves, g.result(), (n0, n1)


def _configs():
    out = []
    for i in range(N_RANDOM_GAMES):
        # Both variants and both dealers, evenly.
        out.append((1000 + 7 * i, i % 2, (i // 2) % 2 == 0, "RR"))
    for i in range(N_HEURISTIC_GAMES):
        kinds = "HR" if i % 2 == 0 else "RH"
        out.append((500000 + 11 * i, (i // 2) % 2, (i // 4) % 2 == 0, kinds))
    return out


@pytest.fixture(scope="module")
def all_games():
    return run_all(play_checked, _configs(), splat=True)


def test_random_games_all_invariants_hold(all_games):
    fail_on_first(all_games)
    assert len(all_games) == N_RANDOM_GAMES + N_HEURISTIC_GAMES


def test_random_games_cover_both_variants_dealers_and_outcomes(all_games):
    seen = set()
    outcomes = set()
    for (_seed, dealer, refill, kinds), summary, tb in all_games:
        assert tb is None
        seen.add((dealer, refill, kinds))
        outcomes.add(summary[1])
    for dealer in (0, 1):
        for refill in (True, False):
            for kinds in ("RR", "HR", "RH"):
                assert (dealer, refill, kinds) in seen
    assert outcomes == {(1, -1), (-1, 1), (0, 0)}


def play_plain(seed, dealer, refill, kinds):
    """The same game as play_checked, without probing illegal actions."""
    g = clubbed.Clubbed(seed, dealer=dealer, refill=refill)
    players = (make_player(kinds[0], 2 * seed + 1), make_player(kinds[1], 2 * seed + 2))
    moves = 0
    while not g.is_over():
        seat = g.current_player
        g.apply(players[seat].choose(g.observation(seat), g.legal_actions()))
        moves += 1
    return moves, g.result(), (g.collected(0), g.collected(1))


def test_rejected_actions_leave_no_trace_and_games_reproduce(all_games):
    # Same seed and options, same game (CB-1 deal, seeded players); and the
    # thousands of rejected actions tried in play_checked changed nothing.
    for cfg, summary, _ in all_games[::4]:
        assert play_plain(*cfg) == summary, cfg


def test_heuristic_collects_fewer_than_random(all_games):
    # Not a rule, but a sanity check that the heuristic plays the game the
    # rules describe (fewer collected cards wins, CB-10): over 100 games it
    # should beat uniform random play clearly.
    wins = losses = 0
    for (_seed, _dealer, _refill, kinds), summary, _ in all_games:
        if kinds == "RR":
            continue
        h = 0 if kinds == "HR" else 1
        r = summary[1][h]
        wins += r == 1
        losses += r == -1
    assert wins > 2 * losses, (wins, losses)


# --- notation fuzz ------------------------------------------------------------


def _valid_texts():
    out = []
    for seed, refill in ((1, True), (2, False), (3, True)):
        g = clubbed.Clubbed(seed, dealer=seed % 2, refill=refill)
        p = RandomPlayer(seed)
        while True:
            out.append(g.to_text())
            if g.is_over():
                break
            g.apply(p.choose(None, g.legal_actions()))
    return out


VALID = _valid_texts()
PIECES = st.sampled_from(
    ["", ";", "=", "-", "--", "0", "1", "2", "9", "C", "TC", "7h", "2C", "AS", "XX", "m=-",
     "h0=", ";p=", ";x=----", "\x00", "é", "ﬅ", "１", " ", "\n", "CB1"]
)  # fmt: skip


def mutated():
    return randomrun.mutated(VALID, PIECES)


def _check_parsed(g):
    """Whatever from_text accepts is a consistent game."""
    t = g.to_text()
    f = parse_text(t)
    assert_conserved(f)
    assert clubbed_text.from_text(t).to_text() == t
    if g.is_over():
        assert f["s"] == [] and f["h0"] == [] and f["h1"] == []
        g.result()
    else:
        legal = g.legal_actions()
        assert legal, "a game that is not over must offer a move"
        obs = g.observation(g.current_player)
        assert legal == oracle_legal(list(obs.hand), list(obs.pile), obs.stock_size)


def _try(text):
    only_value_error(clubbed_text.from_text, _check_parsed, text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_from_text_mutated_notation_only_value_error(text):
    _try(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200) | st.text(alphabet="CB1;=rdmhspcx0123456789TJQKADHS-", max_size=200))
def test_from_text_arbitrary_strings_only_value_error(text):
    _try(text)


@pytest.mark.parametrize("bad", [None, 5, b"CB1;r=1", ["CB1"], 1.5])
def test_from_text_non_string_value_error(bad):
    with pytest.raises(ValueError):
        clubbed_text.from_text(bad)


def test_valid_texts_all_parse():
    assert len(VALID) > 100
    for t in VALID:
        _check_parsed(clubbed_text.from_text(t))
