"""Klaberjass played through the app on the simulator's framebuf and a
virtual clock: a round by button presses decided from what the screen shows
(bidding included), whose summary must be the core's (KJ-14); a whole game
with the computer on both seats through the app's own loop, ending on the
result the core gives (KJ-15); the round-two suit picker (KJ-4) and the
trump-seven exchange prompt (KJ-7) checked against the core."""

import apptest
import pytest
from apptest import waits

from app.kit import buttons, text, theme
from app.klaberjass import screen as ks
from app.klaberjass.screen import (
    THINK_MS,
    KlaberjassScreen,
    choice_label,
)
from app.klaberjass.summary import KlaberjassResult, summary_rows
from app.title import TitleScreen
from cardgames import klaberjass as kj


class Session(apptest.Session):
    def __init__(self, seed, **options):
        super().__init__(seed)
        assert isinstance(self.app.screen, TitleScreen)
        # The title picks games with LEFT/RIGHT, whatever their order.
        self.choose_game("Klaberjass", tries=10)
        self.app.options["Klaberjass"].update(options)

    def start(self):
        self.press("A")
        assert isinstance(self.app.screen, KlaberjassScreen)
        return self.app.screen


def pick_choice(s, scr, action):
    """Move the choice cursor to ``action`` (shown as a button) and press A."""
    assert action in scr.choices
    while scr.choices[scr.choice] != action:
        s.press("RIGHT")
    s.press("A")


def pick_card(s, scr, card):
    while scr.hand[scr.cursor] != card:
        s.press("RIGHT")
    s.press("A")


def human_move(s, scr, style):
    """One human decision from what the screen shows: the buttons on the hint
    line (bids, exchange) or the raised (playable) cards of the hand; a
    banner that waits (West's bid, round two, a redeal) is read, then A."""
    if waits(scr):
        assert not scr.banners or scr.banners[0][1][-1] == "A/B: continue"
        s.press("A")
        return
    if scr.choices:
        ch = scr.choices
        if kj.ACCEPT in ch:  # round one (KJ-4)
            # The hint names the action with the button's own word.
            assert scr.hint.startswith(choice_label(kj.ACCEPT, scr.game) + " as trump")
            assert text.SMALL.width(scr.hint) <= 240 - 6  # fits the hint line
            pick_choice(s, scr, kj.PASS if style % 2 else kj.ACCEPT)
        elif kj.EXCHANGE in ch:  # KJ-7
            pick_choice(s, scr, ch[style % 2])
        else:  # round two: name the first suit offered
            pick_choice(s, scr, ch[0])
        return
    playable = [c for c in scr.hand if c in scr.legal]
    assert playable, "human to play without a raised card"
    pick_card(s, scr, playable[-1] if style % 3 == 2 else playable[0])


@pytest.mark.parametrize("seed", range(4))
def test_round_by_key_presses(seed):
    s = Session(seed)
    scr = s.start()
    game = scr.game
    said = []
    say = scr._say
    scr._say = lambda m: (said.append(m), say(m))  # every event line shown
    presses = 0
    while scr.summary is None:
        assert scr.human_turn() or waits(scr), "idle although the computer is to move"
        assert not scr.autoplay
        human_move(s, scr, seed)
        presses += 1
        assert presses < 300
    sv = scr.summary
    rs = game.last_round
    assert sv.rs == rs
    assert sv.number == 1 and sv.before == (0, 0)
    assert sv.after == (game.scores[0], game.scores[1]) == rs.scored
    assert sv.rows == summary_rows(rs)
    rows = {label: (a, b) for label, a, b in sv.rows}
    # The card points are those of the tricks the screen announced (KJ-13).
    won = [0, 0]
    for m in said:
        for seat, who in ((0, "You"), (1, "West")):
            if m.startswith(who + " won ") and m.count(" ") == 4:  # "You won J♦ 8♦: 20"
                won[seat] += int(m.split(": ")[1])
    assert tuple(won) == rows["Card points"]
    # Each of the nine tricks is told with its two cards ("You won J♦ 8♦: 20"),
    # which leave the table soon after.
    import re

    tricks = [m for m in said if re.match(r"(You|West) won \S+ \S+: \d+$", m)]
    assert len(tricks) == 9, said
    assert sorted(rows["Last trick"]) == [0, 10]
    for seat in (0, 1):
        parts = sum(rows[k][seat] for k in ("Card points", "Last trick", "Sequence", "Bella"))
        assert rows["Total"][seat] == parts == rs.totals[seat]
    assert ("failed" in sv.line) == rs.failed
    # A: the next round is on the table, the summary gone.
    s.press("A")
    assert scr.summary is None and scr.round_no == 2
    assert s.app.screen is scr


def test_whole_game_autoplay_through_app_loop():
    s = Session(2, autoplay=True)
    s.btn.push(buttons.A)
    app = s.app
    clock = s.clock
    screen = None
    for _ in range(200000):
        app.step()
        if isinstance(app.screen, KlaberjassScreen):
            screen = app.screen
        if isinstance(app.screen, KlaberjassResult):
            break
        # The computer plays both seats: the game never waits for a button.
        assert not app.idle(), "autoplay waits for a button"
        dl = app.next_deadline()
        if dl is not None and dl > clock.now:
            clock.now = dl
    res = app.screen
    assert isinstance(res, KlaberjassResult)
    game = screen.game
    assert game.is_over()
    assert res.outcome == game.result()
    assert res.scores == (game.scores[0], game.scores[1])
    assert max(res.scores) >= 500 and res.scores[0] != res.scores[1]
    assert res.headline == ("You win!" if game.winner == 0 else "West wins")
    assert res.rounds == screen.round_no >= 2
    assert app.sessions["Klaberjass"]["wins"][game.winner] == 1
    # Paced like a human game: the virtual clock ran for minutes.
    assert clock.now > res.rounds * 18 * THINK_MS
    s.settle()
    assert app.idle()
    s.press("A")  # the next game, played to its end again (autoplay stays on)
    assert isinstance(app.screen, KlaberjassResult) and app.screen is not res
    assert sum(app.sessions["Klaberjass"]["wins"]) == 2


def _until(s, scr, want, limit=60):
    # Play on by keys (accepting in round one) until ``want(scr)``.
    for _ in range(limit):
        if want(scr):
            return True
        if scr.summary is not None:
            s.press("A")
            if s.app.screen is not scr:
                return False
            continue
        human_move(s, scr, 0)
    return False


def test_round_two_picker_never_offers_the_turned_suit():
    seen = 0
    for seed in range(30):
        s = Session(seed)
        scr = s.start()
        g = scr.game
        for _ in range(9):
            if waits(scr):
                s.press("A")  # West's pass began round two: read, then A
                continue
            if not scr.human_turn() or g.phase == kj.PLAY:
                break
            if g.phase == kj.BID1:
                pick_choice(s, scr, kj.PASS)
                continue
            if g.phase != kj.BID2:
                break
            turned = g.turned_suit
            assert kj.NAME_CLUBS + turned not in scr.choices
            assert sorted(scr.choices) == g.legal_actions()
            assert scr.choices[-1] == kj.PASS and len(scr.choices) == 4
            for a in scr.choices:
                assert kj.SUIT_SYMBOLS[turned] not in choice_label(a, g)
            seen += 1
            pick_choice(s, scr, kj.PASS)
        if seen >= 6:
            return
    pytest.fail("round two reached only %d times" % seen)


def test_exchange_prompt_only_when_the_core_offers_it():
    prompts = others = west_held = 0
    for seed in range(40):
        s = Session(seed)
        scr = s.start()
        g = scr.game
        for _ in range(400):
            if s.app.screen is not scr:
                break
            if scr.summary is not None:
                if scr.round_no >= 2:
                    break
                s.press("A")
                continue
            offered = g.phase == kj.EXCHANGING and g.current_player == 0
            shown = kj.EXCHANGE in scr.choices
            assert shown == offered
            # The computer decides its exchange at once: the screen never
            # waits in that phase (it would show who holds the seven).
            assert not (g.phase == kj.EXCHANGING and g.current_player == 1)
            if shown:
                assert scr.choices == [kj.EXCHANGE, kj.DECLINE]
                seven = g.trump * 13 + kj.R7
                assert g.trump == g.turned_suit and g.turned != seven and seven in scr.hand
                turned = g.turned
                prompts += 1
                pick_choice(s, scr, kj.EXCHANGE)
                assert g.turned == seven and turned in scr.hand + [c for _, c in scr.trick]
                continue
            if g.phase == kj.PLAY and g.n_played == 0 and g.trump == g.turned_suit:
                others += 1
                if g.ex == kj.EX_DONE and g.ex_seat == 1 or g.ex == kj.EX_DECLINED:
                    west_held += 1
            human_move(s, scr, 0)
        if prompts >= 3 and west_held >= 1:
            break
    assert prompts >= 3 and others >= 3 and west_held >= 1, (prompts, others, west_held)


def a_trick_to_follow_with_a_greyed_card():
    """(session, screen) at the first of the human's turns, over a few
    deals, where a trick is led and some card in the hand may not follow
    (KJ-11); elsewhere the human plays the first legal move."""
    for seed in range(40):
        s = Session(seed)
        scr = s.start()
        for _ in range(60):
            if scr.summary is not None or s.app.screen is not scr:
                break
            if not scr.choices and scr.game.trick() and any(c not in scr.legal for c in scr.hand):
                return s, scr
            human_move(s, scr, 0)
    pytest.fail("no trick to follow with a greyed card")


def test_illegal_card_explains_the_duty_and_changes_nothing():
    s, scr = a_trick_to_follow_with_a_greyed_card()
    g = scr.game
    before = g.to_text()
    # LEFT/RIGHT step over greyed cards: put the cursor on one.
    scr.cursor = scr.hand.index([c for c in scr.hand if c not in scr.legal][0])
    s.press("A")
    assert g.to_text() == before
    assert scr.hint_alert
    assert scr.hint.startswith(("You must", "Trumps led", "No "))
    assert kj.SUIT_SYMBOLS[g.trick()[0] // 13] in scr.hint or "overtrump" in scr.hint


def test_cursor_starts_on_and_moves_among_playable_cards():
    """Following suit (KJ-11) the cursor starts on a raised card and
    LEFT/RIGHT step over the greyed ones: a press of A never meets "You
    must follow" by accident."""
    s, scr = a_trick_to_follow_with_a_greyed_card()
    playable = [c for c in scr.hand if c in scr.legal]
    assert scr.hand[scr.cursor] in scr.legal
    for key in ("RIGHT", "LEFT"):
        seen = []
        for _ in range(len(playable)):
            s.press(key)
            assert scr.hand[scr.cursor] in scr.legal
            seen.append(scr.hand[scr.cursor])
        assert sorted(seen) == sorted(playable)


def test_pause_menu_and_look_overlay():
    s = Session(5)
    scr = s.start()
    s.press("A")  # the cut box waits for A
    s.press("UP")
    assert scr.looking and any("Score" in str(x) for x in scr.look_lines)
    s.press("B")
    assert not scr.looking and scr.pause is None
    s.press("B")
    assert scr.pause is not None
    s.press("DOWN", "DOWN", "A")  # Rules
    assert s.app.screen is not scr
    s.press("B")
    assert s.app.screen is scr and scr.pause is None
    s.pause_new_game()  # New game, asked: A yes
    assert isinstance(s.app.screen, KlaberjassScreen) and s.app.screen is not scr
    s.press("A")  # its cut box
    s.press("B", "DOWN", "DOWN", "DOWN", "A")  # Quit to menu
    assert isinstance(s.app.screen, TitleScreen)


def test_trick_cards_are_labelled_and_the_winners_framed():
    for seed in range(30):
        s = Session(seed)
        scr = s.start()
        g = scr.game
        for _ in range(80):
            if scr.summary is not None or s.app.screen is not scr:
                break
            if scr.choices or g.trick():
                human_move(s, scr, 0)
                continue
            # You lead: play, then step the app until the trick lies complete.
            lead = scr.hand[scr.cursor]
            s.btn.push(buttons.A)
            for _ in range(5000):
                s.app.step()
                if scr.trick_done or scr.summary is not None:
                    break
                dl = s.app.next_deadline()
                if dl is not None and dl > s.clock.now:
                    s.clock.now = dl
            if not scr.trick_done:
                break
            west = [c for seat, c in scr.trick if seat == 1][0]
            # Each card under its owner's name, the winner's framed in gold.
            text_drawn = apptest.screen_text(s)
            assert "West" in text_drawn.split("\n") and "You" in text_drawn.split("\n")
            fb = s.disp.fb
            wx, yx = ks._TRICK_X + 2, ks._TRICK_X + 36  # the frames' left edges
            assert (fb.pixel(wx, 45) == theme.GOLD) == (scr.last[3] == 1)
            assert (fb.pixel(yx, 45) == theme.GOLD) == (scr.last[3] == 0)
            assert lead in scr.hand or (0, lead) in scr.trick
            if scr.last[3] == 1:
                assert scr.event_line() == "West played " + kj.symbol_name(west)
                return
            s.settle()
    pytest.fail("West never won a trick you led")


def test_bidding_log_in_words():
    from app.klaberjass.screen import pass_line

    assert pass_line(1) == "West passes" and pass_line(0) == "You pass"


def test_each_pass_is_shown_once_and_the_event_line_keeps_the_deal():
    """While the bidding goes on (KJ-4) the table lists the passes ("West
    passes"), so the event line under it shows the turned card (KJ-3; the
    deal is on the top row) instead of saying the last pass again ("West
    passed")."""
    checked = 0
    for s, scr in _passing_turns():
        g = scr.game
        if g.bids():
            shown = apptest.screen_text(s).split("\n")
            assert not any(t.endswith(" passed") for t in shown), shown
            line = scr.event_line()
            turned = "turned " + kj.symbol_name(g.turned)
            assert line.endswith(turned) or line == "T" + turned[1:], line
            # one line per pass made, no more
            passes = sum(t in (ks.pass_line(0), ks.pass_line(1)) for t in shown)
            assert passes == len(g.bids()), shown
            checked += 1
            if checked >= 5:
                return
    pytest.fail("a pass was on the table only %d times" % checked)


def _passing_turns(seeds=range(20)):
    """``(session, screen)`` at each of the person's bidding turns (KJ-4) in
    the games of ``seeds``, where the person then passes (closing what
    waits for A on the way)."""
    for seed in seeds:
        s = Session(seed)
        scr = s.start()
        g = scr.game
        for _ in range(12):
            if waits(scr):
                s.press("A")
                continue
            if not scr.human_turn() or g.phase not in (kj.BID1, kj.BID2):
                break
            yield s, scr
            pick_choice(s, scr, kj.PASS)


@pytest.mark.parametrize("seed", range(1, 5))
def test_cut_banner_waits_for_a_and_that_a_does_not_bid(seed):
    """A new game's cut box ("West deals / Cut: ...", KJ-2) covers the hand:
    it says "A/B: continue", stays however long the player reads, and the A
    that closes it does not also pass or accept (KJ-4)."""
    s = Session(seed)
    scr = s.start()
    assert scr.banners and scr.banners[0][0].endswith(("deals", "deal"))
    s.clock.now += 5000  # a slow reader
    s.settle()
    shown = apptest.screen_text(s)
    assert "A/B: continue" in shown and " is lower than " in shown
    s.press("A")
    assert " is lower than " not in apptest.screen_text(s)
    g = scr.game
    if g.dealer == 1:  # you bid first: still to do, on the buttons
        assert g.phase == kj.BID1 and g.bids() == b"" and scr.human_turn()
    else:  # West bids first; your bid is not made by that A
        assert g.phase == kj.BID1 and len(g.bids()) <= 1 or waits(scr)


@pytest.mark.parametrize("seed", [1, 4])
def test_cut_banner_text_is_not_under_its_cards(seed, monkeypatch):
    """KJ-2's cut box shows the two cut cards and, since it waits for A, an
    "A/B: continue" line (240x135): no line of its text may lie under a card
    (a new player read "A[K]n[J]e")."""
    s = Session(seed)
    s.start()
    texts, cards = _banner_boxes(s, monkeypatch)
    shown = [t for t in texts if " is lower than " in t[0] or t[0].startswith("A/B: continue")]
    assert len(shown) == 2 and cards
    for st, x0, y0, x1, y1 in shown:
        for cx0, cy0, cx1, cy1 in cards[-2:]:  # the banner's two cards, drawn last
            assert x1 <= cx0 or cx1 <= x0 or y1 <= cy0 or cy1 <= y0, (st, (x0, y0), (cx0, cy0))


def _banner_boxes(s, monkeypatch):
    # The texts and cards one frame draws: (str, x0, y0, x1, y1), (x0, y0, x1, y1).
    from app.kit import cardview, text

    texts, cards = [], []
    draw, face = text.draw, cardview.face

    def spy_text(fb, st, x, y, color, font=text.SMALL, *a, **k):
        texts.append((st, x, y, x + font.w * len(st), y + font.h))
        return draw(fb, st, x, y, color, font, *a, **k)

    def spy_face(fb, c, x, y, *a, **k):
        cards.append((x, y, x + theme.CARD_W, y + theme.CARD_H))
        return face(fb, c, x, y, *a, **k)

    monkeypatch.setattr(text, "draw", spy_text)
    monkeypatch.setattr(cardview, "face", spy_face)
    s.app.invalidate()
    s.app.step()
    monkeypatch.undo()
    return texts, cards


def test_exchange_banner_text_is_not_under_its_card(monkeypatch):
    """West's trump-seven exchange (KJ-7) shows the turned card it took: no
    word of the banner lies under that card (a new player read
    "for the t[A]d card")."""
    for seed in range(30, 60):
        s = Session(seed)
        scr = s.start()
        for _ in range(12):
            if scr.banners and scr.banners[0][0] == "Exchange":
                texts, cards = _banner_boxes(s, monkeypatch)
                card = cards[-1]  # the banner's card, drawn last
                cx0, cy0, cx1, cy1 = card
                # Inside the banner box, but the card's own rank.
                words = [t for t in texts if t[2] >= 66
                         and not (cx0 <= t[1] < cx1 and cy0 <= t[2] < cy1)]
                assert any("swapped" in t[0] for t in words)
                for st, x0, y0, x1, y1 in words:
                    assert x1 <= cx0 or cx1 <= x0 or y1 <= cy0 or cy1 <= y0, (st, (x0, y0))
                return
            s.press("A")
    pytest.fail("West never exchanged the seven")


@pytest.mark.parametrize("values, bad", [
    ((0, 0, 3, 80, 60, 1, 0, 0, 0, 0), False),  # you bid and made it
    ((0, 0, 3, 0, 0, 1, 0, 0, 0, 0), True),  # you bid and failed
    ((0, 1, 3, 60, 80, 0, 0, 0, 0, 0), True),  # West bid and made it
    ((0, 1, 3, 0, 0, 0, 0, 0, 0, 0), False),  # West bid and failed: you score both totals
])
def test_kj14_summary_verdict_red_only_for_bad_news(values, bad):
    # The verdict line is in the alert colour when the round went against
    # the player, whoever bid (KJ-14); "West failed ... you score" is good news.
    from app.klaberjass.summary import RoundView

    rs = kj.RoundSummary(values)
    assert rs.failed == (values[3] < 50)
    s = Session(2)
    fb = s.disp.fb
    RoundView(rs, (0, 0), rs.scored, 1, 501, ("You", "West"), False).draw(fb, 240)
    alert = any(fb.pixel(x, y) == theme.ALERT for y in range(135) for x in range(240))
    assert alert == bad


def test_kj8_sequence_banner_waits_for_a():
    # A sequence scored (KJ-8) shows its cards until A: a timed banner went
    # by before a newcomer had read whose 50 it was.
    s = Session(3)
    s.start()
    keys = ["A", "RIGHT", "A", "A", "LEFT", "A", "DOWN", "A"]
    shown = ""
    for i in range(60):
        s.press(keys[i % len(keys)])
        shown = apptest.screen_text(s)
        if "Sequence" in shown.split("\n"):
            break
    assert "Sequence" in shown.split("\n"), "no sequence scored in the first deals of seed 3"
    assert "A/B: continue" in shown
    s.clock.now += 60000
    s.settle()
    assert "Sequence" in apptest.screen_text(s).split("\n"), "the banner closed by itself"
    s.press("A")
    assert "Sequence" not in apptest.screen_text(s).split("\n")


def test_follow_line_never_says_no_trumps_while_you_hold_one():
    """The line above your hand when you follow (KJ-11): void in a plain
    suit led, it says you must trump whenever you hold a trump, your whole
    hand trumps included (it said "No ♠, no trumps: any card" then), and
    "no trumps" only when you hold none."""
    import types

    from app.klaberjass.screen import KlaberjassScreen
    from cardgames import klaberjass as kj
    from players.klaberjass.heuristic import KlaberjassHeuristic

    seen = set()
    for seed in range(40):
        g = kj.Klaberjass(seed=seed)
        players = (KlaberjassHeuristic(seed), KlaberjassHeuristic(seed + 50))
        while g.winner is None and g.n_played < 18:
            p = g.current_player
            legal = g.legal_actions()
            tr = g.trick() if g.phase == kj.PLAY else ()
            if p == 0 and tr and tr[0] // 13 != g.trump:
                hand = list(g.hand(0))
                ls = tr[0] // 13
                if not any(c // 13 == ls for c in hand):
                    line = KlaberjassScreen._duty(types.SimpleNamespace(
                        game=g, legal=legal, hand=hand))
                    trumps = sum(1 for c in hand if c // 13 == g.trump)
                    assert ("no trumps" in line) == (trumps == 0), (line, hand)
                    seen.add((trumps > 0, trumps == len(hand)))
            g.apply(players[p].choose(g.observation(p), legal))
    assert (True, True) in seen and (False, False) in seen and (True, False) in seen


def test_look_view_tells_the_computers_bids_and_exchange():
    """Looked away during the bidding (KJ-4, KJ-5, KJ-7): UP lists what West
    did, each bid and the seven taken for the turned card, under "Recent"."""
    seen_bid = seen_exchange = False
    for seed in range(80):
        s = Session(seed)
        scr = s.start()
        g = scr.game
        for _ in range(40):
            if scr.summary is not None or s.app.screen is not scr or g.phase == kj.PLAY:
                break
            human_move(s, scr, seed)  # pass on odd seeds: West decides more often
        if g.phase != kj.PLAY or s.app.screen is not scr:
            continue
        while waits(scr):
            s.press("A")
        s.press("UP")
        assert scr.looking
        lines = [ln if isinstance(ln, str) else ln[1] for ln in scr.look_lines]
        recent = lines[lines.index("Recent") + 1:]
        if g.maker == 1:
            bid = "West accepted" if g.trump == g.turned_suit else "West named"
            assert any(bid in ln for ln in recent), recent
            seen_bid = True
        if g.ex == kj.EX_DONE and g.ex_seat == 1:
            assert any(ln.strip().startswith("West took") for ln in recent), recent
            seen_exchange = True
        s.press("UP")
        if seen_bid and seen_exchange:
            return
    pytest.fail("no deal where West bid and exchanged (%s, %s)" % (seen_bid, seen_exchange))


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_kj13_the_last_trick_waits_before_the_score_sheet(seed):
    """KJ-13: the deal's last trick (both cards, who takes it, the last
    trick's 10) stays on the table until A, then the score sheet (KJ-14),
    whose UP names that trick."""
    s = Session(seed)
    scr = s.start()
    for _ in range(400):
        if scr.trick_done and scr.frozen is not None:
            break
        assert scr.summary is None, "the score sheet came before the last trick"
        s.press("A")
    else:
        raise AssertionError("no last trick")
    s.clock.now += 60_000
    s.settle()
    assert scr.summary is None and scr.trick_done  # nothing went on by itself
    assert scr.deadline() is None
    ls, a, b, w, _ = scr.last
    shown = apptest.screen_text(s)
    assert "%s +10 for the last trick" % ks.NAMES[w] in shown
    assert kj.symbol_name(a) in shown or kj.symbol_name(b) in shown  # the event line
    s.press("A")
    assert scr.summary is not None
    s.press("UP")
    assert scr.looking and scr.summary is not None
    shown = apptest.screen_text(s)
    assert "Last trick" in shown
    assert kj.symbol_name(a) in shown and kj.symbol_name(b) in shown
    s.press("B")
    assert not scr.looking and scr.summary is not None


def test_kj4_the_cursors_choice_is_on_the_highlight_even_a_suit():
    # KJ-4 round two: the choice A takes is filled with the highlight and
    # framed in gold, a suit too (a suit on white in a gold frame read as a
    # mark, not as the cursor, once a hint had moved the cursor there).
    for seed in range(1, 30):
        s = Session(seed)
        scr = s.start()
        for _ in range(12):
            if scr.human_turn() and scr.game.phase == kj.BID2:
                break
            if scr.human_turn() and scr.choices and kj.PASS in scr.choices:
                pick_choice(s, scr, kj.PASS)
            else:
                s.press("A")
        if scr.human_turn() and scr.game.phase == kj.BID2:
            break
    else:
        raise AssertionError("never the second chance")
    fb = s.disp.fb
    fills = []

    class Spy:
        """The frame, noting the colour of each button's fill."""

        def __getattr__(self, name):
            return getattr(fb, name)

        def fill_rect(self, x, y, w, h, c):
            if h == 19:
                fills.append(c)
            return fb.fill_rect(x, y, w, h, c)

    for i in range(len(scr.choices)):
        while scr.choice != i:
            s.press("RIGHT")
        fills.clear()
        scr._draw_choices(Spy(), 240)
        assert fills[i] == theme.HILITE, scr.choices[i]
        assert all(f != theme.HILITE for k, f in enumerate(fills) if k != i)


def test_your_lead_is_marked_while_the_trick_before_it_shows():
    """The trick you won lies on the table for its time with "Your lead"
    under it: the hand shows its cursor on a playable card at once (it
    showed none, and looked stuck), LEFT/RIGHT move it over the playable
    cards, and A only takes the trick away (a tap meant to hurry West does
    not play your lead unseen)."""
    from app.kit import cardview

    s = Session(1)
    scr = s.start()
    for _ in range(20000):
        g = scr.game
        if (scr.trick_done and scr.trick_until is not None and g.current_player == 0
                and not scr.banners and not s.app.dirty):
            break
        if s.app.idle():
            s.btn.push(buttons.A)
        s.app.step()
        dl = s.app.next_deadline()
        if dl is not None and dl > s.clock.now:
            s.clock.now = min(dl, s.clock.now + 20)
    else:
        raise AssertionError("you never led after a trick")

    def frame():
        s.app.invalidate()
        s.app.step()

    marked = apptest.drawn_with(cardview, "cursor_card", frame)
    assert marked == [scr.hand[scr.cursor]] and marked[0] in scr.legal
    chosen = marked[0]
    if len(scr.legal) > 1:
        s.btn.push(buttons.RIGHT)
        s.app.step()
        chosen = scr.hand[scr.cursor]
        assert scr.trick_done and chosen != marked[0] and chosen in scr.legal
    n = len(scr.game.hand(0))
    s.btn.push(buttons.A)
    s.app.step()
    assert not scr.trick_done and len(scr.game.hand(0)) == n
    # The card chosen while the trick showed stays chosen once it is gone:
    # the next A plays it, not the first card again.
    assert scr.hand[scr.cursor] == chosen


def test_the_passes_on_the_table_run_latest_first():
    """The passes listed on the table while bidding (KJ-4) read in the order
    of every list of what happened (the 240x240 panel's "Recent" above
    them): the latest first."""
    for s, scr in _passing_turns():
        g = scr.game
        if len(g.bids()) >= 2:
            shown = apptest.screen_text(s).split("\n")
            passes = [t for t in shown if t in (ks.pass_line(0), ks.pass_line(1))]
            seats = [1 - g.dealer, g.dealer, 1 - g.dealer][: len(g.bids())]
            assert passes == [ks.pass_line(p) for p in reversed(seats)], shown
            return
    pytest.fail("never two passes on the table")
