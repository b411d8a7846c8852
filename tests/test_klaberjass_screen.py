"""The Klaberjass table as a new player reads it, at the three screen sizes
(240x135, 240x240, 128x64 1-bit): Continue says "Game resumed" on the table
during the bidding (KJ-4) until the next event, as Clubbed does; the top row
gives the number of West's cards beside their backs (at 128x64 where the row
has room), and its texts never run into each other."""

import apptest
import pytest
from apptest import screen_text, waits
from fakestore import FakeStorage

from app.kit import text
from app.klaberjass.screen import KlaberjassScreen
from cardgames import klaberjass as kj

SIZES = {"240x135": ((240, 135), False), "240x240": ((240, 240), False),
         "128x64": ((128, 64), True)}


def session(size, seed, storage):
    """An app at ``size`` (a SIZES key) on ``storage``, its title on Klaberjass."""
    dims, mono = SIZES[size]
    cls = type("S", (apptest.Session,), {"SIZE": dims, "MONO": mono})
    s = cls(seed, storage=storage)
    s.choose_game("Klaberjass", tries=10)
    return s


def lines(s):
    # The table's strings one by one: the tall panel's "Recent" list indents
    # its lines, so "Game resumed" alone is the table's.
    return screen_text(s).split("\n")


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("seed", (3, 4))
def test_continue_in_the_bidding_says_game_resumed_until_the_next_event(size, seed):
    st = FakeStorage()
    s = session(size, seed, st)
    s.press("A")  # New game
    scr = s.app.screen
    while waits(scr):  # the cut (KJ-2)
        s.press("A")
    assert scr.human_turn() and scr.game.phase == kj.BID1
    # Power off at the human's first bid; Continue.
    s = session(size, seed, st.reboot())
    s.press("A")
    scr = s.app.screen
    assert isinstance(scr, KlaberjassScreen) and scr.game.phase == kj.BID1
    assert "Game resumed" in lines(s)
    # The next event (the human's pass) gives the line back: to the deal
    # while the bidding goes on (the passes are listed on the table): the
    # turned card, and at 128x64 the dealer too (no mark on its top row).
    g = scr.game
    deal = kj.describe((kj.EV_DEAL, g.dealer, g.turned, 0), 0, ("You", "West"))
    if size != "128x64":
        deal = "Turned " + kj.symbol_name(g.turned)
    assert scr.event_line() == "Game resumed"
    assert scr.choices[scr.choice] == kj.PASS
    s.press("A")
    assert "Game resumed" not in lines(s)
    assert scr.event_line() == (deal if g.trump == kj.NO_SUIT else scr.msgs[-1])


def top_row(s):
    """The texts of the table's top row, (x, end x, str) left to right: those
    drawn on the frame and row of "West" (the tall layout draws the table
    into a view of its own)."""
    seen = []
    for fb, st, x, y, _, _ in apptest.draws(s):
        lead = (len(st) - len(st.lstrip())) * text.SMALL.w  # " 204": the ink's x
        seen.append((fb, y, x + lead, x + len(st) * text.SMALL.w, st.strip()))
    west = [e for e in seen if e[4] == "West"][0]
    return sorted(e[2:] for e in seen if e[0] is west[0] and e[1] == west[1])


def to_first_bid(size, seed):
    s = session(size, seed, None)
    s.press("A")  # New game
    scr = s.app.screen
    while waits(scr):  # the cut (KJ-2)
        s.press("A")
    assert scr.human_turn() and scr.game.phase in (kj.BID1, kj.BID2)
    return s, scr


@pytest.mark.parametrize("size", sorted(SIZES))
def test_top_row_gives_the_number_of_west_cards(size):
    s, scr = to_first_bid(size, 3)
    g = scr.game
    assert g.hand_size(1) == 6  # KJ-3
    assert "6" in [t for _, _, t in top_row(s)]
    # Accepted: three more cards each (KJ-6), the human leads.
    while scr.choices[scr.choice] != kj.ACCEPT:
        s.press("RIGHT")
    s.press("A")
    while not (scr.human_turn() and g.phase == kj.PLAY):
        s.press("A")  # past the banner, or Exchange (KJ-7)
    assert g.hand_size(1) == 9 and not scr.trick
    assert "9" in [t for _, _, t in top_row(s)]


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("seed", (3, 7))  # West deals; you deal
@pytest.mark.parametrize("scores", ((0, 0), (45, 160), (160, 45), (99, 99), (204, 208)))
def test_top_row_texts_never_touch(size, seed, scores):
    s, scr = to_first_bid(size, seed)
    g = scr.game
    g.scores[0], g.scores[1] = scores
    row = top_row(s)
    for (_, end, a), (x, _, b) in zip(row, row[1:], strict=False):
        assert x - end >= 3, (a, b, row)
    shown = [t for _, _, t in row]
    if size != "128x64" or scores == (0, 0):
        assert str(scr.n_opp) in shown, row
    if size != "128x64":  # who deals, whatever the scores
        assert ("(deals)" if g.dealer == 1 else "(you deal)") in shown, row


@pytest.mark.parametrize("n", range(1, 9))
def test_banner_key_line_is_never_under_its_cards(n):
    """A banner with a row of cards (a sequence of ``n``, the cut) draws its
    last line, "A/B: continue", clear of the cards: under a 4-card sequence
    it was hidden behind them."""
    from app.kit import cardview, text, theme
    from app.kit.display import FrameDisplay
    from app.klaberjass import summary

    theme.set_mono(False)
    d = FrameDisplay(240, 135)
    texts, cards = [], []
    draw, face = text.draw, cardview.face

    def spy_text(fb, st, x, y, *a, **k):
        texts.append((st, x, y, x + len(st) * text.SMALL.w, y + text.SMALL.h))
        return draw(fb, st, x, y, *a, **k)

    def spy_face(fb, c, x, y, *a, **k):
        cards.append((x, y, x + theme.CARD_W, y + theme.CARD_H))
        return face(fb, c, x, y, *a, **k)

    text.draw, cardview.face = spy_text, spy_face
    try:
        summary.draw_banner(d.fb, "Sequence", ["West: %d in a row to Q\u2665, 50" % n,
                                               "A/B: continue"], bytes(range(n)), 240)
    finally:
        text.draw, cardview.face = draw, face
    (_, x0, y0, x1, y1), = [t for t in texts if t[0] == "A/B: continue"]
    assert x1 <= 240 and y1 <= 135
    for cx0, cy0, cx1, cy1 in cards:
        assert x1 <= cx0 or cx1 <= x0 or y1 <= cy0 or cy1 <= y0, (n, cards)
    assert len(cards) == n and min(b[0] for b in cards) >= 0


def to_first_card(size, seed):
    """The human's first card of the round (West holds nine, KJ-6), after
    accepting the turned suit."""
    s, scr = to_first_bid(size, seed)
    while scr.choices[scr.choice] != kj.ACCEPT:
        s.press("RIGHT")
    s.press("A")
    while not (scr.human_turn() and scr.game.phase == kj.PLAY):
        s.press("A")  # past the banner, or Exchange (KJ-7)
    return s, scr


@pytest.mark.parametrize("size", ("240x135", "240x240"))
@pytest.mark.parametrize("when", ("bid 3", "bid 7", "play 3"))  # "(deals)" / "(you deal)"
@pytest.mark.parametrize("scores", ((0, 0), (204, 208), (999, 999), (1204, 1208),
                                    (9999, 9999)))
def test_dealer_mark_keeps_two_characters_from_the_scores(size, when, scores):
    """The dealer mark ends two characters (12 px, the gap between the two
    scores) before the scores, even at four-digit scores (equal scores of
    500 or more play on, KJ-15): with "(you deal)" and three-digit scores
    it was 4 px from them."""
    phase, seed = when.split()
    s, scr = (to_first_bid if phase == "bid" else to_first_card)(size, int(seed))
    g = scr.game
    g.scores[0], g.scores[1] = scores
    row = top_row(s)
    shown = [t for _, _, t in row]
    mark = "(deals)" if g.dealer == 1 else "(you deal)"
    assert mark in shown and str(scr.n_opp) in shown, row
    if phase == "play":
        assert scr.n_opp == 9 and mark == "(deals)"
    i = shown.index(mark)
    assert shown[i + 1].startswith("You %d " % scores[0]), row
    assert row[i + 1][0] - row[i][1] >= 2 * text.SMALL.w, row
    assert row[-1][1] <= 240 - 3 and "West %d" % scores[1] in row[-1][2], row
    for (_, end, a), (x, _, b) in zip(row, row[1:], strict=False):
        assert x - end >= 3, (a, b, row)


@pytest.mark.parametrize("size", ("240x135", "240x240"))
def test_nothing_shows_just_above_a_banner(size):
    """Between the table's upper half (the "stock" label ends at y 63) and a
    banner (from y 66) the felt is bare: the event row under the banner (y
    64) showed the top of its glyphs there, an i's dot or an apostrophe in a
    stray pixel over the box."""
    from app.kit import theme

    s = session(size, 3, None)
    s.press("A")  # New game
    scr = s.app.screen
    top = s.SIZE[1] - 135  # the table's view on the tall screen
    keys = ["A", "RIGHT", "A", "A", "LEFT", "A", "DOWN", "A"]  # tests/test_frames_golden.py's
    dotted = banners = 0
    for i in range(300):
        if scr.banners:
            banners += 1
            line = scr.event_line()
            dotted += any(ch in line for ch in "ij'")
            s.app.invalidate()
            s.app.step()
            fb = s.disp.fb
            for y in (64, 65):
                bad = [x for x in range(240) if fb.pixel(x, top + y) != theme.FELT]
                assert not bad, (scr.banners[0][0], line, y, bad)
        s.press(keys[i % len(keys)])
        if s.app.screen is not scr:
            break
    assert banners >= 3 and dotted >= 1, (banners, dotted)


def two_row_duty(scr, size):
    # The duty hint (KJ-11) takes two rows at 128x64: "No ♥, no trumps: any card".
    # (not a refused card's why, which a press on another card can give)
    return (scr.human_turn() and scr.game.phase == kj.PLAY and scr.game.trick()
            and not scr.hint_alert and len(text.wrap(scr.hint, 128 - 2)) == 2)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_continue_in_play_says_game_resumed_over_a_two_row_duty(size):
    """Continue at a card to follow whose duty hint takes two rows at 128x64
    (there it hid "Game resumed"): the note shows, under the duty cut to one
    row, until the first key; then the duty in full, the note gone from
    128x64 (the event after it gives the line back at every size)."""
    st = FakeStorage()
    s = session(size, 2, st)
    s.press("A")  # New game
    scr = s.app.screen
    keys = ["A", "RIGHT", "A", "A", "LEFT", "A", "DOWN", "A"]  # tests/test_frames_golden.py's
    for i in range(120):
        if two_row_duty(scr, size):
            break
        s.press(keys[i % len(keys)])
    assert two_row_duty(scr, size)
    s = session(size, 2, st.reboot())
    s.press("A")  # Continue
    scr = s.app.screen
    duty = scr.hint
    assert isinstance(scr, KlaberjassScreen) and two_row_duty(scr, size) and scr.note
    shown = lines(s)
    assert "Game resumed" in shown, shown
    if size == "128x64":
        assert text.fit(duty, 128 - 2) in shown, shown
    s.press("RIGHT")  # the cursor moves: the duty stays
    shown = lines(s)
    assert scr.hint == duty
    if size == "128x64":
        assert "Game resumed" not in shown, shown
        for part in text.wrap(duty, 128 - 2):  # both rows
            assert part in shown, shown
    else:
        assert "Game resumed" in shown, shown


@pytest.mark.parametrize("size", ("240x135", "240x240"))
@pytest.mark.parametrize("when", ("bid", "play"))
def test_turned_label_keeps_the_left_margin(size, when):
    """The label under the turned card (KJ-3), "turned up" while bidding,
    "out of play" in play (the stock's bottom card beside it too, KJ-6;
    "turned" and "unused" said nothing to a new player), starts where the
    top row's "West" does, 3 px in (centred under the card it started at
    x 0, touching the screen's left edge), and ends clear of what its row
    holds beside it (the event line)."""
    s, scr = to_first_bid(size, 3) if when == "bid" else to_first_card(size, 3)
    label = "turned up" if when == "bid" else "out of play"
    drawn = apptest.draws(s)
    (turned,) = [(x, y, end) for _, st, x, y, _, end in drawn if st == label]
    assert not [st for _, st, *_ in drawn if st in ("turned", "unused")]
    (west,) = [x for _, st, x, y, _, _ in drawn if st == "West" and y == 2]
    assert turned[0] == west == 3, (turned, west)
    beside = [x for _, st, x, y, _, _ in drawn if y == turned[1] and st and st != label]
    assert beside and min(beside) - turned[2] >= 6, (turned, beside)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_you_is_capital_only_where_a_text_starts(size):
    """A text that joins an event to what follows reads as one sentence:
    "Cut Q♣, A♣: you deal", "West 9♦, you 8♦: you won 11" (the recent
    events on the tall panel and UP's look said "…: You deal"); a text that
    starts with the player keeps "You" ("You deal; turned 10♥"). Every
    string drawn over whole rounds (the goldens' key pattern, UP's look
    among them) at both dealers. (128x64's bidding row lists who passed,
    "W You W pass": names, not a sentence.)"""
    seen = set()
    for seed in (3, 7):  # West deals; you deal
        s = session(size, seed, None)
        keys = ["A", "RIGHT", "A", "A", "LEFT", "A", "DOWN", "A", "UP", "LEFT"]
        s.press("A")  # New game
        for i in range(300):
            if not isinstance(s.app.screen, KlaberjassScreen):
                break
            for st in lines(s):
                seen.add(st)
            s.press(keys[i % len(keys)])
    bad = sorted(st for st in seen if ": You" in st or ", You" in st)
    assert not bad, bad
    if size == "240x240":  # the recent events on the tall panel
        assert any(st.strip().startswith("Cut ") and ": you deal" in st for st in seen), sorted(
            st for st in seen if "Cut" in st)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("seed", (3, 7))  # West deals; you deal
def test_bidding_names_the_dealer_once(size, seed):
    """While the bidding goes on (KJ-4) the table names the dealer once: at
    240 px the top row's mark ("(you deal)", "(deals)"), the event line the
    turned card alone ("Turned 10♥"; it said "You deal; turned 10♥" under
    "(you deal)"); at 128x64, whose top row marks only West ("dlr"), the
    event line keeps the dealer ("You deal; turned 10♥")."""
    s, scr = to_first_bid(size, seed)
    g = scr.game
    name = kj.symbol_name(g.turned)
    if size == "128x64":
        assert scr.event_line() == kj.describe((kj.EV_DEAL, g.dealer, g.turned, 0), 0,
                                               ("You", "West"))
        return
    assert scr.event_line() == "Turned " + name
    # The table's strings (the tall panel's recent events are a log).
    drawn = apptest.draws(s)
    west = [fb for fb, st, x, y, _, _ in drawn if st == "West" and y == 2][0]
    named = [st for fb, st, *_ in drawn if fb is west and "deal" in st]
    assert named == ["(you deal)" if g.dealer == 0 else "(deals)"], named
    assert "Turned " + name in [st for fb, st, *_ in drawn if fb is west]


@pytest.mark.parametrize("size", ("240x135", "240x240"))
@pytest.mark.parametrize("seed", (3, 7))  # West deals; you deal
def test_the_cut_names_the_dealer_once(size, seed):
    """The cut's banner (KJ-2) says who deals ("You deal", "West deals"),
    and the table beside it does not say it again: it said "You deal" three
    times (the banner, the top row's "(you deal)", the column's "You
    deal")."""
    s = session(size, seed, None)
    s.press("A")  # New game
    scr = s.app.screen
    assert scr.banners and " is lower than " in scr.banners[0][1][0]
    title = scr.banners[0][0]
    drawn = apptest.draws(s)
    west = [fb for fb, st, x, y, _, _ in drawn if st == "West" and y == 2][0]
    said = [st for fb, st, *_ in drawn if fb is west and "deal" in st.lower()]
    assert said == [title], said
    # Who deals, and why, in words: the dealer's cut card is the lower ("low
    # card deals" asked the player for the order of the cards).
    dealer = "Your " if title == "You deal" else "West's "
    assert scr.banners[0][1][0].startswith(dealer), scr.banners[0][1][0]
    assert "low card" not in scr.banners[0][1][0]
    # Its two cards stand in the sentence's order: the dealer's, then the other.
    low, high = scr.banners[0][2]
    words = scr.banners[0][1][0].split()
    assert (words[1], words[-1]) == (kj.symbol_name(low), kj.symbol_name(high)), words


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_deal_summary_says_who_deals_next(size):
    """At the end of a deal (KJ-14) the summary says who deals the next one
    (KJ-2: the deal's winner), which a new player never learnt: "A: West
    deals" on its title row at 240 px (and on the tall panel above),
    "Deal 2" with the dealer's words on the next deal at 128x64."""
    s = session(size, 4, None)
    s.press("A")  # New game
    scr = s.app.screen
    for _ in range(400):
        if scr.summary is not None:
            break
        s.press("A")
    sv = scr.summary
    assert sv is not None and not sv.over
    rs = sv.rs
    winner = 0 if rs.scored[0] > rs.scored[1] else 1
    assert sv.dealer == scr.game.dealer == winner  # the core dealt the next deal
    assert sv.title.startswith("Deal 1: trump ")
    said = lines(s)
    want = "A: you deal" if winner == 0 else "A: West deals"
    if size == "128x64":
        assert not [st for st in said if "Round" in st or st.startswith("R1 ")], said
    else:
        assert want in said, said
    if size == "240x240":
        assert ("You deal the next one" if winner == 0 else "West deals the next one") in said
    s.press("A")
    while waits(scr):
        s.press("A")
    if size == "128x64":
        assert scr.event_line().startswith("You deal" if winner == 0 else "West deals")


@pytest.mark.parametrize("size", ("240x135", "240x240"))
def test_raised_hand_keeps_clear_of_the_hint_line(size):
    """The cursor's raised card, framed in gold, keeps two blank rows
    between its frame and the ink of the hint line above the hand ("Your
    lead: any card"), wherever the line's text reaches (raised 10 px from
    y 99 the frame ran along the row under the capitals and through the
    descenders, underlining the line), and the hand stays on the table;
    over whole rounds' plays at both dealers. (128x64 draws no such hand.)"""
    w, h = SIZES[size][0]

    def gap(s):
        # Blank rows from the hint line (_HINT_Y 76) to the hand, and the
        # hand's lowest row.
        return apptest.line_to_hand_gap(s, w, h, KlaberjassScreen, lambda x, y: y == 76)

    gaps = []
    keys = ["A", "RIGHT", "A", "A", "LEFT", "A", "DOWN", "A", "UP", "LEFT"]
    for seed in (3, 7):  # West deals; you deal
        s = session(size, seed, None)
        s.press("A")  # New game
        for i in range(300):
            scr = s.app.screen
            if not isinstance(scr, KlaberjassScreen):
                break
            if (scr.legal and scr.hint and not scr._waiting() and not scr.looking
                    and not scr.banners and scr.pause is None):
                g, bottom = gap(s)
                assert bottom < h, bottom
                if g is not None:
                    gaps.append(g)
            s.press(keys[i % len(keys)])
    assert len(gaps) > 10 and min(gaps) >= 2, sorted(gaps)[:5]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_west_passing_and_exchanging_wait_for_a(size):
    """KJ-4, KJ-6: West's pass before your bid (in either round) and West's
    exchange of the trump seven are told by banners that stay until A: they
    went by unseen (no banner, or a timed one)."""
    titles = set()
    # Seed 0's West passes and seed 37's West exchanges; the other seeds
    # in case a change to the deal moves them.
    for seed in [0, 37] + list(range(120)):
        if len(titles) == 2:
            break
        s = session(size, seed, None)
        s.press("A")
        scr = s.app.screen
        for _ in range(60):
            g = scr.game
            if g.phase == kj.PLAY and g.n_played > 2:
                break
            if scr.banners:
                title = scr.banners[0][0]
                if title in ("West passes", "Exchange") and "West" in " ".join(scr.banners[0][1]):
                    assert waits(scr), title
                    s.clock.now += 30_000
                    s.settle()
                    assert scr.banners and scr.banners[0][0] == title  # still there
                    titles.add(title)
            s.press("A")  # past a banner, or your bid or card: the first choice
    assert titles == {"West passes", "Exchange"}
