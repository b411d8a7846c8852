"""Waiting and sleeping on CPython with a virtual clock and fake pins whose
edges run the buttons' interrupt handler (issue 27): hw.start.wait_keys
samples nothing while no press is being judged and judges a press the
moment its debounce time is over; hw.power.Sleeper turns the backlight off,
puts the panel to sleep, light-sleeps until a button and spends the waking
press."""

import os
import sys

ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT_DIR, "host_sim"))  # framebuf, micropython for CPython

import boards  # noqa: E402
from app.kit import buttons as L  # noqa: E402
from app.kit.clock import VirtualClock  # noqa: E402
from hw import buttons, power, start  # noqa: E402

CFG = boards.load("pimoroni_pico_display")["buttons"]


class Pin:
    """An input pin (active low) whose edges call the handler it was given."""

    def __init__(self):
        self.level = 1
        self.handler = None

    def value(self):
        return self.level

    def set(self, level):
        if level != self.level:
            self.level = level
            if self.handler is not None:
                self.handler(self)


class Clock(VirtualClock):
    """A virtual clock that runs ``events`` [(ms, fn)] as time passes them,
    and counts its sleeps."""

    def __init__(self):
        super().__init__()
        self.events = []
        self.sleeps = 0

    def sleep_ms(self, ms):
        self.sleeps += 1
        end = self.now + max(0, ms)
        while self.events and self.events[0][0] <= end:
            t, fn = self.events.pop(0)
            self.now = max(self.now, t)
            fn()
        self.now = end


def rig():
    clock = Clock()
    pins = {name: Pin() for name in CFG["pins"]}
    keys = buttons.Buttons(pins, CFG, clock)
    for i, k in enumerate(keys.keys):
        k.pin.handler = keys.edge_handler(i)
    keys.edges = True
    return clock, pins, keys


class Counted:
    """``keys`` with its polls counted."""

    def __init__(self, keys):
        self.keys = keys
        self.polls = 0

    def poll(self):
        self.polls += 1
        self.keys.poll()

    def __getattr__(self, name):
        return getattr(self.keys, name)


def test_an_idle_wait_samples_nothing_and_sleeps_in_debounce_slices():
    clock, pins, keys = rig()
    counted = Counted(keys)
    assert not start.wait_keys(counted, clock, 10000)
    assert clock.now == 10000
    assert counted.polls == 1  # once on the way in; never while nothing came
    assert clock.sleeps == 10000 // keys.debounce_ms


def test_bytes_on_the_link_end_the_wait_at_once():
    # The link's wait (hw.link_uart: select.poll on the UART) ends when
    # bytes arrive; the run loop then steps the app to read them, rather
    # than at the end of a debounce slice or the app's deadline.
    arrive = 1013
    frames = []  # when bytes arrive; read by the app once the wait ends

    def link(ms):
        if not frames or clock.now + ms < frames[0]:
            clock.sleep_ms(ms)
            return False
        clock.sleep_ms(frames.pop(0) - clock.now)
        return True

    clock, pins, keys = rig()
    frames.append(arrive)
    assert not start.wait_keys(keys, clock, 60000, link)
    assert clock.now == arrive
    # A press being judged meanwhile is judged on time all the same.
    clock, pins, keys = rig()
    clock.events = [(1000, lambda p=pins["A"]: p.set(0))]
    frames.append(arrive)
    assert not start.wait_keys(keys, clock, 60000, link)
    assert clock.now == arrive
    assert start.wait_keys(keys, clock, 60000, link)
    assert clock.now == 1000 + keys.debounce_ms and keys.get() == L.A


def test_a_press_is_judged_when_its_debounce_time_is_over():
    for at in (1000, 1013, 1019):  # at odd moments of the wait's slices
        clock, pins, keys = rig()
        clock.events = [(at, lambda p=pins["A"]: p.set(0))]
        assert start.wait_keys(keys, clock, 60000)
        assert clock.now == at + keys.debounce_ms  # exactly then, not later
        assert keys.get() == L.A


class Display:
    def __init__(self):
        self.log = []

    def backlight(self, p):
        self.log.append(("backlight", p))

    def sleep(self, on):
        self.log.append(("sleep", on))


class Machine:
    """``lightsleep`` advances the clock to a press at ``press_at`` (its
    edge wakes the sleep) or by the whole nap."""

    def __init__(self, clock, pin, press_at, release_after=100):
        self.clock = clock
        self.pin = pin
        self.press_at = press_at
        self.release_after = release_after
        self.irq_off = 0

    def disable_irq(self):
        self.irq_off += 1
        return 7

    def enable_irq(self, state):
        assert state == 7
        self.irq_off -= 1

    def lightsleep(self, ms):
        assert self.irq_off == 1, "the look and the sleep run with interrupts off"
        c = self.clock
        if c.now + ms < self.press_at:
            c.now += ms
            return
        c.now = self.press_at
        self.pin.set(0)  # its edge ends the sleep
        c.events = [(self.press_at + self.release_after, lambda: self.pin.set(1))]


def test_sleep_until_a_press_then_the_press_does_nothing():
    for hold in (30, 100, 700):  # a tap, a press, one held past the long-press time
        clock, pins, keys = rig()
        d = Display()
        m = Machine(clock, pins["A"], press_at=3 * power.NAP_MS + 1234, release_after=hold)
        naps = power.Sleeper(d, keys, m).sleep()
        assert naps == 4  # three timer wakes slept through, then the press
        assert clock.now == m.press_at
        assert d.log == [("backlight", 0), ("sleep", True), ("sleep", False)]
        # The waking press emits nothing, held or let go.
        clock.sleep_ms(hold + 1000)
        assert keys.get() == L.NONE
        # The next press acts.
        clock.events = [(clock.now + 10, lambda p=pins["A"]: p.set(0))]
        assert start.wait_keys(keys, clock, 1000)
        assert keys.get() == L.A


def test_a_button_down_when_sleep_begins_wakes_it_at_once():
    clock, pins, keys = rig()
    pins["X"].level = 0  # down, its edge not yet seen
    m = Machine(clock, pins["A"], press_at=10 ** 9)
    assert power.Sleeper(Display(), keys, m).sleep() == 0


def test_the_run_loop_sleeps_after_the_setting_and_wakes_with_the_backlight():
    clock, pins, keys = rig()
    d = Display()

    class Idle:
        sleep = 60
        dim = 15
        light = 100
        steps = 0

        def step(self):
            Idle.steps += 1

        def idle(self):
            return True

        def next_deadline(self):
            return None

    m = Machine(clock, pins["A"], press_at=100000)
    sleeper = power.Sleeper(d, keys, m)
    start.run_app(Idle(), keys, clock, steps=4, display=d, sleeper=sleeper)
    # Full light, dimmed at 15 s, off and asleep at 60 s, woken at 100 s.
    assert d.log == [("backlight", 100), ("backlight", start.DIM_PCT), ("backlight", 0),
                     ("sleep", True), ("sleep", False), ("backlight", 100)]
    assert Idle.steps == 3  # the step at the sleep time is the sleep itself
