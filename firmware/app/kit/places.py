"""Where each card face was drawn in the last frame, and the moves of cards
the game screens cue for ``app.kit.motion``.

The screens draw still frames, as ever. ``cardview.face`` and the compact
layout's ``card`` call ``mark`` for every card face they draw, so this module
knows where each card lies in the frame just drawn: no screen needs to know
where another layout puts a card. When a card changes place in the game, its
screen cues the move (``cue``) before the frame that shows
the new place is drawn; the cue keeps where the card lay until then. The app
(``App.step``) hands the cues to ``app.kit.motion`` after drawing that frame,
which knows the new places, and the card travels from the old to the new.

Kept small, and in the heap for good (the kit's card drawing needs it): one
record per card and a few cues, all bytes allocated at import. Coordinates are
the frame's a screen draws on (the view's, on the tall layout), 0..255.
"""

from micropython import const

SOUTH = const(0)  # the sides of the table, for a card seen coming or going
WEST = const(1)
NORTH = const(2)
EAST = const(3)

PLAY = const(1)  # the kinds of cue: a card played (to the trick or the pile),
TAKE = const(2)  # a card taken off the table (a won trick),
DEAL = const(3)  # a card drawn or dealt to a hand (from a point: the stock)
MOVE_MS = (250, 170, 0)  # ms a move takes: Slow, Normal, Fast (no motion)

_REC = const(6)  # per card: x, y, w, h, how (see ``mark``), frame mark
# Per cue: card, kind, side (255: from x, y), x, y, w, h, how.
_CUE = const(8)
_MAX_CUES = const(6)

POS = bytearray(_REC * 52)
# FRAME[0]: the mark of the frame being drawn (1..255, counted by App.step; 0
# while app.kit.motion paints a card of its own, which is no place on the
# table). FRAME[1]: cues.
FRAME = bytearray(2)
FRAME[0] = 1
CUES = bytearray(_CUE * _MAX_CUES)
HIDDEN = bytearray(52)  # 1: a card in flight, left out of the frame drawn under it


def mark(c, x, y, w, h, how):
    """Card ``c`` drawn at (x, y), ``w`` x ``h`` pixels (``how``: 1 dimmed
    or inverted, 2 a small card, ``cardview.chip``); True when it is in
    flight and must not be drawn there."""
    # FRAME[0] read twice, not kept in a local: with one more slot this
    # frame would come from the heap (cardview's note), once a card drawn.
    if FRAME[0] and 0 <= x < 256 and 0 <= y < 256:
        i = _REC * c
        POS[i] = x
        POS[i + 1] = y
        POS[i + 2] = w
        POS[i + 3] = h
        POS[i + 4] = how & 3
        POS[i + 5] = FRAME[0]
    return HIDDEN[c] == 1


def drawn(c):
    """True when card ``c`` is drawn in the frame last drawn (or being drawn)."""
    return POS[_REC * c + 5] == FRAME[0]


def cue(app, c, kind, side, x=0, y=0):
    """Cue a move of card ``c`` for the next frame drawn (none with Fast
    card motion): ``PLAY``, it leaves a hand for the table, from where it
    is drawn now or (a hidden hand) from the table's ``side`` (``SOUTH``...);
    ``TAKE``, it goes from the table to the player at ``side``; ``DEAL``,
    it comes to a hand from the point (x, y), the stock's (``side`` 255)."""
    n = FRAME[1]
    if app.motion >= 2 or n >= _MAX_CUES:  # Fast: cards jump (no motion)
        return
    i = _CUE * n
    j = _REC * c
    CUES[i] = c
    CUES[i + 1] = kind
    CUES[i + 2] = side
    CUES[i + 3] = x
    CUES[i + 4] = y
    if kind != DEAL and drawn(c):
        # Where the card lies now, in the frame on the screen (a card
        # played comes from there, not from its side).
        if kind == PLAY:
            CUES[i + 2] = 255
        for k in range(5):
            CUES[i + 3 + k] = POS[j + k]
    elif kind == TAKE:
        return  # not on the screen: nothing to move
    FRAME[1] = n + 1


def clear():
    """Forget the cues (they were used, or the screen changed)."""
    FRAME[1] = 0
