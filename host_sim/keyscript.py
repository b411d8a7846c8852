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

A wait is at most ``MAX_WAIT_MS`` (ten minutes: longer than any timer of the
app) and a script at most ``MAX_STEPS`` steps once repeated; beyond either
it is refused before the app starts, with a message naming the limit.
``parse`` checks every token up front but keeps each as one run (step,
count): a script is expanded one step at a time as it runs, so a short file
of large repeats never fills the memory.
"""

import re

from app.kit import buttons

PRESS = "press"
WAIT = "wait"
SHOT = "shot"

_REPEAT = re.compile(r"^(.*?)[xX](\d{1,9})$")
_SHOT_NAME = re.compile(r"^[A-Za-z0-9_\-][A-Za-z0-9_.\-]{0,63}$")
_DIGITS = re.compile(r"^[0-9]{1,9}$")
MAX_REPEAT = 10000
MAX_WAIT_MS = 600_000  # one WAIT; the longest timer of the app is 300 s (dimming)
MAX_STEPS = 200_000  # a whole script, repeats counted


def _one(word, token):
    """The step tuple for one token without repetition (``word``), or raise."""
    upper = word.upper()
    if upper.startswith("WAIT:"):
        arg = word[5:]
        if not _DIGITS.match(arg):
            raise ValueError("bad key-script token %r: WAIT needs milliseconds, e.g. WAIT:500"
                             % token)
        if int(arg) > MAX_WAIT_MS:
            raise ValueError("bad key-script token %r: a WAIT is at most %d ms (ten minutes)"
                             % (token, MAX_WAIT_MS))
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
    step, count = run_of(token)
    return [step] * count


def run_of(token):
    """``(step, count)`` for one token: its ``(kind, arg)`` (see
    ``parse_token``) and how many times it repeats. Raises ValueError naming
    the token."""
    if token.upper().startswith("SHOT:"):
        name = token[5:]
        if not _SHOT_NAME.match(name):
            raise ValueError("bad key-script token %r: SHOT needs a name of 1-64 letters, "
                             "digits, _ . - (e.g. SHOT:title)" % token)
        return (SHOT, name), 1
    m = _REPEAT.match(token)
    if m and m.group(1):
        count = int(m.group(2))
        if not 1 <= count <= MAX_REPEAT:
            raise ValueError("bad key-script token %r: repeat count must be 1..%d"
                             % (token, MAX_REPEAT))
        return _one(m.group(1), token), count
    return _one(token, token), 1


class Script:
    """A parsed key script: ``runs``, a list of ``((kind, arg), count)``;
    iterating gives the ``(kind, arg)`` steps one at a time, repeats
    expanded as they are reached; ``len`` is their number. Compares equal to
    the list of its steps."""

    def __init__(self, runs):
        self.runs = runs
        self.total = sum(n for _, n in runs)

    def __iter__(self):
        for step, n in self.runs:
            for _ in range(n):
                yield step

    def __len__(self):
        return self.total

    def __eq__(self, other):
        return list(self) == list(other)


def parse(text):
    """The key script ``text`` (str) as a ``Script`` of its steps in order,
    each ``(kind, arg)``.

    Raises ValueError naming the first bad token, or saying the script is
    longer than ``MAX_STEPS`` steps once repeated.
    """
    runs = []
    total = 0
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        for token in line.replace(",", " ").split():
            run = run_of(token)
            total += run[1]
            if total > MAX_STEPS:
                raise ValueError("the key script is too long: more than %d steps once its "
                                 "repeats are counted (at %r)" % (MAX_STEPS, token))
            runs.append(run)
    return Script(runs)
