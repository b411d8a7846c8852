"""Cards that move: a played card travels from the hand (or the player's
side of the table) to the trick or the pile, a won trick slides to its
winner, a drawn card comes from the stock. Loaded by the app when a move
starts and dropped when it ends (``App.step``); the screens only cue moves
(``app.kit.places``).

How: the frame with the new places is drawn with the cards cued to come to
a place left out (``places.HIDDEN``). Then, every ``STEP_MS`` of the
app's clock, each card in flight is lifted off (the pixels it covered put
back from a buffer), moved along an eased path and painted again (after
keeping what it covers now), and only the rectangle that changed is
pushed (``show_rect``: on an ST7789 a window of the panel). When the time is up the
app draws the still frame as ever, so a move always ends on the frame a
screen without motion shows.

Memory: the buffers (one per card, of what it covers: 816 bytes for a
24x34 card) are allocated when a move starts and dropped when it
ends, so nothing is held at the table while the computer thinks; a frame of
the move allocates nothing. Times are ms of the app's clock; coordinates
frame pixels.
"""

import framebuf
from micropython import const

from app.kit import places

STEP_MS = const(16)  # a frame of motion is due this long after the last
# Per card in ``Motion.s``: from x0, y0 to x1, y1; w, h; at x, y now; the
# size of the buffer of what it covers; how it is drawn; at x, y the frame
# before.
_N = const(12)


def _side(side, w, h, vw, vh):
    # Just past the edge of the table at ``side``, the card half out of sight.
    if side == places.SOUTH:
        return (vw - w) // 2, vh - h // 3
    if side == places.NORTH:
        return (vw - w) // 2, -(h * 2 // 3)
    if side == places.WEST:
        return -(w * 2 // 3), (vh - h) // 2
    return vw - w // 3, (vh - h) // 2


class Motion:
    """The moves cued for the frame ``app`` draws next: made before it is
    drawn, ``begin`` once it is (not shown yet)."""

    def __init__(self, app):
        # Before the frame with the new places is drawn: the cards cued to
        # come to a place are left out of it.
        self.app = app
        # A display without a frame (the test doubles that skip drawing for
        # speed) has nothing to fly a card over: the cards jump.
        self.off = not isinstance(app.display.fb, framebuf.FrameBuffer)
        if self.off:
            return
        cues = places.CUES
        for i in range(0, 8 * places.FRAME[1], 8):
            if cues[i + 1] != places.TAKE:
                places.HIDDEN[cues[i]] = 1

    def begin(self, now):
        """The frame is drawn: set the move up and stamp the cards at their
        starting places; False when none of the cards cued is on the screen,
        before or after (nothing to move; the frame is whole)."""
        app = self.app
        if self.off:
            places.clear()
            return False
        vw = app.width
        vh = 135 if app.tall else app.height
        oy = app.tall_top if app.tall else 0  # the table's view on a tall screen
        cues = places.CUES
        pos = places.POS
        hidden = places.HIDDEN
        n_cues = places.FRAME[1]
        places.clear()
        s = []
        cards = []
        for i in range(0, 8 * n_cues, 8):
            c, kind, side = cues[i], cues[i + 1], cues[i + 2]
            j = 6 * c
            if kind == places.TAKE:
                if places.drawn(c):
                    continue  # still on the table
                w, h, how = cues[i + 5], cues[i + 6], cues[i + 7]
                x0, y0 = cues[i + 3], cues[i + 4]
                x1, y1 = _side(side, w, h, vw, vh)
            else:
                if not places.drawn(c):
                    continue  # not on the screen now (a scrolled hand, an overlay)
                # Left out of the frame just drawn (``__init__``): it
                # flies even if it is in place already (a still sprite).
                x1, y1, w, h, how = pos[j], pos[j + 1], pos[j + 2], pos[j + 3], pos[j + 4]
                if side == 255:
                    x0, y0 = cues[i + 3], cues[i + 4]
                else:
                    x0, y0 = _side(side, w, h, vw, vh)
            s += (x0, y0 + oy, x1, y1 + oy, w, h, x0, y0 + oy,
                  w * h if not app.mono else w * ((h + 7) // 8), how, x0, y0 + oy)
            cards.append(c)
        for c in range(52):
            hidden[c] = 0
        if not cards:
            return False  # no card cued was drawn: nothing was left out either
        self.s = s
        self.n = len(cards)
        self.cards = bytes(cards)
        fmt = framebuf.MONO_VLSB if app.mono else framebuf.GS8
        total = 0
        for k in range(0, len(s), _N):
            total += s[k + 8]
        self.buf = bytearray(total)
        mv = memoryview(self.buf)
        self.unders = []
        off = 0
        for k in range(0, len(s), _N):
            size = s[k + 8]
            self.unders.append(framebuf.FrameBuffer(mv[off:off + size], s[k + 4], s[k + 5], fmt))
            off += size
        if app.compact:
            from app.kit.compact import card

            self.card = card
        else:
            from app.kit import cardview

            self.face = cardview.face
            self.chip = cardview.chip
        self.fb = app.display.fb
        self.display = app.display
        self.t0 = None
        self.at = now
        self.ms = places.MOVE_MS[app.motion]
        self._stamp()
        return True

    def _stamp(self):
        # Keep what lies under each card at its place, then paint it there
        # (not noted as a place on the table: places.FRAME[0] is 0).
        s = self.s
        fb = self.fb
        f = places.FRAME
        mark = f[0]
        f[0] = 0
        compact = self.app.compact
        for i in range(self.n):
            k = i * _N
            x, y, how = s[k + 6], s[k + 7], s[k + 9]
            self.unders[i].blit(fb, -x, -y)
            c = self.cards[i]
            if compact:
                self.card(fb, c, x, y, how & 1)
            elif how & 2:
                self.chip(fb, c, x, y, s[k + 4], s[k + 5], how & 1)
            else:
                self.face(fb, c, x, y, s[k + 4], s[k + 5], how & 1)
        f[0] = mark

    def deadline(self):
        """The clock tick (ms) the next frame of the move is due at."""
        return self.at + STEP_MS

    def frame(self, now):
        """Move the cards to where they are at ``now`` and push the
        rectangles that changed (each card's, from its place before to its
        place now); False when the move is over (the app then draws the
        still frame)."""
        if self.t0 is None:
            # Timed from the first frame of motion, not from the frame the
            # move was set up in (two full draws on the device).
            self.t0 = now - STEP_MS
        t = self.app.clock.ticks_diff(now, self.t0)
        if t >= self.ms:
            return False
        self.at = now
        s = self.s
        fb = self.fb
        n = self.n
        for i in range(n - 1, -1, -1):
            k = i * _N
            fb.blit(self.unders[i], s[k + 6], s[k + 7])
        # Eased out: fast away, slowing into place (p and e in 1/1024ths).
        p = 1024 - t * 1024 // self.ms
        e = 1024 - (p * p >> 10)
        for i in range(n):
            k = i * _N
            s[k + 10] = s[k + 6]
            s[k + 11] = s[k + 7]
            s[k + 6] = s[k] + (s[k + 2] - s[k]) * e // 1024
            s[k + 7] = s[k + 1] + (s[k + 3] - s[k + 1]) * e // 1024
        self._stamp()
        # One rectangle round every card's place before and now.
        x0 = y0 = 999
        x1 = y1 = -999
        for i in range(n):
            k = i * _N
            x, y = s[k + 6], s[k + 7]
            ox, oy = s[k + 10], s[k + 11]
            if ox < x:
                x, ox = ox, x
            if oy < y:
                y, oy = oy, y
            if x < x0:
                x0 = x
            if y < y0:
                y0 = y
            if ox + s[k + 4] > x1:
                x1 = ox + s[k + 4]
            if oy + s[k + 5] > y1:
                y1 = oy + s[k + 5]
        self.display.show_rect(x0, y0, x1 - x0, y1 - y0)
        return True
