"""The web page's buttons (web/py/webport.py, WebKeys): key groups hold a
board's physical buttons, sampled by the device's hw.buttons; presses that
reach the worker all at once (sent while the computer was thinking) each
come out as one logical press, in order."""

import os
import sys

import pytest

import host_sim  # noqa: F401  (sys.path: firmware/, host_sim/ for boardkeys)
from app.kit import buttons
from app.kit.clock import VirtualClock
from host_sim.boardkeys import open_board

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "web", "py"))
from webport import POLL_MS, WebKeys  # noqa: E402


def drain(keys, clock, limit=10000):
    """Logical buttons out of ``keys`` as the worker's loop takes them:
    read, then wait until the next sample is due, until nothing is in flight."""
    out = []
    for _ in range(limit):
        b = keys.get()
        while b >= 0:
            out.append(b)
            b = keys.get()
        d = keys.due()
        if d < 0:
            return out
        clock.sleep_ms(max(d, 1))
    raise AssertionError("keys never settled")


GROUP = {"left": buttons.LEFT, "right": buttons.RIGHT, "up": buttons.UP, "down": buttons.DOWN,
         "z": buttons.A, "x": buttons.B}


@pytest.mark.parametrize("board", ["pimoroni_pico_display", "waveshare_pico_lcd_1_14",
                                   "waveshare_pico_lcd_1_3", "oled_ssd1306_128x64"])
def test_a_burst_of_taps_gives_every_press_in_order(board):
    clock = VirtualClock()
    keys = WebKeys(open_board(board), clock)
    taps = ["right", "right", "up", "x", "left", "down", "z", "z", "right"]
    for g in taps:  # all at the same tick, as after a long step
        assert keys.down(g)
        assert keys.up(g)
    assert drain(keys, clock) == [GROUP[g] for g in taps]


def test_chord_and_long_press_go_through_hw_buttons():
    """Pico Display Pack: Up holds B then X (the chord B+X is UP, B is not
    emitted); B held 0.6 s is B at once, its release emits nothing more."""
    clock = VirtualClock()
    keys = WebKeys(open_board("pimoroni_pico_display"), clock)
    assert keys.groups["up"] == ("B", "X")
    keys.down("up")
    for _ in range(20):  # 100 ms: B down, X 40 ms later, each debounced
        clock.sleep_ms(POLL_MS)
        keys.poll()
    assert keys.layer.pressed("B") and keys.layer.pressed("X")
    keys.up("up")
    assert drain(keys, clock) == [buttons.UP]
    keys.down("x")
    got = []
    for _ in range(200):  # 1 s held
        clock.sleep_ms(POLL_MS)
        b = keys.get()
        if b >= 0:
            got.append((b, clock.now))
    assert [b for b, _ in got] == [buttons.B]
    keys.up("x")
    assert drain(keys, clock) == []


def test_holding_a_direction_repeats_it():
    clock = VirtualClock()
    keys = WebKeys(open_board("oled_ssd1306_128x64"), clock)
    keys.down("left")
    n = 0
    for _ in range(200):  # 1 s: the press, then repeats after 400 ms every 120 ms
        clock.sleep_ms(POLL_MS)
        if keys.get() == buttons.LEFT:
            n += 1
    keys.up("left")
    drain(keys, clock)
    assert n == 1 + 5


def test_unbound_group_is_refused():
    clock = VirtualClock()
    keys = WebKeys(open_board("pimoroni_pico_display"), clock)
    assert keys.down("space") is False  # no joystick centre on this board
    assert keys.up("space") is False
    assert keys.due() == -1


def test_the_console_reads_starting_until_the_app_is_made(tmp_path, monkeypatch):
    """``screen()`` names what a script watching the page sees: during the
    splash "Starting", never "Error", which means the app failed."""
    import webport

    monkeypatch.setattr(webport, "DATA", str(tmp_path))  # not the host's /data
    con = webport.Console("pimoroni_pico_display", 5, fast=True)
    assert con.screen() == "Starting"
    con.boot()
    assert con.screen() == "TitleScreen"
