"""The battery gauge (hw.battery) on CPython with a fake ADC: the supply
from the Pico's VSYS/3 divider, the level between a board's empty and full,
and the boards that cannot read one (no gauge, nothing on the title)."""

import os
import sys

import pytest

ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT_DIR, "host_sim"))  # framebuf, micropython for CPython

import boards  # noqa: E402
from hw import battery, start  # noqa: E402


class ADC:
    """``machine.ADC`` reading ``mv`` millivolts at its pin (3.3 V: 65535),
    with a little noise on the last bits around it."""

    made: list = []

    def __init__(self, pin):
        self.pin = pin
        self.mv = 0
        self.n = 0
        ADC.made.append(self)

    def read_u16(self):
        self.n += 1
        return min(65535, self.mv * 65535 // 3300 + (self.n % 3 - 1) * 16)


class Machine:
    ADC = ADC


def gauge(vsys_mv, **cfg):
    g = battery.from_board(dict({"pin": 29, "ratio": 3}, **cfg), Machine)
    g.adc.mv = vsys_mv // 3  # the Pico's divider
    return g


def test_supply_through_the_divider():
    g = gauge(3900)
    assert g.adc.pin == 29
    assert abs(g.millivolts() - 3900) <= 6


@pytest.mark.parametrize("vsys, pct", [(4200, 100), (3750, 50), (3300, 0), (3390, 10),
                                       (4350, 100), (2800, 0)])
def test_level_between_empty_and_full(vsys, pct):
    """Linear from empty (3.3 V) to full (4.2 V), clamped: a cell just off
    the charger is full, a cell below empty 0 %."""
    assert abs(gauge(vsys).level() - pct) <= 1


@pytest.mark.parametrize("vsys", [4700, 4950, 1200, 0])
def test_no_level_when_no_cell_is_read(vsys):
    """On USB power (VSYS about 4.7 V) the gauge says nothing rather than
    "100%"; nor for a reading no cell gives (an unwired pin)."""
    assert gauge(vsys).level() is None


def test_a_board_gives_its_own_empty_and_full():
    g = gauge(4000, empty_mv=3000, full_mv=5000)
    assert abs(g.level() - 50) <= 1
    with pytest.raises(ValueError, match="empty_mv"):
        battery.Gauge(ADC(29), 3, 4200, 3300)


def test_boards_that_cannot_read_it_have_no_gauge():
    assert battery.from_board(None, Machine) is None
    assert start.battery_reader(None, Machine) is None
    no = dict(boards.load("pimoroni_pico_display"), battery=None)
    assert start.battery_reader(no.get("battery"), Machine) is None


def test_every_board_names_a_plain_picos_gauge():
    """The four handhelds carry a plain Pico: each reads VSYS/3 on GP29,
    and the app's reader gives its level."""
    for name in boards.names():
        cfg = boards.load(name).get("battery")
        assert cfg == {"pin": 29, "ratio": 3}, name
        read = start.battery_reader(cfg, Machine)
        ADC.made[-1].mv = 3750 // 3
        assert abs(read() - 50) <= 1


def test_no_adc_here_is_no_level(capsys):
    """A board with a gauge on a machine without an ADC (a port or a fake
    that lacks it): the console goes on without a level, and says why."""

    class Bare:
        pass

    assert start.battery_reader({"pin": 29, "ratio": 3}, Bare) is None
    assert "no battery level" in capsys.readouterr().out
