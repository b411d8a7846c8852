"""Two link sessions play a whole game over the in-memory line of
tests/linksim.py losing every seventh frame, Easy computer players on both
ends: prints the seed, the moves and the state hashes, for
tests/test_link_protocol.py to compare between CPython and MicroPython.

    python tools/mp/link_pair.py [clubbed|klaberjass]   (firmware/ on the path)
    node tools/mp/mp_run.mjs --path firmware --path tests tools/mp/link_pair.py clubbed
"""

import sys

sys.path.append("tests")  # linksim, from the repository's root (CPython)

from linksim import DROP, OK, Pair  # noqa: E402

from link import rules  # noqa: E402


def main(game):
    opts = {"refill": True} if game == "clubbed" else {"classic": False}
    lose = ([OK] * 6 + [DROP]) * 400
    p = Pair(rules.text(game, opts), lose, lose, seeds=(3, 4))
    p.run(3600000, p.over)
    h = p.host.session
    g = p.guest.session
    print("seed", h.seed, g.seed)
    print("moves", h.count, g.count, h.moves() == g.moves())
    print("list", " ".join(str(a) for a in h.moves()))
    print("hash", bytes(h.hash).hex(), bytes(g.hash).hex())
    print("over", h.game.is_over(), g.game.is_over(), "ms", p.clock.now)


game = sys.argv[1] if len(sys.argv) > 1 else "clubbed"
if game not in ("clubbed", "klaberjass"):
    print("link_pair.py: the game is clubbed or klaberjass, not %r" % game, file=sys.stderr)
    sys.exit(2)
main(game)
