"""What West does in Clubbed is never missed: a club of West's that makes
you collect the pile (CB-5, CB-6) is told by a banner that waits for A, and
the look (UP) lists what happened lately, under the pile and collections
(CB-11: all public)."""

import pytest
from apptest import Session, drawn_with, draws, screen_text

from app.clubbed.screen import ClubbedScreen
from app.kit import buttons


class Tall(Session):
    SIZE = (240, 240)


class Compact(Session):
    SIZE = (128, 64)
    MONO = True


def _until_west_clubs_you(s):
    """Play by keys (the first legal choice) until West's club gives you
    the pile; the screen then."""
    s.press("A")
    scr = s.app.screen
    assert isinstance(scr, ClubbedScreen)
    for _ in range(400):
        if scr.banner and scr.banner_until is None and scr.banner[1].startswith("You"):
            return scr
        if scr.human_turn():
            legal = [i for i, a in enumerate(scr.slots) if a in scr.legal]
            # Your own clubs last: West's clubs are what is looked for.
            plain = [i for i in legal if scr.slots[i] >= 13] or legal
            while scr.cursor != plain[0]:
                s.press("RIGHT")
        s.press("A")
    raise AssertionError("West never clubbed you")


@pytest.mark.parametrize("cls", (Session, Tall, Compact))
def test_west_clubbing_you_waits_for_a(cls):
    s = cls(11)
    scr = _until_west_clubs_you(s)
    assert scr.deadline() is None  # nothing goes on by itself
    assert not scr.human_turn()  # only A (or B) does something now
    s.clock.now += 60_000
    s.settle()
    assert scr.banner is not None
    shown = screen_text(s)
    assert "CLUBBED!" in shown and "A/B: continue" in shown
    s.press("A")
    assert scr.banner is None


@pytest.mark.parametrize("cls", (Session, Compact))
def test_the_look_says_what_happened_latest_first(cls):
    s = cls(11)
    scr = _until_west_clubs_you(s)
    s.press("A")
    while not scr.human_turn():
        s.press("A")
    s.press("UP")
    assert scr.looking
    lines = [ln[1] if isinstance(ln, tuple) else ln for ln in scr.look_lines]
    at = lines.index("What happened")
    # Latest first (wrapped to the width on the small screen).
    assert at == 0  # the first thing UP shows
    # The pile's heading (wrapped on the small screen) ends the list.
    end = [str(ln).startswith("Discard pile") for ln in lines].index(True)
    recent = "".join(lines[at + 1 : end]).replace(" ", "")
    assert recent == "".join(scr.msgs[::-1]).replace(" ", "")
    assert "clubbed" in recent.lower() or "collect" in recent.lower(), recent


def _faces(s):
    """The cards ``cardview.face`` draws in the app's current frame."""
    from app.kit import cardview

    def redraw():
        s.app.invalidate()
        s.app.step()

    return drawn_with(cardview, "face", redraw)


@pytest.mark.parametrize("cls", (Session, Tall, Compact))
def test_cb5_the_banner_says_who_clubbed_with_which_club(cls):
    # CB-5: the pile went into your collection, the club with it; the
    # banner names West and the club, and the 240-pixel table shows the club
    # on the pile while the banner waits, with no "pile 0" under it.
    from cardgames import clubbed

    s = cls(11)
    _until_west_clubs_you(s)
    club = s.app.actions[-1]  # West's club
    assert club < 13
    shown = screen_text(s)
    assert "West clubs with %s" % clubbed.symbol_name(club) in shown
    assert "You collect" in shown
    if cls is not Compact:
        assert club in _faces(s)
        assert "pile 0" not in shown  # no count under the club drawn on the pile


def _until_you_club_west(s):
    """Play by keys, your clubs first, until your club gives West the
    pile; the screen then, its banner up."""
    s.press("A")
    scr = s.app.screen
    for _ in range(400):
        if scr.banner and scr.banner[2].startswith("You club"):
            break
        if scr.banner:
            s.press("A")
            continue
        legal = [i for i, a in enumerate(scr.slots) if a in scr.legal]
        clubs = [i for i in legal if scr.slots[i] < 13] or legal
        while scr.cursor != clubs[0]:
            s.press("RIGHT")
        s.btn.push(buttons.A)
        for _ in range(50):  # up to the frame with the banner, not past it
            s.app.step()
            if scr.banner or s.app.idle():
                break
            dl = s.app.next_deadline()
            if dl is not None and dl > s.clock.now:
                s.clock.now = dl
        if not scr.banner:
            s.settle()
    else:
        raise AssertionError("you never clubbed West")
    return scr


def test_cb5_your_club_is_not_told_as_wests_turn():
    # CB-5: while the banner of your club is up, the status names your
    # club, not "West is playing…".
    s = Session(11)
    _until_you_club_west(s)
    shown = screen_text(s)
    assert "You club with" in shown and "West collects" in shown
    assert "playing" not in shown


@pytest.mark.parametrize("cls", (Session, Tall, Compact))
def test_cb5_your_club_waits_for_a_as_wests(cls):
    """Your club on West is told as West's on you: a banner until A (a
    timed one went by under the flying card, or the next tap closed it)."""
    s = cls(11)
    scr = _until_you_club_west(s)
    assert scr.banner_until is None and not scr.human_turn()
    s.clock.now += 60_000
    s.settle()
    shown = screen_text(s)
    assert "CLUBBED!" in shown and "A/B: continue" in shown
    s.press("A")
    assert scr.banner is None


@pytest.mark.parametrize("who", ("you", "west"))
def test_cb5_your_collected_count_shows_beside_the_banner(who):
    """The banner of a club (240x135) leaves "You collected N" readable
    below the pile: its number lay under the banner's left edge."""
    from app.kit import theme

    s = Session(11)
    scr = _until_you_club_west(s) if who == "west" else _until_west_clubs_you(s)
    assert scr.banner is not None
    s.app.invalidate()
    s.app.step()
    label = "You collected %d" % scr.game.collected(0)
    got = [(x, y, c) for _, st, x, y, c, _ in draws(s) if st == label]
    assert got, "no collected count drawn"
    x, y, col = got[0]
    x0 = x + (len(label) - len(str(scr.game.collected(0)))) * 6  # the number's cells
    fb = s.disp.fb
    ink = [(px, py) for px in range(x0, x + len(label) * 6) for py in range(y, y + 12)
           if fb.pixel(px, py) == col]
    assert ink, "the number is covered"
    assert col != theme.PANEL


def test_a_banner_names_both_keys_that_close_it():
    """A banner that waits closes on A or B, and says both ("A: continue"
    left B out; Klaberjass's banners say the same)."""
    s = Session(11)
    scr = _until_west_clubs_you(s)
    assert "A/B: continue" in screen_text(s)
    s.press("B")
    assert scr.banner is None and scr.pause is None


def test_a_quick_second_tap_leaves_the_banner_up():
    """The A that played your club, pressed twice in quick succession,
    closed the banner before it could be read: for a moment after it goes
    up, A and B leave it alone; then A closes it."""
    s = Session(11)
    scr = _until_you_club_west(s)
    s.btn.push(buttons.A)
    s.app.step()
    assert scr.banner is not None
    hold = scr.deadline()
    assert hold is not None and hold > s.clock.now
    s.clock.now = hold
    s.settle()
    assert scr.banner is not None and scr.deadline() is None
    s.press("A")
    assert scr.banner is None


def test_the_hold_counts_from_the_banner_not_from_before_west_thought(monkeypatch):
    """West's search (most of a second at Hard on the console, seconds at
    Expert) and the save run between the step's tick and West's banner: a
    hold counted from that tick was over before the banner was seen, so a
    quick tap after it still closed it. The hold counts from the banner."""
    import app.screen as shared

    s = Session(11)
    choose = shared.computer_choice

    def slow(screen, player, seat):
        action = choose(screen, player, seat)
        s.clock.now += 900  # a Hard search on the console
        return action

    monkeypatch.setattr(shared, "computer_choice", slow)
    after = ClubbedScreen._after_apply
    holds = []

    def noted(scr, now):
        after(scr, now)
        if scr.banner and scr.banner_until is None and scr.mover != 0:
            holds.append(scr.hold_until - s.clock.now)

    monkeypatch.setattr(ClubbedScreen, "_after_apply", noted)
    _until_west_clubs_you(s)
    assert holds and min(holds) >= 700, holds


def test_your_club_that_ends_the_game_leaves_the_table_a_moment():
    """Your club that ends the game waits for A like any, and the table
    ("Game over") shows a moment after it, as after a timed banner: the
    moment was counted from the club, so once the banner had been read a
    while the result came with the same A."""
    s = Session(51)  # a game your club ends
    for _ in range(20):
        scr = _until_you_club_west(s)
        if scr.game.is_over():
            break
    assert scr.game.is_over() and scr.banner_until is None and scr.end_at is not None
    s.clock.now += 5_000  # the banner read
    s.settle()
    assert scr.banner is not None
    s.btn.push(buttons.A)
    s.app.step()
    assert s.app.screen is scr and scr.banner is None
    assert "Game over" in screen_text(s)
    s.settle()
    assert s.app.screen is not scr  # then the result, by itself


@pytest.mark.parametrize("cls", (Session, Compact))
def test_wests_club_closes_the_look_you_opened_while_it_thought(cls):
    """UP while West thinks opens the look; West's club then put its banner
    up under it on the 128x64 screen (the look drawn alone), and the keys
    went to the banner unseen: the look would not scroll and B seemed to do
    nothing. The club closes the look: its banner is on the table."""

    class Noted(cls):
        keys = []

        def press(self, *names):
            self.keys.extend(names)
            super().press(*names)

    keys = Noted(11)
    _until_west_clubs_you(keys)
    s = cls(11)
    for k in keys.keys[:-1]:
        s.press(k)
    scr = s.app.screen
    s.btn.push(buttons.from_name(keys.keys[-1]))  # your move; West thinks after it
    s.app.step()
    assert not scr.banner and not scr.human_turn()
    s.btn.push(buttons.UP)
    s.app.step()
    assert scr.looking
    s.settle()
    assert scr.banner and not scr.looking
    assert "CLUBBED!" in screen_text(s)
    s.press("B")
    assert scr.banner is None and scr.pause is None and not scr.looking
