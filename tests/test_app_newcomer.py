"""The screens a newcomer follows (issue 14, section 3): the title's
Continue names the game shown, a New game asks before it replaces its
game's save (at its first turn) and leaves other games' saves alone, the
result screen asks before dealing again, and the screen texts a first-time
player reads (frames and drawn strings)."""

import pytest
from apptest import screen_text, to_your_turn, waits
from depth import pick
from fakestore import FakeStorage, save_file
from test_persist import Console

from app import games
from app.persist.storage import decode
from app.title import ASK, TitleScreen

NAMES = [e.name for e in games.GAMES]


def _to_title(con):
    for _ in range(5):  # B pauses (a first B may close a banner)
        con.press("B")
        if con.app.screen.pause is not None:
            break
    con.press("DOWN", "DOWN", "DOWN", "A")  # Quit to menu
    assert isinstance(con.app.screen, TitleScreen)


def _saved_game(st, name):
    # The fields of game ``name``'s save on ``st``, or None.
    f = save_file(name)
    return decode(st.files[f], "save") if f in st.files else None


@pytest.mark.parametrize("name", NAMES)
def test_title_continue_row_names_the_game_shown_and_opens_it(name):
    st = FakeStorage()
    con = Console(st, seed=5)
    con.choose_game(name)
    con.press("A")  # New game
    for _ in range(4):
        con.press("A")
    assert _saved_game(st, name)["game"] == name
    _to_title(con)
    # A fresh title (after a power cut too) opens on the saved game's page.
    for c in (con, Console(st.reboot(), seed=5)):
        title = c.app.screen
        assert c.app.game_name() == name and title.menu.items[0] == "Continue " + name
        assert "Continue " + name in screen_text(c)
        for _ in range(len(NAMES) - 1):
            c.press("RIGHT")
            # On every other page: no Continue, the header names that game.
            assert c.app.game_name() != name
            assert not any(i.startswith("Continue") for i in title.menu.items)
            assert "Continue" not in screen_text(c) and c.app.game_name() in screen_text(c)
        c.press("RIGHT")
        assert title.menu.items[0] == "Continue " + name
        c.press("A")
        assert c.app.game_name() == name and type(c.app.screen).__name__ != "TitleScreen"
        assert c.app.screen.game.to_text() == _saved_game(st, name)["pos"]


def test_title_cursor_stays_on_its_item_across_games():
    """Continue is on the saved game's page only, so the rows shift between
    pages: LEFT/RIGHT keep the cursor on the same item (a fresh player's
    Statistics turned into Guided hand on the next page, and A there would
    have replaced the save); the first row stays first (Continue, or New
    game on a page without it)."""
    st = FakeStorage()
    con = Console(st, seed=5)
    con.choose_game(NAMES[0])
    con.press("A")  # New game
    for _ in range(4):
        con.press("A")
    _to_title(con)
    title = con.app.screen
    assert title.menu.items[0].startswith("Continue")
    title.menu.sel = 1  # New game: on the next page, New game (its first row)
    con.press("RIGHT")
    assert title.menu.items[title.menu.sel] == "New game"
    con.press("LEFT")
    for item in ("Rules", "Settings", "Statistics", "Guided hand"):
        title.menu.sel = title.menu.items.index(item)
        for _ in range(len(NAMES)):
            con.press("RIGHT")
            assert title.menu.items[title.menu.sel] == item, (con.app.game_name(), item)
    title.menu.sel = 0  # Continue, on the saved game's page
    con.press("RIGHT")
    assert title.menu.items[title.menu.sel] == "New game"
    for _ in range(len(NAMES) - 1):
        con.press("RIGHT")
    assert title.menu.items[title.menu.sel].startswith("Continue")
    assert _saved_game(st, NAMES[0]) is not None


@pytest.mark.parametrize("seed", range(1, 7))
@pytest.mark.parametrize("name", NAMES)
def test_new_game_asks_then_replaces_the_save_at_its_first_turn(name, seed):
    """The README's promise: each game keeps its own save. New game of
    another game starts at once and leaves that save alone; while the game
    shown is saved, its New game first asks "Replace save? A: yes" and B
    keeps the save; a second A starts the new game, which replaces that save
    (and no other) at your first turn, whoever moves first."""
    st = FakeStorage()
    con = Console(st, seed=seed)
    other = NAMES[(NAMES.index(name) + 1) % len(NAMES)]
    con.choose_game(other)
    con.press("A")
    for _ in range(3):
        con.press("A")
    _to_title(con)  # (B closing a banner may let the computer move first)
    kept = st.files[save_file(other)]
    assert _saved_game(st, other)["game"] == other
    con.choose_game(name)
    title = con.app.screen
    assert title.menu.items[title.menu.sel] == "New game"
    con.press("A")  # another game's save is no reason to ask
    scr = _to_first_turn(con)
    assert _saved_game(st, name)["pos"] == scr.game.to_text()
    assert st.files[save_file(other)] == kept
    _to_title(con)
    title = con.app.screen
    assert con.app.game_name() == name and title.menu.items[0] == "Continue " + name
    title.menu.sel = 1
    before = dict(st.files)
    assert title.menu.items[title.menu.sel] == "New game"
    assert "Saved game:" not in screen_text(con)
    con.press("A")  # New game of a saved game: it asks, naming the save ...
    assert con.app.screen is title and title.menu.items[title.menu.sel] == ASK
    shown = screen_text(con).split("\n")
    assert ASK in shown and shown[shown.index("Saved game:") + 1] == name
    assert st.files == before
    con.press("B")  # ... and B keeps the save (the cursor stays on the row)
    assert con.app.screen is title and ASK not in title.menu.items
    assert title.menu.items[1] == "New game" and title.menu.sel == 1
    assert st.files == before
    con.press("A", "A")  # asked, then confirmed: the old save goes at once ...
    assert type(con.app.screen).__name__ != "TitleScreen"
    scr = _to_first_turn(con)  # ... or at your first turn
    f = _saved_game(st, name)
    assert f is not None and f["game"] == name and f["id"] == str(con.app.id)
    assert f["id"] != decode(before[save_file(name)], "save")["id"]
    # ... and what Continue brings back is the start of this turn.
    assert f["pos"] == scr.game.to_text()
    assert st.files[save_file(other)] == kept  # the other game's, untouched


def _to_first_turn(con):
    # A new game's table at the human's first turn: Klaberjass' first bid may
    # be West's, after the cut box, and West's bid, exchange and sequences
    # wait for A too.
    return to_your_turn(con)


class _Tall(Console):
    SIZE = (240, 240)


class _Compact(Console):
    SIZE = (128, 64)
    MONO = True


@pytest.mark.parametrize("size", ("240x135", "240x240", "128x64"))
@pytest.mark.parametrize("row", ("New game", "Guided hand"))
def test_title_question_fits_and_every_other_key_keeps_the_save(size, row):
    """While a game is saved, A on New game or Guided hand shows the whole
    question in the row on every screen size (20 characters: the 128x64
    menu's width); B, UP, DOWN, LEFT and RIGHT each put the row back and
    keep the save; only a second A starts the game (the guided one for
    Guided hand)."""
    cls = {"240x135": Console, "240x240": _Tall, "128x64": _Compact}[size]
    st = FakeStorage()
    con = cls(st, seed=4)
    con.choose_game(NAMES[0])
    con.press("A")
    for _ in range(3):
        con.press("A")
    _to_title(con)
    title = con.app.screen
    before = dict(st.files)
    assert before.get(save_file(NAMES[0])) is not None
    for key in ("B", "UP", "DOWN", "LEFT", "RIGHT"):
        title.menu.sel = title.menu.items.index(row)
        game, first = con.app.game_name(), title.menu.sel == 0
        con.press("A")
        assert con.app.screen is title and title.menu.items[title.menu.sel] == ASK, key
        shown = screen_text(con).split("\n")
        assert ASK in shown, key  # drawn whole, not cut
        # The save it would replace is named (a 128x64 row: "Saved: Clubbed").
        saved = NAMES[0]
        assert ("Saved: " + saved in shown) if size == "128x64" else (
            shown[shown.index("Saved game:") + 1] == saved), key
        con.press(key)
        assert con.app.screen is title and ASK not in title.menu.items, key
        assert row in title.menu.items and ASK not in screen_text(con), key
        assert st.files == before, key
        if key in ("LEFT", "RIGHT"):
            # The page changed as without the question; the item kept (or
            # the first row, as it stays first).
            assert con.app.game_name() != game
            assert title.menu.sel == 0 if first else title.menu.items[title.menu.sel] == row
            con.press("RIGHT" if key == "LEFT" else "LEFT")  # back to the saved game
    title.menu.sel = title.menu.items.index(row)
    con.press("A", "A")
    assert type(con.app.screen).__name__ != "TitleScreen"
    assert con.app.guide == (row == "Guided hand")


@pytest.mark.parametrize("row", ("New game", "Guided hand"))
def test_without_a_save_one_a_starts(row):
    """Nothing to lose, nothing asked: one A on New game or Guided hand."""
    st = FakeStorage()
    con = Console(st, seed=4)
    assert not any(con.app.saves)
    title = con.app.screen
    title.menu.sel = title.menu.items.index(row)
    con.press("A")
    assert type(con.app.screen).__name__ != "TitleScreen"
    assert con.app.guide == (row == "Guided hand")


@pytest.mark.parametrize("compact", (False, True))
def test_result_screen_deals_the_next_game_on_one_a(compact):
    """A on the result screen deals the next game at once: a question on
    top ("Deal a new game? A: yes") made a player answer twice. (A press
    begun before the screen was drawn is dropped by App.announce.)"""
    from app.clubbed.result import ResultScreen
    from cardgames import clubbed

    st = FakeStorage()
    con = (_Compact if compact else Console)(st, seed=3)
    app = con.app
    g = clubbed.Clubbed(seed=3, dealer=1, refill=True)
    before = dict(st.files)
    res = ResultScreen(app, (1, -1), (3, 9), (0, 0), (3, 9), 1, ("You", "West"))
    app.show(res)
    con.settle()
    assert app.screen is res and st.files == before
    assert "A next" in screen_text(con)
    assert "Deal a new game" not in screen_text(con) and "New deal" not in screen_text(con)
    con.press("A")
    assert type(app.screen).__name__ == "ClubbedScreen"
    assert g is not app.screen.game


# --- Klaberjass: what the computer decides while bidding waits for A ----------


def _kj(seed):
    from test_app_klaberjass import Session

    s = Session(seed)
    return s, s.start()


def _pass_through_bidding(s, scr, seen):
    """Pass at every bid, noting each banner that waits (its title and lines)
    and what the clock did meanwhile; until play starts or 40 presses."""
    from cardgames import klaberjass as kj

    for _ in range(40):
        if waits(scr):
            title, lines, _, _ = scr.banners[0]
            now = s.clock.now
            s.settle()  # nothing moves on by itself ...
            assert s.app.idle() and waits(scr) and s.clock.now == now
            drawn = screen_text(s)
            assert title in drawn and "A/B: continue" in drawn  # ... and it says so
            seen.append((title, tuple(lines)))
            s.press("A")
            continue
        if scr.game.phase == kj.PLAY or not scr.human_turn():
            return
        s.press("LEFT" if scr.choices[scr.choice] != kj.PASS else "A")
        if scr.choices and scr.choices[scr.choice] != kj.PASS:
            continue


def test_klaberjass_round_two_and_redeal_wait_for_a():
    """KJ-4, KJ-5: the start of round two by West's pass, West's bid and a
    redeal each stop on a banner until A (they went by in 3 s unseen)."""
    titles = set()
    for seed in range(12):
        s, scr = _kj(seed)
        seen = []
        _pass_through_bidding(s, scr, seen)
        titles.update(t.split(" ")[0] for t, _ in seen)
        for t, lines in seen:
            if t.startswith("Trump"):
                assert lines[0].startswith("West ") and "3 more cards each" in lines[1]
            elif t == "Second chance":  # as the panel beside it says ("2nd chance")
                assert lines[0].startswith("Both passed ")
        if {"Second", "Trump", "All"} <= titles:
            return
    pytest.fail("seen only %s" % sorted(titles))


def test_klaberjass_header_and_exchange_banner_read_plainly():
    from app.klaberjass.screen import KlaberjassScreen
    from cardgames import klaberjass as kj

    s, scr = _kj(2)
    g = scr.game
    g.scores[0], g.scores[1] = 128, 125
    g.dealer = 0
    scr.banners = []  # past the cut's banner (it says who deals: the mark waits)
    drawn = screen_text(s).split("\n")
    # Bidding: "(you deal)" apart from the scores, not "you deal You 128".
    assert "(you deal)" in drawn and "You 128  West 125" in drawn
    assert isinstance(scr, KlaberjassScreen)
    scr.banners = []
    # KJ-7: West gave the seven of trumps (diamonds) for the turned king.
    scr._take_events([(kj.EV_EXCHANGE, 1, 13 + kj.R7, 13 + kj.RK)], s.clock.now)
    title, lines, cs, wait = scr.banners[-1]
    assert title == "Exchange"
    # It stays until A: a player who looked away would miss the swap.
    # One line above the card it names (a second ran under the card).
    assert lines == ["West swapped 7\u2666 for the turned K\u2666", "A/B: continue"]
    assert wait


# --- Clubbed: the hint on DRAW, the pile view's left edge ---------------------


def _clubbed_with_draw():
    """A Clubbed table at the human's turn with DRAW offered, or None."""
    from test_app_game import Session

    from cardgames import clubbed

    for seed in range(40):
        s = Session(seed)
        s.press("A")
        scr = s.app.screen
        for _ in range(60):
            if type(scr).__name__ != "ClubbedScreen" or s.app.screen is not scr:
                break
            if scr.human_turn() and clubbed.DRAW in scr.slots:
                return s, scr
            if scr.human_turn():
                legal = [i for i, a in enumerate(scr.slots) if a in scr.legal]
                while scr.cursor != legal[0]:
                    s.press("RIGHT")
            s.press("A")
    return None


def test_clubbed_hint_on_draw_says_draw_and_the_pile_view_has_no_stray_bar():
    from app.kit import theme

    s, scr = _clubbed_with_draw()
    s.press("DOWN")  # DOWN jumps to DRAW
    assert scr.slots[scr.cursor] == scr.slots[-1]
    drawn = screen_text(s)
    assert "A draw a card  B menu" in drawn and "A play" not in drawn
    s.press("LEFT")
    assert scr.slots[scr.cursor] != scr.slots[-1]
    assert "A draw" not in screen_text(s)
    # The pile view (UP): nothing of the table shows left of its panel.
    s.press("UP")
    assert scr.looking
    s.app.invalidate()
    s.app.step()
    fb = s.disp.fb
    assert all(fb.pixel(x, y) != theme.GOLD for x in range(0, 3) for y in range(17, 135))


def test_greyed_black_suits_keep_their_contrast():
    """Spade and club pips on a greyed card: the ink keeps a contrast ratio of
    at least 4.5 with the grey face (WCAG AA), as the two suits differ only
    in a few pixels of their shape."""
    from app.kit import cardview, theme
    from host_sim.display import colour

    def lum(i):
        v = colour(i)
        rgb = (((v >> 11) & 31) / 31, ((v >> 5) & 63) / 63, (v & 31) / 31)
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    theme.set_mono(False)
    face = lum(theme.CARD_DIM)
    for four in (False, True):
        cardview.four(four)
        for card in (0, 39):  # a club, a spade
            ink = lum(cardview.suit_color(card, True))
            # Four colours: the club is green, so a lesser contrast reads.
            assert (face + 0.05) / (ink + 0.05) >= (3 if four else 4.5), (four, card)
    assert cardview.suit_color(0, True) != cardview.suit_color(39, True)  # green, black
    cardview.four(False)


# --- Clubs: plain words, a readable score, UP means one thing -----------------

RULE_ID = __import__("re").compile(r"\b(PC|KJ|CB)-\d")


def _clubs_hand_strings(size, mono):
    """Every string drawn (with its colour and font) while a whole hand of
    Clubs is played by key presses on a ``size`` screen."""
    from test_app_clubs import Session, decide

    from app.clubs import table as table
    from app.kit import text

    class S(Session):
        SIZE = size
        MONO = mono

    drawn = []
    orig = text.draw

    def spy(fb, st, x, y, color, font=text.SMALL):
        drawn.append((st, color, font))
        return orig(fb, st, x, y, color, font)

    text.draw = spy
    try:
        s = S(5)
        s.press("A")
        scr = s.app.screen
        for _ in range(300):
            if scr.mode == table.SCORE or s.app.screen is not scr:
                break
            decide(s)
    finally:
        text.draw = orig
    return drawn


@pytest.mark.parametrize("size,mono", (((240, 135), False), ((128, 64), True),
                                       ((240, 240), False)))
def test_clubs_screens_use_plain_words(size, mono):
    strings = [d[0] for d in _clubs_hand_strings(size, mono)]
    assert strings
    for st in strings:
        assert not RULE_ID.search(st), st  # "Everyone shows a card (PC-3)"
        assert "-1s" not in st and "won/bid" not in st and " =" not in st, st
    joined = "\n".join(strings)
    # Why a card is shown, and how to choose it.
    assert "see it" in joined
    if not mono:
        assert "\u25c4 \u25ba choose   A: show it to everyone" in joined
    if size[1] == 240:
        assert any(st.startswith("won of bid: N ") for st in strings)  # the panel above
        assert "2s off suit" in joined and "Tricks:\nwon, bid" in joined


def test_clubs_game_score_is_bright_and_bold():
    from app.kit import text, theme

    drawn = _clubs_hand_strings((240, 135), False)
    theme.set_mono(False)
    score = [d for d in drawn if d[0].startswith(("N-S ", "E-W ")) and d[0][4:].isdigit()]
    assert score
    assert all(c == theme.WHITE and f is text.BOLD for _, c, f in score)


def test_clubs_up_in_the_bid_picker_looks_and_never_changes_the_bid():
    from test_app_clubs import Session, _to_bid

    s = Session(5)
    s.press("A")
    scr = _to_bid(s)
    assert scr.bidding()
    v = scr.bid_val
    s.press("UP")  # as at the table: the look view
    assert scr.looking and scr.bid_val == v
    s.press("B")  # any key closes it, the picker is back as it was
    assert not scr.looking and scr.bidding() and scr.bid_val == v
    s.press("DOWN")
    assert scr.bid_val == v and not scr.looking
    s.press("RIGHT")
    assert scr.bid_val != v or scr.hint_alert


def _files_with_saves():
    # Files with a save of every game.
    st = FakeStorage()
    con = Console(st, seed=2)
    for name in NAMES:
        con.choose_game(name)
        con.press("A")  # New game
        for _ in range(3):
            con.press("A")
        _to_title(con)
        assert _saved_game(st, name) is not None
    return dict(st.files)


# One block of 40 random sequences a size; the second under make test-deep.
@pytest.mark.parametrize("block", pick([0], [0, 1]))
@pytest.mark.parametrize("size", ["wide", "tall", "compact"])
def test_random_keys_on_the_title_replace_the_save_only_after_a_then_a(size, block):
    """Random key sequences on the title with every game saved: the saves
    stay byte for byte until a game screen opens, and a new game (New game
    or Guided hand, on any game's page) opens only on an A that answers ASK,
    which only an A on that same row puts up; Continue opens the saved
    game; every other game's save stays as it was. Nothing raises."""
    import random

    files = _files_with_saves()
    rnd = random.Random(block)
    session = {"wide": Console, "tall": _Tall, "compact": _Compact}[size]
    keys = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B")
    weights = (2, 2, 3, 3, 4, 2)  # A often enough to reach the question
    started = 0
    for _ in range(40):
        st = FakeStorage(files)
        con = session(st, seed=rnd.randrange(100))
        title = con.app.screen
        assert isinstance(title, TitleScreen)
        # From any row: the lists stop at their ends, so a walk from the
        # first row (Continue, which A opens) seldom reached the last.
        title.menu.sel = rnd.randrange(len(title.menu.items))
        prev = None  # (key, row label, sel) of the press before
        for _ in range(30):
            key = rnd.choices(keys, weights)[0]
            row = title.menu.items[title.menu.sel]
            sel = title.menu.sel
            page = con.app.game_name()
            con.press(key)
            scr = con.app.screen
            if scr is title:
                assert st.files == files
                now = title.menu.items[title.menu.sel]
                if now == ASK:
                    assert key == "A" and row in ("New game", "Guided hand")
                prev = (key, row, sel)
                continue
            others = [save_file(n) for n in NAMES if n != page]
            assert all(st.files[n] == files[n] for n in others)
            if hasattr(scr, "game") and not row.startswith("Continue"):
                # A new game: A on the question, put up by A on the same row.
                assert key == "A" and row == ASK
                assert prev is not None and prev[0] == "A" and prev[2] == sel
                assert prev[1] in ("New game", "Guided hand")
                started += 1
            elif hasattr(scr, "game"):
                assert key == "A" and st.files == files
            else:
                assert key == "A" and row in ("Rules", "Settings", "Statistics", "Link play")
                assert st.files == files
            break
    assert started >= 3


@pytest.mark.parametrize("size", ((240, 135), (240, 240)))
def test_settings_say_what_the_selected_row_does(size):
    """Under the rows, the selected row's meaning at its present value, in
    full: each level and each variant's on and off read differently (new
    players asked what the levels and the variants mean)."""
    from apptest import Session

    from app.settings_screen import SettingsScreen

    class S(Session):
        SIZE = size

    s = S(1)
    s.press("DOWN", "DOWN", "A")  # title: New game, Rules, Settings
    scr = s.app.screen
    assert isinstance(scr, SettingsScreen)
    seen = set()
    for i in range(len(scr.rows)):
        assert scr.sel == i
        kind = scr.rows[i][1]
        for _ in range(len(scr.levels) if kind == "level" else 2 if kind == "opt" else 1):
            about = scr.about(i)
            assert about in screen_text(s).split("\n"), (i, about)
            seen.add(about)
            if kind in ("level", "opt"):
                s.press("A")  # the next value (A goes round to the first)
        s.press("DOWN")
    levels = len(scr.levels)
    opts = sum(1 for r in scr.rows if r[1] == "opt")
    assert len(seen) == levels + 2 * opts + len(scr.rows) - 1 - opts


def _row_strings(s, y):
    """(x, end x, str, colour) of every string drawn at row ``y`` of the
    current frame, left to right."""
    from apptest import draws

    return sorted((x, end, st, col) for _, st, x, yy, col, end in draws(s) if yy == y)


@pytest.mark.parametrize("collected", (0, 13, 52))
def test_clubbed_own_line_keeps_count_and_keys_apart(collected):
    """Clubbed's own line: "You collected N" and the key hint at the right
    stay two characters apart whatever the count (a new player read
    "collected 13 A draw a card" as "13 A")."""
    from apptest import Session

    from app.clubbed.screen import _HINT_Y
    from app.kit import text

    s = Session(2)
    s.choose_game("Clubbed")
    s.press("A")
    scr = s.app.screen
    for hint in ("A draw a card  B menu", "Club start: any card", "A play  B menu"):
        scr.hint, scr.hint_alert = hint, False
        scr.game.collected = lambda seat: collected  # the count only matters here
        row = _row_strings(s, _HINT_Y)
        assert row[0][2] == "You collected %d" % collected, row
        assert row[1][0] - row[0][1] >= 2 * text.SMALL.w, row


def test_clubbed_events_draw_suits_in_their_colours():
    """The event lines draw ♦ and ♥ in the red suits' text colour (white,
    the small ♦ read as a bullet)."""
    from apptest import Session

    from app.kit import cardview

    s = Session(2)
    s.choose_game("Clubbed")
    s.press("A")
    scr = s.app.screen
    scr.msgs = ["West played 3\u2666", "West drew"]
    row = _row_strings(s, 48)  # the older event line, under the latest
    assert ("\u2666", cardview.suit_color(13, 2)) in [(t, c) for _, _, t, c in row], row


def test_clubs_hand_scores_headings_stand_apart():
    """The hand's score table: its column headings ("bid", "won", "tricks",
    "2s off suit", "pts") are more than a character apart ("tricks" and the
    next, 4 pixels apart, ran together), and in a player's words: the
    Negative Ones' column said "neg ones"."""
    from test_app_clubs import Session, decide

    from app.clubs import table as table
    from app.kit import text

    s = Session(5)
    s.press("A")
    scr = s.app.screen
    for _ in range(300):
        if scr.mode == table.SUMMARY:
            break
        decide(s)
    assert scr.mode == table.SUMMARY
    row = _row_strings(s, 20)
    assert [t for _, _, t, _ in row] == ["bid", "won", "tricks", "2s off suit", "pts"], row
    for (_, end, _, _), (x, _, _, _) in zip(row, row[1:], strict=False):
        assert x - end > text.SMALL.w, row


@pytest.mark.parametrize("size", ("240x135", "240x240"))
def test_title_shows_every_row_without_scrolling(size):
    """The title's menu shows every row, Guided hand included, with no ▲▼
    to scroll (a new player never saw Guided hand: it hid under a ▼). On
    240x240 a saved game's Continue fits too; on 240x135 it scrolls in."""
    st = FakeStorage()
    con = (_Tall if size == "240x240" else Console)(st, seed=4)
    con.choose_game(NAMES[0])
    for saved in (False, True) if size == "240x240" else (False,):
        if saved:
            con.press("A", "A", "A", "A")
            _to_title(con)
        title = con.app.screen
        assert (title.menu.items[0].startswith("Continue")) == saved
        for sel in (0, len(title.menu.items) - 1):
            title.menu.sel = sel
            shown = screen_text(con).split("\n")
            for item in title.menu.items:
                assert item in shown, (saved, sel, item)
            assert "\u25bc" not in shown and "\u25b2" not in shown, (saved, sel)
            assert "PICO CARDS" in shown and con.app.game_name() in shown
