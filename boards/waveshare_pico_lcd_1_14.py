"""Waveshare Pico-LCD-1.14: 1.14" 240x135 IPS LCD on an ST7789V, a
five-way joystick and two keys A and B.

Sources (values learnt from them, no code copied):

- Waveshare's MicroPython demo for the module (class LCD_1inch14, as
  published on the Pico-LCD-1.14 wiki and mirrored in many repositories):
  SPI1 with SCK GP10, MOSI GP11, CS GP9, DC GP8, RST GP12, backlight PWM on
  GP13; keys A GP15, B GP17, joystick UP GP2, centre GP3, LEFT GP16, DOWN
  GP18, RIGHT GP20, all pulled up and pressed = low; MADCTL 70h (MX|MV|ML)
  with CASET 40..279 and RASET 53..187 in landscape; panel tuning GCTRL 35h,
  VCOMS 19h, LCMCTRL 2Ch, VDVVRHEN 01h, VRHS 12h, VDVS 20h, FRCTRL2 0Fh,
  PWCTRL1 A4h A1h, PORCTRL 0C 0C 00 33 33, its gamma tables; inversion on.
- The Zephyr/Bridle shield description waveshare_pico_lcd_1_14 (pin table;
  devicetree with the same GPIOs, pull-ups, active low; landscape x-offset 40,
  y-offset 53, MADCTL 60h).
- The glass is the same 135x240 part as the Pimoroni pack: columns 52..186 and
  rows 40..279 of the controller's memory, hence the same offsets per rotation
  (russhughes/st7789_mpy ORIENTATIONS_135x240 and its Waveshare config).

Buttons: the joystick gives the four directions (repeating when held), its
centre press and key A give A, key B gives B: every logical button has a
button of its own.
"""

BOARD = {
    "name": "Waveshare Pico-LCD-1.14",
    "display": {
        "controller": "st7789",
        "width": 240,
        "height": 135,
        "rotation": 90,
        "ram": (240, 320),
        "window": (52, 40, 135, 240),
        "offsets": {0: (52, 40), 90: (40, 53), 180: (53, 40), 270: (40, 52)},
        "invert": True,
        "bgr": False,
        "spi": {"id": 1, "baudrate": 62_500_000, "sck": 10, "mosi": 11},
        "cs": 9,
        "dc": 8,
        "rst": 12,
        "backlight": 13,
        "init": (
            (0xB2, b"\x0c\x0c\x00\x33\x33"),  # PORCTRL
            (0xB7, b"\x35"),  # GCTRL
            (0xBB, b"\x19"),  # VCOMS
            (0xC0, b"\x2c"),  # LCMCTRL
            (0xC2, b"\x01"),  # VDVVRHEN
            (0xC3, b"\x12"),  # VRHS
            (0xC4, b"\x20"),  # VDVS
            (0xC6, b"\x0f"),  # FRCTRL2: 60 Hz
            (0xD0, b"\xa4\xa1"),  # PWCTRL1
            (0xE0, b"\xd0\x04\x0d\x11\x13\x2b\x3f\x54\x4c\x18\x0d\x0b\x1f\x23"),
            (0xE1, b"\xd0\x04\x0c\x11\x13\x2c\x3f\x44\x51\x2f\x1f\x1f\x20\x23"),
        ),
    },
    "buttons": {
        "pull": "up",
        "active": 0,
        "pins": {"UP": 2, "CTRL": 3, "LEFT": 16, "DOWN": 18, "RIGHT": 20, "A": 15, "B": 17},
        "map": {"UP": "UP", "DOWN": "DOWN", "LEFT": "LEFT", "RIGHT": "RIGHT",
                "CTRL": "A", "A": "A", "B": "B"},
        "help": "joystick moves, press it or A to select, B back",
    },
    "led": None,
    # Link cable (docs/link.md): UART0, TX GP0 and RX GP1, crossed to the other console.
    "link": {"uart": 0, "tx": 0, "rx": 1, "baud": 115200},
    # The battery's level (hw.battery): VSYS/3 on ADC3 (GP29) of a plain Pico.
    # A Pico W shares that pin with its radio: its board says "battery": None.
    "battery": {"pin": 29, "ratio": 3},
}
