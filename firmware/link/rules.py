"""The game both consoles play: its name, its rule options, and the game
object built from a seed.

Rules travel as text, ``name`` then ``;key=value`` per option, keys sorted,
values ints (True and False as 1 and 0): ``"klaberjass;alternate=0;target=500"``.
Two consoles agree when their texts are equal; ``differences`` words the
first thing that differs for the screen.
"""

GAMES = ("clubbed", "klaberjass", "clubs")
SEATS = (2, 2, 4)


def text(game, options):
    """The rules text of ``game`` (one of GAMES) with ``options`` (a dict of
    keyword: bool or int, what the game's constructor takes). ValueError for
    an unknown game, an option value that is not an int, or a text too long
    for a hello (``MAX``)."""
    if game not in GAMES:
        raise ValueError("no link play for game %r" % (game,))
    parts = [game]
    for k in sorted(options):
        v = options[k]
        if v is True or v is False:  # (MicroPython's bool is not an int)
            v = 1 if v else 0
        elif not isinstance(v, int):
            raise ValueError("option %s must be an int or a bool, got %r" % (k, v))
        parts.append("%s=%d" % (k, v))
    t = ";".join(parts)
    if len(t) > MAX:
        raise ValueError("rule options too long for the link (%d characters)" % len(t))
    return t


MAX = 90


def parse(t):
    """``(game, {key: int})`` of a rules text; ValueError saying what is wrong."""
    parts = t.split(";")
    opts = {}
    for p in parts[1:]:
        k, sep, v = p.partition("=")
        if not sep or not k:
            raise ValueError("bad rule option %r" % (p,))
        try:
            opts[k] = int(v)
        except ValueError:
            raise ValueError("bad value of rule option %r" % (p,))
    return parts[0], opts


def _title(game):
    return game[:1].upper() + game[1:]


def _words(key):
    return key.replace("_", " ")


def _onoff(v):
    return "on" if v == 1 else ("off" if v == 0 else str(v))


def differences(mine, theirs):
    """A sentence for a player saying how rules text ``theirs`` (the other
    console's) differs from ``mine``, or None when they are the same."""
    if mine == theirs:
        return None
    try:
        g1, o1 = parse(mine)
        g2, o2 = parse(theirs)
    except ValueError:
        return "The other console sent rules this one cannot read"
    if g1 != g2:
        return "The other console is set for %s, this one for %s" % (_title(g2), _title(g1))
    for k in sorted(set(o1) | set(o2)):
        a = o1.get(k)
        b = o2.get(k)
        if a != b:
            if a is None or b is None:
                return "Rule %s is known on one console only: update both" % _words(k)
            if k == "target":
                return "The other console plays to %d, this one to %d" % (b, a)
            return "Rule %s is %s on the other console, %s here" % (_words(k), _onoff(b), _onoff(a))
    return "The rules differ"


def new_game(t, seed):
    """The game of rules text ``t`` dealt from ``seed`` (an int < 2**30).
    ValueError for an unknown game or an option the game refuses."""
    game, opts = parse(t)
    if game == "clubbed":
        from cardgames.clubbed import Clubbed as G
    elif game == "klaberjass":
        from cardgames.klaberjass import Klaberjass as G
    elif game == "clubs":
        from cardgames.clubs import Clubs as G
    else:
        raise ValueError("no link play for game %r" % (game,))
    try:
        return G(seed=seed, **opts)
    except TypeError:
        raise ValueError("%s has no such rule option: %s" % (_title(game), ", ".join(opts)))


def seats(t):
    """Number of seats of the game of rules text ``t``."""
    return SEATS[GAMES.index(parse(t)[0])]
