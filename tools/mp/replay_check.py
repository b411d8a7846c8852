"""Replay game records through the rules and print each one's final
position and result: run under CPython and under MicroPython (Node) to show
a record replays to the same end on both (tests/test_persist.py does).

    python tools/mp/replay_check.py HEX...              # CPython, firmware/ on the path
    node tools/mp/mp_run.mjs tools/mp/replay_check.py HEX...

Each HEX is a whole record file (``app.persist.records``) in hexadecimal, so that it
reaches MicroPython's in-memory filesystem-less run as an argument. Prints
per record: the game, the number of moves, ``match`` or what differs, the
result and the final position.
"""

import sys
from binascii import unhexlify

from app.persist.records import parse, replay_core


def main(args):
    for h in args:
        try:
            f = parse(unhexlify(h))
        except ValueError as e:  # binascii.Error is one
            print("replay_check.py: %s... is not a record in hexadecimal: %s" % (h[:16], e),
                  file=sys.stderr)
            sys.exit(2)
        g, problem = replay_core(f)
        print(f["game"], len(f["act"]) // 2, problem or "match",
              ",".join(str(r) for r in g.result()), g.to_text())


main(sys.argv[1:])
