"""The console's Rules screen shows each game's rules in a player's words:
"How to play", "Scoring" (with one worked example) and "Tips", written in
docs/rules/console/*.md and made into firmware/rulebook.txt by
tools/make/gen_rules_text.py, read a page at a time. No rule ID (those stay
in the rule book, docs/rules/*.md); every page within the screen on each
board size (128x64, 240x135, 240x240); at most eight pages a game at
240x135, none nearly empty but a part's last, none ending mid-sentence on
the 240-wide boards, no line on two pages; the header names the part and
the page within it ("Scoring 2 of 3"), and says how to leave (B) where
there is room. Statistics' text uses the same pager with its own bar."""

import importlib.util
import re
import sys

import apptest
import pytest
from test_layouts import sessions  # noqa: F401  (the fixture: every screen size)

from app import rules_screen
from app.kit import compact, text
from app.rules_screen import RulesScreen

ROOT = apptest.ROOT
GAMES = ("Clubbed", "Klaberjass", "Clubs")
PARTS = ["How to play", "Scoring", "Tips"]
RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")  # CB-4, KJ-11, PC-7 (RULES.md's IDs)
RULEBOOK = "%s/firmware/rulebook.txt" % ROOT
HEADER = re.compile(r"^(.+) (\d+) of (\d+)$")


def _tool(path):
    name = path.rsplit("/", 1)[-1][:-3]
    spec = importlib.util.spec_from_file_location(name, "%s/%s" % (ROOT, path))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def open_rules(s, game):
    s.choose_game(game)
    s.app.show_rules(s.app.screen)
    s.app.step()  # drawn before a player can press anything on it
    scr = s.app.screen
    assert isinstance(scr, RulesScreen) and scr.index is not None, scr
    return scr


def every_page(s, scr):
    """(header, shown lines, first line's index) of every page, turned by DOWN."""
    out = []
    for p in range(len(scr.starts)):
        assert scr.page == p
        out.append((scr.page_label(), list(scr.shown), scr.top))
        s.press("DOWN")
    return out


def room(app):
    """(columns of text, rows, first row's y, row pitch) of a Rules page."""
    if app.compact:
        return (app.width - 2) // 6, compact.rules_rows(app.height), compact.BAR + 2, compact.ROW
    return (app.width - 12) // 6, (app.height - 20) // 13, 19, 13


def console_texts():
    """(name, text) of each guide and of the rule file the console reads."""
    out = [("rulebook.txt", open(RULEBOOK, encoding="utf-8").read())]
    for game in GAMES:
        path = "%s/docs/rules/console/%s.md" % (ROOT, game.lower())
        out.append((path, open(path, encoding="utf-8").read()))
    return out


def test_no_rule_id_in_the_console_text():
    # The rule book's IDs (CB-1 ... PC-16) are for the docs and the code.
    for name, body in console_texts():
        assert not RULE_ID.findall(body), (name, RULE_ID.findall(body)[:5])


def _guide(game):
    path = "%s/docs/rules/console/%s.md" % (ROOT, game.lower())
    return " ".join(open(path, encoding="utf-8").read().split())


def test_words_a_new_player_stumbled_on_are_explained_or_gone():
    # A new player's notes: "equal sums" and "clubs straight back" read as
    # jargon, "They score 5" after "An Adam:" seemed to mean the Adam, and
    # the Klaberjass table's "out of play" was nowhere in the rules.
    clubs, clubbed, kj = _guide("Clubs"), _guide("Clubbed"), _guide("Klaberjass")
    assert "equal sums" not in clubs.lower() and "straight back" not in clubbed
    assert not re.search(r"Adam[^.]*\. They ", clubs)
    # The names the screens show are each said with what they mean.
    assert re.search(r"A Negative One is a 2 that is not a club, played when you cannot "
                     r"follow suit\. It scores its player 2", clubs)
    # "That side scores 5" did not say which side; "Clubs not broken" used
    # a word the rules never said; "0/-" at the table was not in them.
    assert re.search(r"you pull an Adam\. The other side scores 5", clubs)
    assert "1/3 means 1 trick won and 3 bid" in clubs and "2s off suit" in clubs
    # Clubbed: a club may be played with a match; how to draw is said.
    assert "A club may always be played" in clubbed and "press DOWN" in clubbed
    # Klaberjass' example adds up to less than 162 (18 of 32 cards played).
    assert "West 162" not in kj and "stock's bottom card" in kj
    assert re.search(r"\bare out of play\b", kj)


@pytest.mark.parametrize("game", GAMES)
def test_every_page_fits_every_board(sessions, game):  # noqa: F811
    # Each line within the screen's width, each page within its rows, the
    # header within the bar; no rule ID on any page (the fixture checks
    # that nothing is drawn outside the screen).
    s = apptest.Session(1)
    scr = open_rules(s, game)
    cols, rows, y0, pitch = room(s.app)
    assert y0 + rows * pitch <= s.app.height + 1
    bar_cols = (s.app.width - 4) // 6 if s.app.compact else (s.app.width - 8) // 6
    for head, shown, _ in every_page(s, scr):
        assert 0 < len(shown) <= rows, (game, head, len(shown))
        assert shown[0] and shown[-1], (game, head, shown)  # no blank first or last line
        for ln in shown:
            assert len(ln) <= cols, (game, head, ln)
            assert not RULE_ID.search(ln), (game, head, ln)
        title = head if s.app.compact else "%s  %s" % (game, head)
        assert len(title) <= bar_cols, (game, title)


@pytest.mark.parametrize("game", GAMES)
def test_at_most_eight_pages_a_game_at_240x135(game):
    s = apptest.Session(1)
    scr = open_rules(s, game)
    assert (s.app.width, s.app.height) == (240, 135)
    assert 4 <= len(scr.starts) <= 8, (game, len(scr.starts))


@pytest.mark.parametrize("game", GAMES)
def test_the_header_names_the_part_and_its_page(sessions, game):  # noqa: F811
    # "How to play 1 of 4", ... "Scoring 2 of 3" ...: the three parts in
    # order, each page numbered within its part, on the screen's header.
    s = apptest.Session(1)
    scr = open_rules(s, game)
    seen = []
    for head, _, _ in every_page(s, scr):
        m = HEADER.match(head)
        assert m, (game, head)
        seen.append((m.group(1), int(m.group(2)), int(m.group(3))))
    parts = [p for p, n, _ in seen if n == 1]
    assert parts == PARTS, (game, parts)
    for part in PARTS:
        nums = [(n, of) for p, n, of in seen if p == part]
        assert nums == [(i + 1, len(nums)) for i in range(len(nums))], (game, part, nums)
    # Drawn: the header on the bar at the top of the frame.
    s.press("B")
    scr = open_rules(s, game)
    drawn = [st for _, st, _, y, _, _ in apptest.draws(s) if y <= 2]
    assert scr.page_label() == "How to play 1 of %d" % seen[0][2]
    assert scr.page_label() in drawn, drawn
    if not s.app.compact:
        assert game in drawn, drawn


def test_the_screen_says_how_to_leave(sessions):  # noqa: F811
    # B is named on the 240-wide boards (with the keys that turn the pages,
    # at the foot); on the 128x64 board beside the header where it fits.
    s = apptest.Session(1)
    scr = open_rules(s, "Klaberjass")
    for _ in range(len(scr.starts)):
        drawn = [st for _, st, _, _, _, _ in apptest.draws(s)]
        said = any("B back" in st for st in drawn)
        if s.app.compact:
            fits = (len(scr.page_label()) + 7) * text.SMALL.w <= s.app.width - 3
            assert said == fits, (scr.page_label(), drawn)
        else:
            # DOWN's ▼ (for a page, or on a part's last page naming the
            # part it goes to), but on the last page UP's ▲; the part keys.
            down = "\u25b2" if scr.page + 1 == len(scr.starts) else "\u25bc"
            assert said and any(" part" in st and down in st for st in drawn), drawn
        s.press("DOWN")
    s.press("B")
    assert not isinstance(s.app.screen, RulesScreen)


@pytest.mark.parametrize("game", GAMES)
def test_pages_are_well_filled_and_never_repeat_a_line(sessions, game):  # noqa: F811
    # No page under 40% full but a part's last; each page starts after the
    # one before ends (no line twice).
    s = apptest.Session(1)
    scr = open_rules(s, game)
    pages = every_page(s, scr)
    for i, (head, shown, top) in enumerate(pages):
        m = HEADER.match(head)
        last_of_part = m.group(2) == m.group(3)
        if not last_of_part:
            used = sum(1 for ln in shown if ln)
            assert 5 * used >= 2 * scr.rows, (game, head, shown)
        if i:
            prev_head, prev, prev_top = pages[i - 1]
            assert top >= prev_top + len(prev), (game, head, shown[0], prev[-1])


@pytest.mark.parametrize("game", GAMES)
def test_pages_end_with_a_sentence(sessions, game):  # noqa: F811
    # Every page ends a sentence, on every board. (The pager would end a
    # page mid-sentence only for a sentence too long for it: on the 128x64
    # board, five lines of 21 characters. Shorten such a sentence.)
    s = apptest.Session(1)
    scr = open_rules(s, game)
    for head, shown, _ in every_page(s, scr):
        assert shown[-1][-1] in ".!?", (game, head, shown)


def test_left_right_jump_between_parts():
    s = apptest.Session(1)
    scr = open_rules(s, "Klaberjass")
    s.press("RIGHT")
    assert scr.page_label().startswith("Scoring 1 of ")
    s.press("DOWN", "RIGHT")
    assert scr.page_label() == "Tips 1 of 1"
    s.press("RIGHT")
    assert scr.page_label() == "Tips 1 of 1" and scr.page == len(scr.starts) - 1
    s.press("LEFT")
    assert scr.page_label().startswith("Scoring 1 of ")
    s.press("DOWN", "LEFT")  # from a part's second page: back to its first
    assert scr.page_label().startswith("Scoring 1 of ")
    s.press("LEFT", "LEFT")
    assert scr.page == 0 and scr.page_label().startswith("How to play 1 of ")
    s.press("UP")
    assert scr.page == 0
    s.press("A")
    assert not isinstance(s.app.screen, RulesScreen)


def _spoken(n):
    return "minus %d" % -n if n < 0 else "%d" % n


def test_the_worked_examples_are_what_the_code_scores():
    # Clubs (PC-13, PC-14): bid 3, take 3, 5 or 2; a nil; a side's score.
    # Klaberjass (KJ-13, KJ-14): the card points, the 162 of a deal, a maker
    # who makes it and one who fails. Clubbed (CB-5): the clubbing of the
    # rule book's worked example.
    sys.path.insert(0, "%s/firmware" % ROOT)
    from cardgames import cards, clubs, klaberjass

    book = open(RULEBOOK, encoding="utf-8").read()
    sections = dict(re.findall(r"^@(\w+)\n(.*?)(?=^@|\Z)", book, re.M | re.S))
    pc = " ".join(sections["clubs"].split())
    want = "you bid 3. Take 3: you score %s; take 5: %s; take 2: %s." % tuple(
        _spoken(clubs.seat_score(3, w, 0)) for w in (3, 5, 2))
    assert want in pc, want
    # PC-13, PC-14: a nil made (no trick, no bid), a bid of 0 after a trick,
    # and the partners' scores added up (PC-14).
    want = "a nil made, worth %s. Bid 0 after winning a trick: %s." % (
        _spoken(clubs.seat_score(clubs.NO_BID, 0, 0)), _spoken(clubs.seat_score(0, 1, 0)))
    assert want in pc, want
    assert "Partners add their scores." in pc

    kj = " ".join(sections["klaberjass"].split())
    t = 0  # trump clubs; points by rank are the same in every suit
    pts = [klaberjass.card_points(t * 13 + r, t) for r in (klaberjass.RJ, klaberjass.R9)]
    plain = [klaberjass.card_points(13 + r, t) for r in (klaberjass.RA, klaberjass.RT,
                                                           klaberjass.RK, klaberjass.RQ,
                                                           klaberjass.RJ)]
    want = ("Jack of trumps %d, nine of trumps %d. Ace %d, ten %d, king %d, queen %d, "
            "other jacks %d, the rest nothing. The last trick adds %d. All the cards and the "
            "last trick make %d. Only 18 cards are played, so a deal holds fewer."
            % tuple(pts + plain + [klaberjass.LAST_TRICK, sum(
                klaberjass.card_points(c, t) for c in cards.DECK32) + klaberjass.LAST_TRICK]))
    assert want in kj, want
    # You (seat 0) make trump; the last trick is yours.
    made = klaberjass.RoundSummary((1, 0, t, 60, 45, 0, 0, 0, 0, 0))
    failed = klaberjass.RoundSummary((1, 0, t, 45, 60, 0, 0, 0, 0, 0))
    assert not made.failed and failed.failed and failed.scored[0] == 0
    want = ("take %d points to West's %d. You score %d, West %d. With %d to West's %d you "
            "would score nothing, and West %d." % (
                made.totals[0], made.totals[1], made.scored[0], made.scored[1],
                failed.totals[0], failed.totals[1], failed.scored[1]))
    assert want in kj, want

    ex = _tool("tools/docs/rules_examples.py").clubbed_example()
    pile = re.search(r"bottom to top: (.+?) \((\d+) cards\)", " ".join(ex))
    club = re.search(r"plays the club (\S+?):", " ".join(ex)).group(1)
    cb = " ".join(sections["clubbed"].split())
    assert "the pile holds %s." % pile.group(1) in cb
    assert "plays the %s. You are clubbed" % club in cb
    words = "zero one two three four five six seven eight nine ten".split()
    n = int(pile.group(2))
    assert "collect the %s cards and the club. That is %s cards" % (words[n], words[n + 1]) in cb


def test_scoring_is_in_words_not_formulas():
    book = open(RULEBOOK, encoding="utf-8").read()
    for bad in ("=", ">", "<", " b ", " w ", "b - ", "w - b", " x ", "*", "`"):
        assert bad not in book, bad


def test_rules_file_is_made_from_the_guides(tmp_path, capsys):
    # The screen's text is the guides' (docs/rules/console/*.md), each
    # paragraph within the reader's bound; a guide with a rule ID or
    # without parts is refused with one line saying why.
    gen = _tool("tools/make/gen_rules_text.py")
    assert gen.main(["--check"]) == 0
    book = open(RULEBOOK, encoding="utf-8").read()
    assert max(len(ln.encode()) for ln in book.split("\n")) < rules_screen._MAX_LINE
    assert re.findall(r"^@(\w+)$", book, re.M) == ["clubbed", "klaberjass", "clubs"]
    assert [ln[2:] for ln in book.split("\n") if ln[:2] == "# "] == PARTS * 3
    for bad, why in (("## Scoring\n\nYou score your bid (PC-13).\n", "rule ID"),
                     ("Text first.\n\n## Scoring\n\nWords.\n", "before the first part"),
                     ("# Clubs\n\nNo parts.\n", "before the first part")):
        with pytest.raises(ValueError, match=why):
            gen.section("clubs", bad)
    monkey = tmp_path / "console"
    monkey.mkdir()
    for _, name in gen.BOOKS:
        (monkey / name).write_text("## How to play\n\nSee KJ-4.\n", encoding="utf-8")
    gen.GUIDES = str(monkey)
    assert gen.main(["--check"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "rule ID" in err, err


def test_a_heading_is_never_followed_by_a_blank_line():
    # The screen counts a part's first page from the line after its
    # heading (app.rules_screen reads the file as written).
    book = open(RULEBOOK, encoding="utf-8").read().split("\n")
    for i, ln in enumerate(book[:-1]):
        if ln[:2] == "# ":
            assert book[i + 1], (i, ln)


def test_missing_rule_file_is_a_message(monkeypatch):
    monkeypatch.setattr(rules_screen, "PATH", "/nonexistent/rulebook.txt")
    s = apptest.Session(1)
    s.app.show_rules(s.app.screen)
    s.app.step()  # drawn before a player can press anything on it
    scr = s.app.screen
    assert isinstance(scr, RulesScreen) and scr.index is None
    assert "cannot be read" in " ".join(scr.shown)
    s.press("DOWN", "B")


def test_the_screen_holds_no_rule_text():
    # Memory: the text stays in the file; the screen keeps an index (offsets
    # and one flag per wrapped line), the shown page's lines and its header.
    s = apptest.Session(1)
    scr = open_rules(s, "Klaberjass")
    held = sorted(v for v in vars(scr).values() if isinstance(v, str) and v)
    assert held == sorted([scr.title, scr.page_label()])
    assert sum(len(ln) for ln in scr.shown) <= scr.rows * 40
    assert isinstance(scr.lines, bytearray) and len(scr.index) < 400
    assert all(isinstance(v, int) for v in scr.index)


def bar_texts(s):
    """The title bar's texts, (x, end x, str) left to right: those drawn on
    the frame at the title's row."""
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


def test_statistics_never_repeat_a_line_and_keep_a_game_whole(sessions):  # noqa: F811
    # Statistics, a text: each page starts after the one before ends (the
    # last line was once shown again, "for context", read as a repeat);
    # a game's paragraph is not split when the page before can end after
    # the one before it.
    s = apptest.Session(1)
    back = s.app.screen
    paras = []
    for name in GAMES:
        paras += ["%s: played 12, won 5, lost 7, drawn 0 (41%% won). Streak 1, best 3." % name,
                  "Clean wins 4; helped (hint, take back or guided hand): played 2, won 1.", ""]
    scr = RulesScreen(s.app, "Statistics", paras + ["Games left unfinished are not counted."],
                      back)
    s.app.show(scr)
    s.settle()
    assert len(scr.starts) > 1 or len(scr.lines) <= scr.rows
    seen = []
    for p in range(len(scr.starts)):
        assert scr.page == p
        top = scr.top
        assert not seen or top >= seen[-1][0] + len(seen[-1][1]), (seen[-1], top, scr.shown)
        seen.append((top, list(scr.shown)))
        if p < len(scr.starts) - 1:
            next_top = scr.starts[p + 1]
            whole = [k for k in range(top + 1, next_top + 1) if not scr.lines[k - 1]]
            if scr.lines[next_top - 1] and whole and 5 * (whole[-1] - top) >= 2 * scr.rows:
                raise AssertionError("a paragraph split: %r" % scr.shown)
        s.press("DOWN")


@pytest.mark.parametrize("game", GAMES)
def test_statistics_open_on_the_page_of_the_game_picked(sessions, game):  # noqa: F811
    # A new player picked Clubs on the title and Statistics opened on
    # Clubbed's page: it opens on the page where the picked game's line is.
    s = apptest.Session(1)
    s.choose_game(game)
    title = s.app.screen
    while title.menu.items[title.menu.sel] != "Statistics":
        s.press("DOWN")
    s.press("A")
    scr = s.app.screen
    assert isinstance(scr, RulesScreen) and scr.index is None
    assert any(ln.startswith(game + ":") for ln in scr.shown), (game, scr.shown)


@pytest.mark.parametrize("game", ["Clubbed", "Klaberjass", "Clubs"])
@pytest.mark.parametrize("size", [(240, 135), (128, 64), (240, 240)])
def test_a_parts_last_page_says_which_part_down_goes_to(size, game):
    """DOWN ran from the last page of "How to play" into "Scoring" without
    a sign: a part's last page says which part comes next ("▼ Scoring
    next"), and no other page does, in every game on every board (on the
    128x64 screen a full last page had no room left for it)."""

    class Board(apptest.Session):
        SIZE = size
        MONO = size[1] < 100

    s = Board(1)
    s.choose_game(game)
    s.press("DOWN", "A")  # the title's Rules
    scr = s.app.screen
    assert isinstance(scr, RulesScreen)
    pages = []  # (part, sign shown) per page
    for _ in range(len(scr.starts)):
        shown = apptest.screen_text(s)
        part_name = scr.name.split(" of ")[0].rsplit(" ", 1)[0]
        pages.append((part_name, re.findall("\u25bc ([A-Z][a-z ]*) next", shown)))
        s.press("DOWN")
    assert len({p for p, _ in pages}) >= 3, pages
    for (part_name, sign), (after, _) in zip(pages, pages[1:] + [(None, [])], strict=True):
        want = [after] if after not in (None, part_name) else []
        assert sign == want, (game, part_name, sign, after)


@pytest.mark.parametrize("size", [(240, 135), (240, 240)])
def test_the_footer_names_only_the_keys_that_go_somewhere(size):
    """The last page of Tips said "▲▼ page" with no page after it: on every
    page of a game's rules each arrow the footer shows turns to another
    page, and each key that does is shown (but UP where "▼ Scoring next"
    takes the place of "▲▼ page")."""

    class Board(apptest.Session):
        SIZE = size
        MONO = False

    arrows = {"UP": "\u25b2", "DOWN": "\u25bc", "LEFT": "\u25c4", "RIGHT": "\u25ba"}
    s = Board(1)
    s.press("DOWN", "A")  # the title's Rules
    scr = s.app.screen
    assert isinstance(scr, RulesScreen)
    for page in range(len(scr.starts)):
        for key, arrow in arrows.items():
            scr.page = page
            scr.on_button(None)
            footer = scr.keys_label()
            assert footer in apptest.screen_text(s)
            # "▼ Tips next" names DOWN too; the part keys stand before "part".
            if key in ("LEFT", "RIGHT"):
                footer = footer.split("   ")[-2]
            sign = " next" in footer
            s.press(key)
            if arrow in footer or not (sign and key == "UP"):
                assert (arrow in footer) == (scr.page != page), (page, key, footer)
