"""The Clubs screens in the compact layout (128x64 monochrome, see
``app.kit.compact``); ``app.clubs.screen`` keeps state and keys.

At the table one row per seat in play order N, E, You, W: name (inverted
for the seat to play), tricks won/bid (PC-10), its card in the trick (the
taker's inverted) and the card's value (PC-6); at the right the two
partnership sums (PC-7) and the trick number; then one status row (whose
turn, your duty, who took the trick and why, PC-8/PC-9) and your hand.
The pass, received, show and shown steps (PC-2, PC-3), the bid picker
(PC-10), the take prompt (PC-9), the hand summary (PC-13, PC-14), the
running score and the result (PC-15) each have their own compact screen.
"""

from app.clubs.table import (
    PASS,
    RECEIVED,
    SCORE,
    SHOW,
    SHOWN,
    SUMMARY,
    bid_text,
    bid_why,
    guided_play,
    noted,
    pass_hint,
)
from app.kit import compact as c
from cardgames import clubs

NO_CARD = clubs.NO_CARD
HUMAN = clubs.SOUTH
NAMES = ("North", "East", "You", "West")
TEAMS = clubs.TEAM_NAMES
PANEL_X = 98  # the sums panel


def draw(fb, scr):
    """The whole ClubsScreen ``scr`` in its mode, with its overlays."""
    app = scr.app
    w, h = app.width, app.height
    if c.begin(fb, scr):
        return
    m = scr.mode
    if m == SUMMARY:
        summary(fb, scr, w)
    elif m == SCORE:
        score(fb, scr, w, h)
    elif scr.bidding() and not scr.looking:
        _bid(fb, scr, w, h)
    elif scr.taking() and not scr.looking:
        _take(fb, scr, w, h)
    elif m == PASS:
        _pass(fb, scr, w, h)
    elif m == RECEIVED:
        _received(fb, scr, w, h)
    elif m == SHOW:
        c.bar(fb, "Show a card", 0, w, "hand %d" % scr.hand_no)
        c.lines(fb, "All show a card; all see it till played", 12, 2, w)
        c.hint(fb, scr.hint if scr.hint_alert else noted(scr, ("A: show this card",), cols(w))
               if scr.human_turn() else "Waiting\u2026", 32, w, scr.hint_alert)
        _hand(fb, scr, w, h)
    elif m == SHOWN:
        _seats(fb, scr, scr.shown, None, -1, -1)
        _panel_text(fb, ("Shown",))
        c.hint(fb, "All see them  A: play", 41, w)
        _hand(fb, scr, w, h)
    else:
        _table(fb, scr, w, h)
    if scr.banner:
        title, line = scr.banner
        c.banner(fb, title, [line], w, h)


def cols(w):
    """Characters on a row ``w`` pixels wide (1 px each side)."""
    return (w - 2) // c.SMALL.w


def _seats(fb, scr, cards4, values, turn, mark):
    # One row per seat: name, won/bid, card, value.
    for s in range(4):
        y = 10 * s
        c.put(fb, NAMES[s], 1, y, s == turn)
        c.right(fb, "%d/%s" % (scr.won[s], bid_text(scr.bids[s])), 61, y)
        card = cards4[s]
        if card == NO_CARD:
            continue
        c.card(fb, card, 63, y, s == mark)
        if values is not None:
            c.right(fb, str(values[s]), 96, y)


def _panel_text(fb, rows):
    y = 0
    for s in rows:
        c.put(fb, s, PANEL_X + 1, y)
        y += 10
    fb.vline(PANEL_X - 1, 0, 40, c.ON)


def _table(fb, scr, w, h):
    looking = scr.looking
    if looking == 2:
        # PC-3: the shown cards stay public until played.
        _seats(fb, scr, scr.shown_live, None, -1, -1)
        _panel_text(fb, ("Shown",))
        c.hint(fb, "Shown, not played", 41, w)
        _hand(fb, scr, w, h)
        return
    t = scr.looked_trick() if looking else scr.trick
    g = scr.game
    turn = -1
    if not t.complete() and not looking and scr.hold_until is None:
        turn = g.current_player if g.phase == clubs.PH_PLAY else -1
    _seats(fb, scr, t.cards, t.values, turn, t.taker)
    if not looking:
        t = scr.panel_trick()  # the number and sums: the trick the line tells
    fb.vline(PANEL_X - 1, 0, 40, c.ON)
    c.put(fb, ("last" if looking else "T%d" % t.number), PANEL_X + 1, 0, looking)
    for team in range(2):
        y = 10 + 10 * team
        c.put(fb, TEAMS[team][0] + TEAMS[team][2], PANEL_X + 1, y)
        c.right(fb, str(t.sums[team]), w, y)
    if scr.broken:
        c.put(fb, "\u2663brk", PANEL_X + 1, 30)
    if looking:
        line = short_trick(t)
    elif scr.hint_alert:
        # The guided prompt says the duty (and the look key) it covers.
        c.hint(fb, guided_play(scr, (w - 2) // c.SMALL.w) or scr.hint, 41, w, True)
        line = None
    elif t.complete() and t.taker >= 0:
        line = short_trick(t)
    elif scr.human_turn() and g.phase == clubs.PH_PLAY:
        line = scr.duty()
        if line.startswith("No club played"):
            line = "Lead no \u2663 yet"  # PC-5, in 21 columns
        elif len(line) <= 12:
            line += "  UP look"
        line = noted(scr, (line, scr.duty(True)), cols(w))
    else:
        line = scr.msg
        if len(line) > cols(w) and line.startswith("Hand ") and ", pass" in line:
            # A new hand: who deals, in 21 columns ("Hand 12: North deals");
            # the pass screen says which way the cards go.
            line = line[: line.find(", pass")]
    if line is not None:
        c.put(fb, c.text.fit(line, w - 2), 1, 41)
    _hand(fb, scr, w, h)


def short_trick(t):
    """Who took trick ``t`` and why, in 21 characters or fewer (PC-7,
    PC-8): "E-W 19>12: East takes", "Tie, top K♥: you take"."""
    who = "you" if t.taker == HUMAN else NAMES[t.taker]  # inside the sentence
    takes = "take" if t.taker == HUMAN else "takes"
    if t.why == clubs.WIN_SUM:
        w = t.team
        return "%s %d>%d: %s %s" % (TEAMS[w], t.sums[w], t.sums[1 - w], who, takes)
    return "Tie, top %s: %s %s" % (c.card_name(t.cards[t.high]), who, takes)


def _hand(fb, scr, w, h, flat=False):
    # ``flat``: a wrapped hint's second row is just above: no card raised.
    hand = scr.hand
    mine = (scr.human_turn() and not scr.bidding() and not scr.taking() and not scr.looking)
    legal = scr.legal
    picked = scr.pick
    f0 = f1 = NO_CARD
    if scr.mode == RECEIVED:
        f0 = scr.received[0]
        f1 = scr.received[1]

    def up(i):
        cd = hand[i]
        return cd == picked or (mine and cd in legal)

    def mark(i):
        cd = hand[i]
        return cd == picked or cd == f0 or cd == f1

    c.hand(fb, hand, scr.cursor if mine else -1, h - c.BAR, 0, w, None if flat else up, mark)


def _pass(fb, scr, w, h):
    # PC-2: the Hearts-pass card (hands 1-3 of each 4) then the partner card.
    d = scr.pass_dir
    c.bar(fb, "Hand %d: pass" % scr.hand_no, 0, w, "%d:%d" % (scr.scores[0], scr.scores[1]))
    mine = scr.human_turn()
    first = d != clubs.PASS_NONE and scr.game.phase == clubs.PH_PASS_HEARTS and scr.pick == NO_CARD
    if d == clubs.PASS_NONE:
        c.put(fb, "Only a partner pass", 1, 12)
    else:
        what = "1" if scr.pick == NO_CARD else c.card_name(scr.pick)
        name = clubs.PASS_NAMES[d]
        c.put(fb, "%s: %s to %s" % (name[0].upper() + name[1:], what, NAMES[scr.receiver()]),
              1, 12, mine and first)
    c.put(fb, "Partner: 1 to North", 1, 22, mine and not first)
    rows = 1
    if scr.hint_alert:
        c.hint(fb, scr.hint, 32, w, True)
    else:
        rows = c.lines(fb, noted(scr, (pass_hint(scr),), cols(w)), 32, 2, w)
    _hand(fb, scr, w, h, rows == 2)


def _received(fb, scr, w, h):
    c.bar(fb, "Passed", 0, w, "hand %d" % scr.hand_no)
    gave, rec = scr.gave, scr.received
    x = c.put(fb, "gave", 1, 12) + 3
    for i in range(2):
        if gave[i] != NO_CARD:
            to = clubs.NORTH if i else scr.receiver()
            x = c.card(fb, gave[i], x, 12)
            x = c.put(fb, ">" + NAMES[to][0], x, 12) + 4
    x = c.put(fb, "got", 1, 22) + 3
    if scr.pass_dir != clubs.PASS_NONE:
        src = (HUMAN - clubs.PASS_OFFSET[scr.pass_dir]) % 4
        x = c.card(fb, rec[0], x, 22)
        x = c.put(fb, "<" + NAMES[src][0], x, 22) + 4
    x = c.card(fb, rec[1], x, 22)
    c.put(fb, "<N", x, 22)
    c.hint(fb, "A: on  new underlined", 32, w)
    _hand(fb, scr, w, h)


def _bid(fb, scr, w, h):
    g = scr.game
    c.bar(fb, "Your bid", 0, w, "you won T%d" % g.n_tricks)
    parts = ["%s%s" % (NAMES[s][0], bid_text(scr.bids[s]))
             for s in (clubs.NORTH, clubs.EAST, clubs.WEST)]
    c.put(fb, "%s total %d" % (" ".join(parts), g.bids_total()), 1, 12)
    v = scr.bid_val
    bad = scr.illegal_bid()
    off = v == bad or (scr.forced_zero() and v)
    x = c.put(fb, "\u25c4", 1, 22) + 2
    x = c.put(fb, " %s " % bid_text(v), x, 22, True) + 2
    x = c.put(fb, "\u25ba", x, 22) + 6
    if off:
        c.put(fb, "out", x, 22)
    why = bid_why(scr, ("After trick 12: bid 0", "%d out: total 13", "Any bid 0-13",
                        "Count this trick too"))
    warned = scr.nil_warned()
    if warned:
        c.hint(fb, "Trick won: nil fails", 32, w, True)  # -5 (PC-13)
    elif scr.hint_alert:
        c.hint(fb, scr.hint, 32, w, True)
    else:
        c.put(fb, noted(scr, (why,), cols(w)), 1, 32)
    c.put(fb, "A again: bid 0" if warned else "A: bid" if not off else "pick another", 1, 42)
    _hand(fb, scr, w, h)


def _take(fb, scr, w, h):
    # PC-9: a tie between partners' cards; the trick stays in view.
    t = scr.trick
    _seats(fb, scr, t.cards, t.values, -1, -1)
    c.put(fb, "Tie!", PANEL_X + 1, 0)
    c.put(fb, noted(scr, ("Who takes it?",), 13), 1, 41)  # 13 columns: "Me" at x 81
    items = ("Me", "North")
    x = 81
    for i in range(2):
        sel = i == scr.take_sel
        x = c.put(fb, items[i], x, 41, sel) + 3
    if scr.hint_alert:
        c.hint(fb, scr.hint, 32, w, True)
    _hand(fb, scr, w, h)


def summary(fb, scr, w):
    """The hand's scores (PC-13, PC-14): per player bid, won and points,
    per team the hand score (Adams included)."""
    # Imported here: the score lines leave the heap with the summaries
    # (app.clubs.screen's ``_table``).
    from app.clubs.score import adams_line

    hs = scr.summary
    c.bar(fb, "Hand %d" % scr.history[-1][0], 0, w, "bid won pts")
    y = 11
    for s in (clubs.NORTH, clubs.SOUTH, clubs.EAST, clubs.WEST):
        c.put(fb, NAMES[s], 1, y)
        c.right(fb, bid_text(hs.bids[s]), 72, y)
        c.right(fb, str(hs.won[s]), 96, y)
        c.right(fb, "%+d" % hs.seat_scores[s], w, y)
        y += 10
    line = "N-S %+d  E-W %+d" % (hs.team_scores[0], hs.team_scores[1])
    if adams_line(hs):
        line += " Adam"
    c.put(fb, c.text.fit(line, w - 2), 1, y + 2, True)


def score(fb, scr, w, h):
    """The running score to the target (PC-15): the listed hands (UP/DOWN
    scroll), the totals."""
    from app.clubs.score import more_line, score_first

    g = scr.game
    c.bar(fb, "Score to %d" % g.target, 0, w, "N-S E-W")
    hist = scr.history
    first = score_first(scr)
    rows = 3
    # The compact screen lists the last 3 of the big screen's 5-row window.
    start = max(first, min(len(hist), first + 5) - rows)
    y = 11
    for i in range(start, min(len(hist), start + rows)):
        n, a, b = hist[i]
        c.put(fb, "hand %d" % n, 1, y)
        c.right(fb, "%+d" % a, 90, y)
        c.right(fb, "%+d" % b, w, y)
        y += 10
    y = 42
    fb.hline(0, y - 1, w, c.ON)
    c.put(fb, "total", 1, y)
    c.right(fb, str(scr.scores[0]), 90, y)
    c.right(fb, str(scr.scores[1]), w, y)
    more = more_line(scr)
    c.put(fb, c.text.fit(more or ("A: result" if g.is_over() else "A: next hand"), w - 2), 1,
          53)


def result(fb, scr):
    """The clubs ResultScreen (PC-15)."""
    lines = [scr.line, "N-S %d  E-W %d" % scr.scores,
             "%d hand%s" % (len(scr.history), "" if len(scr.history) == 1 else "s")]
    if scr.wins[0] + scr.wins[1] > 1:
        lines.append("Games N-S %d E-W %d" % scr.wins)
    c.result(fb, scr.app.width, scr.app.height, scr.headline, lines, scr.keys())
