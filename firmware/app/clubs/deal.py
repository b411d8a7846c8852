"""Drawing the pass and show steps of Clubs (PC-2, PC-3; see
``app.clubs.table``, which draws the rest of the table and calls ``draw``).
Held only during those steps: ``app.clubs.tricks`` draws the tricks.
"""

from app.clubs.table import (
    CH,
    CW,
    HUMAN,
    NAMES,
    NO_CARD,
    PASS,
    RECEIVED,
    SHOW,
    noted,
    pass_hint,
    score_corner,
    shown_panel,
    status,
)
from app.kit import cardview, text, theme
from cardgames import clubs


def draw(fb, scr):
    """Modes PASS, RECEIVED, SHOW and SHOWN, above the hand."""
    m = scr.mode
    if m == PASS:
        _draw_pass(fb, scr)
    elif m == RECEIVED:
        _draw_received(fb, scr)
    elif m == SHOW:
        _draw_show(fb, scr)
    else:
        _draw_shown(fb, scr)


def _slot(fb, x, y, c, label, active):
    if c == NO_CARD:
        cardview.placeholder(fb, x, y, CW, CH, theme.GOLD if active else theme.TEXT_DIM)
    else:
        cardview.face(fb, c, x, y)
    text.draw_centered(fb, label, x + CW // 2, y + CH + 2,
                       theme.GOLD if active else theme.TEXT_DIM, text.SMALL)


def _draw_pass(fb, scr):
    # PC-2: the Hearts-pass card (hands 1-3 of each 4) then the partner card.
    d = scr.pass_dir
    text.draw(fb, "Hand %d" % scr.hand_no, 3, 1, theme.GOLD, text.BOLD)
    text.draw(fb, "%s deal%s" % (NAMES[scr.dealer], "" if scr.dealer == HUMAN else "s"), 64, 4,
              theme.TEXT_DIM, text.SMALL)
    text.draw_right(fb, "N-S %d E-W %d" % (scr.scores[0], scr.scores[1]), 237, 4,
                    theme.TEXT_DIM, text.SMALL)
    mine = scr.human_turn()
    first = d != clubs.PASS_NONE and scr.game.phase == clubs.PH_PASS_HEARTS and scr.pick == NO_CARD
    # "Hearts pass" (the pass of the game of Hearts) read as passing a heart.
    if d == clubs.PASS_NONE:
        lines = ("Only a partner", "pass this hand.")
    else:
        lines = ("Pass %s:" % clubs.PASS_NAMES[d], "1 card to %s" % NAMES[scr.receiver()])
    text.draw(fb, lines[0], 3, 22, theme.GOLD if first and mine else theme.TEXT, text.SMALL)
    text.draw(fb, lines[1], 3, 34, theme.TEXT, text.SMALL)
    text.draw(fb, "Partner pass:", 3, 50, theme.GOLD if mine and not first else theme.TEXT,
              text.SMALL)
    text.draw(fb, "1 %scard to North" % ("more " if d == clubs.PASS_ACROSS else ""), 3, 62,
              theme.TEXT, text.SMALL)
    x = 194
    if d != clubs.PASS_NONE:
        _slot(fb, 140, 20, scr.pick, NAMES[scr.receiver()], mine and first)
    _slot(fb, x, 20, NO_CARD, "North", mine and not first)
    if scr.hint_alert:
        status(fb, scr, scr.hint, scr.hint_alert)
    else:
        status(fb, scr, noted(scr, (pass_hint(scr),), 236 // text.SMALL.w), False,
               theme.GOLD if mine else None)


def _draw_received(fb, scr):
    text.draw(fb, "Passed", 3, 1, theme.GOLD, text.BOLD)
    d = scr.pass_dir
    rec = scr.received
    gave = scr.gave
    text.draw(fb, "You gave", 3, 22, theme.TEXT_DIM, text.SMALL)
    y = 35
    for i in range(2):
        c = gave[i]
        if c != NO_CARD:
            to = clubs.NORTH if i else scr.receiver()
            text.draw(fb, clubs.symbol_name(c), 3, y, cardview.suit_color(c, 2), text.BOLD)
            text.draw(fb, "to %s" % NAMES[to], 33, y + 3, theme.TEXT, text.SMALL)
            y += 18
    text.draw(fb, "You got", 126, 1, theme.TEXT_DIM, text.SMALL)
    x = 126
    if d != clubs.PASS_NONE:
        src = (HUMAN - clubs.PASS_OFFSET[d]) % 4
        _slot(fb, x, 14, rec[0], NAMES[src], False)
        x += 54
    _slot(fb, x, 14, rec[1], "North", False)
    status(fb, scr, "Cards received are framed   A: go on", False, theme.GOLD)


def _draw_show(fb, scr):
    text.draw(fb, "Show a card", 3, 1, theme.GOLD, text.BOLD)
    # Why: the rules make everyone show one, and all see it (two lines:
    # split over four, it read as a page to study).
    text.draw(fb, "Everyone shows a card:", 3, 22, theme.TEXT, text.SMALL)
    text.draw(fb, "all see it till played.", 3, 34, theme.TEXT, text.SMALL)
    _slot(fb, 150, 14, NO_CARD, "shown", scr.human_turn())
    if scr.hint_alert:
        status(fb, scr, scr.hint, scr.hint_alert)
    elif scr.human_turn():
        status(fb, scr, noted(scr, ("\u25c4 \u25ba choose   A: show it to everyone",
                                    "A: show it to everyone"), 236 // text.SMALL.w),
               False, theme.GOLD)
    else:
        status(fb, scr, "Waiting for the others\u2026", False)


def _draw_shown(fb, scr):
    score_corner(fb, scr)
    shown_panel(fb, scr, scr.shown)
    status(fb, scr, "All see these till played   A: play", False)
