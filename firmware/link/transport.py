"""The byte transport a link session is handed, and the pump between them.

A transport has ``readinto(buf)``: copies the bytes that have arrived into
``buf`` and returns how many (0 when none; it never waits), and
``write(data)``: sends all of ``data``. UART (``hw.link_uart``), TCP and
serial (``host_sim.link_transports``) provide them; the session never knows which.
"""


class Pump:
    """Moves bytes between ``session`` and ``transport`` through one
    preallocated buffer of ``size`` bytes."""

    def __init__(self, session, transport, size=256):
        self.session = session
        self.transport = transport
        self.buf = bytearray(size)
        self.view = memoryview(self.buf)

    def run(self):
        """Read what has arrived, let the session answer and run its timers,
        send what it has; return the milliseconds until it is due again (the
        caller sleeps until then or until bytes arrive)."""
        self.receive()
        return self.send()

    def receive(self):
        """Hand the session what has arrived (its answers wait for ``send``)."""
        t = self.transport
        s = self.session
        n = t.readinto(self.buf)
        while n:
            s.receive(self.view[:n])
            if n < len(self.buf):
                break
            n = t.readinto(self.buf)

    def send(self):
        """Run the session's timers and send what it has; the milliseconds
        until it is due again."""
        s = self.session
        out = s.outgoing()
        if len(out):
            self.transport.write(out)
        return s.due_ms()
