"""What the heuristic players share."""


class Heuristic:
    """Base of the heuristic players. ``seed`` is unused (they are
    deterministic) but kept for a uniform constructor across players.
    Subclasses implement ``_choose(obs, legal)`` for two or more choices."""

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, obs, legal):
        """Best of ``legal`` for ``obs`` (the game's Observation).

        Raises ValueError when ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        return self._choose(obs, legal)
