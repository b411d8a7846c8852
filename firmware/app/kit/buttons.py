"""Logical buttons the app understands, whatever the board has.

A Buttons source (hardware driver or simulator) offers ``get()``: the next
pressed logical button (one of the constants below) or -1 when none is waiting.
"""

LEFT = 0
RIGHT = 1
UP = 2
DOWN = 3
A = 4  # select / confirm
B = 5  # back / pause
NONE = -1

NAMES = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B")


def from_name(word):
    """Button constant for a name such as ``"A"`` or ``"left"``.

    Raises ValueError for an unknown name.
    """
    w = word.upper()
    for i in range(len(NAMES)):
        if NAMES[i] == w:
            return i
    raise ValueError("unknown button %r (want one of %s)" % (word, " ".join(NAMES)))


class ScriptedButtons:
    """A Buttons source fed from a list, for tests and scripted runs."""

    def __init__(self, presses=()):
        self.queue = list(presses)

    def push(self, button):
        """Queue one logical button press."""
        self.queue.append(button)

    def get(self):
        """Next queued press, or NONE."""
        if self.queue:
            return self.queue.pop(0)
        return NONE
