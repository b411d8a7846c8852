"""The desktop simulator: colour conversion, key scripts, headless PNG runs,
terminal rendering and key decoding, and a window smoke run on SDL's dummy
video driver."""

import os
import subprocess
import sys

import pytest

import host_sim  # noqa: F401  (sets up sys.path: firmware/, host_sim/ shims)
from app.kit import buttons
from app.kit.display import PALETTE, rgb, set_colour
from host_sim import keyscript
from host_sim.display import SimDisplay, indexed_to_rgb24, rgb565_to_tuple
from host_sim.headless import (
    HeadlessRun,
    StuckError,
    frame_png,
    run_script,
)
from host_sim.terminal import (
    DEFAULT_BG,
    RESET,
    UPPER_HALF,
    KeyDecoder,
    downscale_rgb24,
    fit_factor,
    frame_to_ansi,
)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def palette_of(values):
    """A 512-byte palette (as app.kit.display.PALETTE: high byte first) holding
    the RGB565 ints ``values`` from index 0, black after them."""
    out = bytearray(512)
    for i, v in enumerate(values):
        out[2 * i:2 * i + 2] = v.to_bytes(2, "big")
    return bytes(out)


@pytest.fixture
def palette():
    """The app's palette, put back as it was after the test."""
    saved = bytes(PALETTE)
    yield PALETTE
    PALETTE[:] = saved


# --- colour conversion ------------------------------------------------------


@pytest.mark.parametrize("value, expected", [
    (0x0000, (0, 0, 0)),
    (0xFFFF, (255, 255, 255)),
    (0xF800, (255, 0, 0)),
    (0x07E0, (0, 255, 0)),
    (0x001F, (0, 0, 255)),
    (0x0800, (8, 0, 0)),  # red 1 of 31
    (0x0020, (0, 4, 0)),  # green 1 of 63
    (0x0001, (0, 0, 8)),
    (0x8410, (132, 130, 132)),  # r=16, g=32, b=16: high bits replicated
    (0x7BEF, (123, 125, 123)),  # r=15, g=31, b=15
])
def test_known_rgb565_values(value, expected):
    assert rgb565_to_tuple(value) == expected
    assert indexed_to_rgb24(b"\x01", palette_of([0, value])) == bytes(expected)


def test_fast_conversion_matches_reference_for_every_value():
    frame = bytes(range(256)) + bytes(range(255, -1, -1))  # every index, both ways
    for base in range(0, 65536, 256):
        out = indexed_to_rgb24(frame, palette_of(range(base, base + 256)))
        assert len(out) == 3 * 512
        for i, ix in enumerate(frame):
            assert out[3 * i:3 * i + 3] == bytes(rgb565_to_tuple(base + ix)), hex(base + ix)


def test_rgb_round_trip_is_close():
    for r, g, b in [(0, 0, 0), (255, 255, 255), (200, 100, 50), (17, 250, 3)]:
        back = rgb565_to_tuple(rgb(r, g, b))
        assert abs(back[0] - r) <= 7 and abs(back[1] - g) <= 3 and abs(back[2] - b) <= 7


def test_bad_palette_rejected():
    with pytest.raises(ValueError, match="512 bytes"):
        indexed_to_rgb24(b"\x00", b"\x00" * 510)


def test_sim_display_shows_only_what_was_shown(palette):
    set_colour(250, 0xF800)
    set_colour(251, 0x001F)
    d = SimDisplay(4, 2)
    assert len(d.buf) == 8  # one byte (palette index) per pixel
    d.fb.fill(250)
    assert d.rgb24() == bytes(3 * 8)  # drawn but not shown: still black
    assert d.frames == 0
    d.show()
    assert d.frames == 1
    assert d.pixel_rgb(3, 1) == (255, 0, 0)
    assert d.rgb24() == b"\xff\x00\x00" * 8
    d.fb.pixel(0, 0, 251)
    assert d.pixel_rgb(0, 0) == (255, 0, 0)
    d.show()
    assert d.pixel_rgb(0, 0) == (0, 0, 255)
    assert d.rgb24()[:6] == b"\x00\x00\xff\xff\x00\x00"


# --- key scripts -------------------------------------------------------------


def test_parse_tokens_and_repetition():
    steps = keyscript.parse("A a RIGHTx3, left WAIT:250 SHOT:Hand_1 WAIT:10x2 # note\nbX2")
    P, W, S = keyscript.PRESS, keyscript.WAIT, keyscript.SHOT
    assert steps == [
        (P, buttons.A), (P, buttons.A),
        (P, buttons.RIGHT), (P, buttons.RIGHT), (P, buttons.RIGHT),
        (P, buttons.LEFT), (W, 250), (S, "Hand_1"), (W, 10), (W, 10),
        (P, buttons.B), (P, buttons.B),
    ]
    assert keyscript.parse("  \n# only a comment\n") == []


@pytest.mark.parametrize("token", [
    "FOO", "WAIT:abc", "WAIT:", "SHOT:", "SHOT:../evil", "SHOT:a/b", "Ax0", "x3", "UPx", "AB",
])
def test_bad_token_names_itself(token):
    with pytest.raises(ValueError) as err:
        keyscript.parse("A %s B" % token)
    assert repr(token) in str(err.value)


# --- headless runs -------------------------------------------------------------


def read_png(path):
    """``(width, height, rgb bytes)`` of a PNG, decoded by Pillow."""
    image_mod = pytest.importorskip("PIL.Image")
    with image_mod.open(path) as im:
        assert im.mode == "RGB"
        return im.width, im.height, im.tobytes()


def test_headless_run_writes_pngs(tmp_path):
    written = []
    app, display = run_script("SHOT:title A A SHOT:hand", seed=3, shots_dir=tmp_path,
                              on_write=written.append)
    names = sorted(os.path.basename(p) for p in written)
    assert names == ["final.png", "hand.png", "title.png"]
    w, h, pixels = read_png(tmp_path / "final.png")
    assert (w, h) == (240, 135)
    assert pixels == display.rgb24()
    _, _, title = read_png(tmp_path / "title.png")
    assert title == indexed_to_rgb24(display.shots["title"])
    assert title != pixels
    assert app.idle()


def test_headless_is_deterministic_and_scales(tmp_path):
    _, d1 = run_script("A A RIGHT A", seed=5)
    _, d2 = run_script(["A", "A", "RIGHT", "A"], seed=5)
    assert d1.shown == d2.shown
    assert d1.shots == {}  # no shots_dir: nothing written, no final shot
    frame_png(d1, tmp_path / "big.png", scale=2)
    w, h, pixels = read_png(tmp_path / "big.png")
    assert (w, h) == (480, 270)
    small = d1.rgb24()
    for y in (0, 77, 134):
        for x in (0, 5, 239):
            i = (y * 240 + x) * 3
            for dy in (0, 1):
                for dx in (0, 1):
                    j = ((2 * y + dy) * 480 + 2 * x + dx) * 3
                    assert pixels[j:j + 3] == small[i:i + 3]


def test_headless_command_line(tmp_path):
    keys_file = tmp_path / "keys.txt"
    keys_file.write_text("A  # new game\nSHOT:first\n")
    out = subprocess.run(
        [sys.executable, "-m", "host_sim", "--mode", "headless", "--seed", "2",
         "--keys-file", str(keys_file), "--keys", "A", "--shots", str(tmp_path / "s")],
        cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["wrote %s" % (tmp_path / "s" / "first.png"),
                                       "wrote %s" % (tmp_path / "s" / "final.png")]
    bad = subprocess.run(
        [sys.executable, "-m", "host_sim", "--mode", "headless", "--keys", "A JUMP"],
        cwd=REPO, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "'JUMP'" in bad.stderr


class TimerApp:
    """Stub app: A schedules three ticks 100 ms apart; draws a tick count."""

    def __init__(self, display, buttons_, clock, seed=0):
        self.display, self.buttons, self.clock = display, buttons_, clock
        self.ticks = 0
        self.due = None
        self.left = 0

    def step(self):
        b = self.buttons.get()
        while b >= 0:
            if b == buttons.A:
                self.left, self.due = 3, self.clock.ticks_ms() + 100
            b = self.buttons.get()
        if self.due is not None and self.clock.ticks_diff(self.clock.ticks_ms(), self.due) >= 0:
            self.ticks += 1
            self.left -= 1
            self.due = self.due + 100 if self.left else None
            self.display.fb.fill(self.ticks)
            self.display.show()

    def idle(self):
        return self.due is None

    def next_deadline(self):
        return self.due


class BusyApp(TimerApp):
    """Stub app that is never idle."""

    def idle(self):
        return False


def test_settle_follows_deadlines_in_virtual_time():
    run = HeadlessRun(app_spec=TimerApp)
    run.run(keyscript.parse("A"), final=False)
    assert run.app.ticks == 3
    assert run.clock.ticks_ms() == 300
    run.run(keyscript.parse("WAIT:1000"), final=False)
    assert run.clock.ticks_ms() == 1300


def test_wait_steps_at_deadlines_inside_the_window():
    run = HeadlessRun(app_spec=TimerApp)
    run.buttons.push(buttons.A)
    run.app.step()
    run.wait(250)
    assert run.clock.ticks_ms() == 250
    assert run.app.ticks == 2


def test_stuck_app_is_reported():
    run = HeadlessRun(app_spec=BusyApp, max_steps=50)
    with pytest.raises(StuckError, match="not idle after 50 steps"):
        run.run(keyscript.parse("A"))


# --- terminal ----------------------------------------------------------------------


def fg(r, g, b):
    return "\x1b[38;2;%d;%d;%dm" % (r, g, b)


def bg(r, g, b):
    return "\x1b[48;2;%d;%d;%dm" % (r, g, b)


def test_frame_to_ansi_two_pixel_pairs(palette):
    # 2x2 frame: column 0 red over blue, column 1 white over black.
    for i, c in ((250, 0xF800), (251, 0x001F), (252, 0xFFFF), (253, 0x0000)):
        set_colour(i, c)
    d = SimDisplay(2, 2)
    d.fb.pixel(0, 0, 250)
    d.fb.pixel(0, 1, 251)
    d.fb.pixel(1, 0, 252)
    d.fb.pixel(1, 1, 253)
    d.show()
    assert frame_to_ansi(d.rgb24(), 2, 2) == [
        fg(255, 0, 0) + bg(0, 0, 255) + UPPER_HALF
        + fg(255, 255, 255) + bg(0, 0, 0) + UPPER_HALF + RESET
    ]


def test_frame_to_ansi_reuses_colours_and_handles_odd_height():
    green = bytes((0, 255, 0))
    lines = frame_to_ansi(green * 6, 2, 3)  # 2x3: rows 0-1 one line, row 2 alone
    assert lines == [
        fg(0, 255, 0) + bg(0, 255, 0) + UPPER_HALF + UPPER_HALF + RESET,
        fg(0, 255, 0) + DEFAULT_BG + UPPER_HALF + UPPER_HALF + RESET,
    ]


def test_downscale_and_fit():
    # 2x2 image: average of black, white, 100-grey, 200-grey per channel
    img = bytes([0] * 3 + [255] * 3 + [100] * 3 + [200] * 3)
    assert downscale_rgb24(img, 2, 2, 2) == (bytes([139] * 3), 1, 1)
    small, w, h = downscale_rgb24(bytes(240 * 135 * 3), 240, 135, 2)
    assert (w, h, len(small)) == (120, 68, 120 * 68 * 3)
    assert fit_factor(240, 69, 240, 135) == 1
    assert fit_factor(240, 68, 240, 135) == 2
    assert fit_factor(200, 100, 240, 135) == 2
    assert fit_factor(80, 24, 240, 135) == 3


def test_key_decoder():
    k = KeyDecoder()
    press = lambda b: ("button", b)  # noqa: E731
    assert k.feed(b"\x1b[A\x1b[B\x1b[C\x1b[D") == [press(buttons.UP), press(buttons.DOWN),
                                                press(buttons.RIGHT), press(buttons.LEFT)]
    assert k.feed(b"\x1bOA") == [press(buttons.UP)]  # application cursor mode
    assert k.feed(b"zZ\r\nxX\x7f\x08") == [press(buttons.A)] * 4 + [press(buttons.B)] * 4
    assert k.feed(b"\x1b") == [] and k.pending
    assert k.flush() == [press(buttons.B)] and not k.pending  # Esc alone
    assert k.feed(b"\x1b[") == [] and k.pending  # split sequence
    assert k.feed(b"1;2C") == [press(buttons.RIGHT)]
    assert k.feed(b"\x1b[5~") == []  # PgUp: ignored
    assert k.feed(b"pq\x03") == [("shot", None), ("quit", None), ("quit", None)]


# --- window (SDL dummy driver) ----------------------------------------------------


def test_window_smoke(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from host_sim import window

    presses = [pygame.K_z, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_p]
    seen = {}

    def hook(n, app, display):
        if presses:
            if app.idle() and not app.buttons.busy():  # keys go through hw.buttons
                key = presses.pop(0)
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
            return n < 2000
        if not app.idle() or app.buttons.busy():
            return True
        surface = pygame.display.get_surface()
        seen["size"] = surface.get_size()
        frame = pygame.transform.scale(surface.subsurface((0, 0, 480, 270)), (240, 135))
        seen["pixels"] = pygame.image.tobytes(frame, "RGB")
        return False

    assert window.run(3, host_sim.DEFAULT_APP, scale=2, shots_dir=str(tmp_path), hook=hook) == 0
    _, ref = run_script("A A RIGHT", seed=3)
    assert seen["size"][0] == 480 and seen["size"][1] > 270  # frame plus legend strip
    assert seen["pixels"] == ref.rgb24()
    shots = list(tmp_path.iterdir())
    assert len(shots) == 1 and read_png(shots[0])[:2] == (480, 270)


def test_mode_choice(monkeypatch):
    from host_sim import __main__ as cli
    from host_sim import frontends as fe

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert fe.display_available()[0] is False
    assert fe.choose_mode(cli.parse_args(["--keys", "A"]))[0] == "headless"
    assert fe.choose_mode(cli.parse_args(["--mode", "terminal"]))[0] == "terminal"
    monkeypatch.setattr(fe, "is_tty", lambda: False)
    assert fe.choose_mode(cli.parse_args([]))[0] is None




def test_window_legend_wraps_at_a_readable_size(monkeypatch):
    # Squeezed onto one line at 11 px, pygame's font ran letters together
    # ("Lef t X, Righ t Y").
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from host_sim import boardkeys, window

    pygame.font.init()
    font = pygame.font.Font(None, 18)
    for name in ("pimoroni_pico_display", "waveshare_pico_lcd_1_3", "oled_ssd1306_128x64"):
        board = boardkeys.open_board(name)
        legend = window.LEGEND % boardkeys.legend(board)
        lines = window.legend_lines(font, legend, 480)
        assert " ".join(lines).split() == legend.split()
        assert all(font.size(ln)[0] <= 472 for ln in lines), lines


def test_window_status_lines_wrap_inside_the_window(monkeypatch, tmp_path):
    # The line under the legend (board, seed, a saved PNG's path) ran off
    # the window's right edge: it wraps, and the window grows to hold it.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from host_sim import window

    drawn = []  # (text, width px) of every line the strip draws

    class Font(pygame.font.Font):
        def render(self, text, *a, **k):
            drawn.append((text, self.size(text)[0]))
            return super().render(text, *a, **k)

    monkeypatch.setattr(pygame.font, "Font", Font)
    deep = tmp_path / ("shots-" + "x" * 40)
    deep.mkdir()
    presses = [pygame.K_p]
    seen = {}

    def hook(n, app, display):
        if presses:
            if app.idle() and not app.buttons.busy():
                key = presses.pop(0)
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
            return n < 2000
        seen["height"] = pygame.display.get_surface().get_height()
        return not any("saved" in t for t, _ in drawn) and n < 4000

    assert window.run(3, host_sim.DEFAULT_APP, scale=2, shots_dir=str(deep), hook=hook) == 0
    last = "".join(t for t, _ in drawn[-8:])
    assert str(deep) in last, last  # the path whole, over its lines
    assert all(w <= 480 - 4 for _, w in drawn), drawn
    assert seen["height"] > 270 + 3 * 16, seen


def test_window_shows_the_backlight_and_dimming():
    from host_sim.window import brightness

    class App:
        light, dim = 100, 60

    assert brightness(App, 5) == (255, 100)
    dimmed = brightness(App, 61)
    assert dimmed[1] < 100 and 0 < dimmed[0] < 255
    App.light = 40
    low = brightness(App, 5)
    assert low[1] == 40 and dimmed[0] < low[0] < 255


def test_window_legend_seed_is_the_games_as_its_record_says():
    from apptest import Session
    from fakestore import FakeStorage, save_file

    from host_sim.window import seed_words

    st = FakeStorage()
    s = Session(3, st)
    assert seed_words(s.app, 3) == "--seed 3"
    s.press("A")  # a new game of Clubbed
    from app.persist.storage import decode

    saved = decode(st.files[save_file("Clubbed")], "save")
    assert seed_words(s.app, 3) == "game seed %s" % saved["seed"]
