"""Reading a Clubs position from the notation of ``cardgames.clubs`` (``from_text``).

Kept apart from the rules core so that a game in play does not hold the
parser's code in the heap (tools/bench/mem_report.py): whoever reads a
position (Continue, records, tests) imports this module."""

from cardgames import cards
from cardgames.clubs import (
    _DIGITS,
    _PH_DONE,
    BID0,
    HAND_SIZE,
    NO_BID,
    NO_CARD,
    PASS_NONE,
    PASS_OFFSET,
    PH_BID,
    PH_OVER,
    PH_PASS_HEARTS,
    PH_PASS_PARTNER,
    PH_PLAY,
    PH_SHOW,
    PH_TAKE,
    PHASE_LETTERS,
    TAKE_PARTNER,
    TAKE_SELF,
    Clubs,
    _game_winner,
    pass_direction,
    team_scores,
)
from cardgames.notation import is_number, parse_int, split_fields


def _card_at(text, i):
    # The card written at text[i:i+2] (upper case, as to_text writes it).
    r = cards.RANKS.find(text[i])
    s = cards.SUITS.find(text[i + 1])
    if r < 0 or s < 0:
        raise ValueError("not a card: %r (rank 2-9 T J Q K A, suit C D H S)" % (text[i : i + 2],))
    return s * 13 + r


def _parse_cards(text, field):
    if len(text) % 2:
        raise ValueError("field %r: cards are two characters each" % field)
    n = len(text) // 2
    out = bytearray(n)
    ranks = cards.RANKS
    suits = cards.SUITS
    for i in range(n):
        r = ranks.find(text[2 * i])
        s = suits.find(text[2 * i + 1])
        if r < 0 or s < 0:
            _card_at(text, 2 * i)  # raises, naming the text
        out[i] = s * 13 + r
    return out


def _parse_slots(text, field, n):
    if len(text) != 2 * n:
        raise ValueError("field %r wants %d slots of 2 characters" % (field, n))
    out = bytearray(n)
    for i in range(n):
        out[i] = NO_CARD if text[2 * i : 2 * i + 2] == "--" else _card_at(text, 2 * i)
    return out


def _parse_signed(text, field):
    neg = text[:1] == "-"
    digits = text[1:] if neg else text
    if not is_number(digits):
        raise ValueError("field %r is not a whole number: %r" % (field, text[:12]))
    n = int(digits)
    return -n if neg else n


def _parse_pair(text, field, signed):
    i = text.find(",")
    if i < 0:
        raise ValueError("field %r wants two numbers a,b" % field)
    a = _parse_signed(text[:i], field)
    b = _parse_signed(text[i + 1 :], field)
    if not signed and not (
        0 <= a <= 65535 and 0 <= b <= 65535 and text[:1] != "-" and text[i + 1 : i + 2] != "-"
    ):
        raise ValueError("field %r wants two numbers 0..65535" % field)
    return a, b


def _parse_digits(text, field, n, hi, none_ok):
    if len(text) != n:
        raise ValueError("field %r wants %d characters" % (field, n))
    out = bytearray(n)
    for i in range(n):
        ch = text[i]
        if ch == "-" and none_ok:
            out[i] = NO_BID
            continue
        v = _DIGITS.find(ch)
        if v < 0 or v > hi:
            raise ValueError("field %r: bad character %r" % (field, ch))
        out[i] = v
    return out


_KNOWN = ("t", "r", "n", "d", "s", "ph", "m", "h0", "h1", "h2", "h3",
          "x", "v", "k", "w", "b", "l")  # fmt: skip


def from_text(text):
    """A Clubs game from the notation of ``cardgames.clubs``'s docstring.

    Raises ValueError saying what is wrong: unknown or missing fields, bad
    numbers or cards, a card missing or repeated, passes or shown cards that
    are not where the rules put them, a play history breaking PC-4/PC-5 or
    takers disagreeing with PC-7 ... PC-9, bids breaking PC-10, a phase or
    seat to move other than the rules give, scores that should have ended the
    game (PC-15) or a finished game whose last hand does not match.
    """
    f = split_fields(text, "PC1")
    for k in f:
        if k not in _KNOWN:
            raise ValueError("unknown field %r" % k)
    for k in _KNOWN:
        if k not in f:
            raise ValueError("field %r is missing" % k)
    target = parse_int(f, "t", 1, 999)
    g = Clubs(None, target=target)
    hi, lo = _parse_pair(f["r"], "r", False)
    g.rng.set_state((hi, lo))
    g.hand_no = parse_int(f, "n", 1, 999999)
    g.dealer = parse_int(f, "d", 0, 3)
    s0, s1 = _parse_pair(f["s"], "s", True)
    g.scores = [s0, s1]
    g._reset_hand()
    ph_text = f["ph"]
    if len(ph_text) != 1 or ph_text not in PHASE_LETTERS[1:]:
        raise ValueError("field 'ph' is one of H P S L T B X, got %r" % ph_text[:8])
    phase = PHASE_LETTERS.find(ph_text)
    # Cards: each exactly once, in a hand or played.
    seen = bytearray(52)
    for s in range(4):
        for c in _parse_cards(f["h%d" % s], "h%d" % s):
            if seen[c]:
                raise ValueError("card %s appears twice" % cards.name(c))
            seen[c] = 1
            g.loc[c] = s
    seq = _parse_cards(f["k"], "k")
    for c in seq:
        if seen[c]:
            raise ValueError("card %s appears twice" % cards.name(c))
        seen[c] = 1
    for c in range(52):
        if not seen[c]:
            raise ValueError("card %s is missing" % cards.name(c))
    passes = _parse_slots(f["x"], "x", 8)
    shown = _parse_slots(f["v"], "v", 4)
    w = f["w"]
    if len(w) > 13 or any(ch not in "0123" for ch in w):
        raise ValueError("field 'w' wants up to 13 seat digits 0-3")
    takers = bytearray(len(w))
    for i in range(len(w)):
        takers[i] = ord(w[i]) - 48
    bids = _parse_digits(f["b"], "b", 4, 13, True)
    lt = f["l"]
    if lt == "-":
        g.last = None
    else:
        g.last = bytes(_parse_digits(lt[:4], "l", 4, 13, True)) + bytes(
            _parse_digits(lt[4:], "l", 12, 13, False)
        )
    g.events = []
    _check_passes_and_shows(g, passes, shown, seq, takers, bids)
    _replay(g, seq, takers, bids)
    _check_phase_and_scores(g, phase, f["m"])
    g.events = []
    return g


def _check_passes_and_shows(g, passes, shown, seq, takers, bids):
    d = pass_direction(g.hand_no)
    # Per seat: 2 both choices made, 1 only the Hearts card, 0 none. The
    # seats choose in the order N, E, S, W: 2 ... 2, then maybe a 1, then 0s.
    done = 0
    for s in range(4):
        h = passes[2 * s]
        pc = passes[2 * s + 1]
        if d == PASS_NONE and h != NO_CARD:
            raise ValueError("hand %d has no Hearts pass (PC-2)" % g.hand_no)
        if pc != NO_CARD and h == NO_CARD and d != PASS_NONE:
            raise ValueError("the Hearts pass card is chosen before the partner card")
        if h != NO_CARD and h == pc:
            raise ValueError("a seat passes two different cards (PC-2)")
        st = 2 if pc != NO_CARD else (1 if h != NO_CARD else 0)
        if st == 2 and done == s:
            done += 1
        elif st == 2 or (st == 1 and done != s):
            raise ValueError("pass choices are made in the order N, E, S, W (PC-2)")
    for i in range(8):
        for j in range(i):
            if passes[i] != NO_CARD and passes[i] == passes[j]:
                raise ValueError("card %s passed twice" % cards.name(passes[i]))
    g.passes = passes
    g.shown = shown
    if done < 4:
        if seq or takers or any(c != NO_CARD for c in shown) or any(b != NO_BID for b in bids):
            raise ValueError("nothing is shown, played or bid before the passes (PC-2)")
        for s in range(4):
            if g.hand_size(s) != HAND_SIZE:
                raise ValueError(
                    "seat %d holds %d cards before the passes, not 13" % (s, g.hand_size(s))
                )
        for s in range(4):
            for c in passes[2 * s : 2 * s + 2]:
                if c != NO_CARD and g.loc[c] != s:
                    raise ValueError("%s is not in the hand of the seat passing it" % cards.name(c))
        g.phase = (
            PH_PASS_HEARTS
            if (d != PASS_NONE and passes[2 * done] == NO_CARD)
            else (PH_PASS_PARTNER)
        )
        g._to_move = done
        return
    # Passes made: who played what follows from the takers (leaders).
    owner = bytearray(g.loc)
    n = len(seq)
    if not 4 * len(takers) <= n <= 4 * len(takers) + 4 or (len(takers) == 13 and n != 52):
        raise ValueError("fields 'k' and 'w' disagree on the number of tricks")
    for i in range(n):
        t = i // 4
        lead = (g.dealer + 1) % 4 if t == 0 else takers[t - 1]
        owner[seq[i]] = (lead + i % 4) % 4
    for s in range(4):
        if d != PASS_NONE and owner[passes[2 * s]] != (s + PASS_OFFSET[d]) % 4:
            raise ValueError(
                "%s did not reach its Hearts pass receiver" % (cards.name(passes[2 * s]))
            )
        if owner[passes[2 * s + 1]] != (s + 2) % 4:
            raise ValueError("%s did not reach the partner" % cards.name(passes[2 * s + 1]))
    k = bytearray(4)
    for c in range(52):
        k[owner[c]] += 1
    for s in range(4):
        if k[s] != HAND_SIZE:
            raise ValueError("seat %d has %d cards, held or played, not 13" % (s, k[s]))
    done = 0
    for s in range(4):
        if shown[s] != NO_CARD:
            if done != s:
                raise ValueError("cards are shown in the order N, E, S, W (PC-3)")
            done += 1
            if owner[shown[s]] != s:
                raise ValueError(
                    "%s is shown by a seat that does not hold it" % (cards.name(shown[s]))
                )
    if done < 4:
        if seq or takers or any(b != NO_BID for b in bids):
            raise ValueError("nothing is played or bid before all four show (PC-3)")
        g.phase = PH_SHOW
        g._to_move = done
        return
    # Back to the hands as they were after the passes, for the replay.
    for c in range(52):
        g.loc[c] = owner[c]
    g.phase = PH_PLAY
    g._to_move = (g.dealer + 1) % 4


def _replay(g, seq, takers, bids):
    if g.phase != PH_PLAY:
        return
    g._replay = True
    i = 0
    while True:
        ph = g.phase
        if ph == PH_PLAY:
            if i == len(seq):
                break
            c = seq[i]
            p = g._to_move
            if g.loc[c] != p or not g._can_play(p, c):
                raise ValueError("play %d (%s): %s" % (i + 1, cards.name(c), g.why_illegal(c)))
            g._play(p, c)
            i += 1
        elif ph == PH_TAKE:
            t = g.n_tricks
            if t == len(takers):
                break
            p = g._to_move
            if takers[t] == p:
                g._do(TAKE_SELF)
            elif takers[t] == (p + 2) % 4:
                g._do(TAKE_PARTNER)
            else:
                raise ValueError("trick %d goes to seat %d or %d (PC-9)" % (t + 1, p, (p + 2) % 4))
        elif ph == PH_BID:
            p = g._to_move
            if bids[p] == NO_BID:
                break
            why = g.why_illegal(BID0 + bids[p])
            if why:
                raise ValueError("bid of seat %d: %s" % (p, why))
            g._do(BID0 + bids[p])
        else:
            break
        t = g.n_tricks
        if t and takers[:t] != g.takers[:t]:
            raise ValueError("trick %d is taken by seat %d by PC-7 ... PC-9" % (t, g.takers[t - 1]))
        g.events = []
    g._replay = False
    if i != len(seq) or g.n_tricks != len(takers):
        raise ValueError("the play history stops early (a bid or take choice is missing)")
    if g.bids != bids:
        raise ValueError("field 'b': only a seat that has won a trick has bid (PC-10)")


def _check_phase_and_scores(g, phase, m):
    if g.phase == _PH_DONE:
        # The last hand is over and the game with it.
        if phase != PH_OVER or m != "-":
            raise ValueError("a finished hand ends the game here: ph=X, m=- (PC-15)")
        x = bytes(g.bids) + bytes(g.won) + bytes(g.neg_ones) + bytes(g.adams)
        if g.last != x:
            raise ValueError("field 'l' must be the finished last hand")
        w = _game_winner(g.scores[0], g.scores[1], g.target)
        if w is None:
            raise ValueError("the game is not over at these scores (PC-15)")
        d0, d1 = team_scores(g.bids, g.won, g.neg_ones, g.adams)
        b0 = g.scores[0] - d0
        b1 = g.scores[1] - d1
        if _game_winner(b0, b1, g.target) is not None or (g.hand_no == 1 and (b0 or b1)):
            raise ValueError("the scores before the last hand do not fit (PC-15)")
        g.phase = PH_OVER
        g.winner = w
        return
    if phase != g.phase or m != str(g._to_move):
        raise ValueError(
            "the position has phase %s and seat %d to move" % (PHASE_LETTERS[g.phase], g._to_move)
        )
    if _game_winner(g.scores[0], g.scores[1], g.target) is not None:
        raise ValueError("these scores would have ended the game (PC-15)")
    if g.hand_no == 1:
        if g.last is not None or g.scores != [0, 0]:
            raise ValueError("hand 1 has no last hand and scores 0,0")
        return
    x = g.last
    if x is None:
        raise ValueError("field 'l' is missing the last hand")
    won = x[4:8]
    if sum(won) != 13:
        raise ValueError("field 'l': the tricks won add up to 13")
    total = 0
    for s in range(4):
        if (x[s] == NO_BID) != (won[s] == 0):
            raise ValueError("field 'l': a seat bids exactly when it wins a trick (PC-10)")
        if x[s] != NO_BID:
            total += x[s]
        if x[8 + s] > 3 or x[12 + s] > 2:
            raise ValueError("field 'l': at most 3 Negative Ones and 2 Adams a seat")
    if total == 13:
        raise ValueError("field 'l': the bids may never total 13 (PC-10)")
