"""The tall layout: a square 240x240 screen (Waveshare Pico-LCD-1.3),
imported only when the app runs on one (``app.kit.tall``).

The extra 105 rows are used, not left black. A game's table keeps its
240x135 design at the bottom of the screen, where the hand sits under the
thumbs, and above it a panel shows, all the time, the public information
that the 240x135 screen keeps behind UP: scores, the discard pile and the
collections (Clubbed), the round's tricks, sequences, bella and the last
trick (Klaberjass), bids, tricks won, the last trick and the shown cards
still held (Clubs), and the latest events. The title lists every game with
its players above the menu. The Rules screen fills the whole height (its
own layout), other screens are centred.

The bottom part is drawn through a FrameBuffer view of the frame's last 135
rows (``App.lower``, made once), so the screens draw exactly as on 240x135.
Units: pixels; colours palette indices from ``app.kit.theme``.
"""

import framebuf
from micropython import const

from app.kit import text, theme

_LOWER_H = const(135)
ROW = 12


def views(display):
    """``(top height, lower view, middle view)`` for ``display``: FrameBuffers
    over the frame's bottom 135 rows and its vertically centred 135 rows
    (no copy: views into the one frame buffer)."""
    w, h = display.width, display.height
    top = h - _LOWER_H
    mv = memoryview(display.buf)
    lower = framebuf.FrameBuffer(mv[top * w :], w, _LOWER_H, framebuf.GS8)
    mid = top // 2
    middle = framebuf.FrameBuffer(mv[mid * w :], w, _LOWER_H, framebuf.GS8)
    # Text on the views as on the frame (the driver's glyph routine, if any).
    text.add_target(lower, mv[top * w :], w, _LOWER_H)
    text.add_target(middle, mv[mid * w :], w, _LOWER_H)
    return top, lower, middle


# A screen with ``TALL_FULL`` set is drawn on the whole height (its own
# layout); one with a ``tall_lines()`` method under a panel of those lines
# (see ``_lines``), which a game's folder writes (app.<game>.tall); any
# other is centred.


def draw(app, screen, fb):
    """Draw ``screen`` on the tall frame ``fb`` (see the module docstring)."""
    w = app.width
    top = app.tall_top
    if getattr(screen, "TALL_FULL", False):
        screen.draw(fb)
        return
    lines = screen.tall_lines() if hasattr(screen, "tall_lines") else None
    if lines is None:
        fb.fill(theme.FELT_DARK)
        screen.draw(app.middle)
        return
    fb.fill_rect(0, 0, w, top, theme.PANEL)
    fb.hline(0, top - 1, w, theme.TEXT_DIM)
    _lines(fb, lines, w, top)
    screen.draw(app.lower)


def _lines(fb, lines, w, h):
    # str: text; ("h", str): a heading; ("t", str): a big centred title;
    # bytes: a row of cards; ("c", label, bytes): a row of cards after
    # "label: " (whose cards they are).
    from app.kit.cardview import RANK_LABELS, SUIT_GLYPHS, draw_rich, suit_color

    y = 3
    for line in lines:
        if y + ROW > h - 2:
            break
        if isinstance(line, tuple) and line[0] == "t":
            text.draw_centered(fb, line[1], w // 2, y, theme.GOLD, text.BIG)
            y += text.BIG.h + 6
            continue
        cards = None
        x = 10
        if isinstance(line, tuple) and line[0] == "c":
            label = line[1] + ": "
            text.draw(fb, label, x, y, theme.TEXT, text.SMALL)
            x += len(label) * text.SMALL.w
            cards = line[2]
        elif isinstance(line, (bytes, bytearray)):
            cards = line
        if cards is not None:
            for c in cards:
                s = RANK_LABELS[c % 13] + SUIT_GLYPHS[c // 13]
                if x + len(s) * text.SMALL.w > w - 4:
                    break
                text.draw(fb, s, x, y, suit_color(c, 2), text.SMALL)
                x += len(s) * text.SMALL.w + 6
        elif isinstance(line, tuple):
            draw_rich(fb, text.fit(line[1], w - 8), 4, y, theme.GOLD)
        else:
            draw_rich(fb, text.fit(line, w - 8), 4, y, theme.TEXT)
        y += ROW
