"""Clubs' panel on the tall 240x240 layout (app.kit.tall), above its 240x135
table: scores, bids and tricks won, the last trick, the shown cards still
held, the latest event. Imported only on a 240x240 screen."""


from app.clubs.table import trick_line
from cardgames import clubs


def lines(scr):
    """Clubs' public information: scores, bids and tricks won (PC-10), the
    last trick and why it was won (PC-8, PC-9), the shown cards still held
    (PC-3), the latest event."""
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
