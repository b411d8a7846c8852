"""How deep the long tests go: ``make test`` (and CI) run them at a depth that
keeps the whole suite within six minutes on two cores and still finds what
they are for; ``make test-deep`` (``PICOCARDS_DEEP=1``) runs them longer, for
a change to the rules core, the players or the app's handling of presses.
The tests are the same at either depth; only their counts grow."""

import os

DEEP = os.environ.get("PICOCARDS_DEEP") == "1"


def pick(normal, deep):
    """``deep`` under ``make test-deep``, else ``normal``."""
    return deep if DEEP else normal
