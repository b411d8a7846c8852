"""Two link sessions on one virtual clock, joined by an in-memory line that
can drop, duplicate, corrupt, delay (and so reorder) frames, cut the line,
or add garbage: the harness of tests/test_link_protocol.py, and of
tools/mp/link_pair.py, so it runs under MicroPython too.

Each end runs its own game (``session.game``) and, with ``level`` set, a
computer player of that level deciding from ``observation(seat)`` only.
"""

from app.kit.clock import VirtualClock
from cardgames.rng import Rng
from link import session as ls
from link.frame import FLAG
from link.transport import Pump
from players import levels

_FLAG = bytes((FLAG,))
STEP_MS = 5
LATENCY_MS = 5

# Faults, one per frame, in the order a schedule lists them.
OK = 0
DROP = 1
DUP = 2
CORRUPT = 3
DELAY = 4  # held back 300 ms: later frames overtake it
GARBAGE = 5  # random bytes before the frame
CUT = 6  # this frame and the next CUT_FRAMES - 1 lost: long enough to lose the link
CUT_FRAMES = 30


class Line:
    """One direction of the cable: frames written now arrive LATENCY_MS later,
    unless the fault schedule says otherwise. ``cut`` drops everything."""

    def __init__(self, clock, faults=(), seed=1):
        self.clock = clock
        self.faults = list(faults)
        self.rng = Rng(seed)
        self.queue = []  # (time due, bytes)
        self.cut = False
        self.frames = []  # every frame written, as sent (for tests that read the wire)

    def _fault(self):
        return self.faults.pop(0) if self.faults else OK

    def write(self, data):
        data = bytes(data)
        # Sessions write whole frames, FLAG to FLAG (a bytes needle:
        # MicroPython's index takes no int).
        i = 0
        while i < len(data):
            j = data.index(_FLAG, i + 1) + 1
            self._frame(data[i:j])
            i = j

    def _frame(self, f):
        self.frames.append(f)
        if self.cut:
            return
        now = self.clock.now
        k = self._fault()
        if k == CUT:
            self.faults[:0] = [DROP] * (CUT_FRAMES - 1)
        if k in (DROP, CUT):
            return
        if k == CORRUPT:
            b = bytearray(f)
            b[1 + self.rng.below(len(b) - 2)] ^= 1 << self.rng.below(8)
            f = bytes(b)
        if k == GARBAGE:
            junk = bytes(self.rng.below(256) for _ in range(1 + self.rng.below(12)))
            self.queue.append((now + LATENCY_MS, junk))
        due = now + LATENCY_MS + (300 if k == DELAY else 0)
        self.queue.append((due, f))
        if k == DUP:
            self.queue.append((due + 1, f))

    def readinto(self, buf):
        now = self.clock.now
        n = 0
        while self.queue:
            # Earliest due first; equal times keep their order.
            i = min(range(len(self.queue)), key=lambda k: self.queue[k][0])
            due, data = self.queue[i]
            if due > now or n == len(buf):
                break
            self.queue.pop(i)
            if self.cut:
                continue
            k = min(len(data), len(buf) - n)
            buf[n : n + k] = data[:k]
            n += k
            if k < len(data):  # the rest waits for the next read, first in line
                self.queue.insert(0, (due, data[k:]))
        return n


class Port:
    """A transport: reads one line, writes the other."""

    def __init__(self, rx, tx):
        self.rx = rx
        self.tx = tx

    def readinto(self, buf):
        return self.rx.readinto(buf)

    def write(self, data):
        self.tx.write(data)


def entropy_from(seed):
    rng = Rng(seed)

    def entropy(n):
        return bytes(rng.below(256) for _ in range(n))

    return entropy


class End:
    """One console: its session, its pump, its computer player, its events."""

    def __init__(self, clock, role, rules_text, port, seed, level=0, seats=None, **kw):
        self.session = ls.Session(clock, role, rules_text, entropy_from(seed), seats, **kw)
        self.port = port
        self.pump = Pump(self.session, port, size=64)
        self.level = level
        self.seed = seed
        self.player = None
        self.events = []

    def replace(self, session):
        """The console restarted: a new session on the same port."""
        self.session = session
        self.pump = Pump(session, self.port, size=64)
        self.player = None

    def step(self):
        self.pump.run()
        s = self.session
        while True:
            e = s.next_event()
            if e is None:
                break
            self.events.append(e)
        g = s.game
        if self.level is not None and s.state == ls.PLAY and s.connected and \
                g.current_player in s.seats:
            if self.player is None:
                self.player = levels.make(s.rules.split(";")[0], self.level, self.seed)
            seat = g.current_player
            s.play(self.player.choose(g.observation(seat), g.legal_actions()))
            self.pump.run()

    def kinds(self):
        return [e[0] for e in self.events]


class Pair:
    """Host and guest over two Lines on one VirtualClock."""

    def __init__(self, rules_text, faults_ab=(), faults_ba=(), seeds=(11, 22), level=0,
                 guest_rules=None, host_kw=None, guest_kw=None):
        self.clock = VirtualClock()
        self.ab = Line(self.clock, faults_ab, seed=seeds[0] + 7)
        self.ba = Line(self.clock, faults_ba, seed=seeds[1] + 7)
        self.host = End(self.clock, ls.HOST, rules_text, Port(self.ba, self.ab), seeds[0], level,
                        **(host_kw or {}))
        self.guest = End(self.clock, ls.GUEST, guest_rules or rules_text,
                         Port(self.ab, self.ba), seeds[1], level, **(guest_kw or {}))

    def run(self, ms, until=None):
        """Advance up to ``ms`` of virtual time; stop early once ``until()``."""
        end = self.clock.now + ms
        while self.clock.now < end:
            self.host.step()
            self.guest.step()
            if until is not None and until():
                return True
            self.clock.now += STEP_MS
        return False

    def over(self):
        h = self.host.session
        g = self.guest.session
        return (h.game is not None and g.game is not None and h.game.is_over()
                and g.game.is_over() and h.peer_has == h.count and g.peer_has == g.count)

    def stopped(self):
        return ls.STOPPED in (self.host.session.state, self.guest.session.state)
