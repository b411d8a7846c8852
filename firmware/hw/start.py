"""What ``/main.py`` runs on the device: read the board, start the display
and buttons, show a splash, run the app, and never die silently.

    from hw import start
    start.main()            # does not return on the device

1. The board's module name comes from ``/board.txt`` (first word that is not
   a ``#`` comment; written by tools/make/flash.py). No file, or an empty one,
   means ``boards.DEFAULT`` (the Pimoroni Pico Display Pack). An unknown name
   falls back to the default and the splash says so.
2. The display is initialised and a splash (title, board, what the buttons
   do) shown: a few hundred ms after power-on, most of it the panel's reset
   and sleep-out waits; the app itself is imported after that. If the
   frame cannot be allocated, the display starts in a small mode with a
   1 KB frame and the splash says so (``make_display``).
3. The app (``app.main.App``) runs in a loop that steps it, then sleeps
   until the app's next deadline (a card in flight, a computer's move, a
   banner's end), the backlight's next change or a button event
   (``wait_keys``: the pins' edge interrupts fill a ring the wait looks at;
   a press is judged the moment it has been held for the debounce time,
   ``hw.buttons``' ``due()``), or, while the app's screen listens to the
   link cable (``App.listening``), bytes arriving on it (the wait sleeps
   on the UART: ``hw.link_uart``). Nothing is polled at a fixed rate. Garbage
   is collected at safe points: before the app starts, and after a step
   that leaves the app idle while no press is being judged (steps come
   only at events, so that is once per press or deadline, never per
   idle tick).
   Its files (settings, statistics, saved game, records) are kept by
   ``hw.storage.FlashStorage`` in ``/data``. The backlight follows the app's
   settings: ``app.light`` percent, dimmed to ``DIM_PCT`` after ``app.dim``
   seconds without a press (0: never), back on the next press. After
   ``app.sleep`` seconds without a press (0: never) the console sleeps
   (``hw.power``: backlight off, panel asleep, the CPU in light sleep) until
   a button is pressed; that press only wakes it.
4. An unexpected exception (``MemoryError`` included) ends the app: the
   traceback is appended to ``/error.log`` (kept under ``LOG_MAX`` bytes; the
   previous log moves to ``/error.log.old``) and printed on the USB console,
   the LED (if any) turns red, and an error screen shows the message and
   where it happened; A starts a fresh app with the same display, buttons and
   frame (the wait for A sleeps between button events, as the app's does).
   Ctrl-C on the console (KeyboardInterrupt) stops everything, for
   mpremote.

Failures before there is a display (bad board module, no SPI) are logged and
printed, then raised, so the REPL shows them; ``/main.py`` has a last guard
for an import error in this package itself.

Everything external is injectable (``machine``, ``clock``, file paths, the
app class, a step limit) so tests run this on CPython and on MicroPython's
WebAssembly port against a fake ``machine``.
"""

import gc
import sys

from micropython import const

import boards

BOARD_FILE = "/board.txt"
LOG_FILE = "/error.log"
LOG_MAX = 8192
POLL_MS = 5  # sampling period where the pins have no edge interrupts
WAIT_MAX_MS = 60000  # the longest wait between two steps (ticks wrap after 2**30 ms)
DIM_PCT = 8

# The splash and error screen's colours take the top five palette slots
# (app.kit.display.PALETTE), above app.kit.theme's colours (tests/test_palette.py),
# so these screens need nothing of the app but its display module.
_BG = const(251)  # black
_FG = const(252)  # white
_DIM = const(253)  # grey 8410
_GOLD = const(254)  # amber FE60
_RED = const(255)  # dark red A000


def board_name(path=BOARD_FILE):
    """The board module name written in ``path``, or ``boards.DEFAULT``."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return boards.DEFAULT
    for line in text.split("\n"):
        line = line.split("#", 1)[0].strip()
        if line:
            return line.split()[0]
    return boards.DEFAULT


def open_board(name):
    """``(board dict, warning or None)``; an unknown or bad board (a bad
    name, a module that fails to load or lacks what a board needs:
    ``boards.load``) gives the default board and a warning saying why."""
    try:
        return boards.load(name), None
    except ValueError as e:
        return boards.load(boards.DEFAULT), "unknown board %r (%s): using %s" % (
            name[:24], e, boards.DEFAULT)


def peripheral_clock(machine=None):
    """Clock the peripherals (SPI) from the system clock, so that a board's
    62.5 MHz SPI gets it: MicroPython's rp2 port runs them from the 48 MHz
    USB PLL unless told (``machine.freq(cpu_hz, peripheral_hz)``, whose
    second argument must be 48 MHz or the CPU's; ports/rp2/modmachine.c in
    1.28). USB keeps its own PLL. Must come before the SPI is made (its
    divider is set from the peripheral clock then). Returns the peripheral
    clock in Hz, or None where it is left as it is (no ``machine.freq``,
    a port that refuses)."""
    if machine is None:
        import machine
    freq = getattr(machine, "freq", None)
    if freq is None:
        return None
    try:
        cpu = freq()
        freq(cpu, cpu)
        return cpu
    except Exception as e:  # another port, or an odd clock: the bus is just slower
        print("picocards: peripheral clock left as it is:", e)
        return None


SMALL_NOTE = "Low memory: small screen mode. Restart the console to try the full screen."


def make_display(board, machine=None, sleep_ms=None):
    """The board's display driver (not initialised). A colour frame that
    cannot be allocated (a MemoryError, after a collection and a second
    try) gives the driver's small mode instead (``hw.st7789``, ``small``: a
    1 KB frame, the compact layout) with ``note`` set to ``SMALL_NOTE``,
    which the splash shows."""
    cfg = board["display"]
    if cfg["controller"] == "st7789":
        from hw import st7789

        for _ in range(2):
            try:
                return st7789.from_board(cfg, machine, sleep_ms=sleep_ms)
            except MemoryError:
                gc.collect()
        display = st7789.from_board(cfg, machine, sleep_ms=sleep_ms, small=True)
        display.note = SMALL_NOTE
        return display
    if cfg["controller"] == "ssd1306":
        from hw import oled

        return oled.from_board(cfg, machine, driver=ssd1306_driver)
    raise ValueError("display controller %r is not supported (st7789, ssd1306)"
                     % (cfg["controller"],))


# The ``ssd1306`` driver module for SSD1306 boards; None imports micropython-lib's
# (frozen into the image, or in /lib). Tests put their copy of the driver here.
ssd1306_driver = None


def palette(display):
    """``(bg, fg, dim, gold, band, band_text)`` colours for the splash and
    error screens: palette indices (their slots set here to black, white,
    grey, amber, dark red), or on a 1-bit display 0/1 with the band inverted
    (lit, dark text) so it stays readable."""
    if getattr(display, "mono", False):
        return 0, 1, 1, 1, 1, 0
    from app.kit.display import set_colour

    set_colour(_BG, 0x0000)
    set_colour(_FG, 0xFFFF)
    set_colour(_DIM, 0x8410)
    set_colour(_GOLD, 0xFE60)
    set_colour(_RED, 0xA000)
    return _BG, _FG, _DIM, _GOLD, _RED, _FG


class _Pen:
    """Text on a frame: the app's SMALL font (6x12), or framebuf's built-in
    8x8 font if the app's cannot be imported (the error may be right there)."""

    def __init__(self, fb):
        self.fb = fb
        self.text: object = None
        self.w = self.h = 8
        try:
            from app.kit import text

            self.w = text.SMALL.w
            self.h = text.SMALL.h
            self.text = text
        except Exception:
            pass

    def draw(self, s, x, y, color):
        text = self.text
        if text is not None:
            text.draw(self.fb, s, x, y, color, text.SMALL)  # type: ignore[attr-defined]
        else:
            self.fb.text(s, x, y, color)

    def center(self, s, width, y, color):
        self.draw(s, max(0, (width - self.w * len(s)) // 2), y, color)


def _wrap(s, cols):
    """``s`` cut into lines of at most ``cols`` characters, at spaces if possible."""
    out = []
    for para in s.split("\n"):
        while len(para) > cols:
            cut = para.rfind(" ", 0, cols + 1)
            if cut <= 0:
                cut = cols
            out.append(para[:cut])
            para = para[cut:].lstrip()
        out.append(para)
    return out


def splash(display, board, warning=None):
    """Title, board name and button help, then shown. Drawn with the app's
    small font (importing it is most of the app's start-up work anyway)."""
    fb, w, h = display.fb, display.width, display.height
    bg, fg, dim, gold, _, _ = palette(display)
    pen = _Pen(fb)
    cols = w // pen.w - 2
    fb.fill(bg)
    fb.rect(2, 2, w - 4, h - 4, gold)
    lines = _wrap(board["name"], cols) + _wrap(board["buttons"].get("help", ""), cols)
    if warning:
        lines += _wrap(warning, cols)
    small = h < 100  # a 128x64 OLED: no cards, name and "loading" only
    y = 4 if small else max(8, (h - 34 - (pen.h + 2) * len(lines)) // 2)
    pen.center("PICO CARDS", w, y, gold)
    if not small:
        for i in range(4):  # four little cards
            x = w // 2 - 38 + 20 * i
            fb.fill_rect(x, y + pen.h + 3, 14, 10, fg)
            fb.rect(x, y + pen.h + 3, 14, 10, dim)
    y += pen.h + (2 if small else 20)
    for line in lines:
        if y + pen.h > h - pen.h - 4:
            break
        pen.center(line, w, y, dim)
        y += pen.h + (0 if small else 2)
    pen.center("loading...", w, h - pen.h - 4, fg)
    display.show()


def _print_exception(exc, out):
    pe = getattr(sys, "print_exception", None)
    if pe is not None:
        pe(exc, out)
    else:  # CPython (tests)
        import traceback  # type: ignore[import-not-found]  # not in MicroPython's stubs

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=out)


def describe(exc):
    """``(summary, where, traceback text)`` of an exception: "Type: message",
    the innermost "file, line" of the traceback, and the whole traceback."""
    import io

    buf = io.StringIO()
    _print_exception(exc, buf)
    text = buf.getvalue()
    where = ""
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith("File "):
            where = line[5:]
    msg = str(exc)
    summary = type(exc).__name__ + (": " + msg if msg else "")
    return summary, where, text


def log_error(text, path=LOG_FILE, header=""):
    """Append ``header`` and ``text`` to the log at ``path``; a log over
    LOG_MAX bytes is first moved to ``path + ".old"``. Returns True if it was
    written (a full or read-only filesystem must not raise here)."""
    try:
        import os

        try:
            if os.stat(path)[6] > LOG_MAX:
                try:
                    os.remove(path + ".old")
                except OSError:
                    pass
                os.rename(path, path + ".old")
        except OSError:
            pass
        with open(path, "a") as f:
            f.write(header + "\n" + text + "\n")
        return True
    except Exception:
        return False


def error_screen(display, summary, where, logged, path=LOG_FILE):
    """The exception on screen, where it happened, and how to go on."""
    fb, w, h = display.fb, display.width, display.height
    bg, fg, dim, gold, red, band_text = palette(display)
    pen = _Pen(fb)
    # A 128x64 OLED: tighter rows (the font's cells have blank edge rows).
    small = h < 100
    x = 1 if small else 4
    cols = (w - x) // pen.w - (0 if small else 1)
    band = pen.h if small else pen.h + 4
    pitch = pen.h - 2 if small else pen.h + 1
    fb.fill(bg)
    fb.fill_rect(0, 0, w, band, red)
    pen.draw("Something went wrong" if w >= 150 else "Error", x, 0 if small else 2, band_text)
    lines = _wrap(summary, cols)
    body = len(lines)
    if where:
        lines += _wrap("at " + where, cols)
    lines.append("logged to " + path if logged else "(log not written)")
    y = band if small else band + 4
    for i, line in enumerate(lines):
        if y + (pitch if small else pen.h) > h - pen.h - (0 if small else 4):
            break
        pen.draw(line, x, y, fg if i < body else dim)
        y += pitch
    pen.draw("A: restart", x, h - pen.h + (1 if small else -2), gold)
    display.show()


def wait_for_a(keys, clock, steps=None):
    """Block until button A, asleep between button events (``wait_keys``:
    an edge interrupt wakes it, as in the app's loop); ``steps`` bounds the
    waits for tests. True if A came."""
    from app.kit import buttons

    keys.clear()
    n = 0
    while steps is None or n < steps:
        n += 1
        b = keys.get()
        while b >= 0:
            if b == buttons.A:
                return True
            b = keys.get()
        wait_keys(keys, clock, WAIT_MAX_MS)
    return False


def backlight_level(app, idle_ms):
    """Backlight percent for ``app``'s settings after ``idle_ms`` without a
    press: ``app.light``, or at most DIM_PCT once ``app.dim`` has passed."""
    light = getattr(app, "light", 100)
    dim = getattr(app, "dim", 0)
    if dim and idle_ms >= dim * 1000:
        return min(light, DIM_PCT)
    return light


def wait_keys(keys, clock, ms, link=None):
    """Wait up to ``ms`` for a button event, asleep (``clock.sleep_ms``: the
    CPU in WFE until an interrupt or the time). True if an event waits
    (``keys.waiting()``). With ``link`` (a link transport's ``wait(ms)``:
    asleep until bytes arrive or the time, True when they wait) it sleeps
    on that instead and returns False as soon as bytes wait, for the app to
    read them.

    Where the pins' edge interrupts fill the buttons' ring (``keys.edges``),
    nothing is sampled while no press is being judged: the wait wakes at
    most every ``keys.debounce_ms`` to look whether the ring moved (a few
    bytecodes). A press cannot be judged sooner than ``debounce_ms`` after
    its last edge, so looking that often judges it exactly when it is due,
    as sampling every millisecond would. (``time.sleep_ms`` runs to its end
    whatever interrupt comes, and ``machine.lightsleep``, which returns at
    one, stops the clock of a dimmed backlight's PWM: hw.power.) While a
    press, a repeat or a long press is pending (``keys.due()``) it polls
    then, exactly on time. Without edge interrupts the pins are sampled
    every POLL_MS."""
    due = getattr(keys, "due", None)
    edges = getattr(keys, "edges", False)
    nap = keys.debounce_ms if edges else POLL_MS
    sleep = clock.sleep_ms if link is None else link
    diff = clock.ticks_diff
    start = clock.ticks_ms()
    spun = False
    while True:
        keys.poll()
        if keys.waiting():
            return True
        now = clock.ticks_ms()
        left = ms - diff(now, start)
        t = due() if due is not None else None
        if t is not None:
            to = diff(t, now)
            if to < left:
                left = to
        if left <= 0:
            if t is None or spun:
                return False
            spun = True  # due now: judged by the next poll
            continue
        spun = False
        if t is None and edges:
            # Nothing to judge: asleep until an edge comes in or the time is up.
            pending = keys.pending
            while not pending():
                if sleep(nap if left > nap else left):
                    return False
                left = ms - diff(clock.ticks_ms(), start)
                if left <= 0:
                    break
            if left <= 0 and not pending():
                return False
        elif sleep(nap if left > nap else left):
            return False


def link_opener(cfg, machine):
    """The app's ``link_open``: the board's link cable (``hw.link_uart``),
    opened on first use and kept; None when the board has no link."""
    if not cfg:
        return None
    opened: list = []  # the link, once opened

    def link_open():
        if not opened:
            from hw import link_uart

            opened.append(link_uart.from_board(cfg, machine))
        return opened[0]

    return link_open


def battery_reader(cfg, machine):
    """The app's ``battery``: the board's gauge's ``level`` (``hw.battery``),
    or None when the board cannot read its battery, or its ADC cannot be
    had here (a message says why: the console goes on without a level)."""
    if not cfg:
        return None
    try:
        from hw import battery

        return battery.from_board(cfg, machine).level
    except Exception as e:
        print("picocards: no battery level:", e)
        return None


def run_app(app, keys, clock, steps=None, display=None, sleeper=None):
    """Step ``app`` forever (``steps``: how many for tests), waiting between
    steps for a button or the app's next deadline (``wait_keys``), and
    collecting garbage after a step that leaves the app idle; sets
    ``display``'s backlight (if it has one) from the app's settings; with
    a ``sleeper`` (``hw.power.Sleeper``), the console sleeps once the app
    has been idle ``app.sleep`` seconds without a press."""
    last_press = clock.ticks_ms()
    level = -1
    light = getattr(display, "backlight", None)
    judging = getattr(keys, "due", None)  # a press being debounced (hw.buttons)
    diff = clock.ticks_diff
    n = 0
    while steps is None or n < steps:
        n += 1
        quiet = diff(clock.ticks_ms(), last_press)
        if sleeper is not None and app.idle() and sleep_due(app, quiet) <= 0:
            sleeper.sleep()  # returns once a press woke it (that press spent)
            last_press = clock.ticks_ms()
            level = -1
            continue
        if light is not None:
            # Before the step, so that a frame is the last thing sent.
            want = backlight_level(app, quiet)
            if want != level:
                light(want)
                level = want
        app.step()
        # Not while a press is being judged: a collection (5 ms on a Pico)
        # then would come between the press and its pixels.
        # Steps come only at events now (a press, a deadline), so an idle
        # step is the end of some work: its garbage is collected then.
        # (gc.mem_alloc() would say whether there is any, but it walks the
        # whole heap, 8 ms on a Pico: longer than a collection.)
        if app.idle() and (judging is None or judging() is None):
            gc.collect()
        # Until the app's deadline (a card in flight, a computer's move, a
        # banner's end), the backlight's next change or the sleep: asleep
        # meanwhile unless a button comes.
        now = clock.ticks_ms()
        quiet = diff(now, last_press)
        wait = WAIT_MAX_MS
        due = app.next_deadline()
        if due is not None:
            wait = max(0, min(wait, diff(due, now)))
        if light is not None:
            dim = getattr(app, "dim", 0) * 1000 - quiet
            if 0 < dim < wait:
                wait = dim
        if sleeper is not None and app.idle():
            wait = max(0, min(wait, sleep_due(app, quiet)))
        port = app.listening() if getattr(app, "link_wait", False) else None
        if wait_keys(keys, clock, wait, getattr(port, "wait", None)):
            last_press = clock.ticks_ms()


def sleep_due(app, quiet_ms):
    """Milliseconds until the console sleeps after ``quiet_ms`` without a
    press (``app.sleep`` seconds; WAIT_MAX_MS when it never does)."""
    s = getattr(app, "sleep", 0)
    return s * 1000 - quiet_ms if s else WAIT_MAX_MS


def sleeper(display, keys, machine=None):
    """The console's ``hw.power.Sleeper``, or None where the buttons have no
    edge interrupts to wake it (``keys.edges``) or ``machine`` no light
    sleep (the CPython tests' fake)."""
    if machine is None:
        import machine
    if not getattr(keys, "edges", False) or not hasattr(machine, "lightsleep"):
        return None
    from hw import power

    return power.Sleeper(display, keys, machine)


def seed():
    """A fresh seed for the session's deals (below 2**30)."""
    try:
        import os

        return int.from_bytes(os.urandom(4), "little") & 0x3FFFFFFF
    except Exception:
        import time

        return time.ticks_us() & 0x3FFFFFFF


def _report(e, display, log_file, header, light=None):
    """Log, print and show exception ``e``; returns its summary."""
    summary, where, text = describe(e)
    logged = log_error(text, log_file, header + summary)
    print("picocards:", header + summary)
    print(text)
    if light is not None:
        light.set(255, 0, 0)
    if display is not None:
        error_screen(display, summary, where, logged, log_file)
    return summary


def open_storage():
    """The flash storage for the app's files (``/data``), or None (and a
    message) if the filesystem cannot give one, or off the device (CPython
    tests): the app then keeps nothing."""
    if sys.implementation.name != "micropython":
        return None
    try:
        from hw.storage import FlashStorage

        return FlashStorage()
    except Exception as e:
        print("picocards: no storage:", e)
        return None


def _head_start(name):
    """Import module ``name`` (dotted; None: nothing) ahead of its use, in
    time the boot would otherwise sleep. Only a head start: a failure is
    left for the real import, where it is reported."""
    if name is None:
        return
    try:
        __import__(name)
    except Exception:
        pass


def main(machine=None, clock=None, board_file=BOARD_FILE, log_file=LOG_FILE, app_class=None,
         steps=None, restarts=None, storage=None):
    """Boot the console (see the module docstring). ``steps``/``restarts``
    bound the app loop and the number of error-screen restarts, for tests;
    on the device both are None and this never returns. Returns the last app
    (None if it ended in an error)."""
    if clock is None:
        from hw.clock import DeviceClock

        clock = DeviceClock()
    name = board_name(board_file)
    display = None
    try:
        board, warning = open_board(name)
        peripheral_clock(machine)
        display = make_display(board, machine, sleep_ms=clock.sleep_ms)
        made = {}

        def inputs():
            from hw import buttons, led

            made["keys"] = buttons.from_board(board["buttons"], clock, machine)
            made["light"] = led.from_board(board.get("led"), machine)
            _head_start("app.kit.text")  # the splash's font

        # The panel's reset and sleep-out waits are spent on the buttons,
        # the splash's font and the app's code (an ST7789's; others take none).
        if board["display"]["controller"] == "st7789":
            display.init((inputs, lambda: _head_start(None if app_class else "app.main")),
                         clock)
        else:
            display.init()
        if not made:
            inputs()
        note = getattr(display, "note", None)
        if note:
            warning = note if not warning else warning + ". " + note
        if warning:
            print("picocards:", warning)
        splash(display, board, warning)
        keys = made["keys"]
        light = made["light"]
    except Exception as e:
        _report(e, display if display is not None and display.ready else None, log_file,
                "boot, board %s: " % name)
        raise
    gc.collect()
    restarted = 0
    while True:
        app = None
        try:
            make = app_class
            if make is None:
                from app.main import App as make

                if storage is None:
                    storage = open_storage()
            if storage is not None:
                app = make(display, keys, clock, seed=seed(), storage=storage)
            else:
                app = make(display, keys, clock, seed=seed())
            app.link_open = link_opener(board.get("link"), machine)
            app.link_wait = True  # run_app sleeps on the link (wait_keys)
            app.battery = battery_reader(board.get("battery"), machine)
            gc.collect()
            run_app(app, keys, clock, steps, display, sleeper(display, keys, machine))
            return app
        except KeyboardInterrupt:
            raise
        except Exception as e:
            app = None
            gc.collect()
            _report(e, display, log_file, "board %s, tick %d: " % (name, clock.ticks_ms()), light)
            if restarts is not None and restarted >= restarts:
                return None
            restarted += 1
            wait_for_a(keys, clock, steps)
            if light is not None:
                light.off()
