"""Game records: every finished game is written by ``app.persist.files`` as file
``r<number>`` (the ``app.persist.storage`` format, kind ``record``) with these
fields::

    game=Clubbed            the game's name (app.games)
    id=12                   its number on this console
    seed=536870911          the seed its core and computer players started from
    kw=dealer:1,refill:y    the core's constructor options (app.persist.files.enc_dict)
    you=0                   the human's seat
    act=0b0f0e11...         every action, two hex digits each, in order
    res=1,-1                the core's result() per seat
    pos=CB1;...             the final position (the core's to_text)
    help=y                  only in a game played with a hint or a take-back

``replay_core`` rebuilds the game from seed and options and applies every
action through the rules (on CPython and MicroPython alike); the simulator's
``python -m host_sim replay FILE`` shows the same moves on the game's screen
(``start_replay``).
"""

from app import games, modules
from app.persist import files as persist
from app.persist.storage import decode, unhexlify


def parse(data):
    """The fields of record file bytes ``data``; ValueError saying what is
    wrong (damaged file, unknown game, options not the game's, moves not
    hex)."""
    f = decode(data, "record")
    for k, what in (("game", "game"), ("seed", "seed"), ("kw", "options"), ("act", "moves"),
                    ("res", "result"), ("pos", "final position")):
        if k not in f:
            raise ValueError("it does not say its %s" % what)
    e = persist.find(f["game"])
    if e is None:
        raise ValueError("it is of a game this console does not have (%s)" % f["game"][:16])
    try:
        persist.dec_int(f["seed"])
        persist.check_kw(e, persist.dec_dict(f["kw"]))
    except ValueError as ex:
        raise ValueError("its seed or options are damaged (%s)" % ex)
    try:
        unhexlify(f["act"])
    except ValueError:  # binascii.Error on CPython is one
        raise ValueError("its list of moves is damaged")
    return f


def new_core(f):
    """A new core game as the record's game started (seed and options)."""
    e = persist.find(f["game"])
    cls = getattr(persist.core_of(e), e.name)  # each core's class is named like its game
    kw = persist.dec_dict(f["kw"])
    persist.check_kw(e, kw)  # ValueError, not the constructor's TypeError
    return cls(seed=persist.dec_int(f["seed"]), **kw)


def replay_core(f):
    """The record's game with all its actions applied, checked by the rules:
    ``(game, problem)`` where problem is None when the final position and
    result equal the record's, else words saying what differs. Raises
    ValueError when an action is illegal."""
    g = new_core(f)
    acts = unhexlify(f["act"])
    for i in range(len(acts)):
        if g.is_over():
            raise ValueError("the game ended before move %d" % (i + 1))
        try:
            g.apply(acts[i])
        except ValueError as e:
            raise ValueError("move %d breaks the rules: %s" % (i + 1, e))
    if g.to_text() != f["pos"]:
        return g, "the final position differs from the record's"
    if not g.is_over() or ",".join(str(r) for r in g.result()) != f["res"]:
        return g, "the result differs from the record's"
    return g, None


class Feeder:
    """Stands in for the computer players of a replayed game: ``choose``
    returns the record's next action (``count`` so far), checking it is
    legal. ``acts``: bytes-like of actions."""

    def __init__(self, acts):
        self.acts = acts
        self.count = 0

    # Its failures are the record's, not a player's bug: the screen says
    # them in these words (app.screen.computer_choice).
    record = True

    def choose(self, obs, legal):
        if self.count >= len(self.acts):
            raise ValueError("it ends before the game does")
        a = self.acts[self.count]
        if a not in legal:
            raise ValueError("its move %d breaks the rules" % (self.count + 1))
        self.count += 1
        return a


def start_replay(app, f):
    """Show the record ``f``'s game on ``app``: its screen with every seat
    played by a ``Feeder`` (returned). Give ``app`` a storage of its own
    (its saves and records are of the replay)."""
    e = persist.find(f["game"])
    app.game_index = games.GAMES.index(e)
    mod = modules.load(e.module)
    # An option the record leaves out is the core's default, as
    # ``replay_core`` builds it (the games' defaults are the cores'); a
    # missing Clubbed dealer is the screen's first, West, the core's too.
    opts = {k: d for k, _, d in e.options}
    opts.update(persist.dec_dict(f["kw"]))
    opts["autoplay"] = True
    opts["record"] = True  # a record played back: the viewer's keys, not the table's
    screen = mod.start(app, persist.dec_int(f["seed"]), opts)
    feeder = Feeder(unhexlify(f["act"]))
    if hasattr(screen, "ais"):
        screen.ais = (feeder, feeder)
    else:
        screen.ai = feeder
    if hasattr(screen, "south_ai"):
        screen.south_ai = feeder  # Clubs' human seat: not its own heuristic
    app.show(screen)
    return feeder
