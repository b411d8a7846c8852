"""A player that picks uniformly among the legal actions (for tests and as the
weakest opponent)."""

from cardgames.rng import Rng


class RandomPlayer:
    """Uniform choice driven by the project PRNG seeded with ``seed``."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, obs, legal):
        """One of ``legal`` (list of action ints). Raises ValueError if empty."""
        return self.rng.choice(legal)
