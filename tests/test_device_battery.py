"""The battery gauge on the emulated Pico (rp2040js models the RP2040's ADC:
the harness puts a voltage on ADC3, a plain Pico's VSYS/3): the title shows
the level the simulator shows for the same reading, and the low warning
when the supply is near empty.

Every reading runs on the frozen image when ``make firmware`` has built one
up to date (what a player flashes), else on the ``.mpy`` install; under
``make test-deep`` (tests/depth.py) on the ``.mpy`` install too. Both
installs run the same compiled code (hw.battery, the title), the ``.mpy``
install's boot is checked in ``make test`` by tests/test_device_buttons.py,
and it costs twice the frozen one's."""

import depth
import device
import pytest

pytestmark = device.needs_kit

BOARD = "pimoroni_pico_display"
READINGS = [(4700, None), (3750, 49), (3350, 5)]
KINDS = depth.pick(device.images_to_test()[-1:], device.images_to_test())
RUNS = [(kind, mv, pct) for kind in KINDS for mv, pct in READINGS]


@pytest.mark.parametrize("image,vsys_mv,pct", RUNS)
def test_title_shows_the_supply_read_on_adc3(image, vsys_mv, pct):
    """4.7 V (USB): no battery line; 3.75 V: about half (the reading's last bit rounds
    it to 49 %); 3.35 V: "Low battery 5%"."""
    sim = device.Sim(BOARD)
    try:
        sim.run.app.battery = lambda: pct
        sim.run.app.invalidate()
        sim.run.settle()
        title = sim.image()
        with device.boot(BOARD, frozen=image == "frozen") as pico:
            pico.adc(3, vsys_mv // 3)
            pico.wait_frames(1, timeout_ms=5000, full=True)
            device.settle_like_sim(pico, 0, title)
            device.assert_same("battery-%d-%s" % (vsys_mv, image), pico.panel(), title)
    finally:
        sim.close()
