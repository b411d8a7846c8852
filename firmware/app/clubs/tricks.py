"""Drawing the tricks of Clubs (PC-4 ... PC-9), the bid picker (PC-10) and the
take prompt (PC-9); see ``app.clubs.table``, which draws the rest of the table
and calls these. Held only while the tricks are played: ``app.clubs.deal``
draws the pass and show steps.
"""

from app.clubs.table import (
    HUMAN,
    PANEL_X,
    SHORT,
    TABLE_H,
    TEAMS,
    bid_keys,
    bid_text,
    bid_why,
    cross,
    guided_play,
    noted,
    play_hint,
    score_corner,
    shown_panel,
    status,
    trick_line,
)
from app.kit import text, theme
from app.kit.menu import panel
from app.screen import hint_colour
from cardgames import clubs


def _trick_panel(fb, scr, t):
    x = PANEL_X
    fb.fill_rect(x - 1, 0, 240 - x + 1, TABLE_H, theme.FELT_DARK)
    if scr.looking:
        text.draw(fb, "Last trick", x, 1, theme.GOLD, text.SMALL)
    else:
        text.draw(fb, "Trick %d" % t.number, x, 1, theme.TEXT_DIM, text.SMALL)
    for team in range(2):
        y = 14 + 17 * team
        lead = t.sums[team] > t.sums[1 - team]
        text.draw(fb, TEAMS[team], x, y + 3, theme.TEXT, text.SMALL)
        text.draw_right(fb, str(t.sums[team]), 236, y, theme.GOLD if lead else theme.WHITE,
                        text.BOLD)
    if t.team >= 0:
        text.draw(fb, TEAMS[t.team] + " win", x, 49, theme.GOLD, text.SMALL)
        if t.why == clubs.WIN_SUM:
            why = "on sum"
        else:
            why = "tie: " + clubs.symbol_name(t.cards[t.high])
        text.draw(fb, why, x, 61, theme.TEXT, text.SMALL)
    else:
        # What "2/3" by each name means, as a key (with figures of its own it
        # read as someone's result), clear of the right edge as the sums.
        text.draw(fb, "Tricks:", x, 52, theme.TEXT_DIM, text.SMALL)
        text.draw(fb, "won, bid", x, 63, theme.TEXT_DIM, text.SMALL)


def draw_trick(fb, scr):
    """Mode TABLE above the hand: the trick (or the last one, or the shown
    cards, while looking), its sums and the status line."""
    score_corner(fb, scr)
    if scr.looking == 2:
        # PC-3: the shown cards are public until played.
        shown_panel(fb, scr, scr.shown_live)
        status(fb, scr, "Shown cards still held   any key: back", False, theme.GOLD)
        return
    t = scr.trick
    if scr.looking:
        t = scr.looked_trick()
    g = scr.game
    turn = -1
    if not t.complete() and not scr.looking and scr.hold_until is None:
        turn = g.current_player if g.phase == clubs.PH_PLAY else -1
    cross(fb, scr, t.cards, t.values, turn, t.taker)
    _trick_panel(fb, scr, t if scr.looking else scr.panel_trick())
    if scr.looking:
        status(fb, scr, trick_line(t), False, theme.GOLD)
    elif scr.hint_alert:
        # The guided prompt says the duty and the look key it covers.
        status(fb, scr, guided_play(scr, 236 // text.SMALL.w) or scr.hint, scr.hint_alert)
    elif scr.human_turn() and g.phase == clubs.PH_PLAY:
        line = noted(scr, (play_hint(scr), scr.duty(), scr.duty(True)), 236 // text.SMALL.w)
        status(fb, scr, line, False, theme.GOLD)
    else:
        status(fb, scr, scr.msg, False)


def draw_bid(fb, scr):
    """The bid picker over the table (PC-10)."""
    panel(fb, 2, 0, 236, 88)
    fb.rect(3, 1, 234, 86, theme.GOLD)
    g = scr.game
    text.draw(fb, "Your bid", 8, 3, theme.GOLD, text.BOLD)
    text.draw_right(fb, "you won trick %d" % g.n_tricks, 233, 6, theme.TEXT_DIM, text.SMALL)
    parts = []
    for s in (clubs.NORTH, clubs.EAST, clubs.WEST):
        parts.append("%s %s" % (SHORT[s], bid_text(scr.bids[s])))
    total = g.bids_total()
    text.draw(fb, "Bids: %s (total %d)" % (", ".join(parts), total), 8, 21, theme.TEXT,
              text.SMALL)
    bad = scr.illegal_bid()
    forced = scr.forced_zero()
    for n in range(14):
        x = 8 + 16 * n
        y = 36
        sel = n == scr.bid_val
        off = n == bad or (forced and n)
        if sel:
            fb.fill_rect(x, y, 15, 15, theme.ALERT if off else theme.HILITE)
            fb.rect(x, y, 15, 15, theme.GOLD)
        elif not off:
            fb.rect(x, y, 15, 15, theme.TEXT_DIM)
        col = theme.INK_DIM if off and not sel else theme.WHITE
        text.draw_centered(fb, str(n), x + 8, y + 2, col, text.SMALL)
        if off:
            fb.line(x + 1, y + 13, x + 13, y + 1, theme.ALERT if not sel else theme.WHITE)
    line = bid_why(scr, ("After trick 12 a bid must be 0", "%d is out: the bids would total 13",
                         "Any bid 0-13 (0 now fails: minus 5)",
                         "Bid this trick and those you'll take"))
    line = noted(scr, (line,), 226 // text.SMALL.w)
    if scr.hint_alert:
        text.draw(fb, text.fit(scr.hint, 226), 8, 55, hint_colour(scr.hint_alert), text.SMALL)
    else:
        text.draw(fb, line, 8, 55, theme.TEXT_DIM, text.SMALL)
    text.draw(fb, bid_keys(scr), 8, 70, theme.TEXT, text.SMALL)


def draw_take(fb, scr):
    """The take prompt over the hand (PC-9)."""
    # Over the hand, so the tied trick stays in view (PC-9).
    panel(fb, 0, 76, 240, 59)
    fb.rect(1, 77, 238, 57, theme.GOLD)
    t = scr.trick
    line = "Your %s = North's %s: who takes it?" % (
        clubs.symbol_name(t.cards[HUMAN]), clubs.symbol_name(t.cards[clubs.NORTH]))
    line = noted(scr, (line,), 232 // text.SMALL.w)
    if scr.hint_alert:  # a hint (app.hint) in place of the question
        text.draw_centered(fb, text.fit(scr.hint, 232), 120, 80, hint_colour(scr.hint_alert),
                           text.SMALL)
    else:
        text.draw_centered(fb, text.fit(line, 232), 120, 80, theme.GOLD, text.SMALL)
    items = ("Take it myself", "Give it to North")
    for i in range(2):
        y = 96 + 17 * i
        sel = i == scr.take_sel
        if sel:
            fb.fill_rect(40, y, 160, 15, theme.HILITE)
            fb.rect(40, y, 160, 15, theme.GOLD)
            text.draw(fb, "\u25ba", 44, y + 2, theme.GOLD, text.SMALL)
        text.draw(fb, items[i], 56, y + 2, theme.WHITE if sel else theme.TEXT, text.SMALL)
