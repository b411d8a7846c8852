"""Frames on the link: byte stuffing, a header, a CRC-16.

On the wire a frame is ``FLAG``, its body with every ``FLAG`` or ``ESC``
byte sent as ``ESC`` then the byte xor 0x20, and ``FLAG`` again. The body is

    kind (1)  tag (2)  number (2, big-endian)  length (1)  payload  crc (2)

and the CRC is CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of
everything before it, big-endian. A frame that is cut, too long, of the wrong
length or with a bad CRC is dropped without a word: the sender sends again.
``FLAG`` is never inside a frame, so a receiver that meets garbage finds the
next frame at the next ``FLAG``.

``binascii.crc32`` exists on the rp2 port but returns values past 2**30
(a heap-allocated int on MicroPython): a table of 256 16-bit values built
once at import does the CRC here instead.
"""

FLAG = 0x7E
ESC = 0x7D
HEADER = 6
MAX_PAYLOAD = 120
MAX_BODY = HEADER + MAX_PAYLOAD + 2


def _table():
    t = bytearray(512)
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
        t[2 * i] = c >> 8
        t[2 * i + 1] = c & 0xFF
    return t


_CRC = _table()


def crc16(buf, n):
    """CRC-16/CCITT-FALSE of ``buf[:n]`` (an int 0..65535)."""
    t = _CRC
    c = 0xFFFF
    for i in range(n):
        j = 2 * (((c >> 8) ^ buf[i]) & 0xFF)
        c = (((c << 8) & 0xFF00) ^ (t[j] << 8) ^ t[j + 1])
    return c


def _put(out, pos, b):
    if b == FLAG or b == ESC:
        out[pos] = ESC
        out[pos + 1] = b ^ 0x20
        return pos + 2
    out[pos] = b
    return pos + 1


def worst_size(length):
    """Bytes on the wire, at most, for a frame with ``length`` payload bytes."""
    return 2 + 2 * (HEADER + length + 2)


def encode(kind, tag0, tag1, number, payload, length, out, pos):
    """Write one frame into ``out`` at ``pos``; return the position after it.

    ``out`` must have room for ``worst_size(length)`` bytes (ValueError when it
    has not, and then ``out`` is unchanged past ``pos``); ``payload[:length]``
    is the payload."""
    if length > MAX_PAYLOAD or pos + worst_size(length) > len(out):
        raise ValueError("frame does not fit: %d payload bytes" % length)
    body = _BODY
    body[0] = kind
    body[1] = tag0
    body[2] = tag1
    body[3] = number >> 8
    body[4] = number & 0xFF
    body[5] = length
    for i in range(length):
        body[HEADER + i] = payload[i]
    n = HEADER + length
    c = crc16(body, n)
    body[n] = c >> 8
    body[n + 1] = c & 0xFF
    out[pos] = FLAG
    pos += 1
    for i in range(n + 2):
        pos = _put(out, pos, body[i])
    out[pos] = FLAG
    return pos + 1


_BODY = bytearray(MAX_BODY)


class Decoder:
    """Bytes in, frames out, in one preallocated buffer.

    ``feed(b)`` takes one byte (an int) and returns True when it completed a
    good frame: then ``kind``, ``tag0``, ``tag1``, ``number``, ``length`` and
    ``payload`` (a memoryview of the buffer, valid until the next ``feed``)
    describe it. ``dropped`` counts the frames thrown away (bad CRC, bad
    length, too long)."""

    def __init__(self):
        self.buf = bytearray(MAX_BODY)
        self.payload = memoryview(self.buf)[HEADER:]
        self.n = 0
        self.esc = False
        self.dropped = 0
        self.kind = self.tag0 = self.tag1 = self.number = self.length = 0

    def feed(self, b):
        if b == FLAG:
            n = self.n
            self.n = 0
            self.esc = False
            if n <= 0:  # nothing, or a frame already dropped as too long
                return False
            return self._check(n)
        if self.n < 0:  # too long: wait for the next FLAG
            return False
        if b == ESC:
            self.esc = True
            return False
        if self.esc:
            b ^= 0x20
            self.esc = False
        if self.n >= MAX_BODY:
            self.n = -1
            self.dropped += 1
            return False
        self.buf[self.n] = b
        self.n += 1
        return False

    def _check(self, n):
        buf = self.buf
        if n < HEADER + 2 or buf[5] != n - HEADER - 2 or \
                crc16(buf, n - 2) != (buf[n - 2] << 8) | buf[n - 1]:
            self.dropped += 1
            return False
        self.kind = buf[0]
        self.tag0 = buf[1]
        self.tag1 = buf[2]
        self.number = (buf[3] << 8) | buf[4]
        self.length = buf[5]
        return True
