"""Hint (pause menu): the move the Normal computer player would make for
you, with a one-line reason in words, and the cursor put on it. Imported
only when asked for, and forgotten afterwards with the player it made
(``App.module``), so a game without hints holds none of this code.

The player is made afresh for each hint from the game's seed without a
clock: the hint depends only on what your seat may see (its observation,
CB-11, KJ-16, PC-16) and the seed, never on hidden cards or timing.
"""

from app import games

# The core modules' names for players.levels, in the order of games.GAMES.
KEYS = ("clubbed", "klaberjass", "clubs")


def best(app, screen, seat):
    """The action (int) the Normal player picks for ``seat`` in
    ``screen.game`` (the human is to move), deterministic for the screen's
    seed. ValueError when the seat has nothing to choose."""
    from players import levels

    g = screen.game
    key = KEYS[app.game_index]
    player = levels.make(key, levels.NORMAL, screen.seed)
    if app.unload_games:
        games.forget("players.levels")
    return player.choose(g.observation(seat), g.legal_actions())


def reason(key, g, a, seat):
    """One line saying what action ``a`` (legal for ``seat`` in core game
    ``g`` of game ``key``) does, in a player's words: "K♠ wins 14 points"
    (the trick's card points, KJ-13)."""
    if key == "clubbed":
        return _clubbed(g, a)
    if key == "klaberjass":
        return _klaberjass(g, a)
    return _clubs(g, a, seat)


# The reasons are short (at most 21 characters but the card names), so that
# they fit the 128x64 screen's hint row too.


def _clubbed(g, a):
    from cardgames import clubbed as cb

    if a == cb.DRAW:
        return "Draw: no match for %s" % cb.symbol_name(g.top()) if g.n_pile else \
            "Draw: only clubs held"
    name = cb.symbol_name(a)
    if a < 13:  # CB-5, CB-6: a club hands the pile over
        n = g.n_pile + 1 if g.n_pile else 1
        return "%s gives West %d card%s" % (name, n, "" if n == 1 else "s")
    return "Play %s, keep clubs" % name


def _klaberjass(g, a):
    from cardgames import klaberjass as kj

    sym = kj.SUIT_SYMBOLS
    if a == kj.ACCEPT:
        return "Accept %s: strong in it" % sym[g.turned_suit]
    if a == kj.PASS:
        return "Pass: too weak to bid"
    if kj.NAME_CLUBS <= a <= kj.NAME_SPADES:
        return "Name %s: best suit" % sym[a - kj.NAME_CLUBS]
    if a == kj.EXCHANGE:
        return "Swap for the %s" % kj.symbol_name(g.turned)
    if a == kj.DECLINE:
        return "Keep the seven"
    name = kj.symbol_name(a)
    tr = g.trick()
    t = g.trump
    if not tr:
        return "Lead %s%s" % (name, " (trump)" if a // 13 == t else "")
    pts = kj.card_points(tr[0], t) + kj.card_points(a, t)
    if kj.beats(tr[0], a, t):
        return "%s wins %d points" % (name, pts)  # the trick's card points
    return "%s gives up %d points" % (name, pts)


def _clubs(g, a, seat):
    from cardgames import clubs

    if a >= clubs.BID0 and a <= clubs.BID0 + 13:
        n = a - clubs.BID0
        return "Bid %d trick%s" % (n, "" if n == 1 else "s") if n else "Bid nil: win none"
    if a == clubs.TAKE_SELF:
        return "Take it yourself"
    if a == clubs.TAKE_PARTNER:
        return "Give it to North"
    name = clubs.symbol_name(a)
    ph = g.phase
    if ph == clubs.PH_PASS_HEARTS:
        return "Pass %s first" % name
    if ph == clubs.PH_PASS_PARTNER:
        return "Pass %s to North" % name
    if ph == clubs.PH_SHOW:
        return "Show %s" % name
    cs = g.trick()
    led = cs[0] // 13 if cs else a // 13
    return "%s counts %d here" % (name, clubs.card_value(a, led))  # PC-6


def _index(seq, v):
    for i in range(len(seq)):
        if seq[i] == v:
            return i
    return -1


def show(app, screen):
    """Pause menu -> Hint on game ``screen``: the Normal player's move for
    you with its reason on the hint line and the cursor (or the choice) on
    it; the game counts as played with help (``app.sessions``, kept in the
    save, counted apart in the statistics)."""
    key = KEYS[app.game_index]
    if not screen.human_turn():
        screen.hint = "Hint: on your turn"
        screen.hint_alert = True
        return
    seat = 2 if key == "clubs" else 0
    if key == "clubs":
        screen.pick = 255  # the Hearts-pass pick, if any, goes back (NO_CARD)
    a = best(app, screen, seat)
    if key == "clubbed":
        screen.cursor = _index(screen.slots, a)
    elif key == "klaberjass" and screen.choices:
        screen.choice = _index(screen.choices, a)
    elif key == "clubs" and screen.bidding():
        screen.bid_val = a - 100  # clubs.BID0
    elif key == "clubs" and screen.taking():
        screen.take_sel = 1 if a == 121 else 0  # clubs.TAKE_PARTNER
    else:
        screen.cursor = _index(screen.hand, a)
    # "Hint: " where there is room for it (not on the 128x64 screen).
    screen.hint = ("" if app.compact else "Hint: ") + reason(key, screen.game, a, seat)
    screen.hint_alert = True
    app.sessions[app.game_name()]["helped"] = 1
