"""Cards as small ints, and the text notation of RULES.md.

A card is ``suit * 13 + rank`` (0..51): rank 0..12 stands for 2 3 4 5 6 7 8 9 T
J Q K A and suit 0..3 for C D H S (clubs, diamonds, hearts, spades), so ``2C``
is 0 and ``AS`` is 51. The 32-card deck of Klaberjass is the subset with ranks
7..A. Source: RULES.md, "Card notation".
"""

RANKS = "23456789TJQKA"
SUITS = "CDHS"
# Lower-case letters accepted by ``parse``, mapped by hand: ``str.upper`` differs
# between CPython (full Unicode: "\u017f".upper() is "S") and MicroPython (ASCII).
_RANKS_LOWER = "23456789tjqka"
_SUITS_LOWER = "cdhs"
CLUBS = 0
DIAMONDS = 1
HEARTS = 2
SPADES = 3
NO_CARD = 255  # marks "no card" in bytearrays and observations

DECK52 = bytes(range(52))
DECK32 = bytes(s * 13 + r for s in range(4) for r in range(5, 13))


def is_int(x):
    """True for an int that is not a bool (True/False are ints in Python)."""
    return isinstance(x, int) and not isinstance(x, bool)


def card(rank, suit):
    """Card int for rank index 0..12 (2..A) and suit index 0..3 (C D H S)."""
    return suit * 13 + rank


def rank(c):
    """Rank index 0..12 (2..A) of card int ``c``."""
    return c % 13


def suit(c):
    """Suit index 0..3 (C D H S) of card int ``c``."""
    return c // 13


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


def name(c):
    """Two-character name (``"TC"``) of card int ``c`` (0..51).

    Raises ValueError when ``c`` is not a card int.
    """
    if not is_int(c) or not 0 <= c < 52:
        raise ValueError("not a card int: %r" % (c,))
    return RANKS[c % 13] + SUITS[c // 13]


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


def count(buf, v):
    """How many items of ``buf`` (bytes/bytearray) equal ``v``.

    ``bytearray.count(int)`` is missing on MicroPython, hence the loop.
    """
    n = 0
    for x in buf:
        if x == v:
            n += 1
    return n


def run_text(cs):
    """Names of card ints ``cs`` run together, two characters each (``"TC2H"``),
    as the position notations write card lists; ``""`` when empty.

    Raises ValueError on an item that is not a card int (see ``name``).
    """
    return "".join(name(c) for c in cs)


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


SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # clubs, diamonds, hearts, spades
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def symbol_name(c):
    """Card name with its suit symbol and 10 for ten: ``"10\u2663"``.

    ``c`` must be a card int (0..51); it is not checked here (hot in the UI).
    """
    r = c % 13
    return ("10" if r == 8 else RANKS[r]) + SUIT_SYMBOLS[c // 13]
