"""One or more tests per Klaberjass rule (RULES.md KJ-1 ... KJ-17), each on a
precise position built with ``klaberjass_text.from_text`` (notation: module
docstring of cardgames.klaberjass), in the default rules and the variants
(``alternate`` KJ-2, ``all_sequences`` KJ-8, ``classic`` KJ-11) where they
differ.

Expected legal moves, winners and points are worked out here from the rule
text (the comments show the arithmetic), not copied from the implementation.
"""

import pytest
from notation import assert_illegal, card_names, notation_fields

from cardgames import cards, notation
from cardgames import klaberjass as kj
from cardgames import klaberjass_text as kj_text
from cardgames.rng import Rng

DECK = [r + s for s in "CDHS" for r in "789TJQKA"]
PLAIN_PTS = {"7": 0, "8": 0, "9": 0, "T": 10, "J": 2, "Q": 3, "K": 4, "A": 11}
TRUMP_PTS = dict(PLAIN_PTS, **{"9": 14, "J": 20})
# Rank bits of ``lacks``: bit i is rank "789TJQKA"[i].
BIT = {r: 1 << i for i, r in enumerate("789TJQKA")}
SUIT = {"C": 0, "D": 1, "H": 2, "S": 3}


def N(text):
    return text.split() if text else []


def C(text):
    """Card ints for space-separated names, sorted."""
    return sorted(notation.parse(n) for n in N(text))


def names(cs):
    return sorted(cards.name(c) for c in cs)


def _notation(**f):
    order = ("w", "o", "d", "s", "r", "p", "m", "h0", "h1", "k", "u", "t", "mk", "x", "c", "l")
    return "KJ1;" + ";".join("%s=%s" % (k, f[k]) for k in order)


def play_pos(h0, h1, c="", t="S", mk=0, d=1, m=0, u=None, x="-", o="-", s="0,0", last="-", w=500):
    """A PLAY position: current hands, the cards played this round in order,
    trump ``t``; ``u`` (turned card) defaults to the first unused card of
    another suit, so trump was named in round two and no exchange arises.
    Every other card goes to the 13-card stock."""
    used = N(h0) + N(h1) + N(c)
    if u is None:
        u = next(n for n in DECK if n not in used and n[1] != t)
    k = [n for n in DECK if n not in used and n != u]
    assert len(k) == 13, "hands + played + turned must be 19 cards, got %d" % (32 - len(k))
    return _notation(
        w=w, o=o, d=d, s=s, r="1,1", p="p", m=m, h0="".join(N(h0)), h1="".join(N(h1)),
        k="".join(k), u=u, t=t, mk=mk, x=x, c="".join(N(c)), l=last,
    )  # fmt: skip


def bid_pos(h0, h1, u, deal="", p="1", m=0, d=1, bottom=None, o="-", s="0,0", last="-"):
    """A bidding position: 6-card hands, turned card ``u``; ``deal`` lists the
    next stock cards in the order they will be dealt (KJ-6: three to the
    non-dealer, then three to the dealer); ``bottom`` the stock's bottom card."""
    used = N(h0) + N(h1) + [u] + N(deal)
    rest = [n for n in DECK if n not in used]
    if bottom:
        rest.remove(bottom)
        rest.insert(0, bottom)
    k = rest + N(deal)[::-1]  # the top of the stock is the end of k
    assert len(k) == 19
    return _notation(
        w=500, o=o, d=d, s=s, r="1,1", p=p, m=m, h0="".join(N(h0)), h1="".join(N(h1)),
        k="".join(k), u=u, t="-", mk="-", x="-", c="", l=last,
    )  # fmt: skip


def game(text):
    g = kj_text.from_text(text)
    assert g.to_text() == kj_text.from_text(g.to_text()).to_text()
    return g


def fields(g):
    return notation_fields(g.to_text(), "KJ1")


card_list = card_names


def legal_names(g):
    return sorted(kj.action_name(a) if a >= 52 else cards.name(a) for a in g.legal_actions())


def play(g, *names_):
    for n in names_:
        g.apply(notation.parse(n))


def points(name, trump):
    return (TRUMP_PTS if name[1] == trump else PLAIN_PTS)[name[0]]


def assert_conserved(g):
    """KJ-17: hands + tricks + stock + turned card are the 32 cards, once each."""
    f = fields(g)
    allc = []
    for k in ("h0", "h1", "k", "u", "c"):
        allc += card_list(f[k])
    assert sorted(allc) == sorted(DECK)


# --- KJ-1 Ranks ------------------------------------------------------------------


def test_kj1_plain_order_ten_beats_king_and_jack_beats_nine():
    # Plain hearts (trump S). Seat 0 leads KH; of 7H TH only TH is higher
    # (7 8 9 J Q K T A), so it must be played, and it wins.
    g = game(play_pos(
        h0="JC QC KC AC TD JD QD KD", h1="7H TH 8C 9C TC 7D 8D 9D 7S", c="KH", m=1,
    ))  # fmt: skip
    assert legal_names(g) == ["TH"]
    g.apply(notation.parse("TH"))
    assert (kj.EV_TRICK, 1, 14, 0) in g.events  # K 4 + T 10
    # Plain J is above 9.
    g = game(play_pos(
        h0="JC QC KC AC TD JD QD KD", h1="7H JH 8C 9C TC 7D 8D 9D 7S", c="9H", m=1,
    ))  # fmt: skip
    assert legal_names(g) == ["JH"]


def test_kj1_trump_order_nine_beats_ace_jack_beats_nine():
    # Trumps S: 7 8 Q K T A 9 J. Seat 0 leads AS; seat 1 holds KS and 9S:
    # only 9S is higher than A in trumps.
    g = game(play_pos(
        h0="JS TS JC QC KC AC TD JD", h1="9S KS 7H 8C 9C TC 7D 8D 9D", c="AS", m=1,
    ))  # fmt: skip
    assert legal_names(g) == ["9S"]
    g.apply(notation.parse("9S"))
    assert (kj.EV_TRICK, 1, 25, 0) in g.events  # A 11 + trump 9 14
    assert g.current_player == 1
    # Seat 1 leads 9S: JS is the only higher trump.
    g.apply(notation.parse("KS"))  # leads KS (any card may lead)
    assert legal_names(g) == ["JS", "TS"]  # both above K (... K T A 9 J)


def test_kj1_sequences_use_natural_order_without_wrap():
    # 9H TH JH is a sequence (natural order 7 8 9 T J Q K A); KD AD 7D is not.
    g = game(play_pos(
        h0="9H TH JH 7C 9C 8D TD 7S 9S", h1="KD AD 7D JC KC 7H KH JS AS",
    ))  # fmt: skip
    assert g.seq_pts == [20, 0]
    assert names(g.observation(1).seq_cards) == ["9H", "JH", "TH"]


def test_kj8_best_run_of_a_suit_is_the_best_of_its_sequences():
    # The comparison key of a suit's best sequence (length, then top card),
    # which the deal compares without building ``sequences``' list.
    for mask in range(256):
        runs = kj.sequences(mask)
        want = max((n * 256 + top * 4 for top, n in runs), default=0)
        assert kj._best_run(mask) == want, bin(mask)
    assert kj._best_run(0b00000111) == 3 * 256 + (kj.R7 + 2) * 4  # 7 8 9
    assert kj._best_run(0b11011110) == 4 * 256 + (kj.R7 + 4) * 4  # 8 9 T J, not Q K A


# --- KJ-2 First dealer, next dealer ---------------------------------------------


def test_kj2_first_dealer_is_cut_low_card_deals():
    dealers = set()
    for seed in range(40):
        g = kj.Klaberjass(seed=seed)
        cut = [ev for ev in g.events if ev[0] == kj.EV_CUT]
        assert len(cut) == 1
        _, dealer, a, b = cut[0]
        order = "789JQKTA"
        ra = order.index(cards.name(a)[0])
        rb = order.index(cards.name(b)[0])
        assert ra != rb
        assert dealer == (0 if ra < rb else 1), "the low card deals"
        assert g.dealer == dealer
        assert g.current_player == 1 - dealer
        dealers.add(dealer)
    assert dealers == {0, 1}


def test_kj2_given_dealer_and_bad_dealer():
    assert kj.Klaberjass(seed=3, dealer=0).dealer == 0
    assert kj.Klaberjass(seed=3, dealer=1).dealer == 1
    for bad in (2, -1, "0"):
        with pytest.raises(ValueError):
            kj.Klaberjass(seed=3, dealer=bad)


# Positions before the last trick, found among seeded rounds. See KJ-14.
POS_80_81 = (
    "KJ1;w=500;o=-;d=1;s=0,0;r=24457,33574;p=p;m=1;h0=JD;h1=QS;k=9H7SJH7DTCTH8C8H7CAHQD8DQC;"
    "u=7H;t=H;mk=0;x=KH;c=8SASKDADACKC9CJCQH9SKHTSKSJSTD9D;l=-"
)
POS_81_81 = (
    "KJ1;w=500;o=-;d=0;s=0,0;r=19727,55582;p=p;m=1;h0=TC;h1=TD;k=KS7S8S7DASKHAHQDKC7HQH9D8H;"
    "u=TH;t=H;mk=1;x=-;c=JCQC7CACJSTS8CJH9S9HJDKDQSAD8D9C;l=-"
)
POS_81_80 = (
    "KJ1;w=500;o=-;d=0;s=0,0;r=15737,36080;p=p;m=0;h0=JH;h1=7D;k=9H8S9SKSJS9CADACQD7CTSJDKD;"
    "u=TC;t=C;mk=1;x=-;c=JCKC8DQC7SAHAS9D8HQHKH7HTD8CQSTH;l=-"
)


def _with(text, **kw):
    parts = text.split(";")
    for i, p in enumerate(parts):
        k = p.split("=", 1)[0]
        if k in kw:
            parts[i] = "%s=%s" % (k, kw[k])
    return ";".join(parts)


def _finish(g):
    while g.phase == kj.PLAY and g.n_played < 18:
        legal = g.legal_actions()
        assert len(legal) == 1
        g.apply(legal[0])
        if any(ev[0] == kj.EV_ROUND for ev in g.events):
            return g


def test_kj2_round_winner_deals_next():
    # POS_80_81: seat 1 (not the maker) scores 161 and dealt already: deals again.
    g = _finish(game(POS_80_81))
    assert g.last_round.scored == (0, 161)
    assert g.dealer == 1 and g.phase == kj.BID1 and g.current_player == 0
    # POS_81_80, dealer 0: seat 1 (maker) scores 81 > 80, so seat 1 deals.
    g = _finish(game(POS_81_80))
    assert g.last_round.scored == (80, 81)
    assert g.dealer == 1 and g.current_player == 0
    assert (kj.EV_DEAL, 1, g.turned, 0) in g.events


def test_kj2_alternate_variant_always_alternates():
    g = _finish(game(_with(POS_81_80, o="a")))
    assert g.alternate
    assert g.dealer == 1  # dealer 0 -> 1
    g = _finish(game(_with(POS_80_81, o="a")))
    assert g.dealer == 0, "the round's winner dealt; alternate passes the deal anyway"


def test_kj2_deal_passes_after_a_redeal():
    g = game(bid_pos("7C 9C JC 7D 9D JD", "8C TC QC 8D TD QD", u="KH", d=1, m=0))
    for _ in range(4):
        g.apply(kj.PASS)
    assert g.dealer == 0


def test_kj2_every_scored_round_has_a_winner():
    # "If a round has no winner the deal passes": under KJ-14 that cannot
    # happen, as a failing maker scores 0 and the opponent both totals, which
    # hold at least the last trick's 10.
    sm = kj.RoundSummary((0, 0, 3, 0, 0, 1, 0, 0, 0, 0))
    assert sm.totals == (0, 10) and sm.failed and sm.scored == (0, 10) and sm.winner == 1
    sm = kj.RoundSummary((0, 0, 3, 80, 70, 1, 0, 0, 0, 0))  # 80 against 70 + 10: a tie
    assert sm.totals == (80, 80) and sm.failed and sm.scored == (0, 160) and sm.winner == 1
    sm = kj.RoundSummary((0, 0, 3, 80, 60, 1, 0, 0, 0, 0))
    assert sm.totals == (80, 70) and not sm.failed and sm.scored == (80, 70) and sm.winner == 0


# --- KJ-3 Deal -------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**29 + 3])
def test_kj3_six_each_three_at_a_time_non_dealer_first_then_turned(seed, dealer):
    g = kj.Klaberjass(seed=seed, dealer=dealer)
    deck = Rng(seed).shuffle(bytearray(cards.DECK32))
    nd = 1 - dealer
    assert sorted(g.hand(nd)) == sorted(deck[0:3] + deck[6:9])
    assert sorted(g.hand(dealer)) == sorted(deck[3:6] + deck[9:12])
    assert g.turned == deck[12]
    f = fields(g)
    assert card_list(f["k"]) == [cards.name(c) for c in reversed(deck[13:])]
    assert f["u"] == cards.name(deck[12]) and f["c"] == ""
    assert g.phase == kj.BID1 and g.current_player == nd
    assert (kj.EV_DEAL, dealer, deck[12], 0) in g.events
    for seat in (0, 1):
        obs = g.observation(seat)
        assert obs.hand_sizes == (6, 6) and obs.stock_size == 19
        assert obs.turned == deck[12] and obs.bottom == kj.NO_CARD
    assert_conserved(g)


# --- KJ-4 Bidding ----------------------------------------------------------------

H0 = "7C 9C JC 7D 9D JD"
H1 = "8C TC QC 8D TD QD"


def test_kj4_round_one_non_dealer_then_dealer_accept_or_pass():
    g = game(bid_pos(H0, H1, u="KH", d=1, m=0))
    assert g.current_player == 0, "the non-dealer bids first"
    assert g.legal_actions() == [kj.ACCEPT, kj.PASS]
    assert_illegal(g, kj.NAME_SPADES, "round one")
    assert_illegal(g, notation.parse("7C"), "bidding")
    g.apply(kj.PASS)
    assert g.current_player == 1 and g.phase == kj.BID1
    assert g.bids() == bytes((kj.PASS,))
    g.apply(kj.ACCEPT)
    assert g.trump == SUIT["H"] and g.maker == 1
    assert (kj.EV_BID, 1, kj.ACCEPT, 0) in g.events
    assert g.bids() == bytes((kj.PASS, kj.ACCEPT))
    assert g.observation(0).maker == 1


def test_kj4_first_to_accept_is_maker_and_bidding_ends():
    g = game(bid_pos(H0, H1, u="KH", d=1, m=0))
    g.apply(kj.ACCEPT)
    assert g.maker == 0 and g.trump == SUIT["H"]
    assert g.phase == kj.PLAY  # 7H stays in the stock: no exchange (KJ-7)
    assert kj.ACCEPT not in g.legal_actions()


def test_kj4_round_two_cannot_name_the_turned_suit():
    g = game(bid_pos(H0, H1, u="KH", p="2", d=1, m=0))
    assert g.phase == kj.BID2
    assert g.legal_actions() == [kj.PASS, kj.NAME_CLUBS, kj.NAME_DIAMONDS, kj.NAME_SPADES]
    msg = assert_illegal(g, kj.NAME_HEARTS, "turned suit", "KJ-4")
    assert "hearts" in msg
    assert_illegal(g, kj.ACCEPT, "round two")
    g.apply(kj.PASS)
    assert g.current_player == 1
    assert_illegal(g, kj.NAME_HEARTS, "turned suit")
    g.apply(kj.NAME_DIAMONDS)
    assert g.maker == 1 and g.trump == SUIT["D"]
    assert g.bids() == bytes((kj.PASS, kj.PASS, kj.PASS, kj.NAME_DIAMONDS))


def test_kj4_round_two_after_both_pass_round_one():
    g = game(bid_pos(H0, H1, u="KH", d=0, m=1))
    g.apply(kj.PASS)
    g.apply(kj.PASS)
    assert g.phase == kj.BID2 and g.current_player == 1
    g.apply(kj.NAME_SPADES)
    assert g.maker == 1 and g.trump == SUIT["S"]


# --- KJ-5 Redeal -----------------------------------------------------------------


def test_kj5_double_pass_in_both_rounds_redeals_by_the_other_player():
    g = game(bid_pos(H0, H1, u="KH", d=1, m=0, s="120,80", last="0,0,1,80,60,0,0,0,0,0"))
    before = fields(g)
    for _ in range(3):
        g.apply(kj.PASS)
    g.apply(kj.PASS)
    kinds = [ev[0] for ev in g.events]
    assert kinds == [kj.EV_BID, kj.EV_REDEAL, kj.EV_DEAL]
    assert g.events[1][1] == 0
    assert g.dealer == 0 and g.current_player == 1 and g.phase == kj.BID1
    assert g.scores == [120, 80], "no score"
    f = fields(g)
    assert f["s"] == before["s"] and f["l"] == before["l"]
    assert len(card_list(f["h0"])) == 6 and len(card_list(f["h1"])) == 6
    assert len(card_list(f["k"])) == 19 and f["c"] == ""
    assert f["r"] != before["r"], "the cards were shuffled again"
    assert_conserved(g)


# --- KJ-6 Three more -------------------------------------------------------------


def test_kj6_three_more_each_non_dealer_first_bottom_turned():
    g = game(bid_pos(H0, H1, u="KH", d=1, m=0, deal="AC AD AH KC KD KS", bottom="8S"))
    assert g.observation(0).bottom == kj.NO_CARD
    g.apply(kj.PASS)
    g.apply(kj.PASS)
    g.apply(kj.NAME_SPADES)  # seat 0 names spades: no exchange (not the turned suit)
    assert names(g.hand(0)) == sorted(N(H0 + " AC AD AH"))
    assert names(g.hand(1)) == sorted(N(H1 + " KC KD KS"))
    assert g.n_stock == 13
    assert (kj.EV_MORE, 1, notation.parse("8S"), 0) in g.events
    for seat in (0, 1):
        obs = g.observation(seat)
        assert obs.bottom == notation.parse("8S")
        assert obs.hand_sizes == (9, 9)
    assert card_list(fields(g)["k"])[0] == "8S"
    assert g.phase == kj.PLAY
    assert_conserved(g)


# --- KJ-7 The trump seven -------------------------------------------------------


def test_kj7_exchange_offered_to_the_holder_and_taken():
    g = game(bid_pos(H0, "7H TC QC 8D TD QD", u="JH", d=1, m=0))
    g.apply(kj.ACCEPT)
    assert g.phase == kj.EXCHANGING and g.current_player == 1, "seat 1 holds 7H"
    assert g.legal_actions() == [kj.EXCHANGE, kj.DECLINE]
    assert_illegal(g, notation.parse("7H"), "exchange")
    assert fields(g)["x"] == "?"
    g.apply(kj.EXCHANGE)
    assert (kj.EV_EXCHANGE, 1, notation.parse("7H"), notation.parse("JH")) in g.events
    assert notation.parse("JH") in g.hand(1) and notation.parse("7H") not in g.hand(1)
    assert g.turned == notation.parse("7H")
    assert g.phase == kj.PLAY and g.current_player == 0
    obs = g.observation(0)
    assert obs.exchanged == 1 and obs.exchange_card == notation.parse("JH")
    assert obs.turned == notation.parse("7H") and obs.turned_suit == SUIT["H"]
    assert fields(g)["x"] == "JH"
    assert_conserved(g)


def test_kj7_seven_dealt_in_the_three_more_cards_counts():
    g = game(bid_pos(H0, H1, u="JH", d=1, m=0, deal="7H AC AD KC KD KS"))
    g.apply(kj.ACCEPT)
    assert g.phase == kj.EXCHANGING and g.current_player == 0


def test_kj7_decline_leaves_no_public_trace():
    g = game(bid_pos(H0, "7H TC QC 8D TD QD", u="JH", d=1, m=0))
    g.apply(kj.ACCEPT)
    g.apply(kj.DECLINE)
    assert g.phase == kj.PLAY and g.turned == notation.parse("JH")
    assert notation.parse("7H") in g.hand(1)
    obs = g.observation(0)
    assert obs.exchanged is None and obs.exchange_card == kj.NO_CARD
    dec = [ev for ev in g.events if ev[0] == kj.EV_DECLINE]
    assert dec and kj.describe(dec[0], 0, ("N", "S")) == ""
    assert kj.describe(dec[0], 1, ("N", "S")).startswith("You kept")
    assert fields(g)["x"] == "D"


def test_kj7_not_offered_when_turned_card_is_the_seven():
    g = game(bid_pos(H0, H1, u="7H", d=1, m=0))
    g.apply(kj.ACCEPT)
    assert g.phase == kj.PLAY and fields(g)["x"] == "-"


def test_kj7_not_offered_when_trump_is_not_the_turned_suit():
    # Round two: seat 0 names spades holding 7S; trump is not the turned suit.
    g = game(bid_pos("7S 9C JC 7D 9D JD", H1, u="JH", p="2", d=1, m=0))
    g.apply(kj.NAME_SPADES)
    assert g.phase == kj.PLAY and fields(g)["x"] == "-"


def test_kj7_not_offered_when_the_seven_is_in_the_stock():
    g = game(bid_pos(H0, H1, u="JH", d=1, m=0, bottom="7H"))
    g.apply(kj.ACCEPT)
    assert g.phase == kj.PLAY and fields(g)["x"] == "-"


@pytest.mark.parametrize("choice, seq", [(kj.EXCHANGE, [0, 20]), (kj.DECLINE, [0, 0])])
def test_kj7_exchange_happens_before_sequences(choice, seq):
    # Seat 1 holds 7H QH KH; taking JH makes J Q K of hearts: a sequence.
    g = game(bid_pos(H0, "7H QH KH 8C TC AD", u="JH", d=1, m=0, deal="AC AS 8S QS 9H 7S"))
    g.apply(kj.ACCEPT)
    g.apply(choice)
    assert g.seq_pts == seq


# --- KJ-8 Sequences --------------------------------------------------------------


def test_kj8_longer_sequence_wins_fifty():
    g = game(play_pos(h0="7C 8C 9C JH KH 7S 9S JS AD", h1="7D 8D 9D TD 7H 9H QC AC KS"))
    assert g.seq_pts == [0, 50]
    obs = g.observation(0)
    assert obs.seq_winner == 1 and names(obs.seq_cards) == ["7D", "8D", "9D", "TD"]


def test_kj8_equal_length_higher_top_wins():
    g = game(play_pos(h0="7C 8C 9C JH KH 7S 9S JS AD", h1="8D 9D TD QD 7H 9H QC AC KS"))
    assert g.seq_pts == [0, 20]


def test_kj8_equal_length_and_top_trump_beats_plain():
    g = game(play_pos(h0="8S 9S TS 7C JC 7H 9H JH AD", h1="8D 9D TD 8C QC 8H TH QH AS", t="S"))
    assert g.seq_pts == [20, 0]


def test_kj8_equal_plain_sequences_nobody_scores():
    g = game(play_pos(h0="8S 9S TS 7C JC 7H 9H JH AD", h1="8D 9D TD 8C QC 8H TH QH AS", t="H"))
    assert g.seq_pts == [0, 0] and g.seq_winner() is None
    assert g.observation(0).seq_cards == b""


def test_kj8_tie_event_when_dealt():
    # Via the bidding: seat 0 names hearts; 8S 9S TS against 8D 9D TD.
    g = game(bid_pos("8S 9S TS 7C JC 7H", "8D 9D TD 8C QC 8H", u="KC", p="2", d=1, m=0,
                     deal="9H JH AD TH QH AS"))  # fmt: skip
    g.apply(kj.NAME_HEARTS)
    assert (kj.EV_SEQ_TIE, 0, 0, 3) in g.events
    assert g.seq_pts == [0, 0]


def test_kj8_only_the_best_sequence_scores_and_all_sequences_variant():
    pos = dict(h0="7C 8C 9C 7H 8H 9H TH JS AD", h1="7D 9D JD QC AC JH KH 7S 9S")
    g = game(play_pos(**pos))
    assert g.seq_pts == [50, 0]
    assert names(g.observation(1).seq_cards) == ["7H", "8H", "9H", "TH"]
    g = game(play_pos(o="s", **pos))
    assert g.all_sequences
    assert g.seq_pts == [70, 0], "50 for the best, 20 for 7C 8C 9C"
    assert len(g.observation(1).seq_cards) == 7


def test_kj8_two_equal_best_sequences_score_once():
    # KJ-8 "only the best sequence scores": seat 1 holds Q-K-A of diamonds
    # and Q-K-A of spades (clubs trump: both plain, equal length and top), so
    # 20 and three cards shown; the all-sequences variant scores both (40).
    # The position of issue 13 (seed 857).
    pos = ("KJ1;w=500;o=%s;d=0;s=0,0;r=1,1;p=p;m=1;h0=9DQDKDADTHKHQSKSAS;"
           "h1=7C9CKC7D8DTDJD7H7S;k=JCJSQHQCAH8CAC8H9SJH8S9HTS;u=TC;t=C;mk=1;x=D;c=;l=-")
    g = kj_text.from_text(pos % "-")
    assert g.seq_pts == [20, 0]
    shown = names(g.observation(1).seq_cards)
    assert shown in (["AD", "KD", "QD"], ["AS", "KS", "QS"])
    g = kj_text.from_text(pos % "s")
    assert g.seq_pts == [40, 0]
    assert len(g.observation(1).seq_cards) == 6


def test_kj8_two_equal_best_sequences_score_once_when_dealt():
    # KJ-8 through the play: the sequence events name one sequence only.
    g = game(bid_pos("QD KD AD QS KS AS", "8D 9D 7H 8C 9C 8H", u="TC", p="2", d=1, m=0,
                     deal="JH 7S 9H TD 9S TH"))  # fmt: skip
    g.apply(kj.NAME_HEARTS)
    seq = [ev for ev in g.events if ev[0] == kj.EV_SEQ]
    assert len(seq) == 1 and seq[0][1] == 0 and seq[0][3] == 3
    assert g.seq_pts == [20, 0]


def test_kj8_notation_refuses_two_sequences_scored_without_the_variant():
    # KJ-8: outside all-sequences a round's sequence points are 0, 20 or 50.
    last = "1,0,0,60,50,0,%d,0,0,0"
    base = play_pos(h0="7C 8C 9C JH KH 7S 9S JS AD", h1="7D 8D 9D TD 7H 9H QC AC KS")
    with pytest.raises(ValueError, match="KJ-8"):
        kj_text.from_text(base.replace("l=-", "l=" + last % 40).replace("s=0,0", "s=110,50"))
    g = kj_text.from_text(base.replace("l=-", "l=" + last % 40).replace("s=0,0", "s=110,50")
                     .replace("o=-", "o=s"))
    assert g.last_round.sequences == (40, 0)


def test_kj3_first_deal_from_an_explicit_deck():
    # KJ-3 with ``deck``: three at a time, non-dealer first, then the turned
    # card; deck[13] is the top of the stock (dealt next, KJ-6).
    order = [r + s for s in "SHDC" for r in "AKQJT987"]
    g = kj.Klaberjass(3, dealer=0, deck="".join(order))
    assert names(g.hand(1)) == sorted(order[0:3] + order[6:9])
    assert names(g.hand(0)) == sorted(order[3:6] + order[9:12])
    assert cards.name(g.turned) == order[12]
    assert cards.name(g.stock_cards()[-1]) == order[13]
    assert cards.name(g.stock_cards()[0]) == order[31]
    # The seed's own shuffle as the deck: the seed's very game, later
    # rounds included (the cut and the next deals still come from the seed).
    r = Rng(77)
    r.shuffle(bytearray(cards.DECK32))  # the cut (KJ-2)
    own = r.shuffle(bytearray(cards.DECK32))
    a, b = kj.Klaberjass(77), kj.Klaberjass(77, deck=list(own))
    assert a.to_text() == b.to_text()
    for _ in range(60):
        act = a.legal_actions()[0]
        a.apply(act)
        b.apply(act)
    assert a.to_text() == b.to_text()


@pytest.mark.parametrize("deck, words", [
    ("7C8C", "2 cards"), (list(range(32)), "not in this game"),
    ([cards.DECK32[0]] * 32, "twice"), ([True] * 32, "not a card"), (7, "card ints"),
    ("ZZ" * 32, "not a card")])  # fmt: skip
def test_kj3_bad_deck_is_value_error(deck, words):
    with pytest.raises(ValueError, match=words):
        kj.Klaberjass(1, deck=deck)


def test_kj8_sequence_events_name_the_winning_cards():
    g = game(bid_pos("7H 8H 9H TH JS AD", "7D 9D JD QC AC JH", u="KC", p="2", d=1, m=0,
                     deal="7C 8C 9C KH 7S 9S"))  # fmt: skip
    g.apply(kj.NAME_SPADES)
    seq = [ev for ev in g.events if ev[0] == kj.EV_SEQ]
    assert seq == [(kj.EV_SEQ, 0, notation.parse("TH"), 4)]
    assert "50" in kj.describe(seq[0], 1, ("N", "S"))


# --- KJ-9 Bella ------------------------------------------------------------------

BELLA_H0 = "KS QS 7H 9H JH 7C 9C JC 7D"
BELLA_H1 = "8H TH QH 8C TC QC 8D TD QD"


def test_kj9_bella_scores_20_with_the_second_card():
    g = game(play_pos(h0=BELLA_H0, h1=BELLA_H1, t="S"))
    play(g, "KS")
    assert not any(ev[0] == kj.EV_BELLA for ev in g.events)
    play(g, "8D")  # seat 1: no spades, no trumps: any card; KS wins
    assert g.current_player == 0 and g.bella == [0, 0]
    play(g, "QS")
    assert (kj.EV_BELLA, 0, notation.parse("QS"), 20) in g.events
    assert g.bella == [20, 0]
    assert g.observation(1).bella == (20, 0)


def test_kj9_bella_counts_even_in_a_sequence():
    g = game(play_pos(h0="QS KS AS 7H 9H JH 7C 9C 7D", h1=BELLA_H1, t="S"))
    assert g.seq_pts == [20, 0]
    play(g, "QS", "8D", "KS")
    assert g.bella == [20, 0]


def test_kj9_no_bella_when_king_and_queen_are_split():
    g = game(play_pos(h0="KS 8S 7H 9H JH 7C 9C JC 7D", h1="QS TH QH 8C TC QC 8D TD QD", t="S"))
    play(g, "KS", "QS")
    assert g.bella == [0, 0]


# --- KJ-10 Play ------------------------------------------------------------------


def test_kj10_non_dealer_leads_winner_leads_next_nine_tricks():
    h0 = "7C 9C JC 7D 9D JD 7H 9H JH"
    h1 = "8C TC QC 8D TD QD 8H TH QH"
    with pytest.raises(ValueError, match="KJ-10"):
        kj_text.from_text(play_pos(h0=h0, h1=h1, d=0, m=0))
    g = game(play_pos(h0=h0, h1=h1, d=0, m=1))
    assert g.current_player == 1
    play(g, "8C")
    assert legal_names(g) == ["9C", "JC"]
    play(g, "9C")  # 9C heads 8C: seat 0 wins and leads
    assert g.current_player == 0
    tricks = 1
    while g.phase == kj.PLAY:
        g.apply(g.legal_actions()[0])
        if any(ev[0] == kj.EV_TRICK for ev in g.events):
            tricks += 1
    assert tricks == 9


# --- KJ-11 Following --------------------------------------------------------------

FOLLOW_H0 = "JC QC KC AC TD JD QD KD"


@pytest.mark.parametrize("opt, expect", [("-", ["KH"]), ("c", ["7H", "KH"])])
def test_kj11_must_head_a_plain_suit_classic_drops_it(opt, expect):
    g = game(play_pos(h0=FOLLOW_H0, h1="7H KH 8C 9C TC 7D 8D 9D 7S", c="9H", m=1, o=opt))
    assert legal_names(g) == expect
    if opt == "-":
        assert_illegal(g, notation.parse("7H"), "head", "KJ-11")
    assert_illegal(g, notation.parse("7S"), "follow", "KJ-11")
    assert_illegal(g, notation.parse("8C"), "follow")


def test_kj11_cannot_head_any_card_of_the_suit():
    g = game(play_pos(h0=FOLLOW_H0, h1="7H 8H 8C 9C TC 7D 8D 9D 7S", c="9H", m=1))
    assert legal_names(g) == ["7H", "8H"]


@pytest.mark.parametrize("opt", ["-", "c"])
def test_kj11_void_must_trump_any_trump(opt):
    g = game(play_pos(h0=FOLLOW_H0, h1="8C 9C TC 7D 8D 9D AD 7S 8S", c="9H", m=1, o=opt))
    assert legal_names(g) == ["7S", "8S"]
    assert_illegal(g, notation.parse("AD"), "trump", "KJ-11")
    play(g, "7S")
    assert (kj.EV_TRICK, 1, 0, 0) in g.events, "any trump wins a plain trick"


def test_kj11_void_in_suit_and_trumps_any_card():
    g = game(play_pos(h0="KC AC TD JD QD KD AH TH", h1="7C 8C 9C TC JC QC 7D 8D 9D", c="9H", m=1))
    assert legal_names(g) == sorted(N("7C 8C 9C TC JC QC 7D 8D 9D"))


@pytest.mark.parametrize("opt", ["-", "c"])
def test_kj11_trumps_led_must_overtrump(opt):
    g = game(play_pos(h0="KS TS JS 9H TH JH QH KH", h1="7S 9S AS 7H 8H 7D 8D 7C 8C", c="QS",
                      m=1, o=opt))  # fmt: skip
    assert legal_names(g) == ["9S", "AS"]
    assert_illegal(g, notation.parse("7S"), "overtrump", "KJ-11")
    assert_illegal(g, notation.parse("7H"), "trump", "KJ-11")


def test_kj11_trumps_led_cannot_overtrump_any_trump():
    g = game(play_pos(h0="KS TS JS 9H TH JH QH KH", h1="7S 8S 7H 8H 7D 8D 7C 8C 9C", c="QS", m=1))
    assert legal_names(g) == ["7S", "8S"]


def test_kj11_trumps_led_no_trump_any_card():
    g = game(play_pos(h0="KS TS JS 9H TH JH QH KH", h1="7H 8H 7D 8D 7C 8C 9C TC JC", c="QS", m=1))
    assert legal_names(g) == sorted(N("7H 8H 7D 8D 7C 8C 9C TC JC"))


def test_kj11_leader_plays_any_card():
    g = game(play_pos(h0=FOLLOW_H0 + " 9H", h1="7H KH 8C 9C TC 7D 8D 9D 7S"))
    assert legal_names(g) == sorted(N(FOLLOW_H0 + " 9H"))
    assert_illegal(g, notation.parse("7H"), "not in your hand")


# --- KJ-12 Trick winner -----------------------------------------------------------


def test_kj12_trump_wins_else_highest_of_suit_led():
    # Seat 1 trumps the plain lead with its lowest trump and wins.
    g = game(play_pos(h0=FOLLOW_H0, h1="8C 9C TC 7D 8D 9D AD 7S 8S", c="AH", m=1))
    play(g, "7S")
    assert (kj.EV_TRICK, 1, 11, 0) in g.events
    # A discard of another suit never wins.
    g = game(play_pos(h0="KC AC TD JD QD KD AH TH", h1="7C 8C 9C TC JC QC 7D 8D 9D", c="9H", m=1))
    play(g, "TC")
    assert (kj.EV_TRICK, 0, 10, 0) in g.events
    assert g.current_player == 0


# --- KJ-13 Card points -----------------------------------------------------------


def test_kj13_trump_jack_20_nine_14():
    # Seat 0 leads 9S; seat 1 must overtrump with JS: 14 + 20.
    g = game(play_pos(h0="KS TS 9H TH JH QH KH AH", h1="JS 7S 7H 8H 7D 8D 7C 8C 9C", c="9S", m=1))
    assert legal_names(g) == ["JS"]
    play(g, "JS")
    assert (kj.EV_TRICK, 1, 34, 0) in g.events


def test_kj13_plain_points_and_last_trick():
    g = game(play_pos(h0=FOLLOW_H0, h1="7H KH 8C 9C TC 7D 8D 9D 7S", c="9H", m=1))
    play(g, "KH")
    assert (kj.EV_TRICK, 1, 4, 0) in g.events  # plain 9 = 0, K = 4
    g = game(POS_80_81)
    play(g, "QS", "JD")  # trump H: plain Q 3 + plain J 2
    assert (kj.EV_TRICK, 1, 5, 8) in g.events
    assert (kj.EV_LAST, 1, 10, 0) in g.events


def test_kj13_all_cards_add_to_152():
    for t in "CDHS":
        assert sum(points(n, t) for n in DECK) == 152
        for c in cards.DECK32:
            assert kj.card_points(c, SUIT[t]) == points(cards.name(c), t)


# --- KJ-14 Round score ------------------------------------------------------------


def _played_points(text):
    f = dict(p.split("=", 1) for p in text.split(";")[1:])
    return sum(points(n, f["t"]) for n in card_list(f["c"]))


def test_kj14_maker_80_against_81_fails_opponent_scores_both():
    # Maker seat 0, trump H. Before the last trick: seat 0 has 30 card points
    # and the 50 sequence (8S 9S TS JS); seat 1 has 46 and bella 20. Seat 1
    # leads QS, seat 0 (void, no trump) plays JD: 3 + 2 + 10 last to seat 1.
    # Totals 30 + 50 = 80 and 46 + 5 + 10 + 20 = 81.
    g = game(POS_80_81)
    assert g.points == [30, 46] and sum(g.points) == _played_points(POS_80_81)
    assert g.seq_pts == [50, 0] and g.bella == [0, 20] and g.maker == 0
    g = _finish(g)
    sm = g.last_round
    assert sm.totals == (80, 81)
    assert sm.failed
    assert sm.scored == (0, 161)
    assert g.scores == [0, 161]
    assert (kj.EV_FAIL, 0, 80, 81) in g.events
    assert (kj.EV_ROUND, 0, 0, 161) in g.events


def test_kj14_maker_81_against_81_fails_too():
    # Maker seat 1, trump H: 51 + (10 + 10) + 10 last = 81; seat 0: 31 + 50 = 81.
    g = game(POS_81_81)
    assert g.points == [31, 51] and g.seq_pts == [50, 0] and g.maker == 1
    g = _finish(g)
    sm = g.last_round
    assert sm.totals == (81, 81) and sm.failed
    assert sm.scored == (162, 0)
    assert g.scores == [162, 0]


def test_kj14_maker_strictly_greater_each_scores_own():
    # Maker seat 1: 31 + 50 = 81 against seat 0: 48 + 2 + 10 + 20 bella = 80.
    g = game(POS_81_80)
    assert g.points == [48, 31] and g.bella == [20, 0] and g.seq_pts == [0, 50]
    g = _finish(g)
    sm = g.last_round
    assert sm.totals == (80, 81) and not sm.failed and sm.scored == (80, 81)
    assert g.scores == [80, 81]


# --- KJ-15 Game end ---------------------------------------------------------------


def test_kj15_reaching_target_with_more_wins():
    g = _finish(game(_with(POS_80_81, s="450,339", l="0,0,1,80,60,0,0,0,0,0")))
    assert g.scores == [450, 500]
    assert g.is_over() and g.current_player is None and g.result() == (-1, 1)
    assert (kj.EV_GAME, 1, 450, 500) in g.events
    assert g.legal_actions() == []
    assert kj_text.from_text(g.to_text()).to_text() == g.to_text()
    for a in range(kj.NUM_ACTIONS):
        with pytest.raises(ValueError, match="over"):
            g.apply(a)


def test_kj15_both_past_target_higher_wins():
    # POS_81_80 scores (80, 81): from 430, 430 both pass 500.
    g = _finish(game(_with(POS_81_80, s="430,430", l="0,0,1,80,60,0,0,0,0,0")))
    assert g.scores == [510, 511] and g.is_over() and g.result() == (-1, 1)


def test_kj15_both_past_target_equal_plays_on():
    g = _finish(game(_with(POS_81_80, s="431,430", l="0,0,1,80,60,0,0,0,0,0")))
    assert g.scores == [511, 511]
    assert not g.is_over() and g.phase == kj.BID1
    assert g.dealer == 1, "seat 1 won the round"
    with pytest.raises(ValueError):
        g.result()


def test_kj15_target_option():
    g = _finish(game(_with(POS_81_80, w="81")))  # scores 80, 81
    assert g.is_over() and g.result() == (-1, 1)


# --- KJ-16 Information ----------------------------------------------------------


def test_kj16_observation_has_own_hand_and_public_cards_only():
    g = game(bid_pos(H0, "7H TC QC 8D TD QD", u="JH", d=1, m=0, deal="AC AD AH KC KD KS",
                     bottom="8S"))  # fmt: skip
    o0 = g.observation(0)
    assert names(o0.hand) == sorted(N(H0)) and o0.hand_sizes == (6, 6)
    assert not hasattr(o0, "hands")
    g.apply(kj.ACCEPT)
    g.apply(kj.EXCHANGE)
    o0 = g.observation(0)
    assert o0.bottom == notation.parse("8S") and o0.turned == notation.parse("7H")
    assert o0.exchanged == 1 and o0.exchange_card == notation.parse("JH")
    assert o0.trump == SUIT["H"] and o0.maker == 0
    assert o0.bids == bytes((kj.ACCEPT,))
    play(g, "AC")
    o1 = g.observation(1)
    assert o1.trick == bytes(C("AC")) and o1.leader == 0
    assert o1.played == bytes(C("AC")) and o1.played_by == b"\x00"


def test_kj16_not_following_shows_a_void_and_not_trumping_a_trump_void():
    g = game(play_pos(h0=FOLLOW_H0, h1="8C 9C TC 7D 8D 9D AD 7S 8S", c="9H", m=1))
    play(g, "7S")
    lk = g.observation(0).lacks[1]
    assert lk[SUIT["H"]] == 0xFF and lk[SUIT["S"]] == 0
    g = game(play_pos(h0="KC AC TD JD QD KD AH TH", h1="7C 8C 9C TC JC QC 7D 8D 9D", c="9H", m=1))
    play(g, "7C")
    lk = g.observation(0).lacks[1]
    assert lk[SUIT["H"]] == 0xFF and lk[SUIT["S"]] == 0xFF and lk[SUIT["C"]] == 0
    assert g.observation(0).lacks[0] == bytes(4), "the leader showed nothing"


def test_kj16_not_overtrumping_shows_no_higher_trump():
    g = game(play_pos(h0="KS TS JS 9H TH JH QH KH", h1="7S 8S 7H 8H 7D 8D 7C 8C 9C", c="QS", m=1))
    play(g, "8S")
    # Trumps above Q: K T A 9 J.
    want = BIT["K"] | BIT["T"] | BIT["A"] | BIT["9"] | BIT["J"]
    assert g.observation(0).lacks[1][SUIT["S"]] == want


@pytest.mark.parametrize("opt", ["-", "c"])
def test_kj16_not_heading_shows_no_higher_card(opt):
    g = game(play_pos(h0=FOLLOW_H0, h1="7H 8H 8C 9C TC 7D 8D 9D 7S", c="9H", m=1, o=opt))
    play(g, "8H")
    want = BIT["J"] | BIT["Q"] | BIT["K"] | BIT["T"] | BIT["A"] if opt == "-" else 0
    assert g.observation(0).lacks[1][SUIT["H"]] == want


def test_kj16_describe_words():
    nm = ("North", "South")
    assert kj.describe((kj.EV_PLAY, 0, notation.parse("TH"), 0), 1, nm) == "North played 10\u2665"
    assert kj.describe((kj.EV_PLAY, 1, notation.parse("TH"), 0), 1, nm) == "You played 10\u2665"
    assert kj.describe((kj.EV_BID, 0, kj.NAME_SPADES, 0), 1, nm) == "North named \u2660"
    assert kj.describe((kj.EV_ROUND, 0, 0, 161), 1, nm) == "Round: North 0, you 161"
    # Inside a sentence the viewer is "you" (a line starts with "You").
    cut = (kj.EV_CUT, 1, notation.parse("QC"), notation.parse("AC"))
    assert kj.describe(cut, 1, nm) == "Cut Q\u2663, A\u2663: you deal"
    assert kj.describe(cut, 0, nm) == "Cut Q\u2663, A\u2663: South deals"
    for ev in (
        (kj.EV_CUT, 0, 5, 6), (kj.EV_DEAL, 0, 5, 0), (kj.EV_BID, 0, kj.ACCEPT, 0),
        (kj.EV_BID, 0, kj.PASS, 0), (kj.EV_REDEAL, 0, 0, 0), (kj.EV_MORE, 0, 5, 0),
        (kj.EV_EXCHANGE, 0, 5, 9), (kj.EV_SEQ, 0, 9, 3), (kj.EV_SEQ_TIE, 0, 0, 3),
        (kj.EV_BELLA, 0, 10, 20), (kj.EV_TRICK, 0, 20, 0), (kj.EV_LAST, 0, 10, 0),
        (kj.EV_FAIL, 0, 80, 81), (kj.EV_GAME, 0, 510, 400),
    ):  # fmt: skip
        for viewer in (0, 1):
            words = kj.describe(ev, viewer, nm)
            assert words and "?" not in words and len(words) <= 40, (ev, words)
            assert "You" not in words[1:], (ev, words)


# --- KJ-17 Conservation ---------------------------------------------------------


def test_kj17_notation_rejects_missing_or_repeated_cards():
    text = play_pos(h0=FOLLOW_H0, h1="7H KH 8C 9C TC 7D 8D 9D 7S", c="9H", m=1)
    game(text)
    with pytest.raises(ValueError, match="twice"):
        kj_text.from_text(text.replace("h1=7H", "h1=JC"))
    with pytest.raises(ValueError, match="missing"):
        kj_text.from_text(text.replace("h1=7H", "h1="))
    with pytest.raises(ValueError, match="32-card"):
        kj_text.from_text(text.replace("h1=7H", "h1=2H"))


def test_kj17_points_in_play_at_most_162():
    g = game(POS_81_81)
    g = _finish(g)
    sm = g.last_round
    assert sum(sm.points) + 10 <= 162


# --- Notation ----------------------------------------------------------------------


def test_notation_docstring_example_and_round_trip():
    g = kj.Klaberjass(seed=5)
    text = g.to_text()
    doc = kj.__doc__.replace("\n    ", "").replace(";\n", ";")
    assert text in doc.replace(" ", "")
    g2 = kj_text.from_text(text)
    assert g2 == g and g2.legal_actions() == g.legal_actions()
    c = g.copy()
    c.apply(kj.PASS)
    assert c.to_text() != g.to_text() and g2 == g


@pytest.mark.parametrize(
    "change, words",
    [
        (dict(p="2"), "bidding"),
        (dict(m="0"), "KJ-10"),
        (dict(t="X"), "suit"),
        (dict(mk="2"), "seat"),
        (dict(x="?"), "phase x"),
        (dict(x="D"), "exchange"),
        (dict(s="600,100", l="0,0,1,80,60,0,0,0,0,0"), "end the game"),
        (dict(s="10,0"), "scored round"),
        (dict(o="ca"), "asc"),
        (dict(w="0"), "w"),
        (dict(r="0,0"), "rng"),
        (dict(l="0,0,1,80,60,0,0,0,20,20"), "bella"),
    ],
)
def test_notation_rejects_inconsistent_positions(change, words):
    base = play_pos(h0=FOLLOW_H0, h1="7H KH 8C 9C TC 7D 8D 9D 7S", c="9H", m=1)
    game(base)
    with pytest.raises(ValueError) as e:
        kj_text.from_text(_with(base, **change))
    assert words.lower() in str(e.value).lower()


def test_notation_rejects_a_history_that_broke_kj11():
    # Seat 1 followed 9H with 7H while holding KH: it had to head (KJ-11).
    legal = play_pos(h0=FOLLOW_H0, h1="7H 8C 9C TC 7D 8D 9D 7S", c="9H KH", m=1)
    assert game(legal).current_player == 1, "KH won the first trick"
    bad = play_pos(h0=FOLLOW_H0, h1="KH 8C 9C TC 7D 8D 9D 7S", c="9H 7H", m=0)
    with pytest.raises(ValueError, match="KJ-11"):
        kj_text.from_text(bad)
