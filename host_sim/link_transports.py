"""Link transports on a desktop (docs/link.md): TCP between two simulators,
and pyserial for a USB-serial adapter on a console's UART.

Both give ``link.session`` what ``link.transport`` asks: ``readinto(buf)``
returns at once with the bytes that have arrived (0 when none) and
``write(data)`` sends them all. A closed connection reads as no bytes: the
session then reports the link lost after its timeout, as a pulled cable.
"""

import socket


class TcpLink:
    """A connected TCP socket, made non-blocking."""

    def __init__(self, sock):
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock
        self.closed = False

    def readinto(self, buf):
        if self.closed:
            return 0
        try:
            n = self.sock.recv_into(buf)
        except (BlockingIOError, InterruptedError):
            return 0
        except OSError:
            n = 0
        if n == 0:
            self.closed = True
        return n

    def write(self, data):
        if self.closed:
            return
        try:
            self.sock.setblocking(True)
            self.sock.sendall(data)
        except OSError:
            self.closed = True
        finally:
            if not self.closed:
                self.sock.setblocking(False)

    def close(self):
        self.closed = True
        self.sock.close()


def listen(port, host="", timeout=None):
    """Wait for one simulator to connect on ``port``; its TcpLink.
    OSError when the port is taken, TimeoutError after ``timeout`` seconds."""
    with socket.create_server((host, port)) as server:
        server.settimeout(timeout)
        sock, _ = server.accept()
    return TcpLink(sock)


def connect(host, port, timeout=10):
    """Connect to a simulator listening on ``host``:``port``; its TcpLink.
    OSError saying why when nobody listens there."""
    return TcpLink(socket.create_connection((host, port), timeout=timeout))


def loopback_pair():
    """Two TcpLinks joined over 127.0.0.1 on a free port (tests, demos)."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        a = socket.create_connection(server.getsockname(), timeout=5)
        server.settimeout(5)
        b, _ = server.accept()
    return TcpLink(a), TcpLink(b)


class SerialLink:
    """A serial port opened with pyserial: ``device`` is a path such as
    /dev/ttyUSB0 or COM3, or a pyserial URL (``loop://`` for tests)."""

    def __init__(self, device, baud=115200):
        import serial

        try:
            self.port = serial.serial_for_url(device, baudrate=baud, timeout=0)
        except (serial.SerialException, ValueError) as e:
            raise OSError("cannot open %s: %s" % (device, e))

    def readinto(self, buf):
        n = min(self.port.in_waiting, len(buf))
        if not n:
            return 0
        data = self.port.read(n)
        buf[: len(data)] = data
        return len(data)

    def write(self, data):
        self.port.write(data)

    def close(self):
        self.port.close()


def parse(spec):
    """The transport a ``--link`` value names: ``listen:PORT``,
    ``connect:HOST:PORT`` or ``serial:DEVICE``, as (kind, args). ValueError
    saying what is expected otherwise."""
    kind, _, rest = spec.partition(":")
    try:
        if kind == "listen":
            return kind, (int(rest),)
        if kind == "connect":
            host, _, port = rest.rpartition(":")
            if host:
                return kind, (host, int(port))
        if kind == "serial" and rest:
            return kind, (rest,)
    except ValueError:
        pass
    raise ValueError("--link wants listen:PORT, connect:HOST:PORT or serial:DEVICE, not %r"
                     % spec)


def open_link(spec, timeout=None):
    """Open the transport ``spec`` names (see ``parse``)."""
    kind, args = parse(spec)
    if kind == "listen":
        return listen(args[0], timeout=timeout)
    if kind == "connect":
        return connect(*args)
    return SerialLink(args[0])
