"""One or more tests per Clubbed rule (RULES.md CB-1 ... CB-12), each on a
precise position built with ``clubbed_text.from_text`` (notation: module docstring
of cardgames.clubbed), in both variants (CB-8 refill, the default, and
``refill=False``) where the rules are the same or differ.

Expected legal moves, collections and counts are worked out here from the
rule text, not copied from the implementation.
"""

import pytest
from notation import assert_illegal, notation_fields

from cardgames import cards, clubbed, clubbed_text, notation

ALL_NAMES = [r + s for s in "CDHS" for r in "23456789TJQKA"]
DRAW = clubbed.DRAW
VARIANTS = pytest.mark.parametrize("refill", [1, 0], ids=["refill", "norefill"])


def _names(text):
    return text.split() if text else []


def position(h0="", h1="", p="", s=None, c0=None, c1=None, m=0, r=1, d=1, x="----", rest="s"):
    """Notation for a position. Cards are space-separated names; the cards not
    named anywhere go to group ``rest`` ("s", "c0" or "c1"), at the bottom of
    the stock when rest is "s" (so the named stock cards stay on top)."""
    groups = {"h0": h0, "h1": h1, "p": p, "s": s, "c0": c0, "c1": c1}
    used = set()
    for v in groups.values():
        if v:
            used.update(_names(v))
    left = [n for n in ALL_NAMES if n not in used]
    out = {}
    for k, v in groups.items():
        named = _names(v) if v else []
        if k == rest:
            named = left + named
        out[k] = "".join(named)
    return "CB1;r=%d;d=%d;m=%s;h0=%s;h1=%s;s=%s;p=%s;c0=%s;c1=%s;x=%s" % (
        r,
        d,
        m,
        out["h0"],
        out["h1"],
        out["s"],
        out["p"],
        out["c0"],
        out["c1"],
        x,
    )


def game(**kw):
    return clubbed_text.from_text(position(**kw))


def fields(g):
    """The position's notation as a dict: card fields become lists of names."""
    return notation_fields(g.to_text(), "CB1", ("h0", "h1", "s", "p", "c0", "c1"))


def C(names):
    """Card ints for space-separated names, as a sorted list."""
    return sorted(notation.parse(n) for n in _names(names))


def legal_names(g):
    return sorted(("DRAW" if a == DRAW else cards.name(a)) for a in g.legal_actions())


def as_set(names):
    return sorted(_names(names))


def assert_conserved(g):
    """CB-12: hands + stock + pile + collections are 52 distinct cards."""
    f = fields(g)
    everything = f["h0"] + f["h1"] + f["s"] + f["p"] + f["c0"] + f["c1"]
    assert len(everything) == 52
    assert sorted(everything) == sorted(ALL_NAMES)


# --- CB-1 Deal -------------------------------------------------------------------


@VARIANTS
@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", [0, 1, 2, 17, 12345, 2**29 + 3])
def test_cb1_deal_five_each_starter_stock_41(seed, dealer, refill):
    g = clubbed.Clubbed(seed, dealer=dealer, refill=bool(refill))
    f = fields(g)
    assert len(f["h0"]) == 5 and len(f["h1"]) == 5
    assert len(f["p"]) == 1, "one starter turned up"
    assert len(f["s"]) == 52 - 10 - 1 == 41
    assert f["c0"] == [] and f["c1"] == []
    assert f["r"] == str(refill) and f["d"] == str(dealer)
    assert_conserved(g)
    assert not g.is_over()
    assert g.current_player == 1 - dealer, "CB-1: the non-dealer moves first"
    assert f["m"] == str(1 - dealer)
    for seat in (0, 1):
        obs = g.observation(seat)
        assert obs.hand_sizes == (5, 5)
        assert obs.stock_size == 41
        assert len(obs.pile) == 1
        assert obs.collected == (b"", b"")


def test_cb1_deal_alternates_with_dealer():
    # CB-1: in a series the deal alternates, so the first player alternates too.
    dealer = 0
    firsts = []
    for game_no in range(6):
        g = clubbed.Clubbed(100 + game_no, dealer=dealer)
        firsts.append(g.current_player)
        dealer = 1 - dealer
    assert firsts == [1, 0, 1, 0, 1, 0]


def test_cb1_deal_from_an_explicit_deck():
    # CB-1 with ``deck``: five each one at a time, non-dealer first, the next
    # card starts the pile, the rest is the stock, its top (drawn first) last.
    order = [r + s for s in "SHDC" for r in "AKQJT98765432"]
    g = clubbed.Clubbed(4, dealer=1, deck="".join(order))
    assert sorted(cards.name(c) for c in g.hand(0)) == sorted(order[0:10:2])
    assert sorted(cards.name(c) for c in g.hand(1)) == sorted(order[1:10:2])
    assert cards.name(g.top()) == order[10]
    f = notation_fields(g.to_text(), "CB1")
    assert f["s"] == "".join(order[11:])
    # The seed's own shuffle as the deck: the seed's very game.
    from cardgames.rng import Rng

    own = Rng(8).shuffle(bytearray(cards.DECK52))
    assert clubbed.Clubbed(8, deck=list(own)).to_text() == clubbed.Clubbed(8).to_text()


@pytest.mark.parametrize("deck, words", [
    ("2C3C", "2 cards"), (list(range(51)) + [0], "twice"), ([True] * 52, "not a card"),
    (3, "card ints"), (list(range(52))[:-1] + [52], "not a card")])  # fmt: skip
def test_cb1_bad_deck_is_value_error(deck, words):
    with pytest.raises(ValueError, match=words):
        clubbed.Clubbed(1, deck=deck)


def test_cb1_default_options():
    g = clubbed.Clubbed(3)
    assert fields(g)["r"] == "1", "refill (CB-8) is the default variant"
    assert g.observation(0).refill is True
    assert clubbed.Clubbed(3, refill=False).observation(0).refill is False


@pytest.mark.parametrize("bad", [2, -1, None, "0"])
def test_cb1_bad_dealer_rejected(bad):
    with pytest.raises(ValueError):
        clubbed.Clubbed(1, dealer=bad)


def test_cb1_deal_is_seeded_and_varied():
    texts = [clubbed.Clubbed(s).to_text() for s in range(200)]
    assert texts == [clubbed.Clubbed(s).to_text() for s in range(200)], "same seed, same deal"
    assert len(set(texts)) == 200
    # Over many deals every card is sometimes the starter and sometimes in
    # seat 0's hand (the shuffle reaches every position).
    starter = [0] * 52
    in_hand = [0] * 52
    for s in range(1500):
        f = fields(clubbed.Clubbed(s))
        starter[notation.parse(f["p"][0])] += 1
        for n in f["h0"]:
            in_hand[notation.parse(n)] += 1
    assert min(starter) > 0
    expected = 1500 * 5 / 52
    assert all(expected / 2 < k < expected * 2 for k in in_hand), in_hand


# --- CB-2 / CB-3 Matching and legal moves with a top card ----------------------


@VARIANTS
def test_cb2_match_by_suit_and_by_rank_cb3_clubs_always_legal(refill):
    g = game(h0="7H 2D 9S 3C KD", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    # 7H same rank, 2D and KD same suit, 3C a club; 9S neither.
    assert legal_names(g) == as_set("7H 2D KD 3C")
    assert_illegal(g, notation.parse("9S"), "9S", "CB-3")


@VARIANTS
def test_cb2_suit_only_and_rank_only(refill):
    g = game(h0="2D 9S", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    assert legal_names(g) == ["2D"]
    g = game(h0="7S 9S", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    assert legal_names(g) == ["7S"]


@VARIANTS
def test_cb3_holding_a_match_forbids_drawing(refill):
    g = game(h0="7H 9S", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    assert DRAW not in g.legal_actions()
    assert_illegal(g, DRAW, "match", "CB-3")


@VARIANTS
def test_cb3_club_matching_by_rank_is_a_matching_card(refill):
    # 7C matches 7D by rank (CB-2), so the player holds a match and may not draw.
    g = game(h0="7C 9S", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    assert legal_names(g) == ["7C"]
    assert_illegal(g, DRAW, "CB-3")


@VARIANTS
def test_cb3_every_club_legal_without_matching(refill):
    # 2C and AC (the lowest and highest club) match neither 7D's suit nor rank.
    g = game(h0="2C AC 9S", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    assert legal_names(g) == as_set("2C AC DRAW")
    g = game(h0="AC 7S", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    assert legal_names(g) == as_set("AC 7S")


@VARIANTS
def test_cb3_club_legal_while_holding_a_match(refill):
    g = game(h0="7H 2C", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    assert legal_names(g) == as_set("7H 2C")


@VARIANTS
def test_cb3_card_not_in_hand_is_illegal(refill):
    g = game(h0="7H 9S", h1="7S 5S 6S 8S 9H", p="7D", r=refill)
    # 7S would match, but it is the opponent's; 2D is in the stock.
    assert_illegal(g, notation.parse("7S"), "7S", "hand")
    assert_illegal(g, notation.parse("2D"), "2D", "hand")
    assert_illegal(g, notation.parse("7D"), "7D")


@VARIANTS
def test_cb3_non_action_values_rejected(refill):
    g = game(h0="7H 9S", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    for bad in (-1, 53, 255, "7H", None, 7.0):
        before = g.to_text()
        assert g.why_illegal(bad)
        with pytest.raises(ValueError):
            g.apply(bad)
        assert g.to_text() == before


@VARIANTS
def test_cb3_playing_a_match_puts_it_on_the_pile(refill):
    g = game(h0="7H 9S", h1="4S 5S 6S 8S 9H", p="3D 7D", r=refill)
    n_stock = len(fields(g)["s"])
    g.apply(notation.parse("7H"))
    f = fields(g)
    assert f["p"] == ["3D", "7D", "7H"]
    assert f["h0"] == ["9S"]
    assert len(f["s"]) == n_stock
    assert g.current_player == 1
    assert f["c0"] == [] and f["c1"] == []
    assert_conserved(g)
    # Seat 1 now faces 7H: 9H matches by suit; 4S 5S 6S 8S do not.
    assert legal_names(g) == ["9H"]


# --- CB-4 Drawing -----------------------------------------------------------------


@VARIANTS
def test_cb4_no_match_may_club_or_draw(refill):
    g = game(h0="9S 4C", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    assert legal_names(g) == as_set("4C DRAW")
    assert_illegal(g, notation.parse("9S"), "CB-3")


@VARIANTS
def test_cb4_draw_then_play_the_drawn_card_at_once(refill):
    g = game(h0="9S", h1="4S 5S 6S 8S 9H", p="7D", s="KD", r=refill)
    n_stock = len(fields(g)["s"])
    assert legal_names(g) == ["DRAW"]
    g.apply(DRAW)
    assert (clubbed.EV_DRAW, 0, notation.parse("KD"), 0) in g.events
    f = fields(g)
    assert sorted(f["h0"]) == as_set("9S KD"), "the top stock card (last in s) is drawn"
    assert len(f["s"]) == n_stock - 1
    assert g.current_player == 0, "CB-4: the drawer chooses again"
    assert legal_names(g) == ["KD"], "holding a match now: must play, no more drawing"
    g.apply(notation.parse("KD"))
    assert fields(g)["p"] == ["7D", "KD"]
    assert g.current_player == 1
    assert_conserved(g)


@VARIANTS
def test_cb4_keeps_drawing_one_at_a_time_until_a_match(refill):
    # Stock top is the end of s: the draws come 4H, 8S, JC, then 7S.
    g = game(h0="9S", h1="4S 5S 6S 8H 9H", p="7D", s="7S JC 8S 4H", r=refill)
    expected_hands = [["9S", "4H"], ["9S", "4H", "8S"], ["9S", "4H", "8S", "JC"]]
    for hand in expected_hands:
        assert DRAW in g.legal_actions()
        g.apply(DRAW)
        assert g.current_player == 0
        assert sorted(fields(g)["h0"]) == sorted(hand)
    # Holding JC (a club, not matching 7D): may club or keep drawing.
    assert legal_names(g) == as_set("JC DRAW")
    g.apply(DRAW)
    assert "7S" in fields(g)["h0"]
    assert legal_names(g) == as_set("7S JC")
    assert_illegal(g, DRAW, "CB-3")


@VARIANTS
def test_cb4_draw_needs_a_stock(refill):
    g = game(h0="9S 4C", h1="4S 5S 6S 8S 9H", p="7D", s="", rest="c0", r=refill)
    assert legal_names(g) == ["4C"]
    assert_illegal(g, DRAW, "stock")


# --- CB-5 Clubbing ---------------------------------------------------------------


@VARIANTS
@pytest.mark.parametrize("seat", [0, 1])
def test_cb5_club_collects_whole_pile_including_the_club(refill, seat):
    hands = {"h0": "9S 4C 8H", "h1": "4S 5S 6C 8S 9H"}
    club = "4C" if seat == 0 else "6C"
    g = game(p="7D 7H 2H", m=seat, r=refill, **hands)
    c_before = fields(g)
    g.apply(notation.parse(club))
    f = fields(g)
    opp = 1 - seat
    assert f["p"] == []
    assert sorted(f["c%d" % opp]) == as_set("7D 7H 2H " + club)
    assert f["c%d" % seat] == c_before["c%d" % seat] == []
    assert club not in f["h%d" % seat]
    assert g.current_player == opp, "the clubbed player moves next, facing an empty pile"
    assert len(g.observation(opp).collected[opp]) == 4
    assert_conserved(g)
    # The events say what happened: the club was played, the opponent took 4.
    assert (clubbed.EV_PLAY, seat, notation.parse(club), 0) in g.events
    assert (clubbed.EV_CLUB, seat, 4, 0) in g.events


@VARIANTS
def test_cb5_clubbing_adds_to_an_existing_collection(refill):
    g = game(h0="9S 4C", h1="4S 5S 6S 8S 9H", p="7D", c1="2D 3D", r=refill)
    g.apply(notation.parse("4C"))
    assert sorted(fields(g)["c1"]) == as_set("2D 3D 7D 4C")


# --- CB-6 Empty pile ---------------------------------------------------------------


@VARIANTS
def test_cb6_empty_pile_any_card_no_draw_with_a_non_club(refill):
    g = game(h0="9S 4C 2H", h1="4S 5S 6S 8S 9H", p="", r=refill)
    assert legal_names(g) == as_set("9S 4C 2H")
    assert_illegal(g, DRAW, "CB-6")


@VARIANTS
def test_cb6_non_club_on_empty_pile_starts_it(refill):
    g = game(h0="9S 4C 2H", h1="4S 5S 6S 8S 9H", p="", r=refill)
    g.apply(notation.parse("2H"))
    assert fields(g)["p"] == ["2H"]
    assert g.current_player == 1
    assert legal_names(g) == ["9H"]


@VARIANTS
def test_cb6_club_on_empty_pile_gives_one_card_opponent_faces_empty_pile(refill):
    g = game(h0="9S 4C 2H", h1="4S 5S 6S 8S 9H", p="", m=0, r=refill)
    g.apply(notation.parse("4C"))
    assert (clubbed.EV_CLUB, 0, 1, 0) in g.events
    f = fields(g)
    assert f["c1"] == ["4C"]
    assert f["c0"] == []
    assert f["p"] == []
    assert g.current_player == 1
    # Seat 1 faces an empty pile: any of its cards.
    assert legal_names(g) == as_set("4S 5S 6S 8S 9H")


@VARIANTS
def test_cb6_all_clubs_hand_may_draw_one_at_a_time(refill):
    g = game(h0="4C 9C", h1="4S 5S 6S 8S 9H", p="", s="KH 2C", r=refill)
    assert legal_names(g) == as_set("4C 9C DRAW")
    g.apply(DRAW)  # draws 2C: still all clubs, may draw again
    assert g.current_player == 0
    assert legal_names(g) == as_set("2C 4C 9C DRAW")
    g.apply(DRAW)  # draws KH: a non-club, no more drawing
    assert g.current_player == 0
    assert legal_names(g) == as_set("2C 4C 9C KH")
    assert_illegal(g, DRAW, "CB-6")
    g.apply(notation.parse("KH"))  # the drawn card may be played at once
    assert fields(g)["p"] == ["KH"]


@VARIANTS
def test_cb6_all_clubs_no_stock_must_play(refill):
    g = game(h0="4C 9C", h1="4S 5S 6S 8S 9H", p="", s="", rest="c1", r=refill)
    assert legal_names(g) == as_set("4C 9C")


# --- CB-7 Club starter ----------------------------------------------------------


def _club_starter_seeds(n):
    out = []
    s = 0
    while len(out) < n:
        if fields(clubbed.Clubbed(s))["p"][0][1] == "C":
            out.append(s)
        s += 1
    return out


@VARIANTS
@pytest.mark.parametrize("dealer", [0, 1])
def test_cb7_club_starter_any_card_no_draw_clubs_nobody(refill, dealer):
    for seed in _club_starter_seeds(5):
        g = clubbed.Clubbed(seed, dealer=dealer, refill=bool(refill))
        f = fields(g)
        first = 1 - dealer
        assert f["c0"] == [] and f["c1"] == [], "the starter clubs nobody"
        assert g.current_player == first
        assert legal_names(g) == sorted(f["h%d" % first]), "any card of the hand"
        assert_illegal(g, DRAW, "CB-7")


@VARIANTS
def test_cb7_no_draw_on_club_starter_even_with_all_clubs(refill):
    # Unlike an empty pile (CB-6), a club starter never allows drawing.
    g = game(h0="3C 4C 5C 6C AC", h1="4S 5S 6S 8S 9H", p="KC", r=refill)
    assert legal_names(g) == as_set("3C 4C 5C 6C AC")
    assert_illegal(g, DRAW, "CB-7")


@VARIANTS
def test_cb7_non_matching_card_on_club_starter(refill):
    g = game(h0="9S 8H 2D 3D 4D", h1="4S 5S 6S 8S 9H", p="KC", r=refill)
    assert legal_names(g) == as_set("9S 8H 2D 3D 4D")
    g.apply(notation.parse("9S"))
    assert fields(g)["p"] == ["KC", "9S"]
    # The next player matches 9S, not the club beneath it.
    assert legal_names(g) == as_set("4S 5S 6S 8S 9H")
    assert_illegal(g, DRAW, "CB-3")


@VARIANTS
def test_cb7_club_on_club_starter_gives_both_cards(refill):
    g = game(h0="9S 8H 2D 3D 5C", h1="4S 5S 6S 8S 9H", p="KC", r=refill)
    g.apply(notation.parse("5C"))
    assert (clubbed.EV_CLUB, 0, 2, 0) in g.events
    f = fields(g)
    assert sorted(f["c1"]) == as_set("KC 5C")
    assert f["p"] == []
    assert g.current_player == 1


# --- CB-8 Refill (and the no-refill variant) -------------------------------------


def test_cb8_refill_five_from_the_stock_top():
    g = game(h0="7H", h1="4S 5S 6S 8S 9H", p="7D", s="AS KS QS JS TS 9D", r=1)
    n_stock = len(fields(g)["s"])
    g.apply(notation.parse("7H"))
    f = fields(g)
    assert sorted(f["h0"]) == as_set("KS QS JS TS 9D"), "the top five of the stock"
    assert f["s"][-1] == "AS"
    assert len(f["s"]) == n_stock - 5
    assert g.current_player == 1
    assert_conserved(g)
    assert (clubbed.EV_REFILL, 0, 5, 0) in g.events
    # The words say why five cards came ("You: new hand of 5" did not).
    names = ("You", "West")
    assert clubbed.describe((clubbed.EV_REFILL, 0, 5, 0), 0, names) == "You ran out: drew 5"
    assert clubbed.describe((clubbed.EV_REFILL, 1, 3, 0), 0, names) == "West ran out: drew 3"


def test_cb8_refill_after_a_club():
    g = game(h0="3C", h1="4S 5S 6S 8S 9H", p="7D", s="2S 3S 4H 5H 6H 8D", r=1)
    g.apply(notation.parse("3C"))
    f = fields(g)
    assert sorted(f["c1"]) == as_set("7D 3C")
    assert sorted(f["h0"]) == as_set("3S 4H 5H 6H 8D")
    assert g.current_player == 1


def test_cb8_refill_fewer_when_stock_short():
    g = game(h0="7H", h1="4S 5S 6S 8S 9H", p="7D", s="2H 3H 4H", rest="c1", r=1)
    g.apply(notation.parse("7H"))
    f = fields(g)
    assert sorted(f["h0"]) == as_set("2H 3H 4H")
    assert f["s"] == []
    assert (clubbed.EV_REFILL, 0, 3, 0) in g.events
    assert g.current_player == 1


def test_cb8_no_refill_from_an_empty_stock():
    g = game(h0="7H", h1="4S 5S 6S 8S 9H 8H", p="7D", s="", rest="c1", r=1)
    g.apply(notation.parse("7H"))
    assert fields(g)["h0"] == []
    assert g.current_player == 1
    assert legal_names(g) == as_set("9H 8H")


def test_cb8_variant_no_refill_empty_hand_draws_later():
    g = game(h0="7H", h1="4S 5S 6S 8S 8H", p="7D", s="QD 2S 2H", r=0)
    n_stock = len(fields(g)["s"])
    g.apply(notation.parse("7H"))
    f = fields(g)
    assert f["h0"] == [], "no-refill: the hand just stays empty"
    assert len(f["s"]) == n_stock
    g.apply(notation.parse("8H"))  # seat 1 matches 7H by suit
    assert g.current_player == 0
    assert legal_names(g) == ["DRAW"], "empty hand, top 8H: draw under CB-4"
    g.apply(DRAW)  # 2H: matches 8H by suit
    assert fields(g)["h0"] == ["2H"]
    assert legal_names(g) == ["2H"]


def test_cb8_variant_no_refill_empty_hand_on_empty_pile_draws():
    # CB-6: an empty hand holds no non-club, so it may draw on an empty pile.
    g = game(h0="", h1="4S 5S 6S 8S 8H", p="", s="2C 9D", r=0)
    assert legal_names(g) == ["DRAW"]
    g.apply(DRAW)
    assert fields(g)["h0"] == ["9D"]
    assert legal_names(g) == ["9D"]


@VARIANTS
def test_cb8_refill_only_when_the_hand_empties(refill):
    g = game(h0="7H 9S", h1="4S 5S 6S 8S 9H", p="7D", r=refill)
    n_stock = len(fields(g)["s"])
    g.apply(notation.parse("7H"))
    assert fields(g)["h0"] == ["9S"]
    assert len(fields(g)["s"]) == n_stock


# --- CB-9 End ------------------------------------------------------------------


@VARIANTS
def test_cb9_end_when_stock_empty_and_no_legal_move(refill):
    # Seat 0 to move, stock empty, no match for 7D, no club: the game is over
    # as soon as the position is set up.
    g = game(h0="9S 2H", h1="4S 5C", p="3D 7D", s="", c0="AH", rest="c1", r=refill)
    assert g.is_over()
    assert g.current_player is None
    assert g.legal_actions() == []
    f = fields(g)
    assert f["m"] == "-"
    assert f["h0"] == [] and f["h1"] == []
    assert sorted(f["c0"]) == as_set("AH 9S 2H"), "cards in hand are added to the collection"
    assert "4S" in f["c1"] and "5C" in f["c1"]
    assert f["p"] == ["3D", "7D"], "the pile belongs to no one"
    assert "3D" not in f["c0"] + f["c1"]
    assert len(f["c0"]) + len(f["c1"]) + 2 == 52
    assert_conserved(g)
    for a in range(53):
        assert_illegal(g, a, "over")


@VARIANTS
def test_cb9_end_reached_by_a_move(refill):
    g = game(h0="9S 8D", h1="4S 5S 6S 8H", p="7D", s="", c0="AH", rest="c1", r=refill)
    c1_before = len(fields(g)["c1"])
    assert not g.is_over()
    g.apply(notation.parse("8D"))
    # Seat 1: 8H matches 8D by rank.
    assert not g.is_over()
    g.apply(notation.parse("8H"))
    # Seat 0 holds 9S against 8H: no match, no club, no stock: over.
    assert g.is_over()
    f = fields(g)
    assert sorted(f["c0"]) == as_set("AH 9S")
    assert len(f["c1"]) == c1_before + 3
    assert f["p"] == ["7D", "8D", "8H"]
    assert any(ev[0] == clubbed.EV_END for ev in g.events)
    assert g.result() == (1, -1)


@VARIANTS
def test_cb9_not_over_while_the_stock_lasts(refill):
    g = game(h0="9S", h1="4S 5S 6S 8S", p="7D", s="2S", r=refill)
    assert not g.is_over()
    assert legal_names(g) == ["DRAW"]


@VARIANTS
def test_cb9_not_over_while_the_mover_can_play(refill):
    g = game(h0="9S 3C", h1="4S 5S 6S 8S", p="7D", s="", rest="c1", r=refill)
    assert not g.is_over()
    assert legal_names(g) == ["3C"]


@VARIANTS
def test_cb9_empty_hand_empty_stock_ends(refill):
    g = game(h0="", h1="4S 5S", p="", s="", rest="c0", r=refill)
    assert g.is_over()
    f = fields(g)
    assert sorted(f["c1"]) == as_set("4S 5S")


@VARIANTS
def test_cb9_last_card_with_empty_stock_then_opponent_stuck(refill):
    g = game(h0="7H", h1="9S", p="7D", s="", rest="c1", r=refill)
    g.apply(notation.parse("7H"))
    assert g.is_over(), "seat 1 holds 9S against 7H with no stock"
    f = fields(g)
    assert f["c0"] == []
    assert g.result() == (1, -1)


# --- CB-10 Result ---------------------------------------------------------------


@VARIANTS
def test_cb10_fewer_collected_wins(refill):
    # Finished positions: seat 0 collected 10, seat 1 the rest but the pile.
    c0 = " ".join(ALL_NAMES[:10])
    g = game(h0="", h1="", p="AS", s="", c0=c0, rest="c1", m="-", r=refill)
    assert g.is_over()
    assert g.result() == (1, -1)
    c1 = " ".join(ALL_NAMES[:10])
    g = game(h0="", h1="", p="AS", s="", c1=c1, rest="c0", m="-", r=refill)
    assert g.result() == (-1, 1)


@VARIANTS
def test_cb10_equal_counts_draw(refill):
    c0 = " ".join(ALL_NAMES[:26])
    c1 = " ".join(ALL_NAMES[26:])
    g = game(h0="", h1="", p="", s="", c0=c0, c1=c1, m="-", r=refill)
    assert g.result() == (0, 0)
    # 25 v 25 with two cards left on the pile: still a draw.
    c0 = " ".join(ALL_NAMES[:25])
    c1 = " ".join(ALL_NAMES[25:50])
    p = " ".join(ALL_NAMES[50:])
    g = game(h0="", h1="", p=p, s="", c0=c0, c1=c1, m="-", r=refill)
    assert g.result() == (0, 0)


@VARIANTS
def test_cb10_hands_count_at_the_end(refill):
    # Seat 0 has collected 23 against seat 1's 24 but is stuck (no match for
    # 7D, no club, no stock) with 4 cards: 23 + 4 = 27 > 24, seat 1 wins.
    stuck = "9S 2H 3H 4H"
    free = [n for n in ALL_NAMES if n not in stuck.split() + ["7D"]]
    c1 = " ".join(free[:24])
    g = game(h0=stuck, h1="", p="7D", s="", c1=c1, rest="c0", r=refill)
    assert g.is_over()
    f = fields(g)
    assert (len(f["c0"]), len(f["c1"])) == (27, 24)
    assert g.result() == (-1, 1)


@VARIANTS
def test_cb10_result_only_when_over(refill):
    g = clubbed.Clubbed(5, refill=bool(refill))
    with pytest.raises(ValueError):
        g.result()


def test_cb10_result_small_margins():
    # 21 v 22 with 9 on the pile, and the mirror image.
    c0 = " ".join(ALL_NAMES[:21])
    c1 = " ".join(ALL_NAMES[21:43])
    p = " ".join(n for n in ALL_NAMES[43:] if n[1] != "C")
    g = game(h0="", h1="", p=p, s="", c0=c0, c1=c1, m="-")
    assert g.result() == (1, -1)
    g = game(h0="", h1="", p=p, s="", c0=c1, c1=c0, m="-")
    assert g.result() == (-1, 1)


# --- CB-11 Information ----------------------------------------------------------


def _obs_dict(obs):
    return {k: v for k, v in vars(obs).items() if not k.startswith("_")}


@VARIANTS
def test_cb11_observation_holds_the_public_information_and_own_hand(refill):
    g = game(
        h0="9S 4C 8H",
        h1="4S 5S 6C 8S",
        p="7D 7H",
        s="2S 3S 4H",
        c0="AD",
        c1="AC KC",
        x="--7D",
        m=0,
        rest="c0",
        r=refill,
    )
    f = fields(g)
    for seat in (0, 1):
        obs = g.observation(seat)
        assert obs.seat == seat
        assert obs.to_move == 0
        assert list(obs.hand) == C(" ".join(f["h%d" % seat]))
        assert obs.hand_sizes == (3, 4)
        assert obs.stock_size == 3
        assert [cards.name(c) for c in obs.pile] == ["7D", "7H"]
        assert obs.top() == notation.parse("7H")
        assert list(obs.collected[0]) == C(" ".join(f["c0"]))
        assert list(obs.collected[1]) == C("AC KC")
        assert list(obs.drew_against) == [cards.NO_CARD, notation.parse("7D")]
        assert obs.refill is bool(refill)
        # Nothing in the observation names a hidden card.
        hidden = set(C(" ".join(f["h%d" % (1 - seat)] + f["s"])))
        shown = set()
        for v in _obs_dict(obs).values():
            if isinstance(v, bytes | bytearray):
                shown.update(v)
            elif isinstance(v, tuple):
                for part in v:
                    if isinstance(part, bytes | bytearray):
                        shown.update(part)
        assert not (shown & hidden)


@VARIANTS
@pytest.mark.parametrize("seat", [0, 1])
def test_cb11_hidden_cards_do_not_change_the_observation(refill, seat):
    opp = 1 - seat
    own = "9S 4C 8H"
    base = dict(p="7D 7H", c0="AD", c1="AC KC", x="7D--", rest="s", r=refill, m=opp)
    base["h%d" % seat] = own
    a = dict(base, **{"h%d" % opp: "4S 5S 6C 8S", "s": "2S 3S 4H"})
    b = dict(base, **{"h%d" % opp: "2S 5S 4H 8S", "s": "6C 4S 3S"})  # swap hand/stock cards
    ga = game(**a)
    gb = game(**b)
    assert ga.to_text() != gb.to_text()
    assert _obs_dict(ga.observation(seat)) == _obs_dict(gb.observation(seat))
    # Sanity: the opponent, who sees its own hand, can tell them apart.
    assert _obs_dict(ga.observation(opp)) != _obs_dict(gb.observation(opp))
    # Stock order alone: reverse the stock.
    fa = fields(ga)
    reversed_stock = "s=" + "".join(fa["s"][::-1])
    gc = clubbed_text.from_text(ga.to_text().replace("s=" + "".join(fa["s"]), reversed_stock))
    assert gc.to_text() != ga.to_text()
    for s in (0, 1):
        assert _obs_dict(gc.observation(s)) == _obs_dict(ga.observation(s))


@VARIANTS
def test_cb11_draw_shows_the_top_drawn_against_not_the_card(refill):
    ga = game(h0="9S", h1="4S 5S 6S 8S 9H", p="7D", s="KD JH", r=refill)
    gb = game(h0="9S", h1="4S 5S 6S 8S 9H", p="7D", s="JH KD", r=refill)
    ga.apply(DRAW)
    gb.apply(DRAW)
    oa, ob = ga.observation(1), gb.observation(1)
    assert oa.drew_against[0] == notation.parse("7D")
    assert oa.hand_sizes == (2, 5) and oa.stock_size == ob.stock_size
    assert _obs_dict(oa) == _obs_dict(ob), "the drawn card stays hidden from the opponent"
    assert ga.observation(0).hand != gb.observation(0).hand


def test_cb11_observation_rejects_bad_seat():
    g = clubbed.Clubbed(1)
    for bad in (2, -1, None):
        with pytest.raises(ValueError):
            g.observation(bad)


# --- CB-12 Conservation and the notation -------------------------------------------


@VARIANTS
def test_cb12_conservation_through_a_scripted_game(refill):
    g = game(h0="7H 9S 3C", h1="8H 5S 6S", p="7D", s="2C 4D 9H KD", rest="c1", r=refill)
    # 7H; 8H matches; seat 0 draws KD (no match for 8H), clubs with 3C; seat 1
    # starts the empty pile with 5S; seat 0 matches with 9S.
    script = ["7H", "8H", "DRAW", "3C", "5S", "9S"]
    for a in script:
        g.apply(DRAW if a == "DRAW" else notation.parse(a))
        assert_conserved(g)
        assert clubbed_text.from_text(g.to_text()).to_text() == g.to_text()
    assert {"7D", "7H", "8H", "3C"} <= set(fields(g)["c1"])
    while not g.is_over():
        g.apply(g.legal_actions()[0])
        assert_conserved(g)
    assert fields(g)["h0"] == fields(g)["h1"] == []


def test_cb12_from_text_rejects_missing_or_repeated_cards():
    good = position(h0="7H", h1="8H", p="7D")
    clubbed_text.from_text(good)
    missing = good.replace("h0=7H", "h0=")
    with pytest.raises(ValueError, match="7H"):
        clubbed_text.from_text(missing)
    twice = good.replace("h0=7H", "h0=7H8H")
    with pytest.raises(ValueError, match="8H"):
        clubbed_text.from_text(twice)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda t: t.replace("CB1;", "CB2;"),
        lambda t: t.replace(";r=1", ""),
        lambda t: t + ";z=1",
        lambda t: t + ";r=1",
        lambda t: t.replace("r=1", "r=2"),
        lambda t: t.replace("d=1", "d=x"),
        lambda t: t.replace("m=0", "m=2"),
        lambda t: t.replace("x=----", "x=--"),
        lambda t: t.replace("x=----", "x=--ZZ"),
        lambda t: t.replace("h0=7H", "h0=7"),
        lambda t: t.replace("p=7D", "p=7D2C").replace("2C", "", 1),  # club on top of a card
        lambda t: t.replace("m=0", "m=-"),  # finished with cards in hand
        lambda t: 12,
    ],
)
def test_notation_rejects_bad_positions(mutate):
    good = position(h0="7H", h1="8H", p="7D")
    assert clubbed_text.from_text(good).to_text() == good
    with pytest.raises(ValueError):
        clubbed_text.from_text(mutate(good))


def test_notation_round_trip_and_copy():
    g = clubbed.Clubbed(77, dealer=0, refill=False)
    t = g.to_text()
    assert clubbed_text.from_text(t).to_text() == t
    h = g.copy()
    assert h == g
    a = g.legal_actions()[0]
    h.apply(a)
    assert g.to_text() == t, "a copy is independent"
    assert h != g


def test_notation_lowercase_accepted():
    good = position(h0="7H", h1="8H", p="7D")
    assert clubbed_text.from_text(good.replace("h0=7H", "h0=7h")).to_text() == good


def test_from_text_position_without_legal_move_but_stock():
    # A club on top of the pile with the mover's hand empty cannot arise in
    # play (the club starter faces a full hand); from_text must not build a
    # game that is not over yet offers no legal action.
    # Nor may it call such a game over: CB-9 ends a game only with an empty
    # stock.
    t = position(h0="", h1="4S", p="2C", s="3S 4H", rest="c1")
    try:
        g = clubbed_text.from_text(t)
    except ValueError:
        return
    assert not g.is_over() and g.legal_actions()


def test_from_text_finished_game_needs_an_empty_stock():
    # CB-9: a game ends only once the stock is empty.
    t = position(h0="", h1="", p="7D", s="3S 4H", rest="c1", m="-")
    with pytest.raises(ValueError):
        clubbed_text.from_text(t)


def test_cb11_draw_on_empty_pile_is_public():
    """CB-6/CB-11: drawing facing an empty pile shows an all-clubs hand; the
    observation keeps that apart from "never drew"."""
    text = ("CB1;r=1;d=1;m=0;h0=2C;h1=3D4D;s=" + "".join(
        cards.name(c) for c in range(52) if cards.name(c) not in ("2C", "3D", "4D")) +
        ";p=;c0=;c1=;x=----")
    g = clubbed_text.from_text(text)
    assert clubbed.DRAW in g.legal_actions()
    g.apply(clubbed.DRAW)
    obs = g.observation(1)
    assert obs.drew_against[0] == clubbed.DREW_ON_EMPTY
    assert obs.drew_against[1] == cards.NO_CARD
    assert g.to_text().endswith(";x=**--")
    assert clubbed_text.from_text(g.to_text()).to_text() == g.to_text()


# --- no-match entries: what every draw shows (CB-4, CB-6, CB-11) -------------


def _avoids(c, tops):
    # CB-2: c matches none of ``tops`` (DREW_ON_EMPTY: c is a club, CB-6).
    for t in tops:
        if (c >= 13) if t == clubbed.DREW_ON_EMPTY else (c // 13 == t // 13 or c % 13 == t % 13):
            return False
    return True


def _entries(obs, seat):
    e = obs.no_match[seat]
    return [(e[i], e[i + 1]) for i in range(0, len(e), 2)]


def test_cb4_cb11_a_run_of_draws_counts_every_card_held_before_the_last():
    """CB-4/CB-11: a seat that draws twice facing 7D showed, at the second
    draw, that its two cards and the first drawn card match no 7D; playing the
    matching card drawn last leaves those three, public to the other seat."""
    g = game(h0="9S 4S", h1="8S 8C", p="7D", s="8H 6D 5C")
    g.apply(DRAW)  # 5C: a club, not of rank 7, so no match
    assert _entries(g.observation(1), 0) == [(notation.parse("7D"), 2)]
    g.apply(DRAW)  # 6D matches
    assert _entries(g.observation(1), 0) == [(notation.parse("7D"), 3)]
    g.apply(notation.parse("6D"))
    obs = g.observation(1)
    assert _entries(obs, 0) == [(notation.parse("7D"), 3)]
    assert _entries(obs, 1) == []
    assert ";nm=7D3/;x=7D--" in g.to_text()
    assert clubbed_text.from_text(g.to_text()).to_text() == g.to_text()
    # The entry says no more than the truth: seat 0's three cards avoid 7D.
    assert all(_avoids(c, [notation.parse("7D")]) for c in g.hand(0))


def test_cb4_a_card_played_that_may_be_counted_lowers_the_count():
    """CB-4: after drawing a club and playing it (it matches no 7D, so it may
    have been one of the cards counted), only one card is sure to avoid 7D;
    a card played that does match 7D cannot have been counted."""
    g = game(h0="9S 4S", h1="8S 8C 9C", p="7D", s="8H 6D 5C")
    g.apply(DRAW)
    g.apply(notation.parse("5C"))  # clubs seat 1 with 7D and 5C
    assert _entries(g.observation(1), 0) == [(notation.parse("7D"), 1)]
    g2 = game(h0="9S 4S 7S", h1="8S 8C 9C", p="7D", s="8H 6D 5C", x="7D--")
    g2.nm[0] = notation.parse("7D")
    g2.nm[1] = 2  # as if 9S and 4S had been shown against 7D
    g2.n_nm[0] = 1
    g2.apply(notation.parse("7S"))  # matches 7D: not one of the two
    assert _entries(g2.observation(1), 0) == [(notation.parse("7D"), 2)]


def test_cb4_cb9_no_match_entries_are_sound_and_public_over_whole_games():
    """CB-4/CB-6/CB-11: in every position of many heuristic games, each
    no-match entry ``t, k`` of a seat holds for its real hand (at least k
    cards match none of the tops from that entry on), the notation keeps the
    entries (a Continue sees the same observation), and a finished game
    (CB-9: no hands) has none."""
    from players import levels

    checked = 0
    for seed in range(40):
        g = clubbed.Clubbed(seed=seed, dealer=seed % 2)
        h = levels.heuristic("clubbed", seed)
        while not g.is_over():
            for s in (0, 1):
                ent = _entries(g.observation(1 - s), s)
                assert len(ent) <= clubbed.NM_CAP
                for i, (_t, k) in enumerate(ent):
                    tops = [t for t, _ in ent[i:]]
                    assert sum(_avoids(c, tops) for c in g.hand(s)) >= k
                    checked += 1
            text = g.to_text()
            back = clubbed_text.from_text(text)
            assert back.to_text() == text
            p = g.current_player
            assert back.observation(p).no_match == g.observation(p).no_match
            g.apply(h.choose(g.observation(p), g.legal_actions()))
        assert ";nm=" not in g.to_text()
    assert checked > 500


def test_cb6_draw_on_empty_pile_counts_the_clubs():
    """CB-6/CB-11: drawing facing an empty pile shows a hand of clubs."""
    text = ("CB1;r=1;d=1;m=0;h0=2C3C;h1=3D4D;s=" + "".join(
        cards.name(c) for c in range(52) if cards.name(c) not in ("2C", "3C", "3D", "4D")) +
        ";p=;c0=;c1=;x=----")
    g = clubbed_text.from_text(text)
    g.apply(DRAW)
    assert _entries(g.observation(1), 0) == [(clubbed.DREW_ON_EMPTY, 2)]
    assert g.to_text().endswith(";nm=**2/;x=**--")
    assert clubbed_text.from_text(g.to_text()).to_text() == g.to_text()


def test_cb11_positions_without_no_match_entries_still_load():
    """Positions written before field ``nm`` existed (saves, records) load,
    with no entries."""
    g = game(h0="9S 4S", h1="8S 8C", p="7D", x="7D--")
    assert g.observation(1).no_match == (b"", b"")
    assert ";nm=" not in g.to_text()


@pytest.mark.parametrize(
    "nm",
    ["7D2", "7D2/8S1/", "2C1/", "7D0/", "7D3/", "7D/", "7D\uff11/", "XX1/", "7D1x/",
     ",".join(["7D1"] * (clubbed.NM_CAP + 1)) + "/"],
)
def test_notation_rejects_bad_no_match_entries(nm):
    """CB-11: a no-match entry needs a non-club top (nobody draws facing a
    club, CB-3/CB-7) and a count from 1 to the seat's hand size."""
    good = position(h0="4S 9S", h1="8C 8S", p="7D", x="7D--")
    assert clubbed_text.from_text(good.replace(";x=", ";nm=7D2/;x=")).to_text() \
        == good.replace(";x=", ";nm=7D2/;x=")
    with pytest.raises(ValueError):
        clubbed_text.from_text(good.replace(";x=", ";nm=%s;x=" % nm))
