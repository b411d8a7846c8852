"""Link play on two emulated Picos (``harness.pair``: UART0 crossed), driven
by button presses, for tests/test_device_link.py and the benchmark.

Progress is read from the cable, not from the screens: ``LinkWatch``
decodes every frame each console sends (``link.frame`` on CPython) and
keeps the game both play, built as the consoles build it (the deal's seed
from the two secrets of the fair shuffle, then the moves by number). So
the driver knows whose turn it is and sees a move the moment it leaves a
console, whatever the screens look like. The menus up to the first hello
are found in the simulator (``menu_keys``), pressed on the device, and
checked on the cable (a hello of the wanted role and game).

A move is made by a policy that needs no layout: press A on the console
whose person is to move; if no new move leaves it, press RIGHT and A
again, a few times. ``shows_words`` finds words on a panel by the app's
own font, wherever they are drawn.
"""

import os
import sys

from tools.pico import harness

ROOT = harness.ROOT
for _p in (os.path.join(ROOT, "firmware"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import host_sim  # noqa: E402,F401  (framebuf and firmware/ for CPython)
from link import frame as lf  # noqa: E402
from link import rules as lr  # noqa: E402
from link import session as ls  # noqa: E402

#: Emulated ms to wait for a move to leave the console after a press.
MOVE_WAIT_MS = 400
POLL_MS = 20


class Side:
    """What one console said on its TX line."""

    def __init__(self):
        self.dec = lf.Decoder()
        self.seen = 0  # bytes of the TX log decoded
        self.role = None  # from its hellos
        self.rules = None
        self.held = 0  # moves it holds, per its last hello
        self.secret = None  # its last REVEAL
        self.acked = -1  # the highest move number it acknowledged
        self.hellos = 0


class LinkWatch:
    """The frames two consoles send each other. ``a`` and ``b``: the two
    Picos of ``harness.pair``. ``poll()`` reads what is new; ``moves`` is
    {number: action}, ``sent`` {number: (world ms the frame's last byte
    left, console index)} for the first sending of each move."""

    def __init__(self, a, b):
        self.chips = (a, b)
        self.sides = (Side(), Side())
        self.moves = {}
        self.sent = {}

    def poll(self):
        for i, chip in enumerate(self.chips):
            s = self.sides[i]
            data, times = chip.uart_sent(0, s.seen)
            s.seen += len(data)
            for b, t in zip(data, times, strict=True):
                if s.dec.feed(b):
                    self._frame(i, s, t)

    def _frame(self, i, s, t):
        d = s.dec
        p = bytes(d.payload[:d.length])
        if d.kind == ls.K_HELLO and d.length >= 15:
            s.hellos += 1
            s.role = p[1]
            s.held = (p[3] << 8) | p[4]
            if p[15:]:
                s.rules = p[15:].decode()
        elif d.kind == ls.K_REVEAL:
            s.secret = p[:ls.SECRET]
        elif d.kind == ls.K_MOVE and d.length >= 1:
            if d.number not in self.moves:
                self.moves[d.number] = p[0]
                self.sent[d.number] = (t, i)
        elif d.kind == ls.K_ACK and d.length >= 1 and p[0] == ls.K_MOVE:
            s.acked = max(s.acked, d.number)

    # --- the game, as both consoles build it ------------------------------

    def side_of(self, role):
        """Index of the console with ``role`` (ls.HOST, ls.GUEST), or None."""
        for i, s in enumerate(self.sides):
            if s.role == role:
                return i
        return None

    def count(self):
        """Moves played in a row from the first."""
        n = 0
        while n in self.moves:
            n += 1
        return n

    def game(self):
        """The game so far (``link.rules.new_game`` from the shuffle's seed,
        then every move in order), or None before the deal is known."""
        h, g = self.side_of(ls.HOST), self.side_of(ls.GUEST)
        if h is None or g is None:
            return None
        hs, gs = self.sides[h], self.sides[g]
        if hs.secret is None or gs.secret is None or not hs.rules:
            return None
        game = lr.new_game(hs.rules, ls.seed_of(hs.secret, gs.secret))
        for n in range(self.count()):
            game.apply(self.moves[n])
        return game

    def mover(self):
        """Index of the console whose person is to move, or None (no game
        yet, or over)."""
        game = self.game()
        if game is None or game.is_over():
            return None
        seat = game.current_player
        rules = self.sides[self.side_of(ls.HOST)].rules
        for i, s in enumerate(self.sides):
            seats = ls.default_seats(s.role, rules)
            # The person's seat (app.linkgame.person_seat): Clubs' South on the host.
            if seat == (seats[0] if len(seats) == 1 else 2):
                return i
        return None

    def transcript(self):
        """The moves played, in order (bytes)."""
        return bytes(self.moves[n] for n in range(self.count()))


# --- finding words on a panel ---------------------------------------------


def shows_words(img, words):
    """True if the PIL image ``img`` (a panel) shows ``words`` in the app's
    small font, in any colour on any other, anywhere: every pixel of the
    glyphs' ink one colour, every other pixel of their box another."""
    import framebuf

    from app.kit import text

    w = text.SMALL.width(words)
    h = text.SMALL.h
    buf = bytearray(w * h)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.GS8)  # palette indices, as the app's frame
    fb.fill(2)
    text.draw(fb, words, 0, 0, 1, text.SMALL)
    ink = [(y, x) for y in range(h) for x in range(w) if buf[y * w + x] == 1]
    if not ink:
        return False
    y0 = min(y for y, _ in ink)
    y1 = max(y for y, _ in ink)
    x1 = max(x for _, x in ink)
    W, H = img.size
    rgb = img.convert("RGB").tobytes()
    px = list(zip(rgb[0::3], rgb[1::3], rgb[2::3], strict=True))
    inks = set(ink)
    on = [(y - y0) * W + x for y, x in ink]
    off = [(y - y0) * W + x for y in range(y0, y1 + 1) for x in range(x1 + 1)
           if (y, x) not in inks]
    first = on[0]
    for top in range(H - (y1 - y0)):
        for left in range(W - x1):
            p = top * W + left
            c = px[p + first]
            if all(px[p + o] == c for o in on) and not any(px[p + o] == c for o in off):
                return True
    return False


# --- the menus, found in the simulator ------------------------------------


class MenuPlanner:
    """The simulator's app for ``board`` (host_sim.headless), pressed in
    step with a device, to find the keys that reach a menu item."""

    def __init__(self, board):
        import tempfile

        from host_sim.headless import HeadlessRun
        from host_sim.storage import FolderStorage

        self.dir = tempfile.mkdtemp(prefix="picocards-plan-")
        self.run = HeadlessRun(seed=1, board=harness.load_board(board),
                               storage=FolderStorage(self.dir))
        self.run.settle()

    def press(self, key):
        from app.kit import buttons

        self.run.buttons.push(buttons.NAMES.index(key))
        self.run.settle("press %s" % key)

    def keys_to(self, item):
        """Keys (DOWN... then A) that pick menu item ``item`` (its words)
        on the screen shown now; pressed here too. ValueError if none."""
        menu = getattr(self.run.app.screen, "menu", None)
        items = list(getattr(menu, "items", ()))
        if item not in items:
            raise ValueError("no %r in the menu %r" % (item, items))
        n = (items.index(item) - menu.sel) % len(items)
        keys = ["DOWN"] * n + ["A"]
        for k in keys:
            self.press(k)
        return keys

    def close(self):
        import shutil

        shutil.rmtree(self.dir, ignore_errors=True)


class LinkDriver:
    """Two Picos of ``harness.pair`` (``chips``) playing link games by
    buttons: ``press(pico, key)`` makes a logical key (tests/device.py's
    ``press_logical``); ``board`` the board both run."""

    def __init__(self, chips, press, board):
        self.chips = chips
        self.press = press
        self.board = board
        self.watch = LinkWatch(*chips)
        self.presses = 0

    def run_ms(self, ms):
        """Run both chips ``ms`` emulated ms (they run together)."""
        self.chips[0].run_ms(ms)
        self.watch.poll()

    def key(self, i, key):
        self.press(self.chips[i], key)
        self.presses += 1
        self.watch.poll()

    def open_link(self, i, picks):
        """From the title, pick ``picks`` (menu items' words in turn, e.g.
        ["Link play", "Host a game", "Klaberjass"]) on console ``i``."""
        plan = MenuPlanner(self.board)
        try:
            for item in picks:
                for k in plan.keys_to(item):
                    self.key(i, k)
                self.run_ms(300)
        finally:
            plan.close()

    def wait(self, until, timeout_ms, what):
        end = self.chips[0].world_ms + timeout_ms
        while not until():
            if self.chips[0].world_ms >= end:
                raise harness.PicoError("%s: not within %d ms (moves %d)"
                                        % (what, timeout_ms, self.watch.count()))
            self.run_ms(POLL_MS * 5)

    def start(self, game="Klaberjass", host=0):
        """Host ``game`` on console ``host``, join on the other; returns
        once both have dealt (the shuffle's secrets crossed)."""
        guest = 1 - host
        self.open_link(host, ["Link play", "Host a game", game])
        self.open_link(guest, ["Link play", "Join a game"])
        w = self.watch
        self.wait(lambda: w.sides[host].role == ls.HOST and w.sides[guest].role == ls.GUEST,
                  5000, "hellos of a host and a guest")
        self.wait(lambda: w.game() is not None, 10000, "the deal")

    def move(self, tries=6):
        """One move by the console whose person is to move: A, and while no
        move leaves it, RIGHT then A. Returns the console's index."""
        w = self.watch
        i = w.mover()
        if i is None:
            raise harness.PicoError("nobody is to move (moves %d)" % w.count())
        n = w.count()
        for t in range(tries):
            if t:
                self.key(i, "RIGHT")
            self.key(i, "A")
            end = self.chips[i].world_ms + MOVE_WAIT_MS
            while n not in w.moves and self.chips[i].world_ms < end:
                self.run_ms(POLL_MS)
            if n in w.moves:
                if w.sent[n][1] != i:
                    raise harness.PicoError("move %d came from the other console" % n)
                return i
        raise harness.PicoError("console %d made no move %d in %d tries" % (i, n, tries))

    def acked(self):
        """True once the last move was acknowledged by the console that
        did not send it."""
        w = self.watch
        last = w.count() - 1
        return last < 0 or w.sides[1 - w.sent[last][1]].acked >= last

    def cut(self, on=False):
        """Pull (``on`` False) or plug back (True) the cable, both wires."""
        a, b = self.chips
        a.wire_uart(0, b, 0, on=on)
        b.wire_uart(0, a, 0, on=on)
