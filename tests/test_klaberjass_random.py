"""Invariants of Klaberjass (RULES.md KJ-1 ... KJ-17) over many seeded random
rounds and whole games, and a fuzz test of the position notation.

At every position visited: KJ-17 conservation (hands + tricks + stock +
turned card = the 32 cards), the legal actions equal an independent reading
of KJ-4/KJ-7/KJ-11, every other action raises ValueError without changing
the position, the notation round-trips, and the observation agrees with the
notation. At every round's end: the tricks' winners follow KJ-12, trick
points plus the last trick equal the card points of the 18 cards played
(KJ-13, at most 162), the sequence points follow KJ-8 (worked out here from
the nine cards each seat played: only the best sequence scores outside the
all-sequences variant), the totals and scores follow KJ-14, and the game
ends exactly when KJ-15 says.

The units are 300 rounds, each checked in full (the i-th unit plays round
i % 4 + 1 of its seeded game, so later rounds with running scores are
covered), plus 8 whole games checked in full and 200 whole games checked
for conservation at every position and in full at every round's end, spread
over the machine's cores with ``multiprocessing`` (fork). Failures name the
unit to replay it. ``make test-deep`` (tests/depth.py) plays 1,000 rounds,
24 and 600 games: more deals through the same checks (300 rounds already
see each of the 120 combinations of options and players).
"""

import depth
import pytest
import randomrun
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation import card_names, notation_fields
from randomrun import fail_on_first, only_value_error, run_all

from cardgames import cards, notation
from cardgames import klaberjass as kj
from cardgames import klaberjass_text as kj_text
from players.klaberjass.heuristic import KlaberjassHeuristic
from players.random_player import RandomPlayer

DECK = sorted(r + s for s in "CDHS" for r in "789TJQKA")
PLAIN = "789JQKTA"  # KJ-1, low to high
TRUMP = "78QKTA9J"
PLAIN_PTS = {"7": 0, "8": 0, "9": 0, "T": 10, "J": 2, "Q": 3, "K": 4, "A": 11}
TRUMP_PTS = dict(PLAIN_PTS, **{"9": 14, "J": 20})
ODD_ACTIONS = (-1, kj.NUM_ACTIONS, 100, 255, 2**20, True, False, None, "AS", 1.5)
N_ROUNDS = depth.pick(300, 1000)
N_FULL_GAMES = depth.pick(8, 24)
N_LIGHT_GAMES = depth.pick(200, 600)


# --- independent helpers ------------------------------------------------------


def parse_text(text):
    return notation_fields(text, "KJ1")


card_list = card_names


def order(n, trump):
    return TRUMP.index(n[0]) if n[1] == trump else PLAIN.index(n[0])


def pts(n, trump):
    return (TRUMP_PTS if n[1] == trump else PLAIN_PTS)[n[0]]


def wins_second(lead, c, trump):
    """KJ-12: does ``c`` played second beat ``lead``?"""
    if c[1] == lead[1]:
        return order(c, trump) > order(lead, trump)
    return c[1] == trump


def oracle_follow(hand, lead, trump, classic):
    """KJ-11 on card names."""
    same = [c for c in hand if c[1] == lead[1]]
    trumps = [c for c in hand if c[1] == trump]
    if lead[1] != trump:
        if same:
            if classic:
                return same
            higher = [c for c in same if order(c, trump) > order(lead, trump)]
            return higher or same
        return trumps or hand
    if trumps:
        higher = [c for c in trumps if order(c, trump) > order(lead, trump)]
        return higher or trumps
    return hand


def oracle_legal(f):
    """Legal actions from the notation's fields, by the rule text."""
    p = f["p"]
    if p == "-":
        return []
    if p == "1":
        return [kj.ACCEPT, kj.PASS]
    if p == "2":
        turned = "CDHS".index(f["u"][1])
        return [kj.PASS] + [kj.NAME_CLUBS + s for s in range(4) if s != turned]
    if p == "x":
        return [kj.EXCHANGE, kj.DECLINE]
    hand = card_list(f["h" + f["m"]])
    played = card_list(f["c"])
    if len(played) % 2 == 0:
        out = hand
    else:
        out = oracle_follow(hand, played[-1], f["t"], "c" in f["o"])
    return sorted(notation.parse(n) for n in out)


def assert_conserved(f):
    allc = card_list(f["h0"]) + card_list(f["h1"]) + card_list(f["k"]) + card_list(f["c"])
    allc.append(f["u"])
    assert sorted(allc) == DECK, "KJ-17 broken"


def check_round_end(f_before, f_end, sm, scores_before, scores_after, target):
    """KJ-12/13/14/15 on the notation of the last position of a round
    (``f_before``: 17 cards played) and the summary."""
    played = card_list(f_before["c"]) + [None]
    trump = f_before["t"]
    dealer = int(f_before["d"])
    # The last card is the one left in a hand.
    left = card_list(f_before["h0"]) + card_list(f_before["h1"])
    assert len(left) == 1
    played[-1] = left[0]
    leader = 1 - dealer  # KJ-10
    won = [0, 0]
    card_pts = [0, 0]
    dealt = ([], [])  # each seat's nine cards, from who played what
    for i in range(0, 18, 2):
        a, b = played[i], played[i + 1]
        dealt[leader].append(a)
        dealt[1 - leader].append(b)
        w = 1 - leader if wins_second(a, b, trump) else leader
        card_pts[w] += pts(a, trump) + pts(b, trump)
        won[w] += 1
        leader = w
    assert sum(won) == 9
    assert (sm.points[0], sm.points[1]) == tuple(card_pts), "KJ-13 trick points"
    assert sm.last == leader, "KJ-13 last trick"
    assert sum(pts(n, trump) for n in played) == sum(card_pts)
    assert sum(card_pts) + 10 <= 162, "KJ-17"
    assert sm.trump == "CDHS".index(trump) and sm.dealer == dealer
    assert sm.maker == int(f_before["mk"])
    totals = [card_pts[s] + sm.sequences[s] + sm.bella[s] + (10 if leader == s else 0)
              for s in (0, 1)]  # fmt: skip
    assert tuple(totals) == sm.totals
    m = sm.maker
    if totals[m] > totals[1 - m]:
        scored = totals
    else:
        scored = [0, 0]
        scored[1 - m] = totals[0] + totals[1]
    assert tuple(scored) == sm.scored, "KJ-14"
    assert [scores_before[s] + scored[s] for s in (0, 1)] == list(scores_after)
    a, b = scores_after
    ends = max(a, b) >= target and a != b
    assert (f_end["p"] == "-") == ends, "KJ-15"
    assert sm.bella[0] in (0, 20) and sm.bella[1] in (0, 20) and not (sm.bella[0] and sm.bella[1])
    assert not (sm.sequences[0] and sm.sequences[1])
    assert list(sm.sequences) == oracle_sequences(dealt, trump, "s" in f_before["o"]), "KJ-8"


def oracle_sequences(hands, trump, all_seq):
    """KJ-8 sequence points per seat of two nine-card hands (names): runs of
    3+ in 7 8 9 T J Q K A order; the best (longer, then higher top, then
    trump) of each seat compared; a full tie scores nothing; only the best
    sequence scores (20 for 3 cards, 50 for 4+), all the winner's with the
    all-sequences variant."""
    runs = ([], [])
    for seat in (0, 1):
        for s in "CDHS":
            have = [r in [n[0] for n in hands[seat] if n[1] == s] for r in "789TJQKA"]
            i = 0
            while i < 8:
                j = i
                while j < 8 and have[j]:
                    j += 1
                if j - i >= 3:
                    runs[seat].append((j - i, j - 1, s == trump))
                i = max(j, i + 1)
    best = [max(r) if r else None for r in runs]
    out = [0, 0]
    if best[0] == best[1]:
        return out
    w = 0 if best[1] is None or (best[0] is not None and best[0] > best[1]) else 1
    scoring = runs[w] if all_seq else [best[w]]
    out[w] = sum(20 if n == 3 else 50 for n, _, _ in scoring)
    return out


def make_player(kind, seed):
    return KlaberjassHeuristic(seed) if kind == "H" else RandomPlayer(seed)


def new_game(seed, opts):
    dealer, alternate, all_seq, classic = opts
    return kj.Klaberjass(seed, dealer=dealer, alternate=alternate, all_sequences=all_seq,
                         classic=classic)  # fmt: skip


def check_position(g, text, f, players):
    """Full checks at one position; returns the action chosen."""
    assert_conserved(f)
    restored = kj_text.from_text(text)
    assert restored.to_text() == text
    legal = g.legal_actions()
    assert legal == sorted(legal) and legal == oracle_legal(f)
    assert restored.legal_actions() == legal
    assert g.copy().to_text() == text
    seat = g.current_player
    assert f["m"] == str(seat)
    obs = g.observation(seat)
    assert sorted(cards.name(c) for c in obs.hand) == sorted(card_list(f["h%d" % seat]))
    assert obs.hand_sizes == (len(card_list(f["h0"])), len(card_list(f["h1"])))
    assert obs.stock_size == len(card_list(f["k"]))
    assert [cards.name(c) for c in obs.played] == card_list(f["c"])
    if f["p"] in "12":
        assert obs.bottom == kj.NO_CARD and obs.trump == kj.NO_SUIT
    else:
        assert cards.name(obs.bottom) == card_list(f["k"])[0]
    apply = g.apply
    for a in legal:
        assert g.why_illegal(a) is None
    for a in range(kj.NUM_ACTIONS):
        if a in legal:
            continue
        try:
            apply(a)
        except ValueError as e:
            assert str(e)
        else:
            raise AssertionError("illegal action %d was applied in %s" % (a, text))
    for a in ODD_ACTIONS:
        with pytest.raises(ValueError):
            apply(a)
    assert g.to_text() == text
    action = players[seat].choose(obs, legal)
    assert action in legal
    return action


def play_checked(seed, opts, kinds, skip_rounds, whole):
    """Play from game ``seed`` (options ``opts``); skip ``skip_rounds``
    rounds unchecked, then check every position until the round (or, if
    ``whole``, the game) ends. Returns (rounds checked, positions, over)."""
    g = new_game(seed, opts)
    players = (make_player(kinds[0], 2 * seed + 1), make_player(kinds[1], 2 * seed + 2))
    skipped = 0
    while skipped < skip_rounds and not g.is_over():
        seat = g.current_player
        g.apply(players[seat].choose(g.observation(seat), g.legal_actions()))
        skipped += sum(ev[0] == kj.EV_ROUND for ev in g.events)
    rounds = positions = 0
    while not g.is_over():
        text = g.to_text()
        f = parse_text(text)
        action = check_position(g, text, f, players)
        scores_before = list(g.scores)
        g.apply(action)
        positions += 1
        assert positions < 2000, "game does not end"
        if any(ev[0] == kj.EV_ROUND for ev in g.events):
            after = g.to_text()
            check_round_end(f, parse_text(after), g.last_round, scores_before, g.scores, g.target)
            rounds += 1
            if not whole:
                break
    if g.is_over():
        text = g.to_text()
        f = parse_text(text)
        assert_conserved(f)
        assert f["h0"] == f["h1"] == "" and len(card_list(f["c"])) == 18
        assert g.current_player is None and g.legal_actions() == []
        for a in list(range(kj.NUM_ACTIONS)) + list(ODD_ACTIONS):
            with pytest.raises(ValueError):
                g.apply(a)
        assert kj_text.from_text(text).to_text() == text
        a, b = g.scores
        assert g.result() == ((1, -1) if a > b else (-1, 1))
    return rounds, positions, g.is_over()


def assert_conserved_game(g):
    """KJ-17 from the game's accessors (cheaper than the notation)."""
    n = g.n_played
    allc = list(g.hand(0)) + list(g.hand(1)) + list(g.stock_cards()) + list(g.played[:n])
    allc.append(g.turned)
    assert sorted(allc) == list(cards.DECK32), "KJ-17 broken"


def play_light(seed, opts, kinds):
    """A whole game with checks at each round's end and conservation at
    every position. Returns (rounds, scores, result)."""
    g = new_game(seed, opts)
    players = (make_player(kinds[0], 2 * seed + 1), make_player(kinds[1], 2 * seed + 2))
    rounds = 0
    prev = None
    while not g.is_over():
        assert_conserved_game(g)
        seat = g.current_player
        legal = g.legal_actions()
        a = players[seat].choose(g.observation(seat), legal)
        assert a in legal
        last_card = g.phase == kj.PLAY and g.n_played == 17
        if last_card:
            f = parse_text(g.to_text())
            scores_before = list(g.scores)
        g.apply(a)
        if last_card:
            after = g.to_text()
            check_round_end(f, parse_text(after), g.last_round, scores_before, g.scores, g.target)
            rounds += 1
            prev = after
    assert_conserved_game(g)
    assert kj_text.from_text(prev).to_text() == prev
    return rounds, tuple(g.scores), g.result()


def _opts(i):
    dealer = (None, 0, 1)[i % 3]
    return (dealer, (i // 3) % 2 == 1, (i // 6) % 2 == 1, (i // 12) % 2 == 1)


def _kinds(i):
    return ("RR", "RR", "HR", "RH", "HH")[i % 5]


def _configs():
    out = []
    for i in range(N_ROUNDS):
        out.append(("round", 10000 + 7 * i, _opts(i), _kinds(i), i % 4, False))
    for i in range(N_FULL_GAMES):
        out.append(("game", 500000 + 11 * i, _opts(i), _kinds(i), 0, True))
    for i in range(N_LIGHT_GAMES):
        out.append(("light", 900000 + 13 * i, _opts(i), _kinds(i)))
    return out


def _run_one(cfg):
    if cfg[0] == "light":
        return play_light(*cfg[1:])
    return play_checked(*cfg[1:])


@pytest.fixture(scope="module")
def all_units():
    return run_all(_run_one, _configs())


def test_random_rounds_and_games_all_invariants_hold(all_units):
    fail_on_first(all_units, "units", "")
    assert len(all_units) == N_ROUNDS + N_FULL_GAMES + N_LIGHT_GAMES


def test_units_cover_rounds_games_options_and_outcomes(all_units):
    checked_rounds = sum(r[0] for cfg, r, _ in all_units if cfg[0] != "light")
    light_rounds = sum(r[0] for cfg, r, _ in all_units if cfg[0] == "light")
    assert checked_rounds >= N_ROUNDS
    assert light_rounds >= 3 * N_LIGHT_GAMES
    full_games = [r for cfg, r, _ in all_units if cfg[0] == "game"]
    assert all(over for _, _, over in full_games)
    results = {r[2] for cfg, r, _ in all_units if cfg[0] == "light"}
    assert results == {(1, -1), (-1, 1)}
    seen = {(cfg[2][1:], cfg[3]) for cfg, _, _ in all_units}
    assert len(seen) >= 20


def test_whole_games_reproduce(all_units):
    # Same seed and options, same game: replay a sample of the light games.
    for cfg, summary, _ in [u for u in all_units if u[0][0] == "light"][::50]:
        assert play_light(*cfg[1:]) == summary, cfg


def test_events_and_phases_seen():
    # Enough play to meet every kind of event and phase at least once.
    kinds = set()
    phases = set()
    for seed in range(60):
        g = kj.Klaberjass(seed, all_sequences=seed % 2 == 1)
        kinds.update(ev[0] for ev in g.events)
        p = (RandomPlayer(seed), KlaberjassHeuristic(seed))
        while not g.is_over():
            phases.add(g.phase)
            s = g.current_player
            g.apply(p[s].choose(g.observation(s), g.legal_actions()))
            kinds.update(ev[0] for ev in g.events)
        phases.add(g.phase)
    assert phases == {kj.BID1, kj.BID2, kj.EXCHANGING, kj.PLAY, kj.OVER}
    assert kinds == set(range(kj.EV_CUT, kj.EV_GAME + 1))


# --- notation fuzz ------------------------------------------------------------


def _valid_texts():
    out = []
    for seed in (1, 2, 3):
        g = kj.Klaberjass(seed, target=150, classic=seed == 2, all_sequences=seed == 3)
        p = (KlaberjassHeuristic(seed), RandomPlayer(seed))
        while True:
            out.append(g.to_text())
            if g.is_over():
                break
            s = g.current_player
            g.apply(p[s].choose(g.observation(s), g.legal_actions()))
    return out


VALID = _valid_texts()
PIECES = st.sampled_from(
    ["", ";", "=", "-", ",", "?", "0", "1", "2", "9", "500", "x", "p", "C", "TC", "7h", "2C",
     "AS", "XX", "m=-", "p=-", "h0=", ";c=", ";x=D", "l=-", "s=0,0", "\x00", "é", "ﬅ", "１",
     " ", "\n", "KJ1"]
)  # fmt: skip


def mutated():
    return randomrun.mutated(VALID, PIECES)


def _check_parsed(g):
    """Whatever from_text accepts is a consistent game that plays on."""
    t = g.to_text()
    f = parse_text(t)
    assert_conserved(f)
    assert kj_text.from_text(t).to_text() == t
    if g.is_over():
        g.result()
        assert g.legal_actions() == []
        return
    legal = g.legal_actions()
    assert legal and legal == oracle_legal(f)
    g.observation(0)
    g.observation(1)
    # It plays on without error through the next round's end.
    p = RandomPlayer(len(t))
    for _ in range(60):
        if g.is_over():
            break
        s = g.current_player
        g.apply(p.choose(g.observation(s), g.legal_actions()))
        assert_conserved(parse_text(g.to_text()))


def _try(text):
    only_value_error(kj_text.from_text, _check_parsed, text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_from_text_mutated_notation_only_value_error(text):
    _try(text)


@settings(max_examples=300, deadline=None)
@given(
    st.text(max_size=200)
    | st.text(alphabet="KJ1;=wodsrpmhkutxcl0123456789,-?TJQKACDHS", max_size=200)
)
def test_from_text_arbitrary_strings_only_value_error(text):
    _try(text)


@pytest.mark.parametrize("bad", [None, 5, b"KJ1;w=500", ["KJ1"], 1.5])
def test_from_text_non_string_value_error(bad):
    with pytest.raises(ValueError):
        kj_text.from_text(bad)


def test_valid_texts_all_parse():
    assert len(VALID) > 100
    phases = set()
    for t in VALID:
        g = kj_text.from_text(t)
        phases.add(g.phase)
        _check_parsed(g)
    assert kj.OVER in phases and kj.PLAY in phases
