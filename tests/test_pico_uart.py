"""The emulated Pico's UART (tools/pico/pl011.mjs, a PL011 in place of
rp2040js's): MicroPython's ``machine.UART`` on two chips in one emulator
process, UART0 crossed as the link cable wires it, and UART1 of the first
wired to itself. Under rp2040js's own UART a ``write`` never returns (its
transmit interrupt never falls); here every character takes its bits' time
at the programmed rate, the FIFOs hold 32, a full receive FIFO loses
characters (overrun), and a few characters below the receive level still
arrive through the receive timeout."""

import device
import pytest

from tools.pico import harness

pytestmark = device.needs_kit

BAUD = 115200
# MicroPython sets the divider from the 48 MHz clk_peri: 115,177 baud.
BIT_US = 1e6 / 115177
UART0 = 0x40034000
FR, RSR = 0x18, 0x04
TXFE, TXFF, BUSY, RXFE = 0x80, 0x20, 0x08, 0x10
OVERRUN = 1 << 3  # RSR.OE (MicroPython's interrupt handler clears RIS's)

OPEN0 = "from machine import UART, Pin, mem32\nimport time\n" \
        "u = UART(0, %d, tx=Pin(0), rx=Pin(1), timeout=0, rxbuf=%%d)\n" % BAUD


@pytest.fixture(scope="module")
def chips():
    a, b = harness.pair(device.KIT, (None, None))
    try:
        yield a, b
    finally:
        a.close()


def test_write_takes_each_bit_its_time_and_arrives_whole(chips):
    a, b = chips
    b.exec(OPEN0 % 256)
    out = a.exec(OPEN0 % 256 + """
data = bytes(range(48, 48 + 40))
t = time.ticks_us()
u.write(data)
fr = mem32[0x%x]
while not u.txdone():
    pass
print(time.ticks_diff(time.ticks_us(), t), fr)
""" % (UART0 + FR), timeout_ms=3000)
    us, fr = (int(x) for x in out.split())
    # Right after the write: the FIFO full (32 of 40, one in the shift
    # register, the rest in MicroPython's buffer) and the UART busy.
    assert fr & TXFF and fr & BUSY and not fr & TXFE
    want = 40 * 10 * BIT_US
    assert want <= us < want * 1.05, (us, want)
    got = b.exec("print(u.any(), u.read())")
    assert got.strip().split(None, 1) == ["40", repr(bytes(range(48, 88)))]
    fr = int(a.exec("print(mem32[0x%x])" % (UART0 + FR)))
    assert fr & TXFE and not fr & BUSY


def test_a_few_characters_arrive_through_the_receive_timeout(chips):
    a, b = chips
    b.exec(OPEN0 % 256)
    a.exec(OPEN0 % 256 + "u.write(b'abc')\ntime.sleep_ms(5)")
    # Three characters are under the receive level (4): only the timeout's
    # interrupt (32 bit periods after the last) moves them out of the FIFO.
    out = b.exec("print(mem32[0x%x] & %d, u.any(), u.read())" % (UART0 + FR, RXFE))
    assert out.split() == [str(RXFE), "3", "b'abc'"]


def test_a_full_receive_fifo_loses_characters(chips):
    a, b = chips
    b.exec(OPEN0 % 32)
    before = b.uart_stats(0)
    a.exec(OPEN0 % 32 + "u.write(bytes(100))\nwhile not u.txdone():\n    pass")
    out = b.exec("print(len(u.read() or b''), mem32[0x%x] & %d)" % (UART0 + RSR, OVERRUN))
    got, overrun = (int(x) for x in out.split())
    lost = b.uart_stats(0)["lost"] - before["lost"]
    # MicroPython's 32-byte buffer and the 32-entry FIFO hold what they can.
    assert 32 <= got < 100 and got + lost == 100
    assert overrun


def test_a_uart_wired_to_itself_and_a_cut_wire(chips):
    a, b = chips
    a.wire_uart(1, a, 1)
    out = a.exec("""from machine import UART, Pin
import time
v = UART(1, 9600, tx=Pin(4), rx=Pin(5), timeout=0)
t = time.ticks_us()
v.write(b'loop')
while not v.txdone():
    pass
d = time.ticks_diff(time.ticks_us(), t)
time.sleep_ms(5)
print(d, v.read())""", timeout_ms=3000)
    us, data = out.split()
    want = 4 * 10 * 1e6 / 9600
    assert want <= int(us) < want * 1.05 and data == "b'loop'"
    a.wire_uart(0, b, 0, on=False)
    b.exec(OPEN0 % 256)
    a.exec("u.write(b'gone')\ntime.sleep_ms(5)")
    assert b.exec("print(u.any())").strip() == "0"
    a.wire_uart(0, b, 0)
    a.exec("u.write(b'back')\ntime.sleep_ms(5)")
    assert b.exec("print(u.read())").strip() == "b'back'"
