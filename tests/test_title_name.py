"""The title screen names the game picked as one word on every board: the
fonts are monospace and their "j" stands at the right of its cell, so
"Klaberjass" drawn plainly read as "Klaber jass"."""

import pytest
from apptest import Session

from app.kit import cardview, text

# cardview's inks are taken from app.kit.theme when it is first imported: a
# 128x64 App first (theme set to 1-bit) would leave them 0/1 for the colour
# tests after this one in the process. Imported here, under the colours.
assert cardview.INKS

BOARDS = {"240x135": ((240, 135), False), "240x240": ((240, 240), False),
          "128x64": ((128, 64), True)}


def name_draws(s):
    """``(fb, str, x, y, colour, font)`` of the text drawn for the title's
    game name (one call, or one per part)."""
    calls = []
    orig = text.draw

    def spy(fb, st, x, y, color, font=text.SMALL):
        calls.append((fb, st, x, y, color, font))
        return orig(fb, st, x, y, color, font)

    text.draw = spy
    try:
        s.app.invalidate()
        s.app.step()
    finally:
        text.draw = orig
    name = s.app.game_name()
    out = [c for c in calls if c[1] and c[1] in name and len(c[1]) > 1]
    assert "".join(c[1] for c in out) == name, [c[1] for c in calls]
    return out


def gaps(parts):
    """The blank columns between the letters drawn by ``parts`` across the
    rows of a lowercase letter's body (those of "x"): a space there splits
    the word."""
    fb, _, x0, y, color, font = parts[0]
    x1 = parts[-1][2] + len(parts[-1][1]) * font.w
    probe = _blank(font)
    text.draw(probe, "x", 0, 0, 1, font)
    rows = [r for r in range(font.h) if any(probe.pixel(c, r) == 1 for c in range(font.w))]
    inked = [any(fb.pixel(x, y + r) == color for r in rows) for x in range(x0, x1)]
    cols = [i for i, on in enumerate(inked) if on]
    out, run = [], 0
    for i in range(cols[0], cols[-1] + 1):
        if inked[i]:
            if run:
                out.append(run)
            run = 0
        else:
            run += 1
    return out


def _blank(font):
    import framebuf

    return framebuf.FrameBuffer(bytearray(font.w * font.h), font.w, font.h, framebuf.GS8)


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_the_games_name_reads_as_one_word(board):
    class S(Session):
        SIZE, MONO = BOARDS[board]

    s = S(4)
    for _ in range(3):
        if s.app.game_name() == "Klaberjass":
            break
        s.press("RIGHT")
    assert s.app.game_name() == "Klaberjass"
    parts = name_draws(s)
    # Between letters at most 3 blank columns (the widest, after "K", is
    # 3 in the 8x16 font); the plain "r" then "j" left 5 (8x16) or 4 (6x12).
    assert max(gaps(parts)) <= 3, gaps(parts)
    # Still centred: under the aces (their fan's middle, x 44) on a colour
    # board, on the row between the arrows on 128x64.
    fb, _, x0, _, _, font = parts[0]
    x1 = parts[-1][2] + len(parts[-1][1]) * font.w
    middle = 44 if board != "128x64" else 64
    assert abs((x0 + x1) - 2 * middle) <= 2, (x0, x1)
