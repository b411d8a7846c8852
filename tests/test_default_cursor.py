"""The card the cursor starts a turn on (issue 30, a player's notes): a
press of A on it is legal and never a gift. In Klaberjass the first
playable card put the 10 of clubs (10 points) under West's ace of clubs
with the 7 of clubs in hand (KJ-11, KJ-12, KJ-13)."""

import pytest
from apptest import Session

from cardgames import klaberjass as kj


def _kj_turns(seed, limit=400):
    # Klaberjass played by pressing A on whatever the screen offers (the
    # default bid, the default card): the screen at each of your cards.
    s = Session(seed)
    s.press("RIGHT", "A")
    for _ in range(limit):
        scr = s.app.screen
        if type(scr).__name__ != "KlaberjassScreen":
            return
        if scr.human_turn() and scr.game.phase == kj.PLAY:
            yield scr
        s.press("A")


@pytest.mark.parametrize("seed", (1, 2, 3, 4))
def test_klaberjass_default_card_gives_away_no_points(seed):
    turns = 0
    for scr in _kj_turns(seed):
        g = scr.game
        card = scr.hand[scr.cursor]
        assert card in scr.legal
        t = g.trump
        trick = g.trick()
        pts = kj.card_points(card, t)
        winners = [c for c in scr.legal if kj.beats(trick[0], c, t)] if trick else []
        if trick and kj.card_points(trick[0], t) and winners:
            # The lead carries points and can be taken: taken, cheaply.
            assert card in winners, (kj.symbol_name(trick[0]), kj.symbol_name(card))
            assert pts == min(kj.card_points(c, t) for c in winners)
        else:
            # KJ-13: no legal card throws fewer points (the 7 before the 10).
            assert pts == min(kj.card_points(c, t) for c in scr.legal), (
                [kj.symbol_name(c) for c in scr.legal], kj.symbol_name(card))
        turns += 1
    assert turns >= 8


@pytest.mark.parametrize("seed", (1, 2))
def test_clubs_default_card_adds_least_to_the_trick(seed):
    """Clubs (PC-6, PC-7, PC-11): the cursor starts on the legal card of
    lowest value in the trick (an off-suit 2, a Negative One, first)."""
    from cardgames import clubs

    s = Session(seed)
    s.press("RIGHT", "RIGHT", "A")
    turns = 0
    for _ in range(300):
        scr = s.app.screen
        if type(scr).__name__ != "ClubsScreen":
            break
        g = scr.game
        if scr.human_turn() and g.phase == clubs.PH_PLAY:
            card = scr.hand[scr.cursor]
            assert card in scr.legal
            t = scr.trick
            led = t.cards[t.order[0]] // 13 if t.order else None

            def value(c, led=led):
                return clubs.card_value(c, c // 13 if led is None else led)

            assert value(card) == min(value(c) for c in scr.legal), (
                [clubs.symbol_name(c) for c in scr.legal], clubs.symbol_name(card))
            turns += 1
        s.press("A")
    assert turns >= 10


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_clubbed_default_card_sheds_a_non_club_first(seed):
    """Clubbed (CB-3, CB-5): the cursor starts on a playable non-club when
    there is one, so A sheds a card and keeps the clubs for a bigger pile;
    else on a club; on DRAW only when nothing can be played."""
    from cardgames import clubbed

    s = Session(seed)
    s.press("A")
    turns = 0
    for _ in range(300):
        scr = s.app.screen
        if type(scr).__name__ != "ClubbedScreen":
            break
        if scr.human_turn() and scr.slots:
            a = scr.slots[scr.cursor]
            legal = scr.legal
            assert a in legal
            plain = [c for c in legal if c != clubbed.DRAW and c // 13 != clubbed.cards.CLUBS]
            if plain:
                assert a in plain, (list(legal), a)
                turns += 1
            elif len(legal) > 1:
                assert a != clubbed.DRAW
        s.press("A")
    assert turns >= 5
