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


# Screens by class name: drawn on the whole height (their own layout), or
# with a panel of lines above the 240x135 design; any other is centred.


def draw(app, screen, fb):
    """Draw ``screen`` on the tall frame ``fb`` (see the module docstring)."""
    w = app.width
    top = app.tall_top
    name = type(screen).__name__
    if name in ("RulesScreen", "SettingsScreen"):
        screen.draw(fb)
        return
    lines = None
    if name == "TitleScreen":
        lines = title_lines(app)
    elif name == "ClubbedScreen":
        lines = clubbed_lines(screen)
    elif name == "KlaberjassScreen":
        lines = klaberjass_lines(screen)
    elif name == "ClubsScreen":
        lines = clubs_lines(screen)
    if lines is None:
        fb.fill(theme.FELT_DARK)
        screen.draw(app.middle)
        return
    fb.fill_rect(0, 0, w, top, theme.PANEL)
    fb.hline(0, top - 1, w, theme.TEXT_DIM)
    _lines(fb, lines, w, top)
    screen.draw(app.lower)


def _lines(fb, lines, w, h):
    # str: text; ("h", str): a heading; bytes: a row of cards;
    # ("c", label, bytes): a row of cards after "label: " (whose cards they are).
    from app.kit.cardview import RANK_LABELS, SUIT_GLYPHS, draw_rich, suit_color

    y = 3
    for line in lines:
        if y + ROW > h - 2:
            break
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


def title_lines(app):
    """The title's panel: every game, the picked one marked, with players."""
    from app import games

    out = [("h", "Games (\u25c4 \u25ba to pick)")]
    for i in range(len(games.GAMES)):
        e = games.GAMES[i]
        mark = "\u25ba " if i == app.game_index else "  "
        out.append(mark + e.name + "  " + PLAYERS.get(e.name, ""))
    return out


PLAYERS = {"Clubbed": "2 players, shedding", "Klaberjass": "2 players, trumps",
           "Clubs": "4 players, partners"}


def clubbed_lines(scr):
    """Clubbed's public information (CB-11): the pile top first, both
    collections, the latest events."""
    g = scr.game
    pile = bytes(g.pile[: g.n_pile])
    out = [("h", "Pile %d, top first" % g.n_pile)]
    top = bytearray()
    for i in range(len(pile) - 1, max(-1, len(pile) - 13), -1):
        top.append(pile[i])
    out.append(top if top else "  (empty)")
    out.append(("h", "You collected %d, West %d" % (g.collected(0), g.collected(1))))
    mine = g.collection(0)
    out.append(("c", "You", bytes(mine[-12:])) if mine else "  You: none")
    theirs = g.collection(1)
    out.append(("c", "West", bytes(theirs[-12:])) if theirs else "  West: none")
    out.append(("h", "Recent"))
    for m in scr.msgs[::-1]:
        out.append("  " + m)
    return out


def klaberjass_lines(scr):
    """Klaberjass's public information (KJ-16): the UP overlay's lines."""
    if scr.summary is not None:
        return ["", ("h", "Round %d is over" % scr.summary.number)]
    return scr._look_lines()


def clubs_lines(scr):
    """Clubs' public information: scores, bids and tricks won (PC-10), the
    last trick and why it was won (PC-8, PC-9), the shown cards still held
    (PC-3), the latest event."""
    from cardgames import clubs

    names = ("North", "East", "You", "West")
    out = [("h", "Hand %d   score N-S %d, E-W %d (to %d)" % (
        scr.hand_no, scr.scores[0], scr.scores[1], scr.game.target))]
    parts = []
    for s in range(4):
        b = scr.bids[s]
        parts.append("%s %d/%s" % (names[s][0], scr.won[s], "-" if b == clubs.NO_BID
                                   else ("nil" if b == 0 else str(b))))
    out.append("won of bid: " + " ".join(parts))  # "N 2/3": won 2 of a bid of 3
    t = scr.last_trick
    if scr.trick.complete():
        t = scr.trick
    if t is not None and t.taker >= 0:
        from app.clubs.table import trick_line

        out.append(("h", "Trick %d" % t.number))
        out.append(trick_line(t))
    held = bytes([c for c in scr.shown_live if c != clubs.NO_CARD])
    if held:
        out.append(("h", "Shown, still held"))
        out.append(held)
    if scr.msg:
        out.append(("h", "Latest"))
        out.append(scr.msg)
    return out
