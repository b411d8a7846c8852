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


def seat(s, n, game):
    """``s`` when it is a seat of ``game`` (its name) with ``n`` seats: an int
    0..n-1. Anything else (True, 1.0, -1, n, "0") raises ValueError: it would
    address another group of cards (the stock, the turned card)."""
    if not is_int(s) or not 0 <= s < n:
        raise ValueError("no seat %r in %s (seats are 0 to %d)" % (s, game, n - 1))
    return s


def card(rank, suit):
    """Card int for rank index 0..12 (2..A) and suit index 0..3 (C D H S)."""
    return suit * 13 + rank


def rank(c):
    """Rank index 0..12 (2..A) of card int ``c``."""
    return c % 13


def suit(c):
    """Suit index 0..3 (C D H S) of card int ``c``."""
    return c // 13


def name(c):
    """Two-character name (``"TC"``) of card int ``c`` (0..51).

    Raises ValueError when ``c`` is not a card int.
    """
    if not is_int(c) or not 0 <= c < 52:
        raise ValueError("not a card int: %r" % (c,))
    return RANKS[c % 13] + SUITS[c // 13]

# Card names from text (notations, tests) are ``cardgames.notation``'s
# (``parse``, ``parse_list``, ``name_list``, ``parse_run``), a module a game
# in play does not load.


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


SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # clubs, diamonds, hearts, spades
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def symbol_name(c):
    """Card name with its suit symbol and 10 for ten: ``"10\u2663"``.

    ``c`` must be a card int (0..51); it is not checked here (hot in the UI).
    """
    r = c % 13
    return ("10" if r == 8 else RANKS[r]) + SUIT_SYMBOLS[c // 13]
