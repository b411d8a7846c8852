"""tools/ai/klaberjass_ismcts.py and klaberjass_match.py: the independent
ISMCTS yardstick follows the rules (KJ-4, KJ-9, KJ-11, KJ-13, KJ-14), decides
from the seat's observation only (KJ-16), uses nothing of the product's
players, the match runner pairs deals and counts rounds, and the replay
tool replays the match's rounds. Small
iteration counts: behaviour, not strength."""

import os
import subprocess
import sys

from mprun import ROOT

sys.path.insert(0, os.path.join(str(ROOT), "tools", "ai"))

import klaberjass_ismcts as ym  # noqa: E402
import klaberjass_match  # noqa: E402
import klaberjass_replay  # noqa: E402

from cardgames import klaberjass as kj  # noqa: E402
from cardgames.rng import Rng  # noqa: E402


def _to_play(seed, cards=0):
    """A game of ``seed`` with trump made (first acceptable bid taken) and
    ``cards`` cards played by the rules core's first legal card."""
    g = kj.Klaberjass(seed=seed)
    while g.phase != kj.PLAY:
        legal = g.legal_actions()
        g.apply(kj.ACCEPT if kj.ACCEPT in legal else legal[-1] if g.phase == kj.BID2
                else legal[0])
    for _ in range(cards):
        g.apply(g.legal_actions()[0])
    return g


def test_legal_cards_match_the_rules_core_kj11():
    """KJ-11: following suit, heading, trumping and overtrumping as the
    rules core has them, in every position of many random rounds (both
    variants of heading)."""
    for seed in range(40):
        for classic in (False, True):
            g = kj.Klaberjass(seed=seed, classic=classic)
            rng = Rng(seed)
            while g.phase != kj.PLAY:
                legal = g.legal_actions()
                g.apply(legal[rng.below(len(legal))] if g.phase != kj.BID1 else kj.ACCEPT)
            for _ in range(18):
                p = g.current_player
                lead = g.trick()[0] if g.trick() else None
                got = ym.legal_cards(list(g.hand(p)), lead, g.trump, classic)
                want = g.legal_actions()
                assert sorted(got) == want
                g.apply(want[rng.below(len(want))])


def test_round_scores_match_the_rules_core_kj9_kj13_kj14():
    """The yardstick's round (from the true deal) and the rules core, the
    same cards played, score the same: bella (KJ-9), card points and the
    last trick (KJ-13), a failed maker (KJ-14)."""
    failed = 0
    for seed in range(60):
        g = _to_play(seed)
        seat = g.current_player
        r = ym.start(g.observation(seat), g)
        rng = Rng(seed)
        while g.phase == kj.PLAY and g.n_played < 18:
            legal = g.legal_actions()
            assert sorted(r.legal()) == legal
            c = legal[rng.below(len(legal))]
            r.play(c)
            g.apply(c)
        assert r.over()
        assert r.scored() == g.last_round.scored
        failed += g.last_round.failed
    assert 0 < failed < 60


def test_rollout_plays_legal_cards_to_the_end_kj11_kj14():
    """The random playout (one loop, its own legality) ends every round
    with all 18 cards played and the KJ-14 totals: the points taken so far,
    the points of the cards in hand, the last trick, sequences and bellas
    (KJ-17: at most 162 besides sequences and bellas)."""
    import random

    for seed in range(30):
        g = _to_play(seed, cards=seed % 5)
        obs = g.observation(g.current_player)
        r = ym.start(obs, g)
        base = sum(r.pts) + kj.LAST_TRICK + sum(
            ym.POINTS[r.t][c] for h in r.hands for c in h)
        s0, s1 = ym.rollout(r, random.Random(seed).random)
        assert r.n == 18
        assert r.hands == [[], []]
        assert base <= s0 + s1 <= base + 2 * kj.BELLA
        assert base - sum(obs.seq_points) - sum(obs.bella) <= 162


def test_bids_follow_the_strength_threshold_kj4():
    """KJ-4: accept the turned suit (round one) or name the strongest other
    suit (round two) when its strength reaches the threshold, else pass;
    the exchange is always taken (KJ-7)."""
    for seed in range(30):
        g = kj.Klaberjass(seed=seed)
        obs = g.observation(g.current_player)
        v = ym.strength(obs.hand, obs.turned_suit)
        for th in (v, v + 1):
            a = ym.IsmctsPlayer(1, 10, th).choose(obs, g.legal_actions())
            assert a == (kj.ACCEPT if v >= th else kj.PASS)
        g.apply(kj.PASS)
        g.apply(kj.PASS)
        obs = g.observation(g.current_player)
        legal = g.legal_actions()
        best = max(legal[1:], key=lambda a: ym.strength(obs.hand, a - kj.NAME_CLUBS))
        top = ym.strength(obs.hand, best - kj.NAME_CLUBS)
        assert ym.IsmctsPlayer(1, 10, top).choose(obs, legal) in [
            a for a in legal[1:] if ym.strength(obs.hand, a - kj.NAME_CLUBS) == top]
        assert ym.IsmctsPlayer(1, 10, top + 1).choose(obs, legal) == kj.PASS


def test_strength_counts_trumps_aces_and_guarded_tens():
    """The valuation: J 20 + 10, 9 14 + 10, a side ace 11, its ten 5."""
    card = kj.cards.card
    hand = bytes((card(kj.RJ, 2), card(kj.R9, 2), card(kj.RA, 3), card(kj.RT, 3),
                  card(kj.R7, 0), card(kj.R8, 1)))
    assert ym.strength(hand, 2) == 30 + 24 + 11 + 5


def test_decides_from_the_observation_only_kj16():
    """Two deals that look the same to the seat (the hidden cards dealt
    again by the rules core's ``world``) get the same card for the same
    seed: the player reads its observation only."""
    checked = 0
    for seed in range(12):
        g = _to_play(seed, cards=3 + seed % 4)
        seat = g.current_player
        legal = g.legal_actions()
        if len(legal) < 2:
            continue
        obs = g.observation(seat)
        other = kj.world(obs, Rng(seed + 99))
        other.hold_round = False
        assert other.observation(seat).hand == obs.hand
        a = ym.IsmctsPlayer(seed, 60).choose(obs, legal)
        b = ym.IsmctsPlayer(seed, 60).choose(other.observation(seat), other.legal_actions())
        assert a == b and a in legal
        checked += 1
    assert checked >= 8


def test_uses_the_rules_core_alone():
    """The yardstick imports nothing of the product's players."""
    code = ("import sys; sys.path[:0] = [%r, %r]; import klaberjass_ismcts; "
            "print(any(m == 'players' or m.startswith('players.') for m in sys.modules))"
            % (os.path.join(str(ROOT), "firmware"), os.path.join(str(ROOT), "tools", "ai")))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_match_pairs_deals_and_counts_rounds():
    """One deal pair, both seatings: each side's rounds made and won add
    up, the report gives both sides' figures, and the game lines read back
    to the same report (a run cut short is reported from its lines)."""
    recs = klaberjass_match.run("heuristic", 1, 70000, 20, 60, quiet=True)
    assert [(p, s) for p, s, _ in recs] == [(0, 0), (0, 1)]
    for _p, _s, st in recs:
        assert st["made_a"] + st["made_b"] == st["rounds"] > 0
        assert st["won_a"] + st["won_b"] <= st["rounds"]
        assert st["failed_a"] <= st["made_a"] and st["failed_b"] <= st["made_b"]
        # KJ-4: every round the level made trump in is made one way.
        made = [st["made_a%d" % k] for k in range(4)]
        failed = [st["failed_a%d" % k] for k in range(4)]
        assert sum(made) == st["made_a"] and sum(failed) == st["failed_a"]
        assert all(f <= m for f, m in zip(failed, made, strict=True))
        assert st["result"] in (-1, 0, 1)
    lines = klaberjass_match.report("heuristic", 1, 70000, 20, 60, recs)
    back = [klaberjass_match.read_line(klaberjass_match.game_line(*r)) for r in recs]
    assert back == recs
    assert klaberjass_match.report("heuristic", 1, 70000, 20, 60, back) == lines
    assert lines[1].startswith("heuristic") and lines[2].startswith("ismcts")
    assert lines[3].startswith("heuristic made trump by round one, dealer")
    # A line written before the split reads back with zeros there.
    old = klaberjass_match.game_line(*recs[0]).rsplit(" ", len(klaberjass_match.BY_KIND))[0]
    p, s, st = klaberjass_match.read_line(old)
    assert (p, s) == recs[0][:2] and st["made_a"] == recs[0][2]["made_a"]
    assert all(st[k] == 0 for k in klaberjass_match.BY_KIND)


def test_replay_rows_are_the_match_rounds_kj14():
    """klaberjass_replay.py plays klaberjass_match.py's game: one row per
    round, the level's trump rounds, failures and points as the match
    counts them (KJ-14), and a replay of a round by the same deterministic
    players scores what the round scored."""
    for swap in (0, 1):
        rows = klaberjass_replay.play("heuristic", 70001, swap, 20, 60)
        st = klaberjass_match.play("heuristic", 70001, swap, 20, 60)
        assert len(rows) == st["rounds"] > 0
        assert sum(r[0] for r in rows) == st["made_a"]
        assert sum(r[2] for r in rows if r[0]) == st["failed_a"]
        assert sum(r[3] for r in rows) == st["points_a"] - st["points_b"]
        assert all(r[1] in (0, 1) if r[0] else r[1] == -1 for r in rows)
    g = _to_play(7)
    start = g.copy()
    h = klaberjass_replay.levels.heuristic("klaberjass")
    sm = klaberjass_replay.finish(g, [h, h])
    assert klaberjass_replay.finish(start, [h, h]).scored == sm.scored


class _Bidder:
    """Passes every bid (KJ-4), or accepts the turned suit, then plays the
    first legal card."""

    def __init__(self, take):
        self.take = take

    def choose(self, obs, legal):
        if obs.phase in (kj.BID1, kj.BID2):
            return kj.ACCEPT if self.take and kj.ACCEPT in legal else kj.PASS
        return legal[0]


def test_replayed_bids_score_the_round_or_nothing_after_a_redeal_kj5_kj14():
    """klaberjass_replay.py --bids: a round played on from a bid scores
    what the round scored (KJ-14), and four passes score nothing (KJ-5)."""
    for seed in range(6):
        g = kj.Klaberjass(seed=seed)
        assert klaberjass_replay.round_from(g.copy(), [_Bidder(False)] * 2) == 0
        sc = klaberjass_replay.round_from(g, [_Bidder(True)] * 2)
        assert sc == g.last_round.scored[0] - g.last_round.scored[1] != 0
    assert klaberjass_replay.bids("heuristic", 70001, 0, 20, 60) == []
