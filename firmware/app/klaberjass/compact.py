"""The Klaberjass screens in the compact layout (128x64 monochrome, see
``app.kit.compact``); ``app.klaberjass.screen`` keeps state and keys.

Table rows: West (inverted on West's turn) and both scores; the turned card
(inverted chip), the trump or the bid asked and who bid, the bottom card
(KJ-3, KJ-4, KJ-6); the trick (West's card, yours; the winner's inverted) or
the passes so far; your duty or whose turn; the bid/exchange choices, an
alert or the latest event; your hand. The round summary (KJ-14) and the
result (KJ-15) are tables of the same figures as on the big screen.
"""

from app.kit import compact as c
from app.klaberjass.score import against_you, summary_rows
from cardgames import klaberjass as kj

NAMES = ("You", "West")
_BACK_W = 7  # a card back on the top row, before West's number of cards


def draw(fb, scr):
    """The whole KlaberjassScreen ``scr`` (table, summary, overlays)."""
    app = scr.app
    w, h = app.width, app.height
    if c.begin(fb, scr):
        return
    if scr.summary is not None and not scr.looking:
        summary(fb, scr.summary, w, h)
        return
    if scr.looking:
        c.look(fb, scr.look_lines, scr.look_top, c.look_rows(h), w, h)
        return
    g = scr._view()
    west = (g.current_player == 1 and g.phase != kj.EXCHANGING and scr.frozen is None
            and not scr._waiting())
    # Each score by its name, so that three-digit scores never run into
    # the dealer mark: "West 204 dlr", "you 208" at the right.
    x = c.put(fb, "West", 1, 0, west)
    x = c.put(fb, " %d" % g.scores[1], x, 0)
    if g.dealer == 1:
        x = c.put(fb, "dlr", x + 6, 0)
    you = "you %d" % g.scores[0]
    c.right(fb, you, w, 0)
    # West's cards: a back and their number, where the row has room for
    # them (not with the dealer mark and long scores; your hand shows the
    # same number but for a card on the table).
    if x + 4 + _BACK_W + 7 <= w - len(you) * c.SMALL.w - 4:
        c.back(fb, x + 4, 0, _BACK_W)
        c.put(fb, str(scr.n_opp), x + 5 + _BACK_W, 0)
    x = c.card(fb, g.turned, 1, 11, True) + 4
    if g.trump == kj.NO_SUIT:
        # The bidding's rounds (KJ-4) as chances: "round" read as a deal.
        if g.phase == kj.BID1:
            what = "1st chance: %s?" % kj.SUIT_SYMBOLS[g.turned_suit]
        else:
            what = "2nd chance: suit?"
    else:
        what = "trump %s %s" % (kj.SUIT_SYMBOLS[g.trump], "you" if g.maker == 0 else "West")
    c.put(fb, what, x, 11)
    bottom = g.bottom()
    if bottom != kj.NO_CARD:
        c.card(fb, bottom, w - c.card_w(bottom), 11)
    _trick(fb, scr, g, w)
    status = _status(fb, scr, g, w)
    rows = 1
    if scr.choices and not scr._waiting():
        _choices(fb, scr, w)
        if scr.hint_alert:  # a hint (app.hint) above the choices
            c.hint(fb, scr.hint, 32, w, True)
    elif scr.hint_alert:
        c.hint(fb, scr.hint, 42, w, True)
    elif status is None:
        rows = c.lines(fb, scr.event_line(), 32, 2, w)  # the event may take both rows
    elif status:
        # Your duty, on two rows if it needs them, else the event under it;
        # but a note ("Game resumed" after Continue) keeps that row until
        # the first key, the duty cut to one row meanwhile (all of it after
        # that key): under a two-row duty the note was never seen.
        if scr.note and not scr.pressed:
            c.put(fb, c.text.fit(status, w - 2), 1, 32)
        else:
            rows = c.lines(fb, status, 32, 2, w)
        if rows < 2:
            c.put(fb, c.text.fit(scr.event_line(), w - 2), 1, 42)
    else:
        c.put(fb, c.text.fit(scr.event_line(), w - 2), 1, 42)
    _hand(fb, scr, w, h, rows == 2)
    if scr.banners:
        title, lines, cs, _ = scr.banners[0]
        c.banner(fb, title, lines, w, h, cs)


def _trick(fb, scr, g, w):
    y = 22
    if g.trump == kj.NO_SUIT and not scr.trick:
        # Bidding (KJ-4): the passes so far, non-dealer first.
        seat = 1 - g.dealer
        who = []
        for _ in g.bids():
            who.append("W" if seat else "You")
            seat = 1 - seat
        if who:
            c.put(fb, " ".join(who) + " pass", 1, y)
        return
    x = 1
    winner = scr.last[3] if scr.trick_done and scr.last is not None else -1
    for s, card in sorted(scr.trick, key=lambda sc: -sc[0]):
        x = c.put(fb, "W" if s == 1 else "You", x, y) + 2
        x = c.card(fb, card, x, y, s == winner) + 6
    if winner >= 0:
        c.right(fb, "%s +%d" % ("W" if winner else "you", scr.last[4]), w, y)


def _status(fb, scr, g, w):
    # Draws the status row; returns None when it is free, the duty hint
    # (str) for the caller to place, or "" when drawn here.
    y = 32
    if scr.trick_done and scr.trick_until is None and scr.last is not None:
        # The deal's last trick waits for A (its +10: KJ-13).
        c.put(fb, "%s +10 last  A:score" % ("You" if scr.last[3] == 0 else "W"), 1, y, True)
        return ""
    if scr.trick_done or scr._waiting() or scr.frozen is not None:
        return None
    if g.phase == kj.EXCHANGING and g.current_player != 0:
        return None  # KJ-7: do not tell who holds the seven
    if g.current_player == 0 and not scr.autoplay:
        if g.phase == kj.PLAY:
            return scr.hint
        elif g.phase == kj.EXCHANGING:
            c.put(fb, "Swap %s for %s?" % (kj.symbol_name(g.trump * 13 + kj.R7),
                                           kj.symbol_name(g.turned)), 1, y, True)
        else:
            # The bid asked, unless a note ("Game resumed") has the row
            # until the next event: the choices below ask the bid too.
            if scr.note:
                c.put(fb, scr.note, 1, y)
            else:
                c.put(fb, "Your bid" if g.phase == kj.BID1 else "Name trump?", 1, y, True)
    elif g.current_player is not None:
        p = g.current_player
        c.put(fb, "%s %s%s\u2026" % (NAMES[p], "bid" if g.phase in (kj.BID1, kj.BID2)
                                     else "play", "" if p == 0 else "s"), 1, y)
    else:
        return None
    return ""


def choice_label(a, g):
    """Short button text of a bid or exchange action (KJ-4, KJ-7)."""
    if a == kj.ACCEPT:
        return "Accept " + kj.SUIT_SYMBOLS[g.turned_suit]  # as 240 px wide screens
    if a == kj.PASS:
        return "Pass"
    if kj.NAME_CLUBS <= a <= kj.NAME_SPADES:
        return kj.SUIT_SYMBOLS[a - kj.NAME_CLUBS]
    if a == kj.EXCHANGE:
        return "Swap"
    return "Keep"


def _choices(fb, scr, w):
    g = scr.game
    labels = [choice_label(a, g) for a in scr.choices]
    total = sum(len(s) * 6 + 6 for s in labels) - 2
    x = max(0, (w - total) // 2)
    y = 42
    for i in range(len(labels)):
        s = labels[i]
        bw = len(s) * 6 + 4
        if i == scr.choice:
            fb.fill_rect(x, y - 1, bw, c.BAR + 1, c.ON)
        else:
            fb.rect(x, y - 1, bw, c.BAR + 1, c.ON)
        c.text.draw(fb, s, x + 2, y - 1, c.OFF if i == scr.choice else c.ON, c.SMALL)
        x += bw + 2


def _hand(fb, scr, w, h, flat=False):
    # ``flat``: a wrapped hint's second row is just above: the playable
    # cards stay down, clear of its letters (the hint names them).
    playing = scr.your_turn()
    legal = scr.legal
    hand = scr.hand

    def up(i):
        return playing and hand[i] in legal

    c.hand(fb, hand, scr.cursor if playing else -1, h - c.BAR, 0, w, None if flat else up)


def verdict(rs):
    """The maker's fate in a few words (KJ-14): "West made it 96:66",
    "You failed: West +162"."""
    m = rs.maker
    if rs.failed:
        # "West failed: you +162": "you" inside the sentence.
        return "%s failed: %s +%d" % (NAMES[m], "West" if m == 0 else "you",
                                      rs.totals[0] + rs.totals[1])
    return "%s made it %d:%d" % (NAMES[m], rs.totals[m], rs.totals[1 - m])


def summary(fb, view, w, h):
    """RoundView ``view`` (KJ-14): points, sequence and bella, totals, the
    verdict and the game score, per seat in two columns."""
    rs = view.rs
    c.bar(fb, "Deal %d: %s" % (view.number, kj.SUIT_SYMBOLS[rs.trump]), 0, w, "you West")
    rows = {label: (a, b) for label, a, b in summary_rows(rs)}
    pts, last = rows["Card points"], rows["Last trick"]
    seq, bella = rows["Sequence"], rows["Bella"]
    lines = (("Cards, last", pts[0] + last[0], pts[1] + last[1]),
             ("Seq, bella", seq[0] + bella[0], seq[1] + bella[1]),
             ("Total", rows["Total"][0], rows["Total"][1]))
    y = 12
    for label, a, b in lines:
        c.put(fb, label, 1, y)
        c.right(fb, str(a), 97, y)
        c.right(fb, str(b), w, y)
        y += 10
    c.put(fb, c.text.fit(verdict(rs), w - 2), 1, y, against_you(rs))
    y += 11
    c.put(fb, "Game to %d" % view.target, 1, y)
    c.right(fb, str(view.after[0]), 97, y)
    c.right(fb, str(view.after[1]), w, y)


def result(fb, scr):
    """The KlaberjassResult screen (KJ-15)."""
    lines = ["You %d, West %d" % scr.scores, "to %d, %d deal%s" % (
        scr.target, scr.rounds, "" if scr.rounds == 1 else "s")]
    if scr.wins[0] + scr.wins[1] > 1:
        lines.append("Games: you %d, W %d" % scr.wins)
    c.result(fb, scr.app.width, scr.app.height, scr.headline, lines, scr.keys())
