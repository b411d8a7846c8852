"""The project's own PRNG: xorshift32 (Marsaglia 2003, shifts 13/17/5) held as
two 16-bit halves, so every intermediate value stays far below 2**30 and the
sequence is the same on CPython and on MicroPython for the same seed.

Never use ``random`` in the core: its sequence differs between runtimes.
"""


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


class Rng:
    """Seeded generator. ``seed`` is any int; only its low 30 bits are used.
    Raises ValueError when ``seed`` is not an int (bools included)."""

    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        """Restart the sequence from ``seed`` (low 30 bits used)."""
        if not _is_int(seed):
            raise ValueError("seed must be an int, got %r" % (seed,))
        seed &= 0x3FFFFFFF
        # The xor constants keep seed 0 away from xorshift's all-zero fixed point.
        self.hi = ((seed >> 15) ^ 0x9E37) & 0xFFFF
        self.lo = ((seed & 0x7FFF) ^ 0x79B9) & 0xFFFF
        for _ in range(8):
            self.next16()

    def state(self):
        """The generator state as a ``(hi, lo)`` tuple of 16-bit ints."""
        return (self.hi, self.lo)

    def set_state(self, st):
        """Restore a state returned by ``state()``. Raises ValueError (and
        keeps the current state) unless ``st`` is two ints 0..65535, not both
        zero."""
        if not isinstance(st, (tuple, list)) or len(st) != 2:
            raise ValueError("bad rng state %r" % (st,))
        hi, lo = st
        if not (_is_int(hi) and _is_int(lo)):
            raise ValueError("bad rng state %r" % (st,))
        if not (0 <= hi < 65536 and 0 <= lo < 65536) or not (hi or lo):
            raise ValueError("bad rng state %r" % (st,))
        self.hi = hi
        self.lo = lo

    def next16(self):
        """Advance once; return the high 16 bits (0..65535)."""
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        self.hi = hi
        self.lo = lo
        return hi

    def below(self, n):
        """Uniform int in 0..n-1 for 1 <= n <= 65536, by rejection (no modulo bias).

        Raises ValueError when n is out of range.
        """
        if not _is_int(n) or not 1 <= n <= 65536:
            raise ValueError("below() wants 1..65536, got %r" % (n,))
        limit = 65536 - 65536 % n
        v = self.next16()
        while v >= limit:
            v = self.next16()
        return v % n

    def shuffle(self, buf):
        """Fisher-Yates shuffle of a bytearray (or list) in place; returns it.

        Raises ValueError for anything else, or for more than 65536 items
        (what ``below`` draws), leaving ``buf`` as it was.
        """
        if not isinstance(buf, (bytearray, list)):
            raise ValueError("shuffle() wants a bytearray or list, got %r" % (buf,))
        if len(buf) > 65536:
            # The inlined draw's limit would be 0: it would never end.
            raise ValueError("shuffle() takes at most 65536 items, got %d" % len(buf))
        # ``below(i + 1)`` for each i, with ``next16`` inlined on local
        # state: the same draws, without two calls per card (the search
        # players shuffle the unseen cards of every world they deal).
        hi = self.hi
        lo = self.lo
        i = len(buf) - 1
        while i > 0:
            n = i + 1
            limit = 65536 - 65536 % n
            while True:
                hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
                lo ^= (lo << 13) & 0xFFFF
                lo ^= hi >> 1
                hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
                lo ^= (lo << 5) & 0xFFFF
                if hi < limit:
                    break
            j = hi % n
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1
        self.hi = hi
        self.lo = lo
        return buf

    def choice(self, seq):
        """One element of a non-empty sequence. Raises ValueError when empty
        or not a sequence."""
        try:
            n = len(seq)
        except TypeError:
            raise ValueError("choice() wants a sequence, got %r" % (seq,))
        if not n:
            raise ValueError("choice() from an empty sequence")
        return seq[self.below(n)]
