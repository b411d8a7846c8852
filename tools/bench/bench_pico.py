"""Figures of the console on the emulated Pico (tools/pico/harness.py), in
emulated Pico time (rp2040js at 125 MHz, SPI bytes charged their time on the
wire): ``make bench-pico``.

    python tools/bench/bench_pico.py [--board NAME] [--uf2 FROZEN.uf2] [--firmware DIR --boards DIR]
                               [--decisions N] [--skip memory,decisions,...]

What it measures, each on its own boot (so that one probe does not slow
another), and prints as a table:

- boot: power-on to the last pixel of the title (the panel quiet 400 ms
  after it), for the ``.mpy`` install (tools/make/flash.py's layout) or, with
  ``--uf2``, a frozen image (its filesystem holds /main.py, fonts, board).
- push: one full-frame ``show()`` (every row sent) and one of the same frame
  again (rows compared, nothing sent), timed on the device (``ticks_us``)
  with the board's display made as ``hw.start`` makes it.
- press: key press (the GPIO edge) to the last pixel it changes on a
  Clubbed table: a cursor move (the board's RIGHT) and a card played
  (A), each the end of the burst of RAMWRs after the press (no gap over
  5 ms), on a boot of its own whose session seed is fixed at 1 (a
  test-only /boot.py), so every run plays the same deal.
- memory: a probe (/bench_probe.py, run by a test-only /boot.py) wraps the
  app's step: at each new screen, the free heap after a collection; the
  lowest free heap seen at any push (no collection) per screen; and the
  largest block allocated after boot: the heap map (``micropython.mem_info(1)``)
  right after the app's first step is the baseline, and after any step in
  which the free heap fell by 8 KB or more the map is read again: a block
  (head and tails) not in the baseline is an allocation made since. A block
  allocated and collected within one step is not seen (the app collects at
  screen changes): the figure is a lower bound, checked against the known
  16 KB storage read (issue 12), which it finds on a build that has it.
  The scenario (tools/pico/scenario.py, driven by the app's state the probe
  prints when it waits for a button): the title, then each game (Normal)
  started from the title with New game, three moves of yours at its table,
  the pause menu, Quit to menu; then the Rules and the Settings screens.
- awake: the share of the time the CPU is awake (executing instructions
  or held by a flash operation; tools/pico/harness.py ``awake``) while the
  console waits for the human: at the title, and at each game's table
  (New game from the title, then the panel quiet for 1.5 s: the human's
  turn), each over ``AWAKE_MS`` of emulated time on a boot of its own,
  and asleep at the title after "Sleep after" (the shortest, SLEEP_S);
  with each, the supply current estimated from the share and assumed
  currents (``estimate_ma``) and the hours a 1000 mAh cell lasts.
- decisions: on the device, ``--decisions`` decisions (default 10) per game
  and level, made by ``players.levels.make(game, level, seed, clock)`` (the
  device clock: the time caps apply) in games played by those players from
  seeds 1, 2, ...: mean and slowest ms of the decisions the search kit
  searches (more than one legal action; bidding included), at every level
  (``--levels``, default 0,1,2; ``--games``), and the peak heap during a
  decision: the most ``gc.mem_alloc()`` rose above its level just before
  the decision (collected then), sampled by the search's ``stop`` hook
  after every playout and once at the end. The times come from a pass of
  their own, without the hook (a heap reading walks the allocation table,
  so sampling slowed the decisions). The heap comes from two more passes
  over the same games without the clock (no cap: the whole budget).
  "In use" counts live data and garbage not yet collected (a collection
  inside the decision lowers it): what a decision allocates, up to the
  free heap. "Live": the hook collects before each reading, so it is the
  heap the search holds between playouts (what a playout allocates and
  drops inside is not seen).

- link: two Picos in one emulator, UART0 crossed (harness.pair), Klaberjass
  hosted and joined by buttons (tools/pico/link_drive.py): the press of A
  on one console to the card on the other's panel (the end of its burst of
  RAMWRs after the move's frame arrived) and to the frame through the
  cable, over a dozen moves; the heap the link game uses, read by a probe
  (test-only /boot.py) after each move, less the Link play menu's.

``--firmware``/``--boards`` bench another tree (e.g. ``git archive main
firmware boards``) for before/after figures. Without the device kit it
prints one line saying how to get it and exits 2.
"""

import argparse
import os
import re
import sys
import tempfile

from benchkit import ROOT  # noqa: E402  (the repository root on sys.path)

sys.path.insert(0, os.path.join(ROOT, "tools", "make"))

from tools.pico import harness, scenario  # noqa: E402

PUSH = r'''
import time, gc
import boards
from hw import st7789, start
b = boards.load(%r)
getattr(start, "peripheral_clock", lambda: None)()  # a tree from before it
gc.collect()
d = st7789.from_board(b["display"])
d.init()
for i in range(len(d.buf)):
    d.buf[i] = i %% 29
d._rows_known = False
t = time.ticks_us(); d.show(); full = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us(); d.show(); same = time.ticks_diff(time.ticks_us(), t)
print("BENCH-PUSH", full, same, d.width, d.height)
'''

MOTION = r'''
import time, gc
import boards
from hw import start
from hw.clock import DeviceClock
from app import modules
from app.kit.buttons import ScriptedButtons, A, RIGHT
from app.main import App
b = boards.load(%r)
getattr(start, "peripheral_clock", lambda: None)()
gc.collect()
d = start.make_display(b)
d.init()
btn = ScriptedButtons()
app = App(d, btn, DeviceClock(), seed=3)
app.level = 0  # Easy: the computer's turns pass quickly
app.motion = 1  # Normal
t = time.ticks_us()
from app.kit import motion
print("BENCH-IMPORT", time.ticks_diff(time.ticks_us(), t))
motion = None
modules.drop("app.kit.motion")
def moves(game, want):
    # Presses A (a card, a bid) and steps as hw.start.run_app does (a step,
    # then a wait), timing each step of a move (ticks_us) until ``want``
    # moves were seen. The free heap is read once a move is set up (its
    # buffers allocated; a frame of motion allocates nothing): a reading
    # walks the heap's table, which would slow the frames.
    while app.game_name() != game:
        btn.push(RIGHT)
        app.step()
    btn.push(A)
    app.step()
    gc.collect()
    print("BENCH-TABLE", game, gc.mem_free())
    seen = 0
    for _ in range(4000):
        if seen >= want:
            break
        if app.idle():
            btn.push(A)
        was = app.moving
        t = time.ticks_us()
        app.step()
        dt = time.ticks_diff(time.ticks_us(), t)
        if app.moving is not None and was is None:
            t0 = t
            steps = []
            low = gc.mem_free()
            n = len(app.moving.s) // 12
        if app.moving is not None or was is not None:
            steps.append(dt)
            if len(steps) == 2:
                t1 = t  # the first frame of motion starts
        if was is not None and app.moving is None:
            # The move's frames: its first (the new places drawn, the
            # move set up), each frame of motion, the still frame at its end.
            print("BENCH-MOVE", game, n, len(steps) - 2, time.ticks_diff(t, t1), steps[0],
                  max(steps[1:-1]), steps[-1], low)
            seen += 1
        # hw.start.run_app's wait: until the app is due (20 ms when it is
        # not: the next press comes from here).
        wait = 20
        due = app.next_deadline()
        if due is not None:
            wait = max(0, time.ticks_diff(due, time.ticks_ms()))
        time.sleep_ms(wait)
moves("Clubbed", 3)
app.to_title()
moves("Klaberjass", 4)
'''

DECIDE = r'''
import time, gc, sys
from players import levels
from hw.clock import DeviceClock
clock = DeviceClock()
GAME = %r
kit = levels.kit(GAME)
N = %d
LEVELS = %r
def new(seed):
    if GAME == "clubbed":
        from cardgames import clubbed
        return clubbed.Clubbed(seed=seed, dealer=seed %% 2)
    if GAME == "klaberjass":
        from cardgames import klaberjass
        return klaberjass.Klaberjass(seed=seed)
    from cardgames import clubs
    return clubs.Clubs(seed=seed)
PEAK = [0]
LIVE = [False]
def sample():
    # The search's stop hook (players/search.py), asked after every playout:
    # the heap in use at that moment (live and garbage), or in the third
    # pass the live heap alone (collected first).
    if LIVE[0]:
        gc.collect()
    m = gc.mem_alloc()
    if m > PEAK[0]:
        PEAK[0] = m
    return False
def run(level, mode):
    # Pass 0: times with the device clock and nothing else (reading the heap
    # walks its allocation table: sampling it after every playout cost Hard
    # a fifth of its decisions' time). Passes 1 and 2: the same decisions
    # without a clock (no cap: the whole budget, at least what the device
    # does) and the stop hook sampling the heap in use (1), or the live
    # heap, collected at every sample (2).
    live = mode == 2
    LIVE[0] = live
    times = []
    peaks = []
    seed = 1
    while len(times) < N and seed < 50:
        g = new(seed)
        players = {}
        moves = 0
        while not g.is_over() and len(times) < N and moves < 400:
            p = g.current_player
            if p not in players:
                players[p] = levels.make(GAME, level, seed * 7 + p, None if mode else clock)
                if mode and hasattr(players[p], "stop"):
                    players[p].stop = sample
            legal = g.legal_actions()
            obs = g.observation(p)
            searched = len(legal) > 1 and kit.searchable(obs)
            gc.collect()
            base = PEAK[0] = gc.mem_alloc()
            t = time.ticks_ms()
            a = players[p].choose(obs, legal)
            dt = time.ticks_diff(time.ticks_ms(), t)
            sample()
            if searched:
                times.append(dt)
                peaks.append(PEAK[0] - base)
            g.apply(a)
            moves += 1
            obs = None
            gc.collect()
        players = None
        g = None
        gc.collect()
        seed += 1
    return times, peaks
for level in LEVELS:
    times = run(level, 0)[0]
    peaks = run(level, 1)[1]
    live = max(run(level, 2)[1])
    print("BENCH-DECIDE", GAME, level, len(times), sum(times) // max(1, len(times)), max(times),
          max(peaks), live)
'''


def fail(msg):
    print("bench_pico: " + msg)
    sys.exit(2)


def _device():
    """tests/device.py (its settings file and logical key presses)."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import device

    return device


def settings_file(level=1, sleep=None):
    """Settings of computer players at ``level`` (default Normal), Normal
    speed, "Sleep after" ``sleep`` s (None: the default) (tests/device.py's
    helper writes them with the app's own code)."""
    device = _device()
    device.LEVEL = level
    device.SPEED = 1
    device.SLEEP = sleep
    device.settings_bytes.cache_clear()
    return device.settings_bytes()


def files_for(board, stage, firmware=None, boards_dir=None, frozen=False, extra=None):
    """{device path: bytes}: the console as tools/make/flash.py lays it out (from
    ``firmware``/``boards_dir`` if given), the board file, ``extra``."""
    import flash

    built = flash.build(stage, firmware=firmware, boards_dir=boards_dir)
    local = flash.local_files(built)
    if frozen:
        local = {p: v for p, v in local.items() if p in flash.TOP_FILES}
    out = {}
    for path, (src, _, _) in local.items():
        with open(src, "rb") as f:
            out[path] = f.read()
    out[flash.BOARD_FILE] = (board + "\n").encode()
    out.update(extra or {})
    return out


def image(path, board, args, extra=None):
    with tempfile.TemporaryDirectory(prefix="picocards-bench-") as stage:
        files = files_for(board, stage, args.firmware, args.boards, bool(args.uf2), extra)
    return harness.write_fs_image(path, files)


def boot_figures(k, args, tmp):
    img = image(os.path.join(tmp, "boot.bin"), args.board, args,
                {"/data/settings": settings_file()})
    with harness.Pico(k, uf2=args.uf2, fs=img, board=args.board) as pico:
        pico.wait_frames(1, timeout_ms=20000)  # the splash
        title = pico.settle(quiet_ms=400, timeout_ms=20000)
        frames = pico.frames()
        first = frames[0].end_ms if frames else None
    return {"boot": title, "splash": first}


def press_run(k, args, tmp):
    """The press figures on a boot of their own, the session's seed fixed
    (tests/device.py's test-only /boot.py): the same deal, so the same
    cards moved over and played, at every run."""
    img = image(os.path.join(tmp, "press.bin"), args.board, args,
                {"/data/settings": settings_file(), "/boot.py": _device().boot_py(1)})
    with harness.Pico(k, uf2=args.uf2, fs=img, board=args.board) as pico:
        pico.wait_frames(1, timeout_ms=20000)
        pico.settle(quiet_ms=400, timeout_ms=20000)
        return press_figures(pico, args.board)


def _burst_end(pico, since_ms, gap_ms=5.0):
    """End of the burst of RAMWRs that ended after ``since_ms`` (none further
    apart than ``gap_ms``), or None."""
    ends = [f.end_ms for f in pico.frames() if f.end_ms > since_ms]
    if not ends:
        return None
    last = ends[0]
    for e in ends[1:]:
        if e - last > gap_ms:
            break
        last = e
    return last


AWAKE_MS = 5000
GAMES = ("Clubbed", "Klaberjass", "Clubs")  # the title's order (app.games.GAMES)


SLEEP_S = 60  # the shortest "Sleep after", for the asleep figure

# Currents for the estimate (mA at the supply); docs/performance.md gives
# each one's source next to the table. The RP2040's: running flat out at
# 125 MHz, about 20 mA; in light sleep (clocks stopped, PLLs off, the
# timer running) about 1.5 mA (MicroPython's rp2 lightsleep change
# measured it on a Pico); waiting in WFE with the clocks running (the
# console awake, between presses) is in no datasheet: 10 mA, assumed.
CPU_RUN_MA = 20.0
CPU_WFE_MA = 10.0
CPU_LIGHTSLEEP_MA = 1.5
# The display's own, per controller: (on, asleep). ST7789: its logic in
# normal mode (the ST7789V datasheets' typical 7.5 mA) and in sleep-in
# (0.03 mA); the module's white LED backlight at 100 % (20 mA, the low
# end of the 20-40 mA such 1.14" and 1.3" modules draw; scaled by the
# PWM duty). SSD1306 128x64 module (charge pump from 3.3 V): about 10 mA
# with text lit (a measured figure for such modules), display off 0.01 mA
# (the datasheet's sleep currents, a few uA each).
PANEL_MA = {"st7789": (7.5, 0.03), "ssd1306": (10.0, 0.01)}
BACKLIGHT_MA = {"st7789": 20.0, "ssd1306": 0.0}
DIM_PCT = 8  # hw.start.DIM_PCT: the backlight after the dim timeout
CELL_MAH = 1000


def estimate_ma(share, board, asleep, light_pct=100):
    """The supply current (mA) for CPU awake ``share``; ``asleep``: light
    sleep, panel asleep, backlight off; else WFE between steps and the
    backlight at ``light_pct``."""
    kind = harness.load_board(board)["display"]["controller"]
    wait = CPU_LIGHTSLEEP_MA if asleep else CPU_WFE_MA
    cpu = share * CPU_RUN_MA + (1 - share) * wait
    panel = PANEL_MA[kind][1 if asleep else 0]
    light = 0.0 if asleep else BACKLIGHT_MA[kind] * light_pct / 100
    return cpu + panel + light


def awake_figures(k, args, tmp):
    """``[(where, awake share 0..1, asleep)]``: the title, then each game's
    table waiting for the human (see the module docstring), then asleep
    after "Sleep after" (SLEEP_S)."""
    img = image(os.path.join(tmp, "awake.bin"), args.board, args,
                {"/data/settings": settings_file(sleep=SLEEP_S),
                 "/boot.py": _device().boot_py(1)})
    right = key_for(args.board, "RIGHT")
    out = []
    for i in range(len(GAMES) + 1):
        with harness.Pico(k, uf2=args.uf2, fs=img, board=args.board) as pico:
            pico.wait_frames(1, timeout_ms=20000)
            pico.settle(quiet_ms=400, timeout_ms=20000)
            if i == 0:
                pico.run_ms(1000)
                out.append(("the title", pico.awake_share(AWAKE_MS), False))
                pico.run_ms(SLEEP_S * 1000)
                out.append(("the title, asleep", pico.awake_share(AWAKE_MS * 4), True))
                continue
            for _ in range(i - 1):
                pico.tap(right)
                pico.settle(quiet_ms=400, timeout_ms=20000)
            pico.tap("A")
            pico.settle(quiet_ms=1500, timeout_ms=30000)
            out.append(("the %s table, your turn" % GAMES[i - 1], pico.awake_share(AWAKE_MS),
                        False))
    return out


def print_awake(rows, board, out=print):
    """The awake shares and the estimate from them as table rows (the
    title also with the backlight dimmed)."""
    for where, share, asleep in rows:
        ma = estimate_ma(share, board, asleep)
        out("| CPU awake at %s | %.2f %%; about %.1f mA, %.0f h on a %d mAh cell |"
            % (where, 100 * share, ma, CELL_MAH / ma, CELL_MAH))
        if where == "the title":
            ma = estimate_ma(share, board, False, DIM_PCT)
            out("| the title, backlight dimmed to %d %% | about %.1f mA, %.0f h on a %d mAh"
                " cell |" % (DIM_PCT, ma, CELL_MAH / ma, CELL_MAH))


def key_for(board, logical):
    """The board's button (its name in ``buttons["pins"]``) that gives the
    logical button named ``logical`` ("RIGHT", "A"...) alone; the first by
    name when several do."""
    cfg = harness.load_board(board)["buttons"]
    keys = sorted(k for k, v in cfg["map"].items() if v == logical)
    if not keys:
        fail("board %s has no button for %s" % (board, logical))
    return keys[0]


def press_figures(pico, board):
    """Title: A starts Clubbed (the first game); wait for the human's turn,
    then cursor moves (the board's RIGHT: Y on the Pico Display Pack) and a
    card played (A)."""
    right = key_for(board, "RIGHT")
    pico.tap("A")
    pico.settle(quiet_ms=1500, timeout_ms=30000)
    moves = []
    for _ in range(4):
        t = pico.ms + 10
        pico.press(right, at_ms=t)
        pico.release(right, at_ms=t + 60)
        pico.run_ms(400)
        end = _burst_end(pico, t)
        if end is not None:
            moves.append(end - t)
    t = pico.ms + 10
    pico.press("A", at_ms=t)
    pico.release("A", at_ms=t + 60)
    pico.run_ms(300)
    end = _burst_end(pico, t)
    played = None if end is None else end - t
    return {"cursor": moves, "play": played}


def push_figures(k, args, tmp):
    img = image(os.path.join(tmp, "push.bin"), args.board, args)
    with harness.Pico(k, uf2=args.uf2, fs=img, board=args.board) as pico:
        pico.wait_frames(1, timeout_ms=20000)
        pico.settle(quiet_ms=400, timeout_ms=20000)
        out = pico.exec(PUSH % args.board, timeout_ms=60000)
    m = re.search(r"BENCH-PUSH (\d+) (\d+) (\d+) (\d+)", out)
    if not m:
        fail("push figures not found in: " + out[-300:])
    return {"full_us": int(m.group(1)), "same_us": int(m.group(2))}


def motion_figures(k, args, tmp):
    """Card moves on the device (Normal card motion), the app run as
    ``hw.start`` runs it (a step, then its wait): per move ``(game, cards in
    flight, frames of motion, µs from the first of them to the still frame,
    µs of its set-up step, of its slowest frame of motion, of its still
    frame, free heap once set up)``; the free heap at each table before its
    first move ``{game: bytes}``; µs to import app.kit.motion."""
    img = image(os.path.join(tmp, "motion.bin"), args.board, args)
    with harness.Pico(k, uf2=args.uf2, fs=img, board=args.board) as pico:
        pico.wait_frames(1, timeout_ms=20000)
        pico.settle(quiet_ms=400, timeout_ms=20000)
        out = pico.exec(MOTION % args.board, timeout_ms=600000)
    rows = [(m.group(1),) + tuple(int(x) for x in m.groups()[1:]) for m in
            re.finditer(r"BENCH-MOVE (\w+)" + r" (\d+)" * 7, out)]
    if not rows:
        fail("motion figures not found in: " + out[-300:])
    tables = {m.group(1): int(m.group(2)) for m in re.finditer(r"BENCH-TABLE (\w+) (\d+)", out)}
    m = re.search(r"BENCH-IMPORT (\d+)", out)
    return rows, tables, int(m.group(1)) if m else 0


def print_motion(rows, tables, import_us, out=print):
    """The motion figures as table rows."""
    for game, free in tables.items():
        out("| free heap at the %s table (motion probe, after collect) | %.1f KB |"
            % (game, free / 1024))
    out("| app.kit.motion imported (at a move's set-up) | %.1f ms |" % (import_us / 1000))
    for game, n, frames, span, setup, slowest, still, low in rows:
        out("| card move %s, %d card%s | %d frames of motion, %.0f fps; set-up frame %.1f ms,"
            " slowest frame of motion %.1f ms, still frame %.1f ms; free heap in flight %.1f KB |"
            % (game, n, "" if n == 1 else "s", frames, frames * 1e6 / span, setup / 1000,
               slowest / 1000, still / 1000, low / 1024))


def blocks(text):
    """{offset: length in bytes} of the allocated blocks in a
    ``mem_info(1)`` heap map (16-byte blocks; '.' free, '=' a tail)."""
    out = {}
    cur = None
    for line in text.splitlines():
        m = re.match(r"^([0-9a-f]{8}): (.*)$", line)
        if not m:
            continue
        base = int(m.group(1), 16)
        for i, c in enumerate(m.group(2)):
            off = base + 16 * i
            if c == "=":
                if cur is not None:
                    out[cur] += 16
            elif c in ". ":
                cur = None
            else:
                cur = off
                out[cur] = 16
    return out


def memory_run(pico, press_logical, elf=None, moves=scenario.MOVES):
    """The memory scenario (tools/pico/scenario.py) on ``pico`` booted with
    its probe: ``{"screens": [(screen, free after collect, previous screen,
    lowest free at a push on it)], "played": {game: actions at its table},
    "largest": (bytes, step tag), "maps": n, "text": serial output}``.
    ScenarioError when the app does not get where the scenario goes
    (a MemoryError included). With the firmware's ``elf``, every request
    to gc_alloc/gc_realloc after the title's first idle state is watched
    (tools/pico/harness.py ``watch_allocs``): "allocs" has the largest.
    ``moves``: moves of yours at each table."""
    m = scenario.DeviceMachine(pico, press_logical)
    if elf:
        alloc = harness.elf_symbol(elf, "gc_alloc")
        if alloc:
            pico.watch_allocs(alloc, harness.elf_symbol(elf, "gc_realloc") or 0)
    played = scenario.drive(m, moves=moves)
    pico.run_ms(1000)
    m._read()
    text = m.text
    maps = re.findall(r"BENCH-MAP-BEGIN (\w+)\r?\n(.*?)BENCH-MAP-END", text, re.S)
    largest = (0, None)
    if maps:
        base = blocks(maps[0][1])
        for tag, body in maps[1:]:
            for off, n in blocks(body).items():
                if base.get(off) != n and n > largest[0]:
                    largest = (n, tag)
    return {"screens": scenario.screens(text), "played": played, "largest": largest,
            "maps": len(maps), "text": text, "allocs": pico.allocs() if elf else None}


def probe_files(boot=scenario.BOOT_PY):
    """{device path: bytes}: the probe and the test-only /boot.py that installs it."""
    return {"/bench_probe.py": scenario.PROBE.encode(), "/boot.py": boot.encode()}


def watch_elf(uf2):
    """``(the firmware.elf of the frozen image uf2, None)``, or ``(None, why
    the largest heap request cannot be watched)``."""
    if not uf2:
        return None, "the .mpy install runs the kit's stock UF2, which comes without its ELF"
    elf = harness.elf_of(uf2)
    if elf is None or not os.path.isfile(elf):
        return None, ("no firmware.elf built with %s beside it (build/firmware/rp2-*/): "
                      "make firmware BOARD=<its board> builds one" % uf2)
    if harness.elf_symbol(elf, "gc_alloc") is None:
        return None, ("gc_alloc cannot be found in %s (arm-none-eabi-nm, from "
                      "gcc-arm-none-eabi, is needed to read it)" % elf)
    return elf, None


def memory_figures(k, args, tmp):
    img = image(os.path.join(tmp, "mem.bin"), args.board, args,
                dict(probe_files(), **{"/data/settings": settings_file()}))
    elf, why = watch_elf(args.uf2)
    with harness.Pico(k, uf2=args.uf2, fs=img, board=args.board) as pico:
        m = memory_run(pico, _device().press_logical, elf)
    m["allocs_why"] = why
    return m


def turn_figures(k, args, tmp):
    """The computer's turns at Klaberjass, Hard, through the app: New game
    from the title, then your moves (scenario.play_moves) until the
    computer has chosen ``args.turns`` times. ``[(decision us, whole step
    us)]``: the step that chose also applies the move, saves the game when
    your turn comes (its flash erases and programs charged the chip's
    typical times by the emulator) and draws the new frame."""
    files = probe_files(scenario.BOOT_PY_TIMES)
    # The session's seed fixed (tests/device.py boot_py): the same deals on
    # every run, so two images play the same games until their moves differ.
    files["/boot.py"] = _device().boot_py(1) + files["/boot.py"]
    files["/data/settings"] = settings_file(level=2)
    img = image(os.path.join(tmp, "turns.bin"), args.board, args, files)
    with harness.Pico(k, uf2=args.uf2, fs=img, board=args.board) as pico:
        m = scenario.DeviceMachine(pico, _device().press_logical)
        scenario.to_title_row(m, "Klaberjass", "New game")
        s = m.press("A")
        if s.screen == "TitleScreen":
            m.press("A")  # "replace the saved game?"
        while len(scenario.turns(m.text)) < args.turns:
            s = m.state()
            if s.screen.startswith("Title"):
                break  # the game is over and back at the title
            if s.screen not in scenario.TABLES:
                m.press("A")  # a result screen: deal again
                continue
            scenario.play_moves(m, "Klaberjass", 1)
        pico.run_ms(500)
        m._read()
        return scenario.turns(m.text)


def print_memory(m, out=print):
    """The memory figures as table rows."""
    for name, free, before, low in m["screens"]:
        out("| free heap at %s | %.1f KB after collect; lowest at a push on %s:"
            " %.1f KB |" % (name, free / 1024, before, low / 1024))
    out("| actions applied at each table | %s |"
        % ", ".join("%s %d" % kv for kv in m["played"].items()))
    n, tag = m["largest"]
    out("| largest allocation after boot (seen) | %d bytes (step on %s; %d maps) |"
        % (n, tag, m["maps"]))
    a = m.get("allocs")
    if m.get("allocs_why"):
        out("| largest heap request after boot (gc_alloc/gc_realloc watched) | not measured: %s |"
            % m["allocs_why"])
    elif a:
        out("| largest heap request after boot (gc_alloc/gc_realloc watched) | %d bytes%s at"
            " %.0f ms; %d requests, %d over %d bytes |"
            % (a["max"], " (realloc)" if a["max_realloc"] else "", a["max_ms"], a["calls"],
               len(a["list"]), a["over"]))


def decision_figures(k, args, tmp):
    levels = tuple(int(v) for v in args.levels.split(","))
    img = image(os.path.join(tmp, "dec.bin"), args.board, args)
    rows = []
    with harness.Pico(k, uf2=args.uf2, fs=img, board=args.board) as pico:
        pico.wait_frames(1, timeout_ms=20000)
        pico.settle(quiet_ms=400, timeout_ms=20000)
        for game in args.games.split(","):
            out = pico.exec(DECIDE % (game, args.decisions, levels),
                            timeout_ms=3600000)
            pat = r"BENCH-DECIDE (\w+) (\d) (\d+) (\d+) (\d+) (\d+) (\d+)"
            for m in re.finditer(pat, out):
                rows.append(tuple(int(x) if x.isdigit() else x for x in m.groups()))
            pico.soft_reset()
            pico.run_ms(3000)
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="pimoroni_pico_display")
    ap.add_argument("--uf2", help="a frozen firmware image (default: stock UF2 + .mpy files)")
    ap.add_argument("--firmware", help="firmware tree to bench (default firmware/)")
    ap.add_argument("--boards", help="boards tree to bench (default boards/)")
    ap.add_argument("--decisions", type=int, default=10, help="decisions per game and level")
    ap.add_argument("--skip", default="",
                    help="comma list of: boot,press,push,motion,memory,awake,decisions,"
                         "turns,link")
    ap.add_argument("--turns", type=int, default=60,
                    help="computer turns to time at Klaberjass, Hard, through the app")
    ap.add_argument("--levels", default="0,1,2",
                    help="comma list of the levels to time (0 Easy ... 3 Expert)")
    ap.add_argument("--games", default="clubbed,klaberjass,clubs",
                    help="comma list of the games whose decisions are timed")
    args = ap.parse_args(argv)
    if not re.fullmatch(r"[0-3](,[0-3])*", args.levels):
        fail("--levels must be a comma list of 0, 1, 2, 3, got %r" % args.levels)
    if set(args.games.split(",")) - {"clubbed", "klaberjass", "clubs"}:
        fail("--games must be a comma list of clubbed, klaberjass, clubs")
    if args.decisions < 1:
        fail("--decisions must be at least 1")
    skip = set(s for s in args.skip.split(",") if s)
    if args.turns < 1:
        fail("--turns must be at least 1")
    bad = skip - {"boot", "press", "push", "motion", "memory", "awake", "decisions",
                  "turns", "link"}
    if bad:
        fail("unknown --skip part(s): " + ",".join(sorted(bad)))
    if args.uf2 and not os.path.isfile(args.uf2):
        fail("no such UF2: " + args.uf2)
    for opt, tree in (("--firmware", args.firmware), ("--boards", args.boards)):
        if tree and not os.path.isdir(tree):
            fail("%s %s is not a folder" % (opt, tree))
    k = harness.kit()
    if k is None:
        fail(harness.HOW_TO_GET_KIT)
    print("bench_pico: board %s, %s" % (args.board, "frozen " + args.uf2 if args.uf2
                                         else "stock UF2 + .mpy install"))
    with tempfile.TemporaryDirectory(prefix="picocards-bench-") as tmp:
        if "boot" not in skip:
            b = boot_figures(k, args, tmp)
            print("| boot to title | %.0f ms (splash at %.0f ms) |" % (b["boot"], b["splash"]))
        if "press" not in skip:
            b = press_run(k, args, tmp)
            cur = b["cursor"]
            if cur:
                print("| key press to new pixels, cursor move (Clubbed) | mean %.1f ms, max %.1f"
                      " ms (%d presses) |" % (sum(cur) / len(cur), max(cur), len(cur)))
            if b["play"] is not None:
                print("| key press to new pixels, card played (Clubbed) | %.1f ms |" % b["play"])
        if "push" not in skip:
            p = push_figures(k, args, tmp)
            print("| full-frame push | %.1f ms |" % (p["full_us"] / 1000))
            print("| same frame pushed again | %.1f ms |" % (p["same_us"] / 1000))
        if "motion" not in skip:
            print_motion(*motion_figures(k, args, tmp))
        if "memory" not in skip:
            print_memory(memory_figures(k, args, tmp))
        if "awake" not in skip:
            print_awake(awake_figures(k, args, tmp), args.board)
        if "decisions" not in skip:
            for game, level, n, mean, worst, peak, live in decision_figures(k, args, tmp):
                print("| decision %s %s | mean %d ms, slowest %d ms, heap in use %d bytes,"
                      " live %d bytes (%d) |"
                      % (game, ("Easy", "Normal", "Hard", "Expert")[level], mean, worst, peak,
                         live, n))
        if "turns" not in skip:
            print_turns(turn_figures(k, args, tmp))
        if "link" not in skip:
            f = link_figures(k, args, tmp)
            f["own"] = link_own_figures(k, args, tmp)
            print_link(f)


#: A test-only /boot.py for the link's heap: the app's step wrapped (as
#: tools/pico/scenario.py does); after each move of a link game (and once at
#: the Link play menu), a collection and the heap in use, printed on the USB
#: console.
LINK_PROBE = """import gc
from hw import start
_run = start.run_app
def run_app(app, *a, **kw):
    step = app.step
    seen = [-2]
    def probed():
        step()
        lg = getattr(app.screen, 'lg', 0)
        if lg == 0 or (lg is not None and lg.session.game is None):
            return
        n = -1 if lg is None else lg.moves
        if n != seen[0]:
            seen[0] = n
            gc.collect()
            print('LINKHEAP %d %d %d' % (n, gc.mem_alloc(), gc.mem_free()))
    app.step = probed
    return _run(app, *a, **kw)
start.run_app = run_app
"""
#: Moves timed from a press on one console to the card on the other.
LINK_MOVES = 12


def _link_pair(k, args, tmp, name, extra=None):
    from tools.pico.link_drive import LinkDriver

    fs = [image(os.path.join(tmp, "%s%d.bin" % (name, i)), args.board, args,
                dict({"/data/settings": settings_file()}, **(extra or {}))) for i in (0, 1)]
    a, b = harness.pair(k, (args.board, args.board), uf2=args.uf2, fs=fs)
    for chip in (a, b):
        chip.wait_frames(1, timeout_ms=20000)
    a.settle(quiet_ms=400, timeout_ms=20000)
    return LinkDriver((a, b), _device().press_logical, args.board)


def link_figures(k, args, tmp):
    """Two Picos, UART0 crossed (harness.pair), Klaberjass hosted on one and
    joined on the other by buttons (tools/pico/link_drive.py). Time: for
    ``LINK_MOVES`` moves, the press of A on the console to move (the GPIO
    edge) to the move's frame leaving its UART (its last stop bit), and to
    the end of the other console's panel burst that follows (RAMWRs no
    further apart than 5 ms): the card on the other screen. Heap: a probe
    (``LINK_PROBE``) prints the heap in use after a collection at the Link
    play menu and after each move; the link's share is the most in use
    during the game less the menu's."""
    drv = _link_pair(k, args, tmp, "link")
    try:
        drv.start("Klaberjass")
        w = drv.watch
        wire, seen, flash = [], [], []
        while len(seen) < LINK_MOVES:
            i = w.mover()
            if i is None:
                break
            me, other = drv.chips[i], drv.chips[1 - i]
            n = w.count()
            t = me.ms + 10
            world = t + me.world_ms - me.ms  # (a chip's ms count from its power-on)
            ops = len(other.flash_log())
            me.press("A", at_ms=t)
            me.release("A", at_ms=t + 60)
            # Run the chip pressed (both run together): a press scheduled on
            # one chip is applied only by that chip's own run.
            me.run_ms(400)
            w.poll()
            if n not in w.moves:
                drv.move()  # (the guest's first A only takes in the host's settings)
                continue
            shift = other.world_ms - other.ms
            arrive = w.sent[n][0]
            end = _burst_end(other, arrive - shift)
            if end is None:
                continue
            last = end + shift
            wire.append(arrive - world)
            seen.append(last - world)
            # The flash's busy time between the frame's arrival and the card,
            # as the emulator charges it (W25Q16JV typical: 45 ms a 4 KB
            # erase, 0.4 ms a 256-byte page).
            busy = 0.0
            for kind, _, size, at in other.flash_log(ops):
                if arrive < at + shift < last:
                    busy += 45.0 * (size // 4096) if kind == "erase" else 0.4 * -(-size // 256)
            flash.append(busy)
    finally:
        drv.chips[0].close()
    drv = _link_pair(k, args, tmp, "linkheap", {"/boot.py": LINK_PROBE.encode()})
    heap = {}
    try:
        drv.start("Klaberjass")
        for _ in range(LINK_MOVES):
            drv.move()
        drv.run_ms(500)
        for i, chip in enumerate(drv.chips):
            out = chip.read().decode("utf-8", "replace")
            rows = [tuple(int(x) for x in m) for m in
                    re.findall(r"LINKHEAP (-?\d+) (\d+) (\d+)", out)]
            menu = [r for r in rows if r[0] < 0]
            game = [r for r in rows if r[0] >= 0]
            if menu and game:
                heap[("host", "guest")[i]] = (max(r[1] for r in game) - menu[0][1],
                                              min(r[2] for r in game), menu[0][1])
    finally:
        drv.chips[0].close()
    return {"wire": wire, "seen": seen, "flash": flash, "heap": heap}


#: The link's own objects on the device, apart from any game or screen: the
#: modules' globals once imported, then a session (hosting Klaberjass), its
#: pump and the board's UART link (hw.link_uart), before and after a deal.
LINK_OWN = """import gc, os
gc.collect()
a0 = gc.mem_alloc()
from hw.clock import DeviceClock
from hw import link_uart
from link import rules, session as ls, transport
gc.collect()
a1 = gc.mem_alloc()
uart = link_uart.from_board({"uart": 0, "tx": 0, "rx": 1, "baud": 115200})
s = ls.Session(DeviceClock(), ls.HOST, rules.text("klaberjass", {}), os.urandom)
p = transport.Pump(s, uart)
gc.collect()
a2 = gc.mem_alloc()
s._start_game(12345)
gc.collect()
a3 = gc.mem_alloc()
print("BENCH-LINK %d %d %d" % (a1 - a0, a2 - a1, a3 - a2))
"""


def link_own_figures(k, args, tmp):
    """``LINK_OWN`` on a chip of its own: bytes of the modules' globals, of
    the session, pump and UART link, of the game the deal adds."""
    img = image(os.path.join(tmp, "linkown.bin"), args.board, args)
    with harness.Pico(k, uf2=args.uf2, fs=img, board=args.board) as pico:
        pico.wait_frames(1, timeout_ms=20000)
        out = pico.exec(LINK_OWN, timeout_ms=20000)
    m = re.search(r"BENCH-LINK (\d+) (\d+) (\d+)", out)
    if not m:
        fail("link heap figures not found in: " + out[-300:])
    return tuple(int(x) for x in m.groups())


def print_link(f, out=print):
    """The link figures as table rows (see ``link_figures``)."""
    seen, wire = f["seen"], f["wire"]
    if seen:
        out("| link: press to the card on the other console (Klaberjass, 115200 baud) | mean "
            "%.1f ms, max %.1f ms (%d moves) |" % (sum(seen) / len(seen), max(seen), len(seen)))
        out("| link: press to the move's frame through the cable | mean %.1f ms, max %.1f ms |"
            % (sum(wire) / len(wire), max(wire)))
        fl = f["flash"]
        out("| link: of press to card, the other console's flash busy saving the game | mean "
            "%.1f ms, max %.1f ms |" % (sum(fl) / len(fl), max(fl)))
    else:
        out("| link: press to the card on the other console | not measured: no move timed |")
    if not f["heap"]:
        out("| link: heap used by the link game | not measured: the probe printed no reading |")
    if f.get("own"):
        mods, own, game = f["own"]
        out("| link: heap of the session, its pump and the UART link (buffers included) | "
            "%d bytes (modules' globals %d bytes; the game dealt adds %d bytes) |"
            % (own, mods, game))
    for side, (used, low, menu) in sorted(f["heap"].items()):
        out("| link: heap used by the link game (%s; over the Link play menu's %d bytes) | "
            "%d bytes (least free %d bytes) |" % (side, menu, used, low))


def print_turns(turns, out=print):
    """The computer's turns as table rows (see ``turn_figures``)."""
    if not turns:
        out("| slowest computer turn including save (Klaberjass, Hard) | not measured: no "
            "computer turn was timed |")
        return
    worst = max(turns, key=lambda t: t[1])
    steps = [t[1] for t in turns]
    out("| slowest computer turn including save (Klaberjass, Hard) | %.0f ms (its decision "
        "%.0f ms); mean %.0f ms over %d turns |"
        % (worst[1] / 1000, worst[0] / 1000, sum(steps) / len(steps) / 1000, len(turns)))
    out("| slowest decision among those turns | %.0f ms |" % (max(t[0] for t in turns) / 1000))
    out("| most a turn added to its decision (the move applied, the save, the new frame) |"
        " %.0f ms |" % (max(t[1] - t[0] for t in turns) / 1000))


if __name__ == "__main__":
    from tools.pipes import quiet_when_closed

    quiet_when_closed()
    main()
