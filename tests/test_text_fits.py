"""Every text the console can show fits every board (issue 32 item 14),
each drawn through the real screens on 240x135, 240x240 and 128x64 and
checked by tests/textcheck.py (cut with "…", a word split by wrapping,
ink off the screen, texts over each other):

- each game's event words (``describe``) and banners, built from every
  event kind its core defines (a new kind is caught), every seat and the
  widest values of its numbers;
- the title (every game's page, Continue, the "Replace save?" question),
  the pause menu of each game and its question, every Settings row at
  every value with its help line, Statistics at the largest counts;
- every storage notice and error-screen message, read from the code that
  gives them (a new one is caught), their holes filled at their widest;
- every page of each game's rules, with its header."""

import copy
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest  # noqa: E402
from depth import pick  # noqa: E402
from textcheck import TextCheck, draw_frame  # noqa: E402

from app import games  # noqa: E402
from cardgames import clubbed  # noqa: E402
from cardgames import klaberjass as kj  # noqa: E402

BOARDS = {"240x135": ((240, 135), False), "240x240": ((240, 240), False),
          "128x64": ((128, 64), True)}


def session(board, seed=4):
    size, mono = BOARDS[board]

    class S(apptest.Session):
        SIZE = size
        MONO = mono

    return S(seed)


def kinds(mod):
    return sorted(v for k, v in vars(mod).items() if k.startswith("EV_") and isinstance(v, int))


def cards_of_each_rank(g):
    # One card of each rank in the deck (names differ in width: 10), as
    # the core codes them: suit * 13 + rank.
    deck = set()
    for seat in range(2):
        deck.update(g.hand(seat))
    ranks = {}
    for c in sorted(deck):
        ranks.setdefault(c % 13, c)
    return sorted(ranks.values())


def in_game(board, name):
    s = session(board)
    s.choose_game(name)
    s.press("A")
    return s


# The largest b of an event kind (KJ-8: a sequence is 3 to 8 cards; 9
# tricks; else points: a round's 162 and more, a game's final score).
KJ_B = {kj.EV_SEQ: (3, 8), kj.EV_SEQ_TIE: (3, 8), kj.EV_TRICK: (0, 8)}


@pytest.mark.parametrize("board", BOARDS)
def test_klaberjass_events_and_banners_fit(board):
    s = in_game(board, "Klaberjass")
    scr = s.app.screen
    cards = cards_of_each_rank(scr.game)
    found = []
    for kind in kinds(kj):
        for seat in (0, 1):
            for a in cards + [0, 162, kj.ACCEPT, kj.PASS] + \
                    [kj.NAME_CLUBS + i for i in range(4)]:
                for b in cards if kind in (kj.EV_CUT, kj.EV_EXCHANGE) else \
                        KJ_B.get(kind, (0, 162, 999)):
                    ev = (kind, seat, a, b)
                    with TextCheck() as cuts:
                        try:
                            kj.describe(ev, 0, ("You", "West"))
                        except (IndexError, KeyError, ValueError, TypeError):
                            continue  # no event the core makes
                        scr.note = ""  # the event's words take the event line
                        scr._clear_trick()  # one event at a time: no trick of many cards
                        scr.banners = []
                        scr.pending = None
                        try:
                            scr._take_events([ev], s.clock.now)
                        except (IndexError, KeyError, ValueError, TypeError, AttributeError):
                            pass
                        scr.pending = None
                        try:
                            draw_frame(s.app, cuts)
                        except (IndexError, KeyError, ValueError, TypeError):
                            scr.banners = []  # a card no deck has: no event the core makes
                            continue
                    found.extend("%s after %r" % (c, ev) for c in cuts.found)
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


def _feed_clubbed(scr, ev, now):
    scr.banner = None
    scr.game.events = [ev]
    scr._after_apply(now)


# Per game: its core, how its screen takes one event, the seats, and the
# numbers an event carries at their widest (cards collected, a new hand).
OTHERS = {"Clubbed": (clubbed, _feed_clubbed, 2, (0, 1, 12, 52))}


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", OTHERS)
def test_clubbed_events_and_banners_fit(board, name):
    core, feed, seats, numbers = OTHERS[name]
    s = in_game(board, name)
    scr = s.app.screen
    deck = set()
    for seat in range(seats):
        deck.update(scr.game.hand(seat))
    # A ten (the widest rank's name) and an ace of each suit in the hands.
    cards = sorted(c for c in deck if c % 13 in (8, 12))
    found = []
    for kind in kinds(core):
        for seat in range(seats):
            for a in cards + list(numbers):
                for b in numbers:
                    ev = (kind, seat, a, b)
                    try:
                        core.describe(ev, 0, ("You",) + ("West", "North", "East")[:seats - 1])
                    except (IndexError, KeyError, ValueError, TypeError):
                        continue  # no event the core makes
                    with TextCheck() as cuts:
                        try:
                            feed(scr, ev, s.clock.now)
                            draw_frame(s.app, cuts)
                        except (IndexError, KeyError, ValueError, TypeError, AttributeError):
                            continue  # no event this position could have
                    found.extend("%s after %r" % (c, ev) for c in cuts.found)
    assert not found, board + ":\n" + "\n".join(sorted(set(found))[:30])


# --- Clubs: every event kind, every seat, the widest realistic numbers -------

def _clubs_values(kind):
    """(a values, b values) of a Clubs event kind at their widest (PC-6 a
    card's value in a trick, PC-10 bids and their total, PC-13/PC-14 hand
    scores, PC-15 a game's final score), cards as codes."""
    from cardgames import clubs

    tens_aces = [c for c in range(52) if c % 13 in (8, 12)]
    seats = (0, 1, 2, 3)
    return {
        clubs.EV_DEAL: ((1, 99), (0, 1, 2, 3)),
        clubs.EV_PASS_PICK: (tens_aces, (0, 1)),
        clubs.EV_PASS: (tens_aces, seats),
        clubs.EV_SHOW_PICK: (tens_aces, (0,)),
        clubs.EV_SHOWN: (tens_aces, (0,)),
        clubs.EV_PLAY: (tens_aces, (-1, 14)),
        clubs.EV_NEG_ONE: (tens_aces, (0,)),
        clubs.EV_BROKEN: (tens_aces, (0,)),
        clubs.EV_SUMS: ((-2, 28), (-2, 28)),
        clubs.EV_TRICK: ((1, 13), (clubs.WIN_SUM, clubs.WIN_HIGH)),
        clubs.EV_CHOOSE: (tens_aces[:2], tens_aces[2:4]),
        clubs.EV_CHOICE: (seats, (0,)),
        clubs.EV_ADAM: (tens_aces, (1, 2)),
        clubs.EV_TRUE_ADAM: (tens_aces, (2,)),
        clubs.EV_BID: ((0, 1, 13), (0, 52)),
        clubs.EV_SEAT_SCORE: ((-13, 30), (0, 1, 13)),
        clubs.EV_HAND_END: ((-99, 99), (-99, 99)),
        clubs.EV_GAME_OVER: ((-999, 999), (-999, 999)),
    }.get(kind)


@pytest.mark.parametrize("board", BOARDS)
def test_clubs_events_and_banners_fit(board):
    from app.clubs import screen as clubs_screen
    from cardgames import clubs

    s = in_game(board, "Clubs")
    scr = s.app.screen
    scr.history = [(1, 0, 0)]
    base = {k: copy.deepcopy(v) for k, v in vars(scr).items()
            if k not in ("app", "game", "ai", "south_ai", "on_over")}
    found = []
    shown = set()
    for kind in kinds(clubs):
        values = _clubs_values(kind)
        assert values is not None, "event kind %d: give its widest values here" % kind
        for seat in range(4):
            hands = (1, 99) if kind == clubs.EV_HAND_END else (seat,)
            for who in hands:
                for a in values[0]:
                    for b in values[1]:
                        ev = (kind, who, a, b)
                        # One event at a time on the table as dealt.
                        s.app.screen = scr
                        for k, v in base.items():
                            setattr(scr, k, copy.deepcopy(v))
                        scr.mode = clubs_screen.TABLE  # the play, not the passing
                        with TextCheck() as check:
                            try:
                                scr._event(ev, s.clock.now)
                                # Held in view, as while the computer plays:
                                # the status line shows the event's words.
                                scr.hold_until = s.clock.now + 60000
                                draw_frame(s.app, check)
                            except (IndexError, KeyError, ValueError, TypeError,
                                    AttributeError):
                                continue  # no event this position could have
                        shown.add(kind)
                        found.extend("%s after %r" % (f, ev) for f in check.found)
    assert not found, board + ":\n" + "\n".join(sorted(set(found))[:200])
    # Each kind was drawn, but those this opening position cannot take (a
    # trick's end needs four cards on the table, a hand's end its scores):
    # tests/test_app_clubs.py plays them through whole games.
    later = {clubs.EV_PASS, clubs.EV_SUMS, clubs.EV_TRICK, clubs.EV_HAND_END,
             clubs.EV_GAME_OVER}
    assert shown >= set(kinds(clubs)) - later, sorted(set(kinds(clubs)) - shown)


# --- the screens around the games ---------------------------------------------

def _walk(s, check, keys, tag, found, each=1):
    """Press ``keys`` one by one, checking the frame before each press."""
    for k in keys:
        draw_frame(s.app, check)
        found.extend("%s: %s" % (tag, f) for f in check.found)
        del check.found[:]
        s.press(k)


def open_pause(s):
    """The game's pause menu open (B puts away a banner first)."""
    for _ in range(5):
        if s.app.screen.pause is None:
            s.press("B")
    assert s.app.screen.pause is not None


def _saved_session(board):
    """A session with storage, each game saved (Continue on the title)."""
    from app.persist.storage import MemoryStorage

    size, mono = BOARDS[board]

    class S(apptest.Session):
        SIZE = size
        MONO = mono

    s = S(4, MemoryStorage())
    for e in games.GAMES:
        s.choose_game(e.name)
        menu = s.app.screen.menu
        to_new = (menu.items.index("New game") - menu.sel) % len(menu.items)
        s.press(*(["DOWN"] * to_new))
        s.press("A")
        if type(s.app.screen).__name__ == "TitleScreen":
            s.press("A")  # "Replace save?"
        open_pause(s)
        s.press("DOWN", "DOWN", "DOWN", "A")  # Quit to menu
        assert type(s.app.screen).__name__ == "TitleScreen"
    return s


@pytest.mark.parametrize("board", BOARDS)
def test_title_and_its_questions_fit(board):
    """Every game's page of the title, every row picked, with Continue and
    the "Replace save?" question."""
    s = _saved_session(board)
    found = []
    with TextCheck() as check:
        for e in games.GAMES:
            s.choose_game(e.name)
            s.press("B")
            n = len(s.app.screen.menu.items)
            _walk(s, check, ["DOWN"] * n, "title " + e.name, found)
            s.press(*["UP"] * n, "DOWN", "A")  # New game asks
            assert s.app.screen.asking
            _walk(s, check, ["B"], "title asking " + e.name, found)
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", [e.name for e in games.GAMES])
def test_pause_menu_fits(board, name):
    """The pause menu of each game, every row picked, and its question."""
    s = in_game(board, name)
    found = []
    with TextCheck() as check:
        open_pause(s)
        n = len(s.app.screen.pause.items)
        _walk(s, check, ["DOWN"] * n, "pause " + name, found)
        s.press(*["UP"] * n, "DOWN", "A")  # New game: "Abandon? A: yes"
        _walk(s, check, ["UP"], "pause asking " + name, found)
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


@pytest.mark.parametrize("board", BOARDS)
def test_settings_every_row_and_value_fit(board):
    """Every Settings row picked, at every value it takes (its help line
    under the rows changes with it)."""
    s = session(board)
    s.press("DOWN", "DOWN", "A")
    scr = s.app.screen
    assert type(scr).__name__ == "SettingsScreen"
    found = []
    with TextCheck() as check:
        for i in range(len(scr.rows)):
            seen = set()
            while scr.value(i) not in seen:
                seen.add(scr.value(i))
                _walk(s, check, ["RIGHT"], "settings row %r" % scr.rows[i][0], found)
            s.press("DOWN")
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


def _numbers_of(fmt):
    # A format's holes filled at their widest: numbers of nine digits (the
    # game numbers' range, app.persist.files.MAX_ID), words of a long
    # storage error.
    return fmt.replace("%d", "999999999").replace("%s", "[Errno 28] ENOSPC r999999999")


def _call_texts(module, is_call, arg):
    """The strings of argument ``arg`` of every call in ``module``'s source
    for which ``is_call(call node)``, holes filled at their widest: a new
    text is checked with no change here."""
    import ast

    tree = ast.parse(open(module.__file__.replace(".pyc", ".py")).read())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and is_call(node):
            parts = [n.value for n in ast.walk(node.args[arg])
                     if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            out.append(_numbers_of(" ".join(parts)))
    return out


def _notice_texts():
    """Every notice the storage code can give (app.persist.files appends
    them to ``app.notices``)."""
    import ast

    from app.persist import files

    def appends_notice(node):
        return isinstance(node.func, ast.Attribute) and node.func.attr == "append" and \
            "notices" in ast.unparse(node.func.value)

    return _call_texts(files, appends_notice, 0)


@pytest.mark.parametrize("board", BOARDS)
def test_boot_and_storage_notices_fit(board):
    """All the storage notices at once on the Storage screen, every page."""
    from app.rules_screen import show_notices

    notices = _notice_texts()
    assert len(notices) >= 8
    s = session(board)
    s.app.notices = list(notices)
    show_notices(s.app)
    s.settle()
    found = []
    with TextCheck() as check:
        _walk(s, check, ["DOWN"] * 40, "Storage", found)
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


@pytest.mark.parametrize("board", BOARDS)
def test_statistics_fit_with_the_largest_counts(board, monkeypatch):
    from app.persist import files

    big = [999999, 999998, 1, 0, 999998, 999998, 999999, 999998]
    monkeypatch.setattr(files, "read_stats", lambda app: {e.name: big for e in games.GAMES})
    s = session(board)
    s.press("DOWN", "DOWN", "DOWN", "A")
    assert s.app.screen.title == "Statistics"
    found = []
    with TextCheck() as check:
        _walk(s, check, ["DOWN"] * 12, "Statistics", found)
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", [e.name for e in games.GAMES])
def test_every_rules_page_and_header_fit(board, name):
    s = session(board)
    s.choose_game(name)
    s.press("B", "DOWN", "A")
    scr = s.app.screen
    found = []
    with TextCheck() as check:
        _walk(s, check, ["DOWN"] * len(scr.starts), "rules " + name, found)
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


def _error_texts():
    """The messages of the error screen (app.screen's ``_failed`` calls)."""
    from app import screen

    return _call_texts(screen, lambda node: getattr(node.func, "id", None) == "_failed", 1)


@pytest.mark.parametrize("board", BOARDS)
def test_error_screen_fits(board):
    from app.screen import ErrorScreen

    messages = _error_texts()
    assert len(messages) >= 3
    s = session(board)
    title = s.app.screen
    found = []
    with TextCheck() as check:
        for m in messages:
            for back in (None, title):
                s.app.show(ErrorScreen(s.app, m, back))
                s.settle()
                draw_frame(s.app, check)
                found.extend("error %r: %s" % (m, f) for f in check.found)
                del check.found[:]
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


@pytest.mark.parametrize("board", BOARDS)
def test_result_screens_fit_with_the_widest_scores(board):
    """The games' result screens, won and lost, before and after A asks,
    at their widest numbers: every card collected (52, all from the hand),
    Clubs' final scores of -999 and 999 after 99 hands, series of 999."""
    from app.clubbed.result import ResultScreen as ClubbedResult
    from app.clubs.summary import ResultScreen as ClubsResult

    s = session(board)
    hands = [(i, -99, 99) for i in range(1, 100)]
    found = []
    with TextCheck() as check:
        for won in (1, -1):
            for scr in (ClubsResult(s.app, (won, -won, won, -won), 0 if won > 0 else 1,
                                    (-999, 999), hands, (999, 999)),
                        ClubbedResult(s.app, (won, -won), (52, 52), (52, 52), (9999, 9999),
                                      999, ("You", "West"))):
                s.app.show(scr)
                s.settle()
                draw_frame(s.app, check)
                found.extend("%s: %s" % (type(scr).__module__, f) for f in check.found)
                del check.found[:]
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


@pytest.mark.parametrize("board", BOARDS)
def test_clubs_hand_summary_fits_every_wording(board):
    """The hand's scores (PC-13, PC-14) with each wording of the tricks
    against the bid at its widest ("12 over the bid", "12 under the bid",
    "made the bid", "nil made", "nil failed"), Negative Ones and Adams."""
    from app.clubs import table
    from cardgames import clubs

    s = in_game(board, "Clubs")
    scr = s.app.screen
    scr.history = [(99, -99, 99)]
    rows = [(1, 13), (13, 1), (3, 3), (clubs.NO_BID, 0), (0, 1)]
    # Two Adams at most a hand (the A♣ and the K♣), or one True Adam.
    adams = [(1, 1, 0, 0), (0, 0, 2, 0), (1, 0, 0, 1), (0, 2, 0, 0), (0, 1, 1, 0)]
    found = []
    with TextCheck() as check:
        for k in range(len(rows)):
            four = [rows[(k + i) % len(rows)] for i in range(4)]
            scr.summary = clubs.HandSummary([b for b, _ in four], [w for _, w in four],
                                            (3, 3, 3, 3), adams[k])
            scr.mode = table.SUMMARY
            draw_frame(s.app, check)
            found.extend("%r: %s" % (four, f) for f in check.found)
            del check.found[:]
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


def test_compact_look_keeps_the_indent_of_wrapped_lines():
    """At 128x64 the look's lines are wrapped (app.kit.compact.wrap_lines):
    an indented line ("What happened"'s events) keeps its indent on every
    wrapped line, one space more after the first, each within the width;
    its wrapped lines ran on at the screen's left edge."""
    from app.kit import compact, text

    lines = ["What happened", "  West played 7\u2663 and clubbed you: you collect the pile",
             ("h", "Discard pile"), b"\x01"]
    out = compact.wrap_lines(lines, 128)
    events = out[1:out.index(("h", "Discard pile"))]
    assert len(events) > 1, events
    assert events[0].startswith("  W"), events
    for ln in events[1:]:
        assert ln.startswith("   ") and ln[3] != " ", events
    assert " ".join(ln.strip() for ln in events) == lines[1].strip()
    for ln in out:
        if isinstance(ln, str):
            assert len(ln) * text.SMALL.w <= 128 - 8, ln


# A rule ID would come from the core's messages, the same words on every
# board: 240x135 and 128x64 (its compact wording) find one; 240x240, whose
# tall panel lists the same event texts, waits for make test-deep.
@pytest.mark.parametrize("board", pick(["240x135", "128x64"], list(BOARDS)))
@pytest.mark.parametrize("name", [e.name for e in games.GAMES])
def test_no_rule_id_on_any_frame_of_a_game(board, name):
    """No frame of a game shows a rule ID ("PC-2", "KJ-4": the core's
    messages cite them for programmers): every frame of 200 presses of a
    pattern that tries cards the rules forbid, bids, passes, looks (UP)
    and the pause menu (tests/textcheck.py finds a rule ID in any text
    drawn; the other tests here check their screens for it too)."""
    s = in_game(board, name)
    keys = ["A", "RIGHT", "A", "A", "LEFT", "A", "DOWN", "A", "UP", "LEFT", "B", "B", "RIGHT"]
    found = []
    with TextCheck() as check:
        for i in range(200):
            draw_frame(s.app, check)
            found.extend("press %d: %s" % (i, f) for f in check.found if f.startswith("a rule"))
            del check.found[:]
            s.press(keys[i % len(keys)])
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))


@pytest.mark.parametrize("board", BOARDS)
def test_title_battery_line_fits(board):
    """The battery's level on the title (a board that reads it: hw.battery),
    at its widest, and the low warning, with a saved game's Continue."""
    s = _saved_session(board)
    found = []
    drawn = set()
    with TextCheck() as check:
        for pct in (100, 10):
            s.app.battery = lambda pct=pct: pct
            draw_frame(s.app, check)
            drawn |= set(e[2] for log in check.log.values() for e in log if e[0] == "text")
            found += ["%d%%: %s" % (pct, f) for f in check.found]
    assert not found, board + ":\n" + "\n".join(sorted(set(found)))
    words = ("100%", "Low 10%") if BOARDS[board][1] else ("Battery 100%", "Low battery 10%")
    assert set(words) <= drawn
