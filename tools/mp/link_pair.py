"""Two link sessions play a whole game over an in-memory line that loses
every seventh write, Easy computer players on both ends: prints the seed,
the moves and the state hashes, for tests/test_link_protocol.py to compare
between CPython and MicroPython.

    python tools/mp/link_pair.py [clubbed|klaberjass]   (firmware/ on the path)
    node tools/mp/mp_run.mjs tools/mp/link_pair.py clubbed
"""

import sys

from app.kit.clock import VirtualClock
from cardgames.rng import Rng
from link import rules
from link import session as ls
from link.transport import Pump
from players import levels


class Line:
    """Bytes written arrive at the next read, except every seventh write."""

    def __init__(self):
        self.data = bytearray()
        self.writes = 0

    def write(self, data):
        self.writes += 1
        if self.writes % 7:
            self.data.extend(data)

    def reader(self):
        line = self

        class Reader:
            def readinto(self, buf):
                n = min(len(buf), len(line.data))
                buf[:n] = line.data[:n]
                line.data = line.data[n:]
                return n

        return Reader()


class Port:
    def __init__(self, rx, tx):
        self.rx = rx.reader()
        self.tx = tx

    def readinto(self, buf):
        return self.rx.readinto(buf)

    def write(self, data):
        self.tx.write(data)


def entropy_from(seed):
    rng = Rng(seed)
    return lambda n: bytes([rng.below(256) for _ in range(n)])


def main(game):
    opts = {"refill": True} if game == "clubbed" else {"classic": False}
    text = rules.text(game, opts)
    clock = VirtualClock()
    ab = Line()
    ba = Line()
    ends = []
    for role, rx, tx, seed in ((ls.HOST, ba, ab, 3), (ls.GUEST, ab, ba, 4)):
        s = ls.Session(clock, role, text, entropy_from(seed))
        ends.append((s, Pump(s, Port(rx, tx), 64), levels.make(game, 0, seed)))
    h = ends[0][0]
    g = ends[1][0]
    while clock.now < 3600000:
        for s, pump, player in ends:
            pump.run()
            while s.next_event():
                pass
            if s.state == ls.PLAY and s.connected and s.game.current_player in s.seats:
                seat = s.game.current_player
                s.play(player.choose(s.game.observation(seat), s.game.legal_actions()))
        if h.game and g.game and h.game.is_over() and g.game.is_over() and \
                h.peer_has == h.count and g.peer_has == g.count:
            break
        clock.now += 5
    print("seed", h.seed, g.seed)
    print("moves", h.count, g.count, h.moves() == g.moves())
    print("list", " ".join(str(a) for a in h.moves()))
    print("hash", bytes(h.hash).hex(), bytes(g.hash).hex())
    print("over", h.game.is_over(), g.game.is_over(), "ms", clock.now)


main(sys.argv[1] if len(sys.argv) > 1 else "clubbed")
