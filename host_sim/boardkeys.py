"""A board's physical buttons in the simulator, driven by keyboard keys
through the device's own ``hw.buttons`` layer (debounce, auto-repeat,
chords, long press).

    from host_sim import boardkeys
    board = boardkeys.open_board("pimoroni_pico_display")   # or SystemExit-worthy BoardError
    keys = boardkeys.BoardButtons(board, clock)              # app's Buttons (``get()``)
    keys.key_down("left"); keys.key_up("left")               # window: real holds
    keys.tap("up")                                           # terminal: press + release

Each physical button is a simulated pin (its level flips between the
board's idle and ``active`` levels); ``hw.buttons.Buttons`` samples those
pins on the simulator's clock exactly as on the device. Key *groups* (what
the front ends send) stand for physical buttons, derived from the board:

- a physical button named like a direction (joystick) -> that arrow key;
  ``A`` -> ``z``/Enter; ``B`` -> ``x``/Esc/Backspace; ``CTRL`` (a
  joystick's centre press) -> Space;
- any other button whose logical meaning is a direction -> that arrow key
  if no button has it (Pico Display Pack: X = Left, Y = Right);
- a chord ``(held, pressed, logical)`` whose direction's arrow is still free
  -> that arrow holds ``held`` then ``pressed`` (Pico Display Pack: Up =
  B + X, Down = B + Y), so the chord goes through the same rules.

Holds are real in the window (key down / key up); the terminal only sees
key presses, so there a key is a tap of ``TAP_MS``. Physical events are
spaced so the debounce sees each one (``STAGGER_MS`` between the buttons of
a chord, at least ``MIN_HOLD_MS`` down).
"""

import boards
from hw import buttons as hw_buttons

DIRECTIONS = ("LEFT", "RIGHT", "UP", "DOWN")
#: Key groups, their keys as the legends name them.
GROUP_KEYS = {"left": "Left", "right": "Right", "up": "Up", "down": "Down",
              "z": "Z/Enter", "x": "X/Esc", "space": "Space"}
STAGGER_MS = 40
MIN_HOLD_MS = 60
TAP_MS = 80
#: Display controllers the simulator shows: RGB565 colour and 1-bit mono.
CONTROLLERS = ("st7789", "ssd1306")


class BoardError(ValueError):
    """A board the simulator cannot run; ``str()`` is a one-line message."""


def open_board(name):
    """The ``BOARD`` dict of ``boards/<name>.py``. BoardError (one line) for
    an unknown name (listing the names), a broken board module (it does not
    load, has no ``BOARD``, or lacks a display size...: ``boards.load``'s
    reason) or a display controller the simulator cannot show."""
    known = boards.names()
    if name not in known:
        raise BoardError("unknown board %r; boards: %s" % (name, ", ".join(known)))
    try:
        board = boards.load(name)
    except ValueError as e:
        raise BoardError("bad board file boards/%s.py: %s" % (name, e))
    d = board["display"]
    if d["controller"] not in CONTROLLERS:
        raise BoardError("board %s (%dx%d %s) is not supported: the simulator shows %s screens"
                         % (name, d["width"], d["height"], d["controller"],
                            " and ".join(CONTROLLERS)))
    return board


def supported_names():
    """Board names the simulator can run (every board that loads, with a
    known controller)."""
    out = []
    for n in boards.names():
        try:
            if boards.load(n)["display"]["controller"] in CONTROLLERS:
                out.append(n)
        except ValueError:
            pass  # a broken board file: open_board says what is wrong
    return out


def bindings(board):
    """``{group: (physical name, ...)}``: the physical buttons each key group
    holds (one button, or a chord's held then pressed button)."""
    cfg = board["buttons"]
    names = list(cfg["pins"])
    out = {}
    for n in names:
        if n in DIRECTIONS:
            out[n.lower()] = (n,)
    fixed = {"A": "z", "B": "x", "CTRL": "space"}
    for n in names:
        if n in fixed and fixed[n] not in out:
            out[fixed[n]] = (n,)
    for n in names:
        if any(n in v for v in out.values()):
            continue
        meaning = cfg.get("map", {}).get(n)
        if meaning in DIRECTIONS and meaning.lower() not in out:
            out[meaning.lower()] = (n,)
    for held, pressed, meaning in cfg.get("chords", ()):
        if meaning in DIRECTIONS and meaning.lower() not in out:
            out[meaning.lower()] = (held, pressed)
    return out


def legend(board):
    """One line: the keys first, by what they do on the console, then the
    board's own buttons where their names differ from what they do (e.g.
    ``Arrows, Enter/z = A, Esc/x/Backspace = B; board buttons: Left X,
    Right Y, Up B+X, Down B+Y``). New players read a list of board buttons
    and keys (``B=X/Esc; Up=B+X``) both ways round."""
    b = bindings(board)
    arrows = [GROUP_KEYS[g] for g in ("left", "right", "up", "down") if g in b]
    keys = ["Arrows" if len(arrows) == 4 else "/".join(arrows) + " arrows"] if arrows else []
    if "z" in b:
        keys.append("Enter/z = A")
    if "x" in b:
        keys.append("Esc/x/Backspace = B")
    if "space" in b:
        keys.append("Space = " + board["buttons"].get("map", {}).get(b["space"][0], "A"))
    own = ["%s %s" % (GROUP_KEYS[g], "+".join(b[g])) for g in ("left", "right", "up", "down")
           if g in b and b[g] != (g.upper(),)]
    text = ", ".join(keys)
    if own:
        text += "; board buttons: " + ", ".join(own)
    return text


class SimPin:
    """A ``machine.Pin`` stand-in: ``value()`` is the level set by the sim."""

    def __init__(self, level):
        self.level = level

    def value(self):
        return self.level


class BoardButtons:
    """The app's Buttons source for ``board``: key groups -> physical pins ->
    ``hw.buttons.Buttons`` on ``clock`` (ticks_ms/ticks_diff)."""

    def __init__(self, board, clock):
        cfg = board["buttons"]
        self.active = cfg.get("active", 0)
        self.idle_level = 1 - self.active
        self.pins = {n: SimPin(self.idle_level) for n in cfg["pins"]}
        self.clock = clock
        self.layer = hw_buttons.Buttons(self.pins, cfg, clock)
        self.bindings = bindings(board)
        self.events = []  # (due tick, physical name, down)
        self.last_due = None
        self.held = {}  # group -> physical names it holds

    def _schedule(self, name, down, gap):
        now = self.clock.ticks_ms()
        due = now
        if self.last_due is not None and self.clock.ticks_diff(self.last_due + gap, now) > 0:
            due = self.last_due + gap
        self.events.append((due, name, down))
        self.last_due = due

    def key_down(self, group):
        """Start holding the physical button(s) of ``group``; False if unbound."""
        phys = self.bindings.get(group)
        if phys is None or group in self.held:
            return phys is not None
        self.held[group] = phys
        for i, n in enumerate(phys):
            # After a release still queued, the next press waits MIN_HOLD_MS:
            # at the same tick the debounce saw no release (ten quick taps of
            # z were one A).
            self._schedule(n, True, STAGGER_MS if i else MIN_HOLD_MS)
        return True

    def key_up(self, group):
        """Let go of what ``group`` holds (chord: the pressed button first)."""
        phys = self.held.pop(group, None)
        if phys is None:
            return False
        for i, n in enumerate(reversed(phys)):
            self._schedule(n, False, STAGGER_MS if i else MIN_HOLD_MS)
        return True

    def tap(self, group, hold_ms=TAP_MS):
        """Press and release ``group`` (terminal keys); False if unbound."""
        if not self.key_down(group):
            return False
        phys = self.held.pop(group)
        for i, n in enumerate(reversed(phys)):
            self._schedule(n, False, STAGGER_MS if i else max(hold_ms, MIN_HOLD_MS))
        return True

    def _apply(self):
        now = self.clock.ticks_ms()
        while self.events and self.clock.ticks_diff(now, self.events[0][0]) >= 0:
            _, name, down = self.events.pop(0)
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

    def busy(self):
        """True while a press is in flight: pins to flip, a button down (or
        its release not yet debounced) or events queued; the front end should keep stepping then."""
        return bool(self.events or self.layer.waiting()
                    or any(p.level == self.active for p in self.pins.values())
                    or any(k.down or k.seen for k in self.layer.keys))
