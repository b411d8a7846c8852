"""Difficulty levels of the computer players, and the factory the game
screens and tools use.

- Easy: the heuristic, which now and then (``EASY_SLIP`` in 100 decisions
  with a choice) plays a random legal action instead.
- Normal: the search player (players/search.py) with a small budget
  (``NORMAL_WORK``, about a third of Hard's).
- Hard: the search player with the largest budget that keeps a decision
  under one second on a Pico at 125 MHz (``HARD_WORK``, set from
  tools/bench/bench_search.py: MicroPython (Node) timings scaled by pystone, see
  the README), and a time cap of ``HARD_CAP_MS`` when a clock is given.
"""

from cardgames.rng import Rng

LEVELS = ("Easy", "Normal", "Hard")
EASY = 0
NORMAL = 1
HARD = 2
DEFAULT = NORMAL
GAMES = ("clubbed", "klaberjass", "clubs")

EASY_SLIP = 20
# Playout moves per decision, per game (clubbed, klaberjass, clubs): a
# playout move costs about 2 ms on a Pico in Clubs, under 1 ms in
# Klaberjass's and about 0.4 ms in Clubbed's compact playouts
# (tools/bench/bench_search.py), and the world under way is finished past the
# budget.
NORMAL_WORK = (550, 400, 120)
HARD_WORK = (1600, 1200, 350)
MAX_WORLDS = 64  # at most this many worlds (keeps the search's sums below 2**30)
NORMAL_CAP_MS = 400
HARD_CAP_MS = 900


class Easy:
    """The heuristic ``inner`` with slips: in ``slip`` of 100 decisions that
    have a choice it plays a random legal action (``seed`` drives them)."""

    def __init__(self, inner, seed=0, slip=EASY_SLIP):
        self.inner = inner
        self.rng = Rng(seed)
        self.slip = slip

    def choose(self, obs, legal):
        """The heuristic's choice of ``legal``, or now and then a random one.

        Raises ValueError when ``legal`` is empty.
        """
        a = self.inner.choose(obs, legal)
        if len(legal) > 1 and self.rng.below(100) < self.slip:
            return self.rng.choice(legal)
        return a


def heuristic(game, seed=0):
    """The heuristic player of ``game`` (one of GAMES). Raises ValueError for
    an unknown game."""
    if game == "clubbed":
        from players.clubbed_heuristic import ClubbedHeuristic

        return ClubbedHeuristic(seed)
    if game == "klaberjass":
        from players.klaberjass_heuristic import KlaberjassHeuristic

        return KlaberjassHeuristic(seed)
    if game == "clubs":
        from players.clubs_heuristic import ClubsHeuristic

        return ClubsHeuristic(seed)
    raise ValueError("unknown game %r (one of %s)" % (game, ", ".join(GAMES)))


def kit(game):
    """The search kit module of ``game``."""
    if game == "clubbed":
        from players import clubbed_kit

        return clubbed_kit
    if game == "klaberjass":
        from players import klaberjass_kit

        return klaberjass_kit
    from players import clubs_kit

    return clubs_kit


def search(game, seed, work, time_ms=0, clock=None):
    """A search player for ``game`` with ``work`` playout moves per decision;
    its prior is the kit's ``prior(seed)`` if it has one, else the heuristic."""
    from players.search import Search

    k = kit(game)
    fallback = k.prior(seed) if hasattr(k, "prior") else heuristic(game, seed)
    return Search(k, fallback, seed, work, MAX_WORLDS, time_ms, clock)


def make(game, level, seed=0, clock=None):
    """A computer player for ``game`` (``"clubbed"``, ``"klaberjass"`` or
    ``"clubs"``, case ignored) at ``level`` (0 Easy, 1 Normal, 2 Hard).
    ``clock`` (``ticks_ms``/``ticks_diff``) caps search time on the device;
    without it the budget is iterations only (deterministic for ``seed``).

    Raises ValueError for an unknown game or level (only the ints 0, 1, 2:
    not True or 1.0).
    """
    game = game.lower() if isinstance(game, str) else game
    if game not in GAMES:
        raise ValueError("unknown game %r (one of %s)" % (game, ", ".join(GAMES)))
    if type(level) is not int:  # True == 1 and 1.0 == 1: not levels
        raise ValueError("unknown level %r (0 Easy, 1 Normal, 2 Hard)" % (level,))
    if level == EASY:
        return Easy(heuristic(game, seed), seed)
    i = GAMES.index(game)
    if level == NORMAL:
        return search(game, seed, NORMAL_WORK[i], NORMAL_CAP_MS, clock)
    if level == HARD:
        return search(game, seed, HARD_WORK[i], HARD_CAP_MS, clock)
    raise ValueError("unknown level %r (0 Easy, 1 Normal, 2 Hard)" % (level,))
