"""Shared driver for the app tests: an ``App`` on the simulator's framebuf
(240x135 unless a test sets ``Session.SIZE``), scripted buttons and a
virtual clock, run until it waits for a human after every press."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host_sim"))

from app.kit import buttons  # noqa: E402
from app.kit.buttons import ScriptedButtons  # noqa: E402
from app.kit.clock import VirtualClock  # noqa: E402
from app.kit.display import FrameDisplay  # noqa: E402
from app.main import App  # noqa: E402


class Session:
    """One app session. ``SETTLE_LIMIT`` bounds the steps of one ``settle``;
    with ``WAIT_QUEUE`` settling also waits for queued presses to be taken."""

    SETTLE_LIMIT = 5000
    WAIT_QUEUE = False
    # The screen: size, 1-bit (an SSD1306's) or 8-bit indexed; with CHECK_BOUNDS
    # the app draws through tests/bounds.py, which records anything drawn
    # off the screen (or off the tall layout's views) in ``self.checks``.
    SIZE = (240, 135)
    MONO = False
    CHECK_BOUNDS = False
    # Card motion (app.kit.motion): Fast (none) unless a test wants it, so
    # that a press settles on its still frame in the fewest steps.
    MOTION = 2

    def __init__(self, seed, storage=None):
        self.storage = storage
        self.disp = FrameDisplay(self.SIZE[0], self.SIZE[1], self.MONO)
        self.checks = []
        if self.CHECK_BOUNDS:
            from bounds import BoundsCheck

            self.disp.fb = BoundsCheck(self.disp.fb, self.SIZE[0], self.SIZE[1])
            self.checks.append(self.disp.fb)
        self.btn = ScriptedButtons()
        self.clock = VirtualClock()
        self.app = App(self.disp, self.btn, self.clock, seed=seed, storage=storage)
        if self.MOTION is not None:
            self.app.motion = self.MOTION
        if self.CHECK_BOUNDS and self.app.tall:
            # The tall layout draws the 240x135 screens into views of the frame.
            for name in ("lower", "middle"):
                view = BoundsCheck(getattr(self.app, name), self.SIZE[0], 135)
                setattr(self.app, name, view)
                self.checks.append(view)
        self.settle()

    def settle(self, limit=None):
        for _ in range(limit or self.SETTLE_LIMIT):
            self.app.step()
            if self.app.idle() and not (self.WAIT_QUEUE and self.btn.queue):
                return
            dl = self.app.next_deadline()
            if dl is not None and dl > self.clock.now:
                self.clock.now = dl
        raise AssertionError("app never became idle")

    def press(self, *names):
        for n in names:
            self.btn.push(buttons.from_name(n))
            self.settle()

    def pause_new_game(self):
        """From a game: the pause menu's New game, asked and confirmed."""
        self.press("B", "DOWN", "A", "A")

    def quit_to_menu(self):
        """From a game: the pause menu's Quit to menu. A first B may close a
        banner that waits for a press, as a player's would: B again."""
        for _ in range(5):
            self.press("B")
            if getattr(self.app.screen, "pause", None) is not None:
                break
        self.press("DOWN", "DOWN", "DOWN", "A")

    def choose_game(self, name, tries=None):
        """Press RIGHT on the title until ``name`` is the game shown (at most
        ``tries`` presses when given)."""
        n = 0
        while self.app.game_name() != name:
            assert tries is None or n < tries, "game %r not on the title" % name
            self.press("RIGHT")  # LEFT/RIGHT pick the game on the title
            n += 1


def drawn_with(module, name, act):
    """What ``module.name(fb, what, ...)`` is given as ``what`` (list, in
    order) while ``act()`` runs: the strings of ``text.draw``, the cards of
    ``cardview.face``."""
    seen = []
    orig = getattr(module, name)

    def spy(fb, what, *a, **k):
        seen.append(what)
        return orig(fb, what, *a, **k)

    setattr(module, name, spy)
    try:
        act()
    finally:
        setattr(module, name, orig)
    return seen


def strings_drawn(act):
    """The strings (list) ``app.kit.text.draw`` is given while ``act()`` runs,
    a string drawn on the same row from inside the one before (a kerned
    pair, as the title's "Klaber" + "jass") joined to it."""
    from app.kit import text

    seen = []
    orig = text.draw

    def spy(fb, st, x, y, *a, **k):
        end = orig(fb, st, x, y, *a, **k)
        if seen and seen[-1][1] == y and seen[-1][2] - 4 <= x < seen[-1][2]:
            seen[-1] = (seen[-1][0] + st, y, end)
        else:
            seen.append((st, y, end))
        return end

    text.draw = spy
    try:
        act()
    finally:
        text.draw = orig
    return [st for st, _, _ in seen]


def draws(s):
    """Every ``app.kit.text.draw`` call of the app's current frame, in order:
    ``(fb, str, x, y, colour, end x)`` tuples (end x: where the text ends)."""
    from app.kit import text

    seen = []
    orig = text.draw

    def spy(fb, st, x, y, color, *a, **k):
        end = orig(fb, st, x, y, color, *a, **k)
        seen.append((fb, st, x, y, color, end))
        return end

    text.draw = spy
    try:
        s.app.invalidate()
        s.app.step()
    finally:
        text.draw = orig
    return seen


def line_to_hand_gap(s, w, h, hand_owner, is_line):
    """Blank rows (int, or None when no hand pixel is under the line) from
    the lowest ink of one text line to the highest pixel of the hand under
    it, and the hand's lowest row (int), in the app's current frame of
    ``w`` x ``h`` pixels. The hand is what ``hand_owner._draw_hand`` draws;
    the line is the ``app.kit.text.draw`` calls at which ``is_line(x, y)``
    is true. Raises AssertionError if no such line is drawn."""
    from app.kit import text

    orig_text = text.draw
    orig_hand = hand_owner._draw_hand

    def quiet(f, st, x, y, *a, **k):
        if is_line(x, y):
            return x
        return orig_text(f, st, x, y, *a, **k)

    def frame(hand=True, words=True):
        if not hand:
            hand_owner._draw_hand = lambda *a: None
        if not words:
            text.draw = quiet
        try:
            s.app.invalidate()
            s.app.step()
        finally:
            hand_owner._draw_hand = orig_hand
            text.draw = orig_text
        d = s.disp
        if not d.mono:
            # An 8-bit indexed frame: its buffer is the pixels, row by row
            # (app.kit.display), what fb.pixel reads one call at a time.
            return bytes(d.buf)
        fb = d.fb
        return [fb.pixel(x, y) for y in range(h) for x in range(w)]

    def differ(a, b):
        # The pixels where frames a and b differ, in order; whole rows are
        # compared first, as most rows are the same.
        return [i for y in range(h) if a[y * w:(y + 1) * w] != b[y * w:(y + 1) * w]
                for i in range(y * w, (y + 1) * w) if a[i] != b[i]]

    full, no_hand, bare = frame(), frame(False), frame(False, False)
    assert len(full) == w * h
    ink = differ(no_hand, bare)
    assert ink, "no such text line drawn"
    x0, x1, y1 = min(i % w for i in ink), max(i % w for i in ink), ink[-1] // w
    hand = differ(full, no_hand)
    under = [i // w for i in hand if x0 <= i % w <= x1 and i // w >= y1 - 12]
    return (min(under) - y1 - 1 if under else None), (hand[-1] // w if hand else -1)


def screen_text(s, draw=None):
    """Every string drawn for the app's current frame (or by ``draw(fb)``),
    joined by newlines: what a player reads on the screen."""

    def act():
        if draw is not None:
            draw(s.disp.fb)
        else:
            s.app.invalidate()
            s.app.step()

    return "\n".join(strings_drawn(act))


def waits(scr):
    """True when something on the Klaberjass ``scr`` stays until A: a banner
    (West's bid, round two, a redeal) or the deal's last trick."""
    if scr.trick_done and scr.trick_until is None and not scr.banners:
        return True
    return bool(scr.banners) and scr.banners[0][3]


def to_your_turn(s, limit=20):
    """Press A, as a player who reads and goes on, while the game on ``s``
    waits for one before it is the human's turn (a banner that stays until
    A, a round's summary); returns the screen at the human's turn."""
    scr = s.app.screen
    for _ in range(limit):
        if scr.human_turn():
            return scr
        s.press("A")
    raise AssertionError("never the human's turn")
