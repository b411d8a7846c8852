"""A home-built handheld: 128x64 monochrome OLED on an SSD1306 over I2C, and
six push buttons (one per logical button) to ground.

There is no vendor board behind this one: the wiring below is a suggestion
(change the numbers to match yours). It uses pins that carry the needed
function on the RP2040: GP4/GP5 are I2C0 SDA/SCL (RP2040 datasheet, GPIO
function table), and GP10..GP15 plain inputs with the internal pull-ups.

Sources (facts learnt, no code copied):

- Solomon Systech SSD1306 datasheet, I2C interface: 7-bit slave address
  0111100 (3Ch) with SA0 low, 0111101 (3Dh) with SA0 high; each transfer
  starts with a control byte (Co, D/C#): 80h = one command byte follows,
  40h = display data follow; I2C up to 400 kHz.
- micropython-lib's ``ssd1306`` driver (micropython/drivers/display/ssd1306),
  frozen into the firmware image, or copied to /lib by tools/make/flash.py for
  this board from the MicroPython source; not copied into this repository:
  ``SSD1306_I2C(width, height, i2c, addr=0x3C)``, a MONO_VLSB FrameBuffer
  with ``show()`` and ``rotate()``.

The display goes through hw/oled.py (an I2C scan finds the panel at 0x3C or
0x3D), and the app draws its compact 128x64 monochrome layout
(app/compact*.py) on the driver's 1-bit frame.
"""

BOARD = {
    "name": "SSD1306 128x64 OLED (I2C), six buttons",
    "display": {
        "controller": "ssd1306",
        "width": 128,
        "height": 64,
        "rotation": 0,
        "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400_000},
        "addr": 0x3C,
    },
    "buttons": {
        "pull": "up",
        "active": 0,
        "pins": {"LEFT": 10, "RIGHT": 11, "UP": 12, "DOWN": 13, "A": 14, "B": 15},
        "map": {"LEFT": "LEFT", "RIGHT": "RIGHT", "UP": "UP", "DOWN": "DOWN",
                "A": "A", "B": "B"},
        "help": "one button per direction, A select, B back",
    },
    "led": None,
    # Link cable (docs/link.md): UART0, TX GP0 and RX GP1, crossed to the other console.
    "link": {"uart": 0, "tx": 0, "rx": 1, "baud": 115200},
    # The battery's level (hw.battery): VSYS/3 on ADC3 (GP29) of a plain Pico.
    # A Pico W shares that pin with its radio: its board says "battery": None.
    "battery": {"pin": 29, "ratio": 3},
}
