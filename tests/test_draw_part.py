"""A cursor move at the Clubbed table draws only the own row and the hand
(``ClubbedScreen.draw_part``, ``App.invalidate_part``) and the display is
told the rectangle that changed (``show_within``). What reaches the frame
must be what a whole redraw gives, and every pixel that changed must lie in
that rectangle, on each layout (240x135, 240x240, 128x64 mono); games are
played by presses (cursor moves, cards played, draws) from several seeds."""

import random

import pytest
from apptest import Session
from depth import pick

from app.clubbed.screen import ClubbedScreen


class _Recording:
    """The display's ``show_within`` calls, the frame just before each one
    (what the glass showed) and the rectangle given."""

    def __init__(self, disp):
        self.calls = []
        self.disp = disp
        self.glass = bytes(disp.buf)
        orig_show = disp.show
        orig_within = disp.show_within

        def show():
            orig_show()
            self.glass = bytes(disp.buf)

        def show_within(x, y, w, h):
            self.calls.append((self.glass, (x, y, w, h)))
            orig_within(x, y, w, h)

        disp.show = show
        disp.show_within = show_within


def _pixel(disp, buf, x, y):
    if disp.mono:
        return (buf[(y >> 3) * disp.width + x] >> (y & 7)) & 1
    return buf[y * disp.width + x]


def _outside(disp, before, after, rect):
    """Pixels that differ between frames ``before`` and ``after`` outside
    ``rect`` (x, y, w, h)."""
    x0, y0, w, h = rect
    out = []
    for y in range(disp.height):
        for x in range(disp.width):
            if x0 <= x < x0 + w and y0 <= y < y0 + h:
                continue
            if _pixel(disp, before, x, y) != _pixel(disp, after, x, y):
                out.append((x, y))
    return out


def _sessions():
    class Wide(Session):
        SIZE = (240, 135)

    class Tall(Session):
        SIZE = (240, 240)

    class Mono(Session):
        SIZE = (128, 64)
        MONO = True

    return {"240x135": Wide, "240x240": Tall, "128x64": Mono}


@pytest.mark.parametrize("layout", ["240x135", "240x240", "128x64"])
# One run of random presses a board; more seeds under make test-deep.
@pytest.mark.parametrize("seed", pick([1], [1, 2, 3]))
def test_cursor_move_draws_what_a_whole_frame_draws(layout, seed):
    s = _sessions()[layout](seed)
    s.choose_game("Clubbed")
    s.press("A")  # New game
    assert isinstance(s.app.screen, ClubbedScreen)
    rec = _Recording(s.disp)
    rng = random.Random(seed)
    moves = 0
    for _ in range(160):
        scr = s.app.screen
        if not isinstance(scr, ClubbedScreen):
            break  # the game is over
        key = rng.choice(("LEFT", "RIGHT", "RIGHT", "LEFT", "RIGHT", "A"))
        n_calls = len(rec.calls)
        s.press(key)
        if len(rec.calls) == n_calls:
            continue
        glass, rect = rec.calls[-1]
        part = bytes(s.disp.buf)
        # The same state drawn whole: the same frame.
        s.app.invalidate()
        s.app.step()
        assert bytes(s.disp.buf) == part, "a cursor move drew another frame than a redraw"
        assert _outside(s.disp, glass, part, rect) == [], \
            "pixels changed outside the rectangle pushed %r" % (rect,)
        moves += 1
    assert moves >= 10, "too few cursor moves drawn in part (%d)" % moves


def test_a_refused_card_then_a_move_redraws_the_whole_frame():
    # The hint changes (a refusal, then the plain hint back): no part alone.
    s = _sessions()["240x135"](1)
    s.choose_game("Clubbed")
    s.press("A")
    scr = s.app.screen
    refused = [i for i, c in enumerate(scr.slots) if c not in scr.legal]
    if not refused:
        pytest.skip("every card playable in this deal")
    scr.cursor = refused[0]
    s.press("A")
    assert scr.hint_alert
    rec = _Recording(s.disp)
    s.press("RIGHT")
    assert rec.calls == []
    assert not scr.hint_alert
