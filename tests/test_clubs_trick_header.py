"""Clubs' trick panel names the trick the status line tells (issue 30, a
player's notes): after a trick is taken and before the next card, the line
says how the last trick was won, and the panel's header and sums are that
trick's, not "Trick 5" over how trick 4 was won."""

import pytest
from apptest import Session, strings_drawn

from app.clubs.table import TABLE, trick_line


class _Compact(Session):
    SIZE = (128, 64)
    MONO = True


def _frames(s, limit=4000):
    # Every step of the app through a game of Clubs, South playing A on its
    # default card, the clock run to each deadline: the strings drawn.
    app = s.app
    for _ in range(limit):
        if app.idle():
            s.btn.push(4)  # A
        app.step()
        dl = app.next_deadline()
        if dl is not None and dl > s.clock.now:
            s.clock.now = dl
        scr = app.screen
        if type(scr).__name__ != "ClubsScreen" or scr.mode != TABLE:
            continue

        def act():
            app.invalidate()
            app.step()

        yield scr, strings_drawn(act)


@pytest.mark.parametrize("cls", (Session, _Compact))
def test_trick_header_matches_the_line_about_the_last_trick(cls):
    s = cls(4)
    s.press("RIGHT", "RIGHT", "A")
    assert type(s.app.screen).__name__ == "ClubsScreen"
    header = "T%d" if cls is _Compact else "Trick %d"
    seen = 0
    for scr, drawn in _frames(s):
        last = scr.last_trick
        if scr.trick.order or last is None or scr.msg != trick_line(last):
            continue  # a card of the new trick is down, or the line moved on
        if scr.looking or scr.hint_alert or scr.human_turn():
            continue  # your duty in the new trick, or the bid picker, is up
        seen += 1
        assert header % last.number in drawn, (last.number, drawn)
        assert header % scr.trick.number not in drawn, (scr.trick.number, drawn)
        if seen >= 5:
            break
    assert seen, "no frame between a trick taken and the next card"
