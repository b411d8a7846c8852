"""Drawing the Clubs table (see ``app.clubs.screen``): the four seats around
the trick with each card's value (PC-6), the partnership sums (PC-7) and who
took the trick and why (PC-8, PC-9), bids and tricks won per seat (PC-10), the
pass and show steps (PC-2, PC-3), the bid picker and the take prompt, and
South's hand. Coordinates are pixels on the 240x135 screen; colours from
``app.kit.theme``.
"""

from micropython import const

from app import modules
from app.kit import cardview, text, theme
from app.screen import ADVICE, hint_colour
from cardgames import clubs

NO_CARD = clubs.NO_CARD
NO_BID = clubs.NO_BID
HUMAN = clubs.SOUTH
NAMES = ("North", "East", "You", "West")
SHORT = ("N", "E", "S", "W")
SUITS = clubs.SUIT_SYMBOLS
TEAMS = clubs.TEAM_NAMES

# Screen modes (``ClubsScreen.mode``), see ``app.clubs.screen``.
PASS = 0
RECEIVED = 1
SHOW = 2
SHOWN = 3
TABLE = 4
SUMMARY = 5
SCORE = 6
# Private constants are const(): mpy-cross folds them into the code, so their
# names take no heap on the Pico (tools/bench/mem_report.py).
TABLE_H = 76  # the table area is y 0..TABLE_H-1; the status line below
_STATUS_Y = const(76)
# The top of an unraised hand card: its bottom row is the screen's (134), so
# that the raised cursor card's frame (base - 11) keeps two blank rows under
# the status line's lowest ink (a descender's, y 87): at 99 the frame ran
# along that row, underlining the line.
_HAND_Y = const(101)
PANEL_X = 180  # the trick panel on the right
CW = theme.CARD_W
CH = theme.CARD_H
CHIP_W = 26  # a trick card drawn small: rank and suit side by side
CHIP_H = 18
# Per seat N, E, S, W: the top left of its box (name and won/bid on a line,
# below it the card played and its value) and the box width.
# At least 3 blank pixels between boxes, the trick panel and a two-digit
# "10/11" (won/bid), whoever's card is framed in gold.
BOX_XY = ((62, 0), (120, 24), (62, 44), (2, 26))  # clear of the edge
BOX_W = (66, 56, 52, 56)


def bid_text(bid):
    """A bid as shown: "-" before it is made, "nil" for 0, else the number."""
    if bid == NO_BID:
        return "-"
    return "nil" if bid == 0 else str(bid)


def trick_line(t):
    """One line saying who took trick ``t`` and why (PC-7, PC-8): "E-W 19
    beats 12: East takes it", "Tie 9-9, top card K♥: you take it"."""
    s0, s1 = t.sums
    who = "you" if t.taker == HUMAN else NAMES[t.taker]  # inside the sentence
    takes = "take" if t.taker == HUMAN else "takes"
    if t.why == clubs.WIN_SUM:
        w = t.team
        return "%s %d beats %d: %s %s it" % (TEAMS[w], t.sums[w], t.sums[1 - w], who, takes)
    return "Tie %d-%d, top card %s: %s %s it" % (
        s0, s1, clubs.symbol_name(t.cards[t.high]), who, takes)


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
        cardview.chip(fb, c, x, cy, CHIP_W, CHIP_H)
        if mark == s:
            # A frame never goes past the left edge.
            l1 = max(0, x - 1)
            l2 = max(0, x - 2)
            fb.rect(l1, cy - 1, x + CHIP_W + 1 - l1, CHIP_H + 2, theme.GOLD)
            fb.rect(l2, cy - 2, x + CHIP_W + 2 - l2, CHIP_H + 4, theme.GOLD)
        if values is not None:
            v = values[s]
            text.draw(fb, str(v), x + CHIP_W + 4, cy + 1, theme.ALERT if v < 0 else theme.WHITE,
                      text.BOLD)


def shown_panel(fb, scr, cards):
    """The shown cards (PC-3: public until played) crossed on the table:
    ``cards`` (4 bytes, a seat each, NO_CARD for none), "Shown" on the
    cleared side panel (the status line says the rest: a legend split over
    the panel's narrow lines read as a riddle)."""
    cross(fb, scr, cards, None, -1, -1)
    fb.fill_rect(PANEL_X - 1, 0, 240 - PANEL_X + 1, TABLE_H, theme.FELT_DARK)
    text.draw(fb, "Shown", PANEL_X, 2, theme.GOLD, text.BOLD)


def bid_why(scr, words):
    """The bid picker's line (PC-10), in one of the layouts' wordings
    ``words`` (4 str): ``words[0]`` after the 12th trick (the bid must be 0),
    ``words[1] % bid`` on the bid that would make the total 13, ``words[2]``
    on 0 (nil fails now), else ``words[3]``: what a bid counts, the trick
    just won with the rest (the first moment it matters: the rules said it
    only on their pages)."""
    if scr.forced_zero():
        return words[0]
    v = scr.bid_val
    if v == scr.illegal_bid():
        return words[1] % v
    return words[2] if v == 0 else words[3]


def score_corner(fb, scr):
    """The game score (PC-15) top left, the hand number top right."""
    # The game score (PC-15) in the top left corner, the hand top right.
    # Bright and bold: it is the score of the game, not a footnote.
    # Clear of the screen's edges (they touched the left and the top).
    text.draw(fb, "N-S %d" % scr.scores[0], 3, 0, theme.WHITE, text.BOLD)
    text.draw(fb, "E-W %d" % scr.scores[1], 3, 12, theme.WHITE, text.BOLD)
    text.draw_right(fb, "hand %d" % scr.hand_no, 176, 0, theme.TEXT_DIM, text.SMALL)
    if scr.broken:
        text.draw(fb, "\u2663 broken", 3, 62, theme.TEXT_DIM, text.SMALL)


def draw(fb, scr):
    """The screen in modes PASS, RECEIVED, SHOW, SHOWN and TABLE. The pass and
    show steps are drawn by ``app.clubs.deal``, the tricks, bids and takes by
    ``app.clubs.tricks``: each is imported when needed, and on MicroPython
    the other is dropped from the heap (``App.module``)."""
    fb.fill(theme.FELT)
    m = scr.mode
    if m == TABLE:
        _tricks(scr).draw_trick(fb, scr)
    else:
        modules.swap("app.clubs.deal", "app.clubs.tricks").draw(fb, scr)
    _draw_hand(fb, scr)
    if m == TABLE and scr.looking == 1:
        # The last trick's keys on a second line, over the top of the hand.
        fb.fill_rect(0, _STATUS_Y + 12, 240, 12, theme.FELT_DARK)
        text.draw(fb, look_lines(scr)[1], 3, _STATUS_Y + 12, theme.TEXT, text.SMALL)
    if scr.looking:
        pass  # UP looks at the table from the bid picker or take prompt too
    elif scr.bidding():
        _tricks(scr).draw_bid(fb, scr)
    elif scr.taking():
        _tricks(scr).draw_take(fb, scr)


def _tricks(scr):
    return modules.swap("app.clubs.tricks", "app.clubs.deal")


def play_hint(scr):
    """The hint while South is to play: the duty (why cards are greyed) and,
    if it fits, the look key."""
    line = scr.duty()
    return line + "  UP look" if len(line) <= 27 else line


def noted(scr, lines, cols):
    """The line for South's prompt on a row of ``cols`` characters:
    ``lines[0]`` (str; the duty, the key prompt), or while the screen's
    note is up (``scr.note``, Continue's "Game resumed", until the first
    key or event) the note and then the first of ``lines`` that fits beside
    it (a shorter wording last), else the note alone: the raised cards and
    the panels above still say what to do, and the first key gives the
    prompt back whole."""
    note = scr.note
    if not note or scr.pressed:
        return lines[0]
    for line in lines:
        if line and len(note) + 2 + len(line) <= cols:
            return note + "  " + line
    return note


def guided_play(scr, cols):
    """The guided hand's prompt for South's card (``scr.hint``, "KEYS: why",
    app.hint.guide) made to fit a status line of ``cols`` characters, or
    None when the hint is not that prompt. It takes the line that gave the
    duty and the look key (play_hint), so it says them: the duty's gist
    first ("Follow ♥  RIGHT x2, A: 10♥ +10 for N-S"), the look key
    last if there is room; short of room the why loses words from its end
    ("…"), then goes; the keys stay whole."""
    why = getattr(scr, "guide_why", None)
    g = scr.game
    if (not scr.app.guide or not why or scr.hint_alert != ADVICE
            or not scr.hint.endswith(": " + why) or g.phase != clubs.PH_PLAY
            or not scr.human_turn() or scr.bidding() or scr.taking()):
        return None
    keys = scr.hint[: len(scr.hint) - len(why) - 2]
    duty = scr.duty(True)
    lead = (duty + "  " if duty else "") + keys
    for line in (lead + ": " + why + "  UP look", lead + ": " + why):
        if len(line) <= cols:
            return line
    words = why.split(" ")
    for k in range(len(words) - 1, 0, -1):
        if words[k - 1] == "for":  # "+10…", not "+10 for…"
            continue
        line = lead + ": " + " ".join(words[:k]) + "\u2026"
        if len(line) <= cols:
            return line
    return lead if len(lead) <= cols else None


def status(fb, scr, line, alert, color=None):
    """``line`` on the status line: on a panel if ``alert`` (a hint tone,
    ``app.screen.hint_colour``'s colour), else in ``color`` (TEXT by
    default)."""
    if alert:
        fb.fill_rect(0, _STATUS_Y - 1, 240, 13, theme.PANEL)
        col = hint_colour(alert)
    else:
        col = color if color is not None else theme.TEXT
    text.draw(fb, text.fit(line, 236), 3, _STATUS_Y, col, text.SMALL)


def pass_hint(scr):
    """The key hint of the pass step (PC-2)."""
    if not scr.human_turn():
        return "Waiting for the others\u2026"
    if scr.pass_dir != clubs.PASS_NONE and scr.game.phase == clubs.PH_PASS_HEARTS:
        if scr.pick == NO_CARD:
            return "A: this card to %s (pass %s)" % (NAMES[scr.receiver()],
                                                     clubs.PASS_NAMES[scr.pass_dir])
        return "A: this card to North  B: take back"
    return "A: this card to North (partner)"


def look_lines(scr):
    """The status lines of the last-trick view (UP)."""
    # The keys go under the last trick's line.
    return [trick_line(scr.looked_trick()), "UP: shown cards   other keys: back"]


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
            # The card is in its pass slot above: here only its place, where
            # A (or B) takes it back.
            cardview.placeholder(fb, x, base, CW, CH, theme.GOLD)
            if mine and i == scr.cursor:
                cardview.cursor_frame(fb, x, base)
            continue
        if mine and i == scr.cursor:
            y = base - 9 if ok else base - 3
        elif (mine and ok) or new:
            y = base - 6
        else:
            y = base
        cardview.face(fb, c, x, y, dim=mine and not ok)
        if mine and i == scr.cursor:
            cardview.cursor_frame(fb, x, y)
        elif new:
            fb.rect(x, y, CW, CH, theme.GOLD)


# The bid picker's warning before a nil bid (PC-10: you bid having won a
# trick, so nil fails, PC-13); A again bids it.
NIL_WARN = "You took a trick: so nil fails, -5"


def bid_keys(scr):
    """The bid picker's key line: what A does with the number under the
    cursor, or why that number is struck out (PC-10)."""
    v = scr.bid_val
    if scr.forced_zero() and v:
        why = "%d is out: bid 0" % v
    elif v == scr.illegal_bid():
        why = "%d is out: pick another" % v
    elif scr.nil_warned():
        why = "A again: bid 0 anyway"
    else:
        why = "A: bid %d" % v
    # UP looks at the table (as it does there), when the line has room.
    return "\u25c4 \u25ba choose  " + why + ("  UP look" if len(why) < 12 else "")

