"""Physical buttons to the app's logical buttons: debounce, auto-repeat,
chords and long press, behind the app's Buttons interface (``get()``).

    from hw import buttons
    keys = buttons.from_board(board["buttons"], clock)   # machine.Pin inputs
    b = keys.get()         # next logical button (app.kit.buttons.LEFT ... B) or -1
    keys.due()             # tick at which a poll has something to judge, or None
    keys.fresh()           # presses begun until now act on nothing more

The layer samples the pins itself (``poll()``, also done by every ``get()``).
On the Pico each pin also has an edge interrupt (``from_board``: ``Pin.irq``,
soft, both edges) that writes the key, its level and the time into a
preallocated ring (``RING`` edges); ``poll()`` replays those edges in order,
with their own times, before it samples. So a press made while the app is
busy (a computer decision, a frame being drawn) is judged by the same
debounce rules as if it had been polled, and acted on at the next poll.
Time comes from the injected clock (``ticks_ms``/``ticks_diff``, as
``app.kit.clock``), so tests drive it with a virtual one.

Rules, per physical button (a board's ``buttons`` dict, see boards/):

- Debounce: a level counts once it has lasted ``debounce_ms`` with no other
  level seen in between: a press is a pressed level held that long, a
  release a released level held that long. So a glitch or a spike shorter
  than that (a fraction of a millisecond of noise on the line) is nothing;
  contact bounce, at the press or at the release, makes one press; a
  button tapped again within ``debounce_ms`` of letting go is still the
  same press. ``due()`` gives the tick at which the level last seen will
  have lasted ``debounce_ms`` (or a repeat or long press falls due): the
  device loop (``hw.start.run_app``) sleeps until then and polls, so a
  press is judged exactly ``debounce_ms`` after its last edge, not at the
  next poll of a fixed period.
- A plain button (in ``map``) emits its logical button once when the press
  registers, however long it is held. If the logical button is a direction
  (LEFT RIGHT UP DOWN), holding it repeats it: first after ``repeat_delay_ms``,
  then every ``repeat_ms`` (at most one repeat per sample, no bursts after a
  slow frame).
- Chords (``chords``: ``(held, pressed, logical)``): while ``held`` is down,
  pressing ``pressed`` emits ``logical`` instead of ``pressed``'s own button
  (repeating if it is a direction, while both stay down). ``held`` is then a
  modifier: its own button is emitted on release, and only if no chord was
  made while it was down.
- Long press (``long``: ``{button: logical}``): holding the button for
  ``long_ms`` with no chord emits ``logical`` at that moment; the release then
  emits nothing. Such a button, too, emits its tap on release.
- ``fresh()``: the app calls it when a new screen or announcement has
  reached the glass. Every press begun before then is spent: what it queued
  is dropped, and a button held through it, or pressed and not yet judged,
  emits nothing more (no tap on release, no repeat, no long press, no
  chord of its own) until it has been released. A press never acts on
  something shown after it began.

So on the four-button Pico Display Pack (boards/pimoroni_pico_display.py):
X = LEFT, Y = RIGHT (repeating), A = A; B + X = UP, B + Y = DOWN;
B alone = B when released, or at 0.6 s if held (the pause menu without
waiting for the release).

At most ``QUEUE`` events wait; further ones are dropped until the app reads.
Edges beyond ``RING`` between two polls are dropped too (the pin is sampled
as it is at the poll).
"""

from array import array

from app.kit import buttons as logical

QUEUE = 16
RING = 32  # edges kept between two polls (a bouncy press makes a few)
_WRAP = RING * 1024  # the ring's head and tail count modulo this (small ints)
DEBOUNCE_MS = 20
REPEAT_DELAY_MS = 400
REPEAT_MS = 120
LONG_MS = 600

DIRECTIONS = (logical.LEFT, logical.RIGHT, logical.UP, logical.DOWN)


class _Key:
    """State of one physical button."""

    def __init__(self, name, pin, tap, deferred, long_press):
        self.name = name
        self.pin = pin
        self.tap = tap  # logical button or NONE
        self.deferred = deferred  # tap on release (modifier or long press)
        self.long = long_press  # logical button or NONE
        self.down = False  # debounced state
        self.seen = False  # last raw sample
        self.seen_at = 0  # tick of the first sample at the ``seen`` level
        self.since = 0  # tick the debounced press registered
        self.used = False  # a chord was made, or the long press fired
        self.spent = False  # its press began before ``fresh()``: it acts on nothing
        self.emitting = logical.NONE  # logical button it repeats while held
        self.modifier = None  # the key held for the chord it is making
        self.last = 0  # tick of the last emit of ``emitting``
        self.wait = 0  # ms from ``last`` to the next repeat


class Buttons:
    """``pins``: {physical name: object with ``value()``} (``machine.Pin``);
    ``cfg``: a board's ``buttons`` dict (``active`` level, ``map``,
    ``chords``, ``long``); ``clock``: ``ticks_ms()``, ``ticks_diff(a, b)``.
    Timings in ms; defaults above."""

    def __init__(self, pins, cfg, clock, debounce_ms=DEBOUNCE_MS, repeat_delay_ms=REPEAT_DELAY_MS,
                 repeat_ms=REPEAT_MS, long_ms=LONG_MS):
        self.clock = clock
        self.active = cfg.get("active", 0)
        self.debounce_ms = debounce_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.long_ms = long_ms
        taps = cfg.get("map", {})
        longs = cfg.get("long", {})
        self.chords = {}
        modifiers = []
        for held, pressed, name in cfg.get("chords", ()):
            self.chords[(held, pressed)] = logical.from_name(name)
            modifiers.append(held)
        self.keys = []
        for name in sorted(pins):
            tap = logical.from_name(taps[name]) if name in taps else logical.NONE
            lp = logical.from_name(longs[name]) if name in longs else logical.NONE
            deferred = name in modifiers or lp != logical.NONE
            self.keys.append(_Key(name, pins[name], tap, deferred, lp))
        self.queue = []
        self.edges = False  # the pins' edge interrupts fill the ring (from_board)
        # The edge ring: [head, tail, then (key index, level, tick) x RING];
        # the interrupt handlers move the head, poll() the tail.
        self.ring = array("i", bytes(4 * (2 + 3 * RING)))
        now = clock.ticks_ms()
        for k in self.keys:
            k.seen = k.down = k.pin.value() == self.active
            k.seen_at = k.since = now
            k.used = k.down  # held at start-up: ignore until released

    # --- interface ---------------------------------------------------------

    def get(self):
        """Poll, then the oldest waiting logical button, or -1 (NONE)."""
        self.poll()
        if self.queue:
            return self.queue.pop(0)
        return logical.NONE

    def pressed(self, name):
        """True while physical button ``name`` is down (debounced)."""
        for k in self.keys:
            if k.name == name:
                return k.down
        raise ValueError("no button %r" % (name,))

    def waiting(self):
        """True when events are queued for ``get()``."""
        return len(self.queue) > 0

    def pending(self):
        """True when the edge interrupts caught edges ``poll()`` has not
        replayed yet (a cheap look: no pin is read)."""
        return self.ring[0] != self.ring[1]

    def clear(self):
        """Drop waiting events (e.g. after an error screen)."""
        self.queue = []

    def fresh(self):
        """Something new is on the glass: every press begun until now is
        spent (see the module docstring). Events already queued are
        dropped; so are those such a press would make later."""
        self.poll()
        self.queue = []
        for k in self.keys:
            if k.seen or k.down:
                k.spent = True
                k.used = True
                k.emitting = logical.NONE

    def due(self):
        """The tick at which a poll has something to judge (a level that
        will have lasted ``debounce_ms``, a repeat, a long press), or None
        when nothing is pending. Edges still in the ring count from their
        own ticks."""
        self._replay()
        diff = self.clock.ticks_diff
        due = None
        for k in self.keys:
            t = None
            if k.seen != k.down:
                t = k.seen_at + self.debounce_ms
            elif k.down:
                if k.long >= 0 and not k.used:
                    t = k.since + self.long_ms
                if k.emitting >= 0 and (t is None or diff(k.last + k.wait, t) < 0):
                    t = k.last + k.wait
            if t is not None and (due is None or diff(t, due) < 0):
                due = t
        return due

    # --- sampling ----------------------------------------------------------

    def _emit(self, b):
        if b >= 0 and len(self.queue) < QUEUE:
            self.queue.append(b)

    def edge_handler(self, index):
        """The interrupt handler for key ``index`` (its place in ``keys``):
        appends (index, level, tick) to the ring (everything it needs is
        bound here: it allocates nothing when it runs)."""
        ring = self.ring
        value = self.keys[index].pin.value
        active = self.active
        ticks = self.clock.ticks_ms

        def edge(_pin):
            h = ring[0]
            if (h - ring[1]) % _WRAP < RING:
                j = 2 + 3 * (h % RING)
                ring[j] = index
                ring[j + 1] = 1 if value() == active else 0
                ring[j + 2] = ticks()
                ring[0] = (h + 1) % _WRAP

        return edge

    def _replay(self):
        # The edges the interrupts caught, in order, with their own ticks.
        ring = self.ring
        keys = self.keys
        t = ring[1]
        while t != ring[0]:
            j = 2 + 3 * (t % RING)
            self._sample(keys[ring[j]], ring[j + 1] == 1, ring[j + 2])
            t = (t + 1) % _WRAP
            ring[1] = t

    def poll(self):
        """Replay the edges the interrupts caught, then sample every pin
        once, and queue what it means."""
        self._replay()
        keys = self.keys
        now = self.clock.ticks_ms()
        for k in keys:
            self._sample(k, k.pin.value() == self.active, now)
        for k in keys:
            if k.down:
                self._held(k, now)

    def _sample(self, k, level, now):
        """Key ``k`` read ``level`` (pressed: True) at tick ``now``: a level
        counts once it has lasted ``debounce_ms``, judged at the sample that
        ends it or at a later one (``due()`` says when)."""
        diff = self.clock.ticks_diff
        if level != k.seen:
            # The level seen before this edge may have lasted long enough
            # (then it counts from its first tick: a wrapping tick is never
            # added to).
            start = k.seen_at
            if diff(now, start) >= self.debounce_ms:
                if k.seen != k.down:
                    self._settle(k, start)
                elif not k.seen:
                    k.spent = False  # released long enough: the next press is new
            if k.down:
                self._held(k, now)
            k.seen = level
            k.seen_at = now
        elif diff(now, k.seen_at) >= self.debounce_ms:
            if level != k.down:
                self._settle(k, now)
            elif not level:
                k.spent = False

    def _settle(self, k, now):
        if k.seen:
            self._press(k, now)
        else:
            self._release(k)

    def _modifier_for(self, k):
        """The held key (down before ``k``) making a chord with ``k``, or None."""
        for m in self.keys:
            if m is not k and m.down and (m.name, k.name) in self.chords:
                return m
        return None

    def _press(self, k, now):
        k.down = True
        k.since = now
        k.used = k.spent
        k.emitting = logical.NONE
        if k.spent:
            return  # begun before the screen it would act on
        k.modifier = m = self._modifier_for(k)
        if m is not None:
            m.used = True
            k.used = True
            self._start(k, self.chords[(m.name, k.name)], now)
            return
        for m in self.keys:  # any other press while a modifier is down spends it
            if m is not k and m.down and m.deferred:
                m.used = True
        if not k.deferred:
            self._start(k, k.tap, now)

    def _start(self, k, b, now):
        self._emit(b)
        if b in DIRECTIONS:
            k.emitting = b
            k.last = now
            k.wait = self.repeat_delay_ms

    def _release(self, k):
        k.down = False
        k.spent = False
        k.emitting = logical.NONE
        k.modifier = None
        if k.deferred and not k.used:
            self._emit(k.tap)
        for other in self.keys:  # a chord stops repeating when its modifier is let go
            if other.modifier is k:
                other.emitting = logical.NONE
                other.modifier = None

    def _held(self, k, now):
        clock = self.clock
        if k.long >= 0 and not k.used and clock.ticks_diff(now, k.since) >= self.long_ms:
            k.used = True
            self._emit(k.long)
        if k.emitting >= 0 and clock.ticks_diff(now, k.last) >= k.wait:
            self._emit(k.emitting)
            k.last = now
            k.wait = self.repeat_ms


def from_board(cfg, clock, machine=None, **timings):
    """Buttons on the pins a board's ``buttons`` dict names, configured as
    inputs with its ``pull`` ("up", "down" or None). ``machine``: the module
    to make Pins from (default: the real one); ``timings``: keyword overrides
    (``debounce_ms`` ...)."""
    if machine is None:
        import machine
    Pin = machine.Pin
    pull = {"up": Pin.PULL_UP, "down": Pin.PULL_DOWN}.get(cfg.get("pull"))
    pins = {}
    for name, gpio in cfg["pins"].items():
        pins[name] = Pin(gpio, Pin.IN, pull) if pull is not None else Pin(gpio, Pin.IN)
    keys = Buttons(pins, cfg, clock, **timings)
    edges = getattr(Pin, "IRQ_FALLING", 0) | getattr(Pin, "IRQ_RISING", 0)
    for i in range(len(keys.keys)):
        pin = keys.keys[i].pin
        if not edges or not hasattr(pin, "irq"):
            break  # no pin interrupts here: polling alone
        # A soft interrupt: the handler runs at the next bytecode, a few ms
        # late at worst (inside a push or a collection), which the debounce
        # tolerates. A hard one would have to allocate nothing, and on the
        # rp2 port a handler this size already does (its frame goes on the
        # heap; checked with micropython.heap_lock on the emulated Pico).
        pin.irq(keys.edge_handler(i), edges)
        keys.edges = True
    return keys
