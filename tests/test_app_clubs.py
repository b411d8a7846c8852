"""Clubs (RULES.md PC-1 ... PC-16) played through the app: a whole hand by
key presses decided from what the screen shows (cursor, raised legal cards,
bid picker), a whole game to 42 with the computer in all four seats through
the app's own loop, the bid picker refusing the bid that makes 13 (PC-10),
and nothing another seat chose for its pass or show visible before all four
chose (PC-2, PC-3, PC-16). Simulator framebuf, virtual clock."""

import random

import apptest
import pytest
from fakestore import FakeStorage

from app.clubs import table as table
from app.clubs.screen import THINK_MS, ClubsScreen
from app.clubs.summary import ResultScreen
from app.kit import text
from app.title import TitleScreen
from cardgames import clubs
from players.clubs.heuristic import ClubsHeuristic

SOUTH = clubs.SOUTH
INFO = (table.RECEIVED, table.SHOWN, table.SUMMARY, table.SCORE)


class Session(apptest.Session):
    SETTLE_LIMIT = 200000
    WAIT_QUEUE = True

    def __init__(self, seed, autoplay=False, storage=None):
        super().__init__(seed, storage=storage)
        self.choose_game("Clubs")
        if autoplay:
            self.app.options["Clubs"]["autoplay"] = True  # tests only, not on the menu

    def frame(self):
        return bytes(self.disp.buf)


def decide(s, last=False):
    """Press the keys for South's next choice, read off the screen; returns
    the number of presses."""
    scr = s.app.screen
    n = 0
    if scr.mode in INFO:
        s.press("A")
        return 1
    if scr.bidding():
        bad = scr.illegal_bid()
        while scr.bid_val == bad or (scr.forced_zero() and scr.bid_val):
            s.press("RIGHT" if scr.bid_val < 6 else "LEFT")
            n += 1
        s.press("A")
        return n + 1
    if scr.taking():
        if last:
            s.press("DOWN")
            n += 1
        s.press("A")
        return n + 1
    assert scr.human_turn(), "idle although South is not to choose"
    g = scr.game
    if scr.mode == table.TABLE:
        assert scr.legal == g.legal_actions(), "raised cards are not the legal ones"
    marked = [i for i, c in enumerate(scr.hand) if c in scr.legal and c != scr.pick]
    assert marked, "South to move without a card marked playable"
    target = marked[-1] if last else marked[0]
    while scr.cursor != target:
        s.press("RIGHT")
        n += 1
    frames = s.disp.frames
    s.press("A")
    assert s.disp.frames > frames, "pressing A did not redraw"
    return n + 1


@pytest.mark.parametrize("seed", (1, 2, 5))
def test_whole_hand_by_key_presses(seed):
    s = Session(seed)
    s.press("A")
    scr = s.app.screen
    assert isinstance(scr, ClubsScreen) and scr.mode == table.PASS
    g = scr.game
    assert scr.hand == g.hand(SOUTH) and len(scr.hand) == 13
    presses = 0
    saw = set()
    while scr.mode != table.SUMMARY:
        assert s.app.screen is scr
        saw.add(scr.mode)
        if scr.mode == table.RECEIVED:
            # PC-2: both passes made; what came in is what the core moved.
            assert scr.received == g.received(SOUTH)
            assert scr.hand == g.hand(SOUTH)
            assert scr.gave == bytes(g.passes[4:6])
        if scr.mode == table.SHOWN:
            assert bytes(scr.shown) == bytes(g.shown)  # PC-3: all four at once
        presses += decide(s, last=seed % 2 == 0)
        assert presses < 400
    saw.add(scr.mode)
    assert saw >= {table.PASS, table.RECEIVED, table.SHOW, table.SHOWN, table.TABLE}
    # The hand is over: its summary is the core's (PC-13, PC-14).
    last = g.last_hand()
    h = scr.summary
    assert (h.bids, h.won, h.neg_ones, h.adams) == (last.bids, last.won, last.neg_ones,
                                                     last.adams)
    assert h.team_scores == last.team_scores and sum(h.won) == 13
    assert h.bids[SOUTH] != clubs.NO_BID or h.won[SOUTH] == 0
    assert not scr.hand and bytes(scr.won) == h.won
    assert scr.history == [(1, last.team_scores[0], last.team_scores[1])]
    # A: the running score, A: the next hand's pass screen.
    s.press("A")
    assert scr.mode == table.SCORE and scr.scores == list(g.scores)
    s.press("A")
    assert scr.mode == table.PASS and scr.hand_no == 2 == g.hand_no
    assert scr.pass_dir == clubs.PASS_RIGHT


def test_whole_game_autoplay_ends_on_core_result():
    s = Session(4, autoplay=True)
    s.press("A")  # the app's own loop runs the game to its end
    res = s.app.screen
    assert isinstance(res, ResultScreen)
    g = s.app.sessions["Clubs"]
    assert g["wins"] in ((1, 0), (0, 1))
    game = res.game
    assert game.is_over() and res.outcome == game.result()
    assert res.winner == game.winner and res.scores == tuple(game.scores)
    assert max(res.scores) >= 42 and res.scores[res.winner] > res.scores[1 - res.winner]
    assert res.headline == ("You win!" if game.winner == 0 else "E-W win")
    assert len(res.history) == game.hand_no >= 2
    assert sum(h[1] for h in res.history) == game.scores[0]
    assert sum(h[2] for h in res.history) == game.scores[1]
    # Paced like a person could follow: at least THINK_MS per card played.
    assert s.clock.now >= 52 * THINK_MS * len(res.history)
    s.app.options["Clubs"]["autoplay"] = False
    s.press("A")  # one A deals a new game
    assert isinstance(s.app.screen, ClubsScreen) and s.app.screen.game is not game
    assert s.app.screen.human_turn() and s.app.screen.mode == table.PASS


def _to_bid(s, want_forced=False, limit=200):
    for _ in range(limit):
        scr = s.app.screen
        if scr.bidding() and scr.forced_zero() == want_forced:
            return scr
        decide(s)
    raise AssertionError("South never had to bid")


def _try_all_bids(s, scr):
    g = scr.game
    for _ in range(14):
        s.press("LEFT")
    assert scr.bid_val == 0
    bad = scr.illegal_bid()
    refused = []
    for v in range(14):
        assert scr.bid_val == (0 if scr.forced_zero() else v)
        if scr.bid_val == bad or (scr.forced_zero() and v):
            before = g.to_text()
            s.press("A")
            assert g.to_text() == before and scr.bidding(), "an illegal bid got through"
            assert scr.hint_alert
            refused.append(scr.bid_val)
        s.press("RIGHT")
    return refused


def test_bid_picker_refuses_the_bid_making_13():
    s = Session(1)
    s.press("A")
    scr = _to_bid(s)
    g = scr.game
    bad = scr.illegal_bid()
    assert 0 <= bad <= 13 and bad == 13 - g.bids_total()
    assert _try_all_bids(s, scr) == [bad]  # PC-10: only that one is refused
    assert clubs.BID0 + bad not in g.legal_actions()
    # Now a legal bid goes through.
    while scr.bid_val == bad or scr.bid_val == 0:
        s.press("LEFT" if scr.bid_val else "RIGHT")
    v = scr.bid_val
    s.press("A")
    assert g.bids[SOUTH] == v and not scr.bidding()


def test_bid_after_trick_12_is_zero():
    s = Session(13)  # South first wins a trick at trick 12 or 13 in hand 1
    s.press("A")
    scr = _to_bid(s, want_forced=True)
    g = scr.game
    assert g.n_tricks >= 12 and g.legal_actions() == [clubs.BID0]
    s.press("RIGHT")
    assert scr.bid_val == 0 and scr.hint_alert  # the picker stays on 0, and says why
    s.press("A")
    assert scr.bids[SOUTH] == 0 and (g.bids[SOUTH] == 0 or g.last_hand().bids[SOUTH] == 0)


def _patched(monkeypatch, phases):
    # The computer seats (not South) choose another card in ``phases``.
    orig = ClubsHeuristic.choose

    def choose(self, obs, legal):
        a = orig(self, obs, legal)
        if obs.seat != SOUTH and obs.phase in phases and len(legal) > 1:
            return legal[0] if a != legal[0] else legal[-1]
        return a

    monkeypatch.setattr(ClubsHeuristic, "choose", choose)


def _pass_choice(seed):
    s = Session(seed)
    s.press("A")
    scr = s.app.screen
    assert scr.human_turn() and scr.mode == table.PASS
    assert scr.game.passes[0] != clubs.NO_CARD  # North and East chose already
    shots = [s.frame()]
    s.press("RIGHT", "A")  # South's Hearts card, picked
    shots.append(s.frame())
    s.press("RIGHT", "RIGHT")
    shots.append(s.frame())
    return s, scr, shots


def _show_choice(seed):
    s = Session(seed)
    s.press("A")
    scr = s.app.screen
    while scr.mode != table.SHOW or not scr.human_turn():
        decide(s)
    assert scr.game.shown[0] != clubs.NO_CARD and scr.game.shown[1] != clubs.NO_CARD
    shots = [s.frame()]
    s.press("RIGHT")
    shots.append(s.frame())
    return s, scr, shots


@pytest.mark.parametrize("seed", (1, 6))
def test_nothing_others_chose_is_visible_before_all_chose(seed, monkeypatch):
    # PC-2/PC-3/PC-16: South's screens while choosing are the same, pixel for
    # pixel, whatever North and East picked to pass or to show.
    _, scr_a, pass_a = _pass_choice(seed)
    _, scr_b, pass_b = _show_choice(seed)
    with monkeypatch.context() as m:
        _patched(m, (clubs.PH_PASS_HEARTS, clubs.PH_PASS_PARTNER))
        _, scr_c, pass_c = _pass_choice(seed)
    assert bytes(scr_a.game.passes[:4]) != bytes(scr_c.game.passes[:4])
    assert pass_a == pass_c
    with monkeypatch.context() as m:
        _patched(m, (clubs.PH_SHOW,))
        s, scr_d, show_d = _show_choice(seed)
    assert bytes(scr_b.game.shown[:2]) != bytes(scr_d.game.shown[:2])
    assert show_d == _show_choice(seed)[2]
    # Once all four chose, the shown cards are all on screen (PC-3).
    s.press("A")
    s.settle()
    assert scr_d.mode == table.SHOWN
    assert bytes(scr_d.shown) == bytes(scr_d.game.shown)


def test_pause_menu_last_trick_and_stray_buttons():
    s = Session(7)
    s.press("A")
    first = s.app.screen
    s.press("B")
    assert first.pause is not None
    s.press("B")
    assert first.pause is None
    rnd = random.Random(7)
    # Stray presses, invalid numbers among them, with mostly sensible play.
    for _ in range(60):
        scr = s.app.screen
        if not isinstance(scr, ClubsScreen):
            break
        if scr.pause is None and rnd.random() < 0.7:
            decide(s, last=rnd.random() < 0.5)
        else:
            for b in [rnd.choice([0, 1, 2, 3, 4, 6, 99, -5]) for _ in range(3)]:
                s.btn.push(b)
            s.settle()
            if scr.pause is not None:
                s.press("B")
            if scr.looking:
                s.press("LEFT")
    scr = s.app.screen
    assert isinstance(scr, ClubsScreen)
    # UP shows the last trick once one was taken; any key goes back.
    while scr.last_trick is None or not scr.human_turn() or scr.mode != table.TABLE:
        decide(s)
    s.press("UP")
    assert scr.looking
    s.press("LEFT")
    assert not scr.looking
    s.pause_new_game()  # New game, asked: A yes
    assert isinstance(s.app.screen, ClubsScreen) and s.app.screen is not scr
    s.quit_to_menu()
    assert isinstance(s.app.screen, TitleScreen)


def test_b_takes_back_the_hearts_pass_pick():
    s = Session(5)
    s.press("A")
    scr = s.app.screen
    g = scr.game
    assert scr.mode == table.PASS and g.phase == clubs.PH_PASS_HEARTS
    first = scr.hand[scr.cursor]
    s.press("A")  # picks the Hearts-pass card
    assert scr.pick == first
    assert "B: take back" in table.pass_hint(scr)
    s.press("B")  # takes it back: no pause menu, nothing given
    assert scr.pick == clubs.NO_CARD and scr.pause is None
    assert g.phase == clubs.PH_PASS_HEARTS and scr.hand[scr.cursor] == first
    assert "take back" not in table.pass_hint(scr)
    s.press("RIGHT", "A", "A")  # another pick, then the partner card
    assert scr.mode == table.RECEIVED and first not in scr.gave[:1]
    s.press("B")  # nothing picked: B pauses
    assert scr.pause is not None


def test_the_cursor_stays_beside_the_picked_hearts_pass_card():
    """PC-2: after the Hearts-pass pick the cursor goes to the next card,
    not back to the first (the last card's pick: the one before it)."""
    for moves, want in ((2, 3), (12, 11)):
        s = Session(5)
        s.press("A")
        scr = s.app.screen
        s.press(*["RIGHT"] * moves)
        assert scr.cursor == moves
        s.press("A")  # picks the Hearts-pass card under the cursor
        assert scr.pick == scr.hand[moves] and scr.cursor == want


def test_play_hint_says_why_cards_are_greyed():
    seen = set()
    for seed in (1, 2, 5):
        s = Session(seed)
        s.press("A")
        scr = s.app.screen
        for _ in range(200):
            if scr.mode == table.SUMMARY or s.app.screen is not scr:
                break
            if scr.mode == table.TABLE and scr.human_turn() and scr.game.phase == clubs.PH_PLAY:
                hint = table.play_hint(scr)
                t = scr.trick
                greyed = [c for c in scr.hand if c not in scr.legal]
                if not t.order or t.complete():
                    want = "No club played yet" if greyed else "any card"
                else:
                    led = clubs.SUIT_SYMBOLS[t.cards[t.order[0]] // 13]
                    suit = t.cards[t.order[0]] // 13
                    follows = greyed or any(c // 13 == suit for c in scr.hand)
                    want = ("Follow " + led) if follows else "any card"
                    if greyed:
                        assert all(c // 13 == t.cards[t.order[0]] // 13 for c in scr.legal)
                assert want in hint, (hint, want)
                seen.add(want if want != "any card" else "any")
            decide(s)
    assert "No club played yet" in seen and "any" in seen
    assert any(w.startswith("Follow") for w in seen)


def test_last_trick_view_lines_fit():
    s = Session(5)
    s.press("A")
    scr = s.app.screen
    looked = 0
    for _ in range(300):
        if scr.mode == table.SUMMARY or s.app.screen is not scr:
            break
        if scr.mode == table.TABLE and scr.human_turn() and scr.last_trick is not None \
                and not scr.bidding() and not scr.taking():
            s.press("UP")
            assert scr.looking == 1
            lines = table.look_lines(scr)
            assert "UP" in lines[1]
            for line in lines:
                assert text.fit(line, 236) == line, line  # nothing cut off
            looked += 1
            s.press("LEFT")
        decide(s)
    assert looked >= 3


def test_score_screen_reaches_earlier_hands():
    from app.clubs import summary as clubs_summary

    s = Session(5)
    s.press("A")
    scr = s.app.screen
    scr.history = [(n, n, -n) for n in range(1, 9)]  # eight hands played
    scr.mode = table.SUMMARY
    s.press("A")
    assert scr.mode == table.SCORE
    assert clubs_summary.score_first(scr) == 3  # the latest five
    assert clubs_summary.more_line(scr) == "\u25b2 3 earlier hands"  # hands, not "+3" points
    latest = s.frame()
    s.press("UP", "UP", "UP", "UP")
    assert clubs_summary.score_first(scr) == 0
    assert clubs_summary.more_line(scr) == "\u25bc 3 later hands"
    assert s.frame() != latest
    s.press("DOWN")
    assert clubs_summary.score_first(scr) == 1
    assert clubs_summary.more_line(scr) == "\u25b21 earlier \u25bc2 later hands"
    assert scr.mode == table.SCORE


def test_struck_out_bid_says_why_not_a_bid():
    s = Session(1)
    s.press("A")
    scr = _to_bid(s)
    bad = scr.illegal_bid()
    while scr.bid_val != bad:
        s.press("RIGHT" if scr.bid_val < bad else "LEFT")
    keys = table.bid_keys(scr)
    assert "A: bid" not in keys and ("%d is out" % bad) in keys
    s.press("RIGHT" if bad < 13 else "LEFT")
    assert table.bid_keys(scr).endswith("A: bid %d  UP look" % scr.bid_val)


def test_adams_said_in_words():
    from types import SimpleNamespace

    from app.clubs.summary import adams_line

    assert adams_line(SimpleNamespace(adams=(0, 0, 1, 0))) == "You pulled an Adam"
    assert adams_line(SimpleNamespace(adams=(0, 0, 0, 2))) == "West pulled a True Adam"
    assert adams_line(SimpleNamespace(adams=(0, 0, 0, 0))) == ""


def test_seat_boxes_leave_room_for_two_digit_won_and_bid():
    # Name and the widest won/bid ("10/11"), the card chip with its gold
    # frame and its value: no two seats' parts touch, nor the trick panel.
    cw = text.SMALL.w
    rects = []
    for seat in range(4):
        x, y = table.BOX_XY[seat]
        w = table.BOX_W[seat]
        ink_end = x + cw * len(table.NAMES[seat]) - 2  # a glyph's last column is blank
        bid_x = x + w - cw * len("10/11")
        assert bid_x - ink_end - 1 >= 3, table.NAMES[seat]  # blank pixels between
        rects.append((x, y, x + w, y + 12))  # name row
        rects.append((x - 2, y + 11, x + table.CHIP_W + 2 + 4 + 16, y + 13 + table.CHIP_H + 2))
    for i, a in enumerate(rects):
        assert a[2] + 3 <= table.PANEL_X - 1, a  # clear of the trick panel
        for b in rects[i + 1:]:
            if i // 2 == rects.index(b) // 2:
                continue
            apart = a[2] + 2 <= b[0] or b[2] + 2 <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)


class _Tall(Session):
    SIZE = (240, 240)


class _Compact(Session):
    SIZE = (128, 64)
    MONO = True


@pytest.mark.parametrize("cls", (Session, _Tall, _Compact))
def test_hearts_pass_prompt_is_not_covered_by_the_picked_card(cls, monkeypatch):
    """PC-2: once the Hearts-pass card is picked (raised, framed) the prompt
    "A: this card to North  B: take back" stays readable: no pixel the hand
    draws falls in the box of the prompt's ink."""
    from app.clubs import compact as compact_clubs

    s = cls(5)
    s.press("A")
    scr = s.app.screen
    s.press("A")  # picks the Hearts-pass card
    assert scr.pick != clubs.NO_CARD
    prompt = table.pass_hint(scr)
    assert "B: take back" in prompt
    fb, (w, h) = s.disp.fb, s.SIZE
    orig = text.draw

    def frame(hand=True, words=True):
        def quiet(f, st, *a, **k):
            if len(st) > 8 and st in prompt:  # the prompt or a row of it
                return a[0] if a else 0
            return orig(f, st, *a, **k)

        with monkeypatch.context() as m:
            if not hand:
                m.setattr(table, "_draw_hand", lambda *a: None)
                m.setattr(compact_clubs, "_hand", lambda *a, **k: None)
            if not words:
                m.setattr(text, "draw", quiet)
            s.app.invalidate()
            s.app.step()
        return [fb.pixel(x, y) for y in range(h) for x in range(w)]

    full, no_hand, bare = frame(), frame(False), frame(False, False)
    ink = [i for i in range(w * h) if no_hand[i] != bare[i]]
    assert ink, "the prompt was not drawn"
    x0, x1 = min(i % w for i in ink), max(i % w for i in ink)
    y0, y1 = ink[0] // w, ink[-1] // w
    over = [(i % w, i // w) for i in range(w * h) if full[i] != no_hand[i]
            and x0 <= i % w <= x1 and y0 <= i // w <= y1]
    assert not over, "the hand draws over the prompt at %s (prompt rows %d-%d)" % (
        over[:3], y0, y1)


@pytest.mark.parametrize("cls", (Session, _Tall))
def test_trick_panel_key_reads_as_a_key_inside_the_screen(cls):
    """The panel's line under the sums says what each seat's "2/3" means
    (PC-10: tricks won, bid) without figures that read as someone's result,
    and its ink ends clear of the right edge (as the sums, drawn to x 236)."""
    s = cls(5)
    s.press("A")
    scr = s.app.screen
    for _ in range(40):
        if scr.mode == table.TABLE and scr.trick.team < 0 and not scr.bidding():
            break
        decide(s)
    assert scr.mode == table.TABLE and scr.trick.team < 0
    drawn = []
    orig = text.draw

    def spy(fb, st, x, *a, **k):
        drawn.append((st, x))
        return orig(fb, st, x, *a, **k)

    text.draw = spy
    try:
        shown = apptest.screen_text(s)
    finally:
        text.draw = orig
    assert "Tricks:\nwon, bid" in shown and "won 2" not in shown
    for st, x in drawn:
        if st in ("Tricks:", "won, bid"):
            assert x >= table.PANEL_X and x + text.SMALL.width(st) - 1 <= 236, (st, x)


@pytest.mark.parametrize("cls", (Session, _Tall, _Compact))
def test_guided_prompt_says_the_duty_and_the_look_key_it_covers(cls):
    """On the guided hand the prompt ("RIGHT x2, A: 10♥ is worth 10",
    app.hint.guide) takes the status line that gave South's duty and the
    look key ("Follow ♥  UP look"): the line drawn says the suit to follow
    ("Follow ♥"; "No ♦" when void, "Lead no ♣" while clubs are unbroken),
    keeps the prompt's keys whole, and names UP where the line has room
    (it did none of this: the prompt alone, cut at 128x64)."""
    s = cls(1)
    title = s.app.screen
    while title.menu.items[title.menu.sel] != "Guided hand":
        s.press("DOWN")
    s.press("A")
    cols = (s.SIZE[0] - 2 if s.SIZE[0] < 240 else 236) // text.SMALL.w
    seen, looks = set(), 0
    for _ in range(400):
        scr = s.app.screen
        if not s.app.guide or not isinstance(scr, ClubsScreen):
            break
        if not scr.human_turn():
            s.press("A")
            continue
        keys, _, why = scr.hint.partition(": ")
        if (scr.game.phase == clubs.PH_PLAY and scr.mode == table.TABLE
                and not scr.bidding() and not scr.taking()):
            # The status line: y 76 on the table (40 at 128x64).
            (line,) = [st for _, st, x, y, *_ in apptest.draws(s)
                       if (x, y) == ((1, 40) if cls is _Compact else (3, 76))]
            duty = scr.duty()
            gist = duty if duty.startswith("Follow") else "Lead no \u2663" if duty.startswith(
                "No club played") else duty.split(":")[0] if duty.startswith("No ") else ""
            assert line.startswith(gist), (line, duty)
            assert keys in line and len(line) <= cols, line
            if cls is not _Compact:  # the why whole, as app.hint's reasons are
                assert keys + ": " + why in line, line
            seen.add(gist.split(" ")[0])
            if len(gist + "  " + scr.hint + "  UP look") <= cols:
                assert line.endswith("  UP look"), line
                looks += 1
        from test_app_help import _presses

        for k in _presses(keys):
            s.press(k)
    assert {"Follow", "No", "Lead"} <= seen, seen
    assert looks or cls is _Compact


def status_line(s):
    """The status line's text as drawn (South's prompt or duty): at x 3,
    y 76 on the 240 px table, at x 1 (y 31 on the pass step, 40 at the
    table) at 128x64."""
    at = ((1, 31), (1, 40)) if s.SIZE[0] < 240 else ((3, 76),)
    (line,) = [st for _, st, x, y, *_ in apptest.draws(s) if (x, y) in at]
    return line


@pytest.mark.parametrize("cls", (Session, _Tall, _Compact))
@pytest.mark.parametrize("stop", ("pass", "play"))
def test_continue_says_game_resumed_before_the_prompt_until_the_first_key(cls, stop):
    """Continue at South's turn (the Hearts pass, a card to follow) says
    "Game resumed" on the status line, as Klaberjass and Clubbed say it on
    theirs, before the duty where it fits ("Game resumed  Follow ♦  UP
    look"; at 128x64 the note alone); the first key gives the prompt back
    as it was before the save (the status line gave the duty and never said
    it, at any size)."""
    st = FakeStorage()
    s = cls(5, storage=st)
    s.press("A")  # New game
    scr = s.app.screen
    for _ in range(200):
        if scr.human_turn() and (scr.mode == table.PASS if stop == "pass" else (
                scr.mode == table.TABLE and scr.game.phase == clubs.PH_PLAY
                and scr.trick.order and not scr.trick.complete())):
            break
        decide(s)
    prompt = status_line(s)
    assert "Game resumed" not in prompt
    s = cls(5, storage=st.reboot())
    s.press("A")  # Continue
    scr = s.app.screen
    assert isinstance(scr, ClubsScreen) and scr.human_turn()
    line = status_line(s)
    assert line.startswith("Game resumed"), line
    if cls is not _Compact and stop == "play":
        assert line == "Game resumed  " + prompt, line  # the duty and the look key
    s.press("RIGHT")  # the cursor moves: the prompt is back whole
    assert status_line(s) == prompt


@pytest.mark.parametrize("cls", (Session, _Tall))
def test_raised_hand_keeps_clear_of_the_status_line(cls):
    """South's raised cards (the cursor's, framed in gold, and the picked
    Hearts-pass card) keep two blank rows between them and the ink of the
    status line above the hand, wherever the line's text reaches (the
    cursor's frame ran along the row under the text's capitals and through
    its descenders, underlining it); over a hand's pass and plays. (At
    128x64 the rows are fixed by the seats' and the chips' heights.)"""
    w, h = cls.SIZE

    def gap(s):
        # Blank rows from the status line's text (at x 3, y 76) to the hand.
        return apptest.line_to_hand_gap(s, w, h, table, lambda x, y: (x, y) == (3, 76))[0]

    gaps = []
    for seed in (1, 5):
        s = cls(seed)
        s.press("A")
        scr = s.app.screen
        s.press("A")  # the Hearts-pass card picked, raised above the cursor's
        gaps.append(gap(s))
        s.press("B")
        while scr.mode != table.SUMMARY and s.app.screen is scr:
            if scr.human_turn() and scr.mode == table.TABLE and scr.game.phase == clubs.PH_PLAY:
                gaps.append(gap(s))
            decide(s)
    gaps = [g for g in gaps if g is not None]
    assert len(gaps) > 10 and min(gaps) >= 2, sorted(gaps)[:5]


@pytest.mark.parametrize("cls", (Session, _Tall, _Compact))
def test_you_is_capital_only_where_a_text_starts(cls):
    """A text whose sentence reaches the player mid-way says "you": "Hand 2:
    you deal, pass right", "E-W 19 beats 12: you take it", "Tie, top K♥:
    you take" (they said "…: You deal", "…: You take it"); a text that starts
    with the player keeps "You" ("You played 7♣ (7)"). Every string drawn
    over two games' first hands and more (each dealer), UP's look among
    them, at each size."""
    seen = []

    def play():
        for seed in (1, 5):
            s = cls(seed)
            s.press("A")  # New game
            scr = s.app.screen
            presses = 0
            while presses < 400 and s.app.screen is scr and scr.mode != table.SCORE:
                if (presses % 7 == 0 and scr.mode == table.TABLE and scr.human_turn()
                        and scr.last_trick is not None and not scr.taking()
                        and not scr.bidding()):
                    s.press("UP")  # the last trick
                    s.press("LEFT")
                    presses += 2
                presses += decide(s)

    seen = apptest.strings_drawn(play)
    assert any(st.startswith("You ") for st in seen)
    bad = sorted({st for st in seen if ": You" in st or ", You" in st})
    assert not bad, bad
    for said in (": you deal", ": you take"):
        assert any(said in st for st in seen), said


@pytest.mark.parametrize("cls", (Session, _Tall))
def test_the_picked_hearts_pass_card_is_drawn_once(cls, monkeypatch):
    """PC-2: the Hearts-pass card picked (A) shows in its pass slot, and the
    hand keeps only its place (it was drawn twice: in the slot and raised in
    the hand)."""
    from app.kit import cardview

    s = cls(4)
    s.press("A")
    scr = s.app.screen
    assert scr.mode == table.PASS and scr.game.phase == clubs.PH_PASS_HEARTS
    s.press("A")  # pick the card under the cursor
    picked = scr.pick
    assert picked != clubs.NO_CARD
    faces = []
    orig = cardview.face

    def face(fb, c, *a, **k):
        faces.append(c)
        return orig(fb, c, *a, **k)

    monkeypatch.setattr(cardview, "face", face)
    s.app.invalidate()
    s.app.step()
    assert faces.count(picked) == 1
    assert all(faces.count(c) == 1 for c in scr.hand if c != picked)


def test_pc2_the_cursor_skips_the_picked_cards_place():
    # PC-2: once the Hearts-pass card is picked, LEFT and RIGHT step over its
    # empty place in the hand, so that A always gives a card (B takes the
    # pick back, and the hint says so).
    s = Session(5)
    s.press("A")
    scr = s.app.screen
    assert scr.mode == table.PASS and scr.game.phase == clubs.PH_PASS_HEARTS
    s.press("A")
    picked = scr.pick
    assert picked != clubs.NO_CARD
    for key in ("LEFT",) * 14 + ("RIGHT",) * 14:
        s.press(key)
        assert scr.hand[scr.cursor] != picked, key
    s.press("A")  # the partner card: both given
    assert scr.pick == clubs.NO_CARD and scr.game.phase != clubs.PH_PASS_HEARTS


@pytest.mark.parametrize("cls", (Session, _Tall))
def test_table_text_keeps_clear_of_the_screens_edges(cls):
    # "N-S 0", "E-W 0" and "West" touched the left and top edges: every
    # text of the table starts 2 px in or more, none above the top row.
    s = cls(3)
    s.press("A")
    for _ in range(200):
        scr = s.app.screen
        if scr.mode == table.TABLE and len(scr.trick.order) >= 2:
            break
        s.press("A")
    drawn = apptest.draws(s)
    assert any(d[1].startswith("N-S") for d in drawn)
    for _, st, x, y, _, _ in drawn:
        assert x >= 2 and y >= 0, (st, x, y)


@pytest.mark.parametrize("cls", (Session, _Compact))
def test_pc10_a_nil_bid_is_warned_of_before_it_is_taken(cls):
    # PC-10: you bid having won a trick, so a nil bid fails (PC-13: -5).
    # The rules allow it: the first A on 0 warns, a second A bids it.
    s = cls(1)
    s.press("A")
    scr = _to_bid(s)
    g = scr.game
    while scr.bid_val:
        s.press("LEFT")
    assert scr.illegal_bid() != 0
    before = g.to_text()
    s.press("A")
    assert g.to_text() == before and scr.bidding(), "nil taken without a warning"
    shown = apptest.screen_text(s)
    assert "nil fails" in shown and "A again: bid 0" in shown
    s.press("RIGHT", "LEFT")  # moving on and back: warned again
    assert not scr.nil_warned()
    s.press("A", "A")
    assert g.bids[SOUTH] == 0 and not scr.bidding()


@pytest.mark.parametrize("cls", (Session, _Tall, _Compact))
def test_pc10_the_bid_picker_says_the_trick_just_won_counts(cls):
    """PC-10: you bid when you win your first trick, and the bid counts
    that trick with the rest. The rules' pages said so; the bid picker,
    the first moment it matters, now says it too (on a bid that is
    allowed and not nil; a struck-out one says why it is out)."""
    s = cls(1)
    s.press("A")
    scr = _to_bid(s)
    bad = scr.illegal_bid()
    while scr.bid_val in (0, bad):
        s.press("RIGHT")
    shown = apptest.screen_text(s)
    assert "this trick" in shown, shown
    if bad > 0:
        while scr.bid_val != bad:
            s.press("RIGHT" if scr.bid_val < bad else "LEFT")
        shown = apptest.screen_text(s)
        assert "this trick" not in shown and "%d out" % bad in shown.replace(" is out", " out")
