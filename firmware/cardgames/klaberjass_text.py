"""Reading a Klaberjass position from the notation of ``cardgames.klaberjass``
(``from_text``).

Kept apart from the rules core so that a game in play does not hold the
parser's code in the heap (tools/bench/mem_report.py): whoever reads a
position (Continue, records, tests) imports this module."""

from cardgames import cards, notation
from cardgames.klaberjass import (
    BELLA,
    BID2,
    EX_DECLINED,
    EX_DONE,
    EX_PENDING,
    EXCHANGING,
    L_HAND,
    L_STOCK,
    L_TURNED,
    MAX_SCORE,
    OVER,
    PHASE_CODES,
    PLAY,
    R7,
    Klaberjass,
    RoundSummary,
    _game_winner,
    beats,
)
from cardgames.notation import is_number, parse_int, split_fields


def _parse_cards(text, field):
    return notation.parse_run(text, field, True)


def _parse_ints(text, field, n, hi):
    parts = text.split(",")
    if len(parts) != n:
        raise ValueError("field %r wants %d comma-separated numbers" % (field, n))
    out = []
    for v in parts:
        if not is_number(v):
            raise ValueError("field %r: %r is not a number" % (field, v[:12]))
        k = int(v)
        if k > hi:
            raise ValueError("field %r: %d is more than %d" % (field, k, hi))
        out.append(k)
    return out


def _parse_seat(f, key):
    v = f[key]
    if v not in ("0", "1"):
        raise ValueError("field %r wants seat 0 or 1, got %r" % (key, v[:12]))
    return int(v)


FIELDS = ("w", "o", "d", "s", "r", "p", "m", "h0", "h1", "k", "u", "t", "mk", "x", "c", "l")


def from_text(text):
    """A Klaberjass game from the notation of ``cardgames.klaberjass``'s docstring.

    Raises ValueError saying what is wrong: unknown, missing or malformed
    fields, cards outside the 32-card deck, a card missing or repeated
    (KJ-17), hand and stock sizes that do not fit the phase, a bid, trump,
    maker or exchange the rules do not allow, a played card that broke KJ-11,
    a seat to move that is not the one the rules give, scores that should
    have ended the game (or not), or a last-round summary that does not add
    up.
    """
    f = split_fields(text, "KJ1")
    for k in f:
        if k not in FIELDS:
            raise ValueError("unknown field %r" % k[:12])
    for k in FIELDS:
        if k not in f:
            raise ValueError("field %r is missing" % k)
    o = f["o"]
    if o == "-":
        o = ""
    elif not o or o not in ("a", "s", "c", "as", "ac", "sc", "asc"):
        raise ValueError("field 'o' wants '-' or letters of 'asc' in that order, got %r" % o[:12])
    g = Klaberjass(
        None,
        target=parse_int(f, "w", 1, 99999),
        alternate="a" in o,
        all_sequences="s" in o,
        classic="c" in o,
    )
    g.dealer = parse_int(f, "d", 0, 1)
    d = g.dealer
    nd = 1 - d
    sc = _parse_ints(f["s"], "s", 2, MAX_SCORE)
    g.scores = sc
    hi, lo = _parse_ints(f["r"], "r", 2, 65535)
    g.rng.set_state((hi, lo))
    p = f["p"]
    if len(p) != 1 or PHASE_CODES.find(p) < 0:
        raise ValueError("field 'p' wants one of 1 2 x p -, got %r" % p[:12])
    ph = PHASE_CODES.find(p)
    # Cards: every one of the 32 exactly once (KJ-17).
    h = (_parse_cards(f["h0"], "h0"), _parse_cards(f["h1"], "h1"))
    stock = _parse_cards(f["k"], "k")
    u = _parse_cards(f["u"], "u")
    played = _parse_cards(f["c"], "c")
    if len(u) != 1:
        raise ValueError("field 'u' wants exactly one card")
    u = u[0]
    seen = bytearray(52)
    for cs in (h[0], h[1], stock, played, (u,)):
        for c in cs:
            if seen[c]:
                raise ValueError("card %s appears twice (KJ-17)" % cards.name(c))
            seen[c] = 1
    for c in cards.DECK32:
        if not seen[c]:
            raise ValueError("card %s is missing (KJ-17)" % cards.name(c))
    # Last round summary.
    lt = f["l"]
    if lt == "-":
        if sc[0] or sc[1]:
            raise ValueError("scores without a scored round ('l' is '-')")
    else:
        v = _parse_ints(lt, "l", 10, 999)
        if v[0] > 1 or v[1] > 1 or v[2] > 3 or v[5] > 1:
            raise ValueError("field 'l': dealer, maker, last trick want a seat, trump a suit")
        if v[3] + v[4] > 152:
            raise ValueError("field 'l': card points over 152 (KJ-17)")
        if v[6] and v[7] or v[6] % 10 or v[7] % 10 or v[6] > 200 or v[7] > 200:
            raise ValueError("field 'l': bad sequence points (KJ-8)")
        if not g.all_sequences and (v[6] not in (0, 20, 50) or v[7] not in (0, 20, 50)):
            raise ValueError("field 'l': only the best sequence scores, 20 or 50 (KJ-8)")
        if v[8] not in (0, BELLA) or v[9] not in (0, BELLA) or v[8] and v[9]:
            raise ValueError("field 'l': bella is 20 for one seat at most (KJ-9)")
        g.last_round = RoundSummary(v)
        s = g.last_round.scored
        if s[0] > sc[0] or s[1] > sc[1]:
            raise ValueError("scores lower than the last round scored")
    over = _game_winner(sc, g.target)
    if ph == OVER:
        if over is None:
            raise ValueError("the game is over only when KJ-15 says so")
        g.winner = over
    elif over is not None:
        raise ValueError("these scores end the game (KJ-15)")
    m = f["m"]
    if ph == OVER:
        if m != "-":
            raise ValueError("a finished game has no seat to move")
    else:
        m = _parse_seat(f, "m")
    loc = g.loc
    for c in stock:
        loc[c] = L_STOCK
    g.stock = bytearray(19)
    g.stock[: len(stock)] = stock
    g.n_stock = len(stock)
    loc[u] = L_TURNED
    g.turned = u
    x = f["x"]
    t = f["t"]
    mk = f["mk"]
    if ph <= BID2:
        if len(h[0]) != 6 or len(h[1]) != 6 or len(stock) != 19:
            raise ValueError("while bidding each hand has 6 cards and the stock 19 (KJ-3)")
        if t != "-" or mk != "-" or x != "-":
            raise ValueError("while bidding there is no trump, maker or exchange")
        for s in (0, 1):
            for c in h[s]:
                loc[c] = L_HAND + s
        g.phase = ph
        g.turned_suit = u // 13
        g._to_move = m
        g.leader = nd
        g.events = []
        return g
    # Trump is set.
    if len(t) != 1 or cards.SUITS.find(t) < 0:
        raise ValueError("field 't' wants a suit letter C D H S, got %r" % t[:12])
    trump = cards.SUITS.find(t)
    maker = _parse_seat(f, "mk")
    if len(stock) != 13:
        raise ValueError("once trump is set the stock has 13 cards (KJ-6)")
    seven = trump * 13 + R7
    if ph == EXCHANGING:
        if x != "?" or played:
            raise ValueError("while the exchange is pending 'x' is '?' and no card is played")
        if len(h[0]) != 9 or len(h[1]) != 9:
            raise ValueError("each hand has 9 cards before play (KJ-6)")
        if u // 13 != trump or u == seven:
            raise ValueError("the exchange needs trump the turned suit and not the seven (KJ-7)")
        if seven not in h[m]:
            raise ValueError("the exchange is for the holder of the seven of trumps (KJ-7)")
        for s in (0, 1):
            for c in h[s]:
                loc[c] = L_HAND + s
        g.phase = EXCHANGING
        g.trump = trump
        g.maker = maker
        g.turned_suit = trump
        g.ex = EX_PENDING
        g.ex_seat = m
        g._to_move = m
        g.events = []
        return g
    # PLAY or OVER: who played each card follows from the tricks (KJ-10, KJ-12).
    n = len(played)
    if ph == OVER and n != 18 or ph == PLAY and n >= 18:
        raise ValueError("%d cards played: want 18 at the end, fewer in play" % n)
    by = bytearray(n)
    lead_seat = nd
    for i in range(n):
        if i % 2 == 0:
            by[i] = lead_seat
        else:
            by[i] = 1 - lead_seat
            if beats(played[i - 1], played[i], trump):
                lead_seat = 1 - lead_seat
    start = (bytearray(h[0]), bytearray(h[1]))
    for i in range(n):
        start[by[i]].append(played[i])
    if len(start[0]) != 9 or len(start[1]) != 9:
        raise ValueError("each seat starts play with 9 cards (KJ-6)")
    for s in (0, 1):
        for c in start[s]:
            loc[c] = L_HAND + s
    g.trump = trump
    g.maker = maker
    if x == "-" or x == "D":
        orig = u
    elif x == "?":
        raise ValueError("'x' is '?' only in phase x")
    else:
        if len(x) != 2:
            raise ValueError("field 'x' wants -, ?, D or one card")
        orig = _parse_cards(x, "x")[0]
    g.turned_suit = orig // 13
    offered = trump == orig // 13 and orig != seven
    holder = loc[seven] - L_HAND if loc[seven] in (L_HAND, L_HAND + 1) else None
    if x == "-":
        if offered and (holder is not None or u == seven):
            raise ValueError("the trump-seven exchange was due: 'x' must be D or a card (KJ-7)")
    elif not offered:
        raise ValueError("no trump-seven exchange here (KJ-7)")
    elif x == "D":
        if holder is None:
            raise ValueError("nobody held the seven of trumps to decline (KJ-7)")
        g.ex = EX_DECLINED
        g.ex_seat = holder
    else:
        if u != seven:
            raise ValueError("after an exchange the seven of trumps lies face up (KJ-7)")
        if loc[orig] not in (L_HAND, L_HAND + 1):
            raise ValueError("the exchanged card must be with a player")
        g.ex = EX_DONE
        g.ex_card = orig
        g.ex_seat = loc[orig] - L_HAND
    g._begin_play()
    for i in range(n):
        c = played[i]
        if c not in g._legal_play(g._to_move):
            raise ValueError("%s was not a legal play (KJ-11)" % cards.name(c))
        g._play(c)
    g.events = []
    if ph == OVER:
        g.phase = OVER
        if g.last_round is None or g.summary() != g.last_round:
            raise ValueError("field 'l' does not match the round on the table")
    elif m != g._to_move:
        raise ValueError("seat %d is to move, not %d (KJ-10)" % (g._to_move, m))
    return g
