"""Lists of choices as a new player meets them (issue 30, a player's
notes): the title's cursor stays where the player left it (B does not send
it back to Continue), every vertical list stops at its ends instead of
wrapping, and the title's rows on 240x135 keep a blank row between the
highlight's frame and the words."""

from apptest import Session
from fakestore import FakeStorage
from test_persist import Console

from app.kit import theme
from app.title import TitleScreen


def _title_with_continue():
    st = FakeStorage()
    con = Console(st, seed=5)
    con.press("A")  # New game
    for _ in range(4):
        con.press("A")
    for _ in range(5):
        con.press("B")
        if con.app.screen.pause is not None:
            break
    con.press("DOWN", "DOWN", "DOWN", "A")  # Quit to menu
    title = con.app.screen
    assert isinstance(title, TitleScreen) and title.menu.items[0].startswith("Continue")
    return con, title


def test_title_b_leaves_the_cursor_where_it_is():
    con, title = _title_with_continue()
    con.press("DOWN", "DOWN", "DOWN")
    assert title.menu.items[title.menu.sel] == "Settings"
    con.press("B")
    assert title.menu.items[title.menu.sel] == "Settings"
    # Back from a screen the title opened: still there.
    con.press("A")
    assert type(con.app.screen).__name__ == "SettingsScreen"
    con.press("B")
    assert con.app.screen is title and title.menu.items[title.menu.sel] == "Settings"


def test_title_up_on_the_first_row_and_down_on_the_last_stay():
    con, title = _title_with_continue()
    n = len(title.menu.items)
    con.press("UP")
    assert title.menu.sel == 0
    con.press(*["DOWN"] * (n + 2))
    assert title.menu.sel == n - 1 and title.menu.items[-1] == "Guided hand"


def test_pause_menu_and_settings_stop_at_their_ends():
    s = Session(3)
    s.press("A", "B")  # a new game, paused
    menu = s.app.screen.pause
    s.press("UP")
    assert menu.sel == 0  # still Resume: UP did not wrap to the hint
    s.press(*["DOWN"] * (len(menu.items) + 2))
    assert menu.sel == len(menu.items) - 1
    s.press("B")  # resume
    s.app.to_title()
    s.settle()
    s.press("DOWN", "DOWN", "A")  # Settings
    scr = s.app.screen
    assert type(scr).__name__ == "SettingsScreen"
    s.press("UP")
    assert scr.sel == 0
    s.press(*["DOWN"] * (len(scr.rows) + 2))
    assert scr.sel == len(scr.rows) - 1


def _settings(size=(240, 135)):
    class Board(Session):
        SIZE = size
        MONO = size[1] < 100

    s = Board(3)
    s.press("DOWN", "DOWN", "A")  # Settings
    assert type(s.app.screen).__name__ == "SettingsScreen"
    return s, s.app.screen


def test_settings_values_stop_at_their_ends_and_a_goes_round():
    """Three RIGHTs on the three levels of a computer level row ended where
    they began: LEFT and RIGHT now stop at the first and last choice, as a
    level does; A goes on from the last to the first."""
    s, scr = _settings()
    assert scr.rows[0][0] == "Computer level"  # the README's word
    k, n = scr.choice(0)
    s.press(*["RIGHT"] * (n + 1))
    assert scr.choice(0) == (n - 1, n)
    s.press(*["LEFT"] * (n + 1))
    assert scr.choice(0) == (0, n)
    s.press("DOWN", "LEFT", "LEFT")  # Computer speed: Slow, stays Slow
    assert s.app.speed == 0
    s.press("A", "A", "A")  # Normal, Fast, then round to Slow
    assert s.app.speed == 0


def test_settings_arrows_show_only_the_ways_with_more_choices():
    """The selected row shows ◄ only when LEFT changes it and ► only when
    RIGHT does, on the big screens and the 128x64 one."""
    from apptest import draws

    def first_row(s, scr):
        # What is drawn on the first row (the selected one), left to right:
        # the 128x64 screen draws the arrows apart from the value.
        d = draws(s)
        y = [t[3] for t in d if scr.value(0) in t[1]][0]
        return " ".join(t[1] for t in sorted(d, key=lambda t: t[2]) if t[3] == y)

    for size in ((240, 135), (128, 64)):
        s, scr = _settings(size)
        s.press(*["LEFT"] * 5)  # the first level
        row = first_row(s, scr)
        assert "\u25ba" in row and "\u25c4" not in row, row
        s.press(*["RIGHT"] * 5)  # the last
        row = first_row(s, scr)
        assert "\u25c4" in row and "\u25ba" not in row, row


def test_compact_settings_arrows_stand_apart_from_the_value():
    """On the 128x64 screen ◄ and ► touched the value ("◄Normal►"): a
    blank column stands between each arrow and the value's ink."""
    s, scr = _settings((128, 64))
    s.press("RIGHT", "LEFT")  # a value with both arrows
    s.app.invalidate()
    s.app.step()
    from app.kit import compact

    fb = s.disp.fb
    y = compact.BAR + 5  # the first row's middle, through both arrows' ink
    ink = [fb.pixel(x, y) != fb.pixel(0, y) for x in range(128)]  # x 0: the row's ground
    runs = []  # the ink's runs (start, end) along the row's right half
    for x in range(64, 128):
        if ink[x] and (not runs or runs[-1][1] != x - 1):
            runs.append([x, x])
        elif ink[x]:
            runs[-1][1] = x
    assert len(runs) >= 3, runs
    # The arrows are the first and last runs; each has at least two blank
    # columns between it and the value.
    assert runs[1][0] - runs[0][1] > 2 and runs[-1][0] - runs[-2][1] > 2, runs


def _frame_and_words(s):
    # The highlight's frame (the rows where a GOLD line runs across the
    # menu's box) and the rows of WHITE ink (the chosen row's words)
    # between them, on the current frame.
    s.app.invalidate()
    s.app.step()
    fb = s.disp.fb
    lines = [y for y in range(s.SIZE[1])
             if sum(fb.pixel(x, y) == theme.GOLD for x in range(110, 200)) > 60]
    assert len(lines) >= 2, lines
    top, bottom = lines[0], lines[-1]
    ink = [y for y in range(top, bottom + 1)
           if any(fb.pixel(x, y) == theme.WHITE for x in range(90, 236))]
    return top, bottom, ink


def test_title_rows_breathe_on_240x135():
    """Seven rows 10 px apart had the highlight's frame on the words: each
    chosen row keeps a blank pixel row between its frame and its words."""
    con, title = _title_with_continue()
    for i in range(len(title.menu.items)):
        title.menu.sel = i
        top, bottom, ink = _frame_and_words(con)
        item = title.menu.items[i]
        assert ink, item
        assert top + 2 <= ink[0] and ink[-1] <= bottom - 2, (item, top, ink, bottom)
        assert bottom < 135
