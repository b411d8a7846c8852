"""Key scripts for headless runs: ``"A A RIGHTx3 WAIT:500 SHOT:hand B"``.

Tokens are separated by whitespace or commas; ``#`` starts a comment that runs
to the end of the line (handy in ``--keys-file`` files). Case does not matter
except in screenshot names.

- a button name, ``LEFT RIGHT UP DOWN A B``: one press; the runner then lets
  the app settle (run until it waits for a human) before the next token.
- ``WAIT:ms``: let ``ms`` milliseconds of (virtual) time pass, stepping the app
  at every deadline on the way.
- ``SHOT:name``: save the shown frame as ``name.png`` (name: letters, digits,
  ``_ . -``; not starting with ``.``).
- ``xN`` after a button or a wait repeats it N times: ``RIGHTx3``,
  ``WAIT:100x5``. N is 1..10000.
"""

import re

from app.kit import buttons

PRESS = "press"
WAIT = "wait"
SHOT = "shot"

_REPEAT = re.compile(r"^(.*?)[xX](\d+)$")
_SHOT_NAME = re.compile(r"^[A-Za-z0-9_\-][A-Za-z0-9_.\-]{0,63}$")
_DIGITS = re.compile(r"^[0-9]{1,9}$")
MAX_REPEAT = 10000


def _one(word, token):
    """The step tuple for one token without repetition (``word``), or raise."""
    upper = word.upper()
    if upper.startswith("WAIT:"):
        arg = word[5:]
        if not _DIGITS.match(arg):
            raise ValueError("bad key-script token %r: WAIT needs milliseconds, e.g. WAIT:500"
                             % token)
        return (WAIT, int(arg))
    if upper in buttons.NAMES:
        return (PRESS, buttons.from_name(upper))
    raise ValueError("bad key-script token %r: want a button (%s), WAIT:ms or SHOT:name, "
                     "optionally followed by xN" % (token, " ".join(buttons.NAMES)))


def parse_token(token):
    """Steps for one token: a list of ``(kind, arg)`` tuples.

    ``kind`` is ``PRESS`` (arg: button constant 0..5), ``WAIT`` (arg: int ms)
    or ``SHOT`` (arg: file name without ``.png``). Raises ValueError naming the
    token when it is not understood.
    """
    if token.upper().startswith("SHOT:"):
        name = token[5:]
        if not _SHOT_NAME.match(name):
            raise ValueError("bad key-script token %r: SHOT needs a name of 1-64 letters, "
                             "digits, _ . - (e.g. SHOT:title)" % token)
        return [(SHOT, name)]
    m = _REPEAT.match(token)
    if m and m.group(1):
        count = int(m.group(2))
        if not 1 <= count <= MAX_REPEAT:
            raise ValueError("bad key-script token %r: repeat count must be 1..%d"
                             % (token, MAX_REPEAT))
        return [_one(m.group(1), token)] * count
    return [_one(token, token)]


def parse(text):
    """All steps of a key script (str), in order: list of ``(kind, arg)``.

    Raises ValueError naming the first bad token.
    """
    steps = []
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        for token in line.replace(",", " ").split():
            steps.extend(parse_token(token))
    return steps
