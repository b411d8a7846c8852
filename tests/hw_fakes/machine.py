"""A stand-in for MicroPython's ``machine`` that records all output.

Every output pin level, SPI byte string, PWM duty and I2C write goes into one
ordered list, ``bus.events``, so a test can replay the wire: which bytes went
out while CS was low and DC high, in what order, with which pin levels.
Input pins read ``bus.inputs[gpio]`` (default: the idle level of their pull);
``set_input(gpio, level)`` changes one and runs the pin's ``irq`` handler
if the edge is one it asked for (as the rp2 port's GPIO interrupt would).
Plain Python, so it runs on CPython and MicroPython (tests load it into the
WebAssembly port as ``machine``).

Events: ("freq", cpu_hz, peripheral_hz) (``freq(cpu, peri)``; ``freq()``
reads ``bus.cpu_hz``), ("pin", gpio, level), ("spi_init", id, baudrate, polarity, phase,
sck, mosi, miso), ("spi", id, bytes), ("pwm", gpio, duty_u16),
("i2c_init", id, scl, sda, freq), ("i2c", addr, bytes). I2C devices answer
at ``bus.i2c_devices`` (default [0x3C]); a write to another address raises
OSError(5) as on the rp2 port.
"""


class _Bus:
    def __init__(self):
        self.events = []
        self.inputs = {}
        self.i2c_devices = [0x3C]  # addresses that answer (I2C.scan, writes)
        self.cpu_hz = 125000000
        self.irqs = {}  # gpio: (pin, handler, trigger)
        self.uart_rx = {}  # uart id: bytearray of bytes waiting to be read


bus = _Bus()


def reset():
    """Forget all events and input levels."""
    bus.events = []
    bus.inputs = {}
    bus.i2c_devices = [0x3C]
    bus.cpu_hz = 125000000
    bus.irqs = {}
    bus.uart_rx = {}


def set_input(gpio, level):
    """Drive input ``gpio`` to ``level`` (0/1); a falling or rising edge runs
    the handler its Pin.irq asked for it."""
    old = bus.inputs.get(gpio)
    bus.inputs[gpio] = level
    entry = bus.irqs.get(gpio)
    if entry is None:
        return
    pin, handler, trigger = entry
    if old is None:
        old = 1 if pin.pull == Pin.PULL_UP else 0
    if (old and not level and trigger & Pin.IRQ_FALLING) or (
            level and not old and trigger & Pin.IRQ_RISING):
        handler(pin)


def freq(cpu=None, peripheral=None):
    """The CPU clock (``freq()``), or set it and the peripheral clock, which
    must be 48 MHz or the CPU's (as the rp2 port says)."""
    if cpu is None:
        return bus.cpu_hz
    if peripheral is not None and peripheral not in (48000000, cpu):
        raise ValueError("peripheral freq must be 48_000_000 or the same as the MCU freq")
    bus.cpu_hz = cpu
    bus.events.append(("freq", cpu, peripheral))
    return None


def _gpio(pin):
    return pin.id if isinstance(pin, Pin) else pin


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self.level = 0
        if value is not None:
            self.value(value)

    def init(self, mode=-1, pull=-1, value=None):
        self.mode = mode
        self.pull = pull
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.IN:
                idle = 1 if self.pull == Pin.PULL_UP else 0
                return bus.inputs.get(self.id, idle)
            return self.level
        self.level = 1 if v else 0
        bus.events.append(("pin", self.id, self.level))
        return None

    def __call__(self, v=None):
        return self.value(v)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        if handler is None:
            bus.irqs.pop(self.id, None)
        else:
            bus.irqs[self.id] = (self, handler, trigger)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class SPI:
    MSB = 0

    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        self.id = id
        bus.events.append(("spi_init", id, baudrate, polarity, phase, _gpio(sck), _gpio(mosi),
                           None if miso is None else _gpio(miso)))

    def write(self, buf):
        bus.events.append(("spi", self.id, bytes(buf)))


class PWM:
    def __init__(self, pin, freq=None, duty_u16=None):
        self.pin = pin
        self._freq = freq or 0
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        return None

    def duty_u16(self, d=None):
        if d is None:
            return 0
        bus.events.append(("pwm", self.pin.id, d))
        return None


class ADC:
    """An ADC input reading a plain Pico's VSYS/3 on USB power (4.7 V):
    the battery gauge then shows no level, and the wire is the same as a
    board without one."""

    def __init__(self, pin):
        self.pin = pin

    def read_u16(self):
        return 4700 // 3 * 65535 // 3300


class I2C:
    def __init__(self, id, scl=None, sda=None, freq=400000):
        self.id = id
        bus.events.append(("i2c_init", id, _gpio(scl), _gpio(sda), freq))

    def writeto(self, addr, buf, stop=True):
        _ack(addr)
        bus.events.append(("i2c", addr, bytes(buf)))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        _ack(addr)
        data = b"".join(bytes(b) for b in vector)
        bus.events.append(("i2c", addr, data))
        return len(data)

    def scan(self):
        return list(bus.i2c_devices)


def _ack(addr):
    # rp2's machine.I2C raises OSError(EIO) when no device acknowledges.
    if addr not in bus.i2c_devices:
        raise OSError(5)


class UART:
    """Writes go to ``bus.events`` as ("uart", id, bytes); reads take what a
    test put in ``bus.uart_rx[id]`` (a bytearray)."""

    def __init__(self, id, baudrate=115200, tx=None, rx=None, timeout=0, rxbuf=256):
        self.id = id
        bus.events.append(("uart_init", id, baudrate, _gpio(tx), _gpio(rx), rxbuf))
        bus.uart_rx.setdefault(id, bytearray())

    def any(self):
        return len(bus.uart_rx[self.id])

    def readinto(self, buf, nbytes=None):
        rx = bus.uart_rx[self.id]
        n = min(len(buf) if nbytes is None else nbytes, len(rx))
        if not n:
            return None  # rp2: nothing before the timeout
        buf[:n] = rx[:n]
        del rx[:n]
        return n

    def write(self, buf):
        bus.events.append(("uart", self.id, bytes(buf)))
        return len(buf)
