"""The terminal at 80x24 as text (host_sim.textview): a whole game of each
title played by key presses, and at each of the player's turns every card
of the hand (the core's) is on the screen as text; menus, hints, banners,
the Rules, Settings and Statistics pages read as text too."""

from collections import Counter

import pytest

import host_sim  # noqa: F401  (firmware on sys.path)
from app.kit import text, theme
from app.screen import GameOverScreen
from host_sim import keyscript, terminal, textview
from host_sim.headless import HeadlessRun
from host_sim.textview import card_label

COLS, ROWS = 80, 23  # an 80x24 terminal: its last row is the legend
HUMAN = {"Clubbed": 0, "Klaberjass": 0, "Clubs": 2}


class Spy(textview.Recorder):
    """The text view's listener, noting the glyphs of every string drawn
    (``strings``: its draw number -> the keys of its glyphs)."""

    def __init__(self, display):
        super().__init__(display)
        self.strings = {}

    def text(self, fb, s, x, y, color, font):
        before = self.seq
        super().text(fb, s, x, y, color, font)
        if self.seq != before:
            self.strings[self.seq] = {k for k, v in self.glyphs.items() if v[3] == self.seq}


class Table:
    """The app headless with the text view listening (``storage``: the
    app's files, None for none kept)."""

    def __init__(self, seed, storage=None):
        self.run = HeadlessRun(seed=seed, storage=storage)
        self.app = self.run.app
        self.rec = Spy(self.run.display)
        text.listener = self.rec
        self.run.settle()

    def press(self, *names):
        self.run.run(keyscript.parse(" ".join(names)), final=False)

    def until(self, done, limit=5000):
        """Step the app (its clock jumping to each deadline) until
        ``done()``; a button pushed before is taken on the way."""
        r = self.run
        for _ in range(limit):
            r.app.step()
            if done():
                return
            deadline = r.app.next_deadline()
            if deadline is None:
                r.clock.sleep_ms(16)
            else:
                r._advance_to(deadline)
        raise AssertionError("never came")

    def whole_strings_only(self):
        """Assert no string is read in part: each string drawn has all its
        glyphs on the text screen or none."""
        texts = self.rec.scene()[0]
        kept = {(x, y, font.w) for x, y, _, _, _, font in texts}
        for seq in {self.rec.glyphs[k][3] for k in kept}:
            keys = self.rec.strings[seq]
            assert keys <= kept, "part of a string read: %r of %r\n%s" % (
                "".join(self.rec.glyphs[k][0] for k in sorted(keys & kept)),
                "".join(self.rec.glyphs.get(k, "?")[0] for k in sorted(keys)),
                self.grid().text())

    def grid(self):
        g = self.rec.grid(COLS, ROWS)
        assert len(g.lines()) == ROWS and all(len(r) == COLS for r in g.lines())
        return g

    def screen(self):
        """The grid's text, and a check that every string the frame shows
        is on it whole (nothing cut or pushed off by the layout)."""
        g = self.grid()
        flat = g.text()
        texts = self.rec.scene()[0]
        for _, _, _, chars in textview._runs(texts):
            word = "".join(ch for ch, _, _ in chars)
            assert word in flat, "%r drawn but not on the text screen:\n%s" % (word, flat)
        return flat


@pytest.fixture(autouse=True)
def _no_listener():
    yield
    textview.detach()
    assert text.listener is None


def hand_cards_shown(t, game, seat):
    """Assert every card of ``seat``'s hand is on the text screen."""
    g = t.grid()
    shown = Counter(k[0] for k in g.cards)
    hand = Counter(card_label(c) for c in game.hand(seat))
    missing = hand - shown
    assert not missing, "hand cards %s not on the text screen:\n%s" % (
        sorted(missing), g.text())
    return len(hand)


def play_whole_game(t, name):
    """From the title: New game of ``name``, played by key presses (A on the
    cursor's card, else RIGHT and A again; A through banners) to the
    result. Returns the turns checked."""
    while t.app.game_name() != name:
        t.press("RIGHT")
    flat = t.screen()
    for word in (name, "New game", "Rules", "Settings", "Statistics"):
        assert word in flat, flat
    t.press("A")
    turns = 0
    for _ in range(5000):
        scr = t.app.screen
        if isinstance(scr, GameOverScreen):
            break
        game = scr.game
        if scr.human_turn():
            turns += 1
            hand_cards_shown(t, game, HUMAN[name])
            if name != "Clubs":  # a card chosen to pass stays in the hand, as on the panel
                no_card_twice(t)
            t.screen()
            before = game.to_text()
            t.press("A")
            if t.app.screen is scr and scr.human_turn() and game.to_text() == before:
                t.press("RIGHT")
        else:
            t.press("A")
    else:
        raise AssertionError("the game did not end")
    flat = t.screen()
    assert scr.headline in flat
    return turns


@pytest.mark.parametrize("name", ["Clubbed", "Klaberjass", "Clubs"])
def test_whole_game_at_80x24_shows_every_hand_card(name):
    t = Table(seed=3)
    turns = play_whole_game(t, name)
    assert turns >= 10


def test_pause_menu_and_hint_read_as_text():
    t = Table(seed=7)
    t.press("A")
    t.press("B")
    flat = t.screen()
    for word in ("Paused", "Resume", "New game", "Rules", "Quit to menu", "Show a hint"):
        assert word in flat, flat
    assert "\u25ba" in flat  # the selected row's marker
    # The menu's last rows stand beside the hand's cards left of it; each
    # still reads on a line of its own, not pulled onto the hand's row.
    rows = [line.strip() for line in t.grid().lines()]
    assert "No move to undo" in rows and "Show a hint" in rows, "\n".join(rows)
    t.press("DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "A")
    flat = t.screen()
    assert "Hint" in flat, flat


def test_rules_settings_statistics_read_as_text():
    t = Table(seed=1)
    t.press("DOWN", "A")  # Rules
    flat = t.screen()
    assert "Rules" in flat or "Clubbed" in flat
    words = [w for w in flat.split() if w.isalpha()]
    assert len(words) > 20, flat  # a page of words, not a picture
    t.press("B", "DOWN", "A")  # Settings
    flat = t.screen()
    assert "Computer level" in flat, flat
    t.press("B", "DOWN", "A")  # Statistics
    flat = t.screen()
    assert "Statistics" in flat and "Klaberjass" in flat, flat


def test_title_game_name_sits_under_its_aces():
    # The title's game name stands 4 pixels under the fan of aces, but a
    # card takes one row, so the name read five rows lower, alone between
    # the menu's rows. It goes on the row after the aces, for each game.
    t = Table(seed=4)
    for name in ("Clubbed", "Klaberjass", "Clubs"):
        while t.app.game_name() != name:
            t.press("RIGHT")
        lines = t.grid().lines()
        aces = [r for r, line in enumerate(lines) if "A\u2663" in line]
        assert len(aces) == 1, "\n".join(lines)
        assert name in lines[aces[0] + 1], "\n".join(lines)


def test_title_with_a_saved_game_reads_every_row():
    # With a saved game the title has seven rows, six in view at a time
    # (app.title): each row in view is read whole on a row of its own, in
    # order, and the one scrolled out of view is not read.
    from app.persist.storage import MemoryStorage
    from app.title import TitleScreen

    t = Table(seed=3, storage=MemoryStorage({}))
    t.press("A", "A", "A", "B", "DOWN", "DOWN", "DOWN", "A")  # a move, then Quit to menu
    assert isinstance(t.app.screen, TitleScreen)
    items = t.app.screen.menu.items
    assert items[0] == "Continue Clubbed" and len(items) == 7
    for view in (items[:6], items[1:]):
        lines = t.grid().lines()
        for item in view + ["PICO CARDS"]:
            assert sum(item in line for line in lines) == 1, "\n".join(lines)
        for item in items:
            if item not in view:
                assert not any(item in line for line in lines), "\n".join(lines)
        assert any("Clubbed" in line and "Continue" not in line for line in lines)  # the name
        rows = [next(i for i, line in enumerate(lines) if item in line) for item in view]
        assert rows == sorted(set(rows)), rows
        t.whole_strings_only()
        t.press(*["DOWN"] * len(items))  # the last rows scroll into view


def test_nothing_of_the_table_shows_in_part_behind_a_menu_or_banner():
    # The pause menu and Clubbed's "CLUBBED!" banner cover the middle of
    # the table: "stock", "collected 2" half under them are not read as
    # "stoc", "ollected 2".
    from app.kit import buttons

    t = Table(seed=3)
    t.press("A", "A", "B")
    assert "Paused" in t.screen()
    t.whole_strings_only()
    t = Table(seed=3)
    t.press("A")
    scr = t.app.screen
    scr.cursor = scr.slots.index(11)  # K♣ (the cursor starts on a non-club)
    t.run.buttons.push(buttons.A)  # plays K♣; West clubs
    t.until(lambda: getattr(t.app.screen, "banner", None))
    flat = t.screen()
    assert "CLUBBED!" in flat and "collects 2 cards" in flat, flat
    t.whole_strings_only()


def no_card_twice(t):
    g = t.grid()
    twice = [c for c, n in Counter(k[0] for k in g.cards).items() if n > 1]
    assert not twice, "%s twice on the text screen:\n%s" % (twice, g.text())


def test_clubbed_draws_show_each_card_once():
    # Clubbed, seed 3, drawing with DOWN and A whenever DRAW is offered: as
    # the hand closes up round a drawn card, a card's old place is not
    # read again under its neighbour (the "0" of 10♥ over an old "A♥").
    from cardgames import clubbed

    t = Table(seed=3)
    t.press("A")
    draws = 0
    for step in range(300):
        scr = t.app.screen
        if not hasattr(scr, "slots"):
            break
        keys = ["A"]
        if scr.human_turn() and clubbed.DRAW in scr.slots:
            draws += 1
            keys = (["DOWN"], ["DOWN", "A"], ["LEFT"], ["RIGHT"])[step % 4]
        for k in keys:
            t.press(k)
            no_card_twice(t)
            if k == "DOWN":  # the cursor on DRAW reads as on a card
                assert "\u25baDRAW\u25c4" in t.grid().text()
    assert draws >= 10


def test_clubbed_draw_sits_on_the_playable_row():
    # Clubbed, seed 4, second turn: Q♣ may be played, 3♥ K♥ 10♠ may not,
    # and DRAW is offered. DRAW sat on the lower row with the faint cards,
    # reading as one that may not be chosen; it goes on the upper row.
    from cardgames import clubbed

    t = Table(seed=4)
    t.press("A", "A")
    scr = t.app.screen
    assert scr.human_turn() and clubbed.DRAW in scr.slots
    g = t.grid()
    rows = {k[1] for k in g.cards if not k[3] and k[0] in
            {card_label(c) for c in scr.game.hand(0)}}
    faint = {k[1] for k in g.cards if k[3]}
    assert len(rows) == 1 and len(faint) == 1 and rows != faint, g.text()
    draw = [r for r, line in enumerate(g.lines()) if "DRAW" in line]
    assert draw == sorted(rows), g.text()


def test_clubbed_draw_sits_by_a_hand_of_only_clubs():
    # Clubbed, seed 4, drawing until the hand holds only clubs: every card
    # may be played, none is faint, and DRAW is offered. No faint card
    # gave DRAW no playable row, so it sat a row below the raised cards,
    # alone, reading as something else; it goes on the cards' row.
    from cardgames import clubbed

    t = Table(seed=4)
    t.press("A", "A")
    scr = t.app.screen
    for _ in range(40):
        if clubbed.DRAW in scr.slots and all(c in scr.legal for c in scr.hand):
            break
        t.press("DOWN", "A")
    assert scr.human_turn() and clubbed.DRAW in scr.slots
    assert all(c in scr.legal for c in scr.hand) and len(scr.hand) > 1
    g = t.grid()
    hand = {card_label(c) for c in scr.hand}
    rows = {k[1] for k in g.cards if k[0] in hand}
    assert len(rows) == 1, g.text()
    draw = [r for r, line in enumerate(g.lines()) if "DRAW" in line]
    assert draw == sorted(rows), g.text()


def test_clubbed_draw_sits_by_a_last_club_under_the_cursor():
    # Clubbed, seed 1: a hand of one club, the cursor on it, and DRAW. The
    # cursor's card stands 4 pixels above a playable one, so DRAW's box
    # was not level with it and DRAW read two rows below, alone.
    from cardgames import clubbed

    t = Table(seed=1)
    t.press("A")
    scr = t.app.screen
    for _ in range(200):
        if scr.human_turn() and len(scr.hand) == 1 and clubbed.DRAW in scr.slots \
                and scr.cursor == 0:
            break
        before = scr.game.to_text()
        t.press("A")
        if scr.human_turn() and scr.game.to_text() == before:
            t.press("RIGHT")
    else:
        raise AssertionError("no hand of one club came")
    g = t.grid()
    rows = [k[1] for k in g.cards if k[0] == card_label(scr.hand[0])]
    draw = [r for r, line in enumerate(g.lines()) if "DRAW" in line]
    assert len(rows) == 1 and draw == rows, g.text()


def test_trick_cards_stand_on_the_rows_of_their_values():
    # Clubs, seed 4, the first trick: West's 2♠ and East's 7♠ lie 2 pixels
    # apart in height and were read as one hand, so East's card went to
    # West's row, a row below its value "7". Cards far apart are not one
    # hand: each card is on the row of its value.
    t = Table(seed=4)
    t.press("RIGHT", "RIGHT", "A", "A", "A", "A", "A", "A")
    lines = t.grid().lines()
    for card, value in (("2\u2660", "2"), ("7\u2660", "7")):
        row = [line for line in lines if card in line]
        assert len(row) == 1, "\n".join(lines)
        words = row[0].split()
        assert words[words.index(card) + 1] == value, "\n".join(lines)


def test_cursor_card_is_marked_and_raised_card_sits_higher():
    # Clubbed, seed 3: at the first turn the cursor's card reads "►..◄",
    # and a playable (raised) card stands a row above the greyed ones.
    t = Table(seed=3)
    t.press("A")
    scr = t.app.screen
    assert scr.human_turn()
    g = t.grid()
    framed = [k for k in g.cards if k[4]]
    assert len(framed) == 1 and framed[0][4] == textview.CURSOR
    hand = [card_label(c) for c in scr.game.hand(0)]
    assert framed[0][0] == hand[scr.cursor] if scr.cursor < len(hand) else True
    assert "\u25ba%s\u25c4" % framed[0][0] in g.text()
    rows = {k[0]: k[1] for k in g.cards if k[0] in hand}
    legal = {card_label(c) for c in scr.legal if c < 52}
    if legal and len(legal) < len(hand):
        assert max(rows[c] for c in legal) < min(rows[c] for c in hand if c not in legal)


def test_cursor_chosen_card_and_empty_place_read_apart():
    # Clubs, seed 3, a card chosen to pass to West: the cursor's card reads
    # "►2♦◄", the chosen J♣ once, in West's place (it leaves the hand), and
    # North's empty place "__", never "[ ]" like a card.
    t = Table(seed=3)
    t.press("RIGHT", "RIGHT", "A", "A")
    g = t.grid()
    flat = g.text()
    cursor = [k[0] for k in g.cards if k[4] == textview.CURSOR]
    chosen = [k[0] for k in g.cards if k[4] == textview.FRAMED]
    assert cursor == ["2\u2666"] and "\u25ba2\u2666\u25c4" in flat, flat
    assert chosen == [] and flat.count("J\u2663") == 1, flat
    assert "[ ]" not in flat and textview.PLACE in flat, flat
    for line in g.lines():  # the cursor's marks are on the cursor's card only
        assert line.count("\u25ba") == line.count("\u25c4") <= 1


def test_auto_view_is_text_below_the_picture_size():
    from host_sim.display import SimDisplay

    d = SimDisplay(240, 135)
    assert terminal.choose_view("auto", 80, 24, d, 1) == "text"
    assert terminal.choose_view("auto", 240, 70, d, 1) == "picture"
    assert terminal.choose_view("picture", 80, 24, d, 1) == "picture"
    assert terminal.choose_view("text", 240, 70, d, 1) == "text"
    assert terminal.choose_view("auto", 80, 24, SimDisplay(128, 64, True), 1) == "picture"


def test_no_listener_draws_the_same_pixels():
    # The listener only watches: the frame is the same with and without it.
    a = HeadlessRun(seed=5)
    a.run(keyscript.parse("A A RIGHT"), final=False)
    b = HeadlessRun(seed=5)
    textview.attach(b.display)
    b.run(keyscript.parse("A A RIGHT"), final=False)
    assert a.display.shown == b.display.shown


def test_tall_board_reads_its_lower_view_as_text():
    # The 240x240 layout draws the table on a view of the frame's lower
    # 135 rows: its hand is read there, below the panel above it.
    from host_sim import boardkeys

    run = HeadlessRun(seed=7, board=boardkeys.open_board("waveshare_pico_lcd_1_3"))
    rec = textview.attach(run.display)
    run.run(keyscript.parse("A A"), final=False)
    g = rec.grid(COLS, ROWS)
    hand = Counter(card_label(c) for c in run.app.screen.game.hand(0))
    assert not hand - Counter(k[0] for k in g.cards), g.text()
    assert min(k[1] for k in g.cards if k[0] in hand) > ROWS // 2
    assert "Recent" in g.text() and "Your turn" in g.text()


def test_headless_text_prints_the_80x24_screen(capsys, tmp_path):
    from host_sim.__main__ import main

    assert main(["--mode", "headless", "--seed", "3", "--keys", "A A", "--text", "--no-final",
                 "--shots", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Your turn" in out and "\u25ba" in out
    lines = out.splitlines()
    assert len(lines) <= 23 and max(len(x) for x in lines) <= 80
    assert main(["--mode", "headless", "--board", "oled_ssd1306_128x64", "--keys", "A",
                 "--text", "--shots", str(tmp_path)]) == 2


def test_words_a_new_player_reads():
    # Notes of a new player at 80x24: "Hearts pass LEFT" read as passing a
    # heart; Klaberjass' "bottom card" said nothing of what it is for;
    # "▲▼ more" did not name the buttons.
    t = Table(seed=3)
    t.press("RIGHT", "RIGHT", "A")  # Clubs: the pass
    flat = t.screen()
    assert "Pass left:" in flat and "1 card to West" in flat, flat
    assert "Hearts" not in flat and "(pass left)" in flat, flat
    t = Table(seed=11)
    t.press("RIGHT", "A")  # Klaberjass, seed 11: West takes clubs
    for _ in range(10):
        flat = t.screen()
        if "out of play" in flat:
            break
        t.press("A")
    assert "3 more cards each; out of play:" in flat, flat
    t.press("A", "A")
    assert "out of play" in t.screen()
    t.press("UP")
    flat = t.screen()
    assert "UP/DOWN scroll" in flat and "B back" in flat, flat


def test_a_place_under_a_panel_is_not_read():
    # Clubs, seed 3, the bid picker over the table: an empty place it
    # covers left a pixel pattern its boxes repeat, read as "__" by the
    # bids.
    t = Table(seed=3)
    _clubs_bid(t)
    lines = t.grid().lines()
    row = next(line for line in lines if "\u25ba1\u25c4" in line)
    assert textview.PLACE not in row, "\n".join(lines)


def _clubs_summary(t):
    # Seed 4: Clubs from the title, the first hand played on A, up to its
    # summary (tools/docs/screens.py's keys); A then shows the score to 42.
    from app.clubs.table import SUMMARY

    t.press("RIGHTx2 A Ax2 Ax3 A Ax13")
    scr = t.app.screen
    assert type(scr).__name__ == "ClubsScreen" and scr.mode == SUMMARY, scr.mode
    return scr


def test_clubs_score_chart_reads_as_text():
    # The bars towards 42 read as their scores, each in its bar's columns
    # above its team's name: the chart was two empty columns in the text.
    from app.clubs.table import SCORE

    t = Table(seed=4)
    scr = _clubs_summary(t)
    t.press("A")
    assert scr.mode == SCORE
    lines = t.grid().lines()
    names = next(i for i, line in enumerate(lines) if "N-S" in line[50:] and "E-W" in line[50:])
    for team, label in enumerate(("N-S", "E-W")):
        col = lines[names].index(label, 50)
        chart = [line[col - 2 : col + 5] for line in lines[2:names]]
        assert any(str(scr.scores[team]) in c.split() for c in chart), "\n".join(lines)


@pytest.mark.parametrize("size", [(40, 12), (60, 18), (80, 23)])
def test_clubs_trick_sums_sit_on_their_teams_rows(size):
    # The trick panel's sums (bold, right-aligned) beside "N-S" and "E-W"
    # (small, 3 pixels lower): at 40x12, the smallest text view, N-S's sum
    # read a row above its label.
    t = Table(seed=4)
    t.press("RIGHTx2 A Ax2 Ax3")  # tools/docs/screens.py's Clubs trick
    scr = t.app.screen
    assert type(scr).__name__ == "ClubsScreen"
    lines = t.rec.grid(*size).lines()
    half = size[0] * 3 // 4  # the panel is at the right (x 180 of 240)
    for label in ("N-S", "E-W"):
        row = [line for line in lines if label in line[half:]]
        assert len(row) == 1, "\n".join(lines)
        figure = row[0][row[0].index(label, half) + 3 :].split()
        assert figure and figure[0].isdigit(), "\n".join(lines)


def test_pause_menu_over_the_clubs_score_pages_shows_the_menu_alone():
    # The hand's summary and the score to 42 run across the whole width:
    # beside the pause menu their figures read as its rows.
    from app.clubs.table import SCORE

    t = Table(seed=4)
    scr = _clubs_summary(t)
    for page in ("summary", "score"):
        t.press("B")
        assert scr.pause is not None
        lines = [line.strip() for line in t.grid().lines() if line.strip()]
        items = ["Paused"] + list(scr.pause.items)
        assert len(lines) == len(items), page + ":\n" + "\n".join(lines)
        assert all(any(i in line for i in items) for line in lines), "\n".join(lines)
        t.press("B")
        assert scr.pause is None
        t.press("A")
        assert page == "score" or scr.mode == SCORE


def test_a_right_aligned_column_lines_up_by_its_right_end():
    # Klaberjass' round summary right-aligns its numbers, "-" for none:
    # laid out by their left ends, "-" stood a column right of "34" and
    # "+54" a column left of it.
    t = Table(seed=1)
    fb = t.run.display.fb
    fb.fill(theme.PANEL)
    column = ("34", "-", "+54", "130")
    for i, s in enumerate(column):
        text.draw_right(fb, s, 180, 10 + 20 * i, theme.WHITE)
    t.run.display.show()
    lines = t.grid().lines()
    ends = [len(line.rstrip()) for line in lines if line.strip() in column]
    assert len(ends) == len(column) and len(set(ends)) == 1, "\n".join(lines)


def _clubs_bid(t):
    """From the title: Clubs, on to the bid picker (after your first trick)."""
    t.press("RIGHT", "RIGHT", "A")
    for _ in range(40):  # on to the bid picker, after your first trick
        if t.app.screen.bidding():
            break
        t.press("A")
    assert t.app.screen.bidding()


def test_clubs_bid_panel_words_are_not_bracketed():
    # The bid panel's gold frame, and the gold words above a line, read as
    # a framed mark: "[Your bid]", "[Bids: N -, ...]", "[◄ ► choose]".
    t = Table(seed=3)
    _clubs_bid(t)
    flat = t.screen()
    assert "Your bid" in flat and "Bids:" in flat and "\u25ba1\u25c4" in flat, flat
    for word in ("[Your bid", "[Bids", "[\u25c4"):
        assert word not in flat, flat


def test_hand_takes_two_rows_and_unplayable_cards_are_faint():
    # Raised by 6 pixels (playable) and by 10 (the cursor's), a hand fell
    # on three rows; the greyed cards' grey face looked white in a
    # 256-colour terminal. The hand takes two rows, the playable cards on
    # the upper one, and a card that may not be played is faint; with
    # every card playable it takes one.
    for seed in range(3, 12):
        t = Table(seed=seed)
        t.press("A")
        scr = t.app.screen
        legal = {card_label(c) for c in scr.legal if c < 52}
        hand = [card_label(c) for c in scr.game.hand(0)]
        if len(legal) > 1 and len(legal) < len(hand):
            break
    g = t.grid()
    rows = {k[0]: k[1] for k in g.cards if k[0] in hand}
    assert len(set(rows.values())) == 2, g.text()
    for _ in range(len(hand)):  # the cursor's card too, on a greyed card or not
        t.press("RIGHT")
        g = t.grid()
        assert {k[1] for k in g.cards if k[0] in hand} == set(rows.values()), g.text()
    assert {rows[c] for c in legal} == {min(rows.values())}, g.text()
    for label, r, c, dim, _framed in g.cards:
        if label in hand:
            assert dim == (label not in legal)
            at = g.lines()[r].index(label, c)
            assert g.bold[r][at] == (textview.FAINT if dim else textview.BOLD)
    assert any("\x1b[0;2;" in line for line in g.ansi_lines())
    t = Table(seed=3)  # Clubbed, seed 3: a club starts the pile, any card goes
    t.press("A")
    assert len(t.app.screen.legal) >= len(t.app.screen.game.hand(0))
    hand = {card_label(c) for c in t.app.screen.game.hand(0)}
    g = t.grid()
    assert len({k[1] for k in g.cards if k[0] in hand}) == 1, g.text()


def test_a_new_screen_leaves_nothing_of_the_old_one():
    # After the Clubs result, B to the title still read "38   48": the
    # result's score, in the colour of the title's felt, kept its pixels'
    # colour when the title filled the frame with that felt.
    from host_sim.display import SimDisplay

    d = SimDisplay(240, 135)
    rec = textview.attach(d)
    d.fb.fill(theme.PANEL)
    text.draw(d.fb, "38   48", 150, 40, theme.FELT_DARK, text.BOLD)
    d.show()
    flat = rec.grid(COLS, ROWS).text()
    assert "38" in flat and "48" in flat, flat
    d.fb.fill(theme.FELT_DARK)  # the next screen's ground
    text.draw(d.fb, "PICO CARDS", 60, 10, theme.GOLD, text.BOLD)
    d.show()
    flat = rec.grid(COLS, ROWS).text()
    assert "PICO CARDS" in flat and "38" not in flat and "48" not in flat, flat


@pytest.mark.parametrize("name", ["Klaberjass", "Clubs"])
def test_text_during_card_motion_is_a_still_frame(monkeypatch, name):
    # Frames taken while cards moved read garbled: a stray "8♦" above
    # "West", a half-drawn score sheet with a "4♥" over it. Every text frame
    # the terminal shows with motion on is one it shows with none (Fast).
    import apptest
    from test_frames_golden import PATTERN, heuristic_players

    from host_sim.display import SimDisplay

    monkeypatch.setattr(apptest, "FrameDisplay", SimDisplay)

    def frames(motion):
        class S(apptest.Session):
            MOTION = motion

        undo = heuristic_players()
        try:
            s = S(3)
            rec = textview.attach(s.disp)
            seen, moved = [], []
            show = s.disp.show

            def shown():
                show()
                moved.append(s.app.moving is not None)
                lines = terminal.text_frame(s.app, rec, COLS, ROWS, colour=False)
                if lines is not None:
                    seen.append("\n".join(lines))

            s.disp.show = shown
            s.choose_game(name)
            s.press("A")
            for i in range(24):
                s.press(PATTERN[i % len(PATTERN)])
            return seen, sum(moved)
        finally:
            undo()
            textview.detach()

    still, _ = frames(2)
    moving, n = frames(1)
    assert n > 20  # cards did move
    odd = [f for f in moving if f not in set(still)]
    assert not odd, "a text frame no still frame shows:\n%s" % odd[0]


def test_clubbed_result_notes_hand_cards_on_their_seats_line():
    # CB-9: the count includes the cards left in hand; at 80x24 the note
    # "N of them" read on the line above West's, as if it were yours.
    from app.clubbed.result import ResultScreen

    t = Table(1)
    app = t.app
    app.show(ResultScreen(app, (0,), [9, 20], [0, 3], [9, 20], 1, ("You", "West"), ()))
    t.run.settle()
    lines = t.screen().splitlines()
    west = [i for i, line in enumerate(lines) if "West" in line and "20 cards" in line]
    assert west, "\n".join(lines)
    assert "3 of them" in lines[west[0]]
    assert "left in hand" in lines[west[0] + 1]
    assert "of them" not in "".join(line for line in lines if "You" in line)
