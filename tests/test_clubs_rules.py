"""One or more tests per Clubs rule (RULES.md PC-1 ... PC-16), on precise
positions built with ``clubs_text.from_text`` (notation: module docstring of
cardgames.clubs).

Seats: 0 North, 1 East, 2 South, 3 West; N-S and E-W are partners. Values,
sums, takers and scores expected here are worked out by hand from the rule
text (written next to each case), not copied from the implementation.
"""

import pytest
from notation import assert_illegal

from cardgames import cards, clubs, clubs_text
from cardgames import notation as card_names

ALL_NAMES = [r + s for s in "CDHS" for r in "23456789TJQKA"]
OFF = (1, 3, 2, 0)  # Hearts pass offsets: left, right, across, none (PC-2)
N, E, S, W = 0, 1, 2, 3
BID = clubs.BID0


def C(name):
    return card_names.parse(name)


def deal(n="", e="", s="", w="", avoid=None):
    """Four 13-card hands (lists of names) as they are after the passes: the
    named cards, then the others given out in deck order to seats that still
    need cards, skipping the suits ``avoid`` (seat -> suit letters) lists."""
    fixed = [n.split(), e.split(), s.split(), w.split()]
    named = [c for f in fixed for c in f]
    assert len(set(named)) == len(named), "a card named twice"
    avoid = avoid or {}
    hands = [list(f) for f in fixed]
    rest = [c for c in ALL_NAMES if c not in named]
    # Seats with suits to avoid first, then the others in turn.
    for t in sorted(avoid):
        for c in list(rest):
            if len(hands[t]) < 13 and c[1] not in avoid[t]:
                hands[t].append(c)
                rest.remove(c)
    seat = 0
    for c in rest:
        while len(hands[seat % 4]) >= 13:
            seat += 1
        hands[seat % 4].append(c)
        seat += 1
    assert all(len(h) == 13 for h in hands), [len(h) for h in hands]
    return hands


def notation(
    hands,
    k="",
    w="",
    b="----",
    n=1,
    d=3,
    s="0,0",
    last="-",
    t=42,
    x=None,
    v=None,
    ph="L",
    m=0,
    r="1,1",
):
    """Notation for a hand in play: ``hands`` as after the passes (13 names
    each), ``k`` the cards played (names, in order). Default passes: each
    seat's partner card is the last card of its partner's hand, its Hearts
    card the last but one of the receiver's (so they all reach the right
    seat); each seat shows the first card of its hand."""
    played = k.split()
    held = [[c for c in h if c not in played] for h in hands]
    pd = (n - 1) % 4
    if x is None:
        slots = []
        for seat in range(4):
            hc = "--" if pd == 3 else hands[(seat + OFF[pd]) % 4][-2]
            slots += [hc, hands[(seat + 2) % 4][-1]]
        x = "".join(slots)
    if v is None:
        v = "".join(h[0] for h in hands)
    return "PC1;t=%d;r=%s;n=%d;d=%d;s=%s;ph=%s;m=%s;%s;x=%s;v=%s;k=%s;w=%s;b=%s;l=%s" % (
        t, r, n, d, s, ph, m,
        ";".join("h%d=%s" % (i, "".join(held[i])) for i in range(4)),
        x, v, "".join(played), w, b, last,
    )  # fmt: skip


def game(hands, **kw):
    """from_text of ``notation(hands, **kw)``; the phase and seat to move are
    found (they follow from the position) unless given."""
    if "ph" in kw:
        return clubs_text.from_text(notation(hands, **kw))
    first = None
    for ph in "LTBX":
        for m in "0123-":
            try:
                return clubs_text.from_text(notation(hands, ph=ph, m=m, **kw))
            except ValueError as e:
                first = first or e
    raise first


def names(cs):
    return sorted(cards.name(c) for c in cs)


def play(g, *names_):
    for nm in names_:
        g.apply(C(nm))


def kinds(g):
    return [ev[0] for ev in g.events]


# Positions recorded from seeded games (tools/mp/transcripts_clubs.py players),
# kept literally so the tests do not depend on the players:
# South (seat 2) has just won its first trick on trick 13 (w: only the last
# digit is 2): it must bid, and only zero.
BID_AFTER_13 = (
    "PC1;t=42;r=36120,63634;n=1;d=3;s=0,0;ph=B;m=2;h0=;h1=;h2=;h3=;x=7H2DJCADQDQH6D2H;v=KC2"
    "H2DAC;k=KSQSJS3S6D5D2DTDADKD9D7DJD4D8D3D4HAHJH5H7S5S6S6CKHTH7H3HAC5CTCJCQCKC9C8CQH6H9S"
    "9H2STS8S7CQD8H2H4S3CAS2C4C;w=0333033300332;b=5--6;l=-"
)
# West (seat 3) has just won its first trick on trick 12.
BID_AFTER_12 = (
    "PC1;t=42;r=5899,6848;n=1;d=0;s=0,0;ph=B;m=3;h0=4C;h1=8H;h2=QD;h3=QH;x=TS5DKC6D7CKDAS3S"
    ";v=9S3D4H5S;k=3S7S5S9SASTSKS4S6HJH7H3HAD5DTDKD3D7D4DJD2SJSQS9D8S8CAH6SACKCTC9C3C2C7CJC"
    "9H2HTHKH2D6D5H8D5C4H6CQC;w=001101110213;b=8A5-;l=-"
)
# Hand 3, trick 13, three cards played: East plays the hand's last card, AC.
LAST_CARD = (
    "PC1;t=42;r=3339,12580;n=3;d=3;s=14,21;ph=L;m=1;h0=;h1=AC;h2=;h3=;x=QCAH5H6HADTCASKD;v="
    "4DACQC2S;k=4DKD2D7DASKS6SQSJS2S7S8SKH9H4HJH9S4S3S5S8D2H3DJDTS9CQHAD8H3HQDJCKCQC4CTCAH7"
    "H8C5CTD6CTH6D9D7C2C6H3C5H5D;w=122111212002;b=174-;l=2-18201A00000001"
)


def with_field(text, key, value):
    parts = text.split(";")
    for i, p in enumerate(parts):
        if p.startswith(key + "="):
            parts[i] = key + "=" + value
    return ";".join(parts)


# --- PC-1 Deal --------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**29 + 3])
def test_pc1_deal_thirteen_each_passing_first(seed):
    g = clubs.Clubs(seed)
    assert [g.hand_size(s) for s in range(4)] == [13] * 4
    everything = b"".join(g.hand(s) for s in range(4))
    assert sorted(everything) == list(range(52))
    assert g.hand_no == 1 and g.phase == clubs.PH_PASS_HEARTS and g.current_player == 0
    assert g.scores == [0, 0] and not g.is_over()
    assert g.events and g.events[0][:3] == (clubs.EV_DEAL, g.dealer, 1)


def test_pc1_first_dealer_random_from_the_seed():
    dealers = [clubs.Clubs(seed).dealer for seed in range(200)]
    assert set(dealers) == {0, 1, 2, 3}
    assert dealers == [clubs.Clubs(seed).dealer for seed in range(200)], "seeded"
    assert all(300 // 8 < dealers.count(d) for d in range(4))
    for d in range(4):
        assert clubs.Clubs(5, dealer=d).dealer == d


@pytest.mark.parametrize("bad", [4, -1, "0", 1.0, True])
def test_pc1_bad_dealer_or_target_rejected(bad):
    with pytest.raises(ValueError):
        clubs.Clubs(1, dealer=bad)
    with pytest.raises(ValueError):
        clubs.Clubs(1, target=bad if bad != 4 else 0)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_pc1_dealers_left_leads_the_first_trick(dealer):
    g = clubs.Clubs(11, dealer=dealer)
    while g.phase != clubs.PH_PLAY:
        g.apply(g.legal_actions()[0])
    assert g.current_player == (dealer + 1) % 4
    assert g.trick_leader() == (dealer + 1) % 4


def test_pc1_deal_passes_left_after_a_hand():
    g = clubs_text.from_text(LAST_CARD)
    assert g.dealer == 3 and g.hand_no == 3
    g.apply(C("AC"))
    assert g.hand_no == 4 and g.dealer == 0, "deal passes to the left (clockwise)"
    deals = [ev for ev in g.events if ev[0] == clubs.EV_DEAL]
    assert deals == [(clubs.EV_DEAL, 0, 4, clubs.PASS_NONE)]
    assert [g.hand_size(s) for s in range(4)] == [13] * 4


def test_pc1_first_deal_from_an_explicit_deck():
    # PC-1 with ``deck``: one card at a time from the dealer's left.
    order = [r + s for s in "SHDC" for r in "AKQJT98765432"]
    g = clubs.Clubs(4, dealer=2, deck="".join(order))
    for seat in range(4):
        want = sorted(order[i] for i in range(52) if (3 + i) % 4 == seat)
        assert sorted(cards.name(c) for c in g.hand(seat)) == want
    # The seed's own shuffle as the deck: the seed's very game, later hands
    # included (the first dealer and the next deals still come from the seed).
    from cardgames.rng import Rng

    r = Rng(31)
    r.below(4)  # the first dealer (PC-1)
    own = r.shuffle(bytearray(cards.DECK52))
    a, b = clubs.Clubs(31), clubs.Clubs(31, deck=bytes(own))
    assert a.to_text() == b.to_text()
    for _ in range(400):
        if a.is_over():
            break
        act = a.legal_actions()[-1]
        a.apply(act)
        b.apply(act)
    assert a.hand_no > 1 and a.to_text() == b.to_text()


@pytest.mark.parametrize("deck, words", [
    ("2C3C", "2 cards"), (list(range(51)) + [0], "twice"), ([1.0] * 52, "not a card"),
    (7, "card ints"), ("2C" * 51 + "2X", "not a card")])  # fmt: skip
def test_pc1_bad_deck_is_value_error(deck, words):
    with pytest.raises(ValueError, match=words):
        clubs.Clubs(1, deck=deck)


# --- PC-2 Passing -----------------------------------------------------------------


def test_pc2_pass_cycle_left_right_across_none_left():
    assert [clubs.pass_direction(n) for n in range(1, 10)] == [
        clubs.PASS_LEFT, clubs.PASS_RIGHT, clubs.PASS_ACROSS, clubs.PASS_NONE,
        clubs.PASS_LEFT, clubs.PASS_RIGHT, clubs.PASS_ACROSS, clubs.PASS_NONE, clubs.PASS_LEFT,
    ]  # fmt: skip
    assert clubs.hearts_receiver(N, clubs.PASS_LEFT) == E
    assert clubs.hearts_receiver(N, clubs.PASS_RIGHT) == W
    assert clubs.hearts_receiver(N, clubs.PASS_ACROSS) == S
    assert clubs.hearts_receiver(W, clubs.PASS_LEFT) == N
    assert clubs.hearts_receiver(N, clubs.PASS_NONE) is None


def _start_of_hand(n):
    """A hand ``n`` before the passes (scores and last hand made up, valid)."""
    text = clubs.Clubs(21, dealer=1).to_text()
    text = with_field(text, "n", str(n))
    if n > 1:
        text = with_field(text, "l", "3-4-706000000000")
    if (n - 1) % 4 == clubs.PASS_NONE:
        text = with_field(text, "ph", "P")
    return clubs_text.from_text(text)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_pc2_passes_over_hands_1_to_5(n):
    g = _start_of_hand(n)
    pd = (n - 1) % 4
    assert g.pass_dir() == pd
    before = [set(g.hand(s)) for s in range(4)]
    picks = {}
    for s in range(4):
        hand = sorted(before[s])
        assert g.current_player == s, "the seats choose in the fixed order N, E, S, W"
        if pd != clubs.PASS_NONE:
            assert g.phase == clubs.PH_PASS_HEARTS
            assert g.legal_actions() == hand
            g.apply(hand[3])
        assert g.phase == clubs.PH_PASS_PARTNER
        expected = [c for c in hand if pd == clubs.PASS_NONE or c != hand[3]]
        assert g.legal_actions() == expected, "two different cards"
        if pd != clubs.PASS_NONE:
            assert_illegal(g, hand[3], "different")
        g.apply(hand[7])
        picks[s] = (hand[3] if pd != clubs.PASS_NONE else None, hand[7])
        if s < 3:
            # Nothing moves until all four chose.
            assert [set(g.hand(t)) for t in range(4)] == before
    assert g.phase == clubs.PH_SHOW
    moved = [ev for ev in g.events if ev[0] == clubs.EV_PASS]
    assert len(moved) == (4 if pd == clubs.PASS_NONE else 8)
    for s in range(4):
        hc, pc = picks[s]
        assert g.loc[pc] == (s + 2) % 4, "the partner pass, every hand"
        if hc is not None:
            assert g.loc[hc] == (s + OFF[pd]) % 4
        assert g.hand_size(s) == 13
    if pd == clubs.PASS_ACROSS:
        # The partner receives both cards.
        for s in range(4):
            assert set(g.received(s)) == set(picks[(s + 2) % 4])


def test_pc2_choices_hidden_until_all_chose():
    g = _start_of_hand(1)
    h0 = g.hand(0)
    g.apply(h0[0])
    g.apply(h0[1])
    for other in (1, 2, 3):
        obs = g.observation(other)
        assert obs.passed == bytes((clubs.NO_CARD, clubs.NO_CARD))
        assert obs.received == bytes((clubs.NO_CARD, clubs.NO_CARD))
        assert set(obs.hand).isdisjoint({h0[0], h0[1]})
        for ev in g.events:
            assert cards.name(h0[0]) not in clubs.describe(ev, other, clubs.SEAT_NAMES)
            assert clubs.symbol_name(h0[0]) not in clubs.describe(ev, other, clubs.SEAT_NAMES)
    assert g.observation(0).passed == bytes((h0[0], h0[1]))
    for s in (1, 2, 3):
        h = g.hand(s)
        g.apply(h[0])
        g.apply(h[1])
    # Now each seat knows what it passed and received, and no more (PC-16).
    obs = g.observation(1)
    assert obs.received[0] == h0[0], "North's Hearts card went left, to East"
    assert h0[0] in obs.hand
    assert g.observation(2).received[1] == h0[1]


# --- PC-3 Showing -----------------------------------------------------------------


def test_pc3_show_in_order_hidden_then_revealed_returned_to_hand():
    g = _start_of_hand(4)
    for s in range(4):
        g.apply(g.hand(s)[0])
    assert g.phase == clubs.PH_SHOW
    picks = []
    for s in range(4):
        assert g.current_player == s
        c = g.hand(s)[5]
        assert g.legal_actions() == list(g.hand(s))
        g.apply(c)
        picks.append(c)
        if s < 3:
            for o in range(4):
                obs = g.observation(o)
                for t in range(4):
                    assert obs.shown[t] == (picks[t] if t == o and t <= s else clubs.NO_CARD)
    assert g.phase == clubs.PH_PLAY
    assert [ev for ev in g.events if ev[0] == clubs.EV_SHOWN] == [
        (clubs.EV_SHOWN, s, picks[s], 0) for s in range(4)
    ]
    for o in range(4):
        assert g.observation(o).shown == bytes(picks)
        assert g.observation(o).shown_live == bytes(picks)
    for s in range(4):
        assert picks[s] in g.hand(s), "shown cards go back to the hand"
        assert g.hand_size(s) == 13


def test_pc3_shown_card_public_until_played_no_duty_to_play_it():
    hands = deal(n="AH 5H", e="2H", s="3H", w="4H KD")
    g = game(hands, v="5H" + "2H" + "3H" + "KD")
    assert g.current_player == N
    play(g, "AH")  # North shows 5H but need not play it
    assert g.observation(E).shown_live == bytes((C("5H"), C("2H"), C("3H"), C("KD")))
    play(g, "2H")
    assert g.observation(N).shown_live[E] == clubs.NO_CARD, "played: no longer 'unplayed'"
    assert g.observation(N).shown[E] == C("2H")


# --- PC-4 Following ----------------------------------------------------------------


def test_pc4_must_follow_suit_led():
    hands = deal(n="7H", e="2H KH 3D AS", avoid={})
    g = game(hands)
    play(g, "7H")
    east = g.hand(E)
    hearts = [c for c in east if c // 13 == cards.HEARTS]
    assert g.legal_actions() == hearts
    assert_illegal(g, C("3D"), "follow", "PC-4")
    assert_illegal(g, C("AS"), "follow")


def test_pc4_void_may_play_any_card():
    hands = deal(n="7H", e="2C 3D AS", avoid={E: "H"})
    g = game(hands)
    play(g, "7H")
    assert g.legal_actions() == list(g.hand(E))
    assert len(g.legal_actions()) == 13


def test_pc4_card_not_in_hand_or_not_a_card():
    hands = deal(n="7H 8H", e="2H")
    g = game(hands)
    assert_illegal(g, C("2H"), "not in your hand")
    for bad in (-1, 52, clubs.BID0, clubs.TAKE_SELF, None, "7H", 7.0, True):
        before = g.to_text()
        assert g.why_illegal(bad)
        with pytest.raises(ValueError):
            g.apply(bad)
        assert g.to_text() == before


# --- PC-5 Leading clubs ----------------------------------------------------------


def test_pc5_no_club_lead_before_clubs_are_broken():
    hands = deal(n="2C AC 7H 8D", avoid={})
    g = game(hands)
    assert g.current_player == N and not g.broken
    legal = g.legal_actions()
    assert all(c >= 13 for c in legal) and C("7H") in legal
    assert_illegal(g, C("2C"), "clubs are not broken", "PC-5")
    assert_illegal(g, C("AC"), "PC-5")


def test_pc5_hand_of_only_clubs_may_lead_a_club():
    hands = deal(n=" ".join(r + "C" for r in "23456789TJQKA"))
    g = game(hands)
    assert g.legal_actions() == list(range(13))
    play(g, "5C")
    assert g.broken
    assert clubs.EV_BROKEN in kinds(g)


def test_pc5_club_played_off_suit_breaks_clubs_for_later_leads():
    # Trick 1: N AH 14, E 2C 5 (void in hearts), S 3H 3, W 4H 4: N-S 17,
    # E-W 9; North takes (AH over 3H), bids, and may then lead a club.
    hands = deal(n="AH 9C 5D", e="2C", s="3H", w="4H", avoid={E: "H"})
    g = game(hands)
    play(g, "AH")
    assert not g.broken
    play(g, "2C")
    assert g.broken
    assert (clubs.EV_BROKEN, E, C("2C"), 0) in g.events
    play(g, "3H", "4H")
    assert g.phase == clubs.PH_BID and g.current_player == N
    g.apply(BID + 2)
    assert g.phase == clubs.PH_PLAY and g.current_player == N
    assert C("9C") in g.legal_actions()
    play(g, "9C")


def test_pc5_not_broken_while_the_club_is_in_the_current_trick_only():
    # A club can only be led once broken, so the first club played is always
    # off the suit led; clubs count as broken from the next trick on.
    hands = deal(n="AH", e="2C", s="3H", w="4H", avoid={E: "H"})
    g = game(hands)
    assert not g.observation(S).broken
    play(g, "AH", "2C")
    assert g.observation(S).broken


# --- PC-6 Card values ------------------------------------------------------------


def test_pc6_card_values_in_and_out_of_suit():
    H, D, Cl = cards.HEARTS, cards.DIAMONDS, cards.CLUBS
    assert clubs.card_value(C("2H"), H) == 2
    assert clubs.card_value(C("TH"), H) == 10
    assert clubs.card_value(C("JH"), H) == 11
    assert clubs.card_value(C("QH"), H) == 12
    assert clubs.card_value(C("KH"), H) == 13
    assert clubs.card_value(C("AH"), H) == 14
    # Clubs: +3 always, led or not ("the 2 of clubs always has a value of 5;
    # the jack, 14").
    for led in (Cl, D, H, cards.SPADES):
        assert clubs.card_value(C("2C"), led) == 5
        assert clubs.card_value(C("JC"), led) == 14
        assert clubs.card_value(C("AC"), led) == 17
    # A non-club off the suit led: -3 (an off-suit 2 is worth -1).
    assert clubs.card_value(C("2D"), H) == -1
    assert clubs.card_value(C("AD"), H) == 11
    assert clubs.card_value(C("7S"), Cl) == 4


def test_pc6_values_in_a_trick_led_card_follows_its_own_suit():
    # N leads 7H (7), E 2C (5: club, void in hearts), S 9H (9), W 2D (-1:
    # off-suit 2, void in hearts).
    hands = deal(n="7H", e="2C", s="9H", w="2D", avoid={E: "H", W: "H"})
    g = game(hands)
    play(g, "7H")
    assert g.trick_values() == (7,)
    assert g.events[0] == (clubs.EV_PLAY, N, C("7H"), 7)
    play(g, "2C", "9H")
    assert g.trick_values() == (7, 5, 9)
    assert g.trick_sums() == (16, 5)
    assert g.observation(W).trick_sums == (16, 5)
    play(g, "2D")
    assert g.events[0] == (clubs.EV_PLAY, W, C("2D"), -1)
    assert (clubs.EV_SUMS, 0, 16, 4) in g.events


def test_pc6_clubs_are_not_trumps_higher_sum_wins_although_a_club_was_played():
    # N AH 14, E 2C 5 (a club), S KH 13, W 3H 3: N-S 27 > E-W 8. The club
    # does not win the trick; North takes it (AH over KH, both of the suit led).
    hands = deal(n="AH", e="2C", s="KH", w="3H", avoid={E: "H"})
    g = game(hands)
    play(g, "AH", "2C", "KH", "3H")
    assert (clubs.EV_SUMS, 0, 27, 8) in g.events
    assert (clubs.EV_TRICK, N, 1, clubs.WIN_SUM) in g.events
    assert g.won[N] == 1


def test_pc6_club_led_other_clubs_follow():
    # Trick 1: N AH, E 2C (void in hearts: clubs broken), S 3H, W 4H; North
    # takes and bids. Trick 2: N leads 3C (6); E 9C (12) follows; S 2H (-1:
    # off the suit led, a Negative One); W AC (17): E-W 29 > 5, W's AC takes.
    hands = deal(n="AH 3C", e="2C 9C", s="3H 2H", w="4H AC", avoid={E: "H", S: "C"})
    g = game(hands)
    play(g, "AH", "2C", "3H", "4H")
    g.apply(BID + 2)
    play(g, "3C", "9C")
    assert g.trick_values() == (6, 12)
    play(g, "2H")
    assert g.trick_values() == (6, 12, -1)
    assert (clubs.EV_NEG_ONE, S, C("2H"), 0) in g.events
    play(g, "AC")
    assert (clubs.EV_SUMS, 1, 5, 29) in g.events
    assert (clubs.EV_TRICK, W, 2, clubs.WIN_SUM) in g.events
    assert clubs.EV_ADAM not in kinds(g), "West's side won"


# --- PC-7 / PC-8 Trick sum and highest card -------------------------------------


def test_pc7_higher_sum_wins():
    assert clubs.trick_sums(bytes((C("7H"), C("2C"), C("9H"), C("2D"))), N) == (16, 4)
    # Led by East: E, S, W, N.
    assert clubs.trick_sums(bytes((C("2H"), C("KD"), C("3H"), C("QS"))), E) == (19, 5)
    t = bytes((C("5H"), C("AC"), C("4H"), C("AH")))
    assert clubs.resolve_trick(t, N) == (1, clubs.WIN_SUM, E, None)


def test_pc8_equal_sums_highest_club_wins():
    # N 9H 9, E 8H 8, S 3C 6, W 4C 7: 15 = 15. The highest card is the highest
    # club, W's 4C, so E-W win although N's 9H is the highest heart; W takes
    # (a club beats E's heart, PC-9).
    hands = deal(n="9H", e="8H", s="3C", w="4C", avoid={S: "H", W: "H"})
    g = game(hands)
    play(g, "9H", "8H", "3C", "4C")
    assert (clubs.EV_SUMS, 1, 15, 15) in g.events
    assert (clubs.EV_TRICK, W, 1, clubs.WIN_HIGH) in g.events
    assert clubs.highest_card_index(bytes((C("9H"), C("8H"), C("3C"), C("4C")))) == 3


def test_pc8_equal_sums_no_club_highest_card_of_suit_led_wins():
    # N 5D 5, E 9D 9, S KD 13, W QS 9 (off-suit 12 - 3): 18 = 18. No club:
    # the highest diamond (S's KD) wins for N-S; S takes (KD over 5D).
    hands = deal(n="5D", e="9D", s="KD", w="QS", avoid={W: "D"})
    g = game(hands)
    play(g, "5D", "9D", "KD", "QS")
    assert (clubs.EV_SUMS, 0, 18, 18) in g.events
    assert (clubs.EV_TRICK, S, 1, clubs.WIN_HIGH) in g.events


def test_pc8_off_suit_high_card_is_never_the_highest_card():
    # Led 2S; the AH is off-suit and not a club, so it cannot be "highest".
    t = bytes((C("2S"), C("AH"), C("3S"), C("4D")))
    assert clubs.highest_card_index(t) == 2


# --- PC-9 Which partner takes it -------------------------------------------------


def test_pc9_partner_with_the_club_takes_over_the_led_suit_partner():
    # N AH 14, E 3H 3, S 2C 5, W 4H 4: N-S 19. S's club beats N's ace of the
    # suit led, so South takes the trick, and bids.
    hands = deal(n="AH", e="3H", s="2C", w="4H", avoid={S: "H"})
    g = game(hands)
    play(g, "AH", "3H", "2C", "4H")
    assert (clubs.EV_TRICK, S, 1, clubs.WIN_SUM) in g.events
    assert g.phase == clubs.PH_BID and g.current_player == S


def test_pc9_card_of_suit_led_beats_off_suit_non_club():
    # N 4S 4, E 2S 2, S KD 10 (off-suit), W 3S 3: N-S 14; N's spade takes
    # although S's KD is worth more.
    hands = deal(n="4S", e="2S", s="KD", w="3S", avoid={S: "S"})
    g = game(hands)
    play(g, "4S", "2S", "KD", "3S")
    assert (clubs.EV_TRICK, N, 1, clubs.WIN_SUM) in g.events


def test_pc9_two_off_suit_cards_higher_value_takes():
    # East leads (dealer North): E 2H 2, S KD 10, W 3H 3, N QS 9: N-S 19;
    # both off-suit non-clubs, S's 10 beats N's 9.
    hands = deal(e="2H", s="KD", w="3H", n="QS", avoid={S: "H", N: "H"})
    g = game(hands, d=N)
    assert g.current_player == E
    play(g, "2H", "KD", "3H", "QS")
    assert (clubs.EV_TRICK, S, 1, clubs.WIN_SUM) in g.events


@pytest.mark.parametrize("choice", [clubs.TAKE_SELF, clubs.TAKE_PARTNER])
def test_pc9_equal_off_suit_cards_earlier_partner_chooses(choice):
    # E 2H 2, S KD 10, W 3H 3, N KS 10: N-S 20; two off-suit kings: South
    # played first of the two, so South chooses who takes it.
    hands = deal(e="2H", s="KD", w="3H", n="KS", avoid={S: "H", N: "H"})
    g = game(hands, d=N)
    play(g, "2H", "KD", "3H", "KS")
    assert g.phase == clubs.PH_TAKE and g.current_player == S
    assert (clubs.EV_CHOOSE, S, C("KD"), C("KS")) in g.events
    assert g.legal_actions() == [clubs.TAKE_SELF, clubs.TAKE_PARTNER]
    assert g.trick() == bytes((C("2H"), C("KD"), C("3H"), C("KS")))
    assert_illegal(g, C("2D"), "TAKE_SELF")
    assert_illegal(g, BID + 1, "PC-9")
    text = g.to_text()
    assert ";ph=T;m=2;" in text and clubs_text.from_text(text).to_text() == text
    g.apply(choice)
    taker = S if choice == clubs.TAKE_SELF else N
    assert (clubs.EV_CHOICE, S, taker, 0) in g.events
    assert (clubs.EV_TRICK, taker, 1, clubs.WIN_SUM) in g.events
    assert g.won[taker] == 1
    assert g.phase == clubs.PH_BID and g.current_player == taker


def test_pc9_resolve_trick_orders():
    # Both clubs: the higher value; both of the suit led: the higher rank.
    t = bytes((C("5H"), C("2S"), C("9C"), C("3S")))
    assert clubs.resolve_trick(t, N)[2] == S
    t = bytes((C("5H"), C("2S"), C("9H"), C("3S")))
    assert clubs.resolve_trick(t, N)[2] == S
    t = bytes((C("QH"), C("2S"), C("9H"), C("3S")))
    assert clubs.resolve_trick(t, N)[2] == N


def test_pc7_to_pc9_trick_taker_is_resolve_trick_as_one_int():
    # PC-8/PC-9 as above: the taker's seat.
    assert clubs.trick_taker(bytes((C("5H"), C("2S"), C("9C"), C("3S"))), N) == S
    assert clubs.trick_taker(bytes((C("QH"), C("2S"), C("9H"), C("3S"))), N) == N
    # PC-7: E-W's sum (KD 10 + KS 10) beats N-S's (2H 2 + 3H 3); PC-9: the two
    # kings tie, so East (who played first of them) must choose: 4 + East.
    t = bytes((C("2H"), C("KD"), C("3H"), C("KS")))
    assert clubs.resolve_trick(t, N) == (1, clubs.WIN_SUM, None, E)
    assert clubs.trick_taker(t, N) == 4 + E
    # Any trick: the same taker (or chooser) and team as resolve_trick.
    from cardgames.rng import Rng

    r = Rng(17)
    deck = bytearray(range(52))
    for _ in range(500):
        r.shuffle(deck)
        t = bytes(deck[:4])
        lead = r.below(4)
        team, _why, taker, chooser = clubs.resolve_trick(t, lead)
        got = clubs.trick_taker(t, lead)
        assert got == (taker if taker is not None else 4 + chooser)
        assert got & 1 == team


# --- PC-10 Bidding -----------------------------------------------------------------


def test_pc10_bid_right_after_the_first_trick_before_the_next_lead():
    hands = deal(n="AH", e="2H", s="3H", w="4H")
    g = game(hands)
    play(g, "AH", "2H", "3H", "4H")
    assert g.phase == clubs.PH_BID and g.current_player == N
    assert g.trick() == b""
    assert g.last_trick() == (N, bytes((C("AH"), C("2H"), C("3H"), C("4H"))), N)
    # Total 0 so far: every bid 0..12; 13 would make the total 13.
    assert g.legal_actions() == [BID + k for k in range(13)]
    assert_illegal(g, BID + 13, "13", "PC-10")
    assert_illegal(g, C("5H"), "bid")
    g.apply(BID + 4)
    assert g.events == [(clubs.EV_BID, N, 4, 4)]
    assert g.bids[N] == 4 and g.phase == clubs.PH_PLAY and g.current_player == N


def _three_bidders():
    # Trick 1: N AH, E 2H, S 3H, W 4H: N-S 17 > 6, N takes, bids 5.
    # Trick 2: N 5S, E 2S, S AS, W 3S: N-S 19 > 5, S (AS) takes, bids 4.
    # Trick 3: S 2D, W AD, N 3D, E KD: E-W 27 > 5; W's AD over E's KD.
    hands = deal(n="AH 5S 3D", e="2H 2S KD", s="3H AS 2D", w="4H 3S AD")
    k = "AH 2H 3H 4H 5S 2S AS 3S 2D AD 3D KD"
    return game(hands, k=k, w="023", b="5-4-")


def test_pc10_bid_that_makes_the_total_13_is_illegal():
    g = _three_bidders()
    assert g.phase == clubs.PH_BID and g.current_player == W
    assert g.bids_total() == 9
    assert g.legal_actions() == [BID + k for k in range(14) if k != 4]
    msg = assert_illegal(g, BID + 4, "13")
    assert "PC-10" in msg
    g.apply(BID + 5)
    assert g.bids_total() == 14
    assert g.events[0] == (clubs.EV_BID, W, 5, 14)


def test_pc10_totals_over_13_allowed_and_first_bid_may_not_be_13():
    g = _three_bidders()
    g.apply(BID + 13)
    assert g.bids_total() == 22


def test_pc10_first_trick_won_on_trick_12_forces_a_zero_bid():
    g = clubs_text.from_text(BID_AFTER_12)
    assert g.n_tricks == 12 and g.current_player == W
    assert W not in g.takers[:11] and g.takers[11] == W
    assert g.legal_actions() == [BID]
    assert_illegal(g, BID + 1, "zero", "PC-10")
    g.apply(BID)
    assert g.bids[W] == 0 and g.phase == clubs.PH_PLAY and g.current_player == W


def test_pc10_first_trick_won_on_trick_13_forces_a_zero_bid_then_nil_fails():
    g = clubs_text.from_text(BID_AFTER_13)
    assert g.n_tricks == 13 and g.current_player == S and g.won[S] == 1
    assert g.legal_actions() == [BID]
    assert_illegal(g, BID + 2, "zero")
    g.apply(BID)
    # South bid zero and won a trick: a failed nil, -5 (PC-13).
    assert (clubs.EV_SEAT_SCORE, S, -5, 1) in g.events


def test_pc10_no_bid_by_the_end_is_nil():
    g = clubs_text.from_text(LAST_CARD)
    assert g.bids[W] == clubs.NO_BID and g.won[W] == 0
    g.apply(C("AC"))
    last = g.last_hand()
    assert last.bids[W] == clubs.NO_BID and last.won[W] == 0
    assert last.seat_scores[W] == 5 + 2 * last.neg_ones[W], "a nil made: +5"


def test_pc10_bids_in_notation_checked():
    g = _three_bidders()
    text = g.to_text()
    # A bid by a seat that has won no trick, and a total of 13, are refused.
    for bad in ("5-4-".replace("-", "1", 1), "5-8-", "D-0-"):
        with pytest.raises(ValueError):
            clubs_text.from_text(with_field(text, "b", bad))


# --- PC-11 Negative One ------------------------------------------------------------


def test_pc11_off_suit_non_club_two_is_a_negative_one():
    hands = deal(n="7H", e="2D", s="9H", w="2S", avoid={E: "H", W: "H"})
    g = game(hands)
    play(g, "7H", "2D")
    assert (clubs.EV_NEG_ONE, E, C("2D"), 0) in g.events
    assert g.neg_ones[E] == 1
    play(g, "9H", "2S")
    assert g.neg_ones[W] == 1
    # E-W: -1 + -1 = -2 against N-S 16.
    assert (clubs.EV_SUMS, 0, 16, -2) in g.events
    assert clubs.seat_score(clubs.NO_BID, 0, 1) == 5 + 2
    assert g.hand_summary().seat_scores[E] == 5 + 2


def test_pc11_two_of_clubs_led_two_and_following_two_are_not():
    hands = deal(n="2H", e="2C", s="9H", w="3H", avoid={E: "H"})
    g = game(hands)
    play(g, "2H", "2C", "9H", "3H")
    assert clubs.EV_NEG_ONE not in kinds(g)
    assert list(g.neg_ones) == [0, 0, 0, 0]
    assert not clubs.is_negative_one(C("2H"), cards.HEARTS, 0)
    assert not clubs.is_negative_one(C("2H"), cards.HEARTS, 2)
    assert not clubs.is_negative_one(C("2C"), cards.HEARTS, 1)
    assert clubs.is_negative_one(C("2S"), cards.HEARTS, 3)


# --- PC-12 Pulling an Adam ---------------------------------------------------------


def test_pc12_adam_and_true_adam():
    # Trick 1: N AD 14, E KC 16 (void in diamonds), S KD 13, W 2D 2: N-S 27 >
    # 18. East played the KC, N-S played neither AC nor KC and won: an Adam.
    hands = deal(n="AD QD", e="KC AC", s="KD JD", w="2D 3D", avoid={E: "D"})
    g = game(hands)
    play(g, "AD", "KC", "KD", "2D")
    assert (clubs.EV_ADAM, E, C("KC"), 1) in g.events
    assert g.adams[E] == 1
    assert g.hand_summary().adam_bonus == (5, 0)
    g.apply(BID + 3)  # North took it (AD over KD)
    # Trick 2: N QD 12, E AC 17, S JD 11, W 3D 3: N-S 23 > 20: East again.
    play(g, "QD", "AC", "JD", "3D")
    assert (clubs.EV_ADAM, E, C("AC"), 2) in g.events
    assert (clubs.EV_TRUE_ADAM, E, 0, 0) in g.events
    assert g.adams[E] == 2
    assert g.hand_summary().adam_bonus == (13, 0), "13 replaces 2 x 5"


def test_pc12_no_adam_when_an_opponent_also_plays_ac_or_kc():
    # N 5H, E KC 16, S AC 17, W 2H: N-S 22 > 18, but South played the AC.
    hands = deal(n="5H", e="KC", s="AC", w="2H", avoid={E: "H", S: "H"})
    g = game(hands)
    play(g, "5H", "KC", "AC", "2H")
    assert clubs.EV_ADAM not in kinds(g)
    assert list(g.adams) == [0, 0, 0, 0]


def test_pc12_no_adam_when_own_side_wins():
    # N 2H, E AC 17, S 3H, W 4H: E-W 21 > 5; East's side won.
    hands = deal(n="2H", e="AC", s="3H", w="4H", avoid={E: "H"})
    g = game(hands)
    play(g, "2H", "AC", "3H", "4H")
    assert clubs.EV_ADAM not in kinds(g)


def test_pc12_both_partners_can_pull_an_adam_in_one_trick():
    t = bytes((C("AH"), C("AC"), C("KH"), C("KC")))  # N 14, E 17, S 13, W 16
    assert clubs.trick_sums(t, N) == (27, 33)
    assert clubs.adam_seats(t, N, 1) == []
    t = bytes((C("AH"), C("AC"), C("KH"), C("KC")))
    assert clubs.adam_seats(t, N, 0) == [E, W]


# --- PC-13 / PC-14 Scoring ---------------------------------------------------------


@pytest.mark.parametrize(
    "bid, won, score",
    [(3, 3, 3), (4, 3, -1), (3, 5, 1), (2, 6, -2), (1, 1, 1), (5, 0, -5), (13, 13, 13)],
)
def test_pc13_scoring_examples(bid, won, score):
    assert clubs.seat_score(bid, won, 0) == score


def test_pc13_nil_made_and_failed_and_negative_ones():
    assert clubs.seat_score(0, 0, 0) == 5
    assert clubs.seat_score(clubs.NO_BID, 0, 0) == 5
    assert clubs.seat_score(0, 1, 0) == -5
    assert clubs.seat_score(0, 3, 0) == -5
    assert clubs.seat_score(3, 3, 2) == 3 + 4
    assert clubs.seat_score(clubs.NO_BID, 0, 3) == 5 + 6


def test_pc14_team_scores_with_adams():
    nb = clubs.NO_BID
    bids, won, neg = (3, 2, nb, 4), (3, 4, 0, 6), (0, 0, 1, 0)
    # N 3/3: 3; S nil made + Negative One: 7; E 2/4: 0; W 4/6: 2.
    assert clubs.team_scores(bids, won, neg, (0, 0, 0, 0)) == (10, 2)
    # One Adam by East: +5 to N-S; a True Adam by North: +13 to E-W.
    assert clubs.team_scores(bids, won, neg, (0, 1, 0, 0)) == (15, 2)
    assert clubs.team_scores(bids, won, neg, (2, 0, 0, 0)) == (10, 15)
    assert clubs.team_scores(bids, won, neg, (2, 1, 0, 1)) == (20, 15)
    s = clubs.HandSummary(bids, won, neg, (2, 1, 0, 1))
    assert s.seat_scores == (3, 0, 7, 2) and s.adam_bonus == (10, 13)
    assert s.team_scores == (20, 15)


def test_pc13_pc14_a_whole_hand_scored():
    g = clubs_text.from_text(LAST_CARD)
    before = list(g.scores)
    # Worked out from the notation: w=122111212002 then the last trick.
    g.apply(C("AC"))
    last = g.last_hand()
    won = [0, 0, 0, 0]
    for ch in "122111212002":
        won[int(ch)] += 1
    won[g.events and [ev for ev in g.events if ev[0] == clubs.EV_TRICK][0][1]] += 1
    assert list(last.won) == won and sum(won) == 13
    assert list(last.bids) == [1, 7, 4, clubs.NO_BID]
    seat = []
    for s in range(4):
        b, w = last.bids[s], won[s]
        if b in (0, clubs.NO_BID):
            v = 5 if w == 0 else -5
        elif w >= b:
            v = b - (w - b)
        else:
            v = -(b - w)
        seat.append(v + 2 * last.neg_ones[s])
    assert [ev for ev in g.events if ev[0] == clubs.EV_SEAT_SCORE] == [
        (clubs.EV_SEAT_SCORE, s, seat[s], won[s]) for s in range(4)
    ]
    bonus = [0, 0]
    for s in range(4):
        if last.adams[s]:
            bonus[1 - s % 2] += 5 if last.adams[s] == 1 else 13
    assert any(last.adams) and any(last.neg_ones)
    d = (seat[0] + seat[2] + bonus[0], seat[1] + seat[3] + bonus[1])
    assert (clubs.EV_HAND_END, 3, d[0], d[1]) in g.events
    assert g.scores == [before[0] + d[0], before[1] + d[1]]


# --- PC-15 Game end ----------------------------------------------------------------


def _deltas_of_last_card():
    g = clubs_text.from_text(with_field(LAST_CARD, "s", "0,0"))
    g.apply(C("AC"))
    return g.scores


@pytest.mark.parametrize(
    "final, over",
    [((45, 43), True), ((43, 45), True), ((44, 44), False), ((41, 30), False),
     ((42, 41), True), ((20, 20), False), ((-3, 42), True)],
)  # fmt: skip
def test_pc15_game_end(final, over):
    d = _deltas_of_last_card()
    start = (final[0] - d[0], final[1] - d[1])
    text = with_field(LAST_CARD, "s", "%d,%d" % start)
    g = clubs_text.from_text(text)
    g.apply(C("AC"))
    assert tuple(g.scores) == final
    assert g.is_over() == over
    if over:
        w = 0 if final[0] > final[1] else 1
        assert g.current_player is None and g.legal_actions() == []
        assert g.phase == clubs.PH_OVER and g.winner == w
        assert g.result() == tuple(1 if s % 2 == w else -1 for s in range(4))
        assert (clubs.EV_GAME_OVER, w, final[0], final[1]) in g.events
        end = g.to_text()
        assert ";ph=X;m=-;" in end and clubs_text.from_text(end).to_text() == end
        for a in (0, clubs.BID0, clubs.TAKE_SELF):
            with pytest.raises(ValueError):
                g.apply(a)
    else:
        assert g.hand_no == 4 and g.phase == clubs.PH_PASS_PARTNER
        with pytest.raises(ValueError):
            g.result()


def test_pc15_target_option_and_a_finished_first_hand():
    from players.clubs.heuristic import ClubsHeuristic

    g = clubs.Clubs(3, target=5)
    assert ";t=5;" in g.to_text() and g.observation(0).target == 5
    players = [ClubsHeuristic(s) for s in range(4)]
    while not g.is_over():
        p = g.current_player
        g.apply(players[p].choose(g.observation(p), g.legal_actions()))
    assert g.hand_no == 1 and max(g.scores) >= 5 and g.scores[0] != g.scores[1]
    end = g.to_text()
    assert clubs_text.from_text(end).to_text() == end
    assert list(g.scores) == list(g.last_hand().team_scores)
    # The scores of a game over after hand 1 are that hand's, nothing else.
    with pytest.raises(ValueError):
        clubs_text.from_text(with_field(end, "s", "%d,%d" % (g.scores[0] + 1, g.scores[1] + 1)))


def test_pc15_scores_that_would_have_ended_the_game_are_refused():
    g = clubs_text.from_text(with_field(LAST_CARD, "s", "44,44"))
    assert g.scores == [44, 44]
    with pytest.raises(ValueError):
        clubs_text.from_text(with_field(LAST_CARD, "s", "45,43"))


# --- PC-16 Information -------------------------------------------------------------


def test_pc16_observation_is_own_hand_and_public_facts():
    hands = deal(n="7H", e="2D", s="9H", w="2S", avoid={E: "H", W: "H"})
    g = game(hands)
    play(g, "7H", "2D", "9H")
    obs = g.observation(S)
    assert obs.seat == S and obs.to_move == W and obs.phase == clubs.PH_PLAY
    assert obs.hand == g.hand(S) and len(obs.hand) == 12
    assert obs.hand_sizes == (12, 12, 12, 13)
    assert obs.trick == bytes((C("7H"), C("2D"), C("9H"))) and obs.trick_leader == N
    assert obs.trick_values == (7, -1, 9)
    assert obs.voids == bytes((0, 1 << cards.HEARTS, 0, 0)), "East showed a void"
    assert obs.played_by[C("2D")] == clubs.PLAYED + E
    assert obs.played_by[C("AS")] == clubs.NO_CARD
    assert obs.neg_ones == bytes((0, 1, 0, 0))
    assert obs.bids == bytes((clubs.NO_BID,) * 4) and obs.won == bytes(4)
    assert obs.scores == (0, 0) and obs.last is None and obs.hand_no == 1
    # What South passed and received (the default passes of ``notation``).
    assert obs.passed == bytes((C(hands[W][-2]), C(hands[N][-1])))
    assert obs.received == bytes((C(hands[S][-2]), C(hands[S][-1])))
    # Nothing in the observation names another seat's hidden cards.
    for s in (N, E, W):
        for c in g.hand(s):
            if c not in obs.shown_live and c not in obs.passed:
                assert c not in obs.hand


def test_pc16_observation_rejects_bad_seat():
    g = clubs.Clubs(1)
    for bad in (-1, 4, None, "0"):
        with pytest.raises(ValueError):
            g.observation(bad)


def test_describe_words_events():
    nm = ("North", "East", "You", "West")
    d = clubs.describe
    assert d((clubs.EV_PLAY, E, C("TH"), 10), S, nm) == "East played 10\u2665 (10)"
    assert d((clubs.EV_BID, S, 0, 3), S, nm) == "You bid nil"
    assert d((clubs.EV_BID, N, 4, 4), S, nm) == "North bids 4"
    assert d((clubs.EV_PASS, N, C("AS"), E), S, nm) == "North passed a card to East"
    assert "A\u2660" in d((clubs.EV_PASS, N, C("AS"), S), S, nm)
    assert d((clubs.EV_TRICK, W, 3, clubs.WIN_HIGH), S, nm) == "West takes trick 3 (highest card)"
    assert d((clubs.EV_HAND_END, 2, 5, -3), S, nm) == "Hand 2: N-S +5, E-W -3"
    assert d((clubs.EV_GAME_OVER, 1, 30, 45), S, nm) == "E-W win 45 to 30"
    # Inside a sentence the viewer is "you" (a text starts with "You").
    assert d((clubs.EV_DEAL, S, 2, 1), S, nm) == "Hand 2: you deal, pass right"
    assert d((clubs.EV_DEAL, E, 2, 1), S, nm) == "Hand 2: East deals, pass right"
    for k in range(1, 19):
        for seat in (0, 1) if k == clubs.EV_GAME_OVER else (N, E, S, W):  # a team there
            words = d((k, seat, 2, 1), S, nm)
            assert words != "?" and "You" not in words[1:], (
                k, seat, words)


# --- notation ------------------------------------------------------------------------


def test_notation_round_trip_and_copy():
    g = clubs.Clubs(5)
    t = g.to_text()
    assert t.startswith("PC1;t=42;") and ";ph=H;m=0;" in t
    assert clubs_text.from_text(t).to_text() == t
    h = g.copy()
    h.apply(h.legal_actions()[0])
    assert g.to_text() == t and h.to_text() != t
    assert clubs_text.from_text(t) == g and h != g


@pytest.mark.parametrize(
    "field, value",
    [("t", "0"), ("r", "0,0"), ("r", "1"), ("n", "0"), ("d", "4"), ("s", "1,x"),
     ("ph", "Q"), ("m", "5"), ("x", "--"), ("v", "2C2C2C2C"), ("w", "4"), ("b", "E---"),
     ("l", "0000")],
)  # fmt: skip
def test_notation_bad_fields_rejected(field, value):
    with pytest.raises(ValueError):
        clubs_text.from_text(with_field(LAST_CARD, field, value))
    with pytest.raises(ValueError):
        clubs_text.from_text(with_field(clubs.Clubs(2).to_text(), field, value))


def test_notation_history_is_checked():
    # Trick takers must follow PC-7 ... PC-9; plays must follow PC-4.
    with pytest.raises(ValueError):
        clubs_text.from_text(with_field(LAST_CARD, "w", "122111212003"))
    hands = deal(n="7H", e="2H KH 3D", s="9H", w="4H")
    with pytest.raises(ValueError):
        game(hands, k="7H 3D")  # East held hearts
