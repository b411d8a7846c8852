"""The app's screens on every screen size the boards have: the 128x64
monochrome compact layout (SSD1306), the square 240x240 one and the 240x135
one. The games' own whole-game and overlay tests (tests/test_app_*.py) run
unchanged on each size, through tests/bounds.py, and nothing may be drawn
outside the screen on any of them."""

import apptest
import pytest
import test_app_clubs
import test_app_game
import test_app_klaberjass

from app.clubbed.screen import ClubbedScreen
from app.title import TitleScreen

LAYOUTS = {"128x64": ((128, 64), True), "240x240": ((240, 240), False),
           "240x135": ((240, 135), False)}


@pytest.fixture(params=sorted(LAYOUTS))
def sessions(request, monkeypatch):
    """Every apptest.Session made in the test runs on the layout's screen;
    afterwards none of them may have drawn outside it."""
    size, mono = LAYOUTS[request.param]
    monkeypatch.setattr(apptest.Session, "SIZE", size)
    monkeypatch.setattr(apptest.Session, "MONO", mono)
    monkeypatch.setattr(apptest.Session, "CHECK_BOUNDS", True)
    made = []
    init = apptest.Session.__init__

    def recording_init(self, *a, **kw):
        init(self, *a, **kw)
        made.append(self)

    monkeypatch.setattr(apptest.Session, "__init__", recording_init)
    yield made
    assert made
    for s in made:
        app = s.app
        assert (app.width, app.height) == size
        assert app.compact == (size[1] < 100) and app.mono == mono
        assert app.tall == (size[1] >= 200)
        for check in s.checks:
            assert check.outside == [], "drawn outside the %dx%d screen: %r" % (
                check.w, check.h, check.outside[:5])


@pytest.mark.parametrize("seed", (0, 1, 2))
def test_clubbed_whole_game(sessions, seed):
    test_app_game.test_whole_game_by_key_presses(seed)


def test_clubbed_pause_menu(sessions):
    test_app_game.test_pause_menu_new_game_and_quit()


def test_clubbed_illegal_choice(sessions):
    test_app_game.test_illegal_choice_shows_why_and_changes_nothing()


@pytest.mark.parametrize("seed", (0, 1))
def test_klaberjass_round(sessions, seed):
    test_app_klaberjass.test_round_by_key_presses(seed)


def test_klaberjass_whole_game(sessions):
    test_app_klaberjass.test_whole_game_autoplay_through_app_loop()


def test_klaberjass_overlays(sessions):
    test_app_klaberjass.test_pause_menu_and_look_overlay()
    test_app_klaberjass.test_exchange_prompt_only_when_the_core_offers_it()


@pytest.mark.parametrize("seed", (1, 2))
def test_clubs_hand(sessions, seed):
    test_app_clubs.test_whole_hand_by_key_presses(seed)


def test_clubs_whole_game(sessions):
    test_app_clubs.test_whole_game_autoplay_ends_on_core_result()


def test_clubs_overlays(sessions):
    test_app_clubs.test_pause_menu_last_trick_and_stray_buttons()
    test_app_clubs.test_bid_picker_refuses_the_bid_making_13()
    test_app_clubs.test_score_screen_reaches_earlier_hands()


def test_title_rules_and_look(sessions):
    s = apptest.Session(3)
    assert isinstance(s.app.screen, TitleScreen)
    for _ in range(3):  # every game's title and rules, every page
        s.press("DOWN", "A")
        for _ in range(20):
            s.press("DOWN")
        s.press("B", "UP", "RIGHT")
    s.press("A", "UP", "DOWN", "DOWN", "B")
    assert isinstance(s.app.screen, ClubbedScreen) and not s.app.screen.looking


def test_error_screen(sessions):
    import test_memory_error

    test_memory_error.test_memory_error_always_shows_the_error_screen("Clubbed")
    test_memory_error.test_error_screen_draws_long_messages_within_the_frame()


def test_clubs_take_prompt(sessions, monkeypatch):
    """The PC-9 prompt (partners' cards tie: who takes it?) on every size."""
    from app.clubs import screen as clubs_screen

    # A pressed at each turn plays the first legal card (not the cursor's
    # careful start): a game whose cards reach a tie.
    monkeypatch.setattr(clubs_screen, "default_card", lambda legal, trick: legal[0])
    s = test_app_clubs.Session(2)
    s.press("A")
    scr = s.app.screen
    for _ in range(3000):  # A: the choice each prompt starts on
        if scr.taking() or s.app.screen is not scr:
            break
        s.press("A")
    assert scr.taking(), "no PC-9 tie in this game"
    s.press("DOWN")
    assert scr.take_sel == 1
    s.press("A")


def test_compact_settings_labels_fit_and_differ(monkeypatch):
    """On the 128x64 Settings screen every row's label, beside the widest
    value it can show (selected, so with ◄ ►), is shown whole, and no two
    rows' labels are the same."""
    from app.kit import compact
    from app.settings_screen import SettingsScreen

    monkeypatch.setattr(apptest.Session, "SIZE", (128, 64))
    monkeypatch.setattr(apptest.Session, "MONO", True)
    s = apptest.Session(1)
    scr = SettingsScreen(s.app, s.app.screen)
    shown = []
    for i, row in enumerate(scr.rows):
        values = set()
        for _ in range(6):  # the longest list of choices (dim timeouts)
            values.add(scr.value(i))
            scr.change(i, 1, True)
        widest = max(values, key=len)
        label = compact.settings_label(row, "\u25c4" + widest + "\u25ba", 128)
        assert label == row[4], "%r cut to %r beside %r" % (row[4], label, widest)
        shown.append(label)
    assert len(set(shown)) == len(shown), shown


def test_four_colour_deck_is_offered_on_colour_screens_only(monkeypatch):
    # A 1-bit screen draws no suit colours, so the setting would do nothing.
    from app.settings_screen import SettingsScreen

    kinds = {}
    for size, mono in (((240, 135), False), ((240, 240), False), ((128, 64), True)):
        monkeypatch.setattr(apptest.Session, "SIZE", size)
        monkeypatch.setattr(apptest.Session, "MONO", mono)
        s = apptest.Session(1)
        kinds[mono] = [row[1] for row in SettingsScreen(s.app, s.app.screen).rows]
    assert "four" in kinds[False] and "four" not in kinds[True]
    assert [k for k in kinds[False] if k != "four"] == kinds[True]


def test_rules_pages_start_with_text(sessions):
    """The Rules pager (and Statistics, on the same pager) never starts a
    page with a blank line, and every line with text is on some page (a
    part's heading on its pages' header)."""
    from app.rules_screen import RulesScreen

    s = apptest.Session(3)
    screens = []
    for _ in range(3):  # each game's rules
        s.press("DOWN", "A")
        screens.append(s.app.screen)
        s.press("B", "UP", "RIGHT")
    s.press("DOWN", "DOWN", "DOWN", "A")  # Statistics
    screens.append(s.app.screen)
    for scr in screens:
        assert isinstance(scr, RulesScreen)
        shown = set()
        for p in range(len(scr.starts)):
            assert scr.lines[scr.top] and scr.shown[0], (scr.title, p, scr.top)
            shown.update(range(scr.top, min(len(scr.lines), scr.top + len(scr.shown))))
            scr.on_button(apptest.buttons.DOWN)
        assert scr.page == len(scr.starts) - 1
        assert all(i in shown for i in range(len(scr.lines)) if scr.lines[i] and scr.lines[i] != 2)


@pytest.fixture
def oled(monkeypatch):
    """apptest.Session on the 128x64 monochrome screen."""
    monkeypatch.setattr(apptest.Session, "SIZE", (128, 64))
    monkeypatch.setattr(apptest.Session, "MONO", True)
    return apptest.Session


def test_compact_klaberjass_header_keeps_three_digit_scores_apart(oled, monkeypatch):
    # Was "West dlryou 208 W 204": the pieces of the top row (names, dealer
    # mark, scores) each end at least a space before the next starts.
    from app.kit import text

    s = oled(12)
    s.press("RIGHT", "A")
    for _ in range(200):  # A until late in the game, West dealing, your turn at the table
        g = s.app.screen.game  # (banners wait for an A)
        if min(g.scores) >= 100 and g.dealer == 1 and s.app.screen.human_turn() or g.is_over():
            break
        s.press("A")
    assert min(g.scores) >= 100 and g.dealer == 1 and not g.is_over()
    drawn = []
    real = text.draw

    def draw(fb, t, x, y, *a, **k):
        if y < 0:  # the top row (compact.put draws a row 1 px up)
            drawn.append((x, t))
        return real(fb, t, x, y, *a, **k)

    monkeypatch.setattr(text, "draw", draw)
    s.app.screen.draw(s.disp.fb)
    drawn.sort()
    line = "".join(t for _, t in drawn)
    assert "dlr" in line and str(g.scores[0]) in line and str(g.scores[1]) in line
    for i in range(1, len(drawn)):
        (x0, t0), (x1, t1) = drawn[i - 1], drawn[i]
        if t1.startswith(" "):
            continue  # a piece that brings its own space
        assert x0 + len(t0) * text.SMALL.w + text.SMALL.w <= x1, drawn


def rows_of(fb, y0, y1, w=128):
    return [[fb.pixel(x, y) for x in range(w)] for y in range(y0, y1)]


def two_row_hint_is_whole(s, hint):
    # The hint wraps to two rows (y 32 and 42, compact.lines); its second
    # row, descenders included, is exactly what the text alone draws: the
    # hand row under it (raised playable cards, the inverted cursor) stays
    # clear of it.
    from app.kit import compact
    from app.kit.display import FrameDisplay

    alone = FrameDisplay(128, 64, True)
    assert compact.lines(alone.fb, hint, 32, 2, 128) == 2
    s.app.screen.draw(s.disp.fb)
    assert rows_of(s.disp.fb, 42, 53) == rows_of(alone.fb, 42, 53)


def test_compact_klaberjass_wrapped_hint_is_not_hidden_by_the_hand(oled):
    from cardgames.klaberjass import SUIT_SYMBOLS

    s = oled(12)
    s.press("RIGHT", "A")

    long_hints = ["No %s, no trumps: any card" % c for c in SUIT_SYMBOLS]
    for _ in range(200):  # A until the long hint shows (banners may wait for an A)
        scr = s.app.screen
        if scr.hint in long_hints and scr.human_turn() or scr.game.is_over():
            break
        s.press("A")
    assert scr.hint in long_hints and scr.human_turn()
    two_row_hint_is_whole(s, scr.hint)


def test_compact_clubs_wrapped_pass_hint_is_not_hidden_by_the_hand(oled):
    from app.clubs.table import pass_hint

    s = oled(3)
    s.press("RIGHT", "RIGHT", "A")
    hint = pass_hint(s.app.screen)
    assert hint.endswith("(pass left)")
    two_row_hint_is_whole(s, hint)
