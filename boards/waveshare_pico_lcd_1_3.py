"""Waveshare Pico-LCD-1.3: 1.3" 240x240 IPS LCD on an ST7789V, a five-way
joystick and four keys A B X Y.

Sources (values learnt from them, no code copied):

- Waveshare's MicroPython demo for the module (class LCD_1inch3, from the
  Pico-LCD-1.3 wiki): the same SPI1 wiring as the 1.14 (SCK GP10, MOSI GP11,
  CS GP9, DC GP8, RST GP12, backlight GP13); keys A GP15, B GP17, X GP19,
  Y GP21, joystick UP GP2, centre GP3, LEFT GP16, DOWN GP18, RIGHT GP20,
  pulled up, pressed = low; MADCTL 70h (MX|MV|ML) with CASET and RASET both
  0..239; the same panel tuning and gamma as the 1.14 demo; inversion on.
- Bridle's waveshare_pico_lcd_1_3 shield (gpio-keys A B X Y, joystick ENTER,
  LEFT RIGHT UP DOWN).
- The 240x240 glass covers memory rows 0..239 of the 320: rotations that
  mirror the row order (MY) shift by 80 (russhughes/st7789_mpy
  ORIENTATIONS_240x240; Pimoroni's st7789.cpp uses the same 80 for its square
  panel).

Buttons: joystick directions (repeating), centre press or A = A, B = B.
X (GP19) and Y (GP21) are not used.

The frame is 240x240. The app's screens are laid out for 240x135: here they
sit at the top, their backgrounds filling the whole square (no square layout
yet).
"""

BOARD = {
    "name": "Waveshare Pico-LCD-1.3",
    "display": {
        "controller": "st7789",
        "width": 240,
        "height": 240,
        "rotation": 90,
        "ram": (240, 320),
        "window": (0, 0, 240, 240),
        "offsets": {0: (0, 0), 90: (0, 0), 180: (0, 80), 270: (80, 0)},
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
