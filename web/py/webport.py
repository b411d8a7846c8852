"""The console in a browser: the hardware layer for the unchanged app, run by
MicroPython's WebAssembly port inside a Web Worker (``web/worker.js``).

    con = Console("pimoroni_pico_display", seed=123, fast=False)  # splash shown
    con.boot()                          # the app (title screen)
    con.key("left", True)               # a key group down (host_sim.boardkeys)
    flags = con.tick()                  # one step: FRAME | STORE | IDLE bits
    ms = con.due()                      # ms until a step is due, -1: wait for input

What each piece stands in for on the device:

- display: ``WebDisplay``, the app's frame (8-bit palette indices, or 1-bit
  MONO_VLSB for an SSD1306 board); ``show()`` writes the frame, then the
  512-byte palette, into ``FRAME`` in the port's in-memory filesystem, where
  the worker reads it (this port does not hand memory to JavaScript).
- buttons: ``WebKeys``, the board's physical buttons as pins sampled by the
  device's own ``hw.buttons`` (debounce, repeat, chords, long press); the
  keyboard's and the on-screen buttons' key groups are those of the
  simulator (``host_sim/boardkeys.py``'s ``bindings``, copied into the site).
- clock: the device's ``hw.clock.DeviceClock`` (real time), or with
  ``fast`` the app's ``VirtualClock``, which only moves when the worker moves
  it (``advance``): computer moves happen at once, deterministically, as in
  the headless simulator.
- storage: ``WebStorage``, the device's ``hw.storage.FlashStorage`` on the
  folder ``DATA`` of the in-memory filesystem; it notes when it changed so
  the worker copies the folder to the browser's localStorage after the step.
  The file format, checksums and set-aside rules are ``app.persist.storage``'s.

An exception in the app is shown as on the device (``hw.start``'s error
screen, traceback to the browser's console); A starts a fresh app.
"""

import sys

from boardkeys import bindings, legend

import boards
from app.kit.display import PALETTE, FrameDisplay
from hw import start
from hw.buttons import Buttons
from hw.storage import FlashStorage

FRAME = "/frame.bin"
DATA = "/data"
POLL_MS = 5  # sampling period while a button is in flight (as hw.start's loop)
GAP_MS = 30  # at least this between two pin changes: above the 20 ms debounce
STAGGER_MS = 40  # a chord: its held button, then this later the pressed one
HOLD_MS = 60  # a button stays down at least this long
# tick() flags
FRAME_BIT = 1  # a new frame was shown
STORE_BIT = 2  # a file was written, renamed or removed
IDLE_BIT = 4  # the app waits for a button


class WebDisplay(FrameDisplay):
    """The app's frame; ``show()`` copies it, then the palette, to ``FRAME``."""

    def __init__(self, width, height, mono):
        super().__init__(width, height, mono)
        self.out = open(FRAME, "wb")

    def show(self):
        super().show()
        f = self.out
        f.seek(0)
        f.write(self.buf)
        f.write(PALETTE)
        f.flush()


class _Pin:
    """A ``machine.Pin`` stand-in: ``value()`` is the level set here."""

    def __init__(self, level):
        self.level = level

    def value(self):
        return self.level


class WebKeys:
    """The app's Buttons for ``board``: key groups (``left`` ... ``z``, ``x``,
    ``space``) hold physical buttons, whose pins ``hw.buttons.Buttons``
    samples on ``clock``. Pin changes are queued ``GAP_MS`` apart however
    fast the presses come (a worker busy with a computer move receives them
    all at once afterwards), so none is lost to the debounce."""

    def __init__(self, board, clock):
        cfg = board["buttons"]
        self.active = cfg.get("active", 0)
        self.idle_level = 1 - self.active
        self.pins = {}
        for n in cfg["pins"]:
            self.pins[n] = _Pin(self.idle_level)
        self.clock = clock
        self.layer = Buttons(self.pins, cfg, clock)
        self.groups = bindings(board)
        self.events = []  # [due tick, physical name, down]
        self.last = None  # due tick of the last queued change
        self.held = {}  # group -> physical names it holds down

    def _queue(self, name, down, gap):
        now = self.clock.ticks_ms()
        due = now
        if self.last is not None:
            later = self.last + max(gap, GAP_MS)
            if self.clock.ticks_diff(later, now) > 0:
                due = later
        self.events.append((due, name, down))
        self.last = due

    def down(self, group):
        """Start holding ``group``'s button(s); False if the board has none."""
        phys = self.groups.get(group)
        if phys is None:
            return False
        if group not in self.held:
            self.held[group] = phys
            for i in range(len(phys)):
                self._queue(phys[i], True, STAGGER_MS if i else 0)
        return True

    def up(self, group):
        """Let go of what ``group`` holds (a chord's pressed button first)."""
        phys = self.held.pop(group, None)
        if phys is None:
            return False
        for i in range(len(phys)):
            self._queue(phys[len(phys) - 1 - i], False, STAGGER_MS if i else HOLD_MS)
        return True

    def release_all(self):
        """Let go of every held group (the page lost the focus)."""
        for g in list(self.held):
            self.up(g)

    def _apply(self):
        now = self.clock.ticks_ms()
        ev = self.events
        while ev and self.clock.ticks_diff(now, ev[0][0]) >= 0:
            _, name, down = ev.pop(0)
            self.pins[name].level = self.active if down else self.idle_level

    def get(self):
        """Next logical button (``app.kit.buttons``) or -1, as on the device."""
        self._apply()
        return self.layer.get()

    def fresh(self):
        """A new screen is shown: presses begun before act on nothing
        (``hw.buttons.Buttons.fresh``)."""
        self._apply()
        self.layer.fresh()

    def poll(self):
        """Apply due pin changes and sample the pins once."""
        self._apply()
        self.layer.poll()

    def due(self):
        """Ms until the buttons need a sample: 0 (events wait to be read),
        POLL_MS while a button is down or its change not yet debounced, the
        time to the next queued change, or -1 when nothing is in flight."""
        if self.layer.waiting():
            return 0
        for k in self.layer.keys:
            if k.down or k.seen:
                return POLL_MS
        if self.events:
            return max(0, self.clock.ticks_diff(self.events[0][0], self.clock.ticks_ms()))
        return -1


class WebStorage(FlashStorage):
    """``hw.storage.FlashStorage`` on ``root``; ``changed`` is set by every
    write, rename and remove (the worker then copies the folder out)."""

    changed = False

    def write(self, name, data):
        self.changed = True
        super().write(name, data)

    def rename(self, name, new):
        self.changed = True
        super().rename(name, new)

    def remove(self, name):
        self.changed = True
        super().remove(name)


class Console:
    """One console: board ``board_name`` (a module of boards/; ValueError
    saying why for a bad one), the app's session ``seed`` (int below 2**30),
    ``fast``: the virtual clock. The splash is shown at once; ``boot()``
    starts the app."""

    def __init__(self, board_name, seed, fast=False):
        self.board = boards.load(board_name)
        d = self.board["display"]
        self.display = WebDisplay(d["width"], d["height"], d["controller"] == "ssd1306")
        if fast:
            from app.kit.clock import VirtualClock

            self.clock = VirtualClock()
        else:
            from hw.clock import DeviceClock

            self.clock = DeviceClock()
        self.fast = fast
        self.keys = WebKeys(self.board, self.clock)
        self.storage = WebStorage(DATA)
        self.seed = seed
        self.app = None
        self.failed = False
        self.shown = 0
        start.splash(self.display, self.board)

    def legend(self):
        """One line naming the board's buttons and their keys (as the simulator's)."""
        return legend(self.board)

    def groups(self):
        """The key groups this board binds, space-separated."""
        return " ".join(sorted(self.keys.groups))

    def boot(self):
        """Start the app (its title screen, or the notices about bad files)."""
        self.failed = False
        try:
            from app.main import App

            self.app = App(self.display, self.keys, self.clock, seed=self.seed,
                           storage=self.storage)
        except Exception as e:
            self._fail(e)

    def _fail(self, e):
        self.app = None
        self.failed = True
        summary, where, text = start.describe(e)
        print("picocards:", summary, file=sys.stderr)
        print(text, file=sys.stderr)
        self.keys.layer.clear()
        start.error_screen(self.display, summary, where, True, "the browser's console")

    def key(self, group, down):
        """Key group ``group`` pressed (``down``) or released; False if unbound."""
        return self.keys.down(group) if down else self.keys.up(group)

    def release_all(self):
        self.keys.release_all()

    def tick(self):
        """Step the app once (or, after an error, wait for A); returns the
        FRAME_BIT | STORE_BIT | IDLE_BIT flags."""
        if self.failed:
            self.keys.poll()
            b = self.keys.layer.get()
            while b >= 0:
                if b == 4:  # app.kit.buttons.A
                    self.boot()
                    break
                b = self.keys.layer.get()
        else:
            try:
                self.app.step()
            except Exception as e:
                self._fail(e)
        flags = 0
        if self.display.frames != self.shown:
            self.shown = self.display.frames
            flags |= FRAME_BIT
        if self.storage.changed:
            self.storage.changed = False
            flags |= STORE_BIT
        if self.failed or self.app.idle():
            flags |= IDLE_BIT
        return flags

    def due(self):
        """Ms until the next step is due: 0 at once, -1 none (wait for a key)."""
        k = self.keys.due()
        if self.failed:
            return k
        a = self.app.next_deadline()
        if a is not None:
            a = max(0, self.clock.ticks_diff(a, self.clock.ticks_ms()))
            if k < 0 or a < k:
                return a
        return k

    def advance(self, ms):
        """Fast mode: let ``ms`` virtual ms pass (the worker's loop does this
        instead of waiting)."""
        if self.fast and ms > 0:
            self.clock.sleep_ms(ms)

    def held(self):
        """True while a key group is held down."""
        return len(self.keys.held) > 0

    def screen(self):
        """The class name of the app's screen ("TitleScreen"...), "Starting"
        before the app is made (the splash), or "Error" once it failed."""
        if self.failed:
            return "Error"
        if self.app is None:
            return "Starting"
        return type(self.app.screen).__name__
