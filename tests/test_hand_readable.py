"""Every card of a hand stays readable (CB-4: a Clubbed hand grows by
drawing): for every hand size a game allows, on every board, with the cursor
at every position, each card drawn shows its whole index (rank and suit, the
pixels of its corner as on the card alone), no two shown cards are the same
card, the cursor's card is shown, and a hand that does not fit shows ◄ or ►
and shows every card at some cursor position.

The largest Clubbed hand: facing a top card, a hand may draw while it holds
no card of the top's suit or rank (CB-3, CB-4): 52 - 13 - 3 = 36 cards, and
the draw that brings a match makes 37. Clubs deals 13 (PC-2); Klaberjass 9
(KJ-2: six, then three more).
"""

import apptest
import framebuf
import pytest

from app.kit import cardview, text, theme
from app.kit import compact as kc
from cardgames import clubbed

CLUBBED_MAX = 52 - 13 - 3 + 1
BOARDS = ((240, 135, False), (240, 240, False), (128, 64, True))


def _hand_cards(n):
    # Hearts and diamonds first, then spades and clubs, as a long hand
    # would hold them (sorted, every rank and suit in the mix).
    order = [c for s in (2, 1, 3, 0) for c in range(s * 13, s * 13 + 13)]
    return bytes(sorted(order[:n]))


def _session(game, size, mono):
    class S(apptest.Session):
        SIZE = size[:2]
        MONO = mono

    s = S(7)
    s.choose_game(game)
    s.press("A")
    while game == "Klaberjass" and not hasattr(s.app.screen, "hand"):
        s.press("A")
    return s


def _record(monkeypatch, compact):
    """Every card face (or chip) drawn: (card, x, y, dim or inverted)."""
    seen = []
    if compact:
        orig = kc.card

        def chip(fb, c, x, y, inv=False):
            seen.append((c, x, y, inv))
            return orig(fb, c, x, y, inv)

        monkeypatch.setattr(kc, "card", chip)
    else:
        # Told by the drawing kit itself (``text.listener``), as the
        # simulator's text view is: a hand's cursor card is drawn without a
        # call to ``cardview.face`` (its helpers keep their frames small).
        monkeypatch.setattr(text, "listener", _Faces(seen))
    return seen


class _Faces:
    """A ``text.listener`` that notes every full-size card face drawn."""

    def __init__(self, seen):
        self.seen = seen

    def card(self, fb, c, x, y, w, h, dim):
        if (w, h) == (theme.CARD_W, theme.CARD_H):
            self.seen.append((c, x, y, dim))

    def text(self, fb, s, x, y, color, font):
        pass

    def right(self, fb, rx, y):
        pass

    def end(self):
        pass

    def backs(self, fb, n, x, y, w, h, step):
        pass

    def place(self, fb, x, y, w, h):
        pass

    def rect(self, fb, x, y, w, h):
        pass


def _new_fb(w, h, mono):
    fmt = framebuf.MONO_VLSB if mono else framebuf.GS8
    size = w * ((h + 7) // 8) if mono else w * h
    fb = framebuf.FrameBuffer(bytearray(size), w, h, fmt)
    fb.fill(0)
    return fb


_CHIP = kc.card
_FACE = cardview.face
_CORNERS = {}


def _alone(fb, c, x, y, flag, compact):
    if compact:
        _CHIP(fb, c, x, y, flag)
    else:
        _FACE(fb, c, x, y, dim=flag)


def _corner(c, flag, compact, mono):
    """The pixels of card ``c``'s index drawn alone at (0, 0): a dict
    {(dx, dy): colour} over the box around its rank and suit ink."""
    key = (c, flag, compact, mono)
    if key in _CORNERS:
        return _CORNERS[key]
    fb = _new_fb(40, 48, mono)
    x = y = 4
    _alone(fb, c, x, y, flag, compact)
    if compact:
        ink = kc.OFF if flag else kc.ON
        x0, y0, x1, y1 = x, y, x + kc.card_w(c), y + kc.BAR
    else:
        ink = cardview.suit_color(c, flag)
        x0, y0, x1, y1 = x + 2, y + 1, x + 16, y + 33  # inside the edge
    pts = [(px, py) for py in range(y0, y1) for px in range(x0, x1) if fb.pixel(px, py) == ink]
    assert pts, "card %d drew no index" % c
    bx0 = min(p[0] for p in pts) - 1
    bx1 = max(p[0] for p in pts) + 1
    by0 = min(p[1] for p in pts)
    by1 = max(p[1] for p in pts)
    out = {(px - x, py - y): fb.pixel(px, py)
           for py in range(by0, by1 + 1) for px in range(bx0, bx1 + 1)}
    _CORNERS[key] = out
    return out


def _check(seen, hand_draw, scr, cards, n_slots, compact, w, h, mono):
    union = set()
    for cur in range(n_slots):
        scr.cursor = cur
        del seen[:]
        fb = _new_fb(w, 135 if h == 240 else h, mono)
        marks = apptest.strings_drawn(lambda fb=fb: hand_draw(fb))
        shown = []
        for c, x, y, flag in seen:
            if c not in cards:
                continue
            want = _corner(c, flag, compact, mono)
            if all(fb.pixel(x + dx, y + dy) == v for (dx, dy), v in want.items()):
                shown.append(c)
        where = "%d cards, cursor %d on %dx%d" % (len(cards), cur, w, h)
        assert len(shown) == len(set(shown)), where + ": a card shown twice"
        if cur < len(cards):
            assert cards[cur] in shown, where + ": the cursor's card unreadable"
        if len(shown) < len(cards):
            assert "\u25c4" in marks or "\u25ba" in marks, where + ": cards hidden, no marker"
        drawn = [r[0] for r in seen if r[0] in cards]
        assert set(drawn) <= set(shown), where + ": %s drawn but covered" % (
            sorted(set(drawn) - set(shown)),)
        union.update(shown)
    assert union == set(cards), "%d cards on %dx%d: never all shown" % (len(cards), w, h)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: "%dx%d" % b[:2])
@pytest.mark.parametrize("draw_slot", (False, True), ids=("no_draw", "draw"))
def test_clubbed_hand_every_size_every_cursor(board, draw_slot, monkeypatch):
    w, h, mono = board
    s = _session("Clubbed", board, mono)
    scr = s.app.screen
    compact = s.app.compact
    monkeypatch.setattr(type(scr), "human_turn", lambda self: True)
    seen = _record(monkeypatch, compact)
    if compact:
        from app.clubbed import compact as cc

        def hand_draw(fb):
            cc._hand(fb, scr, w, h)
    else:
        def hand_draw(fb):
            scr._draw_hand(fb)
    for n in range(1, CLUBBED_MAX + 1):
        cards = _hand_cards(n)
        scr.hand = cards
        scr.slots = list(cards) + ([clubbed.DRAW] if draw_slot else [])
        scr.legal = [c for c in cards if c % 3 == 0] + ([clubbed.DRAW] if draw_slot else [])
        _check(seen, hand_draw, scr, cards, len(scr.slots), compact, w, h, mono)


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: "%dx%d" % b[:2])
def test_clubs_and_klaberjass_hands_every_cursor(board, monkeypatch):
    w, h, mono = board
    for game, most in (("Clubs", 13), ("Klaberjass", 9)):
        s = _session(game, board, mono)
        scr = s.app.screen
        compact = s.app.compact
        cls = type(scr)
        seen = _record(monkeypatch, compact)
        if game == "Clubs":
            from app.clubs import compact as gc
            from app.clubs import table

            monkeypatch.setattr(cls, "human_turn", lambda self: True)
            monkeypatch.setattr(cls, "bidding", lambda self: False)
            monkeypatch.setattr(cls, "taking", lambda self: False)
            scr.pick = 255
            draw_big = table._draw_hand
        else:
            from app.klaberjass import compact as gc

            monkeypatch.setattr(cls, "_waiting", lambda self: False)
            draw_big = type(scr)._draw_hand
        for n in range(1, most + 1):
            cards = _hand_cards(n)
            scr.hand = list(cards) if game == "Clubs" else cards
            scr.legal = [c for c in cards if c % 2 == 0]

            def hand_draw(fb, scr=scr, gc=gc, draw_big=draw_big, clubs=game == "Clubs",
                          compact=compact):
                if compact:
                    gc._hand(fb, scr, w, h)
                elif clubs:
                    draw_big(fb, scr)
                else:
                    draw_big(scr, fb)

            _check(seen, hand_draw, scr, cards, n, compact, w, h, mono)
        monkeypatch.undo()
