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


@pytest.mark.parametrize("seed", (1, 2))
def test_clubs_trick_stays_until_its_verdict_is_read(seed):
    def verdict(scr):
        return scr.trick_msg if scr.hold_until is not None else None

    n = 0
    for line, ms in _tricks(seed, "Clubs", verdict):
        assert ms >= FIND_MS + CHAR_MS * len(line), (line, ms)
        n += 1
        if n == 8:
            return
    pytest.fail("only %d tricks" % n)


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
