"""The console's Rules screen shows each game's whole rule book (every rule
ID of docs/rules/*.md: CB-1..CB-12, KJ-1..KJ-17, PC-1..PC-16), paged, every
page within the screen on each board size (128x64, 240x135, 240x240), in
words rather than formulas, read a page at a time from firmware/rulebook.txt
(written by tools/make/gen_rules_text.py from the rule book); its title bar
names LEFT/RIGHT beside the page number (Statistics' too, or "B back" on a
single page)."""

import importlib.util
import re

import apptest
import pytest
from test_layouts import sessions  # noqa: F401  (the fixture: every screen size)
from test_rules_docs import BOOKS, defined

from app import rules_screen
from app.kit import compact
from app.rules_screen import RulesScreen

ROOT = apptest.ROOT
GAMES = {"Clubbed": "CB", "Klaberjass": "KJ", "Clubs": "PC"}
ID = re.compile(r"\b(CB|KJ|PC)-(\d+)\b")


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, "%s/tools/make/%s.py" % (ROOT, name))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def open_rules(s, game):
    s.choose_game(game)
    s.app.show_rules(s.app.screen)
    scr = s.app.screen
    assert isinstance(scr, RulesScreen) and scr.index is not None, scr
    return scr


def every_page(s, scr):
    """(page, shown lines, headings) of every page, turned by DOWN."""
    out = []
    for p in range(len(scr.starts)):
        assert scr.page == p
        out.append((p, list(scr.shown), heads(scr)))
        s.press("DOWN")
    return out


def heads(scr):
    """For each shown line, whether it is a heading."""
    return [scr.lines[scr.top + i] == 2 for i in range(len(scr.shown))]


def book_text(s, scr):
    """Every line of the book once (a page repeats the last line of the one
    before), as the pages show them, joined by spaces."""
    lines = {}
    for _ in range(len(scr.starts)):
        for i, ln in enumerate(scr.shown):
            lines[scr.top + i] = ln
        s.press("DOWN")
    return " ".join(lines[i] for i in sorted(lines))


def room(app):
    """(columns of text, rows, first row's y, row pitch) of a Rules page."""
    if app.compact:
        return (app.width - 2) // 6, compact.rules_rows(app.height), compact.BAR + 2, compact.ROW
    return (app.width - 12) // 6, (app.height - 20) // 13, 19, 13


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_page_fits_and_the_book_is_whole(sessions, game):  # noqa: F811
    # CB-*, KJ-*, PC-*: each rule of the game's book is on some page, and no
    # line is cut at the right or below the screen.
    s = apptest.Session(1)
    scr = open_rules(s, game)
    cols, rows, y0, pitch = room(s.app)
    assert y0 + rows * pitch <= s.app.height + 1
    for p, shown, _ in every_page(s, scr):
        assert 0 < len(shown) <= rows, (game, p, len(shown))
        for ln in shown:
            assert len(ln) <= cols, (game, p, ln)
        assert shown[0], (game, p)  # never a blank first line
    assert scr.page == len(scr.starts) - 1 and len(scr.starts) > 3
    s.press("B")
    joined = book_text(s, open_rules(s, game))
    want = {n for _, n in defined(GAMES[game])}
    got = {int(n) for p, n in ID.findall(joined) if p == GAMES[game]}
    assert want - got == set(), (game, sorted(want - got))
    # The screen shows the book's words, re-wrapped: its first rule in full.
    first = open("%s/firmware/rulebook.txt" % ROOT, encoding="utf-8").read()
    rule = re.search(r"^%s-1 .*$" % GAMES[game], first, re.M).group(0)
    assert " ".join(rule.split()) in " ".join(joined.split())


def test_left_right_jump_between_parts_of_the_book():
    s = apptest.Session(1)
    scr = open_rules(s, "Klaberjass")
    s.press("RIGHT")
    jumped = scr.page
    assert jumped > 0 and any(heads(scr)), (jumped, scr.shown)
    s.press("RIGHT")
    assert scr.page > jumped and any(heads(scr))
    s.press("LEFT", "LEFT")
    assert scr.page < jumped
    for _ in range(60):
        s.press("RIGHT")
    assert scr.page == len(scr.starts) - 1
    s.press("B")
    assert not isinstance(s.app.screen, RulesScreen)


def test_klaberjass_says_how_sequences_compare():
    # KJ-8 (issue 13, item 2): length, then top card, then trump; a full tie
    # scores nothing.
    s = apptest.Session(1)
    scr = open_rules(s, "Klaberjass")
    text = book_text(s, scr)
    kj8 = text[text.index("KJ-8 "):text.index("KJ-9 ")]
    for words in ("longer sequence wins", "top card is higher", "trumps beats",
                  "neither player scores", "20 points for three cards", "50 for four"):
        assert words in kj8, words


def test_scoring_is_in_words_not_formulas():
    # PC-13, KJ-14: no algebra on the screen.
    book = open("%s/firmware/rulebook.txt" % ROOT, encoding="utf-8").read()
    for bad in ("=", ">", "<", " b ", " w ", "b - ", "w - b", " x "):
        assert bad not in book, bad
    assert "Every trick over the bid costs you one point" in " ".join(book.split())


def test_rules_file_is_made_from_the_book():
    # The screen's text is the rule book's (docs/rules/*.md), every rule ID
    # included, each paragraph within the reader's bound.
    gen = _tool("gen_rules_text")
    assert gen.main(["--check"]) == 0
    book = open("%s/firmware/rulebook.txt" % ROOT, encoding="utf-8").read()
    for prefix in BOOKS:
        for _, n in defined(prefix):
            assert re.search(r"^%s-%d " % (prefix, n), book, re.M), (prefix, n)
    assert max(len(ln.encode()) for ln in book.split("\n")) < rules_screen._MAX_LINE


def test_missing_rule_file_is_a_message(monkeypatch):
    monkeypatch.setattr(rules_screen, "PATH", "/nonexistent/rulebook.txt")
    s = apptest.Session(1)
    s.app.show_rules(s.app.screen)
    scr = s.app.screen
    assert isinstance(scr, RulesScreen) and scr.index is None
    assert "cannot be read" in " ".join(scr.shown)
    s.press("DOWN", "B")


def test_the_screen_holds_no_rule_text():
    # Memory: the rules stay in the file; the screen keeps an index (offsets
    # and one flag per wrapped line) and the shown page's lines only.
    s = apptest.Session(1)
    scr = open_rules(s, "Klaberjass")
    held = [v for v in vars(scr).values() if isinstance(v, str)]
    assert held == [scr.title]
    assert sum(len(ln) for ln in scr.shown) <= scr.rows * 40
    assert isinstance(scr.lines, bytearray) and len(scr.index) < 400
    assert all(isinstance(v, int) for v in scr.index)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_heading_starts_its_page_and_left_right_land_on_it(sessions, game):  # noqa: F811
    # Before: Clubbed's page 6/17 (240x135) ended with the heading
    # "Clubbing", and RIGHT went 3 -> 6 (that heading last) -> 7 (the same part).
    s = apptest.Session(1)
    scr = open_rules(s, game)
    parts = []
    for p, shown, hd in every_page(s, scr):
        filled = [i for i, ln in enumerate(shown) if ln]
        assert not hd[filled[-1]], (game, p, shown)  # no heading stranded at the bottom
        # A heading (one or two lines) is at a page's top.
        assert hd == sorted(hd, reverse=True), (game, p, shown)
        if hd[0]:
            parts.append(p)
    flags = scr.lines
    assert len(parts) == sum(1 for i, f in enumerate(flags) if f == 2 and flags[i - 1] != 2) > 2
    s.press("B")
    scr = open_rules(s, game)
    want = [p for p in parts if p > 0]
    for p in want:  # RIGHT: each part's heading page in turn, none skipped
        s.press("RIGHT")
        assert scr.page == p and heads(scr)[0], (game, p, scr.page)
    for p in reversed(parts[:-1]):  # LEFT: back the same way
        s.press("LEFT")
        assert scr.page == p and heads(scr)[0], (game, p, scr.page)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_page_only_repeats_the_last_line(sessions, game):  # noqa: F811
    # Before: Clubbed's page 12/20 (240x135) held only "cards), and may not
    # draw.", the last line of page 11, and a paragraph's end.
    s = apptest.Session(1)
    scr = open_rules(s, game)
    seen = set()
    for p in range(len(scr.starts)):
        shown = list(scr.shown)
        new = [i for i, ln in enumerate(shown) if ln and scr.top + i not in seen]
        assert new, (game, p, shown)
        seen.update(scr.top + i for i in range(len(shown)))
        s.press("DOWN")


def bar_texts(s):
    """The title bar's texts, (x, end x, str) left to right: those drawn on
    the frame at the title's row."""
    from app.kit import text

    seen = [(y, x, x + len(st) * text.SMALL.w, st) for _, st, x, y, _, _ in apptest.draws(s)]
    y = seen[0][0]  # the title is drawn first
    return sorted(e[1:] for e in seen if e[0] == y)


def assert_bar_reads(scr, bar, title):
    """The bar holds the whole ``title`` and, a space apart, LEFT/RIGHT
    (◄ ►, apart: side by side they read as one blob) with the page number."""
    assert [t for _, _, t in bar][0] == title, bar  # not cut short
    keys = bar[-1][2]
    assert "\u25c4 \u25ba" in keys and keys.endswith(scr.page_label()), bar
    assert bar[-1][0] - bar[0][1] >= 6, bar


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_title_bar_names_left_right(sessions, game):  # noqa: F811
    # The pager's bar says that LEFT/RIGHT turn it (a rule book's parts),
    # beside the page number, on its every page with the title whole.
    s = apptest.Session(1)
    scr = open_rules(s, game)
    title = game if s.app.compact else "Rules: " + game
    for _ in range(len(scr.starts)):
        bar = bar_texts(s)
        assert_bar_reads(scr, bar, title)
        if not s.app.compact:
            assert "\u25c4 \u25ba part" in bar[-1][2] and "\u25b2\u25bc" in bar[-1][2], bar
        s.press("DOWN")


def test_statistics_bar_names_left_right_on_more_pages_else_b_back(sessions):  # noqa: F811
    # Statistics, a text: LEFT/RIGHT turn its pages as UP/DOWN do; on a
    # single page the bar names the key that leaves it.
    s = apptest.Session(1)
    back = s.app.screen
    para = "Klaberjass: played 12, won 5, lost 7, drawn 0 (41% won). Streak 1, best 3."
    scr = RulesScreen(s.app, "Statistics", [para, ""] * 6, back)
    s.app.show(scr)
    s.settle()
    assert len(scr.starts) > 1
    assert_bar_reads(scr, bar_texts(s), "Statistics")
    s.press("RIGHT")
    assert scr.page == 1
    assert_bar_reads(scr, bar_texts(s), "Statistics")
    s.press("LEFT")
    assert scr.page == 0
    one = RulesScreen(s.app, "Statistics", ["Clubbed: no game finished yet."], back)
    s.app.show(one)
    s.settle()
    assert [t for _, _, t in bar_texts(s)] == ["Statistics", "B back"]
