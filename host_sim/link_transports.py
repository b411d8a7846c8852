"""Link transports on a desktop (docs/link.md): TCP between two simulators,
and pyserial for a USB-serial adapter on a console's UART.

Both give ``link.session`` what ``link.transport`` asks: ``readinto(buf)``
returns at once with the bytes that have arrived (0 when none) and
``write(data)`` sends them all. A closed connection reads as no bytes: the
session then reports the link lost after its timeout, as a pulled cable.
"""

import select
import socket
import time


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


class Redial:
    """A TCP link that comes back after a cut, as a cable plugged in again:
    the listening side (``server``, a listening socket) accepts the next
    connection, the connecting side dials ``host``:``port`` again, every
    ``RETRY_S`` seconds, never blocking the caller for long."""

    RETRY_S = 0.5

    def __init__(self, server=None, host=None, port=None):
        self.server = server
        self.host = host
        self.port_ = port
        self.link = None
        self.retry_at = 0.0
        if server is not None:
            server.setblocking(False)

    def _up(self):
        if self.link is not None and not self.link.closed:
            return True
        now = time.monotonic()
        if now < self.retry_at:
            return False
        self.retry_at = now + self.RETRY_S
        try:
            if self.server is not None:
                sock, _ = self.server.accept()
            else:
                sock = socket.create_connection((self.host, self.port_), timeout=self.RETRY_S)
        except OSError:  # nobody there yet (BlockingIOError, refused, timed out)
            return False
        if self.link is not None:
            self.link.sock.close()
        self.link = TcpLink(sock)
        return True

    def readinto(self, buf):
        return self.link.readinto(buf) if self._up() else 0

    def write(self, data):
        if self._up():
            self.link.write(data)

    def port(self):
        """The port listened on (the one the system chose for ``listen:0``),
        or the one dialled."""
        return self.server.getsockname()[1] if self.server is not None else self.port_

    def wait(self, ms):
        """Sleep up to ``ms`` milliseconds, less when bytes (or a caller) arrive."""
        up = self.link is not None and not self.link.closed
        socks = [self.link.sock] if up else ([self.server] if self.server is not None else [])
        t = max(0, ms) / 1000
        if not up:
            t = min(t, self.RETRY_S)
        if socks:
            select.select(socks, [], [], t)
        else:
            time.sleep(t)

    def close(self):
        if self.link is not None:
            self.link.close()
        if self.server is not None:
            self.server.close()


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
    /dev/ttyUSB0 or COM3, or a pyserial URL (``loop://`` for tests). A port
    that fails once open (a USB adapter pulled out) is a pulled cable:
    nothing arrives and writes go nowhere while the device is opened again
    every half second, as a cut TCP link is dialled again."""

    def __init__(self, device, baud=115200):
        self.device = device
        self.baud = baud
        self.retry_at = 0.0
        self.port = self._open()

    def _open(self):
        import serial

        try:
            return serial.serial_for_url(self.device, baudrate=self.baud, timeout=0)
        except (serial.SerialException, ValueError) as e:
            raise OSError("cannot open %s: %s" % (self.device, e))

    def _port(self):
        # The open port, or None while it is gone and not due to be tried.
        if self.port is None and time.monotonic() >= self.retry_at:
            try:
                self.port = self._open()
            except OSError:
                self.retry_at = time.monotonic() + 0.5
        return self.port

    def _gone(self):
        try:
            self.port.close()
        except OSError:
            pass
        self.port = None
        self.retry_at = time.monotonic() + 0.5

    def _waiting(self):
        p = self._port()
        if p is None:
            return 0
        try:
            return p.in_waiting
        except OSError:  # pyserial's SerialException is one
            self._gone()
            return 0

    def readinto(self, buf):
        n = min(self._waiting(), len(buf))
        if not n:
            return 0
        try:
            data = self.port.read(n)
        except OSError:
            self._gone()
            return 0
        buf[: len(data)] = data
        return len(data)

    def write(self, data):
        p = self._port()
        if p is not None:
            try:
                p.write(data)
            except OSError:
                self._gone()

    def wait(self, ms):
        """Sleep up to ``ms`` milliseconds, less when bytes arrive."""
        end = time.monotonic() + max(0, ms) / 1000
        while not self._waiting() and time.monotonic() < end:
            time.sleep(0.002)  # pyserial has no portable wait for bytes

    def close(self):
        if self.port is not None:
            self.port.close()


def parse(spec):
    """The transport a ``--link`` value names: ``listen:PORT`` (0: any free
    port), ``connect:HOST:PORT`` or ``serial:DEVICE``, as (kind, args).
    ValueError saying what is expected otherwise."""
    kind, _, rest = spec.partition(":")
    try:
        if kind == "listen" and 0 <= int(rest) <= 65535:  # 0: the system picks
            return kind, (int(rest),)
        if kind == "connect":
            host, _, port = rest.rpartition(":")
            if host and 1 <= int(port) <= 65535:
                return kind, (host, int(port))
        if kind == "serial" and rest:
            return kind, (rest,)
    except ValueError:
        pass
    raise ValueError("--link wants listen:PORT (0 to 65535, 0: any free one), connect:HOST:PORT "
                     "(a PORT from 1 to 65535) "
                     "or serial:DEVICE, not %r" % spec)


def open_link(spec, timeout=None):
    """Open the transport ``spec`` names (see ``parse``), once."""
    kind, args = parse(spec)
    if kind == "listen":
        return listen(args[0], timeout=timeout)
    if kind == "connect":
        return connect(*args)
    return SerialLink(args[0])


def open_redial(spec):
    """The transport ``spec`` names, coming back after a cut (``Redial``
    for TCP; a serial port stays open across a pulled cable anyway).
    OSError saying why when the port cannot be listened on or opened."""
    kind, args = parse(spec)
    if kind == "listen":
        return Redial(server=socket.create_server(("", args[0])))
    if kind == "connect":
        return Redial(host=args[0], port=args[1])
    return SerialLink(args[0])
