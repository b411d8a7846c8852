"""The interface every game module shares, in the spirit of OpenSpiel.

A game object is created from a seed and options, e.g. ``Clubbed(seed=7)``, and
offers:

- ``current_player``: seat number (0..n-1) to act, or ``None`` when over.
- ``legal_actions()``: list of small ints, ascending. A card to play is its card
  int (0..51, see ``cards``); special actions are module constants (``DRAW``).
- ``apply(action)``: plays it, or raises ValueError saying why it is illegal and
  leaves the state unchanged.
- ``is_over()``, ``result()``: per seat +1 win, 0 draw, -1 loss.
- ``observation(seat)``: exactly what that seat may know (the game's rule on
  information in RULES.md).
- ``events``: what the last ``apply`` did, as tuples ``(kind, seat, a, b)`` the UI
  can show; ``describe(event, viewer, seat_names)`` words them.
- ``to_text()`` / module ``from_text(s)``: the position notation, documented per
  game, used by tests, saves and bug reports.
"""

NUM_SEATS_MAX = 4


def illegal(msg):
    """ValueError for an illegal action; games raise what this returns."""
    return ValueError(msg)


def split_fields(text, magic):
    """Split notation ``MAGIC;k=v;k=v`` into a dict of str -> str.

    Raises ValueError when ``text`` is not a str, the magic word is wrong, a
    field lacks ``=``, or a key is repeated. Leading and trailing ASCII
    whitespace is ignored.
    """
    if not isinstance(text, str):
        raise ValueError("position must be text, got %s" % type(text).__name__)
    # Only ASCII whitespace is stripped: CPython's strip() also removes
    # Unicode spaces (U+3000, U+00A0) that MicroPython's keeps.
    parts = text.strip(" \t\r\n\f\v").split(";")
    if parts[0] != magic:
        raise ValueError("not a %s position (starts %r)" % (magic, parts[0][:12]))
    out = {}
    for p in parts[1:]:
        i = p.find("=")
        if i < 0:
            raise ValueError("field %r has no '='" % p[:16])
        k = p[:i]
        v = p[i + 1 :]
        if k in out:
            raise ValueError("field %r given twice" % k)
        out[k] = v
    return out


def is_number(v):
    """True when str ``v`` is 1 to 6 ASCII digits, the notations' numbers
    (``str.isdigit`` would also take other Unicode digits on CPython)."""
    return bool(v) and len(v) <= 6 and not any(ch not in "0123456789" for ch in v)


def parse_int(fields, key, lo, hi):
    """Int field ``key`` of ``fields`` checked to lie in lo..hi.

    Raises ValueError when it is missing, not a number or out of range.
    """
    v = fields.get(key)
    if v is None:
        raise ValueError("field %r is missing" % key)
    if not is_number(v):
        raise ValueError("field %r is not a number: %r" % (key, v[:12]))
    n = int(v)
    if not lo <= n <= hi:
        raise ValueError("field %r is %d, want %d..%d" % (key, n, lo, hi))
    return n


class Game:
    """Base of every game class: the checked ``apply`` of the interface, so
    the promise "an illegal action raises ValueError saying why and changes
    nothing" lives in one place. A game provides ``why_illegal(action)`` (a
    reason or None) and ``_apply(action)`` (the move, known to be legal)."""

    def apply(self, action):
        """Take ``action`` for the seat to move.

        Raises ValueError with ``why_illegal``'s reason when it is illegal; the
        state is then unchanged. Fills ``events`` with what happened.
        """
        why = self.why_illegal(action)
        if why:
            raise illegal(why)
        self._apply(action)
