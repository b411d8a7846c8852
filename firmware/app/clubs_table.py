"""Drawing the Clubs table (see ``app.clubs_screen``): the four seats around
the trick with each card's value (PC-6), the partnership sums (PC-7) and who
took the trick and why (PC-8, PC-9), bids and tricks won per seat (PC-10), the
pass and show steps (PC-2, PC-3), the bid picker and the take prompt, and
South's hand. Coordinates are pixels on the 240x135 screen; colours from
``app.theme``.
"""

from micropython import const

from app import cardview, text, theme
from app.menu import panel
from cardgames import clubs

NO_CARD = clubs.NO_CARD
NO_BID = clubs.NO_BID
HUMAN = clubs.SOUTH
NAMES = ("North", "East", "You", "West")
SHORT = ("N", "E", "S", "W")
SUITS = clubs.SUIT_SYMBOLS
TEAMS = clubs.TEAM_NAMES

# Screen modes (``ClubsScreen.mode``), see ``app.clubs_screen``.
PASS = 0
RECEIVED = 1
SHOW = 2
SHOWN = 3
TABLE = 4
SUMMARY = 5
SCORE = 6
# Private constants are const(): mpy-cross folds them into the code, so their
# names take no heap on the Pico (tools/mem_report.py).
_TABLE_H = const(76)  # the table area is y 0.._TABLE_H-1; the status line below
_STATUS_Y = const(76)
_HAND_Y = const(99)  # top of an unraised hand card
PANEL_X = 180  # the trick panel on the right
CW = theme.CARD_W
CH = theme.CARD_H
CHIP_W = 26  # a trick card drawn small: rank and suit side by side
CHIP_H = 18
# Per seat N, E, S, W: the top left of its box (name and won/bid on a line,
# below it the card played and its value) and the box width.
# At least 3 blank pixels between boxes, the trick panel and a two-digit
# "10/11" (won/bid), whoever's card is framed in gold.
BOX_XY = ((62, 0), (120, 24), (62, 44), (0, 24))
BOX_W = (66, 56, 52, 58)
LOOK_KEYS = "UP: shown cards   other keys: back"  # under the last trick's line


def bid_text(bid):
    """A bid as shown: "-" before it is made, "nil" for 0, else the number."""
    if bid == NO_BID:
        return "-"
    return "nil" if bid == 0 else str(bid)


def trick_line(t):
    """One line saying who took trick ``t`` and why (PC-7, PC-8)."""
    s0, s1 = t.sums
    who = NAMES[t.taker]
    takes = "take" if t.taker == HUMAN else "takes"
    if t.why == clubs.WIN_SUM:
        w = t.team
        return "%s %d beats %d: %s %s it" % (TEAMS[w], t.sums[w], t.sums[1 - w], who, takes)
    return "Tie %d-%d, top card %s: %s %s it" % (
        s0, s1, clubs.symbol_name(t.cards[t.high]), who, takes)


def chip(fb, c, x, y, dim=False):
    """Card ``c`` as a small card (CHIP_W x CHIP_H) with rank and suit side by
    side in BOLD, top left at (x, y)."""
    cardview._rounded(fb, x, y, CHIP_W, CHIP_H, theme.CARD_DIM if dim else theme.CARD,
                      theme.CARD_EDGE)
    ink = cardview.suit_color(c, dim)
    r = c % 13
    if r == 8:
        cardview._rank(fb, r, x + 3, y + 1, ink, text.BOLD)
        text.draw(fb, SUITS[c // 13], x + 16, y + 1, ink, text.BOLD)
    else:
        text.draw(fb, cardview.RANK_LABELS[r], x + 4, y + 1, ink, text.BOLD)
        text.draw(fb, SUITS[c // 13], x + 13, y + 1, ink, text.BOLD)


def cross(fb, scr, cards4, values, turn, mark):
    """The four seats around the table, each a box: name and tricks won/bid
    (PC-10), then the card in ``cards4`` (bytes(4) by seat, NO_CARD = not
    played) and its value from ``values`` (list by seat, or None; PC-6).
    ``turn``: seat to play (gold), or -1; ``mark``: seat whose card is framed
    in gold (the taker), or -1."""
    for s in range(4):
        x, y = BOX_XY[s]
        w = BOX_W[s]
        on = turn == s
        text.draw(fb, NAMES[s], x, y, theme.GOLD if on else theme.WHITE, text.SMALL)
        text.draw_right(fb, "%d/%s" % (scr.won[s], bid_text(scr.bids[s])), x + w, y,
                        theme.GOLD if on else theme.TEXT_DIM, text.SMALL)
        cy = y + 13
        c = cards4[s]
        if c == NO_CARD:
            cardview.placeholder(fb, x, cy, CHIP_W, CHIP_H, theme.GOLD if on else theme.TEXT_DIM)
            continue
        chip(fb, c, x, cy)
        if mark == s:
            # West's box touches the left edge: there the frame stops at it.
            l1 = max(0, x - 1)
            l2 = max(0, x - 2)
            fb.rect(l1, cy - 1, x + CHIP_W + 1 - l1, CHIP_H + 2, theme.GOLD)
            fb.rect(l2, cy - 2, x + CHIP_W + 2 - l2, CHIP_H + 4, theme.GOLD)
        if values is not None:
            v = values[s]
            text.draw(fb, str(v), x + CHIP_W + 4, cy + 1, theme.ALERT if v < 0 else theme.WHITE,
                      text.BOLD)


def _trick_panel(fb, scr, t):
    x = PANEL_X
    fb.fill_rect(x - 1, 0, 240 - x + 1, _TABLE_H, theme.FELT_DARK)
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
        text.draw(fb, "seats:", x, 52, theme.TEXT_DIM, text.SMALL)
        text.draw(fb, "won/bid", x, 63, theme.TEXT_DIM, text.SMALL)


def _score_corner(fb, scr):
    # The game score (PC-15) in the top left corner, the hand top right.
    text.draw(fb, "N-S %d" % scr.scores[0], 0, 0, theme.TEXT_DIM, text.SMALL)
    text.draw(fb, "E-W %d" % scr.scores[1], 0, 10, theme.TEXT_DIM, text.SMALL)
    text.draw_right(fb, "hand %d" % scr.hand_no, 176, 0, theme.TEXT_DIM, text.SMALL)
    if scr.broken:
        text.draw(fb, "\u2663 broken", 0, 62, theme.TEXT_DIM, text.SMALL)


def draw(fb, scr):
    """The screen in modes PASS, RECEIVED, SHOW, SHOWN and TABLE."""
    fb.fill(theme.FELT)
    m = scr.mode
    if m == PASS:
        _draw_pass(fb, scr)
    elif m == RECEIVED:
        _draw_received(fb, scr)
    elif m == SHOW:
        _draw_show(fb, scr)
    elif m == SHOWN:
        _score_corner(fb, scr)
        cross(fb, scr, scr.shown, None, -1, -1)
        x = PANEL_X
        fb.fill_rect(x - 1, 0, 240 - x + 1, _TABLE_H, theme.FELT_DARK)
        text.draw(fb, "Shown", x, 2, theme.GOLD, text.BOLD)
        text.draw(fb, "cards:", x, 20, theme.TEXT, text.SMALL)
        text.draw(fb, "public", x, 32, theme.TEXT, text.SMALL)
        text.draw(fb, "until", x, 44, theme.TEXT, text.SMALL)
        text.draw(fb, "played", x, 56, theme.TEXT, text.SMALL)
        _status(fb, scr, "Everyone shows a card (PC-3)  A: play", False)
    else:
        _draw_trick(fb, scr)
    _draw_hand(fb, scr)
    if m == TABLE and scr.looking == 1:
        # The last trick's keys on a second line, over the top of the hand.
        fb.fill_rect(0, _STATUS_Y + 12, 240, 12, theme.FELT_DARK)
        text.draw(fb, LOOK_KEYS, 3, _STATUS_Y + 12, theme.TEXT, text.SMALL)
    if scr.bidding():
        _draw_bid(fb, scr)
    elif scr.taking():
        _draw_take(fb, scr)


def _draw_trick(fb, scr):
    _score_corner(fb, scr)
    if scr.looking == 2:
        # PC-3: the shown cards are public until played.
        cross(fb, scr, scr.shown_live, None, -1, -1)
        x = PANEL_X
        fb.fill_rect(x - 1, 0, 240 - x + 1, _TABLE_H, theme.FELT_DARK)
        text.draw(fb, "Shown,", x, 1, theme.GOLD, text.SMALL)
        text.draw(fb, "not yet", x, 13, theme.GOLD, text.SMALL)
        text.draw(fb, "played", x, 25, theme.GOLD, text.SMALL)
        _status(fb, scr, "Shown cards still held   any key: back", False, theme.GOLD)
        return
    t = scr.trick
    if scr.looking:
        t = scr.looked_trick()
    g = scr.game
    turn = -1
    if not t.complete() and not scr.looking and scr.hold_until is None:
        turn = g.current_player if g.phase == clubs.PH_PLAY else -1
    cross(fb, scr, t.cards, t.values, turn, t.taker)
    _trick_panel(fb, scr, t)
    if scr.looking:
        _status(fb, scr, trick_line(t), False, theme.GOLD)
    elif scr.hint_alert:
        _status(fb, scr, scr.hint, True)
    elif scr.human_turn() and g.phase == clubs.PH_PLAY:
        _status(fb, scr, play_hint(scr), False, theme.GOLD)
    else:
        _status(fb, scr, scr.msg, False)


def play_hint(scr):
    """The hint while South is to play: the duty (why cards are greyed) and,
    if it fits, the look key."""
    line = scr.duty()
    return line + "  UP look" if len(line) <= 27 else line


def _status(fb, scr, line, alert, color=None):
    if alert:
        fb.fill_rect(0, _STATUS_Y - 1, 240, 13, theme.PANEL)
        col = theme.ALERT
    else:
        col = color if color is not None else theme.TEXT
    text.draw(fb, text.fit(line, 236), 3, _STATUS_Y, col, text.SMALL)


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
    if d == clubs.PASS_NONE:
        lines = ("No Hearts pass", "this hand.")
    else:
        lines = ("Hearts pass %s:" % clubs.PASS_NAMES[d].upper(),
                 "1 card to %s" % NAMES[scr.receiver()])
    text.draw(fb, lines[0], 3, 22, theme.GOLD if first and mine else theme.TEXT, text.SMALL)
    text.draw(fb, lines[1], 3, 34, theme.TEXT, text.SMALL)
    text.draw(fb, "Partner pass:", 3, 50, theme.GOLD if mine and not first else theme.TEXT,
              text.SMALL)
    text.draw(fb, "1 %scard to North" % ("more " if d == clubs.PASS_ACROSS else ""), 3, 62,
              theme.TEXT, text.SMALL)
    x = 194
    if d != clubs.PASS_NONE:
        _slot(fb, 140, 20, scr.pick, "\u2665" + NAMES[scr.receiver()], mine and first)
    _slot(fb, x, 20, NO_CARD, "North", mine and not first)
    if scr.hint_alert:
        _status(fb, scr, scr.hint, True)
    else:
        _status(fb, scr, pass_hint(scr), False, theme.GOLD if mine else None)


def pass_hint(scr):
    """The key hint of the pass step (PC-2)."""
    if not scr.human_turn():
        return "Waiting for the others\u2026"
    if scr.pass_dir != clubs.PASS_NONE and scr.game.phase == clubs.PH_PASS_HEARTS:
        if scr.pick == NO_CARD:
            return "A: this card to %s (Hearts pass)" % NAMES[scr.receiver()]
        return "A: this card to North  B: take back"
    return "A: this card to North (partner)"


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
            text.draw(fb, clubs.symbol_name(c), 3, y, _ink(c), text.BOLD)
            text.draw(fb, "to %s" % NAMES[to], 33, y + 3, theme.TEXT, text.SMALL)
            y += 18
    text.draw(fb, "You got", 126, 1, theme.TEXT_DIM, text.SMALL)
    x = 126
    if d != clubs.PASS_NONE:
        src = (HUMAN - clubs.PASS_OFFSET[d]) % 4
        _slot(fb, x, 14, rec[0], "\u2665" + NAMES[src], False)
        x += 54
    _slot(fb, x, 14, rec[1], "North", False)
    _status(fb, scr, "Cards received are framed   A: go on", False, theme.GOLD)


def _ink(c):
    return theme.ALERT if c // 13 in (1, 2) else theme.WHITE


def _draw_show(fb, scr):
    text.draw(fb, "Show a card", 3, 1, theme.GOLD, text.BOLD)
    text.draw(fb, "All four are shown", 3, 22, theme.TEXT, text.SMALL)
    text.draw(fb, "together, then go", 3, 34, theme.TEXT, text.SMALL)
    text.draw(fb, "back to the hands.", 3, 46, theme.TEXT, text.SMALL)
    _slot(fb, 150, 14, NO_CARD, "shown", scr.human_turn())
    if scr.human_turn():
        _status(fb, scr, "A: show this card to everyone", False, theme.GOLD)
    else:
        _status(fb, scr, "Waiting for the others\u2026", False)


def look_lines(scr):
    """The status lines of the last-trick view (UP)."""
    return [trick_line(scr.looked_trick()), LOOK_KEYS]


def _draw_hand(fb, scr):
    # Drawn left to right so every card's index stays visible; the cursor
    # card is raised higher and framed in gold (its right part lies under
    # the next card, as in a fanned hand).
    hand = scr.hand
    n = len(hand)
    if not n:
        return
    mine = (scr.human_turn() and not scr.bidding() and not scr.taking()
            and not scr.looking)
    legal = scr.legal
    step = CW + 2
    if n > 1:
        step = min(CW + 2, (234 - CW) // (n - 1))
    base = _HAND_Y
    picked = scr.pick
    # The two cards just received (``int in bytes`` is missing on MicroPython).
    f0 = f1 = NO_CARD
    if scr.mode == RECEIVED:
        f0 = scr.received[0]
        f1 = scr.received[1]
    for i in range(n):
        c = hand[i]
        x = 3 + i * step
        ok = c in legal and c != picked
        new = c == f0 or c == f1
        if c == picked:
            y = base - 14
        elif mine and i == scr.cursor:
            y = base - 10 if ok else base - 3
        elif (mine and ok) or new:
            y = base - 6
        else:
            y = base
        cardview.face(fb, c, x, y, dim=mine and not ok and c != picked)
        if mine and i == scr.cursor:
            cardview.cursor_frame(fb, x, y)
        elif new or c == picked:
            fb.rect(x, y, CW, CH, theme.GOLD)


def _draw_bid(fb, scr):
    panel(fb, 2, 0, 236, 88)
    fb.rect(3, 1, 234, 86, theme.GOLD)
    g = scr.game
    text.draw(fb, "Your bid", 8, 3, theme.GOLD, text.BOLD)
    text.draw_right(fb, "you won trick %d" % g.n_tricks, 233, 6, theme.TEXT_DIM, text.SMALL)
    parts = []
    for s in (clubs.NORTH, clubs.EAST, clubs.WEST):
        parts.append("%s %s" % (SHORT[s], bid_text(scr.bids[s])))
    total = g.bids_total()
    text.draw(fb, "Bids: %s = %d" % ("  ".join(parts), total), 8, 21, theme.TEXT, text.SMALL)
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
    if forced:
        line = "After trick 12 a bid must be 0 (PC-10)"
    elif bad >= 0:
        line = "%d is out: the bids would total 13" % bad
    else:
        line = "Any bid 0-13 (0 = nil)"
    if scr.hint_alert:
        text.draw(fb, text.fit(scr.hint, 226), 8, 55, theme.ALERT, text.SMALL)
    else:
        text.draw(fb, line, 8, 55, theme.TEXT_DIM, text.SMALL)
    text.draw(fb, bid_keys(scr), 8, 70, theme.TEXT, text.SMALL)


def bid_keys(scr):
    """The bid picker's key line: what A does with the number under the
    cursor, or why that number is struck out (PC-10)."""
    v = scr.bid_val
    if scr.forced_zero() and v:
        why = "%d is out: bid 0" % v
    elif v == scr.illegal_bid():
        why = "%d is out: pick another" % v
    else:
        why = "A: bid %d" % v
    return "\u25c4 \u25ba choose   " + why


def _draw_take(fb, scr):
    # Over the hand, so the tied trick stays in view (PC-9).
    panel(fb, 0, 76, 240, 59)
    fb.rect(1, 77, 238, 57, theme.GOLD)
    t = scr.trick
    line = "Your %s = North's %s: who takes it?" % (
        clubs.symbol_name(t.cards[HUMAN]), clubs.symbol_name(t.cards[clubs.NORTH]))
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
