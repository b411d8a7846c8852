"""Whole games of Clubbed played through the app by button presses, from the
title screen to the result screen, on the simulator's framebuf and a virtual
clock; the result shown must be the core's result (CB-9, CB-10)."""

import pytest
from apptest import Session, screen_text, strings_drawn

from app import screen
from app.clubbed.result import ResultScreen
from app.clubbed.screen import NAMES, ClubbedScreen
from app.kit import buttons, text
from app.title import TitleScreen
from cardgames import clubbed


def play_by_keys(s, choose_last=False):
    """Press keys for the human until the game ends; returns the core game
    object seen on the way and the number of presses."""
    presses = 0
    game = None
    while isinstance(s.app.screen, ClubbedScreen):
        scr = s.app.screen
        game = scr.game
        if scr.banner or game.is_over():
            # West clubbed you, or West's move ended the game: on the table
            # until A.
            s.press("A")
            presses += 1
            continue
        assert scr.human_turn(), "idle although the computer is to move"
        legal = [i for i, a in enumerate(scr.slots) if a in scr.legal]
        assert legal, "human to move without a legal choice shown"
        target = legal[-1] if choose_last else legal[0]
        while scr.cursor != target:
            s.press("RIGHT")
            presses += 1
        frames = s.disp.frames
        s.press("A")
        presses += 1
        assert s.disp.frames > frames, "pressing A did not redraw"
        assert presses < 2000
    return game, presses


@pytest.mark.parametrize("seed", range(12))
def test_whole_game_by_key_presses(seed):
    s = Session(seed)
    assert isinstance(s.app.screen, TitleScreen)
    if seed % 3 == 2:
        # Settings, down to "Clubbed: Refill", toggle it, back, up to New game.
        s.press("DOWN", "DOWN", "A")
        rows = s.app.screen.rows  # fewer on a 1-bit screen (no four-colour row)
        refill = [r[3] for r in rows].index("refill")
        s.press(*["DOWN"] * refill, "A", "B", "UP", "UP")
        assert s.app.options["Clubbed"]["refill"] is False
    s.press("A")
    assert isinstance(s.app.screen, ClubbedScreen)
    assert s.app.screen.game.refill == (seed % 3 != 2)
    game, presses = play_by_keys(s, choose_last=seed % 2 == 1)
    scr = s.app.screen
    assert isinstance(scr, ResultScreen)
    assert game.is_over()
    result = game.result()
    assert scr.outcome == result
    assert scr.counts == (game.collected(0), game.collected(1))
    want = "You win!" if result[0] > 0 else ("West wins" if result[0] < 0 else "A draw")
    assert scr.headline == want
    # Conservation on the finished game (CB-12): nothing lost on the way.
    assert game.collected(0) + game.collected(1) + game.n_pile == 52
    # A: next game with the other dealer (CB-1: the deal alternates).
    dealer = game.dealer
    assert "A next" in screen_text(s, scr.draw)
    s.press("A")  # one press deals (a press that hurried the end was dropped)
    assert isinstance(s.app.screen, ClubbedScreen)
    assert s.app.screen.game.dealer == 1 - dealer


def test_illegal_choice_shows_why_and_changes_nothing():
    for seed in range(40):
        s = Session(seed)
        s.press("A")
        scr = s.app.screen
        bad = [i for i, a in enumerate(scr.slots) if a not in scr.legal]
        if not bad:
            continue
        before = scr.game.to_text()
        while scr.cursor != bad[0]:
            s.press("RIGHT")
        s.press("A")
        assert scr.game.to_text() == before
        card = scr.slots[bad[0]]
        assert scr.hint_alert
        if card == clubbed.DRAW:
            assert "match" in scr.hint or "clubs" in scr.hint
        else:
            # Says which card does not go on which, in the screen's symbols.
            assert clubbed.symbol_name(card) in scr.hint
            assert clubbed.symbol_name(scr.game.top()) in scr.hint
        return
    pytest.fail("no seed dealt an illegal card to try")


def test_pause_menu_new_game_and_quit():
    s = Session(5)
    s.press("A")
    first = s.app.screen
    s.press("B")
    assert first.pause is not None
    # New game: it asks first, the game in play stays
    drawn = strings_drawn(lambda: s.press("DOWN", "A"))
    assert s.app.screen is first and first.pause is not None
    assert "Abandon? A: yes" in drawn and "New game" not in drawn[-4:]
    s.press("UP")  # a move puts the row back
    assert first.pause.items[1] == "New game"
    s.press("DOWN", "A", "B")  # B: no; the pause menu stays, its row put back
    assert s.app.screen is first and first.pause is not None
    assert first.pause.items[1] == "New game"
    s.press("B")  # B again: back to the game
    assert s.app.screen is first and first.pause is None
    s.pause_new_game()  # A again: yes
    assert isinstance(s.app.screen, ClubbedScreen) and s.app.screen is not first
    s.quit_to_menu()
    assert isinstance(s.app.screen, TitleScreen)


def test_computer_moves_are_paced():
    """The computer never moves sooner than THINK_MS after the human."""
    from app.clubbed.screen import _AFTER_DRAW_MS as AFTER_DRAW_MS

    s = Session(3)
    s.press("A")
    scr = s.app.screen
    moves = []
    orig = scr.game.apply

    def spy(a):
        moves.append((s.clock.now, scr.game.current_player))
        orig(a)

    scr.game.apply = spy
    play_by_keys(s)
    times = [t for t, p in moves]
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
    assert moves and min(g for g, (t, p) in zip(gaps, moves[1:], strict=False) if p == 1) \
        >= AFTER_DRAW_MS
    assert clubbed.DRAW == 52


def test_game_over_message_fits_its_line(monkeypatch):
    # The last event line on the 240x135 table (CB-9) is drawn whole, not
    # cut short with an ellipsis by text.fit.
    from app.kit import text

    drawn = []
    real = text.draw

    def draw(fb, s, *a, **k):
        drawn.append(s)
        return real(fb, s, *a, **k)

    monkeypatch.setattr(text, "draw", draw)
    s = Session(0)
    s.press("A")
    play_by_keys(s)
    over = [t for t in drawn if t.startswith("Game over:")]
    assert over, "no game-over message drawn"
    assert all("\u2026" not in t for t in over), over


def test_pile_is_listed_top_first_everywhere():
    # The UP overlay and the 240x240 panel (app.kit.tall) list the discard pile
    # (public, CB-11) in one order: the top card first.

    s = Session(21)
    s.press("A", "A", *["A"] * 5)
    scr = s.app.screen
    g = scr.game
    for _ in range(20):  # a club's banner waits for A; then play on to a pile
        if not scr.banner and g.n_pile >= 2:
            break
        s.press("A")
    assert g.n_pile >= 2
    top_first = bytes(reversed(bytes(g.pile[: g.n_pile])))
    s.press("UP")
    lines = scr.look_lines
    at = lines.index("Discard pile, top first")  # after "What happened"
    assert bytes(lines[at + 1]) == top_first[:len(lines[at + 1])]
    panel = scr.tall_lines()
    assert panel[0] == ("h", "Pile %d, top first" % g.n_pile)
    assert bytes(panel[1]) == top_first[:len(panel[1])]


def test_every_event_line_fits_the_event_column():
    # The 240x135 table's event column is 240 - 86 - 1 = 153 px (CB-7 clubs,
    # CB-8 refills, plays and draws of both seats, in both variants): every
    # line the core describes fits it whole.
    from app.kit import text
    from players.random_player import RandomPlayer

    seen = set()
    for seed in range(40):
        g = clubbed.Clubbed(seed, refill=seed % 2 == 0)
        p = RandomPlayer(seed)
        while not g.is_over():
            g.apply(p.choose(g.observation(g.current_player), g.legal_actions()))
            for ev in g.events:
                for viewer in (0, 1):
                    line = clubbed.describe(ev, viewer, NAMES)
                    assert text.SMALL.width(line) <= 153, line
                    seen.add(ev[0])
    assert {clubbed.EV_PLAY, clubbed.EV_DRAW, clubbed.EV_CLUB, clubbed.EV_REFILL} <= seen


def _to_end(seed):
    """A game of ``seed`` played by keys (the first legal choice) up to the
    step it ends: the session and the table's screen."""
    s = Session(seed)
    s.press("A")
    while True:
        scr = s.app.screen
        g = scr.game
        if scr.banner:
            s.press("A")
            if g.is_over():  # West's move after the banner ended it
                return s, scr
            continue
        legal = [i for i, a in enumerate(scr.slots) if a in scr.legal]
        while scr.cursor != legal[0]:
            s.press("RIGHT")
        s.btn.push(buttons.A)
        s.app.step()
        if not g.is_over():
            s.settle()
        if g.is_over():
            return s, scr


@pytest.mark.parametrize("seed", range(8))
def test_cb9_last_moves_are_seen_before_the_result(seed):
    """CB-9: the game's last moves stay on the table: until A when West's
    play or draw ended it, else for the time its lines take to read; the
    result screen's UP lists them."""
    s, scr = _to_end(seed)
    g = scr.game
    start = s.clock.now
    west_ended = scr.mover == 1
    s.settle()
    if west_ended:
        assert s.app.screen is scr, "the result replaced the table at once"
        assert scr.deadline() is None and "A: the result" in screen_text(s)
        last = list(scr.msgs)
        for _ in range(2):  # a club that ended it has its banner first
            if s.app.screen is scr:
                s.press("A")
    else:
        last = list(scr.msgs)
        if scr.banner:  # your club ended it: its banner waits for A first
            s.press("A")
        assert s.clock.now - start >= 2500 or scr.banner is None
    res = s.app.screen
    assert isinstance(res, ResultScreen) and g.is_over()
    assert "UP last moves" in screen_text(s)
    s.press("UP")
    shown = screen_text(s)
    for line in last:
        assert line in shown
    assert shown.index(last[-1]) < shown.index(last[0])  # the latest first
    s.press("B")
    assert s.app.screen is res and "UP last moves" in screen_text(s)


def test_cb9_compact_result_says_what_up_does():
    # The 128x64 result's key line named UP bare: it says what UP shows,
    # as the other boards' "UP last moves" does, and fits the screen.
    class Oled(Session):
        SIZE = (128, 64)
        MONO = True

    s = Oled(1)
    s.app.show(ResultScreen(s.app, (1,), [9, 20], [0, 2], [9, 20], 1, NAMES,
                            ("You played 4\u2663",)))
    keys = s.app.screen.keys()
    assert keys.endswith("UP look") and keys in screen_text(s)
    assert text.SMALL.width(keys) <= 128
    s.press("UP")
    assert "You played 4\u2663" in screen_text(s)


def test_cb9_a_game_west_ended_waits():
    # Some seed of those above has West's move ending the game.
    assert any(_to_end(seed)[1].mover == 1 for seed in range(8))
    assert not all(_to_end(seed)[1].mover == 1 for seed in range(8))


def test_cb9_result_says_hand_cards_are_counted():
    s = Session(0)
    s.press("A")
    play_by_keys(s)
    res = s.app.screen
    shown = screen_text(s)
    for seat in (0, 1):
        if res.from_hand[seat]:
            assert "%d of them" % res.from_hand[seat] in shown
            assert "left in hand" in shown
    assert "from hand" not in shown


def test_every_list_of_what_happened_runs_latest_first():
    # The table's event column, UP's "What happened", the 240x240 panel's
    # "Recent" and the result's last moves: one order, the latest first.
    s = Session(21)
    s.press("A", "A", *["A"] * 5)
    scr = s.app.screen
    while scr.banner:  # a club's banner waits for A (the column is under it)
        s.press("A")
    latest_first = scr.msgs[::-1]
    assert len(latest_first) == 3
    drawn = [t for t in strings_drawn(lambda: scr.draw(s.disp.fb)) if t in scr.msgs]
    assert drawn == latest_first
    s.press("UP")
    looked = [line[1] for line in scr.look_lines if isinstance(line, tuple)]
    assert looked == latest_first
    panel = scr.tall_lines()
    at = panel.index(("h", "Recent"))
    assert [line.strip() for line in panel[at + 1 : at + 4]] == latest_first


def test_the_result_waits_a_moment_before_a_deals_again():
    """A tap of A just after the result came up (a player still tapping
    through the deal's end) deals nothing: the result stays until its
    short hold-off has passed; then one A deals the next game."""
    s = Session(4)
    scr = ResultScreen(s.app, (1, -1), (12, 20), (0, 3), (12, 20), 1, NAMES)
    s.app.show(scr)
    s.app.step()  # on the glass: the hold-off starts
    s.clock.now += screen._HOLD_MS - 100
    s.btn.push(buttons.A)
    s.app.step()
    assert s.app.screen is scr
    s.settle()  # the hold-off ends (its deadline)
    assert s.app.screen is scr
    s.press("A")
    assert isinstance(s.app.screen, ClubbedScreen)


@pytest.mark.parametrize("size", [(240, 135), (128, 64)])
@pytest.mark.parametrize("games", [1, 3])
def test_the_result_says_the_next_deal_collects_from_none(size, games):
    """The table's collected counts start again at every deal (each deal's
    go into the series): the result says so before A deals, on the first
    deal and within a series, on the big screens and the 128x64 one."""

    class Small(Session):
        SIZE = size
        MONO = size[1] < 100

    s = Small(4)
    scr = ResultScreen(s.app, (1, -1), (12, 20), (0, 3), (30, 41), games, NAMES)
    s.app.show(scr)
    s.settle()
    shown = screen_text(s)
    assert "Next deal:" in shown
    assert ("Series" in shown) == (games > 1)


def test_the_panel_names_the_club_that_took_the_pile():
    # Under a club's banner the table shows the club on the pile (CB-5): the
    # 240x240 panel names that club, not an empty pile.
    s = Session(21)
    s.press("A", "A", *["A"] * 5)
    scr = s.app.screen
    for _ in range(40):
        if scr.banner and not scr.game.n_pile:
            break
        s.press("A")
    assert scr.banner and not scr.game.n_pile
    panel = scr.tall_lines()
    assert panel[:2] == [("h", "Pile taken"), "  " + scr.banner[2]]
    assert "  (empty)" not in panel
