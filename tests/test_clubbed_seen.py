"""What West does in Clubbed is never missed: a club of West's that makes
you collect the pile (CB-5, CB-6) is told by a banner that waits for A, and
the look (UP) lists what happened lately, under the pile and collections
(CB-11: all public)."""

import pytest
from apptest import Session, screen_text

from app.clubbed.screen import ClubbedScreen


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
        if scr.banner and scr.banner_until is None:
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
    assert "CLUBBED!" in shown and "A: continue" in shown
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
