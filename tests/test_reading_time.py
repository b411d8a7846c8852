"""What the computer does stays on the screen long enough to read (issue
30, a new player's notes: West's card "flashed by", and Clubs' trick left
before its verdict, who takes it and why, could be read). Measured on the
app's virtual clock from the frame a finished trick is first drawn to the
one it is gone, with nobody pressing anything: A hurries it on."""

import apptest
import pytest

from app.kit import buttons

# A reader's pace: a second to find the line, then 60 ms a character
# (about 200 words a minute); two cards are read in two seconds.
FIND_MS, CHAR_MS, CARDS_MS = 1000, 60, 2000


def _tricks(seed, game, done, limit=30000):
    """Step ``game`` from the title, A pressed only when the app waits for
    the player; ``done(scr)`` True while a finished trick is on the table.
    Yields (what ``done`` returned, ms it stayed) per trick."""
    s = apptest.Session(seed)
    s.choose_game(game)
    s.press("A")
    app = s.app
    since = shown = None
    for _ in range(limit):
        scr = app.screen
        if type(scr).__name__ not in ("ClubsScreen", "KlaberjassScreen"):
            return
        if app.idle():
            s.btn.push(buttons.A)
        app.step()
        now_shown = done(scr)
        if now_shown and since is None:
            since, shown = s.clock.now, now_shown
        elif not now_shown and since is not None:
            yield shown, s.clock.now - since
            since = None
        dl = app.next_deadline()
        if dl is not None and dl > s.clock.now:
            s.clock.now = dl


def _each_stays_to_be_read(seed, what, n):
    """The first ``n`` lines ``what`` shows in a Clubs game each stay for
    as long as the line takes to read."""
    k = 0
    for line, ms in _tricks(seed, "Clubs", what):
        assert ms >= FIND_MS + CHAR_MS * len(line), (line, ms)
        k += 1
        if k == n:
            return
    pytest.fail("only %d shown" % k)


@pytest.mark.parametrize("seed", (1, 2))
def test_clubs_trick_stays_until_its_verdict_is_read(seed):
    def verdict(scr):
        return scr.trick_msg if scr.hold_until is not None else None

    _each_stays_to_be_read(seed, verdict, 8)


@pytest.mark.parametrize("seed", (1, 2))
def test_klaberjass_trick_stays_until_both_cards_are_seen(seed):
    def cards(scr):
        return scr.trick_done and tuple(scr.trick)

    n = 0
    for trick, ms in _tricks(seed, "Klaberjass", cards):
        assert ms >= CARDS_MS, (trick, ms)
        n += 1
        if n == 8:
            return
    pytest.fail("only %d tricks" % n)


def _still_between_computer_moves(seed, game, speed, motion, human, moves=60):
    """Step ``game`` (A pressed whenever the app waits for the player) with
    the speed and motion settings given. Yields, for each computer action
    followed by another computer action, the phase the first one was made
    in and the ms from the end of its move (the frame drawn still) to the
    second one."""
    s = apptest.Session(seed)
    app = s.app
    app.speed, app.motion = speed, motion
    s.choose_game(game)
    s.press("A")
    log = []  # [ms moved, seat, ms still, phase]
    moved = app.moved
    mover = [None]

    def record(screen, action, seat):
        log.append([s.clock.now, mover[0], None, getattr(screen.game, "phase", None)])
        return moved(screen, action, seat)

    app.moved = record
    for _ in range(40000):
        scr = app.screen
        if not hasattr(scr, "game") or len(log) > moves:
            break
        mover[0] = scr.game.current_player
        if app.idle():
            s.btn.push(buttons.A)
        app.step()
        if log and log[-1][2] is None and app.moving is None and not app.dirty:
            log[-1][2] = s.clock.now
        dl = app.next_deadline()
        if dl is not None and dl > s.clock.now:
            s.clock.now = dl
    for a, b in zip(log, log[1:], strict=False):
        if human not in (a[1], b[1]) and None not in (a[1], b[1]):
            yield a[3], b[0] - (a[0] if a[2] is None else a[2])


@pytest.mark.parametrize("game, human, speed, motion", (
    ("Clubs", 2, 1, 1), ("Clubs", 2, 1, 0), ("Clubs", 2, 2, 0),
    ("Clubbed", 0, 1, 1), ("Clubbed", 0, 0, 0), ("Clubbed", 0, 2, 2)))
def test_a_computer_card_lies_still_before_the_next_covers_it(game, human, speed, motion):
    """West's draw before its discard, a card on the trick before the next
    seat's: once its move ends, the card lies still SEEN_MS scaled by the
    speed setting (as all the computer's pacing is), whatever the motion.
    Clubs' passed and shown cards are picked face down (shown later, until
    A), so they are not counted."""
    from app.main import _SEEN_MS as SEEN_MS
    from cardgames import clubs

    stills = [ms for phase, ms in _still_between_computer_moves(1, game, speed, motion, human)
              if game != "Clubs" or phase > clubs.PH_SHOW]
    assert len(stills) >= 5
    least = SEEN_MS * (170, 100, 40)[speed] // 100
    assert min(stills) >= least, (min(stills), least)


def _important(scr):
    """What ``scr`` shows of the computer's important actions (issue 30's
    list), or None: Klaberjass' trump named or passed by West, the seven
    exchanged, sequences and bella, a redeal; Clubs' passed and shown cards;
    Clubbed's club of West's that gives you the pile."""
    name = type(scr).__name__
    if name == "KlaberjassScreen" and scr.banners:
        title, lines = scr.banners[0][0], scr.banners[0][1]
        if title.startswith("Trump"):
            return "trump named" if lines[0].startswith("West") else None
        if title in ("West passes", "Exchange", "Sequence", "Sequences tie", "Bella!",
                     "All passed"):
            return title
    if name == "ClubsScreen":
        from app.clubs import table

        return {table.RECEIVED: "passed cards", table.SHOWN: "shown cards"}.get(scr.mode)
    if name == "ClubbedScreen" and scr.banner and scr.banner[1].startswith("You collect"):
        return "clubbed"
    return None


def _shown_important(seed, game, limit=20000):
    """Step ``game`` from the title, A pressed only when the app waits for
    the player. Yields (what, waited) per important action shown: waited
    is True when the app stood waiting for a press while it was up."""
    s = apptest.Session(seed)
    s.choose_game(game)
    s.press("A")
    app = s.app
    up, waited = None, False
    for _ in range(limit):
        scr = app.screen
        if not hasattr(scr, "game"):
            return
        what = _important(scr)
        if what != up:
            if up is not None:
                yield up, waited
            up, waited = what, False
        if app.idle():
            waited = waited or up is not None
            s.btn.push(buttons.A)
        app.step()
        dl = app.next_deadline()
        if dl is not None and dl > s.clock.now:
            s.clock.now = dl


@pytest.mark.parametrize("game, seeds, expected", (
    ("Klaberjass", range(1, 5), {"trump named", "West passes", "Exchange", "Sequence", "Bella!",
                                 "All passed"}),
    ("Clubs", (1,), {"passed cards", "shown cards"}),
    ("Clubbed", range(1, 9), {"clubbed"})))
def test_the_computers_important_actions_wait_for_a_press(game, seeds, expected):
    """Whoever looks away finds them still up: none goes on by a timer."""
    seen = set()
    for seed in seeds:
        for what, waited in _shown_important(seed, game):
            assert waited, (seed, what)
            seen.add(what)
            if seen >= expected:
                return
    pytest.fail("only %s" % sorted(seen))


@pytest.mark.parametrize("seed", (1, 2))
def test_clubs_banner_stays_until_its_line_is_read(seed):
    """Clubs broken, Negative One, Adam: the banner over the hand says who
    played what; it went after 1.1 s (clubs broken) or 1.8 s."""
    def line(scr):
        return scr.banner and scr.banner[1]

    _each_stays_to_be_read(seed, line, 3)
