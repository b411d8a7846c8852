"""The console asleep on the emulated Pico (issue 27), with real pin pulses
(``.mpy`` install; the frozen image too when ``make firmware`` has built
one up to date):

- after the "Sleep after" time without a press the backlight's pin stays
  at 0 and the panel gets its sleep command (ST7789 SLPIN; SSD1306 display
  off), and the CPU is asleep nearly all the time;
- a press while it sleeps is never lost: it wakes the console (SLPOUT or
  display on within 150 ms) and does nothing else, on the title as at a
  table; the next press acts;
- the saved game is intact after sleeping: no flash write while asleep,
  the same save file, the same table on the glass.

With a frozen image the first check (sleep, and a press that only wakes)
runs on it; on the ``.mpy`` install too under ``make test-deep``
(tests/depth.py): the other checks here already sleep and wake the ``.mpy``
install, on the colour board and on the OLED.

Awake shares here are behaviour bounds with a wide margin; the figures
are the benchmark's (tools/bench/bench_pico.py, awake).
"""

import os
import tempfile

import depth
import device
import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from host_sim.display import MONO_LIT

pytestmark = device.needs_kit

COLOUR = "pimoroni_pico_display"
OLED = device.OLED_BOARD
SLEEP_S = 60  # the shortest "Sleep after"
SLPIN, SLPOUT, OLED_OFF, OLED_ON = 0x10, 0x11, 0xAE, 0xAF
WAKE_MS = 150


def settings(sleep_s=SLEEP_S):
    """The test settings (tests/device.py) with "Sleep after" ``sleep_s``,
    written by the app's own code."""
    from app.kit.clock import VirtualClock
    from app.persist import files as persist
    from host_sim import make_app
    from host_sim.storage import FolderStorage

    with tempfile.TemporaryDirectory() as d:
        app, _, _ = make_app(VirtualClock(), 1, storage=FolderStorage(d))
        app.level = device.LEVEL
        app.speed = device.SPEED
        app.sleep = sleep_s
        assert persist.save_settings(app)
        with open(os.path.join(d, "settings"), "rb") as f:
            return f.read()


def boot(board, frozen):
    return device.boot(board, frozen=frozen, extra={"/data/settings": settings()},
                       tag="sleep-")


def a_button(pico):
    return [p for p, v in pico.board["buttons"]["map"].items() if v == "A"][-1]


def levels(pico, pin, ms=20, n=40):
    """The pin's level at ``n`` moments over ``ms``."""
    out = []
    for _ in range(n):
        pico.run_ms(ms / n)
        out.append(pico.pin(pin))
    return out


def fall_asleep(pico, off):
    """Run past the sleep time (from now: the last press is earlier);
    returns when the panel got ``off``."""
    since = len(pico.panel_commands())
    pico.run_ms(SLEEP_S * 1000 + 500)
    cmds = [c for _, c in pico.panel_commands(since)]
    assert off in cmds, "no sleep command after %d s: %r" % (SLEEP_S, cmds)


def wake_with_a_tap(pico, on, hold_ms=device.HOLD_MS):
    """Tap A; the panel's wake command comes within WAKE_MS of the press."""
    since = len(pico.panel_commands())
    t = pico.ms + 5
    pico.tap(a_button(pico), hold_ms, at_ms=t)
    pico.run_ms(WAKE_MS)
    woke = [ms for ms, c in pico.panel_commands(since) if c == on]
    assert woke, "the panel was not woken by a press"
    assert woke[0] - t <= WAKE_MS, "woke %.1f ms after the press" % (woke[0] - t)


@pytest.mark.parametrize("image", depth.pick(device.images_to_test()[-1:],
                                             device.images_to_test()))
def test_sleeps_then_a_press_only_wakes_it(image):
    with boot(COLOUR, image == "frozen") as pico:
        pico.wait_frames(1, full=True)
        pico.settle(device.QUIET_MS)
        title = pico.panel()
        bl = pico.board["display"]["backlight"]
        assert set(levels(pico, bl)) == {1}  # 100 %: the pin high
        fall_asleep(pico, SLPIN)
        assert set(levels(pico, bl)) == {0}, "the backlight is not off"
        assert pico.awake_share(5000) < 0.02
        n = pico.frame_count
        # A short tap (30 ms: just over the debounce) wakes it as well as a long one.
        wake_with_a_tap(pico, SLPOUT, hold_ms=30)
        pico.run_ms(device.QUIET_MS)
        assert set(levels(pico, bl)) == {1}, "the backlight did not come back"
        assert pico.frame_count == n, "the waking press drew something"
        assert device.diff_box(pico.panel(), title) is None
        # Asleep again, woken by a long press: still nothing but waking.
        fall_asleep(pico, SLPIN)
        wake_with_a_tap(pico, SLPOUT, hold_ms=700)
        pico.run_ms(device.QUIET_MS)
        assert pico.frame_count == n and device.diff_box(pico.panel(), title) is None
        # The next press acts: A on the title starts a game.
        pico.tap(a_button(pico), device.HOLD_MS)
        pico.settle(device.QUIET_MS)
        assert pico.frame_count > n and device.diff_box(pico.panel(), title) is not None
        assert b"Traceback" not in pico.read()


def save_file(pico):
    fs = pico.read_fs()
    with fs.open("/data/game-clubbed", "rb") as f:
        return f.read()


def test_the_saved_game_is_intact_after_sleeping():
    with boot(COLOUR, False) as pico:
        pico.wait_frames(1, full=True)
        pico.settle(device.QUIET_MS)
        pico.tap(a_button(pico), device.HOLD_MS)  # New game of Clubbed
        pico.settle(1500)
        table = pico.panel()
        saved = save_file(pico)
        ops = pico.flash_ops
        fall_asleep(pico, SLPIN)
        wake_with_a_tap(pico, SLPOUT)
        pico.run_ms(device.QUIET_MS)
        assert pico.flash_ops == ops, "the flash was written while asleep"
        assert save_file(pico) == saved
        assert device.diff_box(pico.panel(), table) is None


def test_the_oled_turns_off_and_back_on():
    with boot(OLED, False) as pico:
        pico.wait_frames(1, full=True)
        pico.settle(device.QUIET_MS)
        title = pico.panel()
        fall_asleep(pico, OLED_OFF)
        lit = [c for _, c in pico.panel().getcolors()]
        assert MONO_LIT not in lit, "the OLED still shows pixels"
        n = pico.frame_count
        wake_with_a_tap(pico, OLED_ON)
        pico.run_ms(device.QUIET_MS)
        assert pico.frame_count == n
        assert device.diff_box(pico.panel(), title) is None
