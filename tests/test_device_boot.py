"""On the emulated Pico (tools/pico, docs/emulator.md): MicroPython 1.28.0's
rp2 firmware with the console frozen in (``make firmware``), or, without
such an image, installed as tools/make/flash.py lays it (``.mpy`` files),
boots on each board (the three ST7789 colour boards and the SSD1306 one) to
the title screen, pixel-identical to the simulator's title for that board.

With a frozen image the ``.mpy`` install's boot is checked by
tests/test_device_buttons.py (the same title after a press made before it,
on a colour board and the OLED one; on all four under ``make test-deep``),
so it is not booted a second time here."""

import device
import pytest

pytestmark = device.needs_kit


@pytest.mark.parametrize("kind", device.images_to_test()[-1:])
@pytest.mark.parametrize("board", device.COLOUR_BOARDS + (device.OLED_BOARD,))
def test_boots_to_the_title(board, kind):
    sim = device.Sim(board)
    try:
        with device.boot(board, frozen=kind == "frozen") as pico:
            frames = pico.wait_frames(1, timeout_ms=5000, full=True)
            assert frames[0].full
            title = sim.image()
            device.settle_like_sim(pico, 0, title)
            device.assert_same("title-%s-%s" % (board, kind), pico.panel(), title)
            # The app runs: nothing went to the console (no traceback).
            assert b"Traceback" not in pico.read()
    finally:
        sim.close()
