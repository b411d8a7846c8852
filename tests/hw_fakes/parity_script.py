"""The hardware layer against the fake ``machine``, printing digests of
everything that went over the wire. tests/test_hw_micropython.py runs this
same file on CPython and on MicroPython (WebAssembly) and compares the output.

argv[1]: a writable folder for the board file and the error log.
"""

import binascii
import hashlib
import sys

import machine  # the fake one (tests/hw_fakes/machine.py)

import boards
from app.kit import buttons as L
from app.kit.clock import VirtualClock
from app.kit.display import set_colour
from hw import buttons, st7789, start
from hw.storage import FlashStorage

ST7789_BOARDS = ("pimoroni_pico_display", "waveshare_pico_lcd_1_14", "waveshare_pico_lcd_1_3")


def digest(data):
    return binascii.hexlify(hashlib.sha256(data).digest()).decode()


def wire():
    """Every recorded event as bytes, in order."""
    out = bytearray()
    for e in machine.bus.events:
        if e[0] == "spi":
            out.extend(("S%d:" % e[1]).encode())
            out.extend(e[2])
        else:
            out.extend(repr(e).encode())
    return bytes(out)


def pattern(fb, w, h):
    # Palette indices (the frame is 8-bit indexed), every entry a colour.
    fb.fill(0x18)
    fb.rect(0, 0, w, h, 0xFF)
    fb.fill_rect(10, 12, 40, 30, 0xF8)
    fb.line(0, 0, w - 1, h - 1, 0x07)
    for i in range(0, min(w, h), 7):
        fb.pixel(i, h - 1 - i, (i * 1031) & 0xFF)


for i in range(256):
    set_colour(i, (i * 40503 + 12345) & 0xFFFF)
for name in ST7789_BOARDS:
    cfg = boards.load(name)["display"]
    for rotation in sorted(cfg["offsets"]):
        machine.reset()
        d = st7789.from_board(cfg, machine, rotation=rotation, sleep_ms=lambda ms: None)
        d.init()
        pattern(d.fb, d.width, d.height)
        d.show()
        d.show_rect(3, 4, 50, 20)
        print("st7789", name, rotation, d.width, d.height, len(machine.bus.events), digest(wire()))

# Buttons: a scripted minute on the Pico Display Pack (X, Y, chords, long B).
cfg = boards.load("pimoroni_pico_display")["buttons"]
machine.reset()
clock = VirtualClock()
keys = buttons.from_board(cfg, clock, machine)
script = (("X", 0, 80), ("Y", 200, 700), ("B", 1000, 1800), ("X", 1100, 1200),
          ("B", 2000, 2100), ("B", 2500, 3400), ("A", 3500, 3530), ("A", 3600, 3700),
          ("A", 3800, 3812))
events = []
for t in range(0, 4000, 3):
    for key, down, up in script:
        if down <= t < up:
            machine.bus.inputs[cfg["pins"][key]] = 0
        elif t == up or (t > up and t - 3 < up):
            machine.bus.inputs[cfg["pins"][key]] = 1
    clock.now = t
    b = keys.get()
    while b >= 0:
        events.append("%d:%s" % (t, L.NAMES[b]))
        b = keys.get()
print("buttons", " ".join(events))

# The boot: splash, then the real app on the driver, three steps (the loop sleeps
# until the dim time between them: the seconds it took are printed).
folder = sys.argv[1]
with open(folder + "/board.txt", "w") as f:
    f.write("waveshare_pico_lcd_1_14\n")
machine.reset()
clock = VirtualClock()
app = start.main(machine=machine, clock=clock, board_file=folder + "/board.txt",
                 log_file=folder + "/error.log", steps=3,
                 storage=FlashStorage(folder + "/data"))
print("boot", clock.now // 1000, app.display.frames, digest(bytes(app.display.buf)))

# SSD1306 through micropython-lib's driver (``ssd1306`` on the path): found at
# 0x3D, a pattern pushed, then the boot with the app's compact title.
import ssd1306  # noqa: E402

from hw import oled  # noqa: E402

cfg = boards.load("oled_ssd1306_128x64")["display"]
machine.reset()
machine.bus.i2c_devices = [0x3D]
d = oled.from_board(cfg, machine, driver=ssd1306)
d.init()
d.fb.rect(0, 0, 128, 64, 1)
d.fb.line(0, 0, 127, 63, 1)
d.show()
start.ssd1306_driver = ssd1306
with open(folder + "/board.txt", "w") as f:
    f.write("oled_ssd1306_128x64\n")
app = start.main(machine=machine, clock=VirtualClock(), board_file=folder + "/board.txt",
                 log_file=folder + "/error.log", steps=3)
print("oled", hex(d.addr), len(machine.bus.events), digest(wire()), app.compact,
      digest(bytes(app.display.buf)))
