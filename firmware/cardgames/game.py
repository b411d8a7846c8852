"""The interface every game module shares, in the spirit of OpenSpiel.

A game object is created from a seed and options, e.g. ``Clubbed(seed=7)``, and
offers:

- ``current_player``: seat number (0..n-1) to act, or ``None`` when over.
- ``legal_actions()``: list of small ints, ascending. A card to play is its card
  int (0..51, see ``cards``); special actions are module constants (``DRAW``).
- ``apply(action)``: plays it, or raises ValueError saying why it is illegal and
  leaves the state unchanged.
- ``is_over()``, ``result()``: per seat +1 win, 0 draw, -1 loss.
- ``observation(seat)``: exactly what that seat may know (the game's rule on
  information in RULES.md).
- ``events``: what the last ``apply`` did, as tuples ``(kind, seat, a, b)`` the UI
  can show; ``describe(event, viewer, seat_names)`` words them.
- ``to_text()`` / module ``from_text(s)``: the position notation, documented per
  game, used by tests, saves and bug reports.
"""

NUM_SEATS_MAX = 4


def illegal(msg):
    """ValueError for an illegal action; games raise what this returns."""
    return ValueError(msg)


class Game:
    """Base of every game class: the checked ``apply`` of the interface, so
    the promise "an illegal action raises ValueError saying why and changes
    nothing" lives in one place. A game provides ``why_illegal(action)`` (a
    reason or None) and ``_apply(action)`` (the move, known to be legal)."""

    def apply(self, action):
        """Take ``action`` for the seat to move.

        Raises ValueError with ``why_illegal``'s reason when it is illegal; the
        state is then unchanged. Fills ``events`` with what happened.
        """
        why = self.why_illegal(action)
        if why:
            raise illegal(why)
        self._apply(action)
