"""hw/buttons.py with a virtual clock and fake pins: debounce, auto-repeat,
chords, long press, start-up state, the queue; and every board reaches all
six logical buttons."""

import os
import sys

import pytest

ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT_DIR, "host_sim"))  # framebuf, micropython for CPython

import boards  # noqa: E402
from app.kit import buttons as L  # noqa: E402
from app.kit.clock import VirtualClock  # noqa: E402
from hw import buttons  # noqa: E402
from hw_fakes import machine as fake  # noqa: E402

NAMES = {L.LEFT: "LEFT", L.RIGHT: "RIGHT", L.UP: "UP", L.DOWN: "DOWN", L.A: "A", L.B: "B"}


class In:
    """An input pin: ``level`` is what value() reads."""

    def __init__(self, level=1):
        self.level = level

    def value(self):
        return self.level


class Rig:
    """Buttons on fake pins (active low), polled every ``tick`` virtual ms."""

    def __init__(self, cfg, tick=5, **timings):
        self.clock = VirtualClock()
        self.pins = {name: In(1) for name in cfg["pins"]}
        self.keys = buttons.Buttons(self.pins, cfg, self.clock, **timings)
        self.tick = tick
        self.log = []  # (ms, logical name)

    def down(self, name):
        self.pins[name].level = 0

    def up(self, name):
        self.pins[name].level = 1

    def run(self, ms):
        """Poll for ``ms`` virtual ms, reading every event as the app would."""
        end = self.clock.now + ms
        while self.clock.now < end:
            self.clock.sleep_ms(self.tick)
            b = self.keys.get()
            while b >= 0:
                self.log.append((self.clock.now, NAMES[b]))
                b = self.keys.get()

    def names(self):
        return [n for _, n in self.log]


SIX = {"pull": "up", "active": 0,
       "pins": {"L": 1, "R": 2, "U": 3, "D": 4, "A": 5, "B": 6},
       "map": {"L": "LEFT", "R": "RIGHT", "U": "UP", "D": "DOWN", "A": "A", "B": "B"}}
PACK = boards.load("pimoroni_pico_display")["buttons"]


def test_a_press_shorter_than_the_debounce_time_is_nothing():
    """Issue 32 item 1: a glitch or a press shorter than the debounce time
    never registers, however it falls between the polls."""
    rig = Rig(SIX, tick=2)
    for _ in range(5):
        rig.down("A")
        rig.run(buttons.DEBOUNCE_MS - 4)
        rig.up("A")
        rig.run(100)
    assert rig.log == []


def test_a_glitch_caught_by_the_interrupt_is_nothing():
    """A 1 ms spike on A, seen only by the edge interrupt (no poll in
    between), is not a press; a real press after it is one."""
    keys, clock = _busy_rig(PACK)
    gpio = PACK["pins"]["A"]
    _edges(clock, gpio, [(100, 0), (101, 1)])
    clock.now = 150
    assert _drain(keys) == []
    _edges(clock, gpio, [(200, 0), (260, 1)])
    clock.now = 300
    assert _drain(keys) == ["A"]


def test_a_press_is_judged_when_due():
    """``due()`` is the tick at which the press will have been held for the
    debounce time; polled then, it registers then, not a poll period later."""
    rig = Rig(SIX, tick=5)
    rig.clock.now = 1003
    assert rig.keys.due() is None
    rig.down("A")
    rig.keys.poll()
    assert rig.keys.due() == 1003 + buttons.DEBOUNCE_MS
    rig.clock.now = 1003 + buttons.DEBOUNCE_MS - 1
    assert rig.keys.get() == L.NONE
    rig.clock.now += 1
    assert rig.keys.get() == L.A
    assert rig.keys.due() is None  # held: nothing more to judge (A does not repeat)
    rig.down("R")
    rig.keys.poll()
    rig.clock.now += buttons.DEBOUNCE_MS
    assert rig.keys.get() == L.RIGHT
    assert rig.keys.due() == rig.clock.now + buttons.REPEAT_DELAY_MS


def test_bouncy_press_registers_once():
    rig = Rig(SIX, tick=1)
    for _ in range(4):  # contact bounce: 3 ms down, 2 ms up
        rig.down("A")
        rig.run(3)
        rig.up("A")
        rig.run(2)
    rig.down("A")
    start = rig.clock.now
    rig.run(200)
    assert rig.names() == ["A"]
    # Held for the debounce time from its last bounce, seen at the next poll.
    assert rig.log[0][0] - start == rig.tick + buttons.DEBOUNCE_MS
    # A release glitch shorter than the debounce time is not a new press,
    # nor is bounce at the release.
    rig.up("A")
    rig.run(5)
    rig.down("A")
    rig.run(300)
    for _ in range(3):
        rig.up("A")
        rig.run(2)
        rig.down("A")
        rig.run(1)
    rig.up("A")
    rig.run(100)
    assert rig.names() == ["A"]
    # Released for longer than the debounce time: the next press counts.
    rig.down("A")
    rig.run(50)
    assert rig.names() == ["A", "A"]


def test_fresh_spends_every_press_begun_before():
    """Issue 32 items 12 and 13: after ``fresh()`` (a new screen shown) a
    press begun before it acts on nothing: queued events go, a held arrow
    stops repeating, a press not yet judged never registers. Presses begun
    after count as ever."""
    rig = Rig(SIX, tick=5)
    rig.down("R")  # RIGHT, repeating
    rig.run(buttons.DEBOUNCE_MS + 5)
    rig.down("A")  # queued, not read: the app is drawing
    rig.clock.now += buttons.DEBOUNCE_MS + 5
    rig.keys.poll()
    rig.down("L")  # pressed, not yet judged
    rig.clock.now += 2
    rig.keys.fresh()
    rig.run(buttons.REPEAT_DELAY_MS + 500)
    for key in ("R", "A", "L"):
        rig.up(key)
    rig.run(100)
    assert rig.names() == ["RIGHT"]
    for key in ("A", "R", "L"):
        rig.down(key)
        rig.run(60)
        rig.up(key)
        rig.run(60)
    assert rig.names() == ["RIGHT", "A", "RIGHT", "LEFT"]


def test_fresh_spends_a_held_modifier():
    """B held through a new screen (Pico Display Pack: B is a tap on
    release, or the pause menu at 0.6 s) emits neither; B tapped after it
    does."""
    for hold in (100, buttons.LONG_MS + 200):
        rig = Rig(PACK, tick=5)
        rig.down("B")
        rig.run(50)
        rig.keys.fresh()
        rig.run(hold)
        rig.up("B")
        rig.run(100)
        assert rig.names() == []
        rig.down("B")
        rig.run(60)
        rig.up("B")
        rig.run(60)
        assert rig.names() == ["B"]


def test_fresh_keeps_a_press_that_bounces_after_it_spent():
    """A press spent by ``fresh()`` whose release bounces is still that one
    press: no new press comes from the bounce."""
    rig = Rig(SIX, tick=1)
    rig.down("A")
    rig.run(50)
    rig.keys.fresh()
    for _ in range(3):
        rig.up("A")
        rig.run(2)
        rig.down("A")
        rig.run(2)
    rig.run(100)
    rig.up("A")
    rig.run(100)
    assert rig.names() == ["A"]


def test_held_button_registers_once():
    rig = Rig(SIX)
    rig.down("A")
    rig.run(3000)
    rig.up("B")
    rig.run(100)
    assert rig.names() == ["A"]
    rig.up("A")
    rig.run(100)
    rig.down("A")
    rig.run(100)
    assert rig.names() == ["A", "A"]


def test_direction_repeats_while_held():
    rig = Rig(SIX, tick=1)
    rig.down("R")
    rig.run(rig.tick + buttons.DEBOUNCE_MS + buttons.REPEAT_DELAY_MS + 3 * buttons.REPEAT_MS)
    times = [t for t, _ in rig.log]
    assert rig.names() == ["RIGHT"] * 5
    first = times[0]
    assert [t - first for t in times] == [
        0, buttons.REPEAT_DELAY_MS, buttons.REPEAT_DELAY_MS + buttons.REPEAT_MS,
        buttons.REPEAT_DELAY_MS + 2 * buttons.REPEAT_MS,
        buttons.REPEAT_DELAY_MS + 3 * buttons.REPEAT_MS]
    rig.up("R")
    rig.run(1000)
    assert len(rig.log) == 5


def test_no_burst_after_a_slow_frame():
    rig = Rig(SIX, tick=5)
    rig.down("L")
    rig.run(50)
    assert rig.names() == ["LEFT"]
    rig.tick = 2000  # the app was busy for 2 s: one repeat, not sixteen
    rig.run(2000)
    assert rig.names() == ["LEFT", "LEFT"]


def test_pack_tap_b_emits_on_release():
    rig = Rig(PACK)
    rig.down("B")
    rig.run(200)
    assert rig.log == []  # B is a modifier: nothing yet
    rig.up("B")
    rig.run(100)
    assert rig.names() == ["B"]


def test_pack_long_b_emits_once_while_held():
    rig = Rig(PACK, tick=1)
    rig.down("B")
    start = rig.clock.now
    rig.run(buttons.LONG_MS + buttons.DEBOUNCE_MS + 2000)
    assert rig.names() == ["B"]
    assert rig.log[0][0] - start == rig.tick + buttons.DEBOUNCE_MS + buttons.LONG_MS
    rig.up("B")
    rig.run(200)
    assert rig.names() == ["B"]  # the release adds nothing


def test_pack_chords_and_taps():
    rig = Rig(PACK)
    rig.down("X")
    rig.run(60)
    rig.up("X")
    rig.run(60)
    rig.down("Y")
    rig.run(60)
    rig.up("Y")
    rig.run(60)
    rig.down("A")
    rig.run(60)
    rig.up("A")
    rig.run(60)
    assert rig.names() == ["LEFT", "RIGHT", "A"]
    rig.log = []
    rig.down("B")
    rig.run(100)
    rig.down("X")  # B + X = UP
    rig.run(60)
    rig.up("X")
    rig.run(60)
    rig.down("Y")  # B + Y = DOWN
    rig.run(60)
    rig.up("Y")
    rig.run(60)
    rig.up("B")
    rig.run(100)
    assert rig.names() == ["UP", "DOWN"]  # and no B: the chord spent it
    rig.log = []
    rig.down("B")
    rig.run(700)  # longer than the long press, but a chord...
    assert rig.names() == ["B"]  # ...only if made before it fired
    rig.up("B")
    rig.run(100)


def test_pack_chord_repeats_until_modifier_released():
    rig = Rig(PACK, tick=1)
    rig.down("B")
    rig.run(50)
    rig.down("Y")
    rig.run(rig.tick + buttons.DEBOUNCE_MS + buttons.REPEAT_DELAY_MS + buttons.REPEAT_MS)
    assert rig.names() == ["DOWN", "DOWN", "DOWN"]
    rig.up("B")
    rig.run(1000)  # Y still held, but the chord is over: no more DOWN, no RIGHT
    assert rig.names() == ["DOWN", "DOWN", "DOWN"]
    rig.up("Y")
    rig.run(100)
    rig.down("Y")
    rig.run(100)
    assert rig.names()[-1] == "RIGHT"


def test_chord_order_matters():
    rig = Rig(PACK)
    rig.down("X")
    rig.run(100)  # X first: it is LEFT
    rig.down("B")
    rig.run(100)
    rig.up("B")
    rig.run(100)
    rig.up("X")
    rig.run(100)
    assert rig.names() == ["LEFT", "B"]


def test_held_at_start_up_is_ignored_until_released():
    clock = VirtualClock()
    pins = {n: In(1) for n in SIX["pins"]}
    pins["A"].level = 0
    keys = buttons.Buttons(pins, SIX, clock)
    for _ in range(100):
        clock.sleep_ms(5)
        assert keys.get() == L.NONE
    pins["A"].level = 1
    for _ in range(20):
        clock.sleep_ms(5)
        assert keys.get() == L.NONE
    assert not keys.pressed("A")


def test_queue_is_bounded_and_clearable():
    rig = Rig(SIX)
    for _ in range(buttons.QUEUE + 10):
        rig.down("A")
        for _ in range(6):
            rig.clock.sleep_ms(5)
            rig.keys.poll()
        rig.up("A")
        for _ in range(6):
            rig.clock.sleep_ms(5)
            rig.keys.poll()
    assert len(rig.keys.queue) == buttons.QUEUE
    rig.keys.clear()
    assert rig.keys.get() == L.NONE


def test_active_high_buttons():
    cfg = dict(SIX, active=1, pull="down")
    rig = Rig(cfg)
    for p in rig.pins.values():
        p.level = 0
    rig.keys = buttons.Buttons(rig.pins, cfg, rig.clock)
    rig.pins["U"].level = 1
    rig.run(50)
    assert rig.names() == ["UP"]


def test_from_board_configures_pull_ups():
    fake.reset()
    clock = VirtualClock()
    cfg = boards.load("waveshare_pico_lcd_1_14")["buttons"]
    keys = buttons.from_board(cfg, clock, machine=fake)
    gpio = {k.name: k.pin for k in keys.keys}
    assert {n: p.id for n, p in gpio.items()} == cfg["pins"]
    assert all(p.mode == fake.Pin.IN and p.pull == fake.Pin.PULL_UP for p in gpio.values())
    fake.bus.inputs[cfg["pins"]["CTRL"]] = 0  # joystick centre pressed
    got = []
    for _ in range(10):
        clock.sleep_ms(5)
        b = keys.get()
        if b >= 0:
            got.append(b)
    assert got == [L.A]


@pytest.mark.parametrize("name", boards.names())
def test_every_board_reaches_all_six(name):
    cfg = boards.load(name)["buttons"]
    reach = set(cfg["map"].values()) | {c[2] for c in cfg.get("chords", ())}
    reach |= set(cfg.get("long", {}).values())
    assert reach == {"LEFT", "RIGHT", "UP", "DOWN", "A", "B"}
    for phys in list(cfg["map"]) + [c[0] for c in cfg.get("chords", ())] + \
            [c[1] for c in cfg.get("chords", ())]:
        assert phys in cfg["pins"]
    assert cfg["help"]


def _busy_rig(cfg):
    """Buttons from a board dict on the fake machine's pins (with their edge
    interrupts), and a virtual clock nobody polls until told."""
    fake.reset()
    clock = VirtualClock()
    keys = buttons.from_board(cfg, clock, fake)
    return keys, clock

def _edges(clock, gpio, script):
    """Drive ``gpio`` through (ms, level) steps at those virtual times."""
    for t, level in script:
        clock.now = t
        fake.set_input(gpio, level)


def _drain(keys):
    out = []
    b = keys.get()
    while b >= 0:
        out.append(NAMES[b])
        b = keys.get()
    return out


@pytest.mark.parametrize("key,want", [("A", ["A"]), ("X", ["LEFT"]), ("Y", ["RIGHT"]),
                                      ("B", ["B"])])
def test_a_tap_while_the_app_is_busy_is_kept(key, want):
    """A 60 ms press made while nothing polls (a computer decision, a frame
    being drawn) is caught by the pin's interrupt and acted on at the next
    poll, once, bounces at both ends and all."""
    keys, clock = _busy_rig(PACK)
    gpio = PACK["pins"][key]
    _edges(clock, gpio, [(100, 0), (101, 1), (102, 0), (160, 1), (161, 0), (162, 1)])
    clock.now = 900  # the decision ends: the first poll since the press
    assert _drain(keys) == want
    clock.now = 1000
    assert _drain(keys) == []


def test_two_taps_while_busy_are_two_presses_in_order():
    keys, clock = _busy_rig(PACK)
    _edges(clock, PACK["pins"]["Y"], [(50, 0), (110, 1)])
    _edges(clock, PACK["pins"]["A"], [(200, 0), (260, 1)])
    _edges(clock, PACK["pins"]["Y"], [(400, 0), (460, 1)])
    clock.now = 800
    assert _drain(keys) == ["RIGHT", "A", "RIGHT"]


def test_polling_still_works_with_interrupts():
    """A press the interrupts saw and the polls saw too counts once."""
    keys, clock = _busy_rig(PACK)
    gpio = PACK["pins"]["A"]
    seen = []
    for t in range(0, 300, 5):
        clock.now = t
        if t == 50:
            fake.set_input(gpio, 0)
        if t == 150:
            fake.set_input(gpio, 1)
        seen += _drain(keys)
    assert seen == ["A"]
