"""The Clubbed table in the compact layout (128x64 monochrome, see
``app.kit.compact``); the screen (``app.clubbed.screen``) keeps state and keys.

Rows: West (inverted on West's turn), hand size and collection; the top of
the discard pile (inverted chip), pile and stock counts; whose turn and your
collection; the last two events (or the latest on both rows when long, or
the hint); your hand, playable cards
raised, the cursor inverted, DRAW at the right end when you may draw.
"""

from app.kit import compact as c
from app.kit import places
from cardgames import clubbed


def draw(fb, scr):
    """The whole table of ClubbedScreen ``scr``, with its overlays."""
    app = scr.app
    g = scr.game
    w, h = app.width, app.height
    if c.begin(fb, scr):
        return
    if scr.looking:
        c.look(fb, scr.look_lines, scr.look_top, c.look_rows(h), w, h)
        return
    c.put(fb, "West", 1, 0, g.current_player == 1)
    c.put(fb, "%d held" % g.hand_size(1), 32, 0)
    c.right(fb, "coll %d" % g.collected(1), w, 0)
    if g.n_pile:
        if places.HIDDEN[g.top()] and g.n_pile > 1:
            c.card(fb, g.pile[g.n_pile - 2], 1, 12, True)  # under the card in flight
        x = c.card(fb, g.top(), 1, 12, True) + 4
    else:
        c.slot(fb, 1, 12)
        x = 18
    c.put(fb, "pile %d stock %d" % (g.n_pile, g.n_stock), x, 12)
    if g.is_over():
        # The finished game waits for A when West's move ended it.
        turn = "A: the result" if scr._over_waits() else "Game over"
    elif scr.banner:
        turn = "Clubbed!"
    elif scr.human_turn():
        turn = "Your turn"
    else:
        turn = "West plays\u2026"
    c.put(fb, turn, 1, 22, scr.human_turn() and not g.is_over())
    c.right(fb, "coll %d" % g.collected(0), w, 22)
    _events(fb, scr, w)
    _hand(fb, scr, w, h)
    if scr.banner:
        title, line, who, _ = scr.banner
        c.banner(fb, title, [who, line] if scr.banner_until is not None
                 else [who, line, "A/B: continue"], w, h)


def draw_part(fb, scr, r):
    """After a cursor move (``ClubbedScreen.draw_part``): the hand's rows
    drawn again, and ``r`` (x, y, w, h) set to them, the whole width (an
    OLED sends whole 8-row pages). The event rows above are drawn again
    too (text only adds its glyphs, so the same pixels): a descender of
    their lower row lies in the raised cards' top row, cleared here."""
    w, h = scr.app.width, scr.app.height
    y = h - c.BAR - 2  # the raised cards' top
    fb.fill_rect(0, y, w, h - y, c.OFF)
    _events(fb, scr, w)
    _hand(fb, scr, w, h)
    r[0] = 0
    r[1] = y
    r[2] = w
    r[3] = h - y
    return True


def _events(fb, scr, w):
    # The last two events (or the latest on both rows when long, or the
    # hint), rows 31 and 41.
    msgs = scr.msgs
    if scr.hint_alert:
        c.put(fb, c.text.fit(msgs[-1], w - 2), 1, 31)
        c.hint(fb, scr.hint, 41, w, True)
    elif msgs and len(msgs[-1]) * c.SMALL.w > w - 2:
        c.lines(fb, msgs[-1], 31, 2, w)  # a long latest event gets both rows
    elif msgs:
        # The latest on top, as every list of what happened.
        c.put(fb, c.text.fit(msgs[-1], w - 2), 1, 31)
        if len(msgs) > 1:
            c.put(fb, c.text.fit(msgs[-2], w - 2), 1, 41)


def _hand(fb, scr, w, h):
    slots = scr.slots
    cards = scr.hand
    mine = scr.human_turn()
    has_draw = clubbed.DRAW in slots
    x1 = w - 28 if has_draw else w
    cur = scr.cursor if mine else -1
    legal = scr.legal
    y = h - c.BAR

    def up(i):
        return mine and cards[i] in legal

    c.hand(fb, cards, cur if cur < len(cards) else -1, y, 0, x1, up)
    if has_draw:
        sel = mine and cur == len(slots) - 1
        if sel:
            fb.fill_rect(w - 27, y - 2, 27, c.BAR, c.ON)
        else:
            fb.rect(w - 27, y - 2, 27, c.BAR, c.ON)
        c.text.draw(fb, "DRAW", w - 25, y - 3, c.OFF if sel else c.ON, c.SMALL)
