"""Reading the position notations and card names (``from_text`` of every
game, tests, bug reports): the parsing helpers the games share.

Kept apart from ``cardgames.cards`` and ``cardgames.game`` so that a game in
play does not hold this code in the heap (tools/bench/mem_report.py): the
``*_text`` parsers import it; tests and tools call ``parse``, ``parse_list``,
``name_list`` and ``parse_run`` here.
"""

from cardgames.cards import RANKS, SUITS, name

_RANKS_LOWER = "23456789tjqka"
_SUITS_LOWER = "cdhs"


def parse(text):
    """Card int for a two-character name such as ``"TC"`` or ``"7h"``.

    Raises ValueError naming the text when it is not a card (also when it is
    not a str). Only the ASCII letters of RULES.md are accepted, in either case.
    """
    if not isinstance(text, str) or len(text) != 2:
        raise ValueError("not a card: %r (want rank then suit, e.g. TC)" % (text,))
    r = _find(RANKS, _RANKS_LOWER, text[0])
    s = _find(SUITS, _SUITS_LOWER, text[1])
    if r < 0 or s < 0:
        raise ValueError("not a card: %r (rank 2-9 T J Q K A, suit C D H S)" % (text,))
    return s * 13 + r


def _find(upper, lower, ch):
    i = upper.find(ch)
    return i if i >= 0 else lower.find(ch)


def parse_list(text):
    """Card ints (bytes) from names separated by spaces; ``"-"`` or ``""`` is empty.

    Raises ValueError on a bad name or a repeated card, or when ``text`` is
    not a str.
    """
    if not isinstance(text, str):
        raise ValueError("card list must be text, got %s" % type(text).__name__)
    text = text.strip()
    if text in ("", "-"):
        return b""
    out = bytearray()
    for word in text.split():
        c = parse(word)
        if c in out:
            raise ValueError("card %s listed twice" % word.upper())
        out.append(c)
    return bytes(out)


def name_list(cs):
    """Names of card ints ``cs`` joined by spaces; ``"-"`` when empty.

    Raises ValueError when ``cs`` is not a sequence of card ints.
    """
    if not cs:
        return "-"
    try:
        it = iter(cs)
    except TypeError:
        raise ValueError("not a list of card ints: %r" % (cs,))
    return " ".join(name(c) for c in it)


def parse_run(text, field, deck32=False):
    """Card ints (bytearray) of ``text`` written as ``run_text`` writes it, the
    value of notation field ``field``; names in either case (see ``parse``).
    With ``deck32`` only cards of the 32-card deck (ranks 7..A) are accepted.

    Raises ValueError on an odd length or a bad card, naming the field.
    """
    if len(text) % 2:
        raise ValueError("field %r: cards are two characters each" % field)
    out = bytearray()
    for i in range(0, len(text), 2):
        c = parse(text[i : i + 2])
        if deck32 and c % 13 < 5:
            raise ValueError("field %r: %s is not in the 32-card deck" % (field, name(c)))
        out.append(c)
    return out


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


def deck_order(deck, full):
    """The ``deck`` argument of a game's constructor checked: a bytearray of
    the cards of ``full`` (``cards.DECK52`` or ``DECK32``), each once, in the
    order they are dealt. ``deck`` is a sequence of card ints or their names
    run together (``"2C3C4C..."``, as the notations write card lists).

    Raises ValueError saying why: not a sequence of card ints, a card that is
    not in this deck, a card twice, or too few or too many cards.
    """
    if isinstance(deck, str):
        deck = parse_run(deck, "deck")
    try:
        n = len(deck)
        out = bytearray(len(full))
    except TypeError:
        raise ValueError("deck must be card ints or card names, got %r" % (deck,))
    if n != len(full):
        raise ValueError("the deck has %d cards, the game deals %d" % (n, len(full)))
    seen = bytearray(52)
    for i in range(n):
        c = deck[i]
        name(c)  # ValueError for anything but a card int
        if c not in full:
            raise ValueError("%s is not in this game's %d-card deck" % (name(c), len(full)))
        if seen[c]:
            raise ValueError("%s is in the deck twice" % name(c))
        seen[c] = 1
        out[i] = c
    return out
