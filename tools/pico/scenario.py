"""The memory scenario of ``make bench-pico`` and tests/test_device_memory.py,
driven by what the app shows rather than by a fixed list of presses: the
title, a table of each game (Clubbed, Klaberjass, Clubs, New game) with a few
moves played, the pause menu's Quit to menu, then the Rules and the Settings
screens.

The app reports its state (``STATE_SRC``'s ``bench_state``: presses read,
actions applied, screen, game picked, the open menu's selection and rows)
each time it is idle, i.e. waiting for a button. The same function runs in
the headless simulator (``SimMachine``, fast: to check the driver) and on the
emulated Pico (``DeviceMachine``: a test-only ``/boot.py`` installs
``PROBE``, which prints ``BENCH-STATE`` lines on USB serial); ``drive`` picks
each logical key (LEFT RIGHT UP DOWN A B) from the last state, so a changed
title (Continue on a saved game's page only; New game asking first while
the game shown is saved), a banner that waits for A or a card that cannot be
played does not send the presses elsewhere.

The probe also prints, at each new screen, the free heap after a collection
and the lowest free heap seen at a push since the last screen
(``BENCH-SCREEN name free low previous``), and heap maps for the largest
allocation (tools/bench/bench_pico.py reads those). Installed without
them (``BOOT_PY_TIMES``), it times each step in which the computer chose a
move (``BENCH-TURN decision_us step_us``: the step applies the move, saves
the game when your turn comes and draws the new frame).
"""

import re

GAMES = ("Clubbed", "Klaberjass", "Clubs")
#: Game screens' class names (a table of each game).
TABLES = {"ClubbedScreen": "Clubbed", "KlaberjassScreen": "Klaberjass",
          "ClubsScreen": "Clubs"}
#: Human moves to make at each table (A presses that applied an action).
MOVES = 3
#: Presses one part of the scenario may take before it is called lost.
MAX_PRESSES = 40
#: Emulated ms between one press's release and the next press: more than
#: hw.buttons' 20 ms debounce, which takes a shorter gap for a bounce (two
#: taps of one button with no gap are one press).
GAP_MS = 60

# Runs on MicroPython and CPython alike: one tab-separated line.
STATE_SRC = r'''
def bench_state(app, presses, moves):
    s = app.screen
    m = getattr(s, "pause", None)
    kind = "pause"
    if m is None:
        m = getattr(s, "menu", None)
        kind = "menu"
    if m is None or not hasattr(m, "items") or not hasattr(m, "sel"):
        kind, sel, items = "-", -1, ()
    else:
        sel, items = m.sel, m.items
    return "%d\t%d\t%s\t%s\t%s\t%d\t%s" % (presses, moves, type(s).__name__,
                                          app.game_name(), kind, sel, "|".join(items))
'''

PROBE = STATE_SRC + r'''
import gc
import micropython
import time

_st = {"screen": None, "low": 1 << 30, "prev": 0, "first": True, "presses": 0,
       "moves": 0, "said": None, "choice": None}


def _map(tag):
    print("BENCH-MAP-BEGIN", tag)
    micropython.mem_info(1)
    print("BENCH-MAP-END")


class _Counted:
    # The app's buttons, counting the presses it reads.
    def __init__(self, keys):
        self.keys = keys

    def get(self):
        b = self.keys.get()
        if b >= 0:
            _st["presses"] += 1
        return b

    def fresh(self):
        self.keys.fresh()


def install(heap=True):
    # heap: the heap readings (maps, free heap per screen and at each push);
    # without them (each walks the heap) a step's time is the app's own.
    from hw import start

    run = start.run_app

    def run_app(app, keys, clock, steps=None, display=None, sleeper=None):
        from app import screen as shared

        step = app.step
        show = app.display.show
        moved = app.moved
        choose = shared.computer_choice
        app.buttons = _Counted(app.buttons)

        def timed_choice(screen, player, seat):
            t = time.ticks_us()
            action = choose(screen, player, seat)
            _st["choice"] = time.ticks_diff(time.ticks_us(), t)
            return action

        shared.computer_choice = timed_choice

        def probed_moved(screen, action, seat):
            _st["moves"] += 1
            moved(screen, action, seat)

        app.moved = probed_moved

        def probed_show():
            f = gc.mem_free()
            if f < _st["low"]:
                _st["low"] = f
            show()

        if heap:
            app.display.show = probed_show

        def probed():
            t = time.ticks_us()
            step()
            took = time.ticks_diff(time.ticks_us(), t)
            if _st["choice"] is not None:
                # A step in which the computer chose: its decision, and the
                # whole step (the move applied, the save, the new frame).
                print("BENCH-TURN", _st["choice"], took)
                _st["choice"] = None
            if heap:
                _heap()
            if app.idle():
                s = bench_state(app, _st["presses"], _st["moves"])
                if s != _st["said"]:
                    _st["said"] = s
                    print("BENCH-STATE\t" + s)

        def _heap():
            name = type(app.screen).__name__
            if _st["first"]:
                _st["first"] = False
                _map("boot")
            f = gc.mem_free()
            if _st["prev"] - f >= 8192:
                _map(name)
            _st["prev"] = f
            if name != _st["screen"]:
                low = _st["low"]
                gc.collect()
                f = gc.mem_free()
                print("BENCH-SCREEN", name, f, low, _st["screen"])
                _st["screen"] = name
                _st["low"] = f
                _st["prev"] = f

        app.step = probed
        return run(app, keys, clock, steps, display, sleeper)

    start.run_app = run_app
'''

BOOT_PY = "import bench_probe\nbench_probe.install()\n"
#: The probe without its heap readings: the computer's turns timed alone.
BOOT_PY_TIMES = "import bench_probe\nbench_probe.install(False)\n"


class ScenarioError(RuntimeError):
    """The app did not get where the scenario goes (with the last state)."""


class State:
    """One ``bench_state`` line: ``presses``, ``moves`` (ints), ``screen``,
    ``game`` (names), ``kind`` ("pause", "menu" or "-"), ``sel`` (int) and
    ``items`` (list of row labels)."""

    def __init__(self, line):
        f = line.rstrip("\r\n").split("\t")
        if len(f) != 7:
            raise ValueError("not a state line: %r" % (line,))
        self.presses, self.moves = int(f[0]), int(f[1])
        self.screen, self.game, self.kind = f[2], f[3], f[4]
        self.sel = int(f[5])
        self.items = f[6].split("|") if f[6] else []

    def row(self):
        """The selected row's label, or None."""
        return self.items[self.sel] if 0 <= self.sel < len(self.items) else None

    def __repr__(self):
        return "<%s on %s, %s %r at %d; %d presses, %d moves>" % (
            self.screen, self.game, self.kind, self.items, self.sel, self.presses, self.moves)


class SimMachine:
    """The scenario in the headless simulator (host_sim.headless) for
    ``board`` (a dict) with ``storage`` (a FolderStorage) and ``seed``."""

    def __init__(self, board, storage, seed=1):
        import host_sim  # noqa: F401  (sys.path for firmware/)
        from host_sim.headless import HeadlessRun

        ns = {}
        exec(STATE_SRC, ns)
        self._state = ns["bench_state"]
        self.run = HeadlessRun(seed=seed, board=board, storage=storage)
        app = self.run.app
        self.presses = 0
        self.moves = 0
        moved = app.moved

        def counted(screen, action, seat):
            self.moves += 1
            moved(screen, action, seat)

        app.moved = counted
        self.run.settle()

    def state(self):
        return State(self._state(self.run.app, self.presses, self.moves))

    def press(self, key):
        from app.kit import buttons

        self.run.buttons.push(buttons.NAMES.index(key))
        self.presses += 1
        self.run.settle("press %s" % key)
        return self.state()


class DeviceMachine:
    """The scenario on an emulated Pico (tools/pico/harness.Pico) booted
    with ``PROBE`` installed by ``BOOT_PY``; ``press_logical(pico, key)``
    makes a logical key of the board's buttons (tests/device.py's). The
    serial output is kept in ``text``."""

    def __init__(self, pico, press_logical, timeout_ms=90000):
        self.pico = pico
        self.press_logical = press_logical
        self.timeout_ms = timeout_ms
        self.text = ""
        self.last = None
        self.presses = 0
        self.last = self._wait(0)

    def _read(self):
        self.text += self.pico.read(timeout_ms=10).decode("utf-8", "replace")

    def _wait(self, presses):
        end = self.pico.ms + self.timeout_ms
        seen = 0
        while True:
            self._read()
            lines = re.findall(r"BENCH-STATE\t([^\r\n]*)", self.text)
            for line in lines[seen:]:
                s = State(line)
                if s.presses == presses:
                    return s
            seen = len(lines)
            if "Traceback" in self.text or "MemoryError" in self.text:
                raise ScenarioError("the app failed: " + self.text[-600:])
            if self.pico.ms > end:
                raise ScenarioError("no idle state after press %d within %d ms (last %r)"
                                    % (presses, self.timeout_ms, self.last))
            self.pico.run_ms(50)

    def state(self):
        return self.last

    def press(self, key):
        self.pico.run_ms(GAP_MS)
        self.press_logical(self.pico, key)
        self.presses += 1
        self.last = self._wait(self.presses)
        return self.last


def _lost(what, s):
    raise ScenarioError("%s: lost after %d presses at %r" % (what, MAX_PRESSES, s))


def to_title_row(m, game, row):
    """From the title, pick ``game`` (RIGHT) and highlight ``row`` (DOWN)."""
    s = m.state()
    for _ in range(MAX_PRESSES):
        if s.screen != "TitleScreen":
            raise ScenarioError("expected the title, at %r" % (s,))
        if s.game != game:
            s = m.press("RIGHT")
        elif s.row() != row:
            s = m.press("DOWN")
        else:
            return s
    _lost("title to %s, %s" % (game, row), s)


def play_moves(m, game, moves=MOVES):
    """At ``game``'s table: A until ``moves`` presses of A applied an action
    (a card, a bid: the computers then answer); an A that applied none (a
    banner waiting for A, a card that cannot be played) is followed by
    RIGHT. Returns the number of actions applied at the table."""
    s = m.state()
    start = s.moves
    made = 0
    key = "A"
    for _ in range(MAX_PRESSES):
        if TABLES.get(s.screen) != game and s.screen.startswith("Title"):
            raise ScenarioError("left %s's table: %r" % (game, s))
        if made >= moves:
            return s.moves - start
        if s.kind == "pause":
            key = "B"  # closes it
        before = s.moves
        s = m.press(key)
        if key == "A" and s.moves > before:
            made += 1
            key = "A"
        else:
            key = "RIGHT" if key == "A" else "A"
    _lost("%d moves at %s's table" % (moves, game), s)


def quit_to_title(m):
    """B opens the pause menu; DOWN to Quit to menu; A."""
    s = m.state()
    for _ in range(MAX_PRESSES):
        if s.screen == "TitleScreen":
            return s
        if s.kind != "pause":
            s = m.press("B")
        elif s.row() != "Quit to menu":
            s = m.press("DOWN")
        else:
            s = m.press("A")
    _lost("quit to the title", s)


def drive(m, games=GAMES, moves=MOVES):
    """The whole scenario on machine ``m`` (SimMachine or DeviceMachine).
    Returns ``{game: actions applied at its table}``; ScenarioError when
    the app is not where a step expects it."""
    played = {}
    for game in games:
        to_title_row(m, game, "New game")
        s = m.press("A")
        if s.screen == "TitleScreen" and s.row() != "New game":
            # A game is saved (the previous table's): the row asks whether
            # to replace it, a second A starts the new game.
            s = m.press("A")
        if TABLES.get(s.screen) != game:
            raise ScenarioError("New game of %s gave %r" % (game, s))
        played[game] = play_moves(m, game, moves)
        quit_to_title(m)
    game = m.state().game
    for row, screen in (("Rules", "RulesScreen"), ("Settings", "SettingsScreen")):
        to_title_row(m, game, row)
        s = m.press("A")
        if s.screen != screen:
            raise ScenarioError("%s gave %r" % (row, s))
        s = m.press("B")
        if s.screen != "TitleScreen":
            raise ScenarioError("B on %s gave %r" % (screen, s))
    return played


def turns(text):
    """``[(decision us, whole step us)]`` from the probe's ``BENCH-TURN`` lines."""
    return [(int(a), int(b)) for a, b in re.findall(r"BENCH-TURN (\d+) (\d+)", text)]


def screens(text):
    """``[(screen, free after collect, previous screen, lowest free at a
    push on the previous screen)]`` from the probe's ``BENCH-SCREEN`` lines."""
    out = []
    for m in re.finditer(r"BENCH-SCREEN (\w+) (\d+) (\d+) (\w+)", text):
        out.append((m.group(1), int(m.group(2)), m.group(4), int(m.group(3))))
    return out
