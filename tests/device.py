"""Shared pieces of the device tests (tests/test_device_*.py): the emulated
Pico (tools/pico/harness.py) booted on the ``.mpy`` install or the frozen
image, logical key presses turned into the board's button presses, and the
simulator's frames for the same presses (host_sim.headless).

Without the device kit (``../shared/pico``) every device test is skipped with
one line saying how to get it. Setups are cached for the whole pytest session
(the ``.mpy`` build, the filesystem images), so test files share them.
"""

import functools
import os
import shutil
import tempfile

import pytest

from tools.pico import harness

ROOT = harness.ROOT
BUILD = os.path.join(ROOT, "build", "pico")
KIT = harness.kit()
COLOUR_BOARDS = ("pimoroni_pico_display", "waveshare_pico_lcd_1_14", "waveshare_pico_lcd_1_3")
OLED_BOARD = "oled_ssd1306_128x64"  # the harness answers as its SSD1306 on I2C

needs_kit = pytest.mark.skipif(KIT is None, reason=harness.HOW_TO_GET_KIT)

#: Settings the device tests run with (``app.persist.files`` settings file): Easy
#: computer players, fast computer speed (short pauses), default options.
LEVEL = 0
SPEED = 2
SLEEP = None  # "Sleep after" in seconds; None: the app's default
#: "Cards moving" for a test that passes ``motion``: none (app.persist.files),
#: for a long run whose point is not the flights (each flight's frames cost
#: the emulated Pico real time); None keeps the app's default.
NO_MOTION = 2
HOLD_MS = 100  # a tap: well over hw.buttons' 20 ms debounce, under its 400 ms repeat
#: Quiet panel time after which an app whose last press was settled in the
#: simulator is taken as waiting for the next one (see settle_like_sim).
QUIET_MS = 700
#: Quiet panel time enough when the panel already shows the simulator's
#: frame (see settle_like_sim): waiting out QUIET_MS after every press was
#: over half the emulated time of the whole game by buttons.
MATCH_QUIET_MS = 200


@functools.cache
def _current(path):
    """True if the image at ``path`` was built from the tree as it is now
    (its stamp: tools/make/firmware.py), so a test never runs an old image."""
    board = os.path.basename(path)[len("picocards-"):-len(".uf2")]
    return _firmware_tool().up_to_date(path, board)


def _firmware_tool():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "picocards_firmware_tool", os.path.join(ROOT, "tools", "make", "firmware.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def frozen_uf2(board=None):
    """The frozen firmware image ``make firmware`` wrote (build/firmware/)
    and that is up to date with the tree, or None when there is none (an
    image older than the tree is left out: ``make test`` rebuilds it)."""
    d = os.path.join(ROOT, "build", "firmware")
    if not os.path.isdir(d):
        return None
    names = sorted(n for n in os.listdir(d)
                   if n.startswith("picocards-") and n.endswith(".uf2")
                   and _current(os.path.join(d, n)))
    if board:
        own = [n for n in names if board in n]
        names = own or names
    return os.path.join(d, names[0]) if names else None


@functools.lru_cache(maxsize=4)
def settings_bytes(motion=None):
    """The settings file (bytes) of an app with ``LEVEL`` and ``SPEED``
    (and ``motion``, when not None), written by the app's own
    ``persist.save_settings``."""
    import host_sim  # noqa: F401  (sys.path for firmware/ and framebuf)
    from app.kit.clock import VirtualClock
    from app.persist import files as persist
    from host_sim import make_app
    from host_sim.storage import FolderStorage

    with tempfile.TemporaryDirectory() as d:
        app, _, _ = make_app(VirtualClock(), 1, storage=FolderStorage(d))
        app.level = LEVEL
        app.speed = SPEED
        if SLEEP is not None:
            app.sleep = SLEEP
        if motion is not None:
            app.motion = motion
        assert persist.save_settings(app)
        with open(os.path.join(d, "settings"), "rb") as f:
            return f.read()


def boot_py(seed):
    """A /boot.py that fixes the app's seed (hw.start.seed) at ``seed``, so
    the device deals what the simulator deals. Test-only: the product has
    no boot.py."""
    return ("import hw.start\nhw.start.seed = lambda: %d\n" % seed).encode()


@functools.lru_cache(maxsize=1)
def console_files():
    """{device path: bytes} of the .mpy install (tools/make/flash.py's layout)
    without /board.txt, built once per session."""
    with tempfile.TemporaryDirectory(prefix="picocards-dev-") as stage:
        files = harness.fs_files("pimoroni_pico_display", stage)
    files.pop("/board.txt", None)
    return files


@functools.lru_cache(maxsize=1)
def oled_driver():
    """{"/lib/ssd1306.mpy": bytes}, built once per session."""
    return harness.oled_driver()


def image(board, seed=1, frozen=False, extra=None, tag="", motion=None):
    """Path of a littlefs image for ``board``: the .mpy install (or, with
    ``frozen``, nothing of the console), /board.txt, the test
    settings (with ``motion``), a seed-fixing /boot.py, plus ``extra``
    {path: bytes}. A test
    with ``extra`` gives a ``tag`` of its own (the image's file name), so
    that test files running in parallel do not share a file."""
    # Frozen: the image holds the console; tools/make/flash.py --frozen copies
    # only /board.txt (a filesystem /main.py would run instead of the frozen one).
    files = {} if frozen else dict(console_files())
    if not frozen and harness.load_board(board)["display"]["controller"] == "ssd1306":
        files.update(oled_driver())
    files["/board.txt"] = (board + "\n").encode()
    files["/data/settings"] = settings_bytes(motion)
    files["/boot.py"] = boot_py(seed)
    files.update(extra or {})
    if motion is not None:
        tag += "motion%d-" % motion
    path = os.path.join(BUILD, "fs-%s%s-%s-%d.bin" % (tag, board, "frozen" if frozen else "mpy",
                                                       seed))
    return harness.write_fs_image(path, files)


def boot(board, seed=1, frozen=False, extra=None, tag="", motion=None, **kw):
    """A powered-on Pico running ``board``'s install (see ``image``)."""
    uf2 = frozen_uf2(board) if frozen else None
    if frozen and uf2 is None:
        pytest.skip("no up-to-date frozen image: make firmware writes build/firmware/*.uf2")
    return harness.Pico(KIT, uf2=uf2, fs=image(board, seed, frozen, extra, tag, motion),
                        board=board, **kw)


def images_to_test():
    """["mpy"] plus "frozen" when ``make firmware`` has been run."""
    return ["mpy", "frozen"] if frozen_uf2() else ["mpy"]


# --- keys -------------------------------------------------------------------


def press_logical(pico, key, hold_ms=HOLD_MS, at_ms=None):
    """Make the board's buttons produce logical button ``key`` (LEFT RIGHT
    UP DOWN A B) once, starting at ``at_ms`` (default now): a tap of a
    button mapped to it, else the chord that makes it (hold the modifier,
    tap the other, release the modifier). Runs until the last release."""
    cfg = pico.board["buttons"]
    direct = [p for p, logical in cfg["map"].items() if logical == key]
    if direct:
        # A button that is also a long-press or chord modifier emits on
        # release; a plain one at once. Either way a tap gives one event.
        pico.tap(direct[-1] if key == "A" else direct[0], hold_ms, at_ms=at_ms)
        return
    for held, pressed, logical in cfg.get("chords", ()):
        if logical == key:
            t = pico.ms if at_ms is None else at_ms
            pico.press(held, t)
            pico.press(pressed, t + 40)
            pico.release(pressed, t + 40 + hold_ms)
            pico.release(held, t + 80 + hold_ms)
            pico.run_until(t + 80 + hold_ms)
            return
    raise ValueError("board %s cannot make %s" % (pico.board["name"], key))


def settle_like_sim(pico, sim_ms, want=None):
    """After a press the simulator settled in ``sim_ms`` virtual ms: run at
    least that long (the device's pauses are the same), then until the panel
    has been quiet ``QUIET_MS`` (the device also spends time computing).
    With ``want`` (the simulator's frame, a PIL image) a panel quiet for
    ``MATCH_QUIET_MS`` that shows exactly ``want`` is enough: the device has
    drawn what the simulator drew and stopped drawing. Any other panel gets
    the whole ``QUIET_MS``, so a difference is still seen as it settles."""
    pico.run_ms(sim_ms)
    if want is not None:
        pico.settle(MATCH_QUIET_MS, timeout_ms=60000)
        if diff_box(pico.panel(), want) is None:
            return
    pico.settle(QUIET_MS, timeout_ms=60000)


# --- the simulator's side -----------------------------------------------------


class Sim:
    """The simulator (host_sim.headless.HeadlessRun) for ``board`` with the
    test settings (with ``motion``) and ``seed``: ``press(key)`` returns the
    virtual ms the app took to settle; ``image()`` is the shown frame as a
    PIL image."""

    def __init__(self, board, seed=1, motion=None):
        import host_sim  # noqa: F401
        from host_sim import version
        from host_sim.headless import HeadlessRun
        from host_sim.storage import FolderStorage

        # The version the image was built as: this checkout's (a frozen
        # image is only used when it is up to date with it).
        version.install()
        self.dir = tempfile.mkdtemp(prefix="picocards-sim-")
        with open(os.path.join(self.dir, "settings"), "wb") as f:
            f.write(settings_bytes(motion))
        self.run = HeadlessRun(seed=seed, board=harness.load_board(board),
                               storage=FolderStorage(self.dir))
        # The emulated Pico reads its battery (hw.battery): on USB, no cell.
        self.run.app.battery = lambda: None
        self.run.settle()

    def press(self, key):
        from app.kit import buttons

        clock = self.run.clock
        t = clock.ticks_ms()
        self.run.buttons.push(buttons.NAMES.index(key))
        self.run.settle("press %s" % key)
        return clock.ticks_diff(clock.ticks_ms(), t)

    def image(self):
        from PIL import Image

        from host_sim.display import frame_rgb24

        d = self.run.display
        return Image.frombytes("RGB", (d.width, d.height), frame_rgb24(d))

    def file(self, name):
        """Bytes of the app's file ``name`` (its FolderStorage), or None."""
        p = os.path.join(self.dir, name)
        if not os.path.exists(p):
            return None
        with open(p, "rb") as f:
            return f.read()

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def diff_box(a, b):
    """None if PIL images ``a`` and ``b`` are pixel-identical, else a short
    description (sizes, or the bounding box of the differing pixels)."""
    from PIL import ImageChops

    if a.size != b.size:
        return "sizes differ: %s vs %s" % (a.size, b.size)
    box = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()
    return None if box is None else "pixels differ inside %s" % (box,)


def save_pair(name, device_img, sim_img):
    """Keep both images under build/pico/diff/ for a failing comparison;
    returns the folder."""
    d = os.path.join(BUILD, "diff")
    os.makedirs(d, exist_ok=True)
    device_img.save(os.path.join(d, name + "-device.png"))
    sim_img.save(os.path.join(d, name + "-sim.png"))
    return d


def assert_same(name, device_img, sim_img):
    """Fail, keeping both PNGs, unless the images are pixel-identical."""
    why = diff_box(device_img, sim_img)
    if why:
        d = save_pair(name, device_img, sim_img)
        pytest.fail("%s: device and simulator frames differ (%s); PNGs in %s" % (name, why, d))


def play_and_compare(board, keys, seed=1, frozen=False, name="run", every=True, motion=None):
    """Boot ``board``, then press each logical key of ``keys`` on the device
    and in the simulator alike, comparing the panel with the simulator's
    frame after the boot and after every press (``every``; else only the
    last); both with ``motion`` (see ``settings_bytes``). Returns the Sim
    (still open: its app's state is the game's)."""
    sim = Sim(board, seed, motion)
    try:
        with boot(board, seed, frozen, motion=motion) as pico:
            pico.wait_frames(1, timeout_ms=5000, full=True)
            title = sim.image()
            settle_like_sim(pico, 0, title)
            assert_same("%s-boot" % name, pico.panel(), title)
            for i, key in enumerate(keys):
                sim_ms = sim.press(key)
                press_logical(pico, key)
                want = sim.image()
                settle_like_sim(pico, sim_ms, want)
                if every or i == len(keys) - 1:
                    assert_same("%s-%02d-%s" % (name, i + 1, key), pico.panel(), want)
            assert b"Traceback" not in pico.read()
    except BaseException:
        sim.close()
        raise
    return sim
