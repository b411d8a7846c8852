"""A model of an ST7789 panel fed from the fake ``machine`` event log.

``transactions(events, dc, cs)`` replays the log into (command, data bytes)
pairs, checking CS is low for every SPI write. ``Panel`` applies them to a
240x320 frame memory the way the Sitronix ST7789V datasheet describes
(memory data write direction: MV=0: CASET -> column, RASET -> row; MV=1:
CASET -> row, RASET -> column; MX mirrors the column (239 - c), MY the row
(319 - r); pixels arrive high byte first, the CASET counter running fastest),
and records what a viewer sees on the glass (``window``).
"""


def transactions(events, dc, cs):
    """[(command, bytes)] from the events: bytes sent with DC low are
    commands, bytes with DC high the current command's data."""
    levels = {}
    out = []
    for ev in events:
        if ev[0] == "pin":
            levels[ev[1]] = ev[2]
        elif ev[0] == "spi":
            if cs is not None:
                assert levels.get(cs) == 0, "SPI write with CS high"
            if levels.get(dc) == 0:
                for b in ev[2]:
                    out.append([b, bytearray()])
            else:
                assert out, "data before any command"
                out[-1][1].extend(ev[2])
    return [(c, bytes(d)) for c, d in out]


class Panel:
    """Frame memory ``cols`` x ``rows`` of RGB565 ints (-1: never written)."""

    def __init__(self, cols=240, rows=320):
        self.cols = cols
        self.rows = rows
        self.ram = [-1] * (cols * rows)
        self.madctl = 0
        self.caset = (0, cols - 1)
        self.raset = (0, rows - 1)
        self.commands = []
        self.colmod = None
        self.on = False
        self.inverted = False

    def feed(self, txs):
        for cmd, data in txs:
            self.commands.append(cmd)
            if cmd == 0x36:
                self.madctl = data[0]
            elif cmd == 0x3A:
                self.colmod = data[0]
            elif cmd == 0x2A:
                self.caset = (data[0] << 8 | data[1], data[2] << 8 | data[3])
            elif cmd == 0x2B:
                self.raset = (data[0] << 8 | data[1], data[2] << 8 | data[3])
            elif cmd == 0x2C:
                self._write(data)
            elif cmd == 0x29:
                self.on = True
            elif cmd == 0x21:
                self.inverted = True
            elif cmd == 0x20:
                self.inverted = False

    def physical(self, c, r):
        """(column, row) in memory of CASET address c, RASET address r."""
        mv = self.madctl & 0x20
        mx = self.madctl & 0x40
        my = self.madctl & 0x80
        if mv:
            assert 0 <= c < self.rows and 0 <= r < self.cols, (c, r)
            row = self.rows - 1 - c if my else c
            col = self.cols - 1 - r if mx else r
        else:
            assert 0 <= c < self.cols and 0 <= r < self.rows, (c, r)
            col = self.cols - 1 - c if mx else c
            row = self.rows - 1 - r if my else r
        return col, row

    def _write(self, data):
        assert len(data) % 2 == 0
        xs, xe = self.caset
        ys, ye = self.raset
        assert xs <= xe and ys <= ye
        n = len(data) // 2
        assert n <= (xe - xs + 1) * (ye - ys + 1), "more pixels than the window holds"
        c, r = xs, ys
        for i in range(n):
            col, row = self.physical(c, r)
            self.ram[row * self.cols + col] = data[2 * i] << 8 | data[2 * i + 1]
            c += 1
            if c > xe:
                c = xs
                r += 1

    def pixel(self, col, row):
        return self.ram[row * self.cols + col]

    def written(self):
        """Set of (col, row) ever written."""
        out = set()
        for i, v in enumerate(self.ram):
            if v >= 0:
                out.add((i % self.cols, i // self.cols))
        return out
