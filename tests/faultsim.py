"""``python tests/faultsim.py ARGS``: ``python -m host_sim ARGS`` with some of
the data folder's writes failing as a full or read-only flash fails them.

``SIM_FAULTS`` (environment) lists them, comma-separated, as
``NAME:ERRNO:SKIP:COUNT``: the writes of file NAME (its temporary file
included; ``r*`` for any game record) fail with OSError(ERRNO) after the
first SKIP have worked, COUNT times (0: for ever)."""

import os
import sys

sys.path.insert(0, os.getcwd())  # the checkout to run: the current folder

import host_sim  # noqa: E402,F401  (sys.path)
from host_sim import __main__ as cli  # noqa: E402
from host_sim import storage  # noqa: E402

FAULTS = {}
for item in filter(None, os.environ.get("SIM_FAULTS", "").split(",")):
    name, no, skip, count = item.split(":")
    FAULTS[name] = [int(no), int(skip), int(count) or -1]

write = storage.FolderStorage.write


def failing_write(self, name, data):
    base = name[:-4] if name.endswith(".tmp") else name
    if base[:1] == "r" and base[1:].isdigit() and base not in FAULTS:
        base = "r*"
    f = FAULTS.get(base)
    if f is not None:
        if f[1] > 0:
            f[1] -= 1
        elif f[2] != 0:
            f[2] -= 1
            raise OSError(f[0], os.strerror(f[0]))
    return write(self, name, data)


storage.FolderStorage.write = failing_write
sys.exit(cli.main(sys.argv[1:]))
