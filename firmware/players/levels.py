"""Difficulty levels of the computer players, and the factory the game
screens and tools use.

- Easy: a beginner (``players/<game>/beginner.py``: its own hand and the
  table only, simple rules of thumb, no card memory).
- Normal: the search player (players/search.py) with a small budget
  (``NORMAL_WORK``, about a third of Hard's).
- Hard: the search player with the largest budget that keeps a decision
  under one second on a Pico at 125 MHz (``HARD_WORK``, set from
  tools/bench/bench_pico.py on the emulated Pico), and a time cap of
  ``HARD_CAP_MS`` when a clock is given: the whole computer turn, the save
  after the decision included, within ``TURN_MS``.
- Expert: the same search with ten times Hard's budget (``EXPERT_WORK``)
  and the kit's ``expert()`` kit where it has one (Clubbed: its own worlds
  and outcome, players/clubbed/kit.py; Klaberjass: worlds in the play
  fitted to the other seat's cards, players/klaberjass/kit.py),
  offered where a decision stays under ``DEVICE_LIMIT_MS`` (``offered``):
  the simulator and the web page, not the Pico (``PICO_MS``).
"""


LEVELS = ("Easy", "Normal", "Hard", "Expert")
EASY = 0
NORMAL = 1
HARD = 2
EXPERT = 3
DEFAULT = NORMAL
GAMES = ("clubbed", "klaberjass", "clubs")

# Playout moves per decision, per game (clubbed, klaberjass, clubs): a
# playout move costs under 1 ms on a Pico in Klaberjass's and about 0.4 ms
# in Clubbed's compact playouts (tools/bench/bench_search.py); Clubs counts
# moves through its policy and the full rules, about 4 of its mask playout's
# (players/clubs/kit.py WORK_SCALE); the world under way is finished past
# the budget.
NORMAL_WORK = (550, 400, 135)
# Hard: the largest budgets that keep the mean decision near 600 ms and
# under 700 on the emulated Pico (tools/bench/bench_pico.py, frozen image);
# the time cap bounds the slowest. Clubbed at 2000: 524 ms on average;
# Klaberjass at 2000: 570 (at 2200 one image gave 631 to 706 ms: the heap
# left by what ran before changes the speed by about 30 ms over ten
# decisions); Clubs at 525: 620. Klaberjass gains most from more worlds
# (tools/ai/arena.py: about 2 points over the heuristic at 2.5 times 900).
HARD_WORK = (2000, 2000, 525)
EXPERT_WORK = tuple(10 * w for w in HARD_WORK)
MAX_WORLDS = 64  # at most this many worlds (keeps the search's sums below 2**30)
EXPERT_WORLDS = 256  # Expert's cap (players/search.py tests past 64 worlds in a scaled form)
# A computer turn on the device is its decision, then (when your turn
# comes) the save of the game (app.main App.moved) and the new frame: the
# player waits for all of it, and the CPU is busy throughout (the flash
# cannot be read while it erases). TURN_MS bounds the whole turn; SAVE_MS
# is left after the decision for the rest. On the emulated Pico, with the
# flash chip's typical times charged (W25Q16JV: a 4 KB sector erase 45 ms,
# a 256-byte page 0.4 ms), the rest of a Klaberjass turn at Hard took up
# to 264 ms over 60 turns (tools/bench/bench_pico.py, turns: littlefs
# erases a sector or more for a save), so a 900 ms cap lets a turn run
# past the second (1,029 ms seen). The cap stops the search before a
# world that would cross it, so a decision ends by its cap.
TURN_MS = 1000
SAVE_MS = 300
NORMAL_CAP_MS = 400
HARD_CAP_MS = TURN_MS - SAVE_MS
EXPERT_CAP_MS = 10000
# A level is offered on a device only if its slowest decision stays under this.
DEVICE_LIMIT_MS = 2000
# Per level, the slowest decision on the emulated Pico, ms, per game
# (clubbed, klaberjass, clubs): tools/bench/bench_pico.py --uf2 ... --skip
# boot,push,memory --levels 1,2 (10 decisions per game and level, frozen
# image at 6658ca6, Klaberjass just after a54e2f8; Easy from 7c3f0b9; means:
# Normal 163, 152, 205, Hard 520, 699, 624). Expert's are not measured there
# (ten decisions would take the emulator most of an hour): its budget is
# ten times Hard's, so about ten times Hard's slowest, far past the limit.
PICO_MS = ((1, 1, 1), (201, 181, 255), (616, 887, 659), (6160, 8870, 6590))


def offered(device=False):
    """The levels (ints, ascending) a player may pick: every level in the
    simulator and the web page; on a device (``device`` True: a Pico)
    only those whose slowest decision in every game (``PICO_MS``) stays
    under ``DEVICE_LIMIT_MS``."""
    if not device:
        return tuple(range(len(LEVELS)))
    return tuple(v for v in range(len(LEVELS)) if max(PICO_MS[v]) < DEVICE_LIMIT_MS)


def usable(level, device=False):
    """``level`` if it is offered (see ``offered``), else the highest
    offered level below it (a settings file from the simulator with Expert,
    read on a Pico, plays Hard)."""
    ok = offered(device)
    while level > 0 and level not in ok:
        level -= 1
    return level


def heuristic(game, seed=0):
    """The heuristic player of ``game`` (one of GAMES). Raises ValueError for
    an unknown game."""
    if game == "clubbed":
        from players.clubbed.heuristic import ClubbedHeuristic

        return ClubbedHeuristic(seed)
    if game == "klaberjass":
        from players.klaberjass.heuristic import KlaberjassHeuristic

        return KlaberjassHeuristic(seed)
    if game == "clubs":
        from players.clubs.heuristic import ClubsHeuristic

        return ClubsHeuristic(seed)
    raise ValueError("unknown game %r (one of %s)" % (game, ", ".join(GAMES)))


def kit(game):
    """The search kit module of ``game``."""
    if game == "clubbed":
        from players.clubbed import kit as clubbed_kit

        return clubbed_kit
    if game == "klaberjass":
        from players.klaberjass import kit as klaberjass_kit

        return klaberjass_kit
    from players.clubs import kit as clubs_kit

    return clubs_kit


def beginner(game, seed=0):
    """Easy's player of ``game``: the game's beginner (``players.<game>.beginner``,
    class ``<Game>Beginner(seed)``)."""
    if game == "clubbed":
        from players.clubbed.beginner import ClubbedBeginner as B
    elif game == "klaberjass":
        from players.klaberjass.beginner import KlaberjassBeginner as B
    else:
        from players.clubs.beginner import ClubsBeginner as B
    return B(seed)


def search(game, seed, work, time_ms=0, clock=None, max_worlds=MAX_WORLDS, expert=False):
    """A search player for ``game`` with ``work`` playout moves per decision
    (at most ``max_worlds`` worlds); its prior is the kit's ``prior(seed)``
    if it has one, else the heuristic. ``expert``: the kit's ``expert()``
    kit if it has one (Expert's own worlds or test), else the kit."""
    from players.search import Search

    k = kit(game)
    fallback = k.prior(seed) if hasattr(k, "prior") else heuristic(game, seed)
    if expert and hasattr(k, "expert"):
        k = k.expert()
    return Search(k, fallback, seed, work, max_worlds, time_ms, clock)


def autoplayer(game, options, seed=0, clock=None):
    """The computer player of the person's seat when ``options`` (a game's
    options dict) has ``autoplay``: at level ``options["autolevel"]`` when
    given (``host_sim --autoplay LEVEL``), else the heuristic (replays,
    tests); None without ``autoplay``."""
    if not options.get("autoplay"):
        return None
    level = options.get("autolevel")
    if level is None:
        return heuristic(game, seed)
    return make(game, level, seed ^ 1, clock)


def make(game, level, seed=0, clock=None):
    """A computer player for ``game`` (``"clubbed"``, ``"klaberjass"`` or
    ``"clubs"``, case ignored) at ``level`` (0 Easy, 1 Normal, 2 Hard,
    3 Expert; see ``offered`` for where each is offered).
    ``clock`` (``ticks_ms``/``ticks_diff``) caps search time on the device;
    without it the budget is iterations only (deterministic for ``seed``).

    Raises ValueError for an unknown game or level (only the ints 0 ... 3:
    not True or 1.0).
    """
    game = game.lower() if isinstance(game, str) else game
    if game not in GAMES:
        raise ValueError("unknown game %r (one of %s)" % (game, ", ".join(GAMES)))
    if type(level) is not int:  # True == 1 and 1.0 == 1: not levels
        raise ValueError("unknown level %r (0 Easy, 1 Normal, 2 Hard, 3 Expert)" % (level,))
    if level == EASY:
        return beginner(game, seed)
    i = GAMES.index(game)
    if level == NORMAL:
        return search(game, seed, NORMAL_WORK[i], NORMAL_CAP_MS, clock)
    if level == HARD:
        return search(game, seed, HARD_WORK[i], HARD_CAP_MS, clock)
    if level == EXPERT:
        return search(game, seed, EXPERT_WORK[i], EXPERT_CAP_MS, clock, EXPERT_WORLDS, True)
    raise ValueError("unknown level %r (0 Easy, 1 Normal, 2 Hard, 3 Expert)" % (level,))
