"""The link's transports: TCP between simulators (a whole game over
127.0.0.1), pyserial (a console wired to itself is refused in words), the
``--link`` spec, and the UART of firmware/hw on the fake ``machine``."""

import time

import pytest
from linksim import entropy_from

import boards
from app.kit.clock import VirtualClock
from host_sim import link_transports as hl
from hw import link_uart
from hw_fakes import machine
from link import rules
from link import session as ls
from link.transport import Pump
from players import levels

CB = rules.text("clubbed", {"refill": True})


def drive(ends, clock, until, wall_s=60):
    """Pump both ends, advancing the virtual clock 5 ms a round, until
    ``until()`` or ``wall_s`` seconds of real time; each session's events
    go to its list ``seen``."""
    stop = time.monotonic() + wall_s
    while time.monotonic() < stop:
        for s, pump, player in ends:
            pump.run()
            e = s.next_event()
            while e:
                s.seen = getattr(s, "seen", []) + [e]
                e = s.next_event()
            g = s.game
            if player and s.state == ls.PLAY and s.connected and g.current_player in s.seats:
                seat = g.current_player
                s.play(player.choose(g.observation(seat), g.legal_actions()))
        if until():
            return True
        clock.now += 5
        time.sleep(0.0005)
    return False


def test_whole_game_over_tcp_on_loopback():
    a, b = hl.loopback_pair()
    try:
        clock = VirtualClock()
        ends = []
        for role, port, seed in ((ls.HOST, a, 5), (ls.GUEST, b, 6)):
            s = ls.Session(clock, role, CB, entropy_from(seed))
            ends.append((s, Pump(s, port), levels.make("clubbed", 0, seed)))
        h, g = ends[0][0], ends[1][0]
        assert drive(ends, clock, lambda: h.game and g.game and h.game.is_over() and
                     g.game.is_over() and h.peer_has == h.count and g.peer_has == g.count)
        assert h.moves() == g.moves() and bytes(h.hash) == bytes(g.hash)
    finally:
        a.close()
        b.close()


def test_a_closed_connection_is_a_lost_link():
    a, b = hl.loopback_pair()
    clock = VirtualClock()
    s = ls.Session(clock, ls.HOST, CB, entropy_from(1))
    t = ls.Session(clock, ls.GUEST, CB, entropy_from(2))
    ends = [(s, Pump(s, a), None), (t, Pump(t, b), None)]
    assert drive(ends, clock, lambda: s.game is not None and t.game is not None)
    b.close()
    assert drive(ends[:1], clock, lambda: not s.connected, wall_s=20)
    assert clock.now >= ls.LOST_MS
    assert s.seen[-1] == (ls.EV_LOST, ls.LOST, None)
    assert a.closed and s.game is not None
    a.close()


def test_serial_wired_to_itself_is_refused_in_words():
    port = hl.SerialLink("loop://")
    clock = VirtualClock()
    s = ls.Session(clock, ls.HOST, CB, entropy_from(1))
    assert drive([(s, Pump(s, port), None)], clock, lambda: s.state == ls.STOPPED, wall_s=20)
    assert s.seen == [(ls.EV_REFUSED, "Both consoles are hosting: one must join", None)]
    port.close()


def test_serial_device_that_is_not_there():
    with pytest.raises(OSError, match="cannot open /dev/no-such-tty"):
        hl.SerialLink("/dev/no-such-tty")


def test_a_serial_port_that_goes_away_is_a_lost_link_and_opened_again(monkeypatch):
    # A USB-serial adapter pulled out: the port raises EIO. That is a cable
    # pulled, not a traceback: nothing arrives, writes go nowhere, and the
    # device is opened again every half second until it is back.
    import os
    import pty

    import serial

    m, s = pty.openpty()
    link = hl.SerialLink(os.ttyname(s))
    os.write(m, b"ab")
    time.sleep(0.05)
    buf = bytearray(8)
    assert link.readinto(buf) == 2 and buf[:2] == b"ab"
    os.close(m)  # pulled out
    os.close(s)
    link.wait(20)
    assert link.readinto(buf) == 0
    link.write(b"lost")
    link.wait(20)
    real = serial.serial_for_url
    # The adapter back (here as a loop: what is written comes back).
    monkeypatch.setattr(serial, "serial_for_url", lambda url, **kw: real("loop://", **kw))
    time.sleep(0.55)
    assert link.readinto(buf) == 0  # opened again: a loop:// port in its place
    link.write(b"back")
    time.sleep(0.05)
    assert link.readinto(buf) == 4 and buf[:4] == b"back"
    link.close()


@pytest.mark.parametrize("spec, want", [
    ("listen:7000", ("listen", (7000,))),
    ("connect:192.168.1.4:7000", ("connect", ("192.168.1.4", 7000))),
    ("serial:/dev/ttyUSB0", ("serial", ("/dev/ttyUSB0",))),
    ("listen:0", ("listen", (0,))),  # any free port, said when it is taken
])
def test_link_specs(spec, want):
    assert hl.parse(spec) == want


@pytest.mark.parametrize("spec", ["", "listen:", "listen:x", "connect:7000", "serial:", "tcp:1",
                                  "listen:99999", "listen:-1", "connect:h:65536", "connect:h:0"])
def test_bad_link_specs_say_what_is_expected(spec):
    with pytest.raises(ValueError, match=r"listen:PORT \(0 to 65535, 0: any free one\), "
                                         r"connect:HOST:PORT \(a PORT from 1 "):
        hl.parse(spec)


@pytest.mark.parametrize("name", boards.names())
def test_uart_link_on_the_board_pins(name):
    machine.reset()
    cfg = boards.load(name)["link"]
    link = link_uart.from_board(cfg, machine)
    assert machine.bus.events[0] == ("uart_init", cfg["uart"], cfg["baud"], cfg["tx"],
                                     cfg["rx"], link_uart.RXBUF)
    buf = bytearray(8)
    assert link.readinto(buf) == 0
    machine.bus.uart_rx[cfg["uart"]].extend(b"\x7e0123456789")
    assert link.readinto(buf) == 8 and bytes(buf) == b"\x7e0123456"
    assert link.readinto(buf) == 3 and bytes(buf[:3]) == b"789"
    link.write(b"abc")
    assert machine.bus.events[-1] == ("uart", cfg["uart"], b"abc")
    assert link_uart.from_board(None, machine) is None
    assert not hasattr(link, "wait")  # no select.poll for the stand-in UART


def test_uart_link_waits_on_the_uart_with_select_poll():
    # On the Pico: select.poll on the UART, so the run loop sleeps until
    # bytes arrive (hw.start.wait_keys); ``ipoll`` says whether they did.
    machine.reset()

    class Poll:
        def __init__(self):
            self.on = None
            self.waits = []

        def register(self, obj, mask):
            self.on = (obj, mask)

        def ipoll(self, ms):
            self.waits.append(ms)
            uart = self.on[0]
            return iter([(uart, 1)] if uart.any() else [])

    class Select:
        POLLIN = 1

        def __init__(self):
            self.polls = []

        def poll(self):
            self.polls.append(Poll())
            return self.polls[-1]

    sel = Select()
    cfg = boards.load("pimoroni_pico_display")["link"]
    link = link_uart.from_board(cfg, machine, sel)
    poll = sel.polls[0]
    assert poll.on == (link.uart, Select.POLLIN)
    assert link.wait(20) is False and poll.waits == [20]
    machine.bus.uart_rx[cfg["uart"]].extend(b"\x7e01")
    assert link.wait(20) is True
