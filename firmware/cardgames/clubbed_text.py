"""Reading a Clubbed position from the notation of ``cardgames.clubbed``
(``from_text``).

Kept apart from the rules core so that a game in play does not hold the
parser's code in the heap (tools/bench/mem_report.py): whoever reads a
position (Continue, records, tests) imports this module."""

from cardgames import cards
from cardgames.clubbed import (
    DREW_ON_EMPTY,
    L_COLL,
    L_HAND,
    L_PILE,
    L_STOCK,
    NM_CAP,
    NO_CARD,
    Clubbed,
    _matches,
)
from cardgames.notation import parse, parse_int, parse_run, split_fields

_parse_cards = parse_run


def from_text(text):
    """A Clubbed game from the notation of ``cardgames.clubbed``'s docstring.

    Raises ValueError saying what is wrong: unknown or missing fields, bad
    cards, a card missing or repeated (CB-12), a club on the pile anywhere but
    at its bottom (only the starter can be), hands or stock left after the
    end, a seat to move that is not 0, 1 or -, or a seat to move with no legal
    move while the stock lasts, a bad ``nm`` entry (more than NM_CAP a seat,
    a club as the top, a count of 0 or past the cards of that seat's hand
    that match no top from that entry on). ``nm`` may be
    missing (positions written before it): no entries then.
    """
    f = split_fields(text, "CB1")
    known = ("r", "d", "m", "h0", "h1", "s", "p", "c0", "c1", "x")
    for k in f:
        if k not in known and k != "nm":
            raise ValueError("unknown field %r" % k)
    for k in known:
        if k not in f:
            raise ValueError("field %r is missing" % k)
    g = Clubbed(None)
    g.refill = parse_int(f, "r", 0, 1) == 1
    g.dealer = parse_int(f, "d", 0, 1)
    g.events = []
    g.loc = bytearray(52)
    seen = bytearray(52)
    groups = (
        ("h0", L_HAND),
        ("h1", L_HAND + 1),
        ("s", L_STOCK),
        ("p", L_PILE),
        ("c0", L_COLL),
        ("c1", L_COLL + 1),
    )
    parsed = {}
    for key, code in groups:
        cs = _parse_cards(f[key], key)
        for c in cs:
            if seen[c]:
                raise ValueError("card %s appears twice (CB-12)" % cards.name(c))
            seen[c] = 1
            g.loc[c] = code
        parsed[key] = cs
    for c in range(52):
        if not seen[c]:
            raise ValueError("card %s is missing (CB-12)" % cards.name(c))
    g.stock = bytearray(52)
    g.n_stock = len(parsed["s"])
    g.stock[: g.n_stock] = parsed["s"]
    g.pile = bytearray(52)
    pile = parsed["p"]
    g.n_pile = len(pile)
    g.pile[: g.n_pile] = pile
    for i in range(len(pile)):
        if pile[i] < 13 and i != 0:
            raise ValueError("a club can only lie on the pile as its starter (CB-5, CB-7)")
        # CB-3: each card played on the pile matches the one below it, except
        # on a club starter, where any card may be played (CB-7).
        if i and pile[i - 1] >= 13 and not _matches(pile[i], pile[i - 1]):
            raise ValueError("%s cannot lie on %s in the pile: it does not match (CB-2, CB-3)"
                             % (cards.name(pile[i]), cards.name(pile[i - 1])))
    x = f["x"]
    if len(x) != 4:
        raise ValueError("field 'x' wants two cards or '--' each")
    g.drew_against = bytearray(2)
    for i in (0, 1):
        t = x[2 * i : 2 * i + 2]
        if t == "--":
            g.drew_against[i] = NO_CARD
        elif t == "**":
            g.drew_against[i] = DREW_ON_EMPTY
        else:
            c = parse(t)
            if c < 13:
                # Nobody may draw facing a club (CB-3, CB-7).
                raise ValueError("field 'x': seat %d cannot have drawn against a club" % i)
            g.drew_against[i] = c
    _parse_no_match(g, f.get("nm"), (parsed["h0"], parsed["h1"]))
    m = f["m"]
    if m == "-":
        if parsed["h0"] or parsed["h1"]:
            raise ValueError("a finished game has no cards in hand (CB-9)")
        if g.n_stock:
            raise ValueError("a finished game cannot have cards in the stock (CB-9)")
        g._to_move = 0
        g.over = True
    else:
        g._to_move = parse_int(f, "m", 0, 1)
        g.over = False
        if pile and pile[0] < 13 and (parsed["c0"] or parsed["c1"]):
            # A club lies at the bottom only while the starter does, that is
            # before anyone has been clubbed (CB-5, CB-7); until the end (CB-9)
            # only clubbing fills a collection.
            raise ValueError("a club starter is still on the pile, so nobody can have "
                             "collected cards yet (CB-5, CB-7)")
        g._check_end()
        g.events = []
        if not g.over and not g._legal(g._to_move):
            # Only a club on top facing an empty hand gets here (CB-7 applies
            # to the first move, with a full hand): no move, yet not over.
            raise ValueError("seat %d has no legal move but the stock is not empty" % g._to_move)
    return g


def _parse_no_match(g, text, hands):
    # Field ``nm`` into g.nm / g.n_nm (see cardgames.clubbed); ``hands``: the
    # hands (card ints), which bound each count.
    g.nm = bytearray(4 * NM_CAP)
    g.n_nm = bytearray(2)
    if text is None:
        return
    seats = text.split("/")
    if len(seats) != 2:
        raise ValueError("field 'nm' wants two seats' entries split by '/'")
    for s in (0, 1):
        if not seats[s]:
            continue
        entries = seats[s].split(",")
        if len(entries) > NM_CAP:
            raise ValueError("field 'nm': more than %d entries for seat %d" % (NM_CAP, s))
        b = 2 * NM_CAP * s
        for i in range(len(entries)):
            e = entries[i]
            if e[:2] == "**":
                t = DREW_ON_EMPTY
            else:
                try:
                    t = parse(e[:2])
                except ValueError:
                    raise ValueError("field 'nm': entry %r does not start with a card or '**'"
                                     % e[:8])
            if t < 13:
                raise ValueError("field 'nm': seat %d cannot have drawn against a club" % s)
            digits = e[2:]
            # ASCII digits only: CPython's isdigit() also takes others.
            if not 1 <= len(digits) <= 2 or any(ch not in "0123456789" for ch in digits):
                raise ValueError("field 'nm': entry %r wants a count after its card" % e[:8])
            k = int(digits)
            if not 1 <= k <= len(hands[s]):
                raise ValueError("field 'nm': count %d is not 1 .. seat %d's %d cards"
                                 % (k, s, len(hands[s])))
            g.nm[b + 2 * i] = t
            g.nm[b + 2 * i + 1] = k
        n = len(entries)
        # Each entry must hold for the hand (Observation.no_match): at least k
        # of its cards match none of the tops from that entry on. Play keeps
        # that true; a count past it would outlast the hand as cards are
        # played and give a position (a save) that no longer loads.
        for i in range(n):
            held = 0
            for c in hands[s]:
                j = i
                while j < n and _avoids(c, g.nm[b + 2 * j]):
                    j += 1
                if j == n:
                    held += 1
            if held < g.nm[b + 2 * i + 1]:
                raise ValueError("field 'nm': seat %d's entry %r counts %d cards, but only %d "
                                 "in its hand match no top from there on (CB-4, CB-11)"
                                 % (s, entries[i][:8], g.nm[b + 2 * i + 1], held))
        g.n_nm[s] = n


def _avoids(c, t):
    # CB-2: card c does not match top t (DREW_ON_EMPTY: c is a club, CB-6).
    return (c < 13) if t == DREW_ON_EMPTY else not _matches(c, t)
