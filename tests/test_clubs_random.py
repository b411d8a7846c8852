"""Invariants of Clubs (RULES.md PC-1 ... PC-16) over 400 seeded random
hands (1,000 under ``make test-deep``, tests/depth.py: more deals through the
same checks), plus whole games to 42 played by the heuristic partnership, and a fuzz
test of the position notation.

At every position visited: 52 distinct cards, the notation round-trips
(``from_text`` replays the hand through the rules), the legal actions equal an
independent reading of PC-2/PC-3/PC-4/PC-5/PC-9/PC-10 from the observation,
the chosen action is legal, and rejected actions raise ValueError leaving the
position unchanged (every illegal action at every 10th position, a rotating
few elsewhere). Per hand: 13 tricks, 52 cards played once each, the trick
sums and values agree with PC-6/PC-7, and the hand score equals the sum of
its parts (PC-13, PC-14), added to the running scores. Random play rarely
reaches 42, so random games are cut after HANDS_PER_GAME hands; whole games
(PC-15) come from the heuristic players.

The games are spread over the machine's cores with ``multiprocessing`` (fork)
so the file stays fast; failures name the game to replay it.
"""

import depth
import pytest
import randomrun
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation import card_names, notation_fields
from randomrun import fail_on_first, only_value_error, run_all

from cardgames import clubs, clubs_text
from players.clubs.heuristic import ClubsHeuristic
from players.random_player import RandomPlayer

ALL_NAMES = sorted(r + s for s in "CDHS" for r in "23456789TJQKA")
N_RANDOM_GAMES = depth.pick(50, 250)
HANDS_PER_GAME = 4
N_HEURISTIC_GAMES = 6
BID0 = clubs.BID0
PROBES = (
    list(range(52))
    + list(range(BID0, clubs.BID13 + 1))
    + [clubs.TAKE_SELF, clubs.TAKE_PARTNER, -1, 52, 99, 114, 119, 122, 255]
)
NO = clubs.NO_CARD


def fields(text):
    return notation_fields(text, "PC1")


def assert_conserved(f):
    everything = []
    for k in ("h0", "h1", "h2", "h3", "k"):
        everything.extend(card_names(f[k]))
    assert sorted(everything) == ALL_NAMES, "52 distinct cards"


def value(c, led):
    """PC-6 read afresh: face 2..14, clubs +3, off-suit non-clubs -3."""
    v = c % 13 + 2
    if c < 13:
        return v + 3
    return v if c // 13 == led else v - 3


def oracle_legal(obs, n_tricks):
    """Legal actions from the rules and the mover's observation."""
    hand = sorted(obs.hand)
    ph = obs.phase
    if ph in (clubs.PH_PASS_HEARTS, clubs.PH_SHOW):
        return hand
    if ph == clubs.PH_PASS_PARTNER:
        return [c for c in hand if c != obs.passed[0]]  # PC-2: two different cards
    if ph == clubs.PH_TAKE:
        return [clubs.TAKE_SELF, clubs.TAKE_PARTNER]
    if ph == clubs.PH_BID:
        if n_tricks >= 12:
            return [BID0]
        total = sum(b for b in obs.bids if b != clubs.NO_BID)
        return [BID0 + n for n in range(14) if total + n != 13]
    assert ph == clubs.PH_PLAY
    if not obs.trick:
        if obs.broken or all(c < 13 for c in hand):
            return hand
        return [c for c in hand if c >= 13]  # PC-5
    led = obs.trick[0] // 13
    follow = [c for c in hand if c // 13 == led]
    return follow or hand  # PC-4


def make_player(kind, seed):
    return ClubsHeuristic(seed) if kind == "H" else RandomPlayer(seed)


class HandLog:
    """Events of one hand, for the per-hand checks."""

    def __init__(self):
        self.plays = []  # (seat, card, value)
        self.tricks = []
        self.bids = [clubs.NO_BID] * 4
        self.neg = [0] * 4
        self.adams = [0] * 4
        self.seat_scores = {}


def check_trick_sums(log, ev):
    four = log.plays[-4:]
    led = four[0][1] // 13
    sums = [0, 0]
    for seat, c, v in four:
        assert v == value(c, led)
        sums[seat % 2] += v
    assert (ev[2], ev[3]) == tuple(sums), "PC-7"
    if sums[0] != sums[1]:
        assert ev[1] == (0 if sums[0] > sums[1] else 1)


def check_hand_end(log, ev, scores_before, scores_after):
    assert len(log.tricks) == 13, "13 tricks a hand"
    assert len(log.plays) == 52
    assert sorted(c for _, c, _ in log.plays) == list(range(52)), "each card played once"
    won = [0] * 4
    for s in log.tricks:
        won[s] += 1
    team = [0, 0]
    for s in range(4):
        b = log.bids[s]
        w = won[s]
        if b in (0, clubs.NO_BID):
            v = 5 if w == 0 else -5
        elif w >= b:
            v = 2 * b - w
        else:
            v = w - b
        v += 2 * log.neg[s]
        assert log.seat_scores[s] == (v, w), "PC-13"
        team[s % 2] += v
        if log.adams[s] == 1:
            team[1 - s % 2] += 5
        elif log.adams[s] == 2:
            team[1 - s % 2] += 13
    assert (ev[2], ev[3]) == tuple(team), "PC-14: the sum of its parts"
    assert scores_after == [scores_before[0] + team[0], scores_before[1] + team[1]]


def play_checked(seed, dealer, kinds, max_hands):
    """Play one game with every check; returns (hands, over, scores, moves)."""
    g = clubs.Clubs(seed, dealer=dealer)
    players = [make_player(kinds[s], 4 * seed + s) for s in range(4)]
    log = HandLog()
    hands = 0
    moves = 0
    scores_before = [0, 0]
    while not g.is_over() and g.hand_no <= max_hands:
        text = g.to_text()
        f = fields(text)
        assert_conserved(f)
        restored = clubs_text.from_text(text)
        assert restored.to_text() == text
        seat = g.current_player
        assert f["m"] == str(seat)
        obs = g.observation(seat)
        legal = g.legal_actions()
        assert legal == oracle_legal(obs, g.n_tricks)
        assert restored.legal_actions() == legal
        assert obs.hand_sizes == tuple(len(card_names(f["h%d" % s])) for s in range(4))
        if moves % 10 == 0:
            probes = PROBES
        else:
            probes = [PROBES[(moves * 7 + j * 13) % len(PROBES)] for j in range(5)]
        for a in probes:
            if a in legal:
                continue
            try:
                g.apply(a)
            except ValueError:
                continue
            raise AssertionError("illegal action %r applied in %s" % (a, text))
        assert g.to_text() == text, "a rejected action left a trace"
        action = players[seat].choose(obs, legal)
        assert action in legal and g.why_illegal(action) is None
        g.apply(action)
        moves += 1
        for ev in g.events:
            k = ev[0]
            if k == clubs.EV_PLAY:
                log.plays.append((ev[1], ev[2], ev[3]))
            elif k == clubs.EV_SUMS:
                check_trick_sums(log, ev)
            elif k == clubs.EV_TRICK:
                log.tricks.append(ev[1])
                assert ev[2] == len(log.tricks)
            elif k == clubs.EV_BID:
                assert log.bids[ev[1]] == clubs.NO_BID
                log.bids[ev[1]] = ev[2]
                assert ev[3] != 13 and ev[3] == sum(b for b in log.bids if b != clubs.NO_BID)
            elif k == clubs.EV_NEG_ONE:
                log.neg[ev[1]] += 1
            elif k == clubs.EV_ADAM:
                log.adams[ev[1]] += 1
                assert log.adams[ev[1]] == ev[3] <= 2
            elif k == clubs.EV_SEAT_SCORE:
                log.seat_scores[ev[1]] = (ev[2], ev[3])
            elif k == clubs.EV_HAND_END:
                check_hand_end(log, ev, scores_before, g.scores)
                scores_before = list(g.scores)
                hands += 1
                log = HandLog()
        assert moves < 200 * max_hands, "a hand does not end"
    if g.is_over():
        # PC-15: someone has 42+ and more points.
        w = g.winner
        assert g.scores[w] >= 42 and g.scores[w] > g.scores[1 - w]
        assert g.result() == tuple(1 if s % 2 == w else -1 for s in range(4))
        assert g.current_player is None and g.legal_actions() == []
        end = g.to_text()
        assert clubs_text.from_text(end).to_text() == end
        for a in PROBES:
            with pytest.raises(ValueError):
                g.apply(a)
        assert g.to_text() == end
    return hands, g.is_over(), list(g.scores), moves


def _configs():
    out = []
    for i in range(N_RANDOM_GAMES):
        out.append((3000 + 17 * i, None if i % 5 == 0 else i % 4, "RRRR", HANDS_PER_GAME))
    for i in range(N_HEURISTIC_GAMES):
        out.append((900000 + 31 * i, None, "HRHR" if i % 2 else "RHRH", 60))
    return out


@pytest.fixture(scope="module")
def all_games():
    return run_all(play_checked, _configs(), splat=True)


def test_random_hands_all_invariants_hold(all_games):
    fail_on_first(all_games)
    hands = sum(r[0] for cfg, r, _ in all_games if cfg[2] == "RRRR")
    assert hands >= HANDS_PER_GAME * N_RANDOM_GAMES


def test_heuristic_games_reach_the_end(all_games):
    for cfg, r, tb in all_games:
        assert tb is None
        if cfg[2] != "RRRR":
            assert r[1], "a heuristic partnership reaches 42 against random play"
            h = 0 if cfg[2] == "HRHR" else 1
            assert r[2][h] >= 42 and r[2][h] > r[2][1 - h]


def test_games_reproduce(all_games):
    # Same seed, same game: the deal (PC-1) and the seeded players.
    for cfg, r, _ in all_games[::40]:
        g = clubs.Clubs(cfg[0], dealer=cfg[1])
        players = [make_player(cfg[2][s], 4 * cfg[0] + s) for s in range(4)]
        moves = 0
        while not g.is_over() and g.hand_no <= cfg[3]:
            p = g.current_player
            g.apply(players[p].choose(g.observation(p), g.legal_actions()))
            moves += 1
        assert (moves, list(g.scores)) == (r[3], r[2])


# --- notation fuzz ------------------------------------------------------------------


def _valid_texts():
    out = []
    for seed in (1, 2):
        g = clubs.Clubs(seed)
        p = RandomPlayer(seed)
        while g.hand_no <= 2:
            out.append(g.to_text())
            g.apply(p.choose(None, g.legal_actions()))
    return out


VALID = _valid_texts()
PIECES = st.sampled_from(
    ["", ";", "=", "-", "--", "0", "1", "2", "3", "9", "D", "AC", "7h", "2C", "AS", "XX",
     "m=-", "ph=X", "ph=T", "h0=", ";k=", ";w=0", ";b=----", ";l=-", "\x00", "\u00e9", "\ufb05",
     "\uff11", " ", "\n", "PC1", ",", "-1", "99999999"]
)  # fmt: skip


def mutated():
    return randomrun.mutated(VALID, PIECES, swap_forward_only=True)


def _check_parsed(g):
    """Whatever from_text accepts is a consistent game."""
    t = g.to_text()
    assert_conserved(fields(t))
    assert clubs_text.from_text(t).to_text() == t
    if g.is_over():
        g.result()
        assert g.legal_actions() == []
    else:
        legal = g.legal_actions()
        assert legal, "a game that is not over offers a move"
        obs = g.observation(g.current_player)
        assert legal == oracle_legal(obs, g.n_tricks)
        h = g.copy()
        h.apply(legal[0])


def _try(text):
    only_value_error(clubs_text.from_text, _check_parsed, text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_from_text_mutated_notation_only_value_error(text):
    _try(text)


@settings(max_examples=300, deadline=None)
@given(
    st.text(max_size=200)
    | st.text(alphabet="PC1;=trndsphmxvkwbl0123456789TJQKACDHSLBX,-", max_size=300)
)
def test_from_text_arbitrary_strings_only_value_error(text):
    _try(text)


@pytest.mark.parametrize("bad", [None, 5, b"PC1;t=42", ["PC1"], 1.5])
def test_from_text_non_string_value_error(bad):
    with pytest.raises(ValueError):
        clubs_text.from_text(bad)


def test_valid_texts_all_parse():
    assert len(VALID) > 100
    phases = set()
    for t in VALID:
        g = clubs_text.from_text(t)
        phases.add(g.phase)
        _check_parsed(g)
    assert {clubs.PH_PASS_HEARTS, clubs.PH_PASS_PARTNER, clubs.PH_SHOW, clubs.PH_PLAY} <= phases
    assert clubs.PH_BID in phases
