"""The SSD1306 board (hw/oled.py) against the fake ``machine``, through
micropython-lib's ``ssd1306`` driver as published on PyPI (see
tests/hw_fakes/ssd1306_driver.py): the panel is found at 0x3C or 0x3D by an
I2C scan, a missing panel is a clear one-time error (no restart loop), the
driver's init commands and the frame's bytes go over the bus, and the boot
reaches the app's compact title on the same frame as the simulator's."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "host_sim"))  # framebuf, micropython for CPython

import boards  # noqa: E402
import host_sim  # noqa: E402
from app.kit.clock import VirtualClock  # noqa: E402
from app.title import TitleScreen  # noqa: E402
from hw import oled, start  # noqa: E402
from hw_fakes import machine as fake  # noqa: E402
from hw_fakes import ssd1306_driver  # noqa: E402

BOARD = "oled_ssd1306_128x64"
CFG = boards.load(BOARD)["display"]
DRIVER = ssd1306_driver.load()
pytestmark = pytest.mark.skipif(DRIVER is None, reason="the driver's PyPI package (dualmcu, "
                                "pyproject.toml) is not installed: make setup installs it")


def make(devices):
    fake.reset()
    fake.bus.i2c_devices = list(devices)
    return oled.from_board(CFG, fake, driver=DRIVER)


def writes():
    return [e for e in fake.bus.events if e[0] == "i2c"]


@pytest.mark.parametrize("devices,want", [([0x3C], 0x3C), ([0x3D], 0x3D), ([0x3D, 0x3C], 0x3C),
                                          ([0x50, 0x3D], 0x3D)])
def test_panel_found_by_scan(devices, want):
    d = make(devices)
    d.init()
    assert d.addr == want and d.ready
    sent = writes()
    assert sent and all(addr == want for _, addr, _ in sent)
    assert fake.bus.events[0] == ("i2c_init", 0, CFG["i2c"]["scl"], CFG["i2c"]["sda"],
                                  CFG["i2c"]["freq"])


@pytest.mark.parametrize("devices", [[], [0x50, 0x68]])
def test_no_panel_is_a_clear_error(devices):
    d = make(devices)
    with pytest.raises(oled.NoDisplay) as e:
        d.init()
    msg = str(e.value)
    assert "0x3C and 0x3D" in msg and "I2C0 (SDA GP4, SCL GP5)" in msg
    assert ("0x50, 0x68" if devices else "found nothing") in msg
    assert not writes() and not d.ready


def test_driver_sends_init_commands_then_the_frame():
    d = make([0x3C])
    d.init()
    sent = writes()
    # SSD1306 datasheet: a 2-byte write 0x80 + command byte per command
    # (Co=1, D/C#=0); display data after a 0x40 control byte (Co=0, D/C#=1).
    cmds = [b[1] for _, _, b in sent if len(b) == 2 and b[0] == 0x80]
    data = [b for _, _, b in sent if b[0] == 0x40]
    assert cmds[0] == 0xAE  # display off first
    assert cmds[cmds.index(0xA8) + 1] == 63  # multiplex ratio: 64 rows
    assert cmds[cmds.index(0x8D) + 1] == 0x14  # charge pump on (internal VCC)
    assert 0xAF in cmds  # display on
    assert len(data) == 1 and data[0] == b"\x40" + bytes(1024)  # cleared screen
    fake.bus.events.clear()
    d.fb.fill(0)
    d.fb.pixel(0, 0, 1)  # page 0, column 0, bit 0
    d.fb.pixel(127, 63, 1)  # page 7, column 127, bit 7
    d.fb.hline(0, 9, 8, 1)  # page 1, columns 0..7, bit 1
    d.show()
    sent = writes()
    cmds = [b[1] for _, _, b in sent if len(b) == 2 and b[0] == 0x80]
    assert cmds == [0x21, 0, 127, 0x22, 0, 7]  # column and page window
    frame = sent[-1][2]
    assert len(frame) == 1025 and frame[0] == 0x40
    assert frame[1] == 0x01 and frame[1024] == 0x80
    assert frame[1 + 128 : 1 + 136] == b"\x02" * 8
    assert sum(1 for b in frame[1:] if b) == 10
    assert d.frames == 1


def test_second_init_reuses_driver_and_frame():
    d = make([0x3C])
    d.init()
    dev, buf = d.dev, d.buf
    d.init()
    assert d.dev is dev and d.buf is buf and d.fb is dev


def boot(tmp_path, devices, **kw):
    fake.reset()
    fake.bus.i2c_devices = list(devices)
    (tmp_path / "board.txt").write_text(BOARD + "\n")
    start.ssd1306_driver = DRIVER
    try:
        return start.main(machine=fake, clock=VirtualClock(),
                          board_file=str(tmp_path / "board.txt"),
                          log_file=str(tmp_path / "error.log"), **kw)
    finally:
        start.ssd1306_driver = None


def test_boot_reaches_the_compact_title(tmp_path):
    app = boot(tmp_path, [0x3D], steps=3)
    assert app.compact and app.mono and isinstance(app.screen, TitleScreen)
    # The last frame sent (the loop sleeps until the dim time between
    # steps, so a contrast command may come after it).
    frame = [w[2] for w in writes() if len(w[2]) > 64][-1]
    assert frame[1:] == bytes(app.display.buf)
    # Same pixels as the simulator on this board.
    from host_sim import boardkeys

    sim, display, _ = host_sim.make_app(VirtualClock(), 0, board=boardkeys.open_board(BOARD))
    sim.step()
    assert display.shown == frame[1:]


def test_no_panel_at_boot_stops_once_with_the_reason(tmp_path, capsys):
    made = []

    class Never:
        def __init__(self, *a, **kw):
            made.append(1)

    with pytest.raises(oled.NoDisplay):
        boot(tmp_path, [], app_class=Never, steps=3, restarts=3)
    assert not made  # no app, no restart loop: main.py drops to the REPL
    log = (tmp_path / "error.log").read_text()
    assert log.count("boot, board %s: NoDisplay" % BOARD) == 1 and "0x3C and 0x3D" in log
    out = capsys.readouterr().out
    assert out.count("picocards: boot, board %s: NoDisplay" % BOARD) == 1


def test_error_screen_is_readable_in_mono(tmp_path):
    d = make([0x3C])
    d.init()
    start.error_screen(d, "ValueError: boom", "app/x.py, line 3", True, "/error.log")
    fb = d.fb
    assert fb.pixel(0, 0) == 1 and fb.pixel(127, 11) == 1  # lit band
    band_dark = sum(1 for x in range(128) for y in range(12) if not fb.pixel(x, y))
    assert band_dark > 40  # dark text on it
    below = sum(1 for x in range(128) for y in range(12, 64) if fb.pixel(x, y))
    assert below > 100  # the message, lit on dark


def test_show_within_sends_only_the_pages_it_crosses():
    d = make([0x3C])
    d.init()
    d.fb.fill(0)
    d.show()
    fake.bus.events.clear()
    d.fb.fill_rect(10, 52, 20, 10, 1)  # rows 52..61: pages 6 and 7
    d.show_within(0, 51, 128, 13)
    sent = writes()
    cmds = [b[1] for _, _, b in sent if len(b) == 2 and b[0] == 0x80]
    assert cmds == [0x21, 0, 127, 0x22, 6, 7]
    data = b"".join(b[1:] for _, _, b in sent if b[0] == 0x40)
    assert data == bytes(d.buf[6 * 128:])
    assert d.frames == 2
