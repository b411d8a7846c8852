"""``python -m host_sim --link SPEC --autoplay LEVEL``: one link game in
the simulator, this console's seats played by the computer at LEVEL, the
other console's moves from the link (docs/link.md).

It prints one line each time what a waiting screen would say changes
("Looking for the other console", "The other player is thinking", "Link
lost: check the cable"...), then the result. The finished game's record
and the link statistics go to ``--data`` (``app.linkgame``). Exit status 0
when the game was played to its end, 1 when it stopped (refused, the
consoles disagree), 2 for a bad command line or a link that cannot open.
"""

import os
import sys
import time

from host_sim.clock import MonotonicClock

ROLES = ("host", "join")


def rules_of(game):
    """The rules text of ``game`` (a name from ``app.games``, any case) with
    its options at their defaults; ValueError for an unknown game."""
    from app import games
    from link import rules

    for e in games.GAMES:
        if e.name.lower() == game.lower():
            return rules.text(e.name.lower(), {k: d for k, _, d in e.options})
    raise ValueError("no game %r (one of %s)" % (game, ", ".join(e.name for e in games.GAMES)))


def main(args):
    """Run the link game the parsed command line ``args`` asks for;
    the exit status."""
    from host_sim import link_transports

    try:
        kind, _ = link_transports.parse(args.link)
    except ValueError as e:
        print("host_sim: %s" % e, file=sys.stderr)
        return 2
    role = args.role or {"listen": "host", "connect": "join"}.get(kind)
    if role is None:
        print("host_sim: say --role host or --role join with --link serial:", file=sys.stderr)
        return 2
    try:
        text = rules_of(args.game) if role == "host" else None
    except ValueError as e:
        print("host_sim: %s" % e, file=sys.stderr)
        return 2
    try:
        transport = link_transports.open_redial(args.link)
    except OSError as e:
        print("host_sim: cannot open the link %s: %s" % (args.link, e), file=sys.stderr)
        return 2
    storage = None
    if args.data:
        from host_sim.storage import FolderStorage

        storage = FolderStorage(args.data)
    seed = 1 if args.seed is None else args.seed
    from app.linkgame import LinkGame
    from link import session as ls

    r = ls.HOST if role == "host" else ls.GUEST
    s = ls.Session(MonotonicClock(), r, text, os.urandom)
    lg = LinkGame(s, transport, args.autoplay, True, seed, storage)
    said = None
    end = time.monotonic() + args.link_timeout
    try:
        while time.monotonic() < end:
            lg.step()
            words = lg.status()
            if words != said:
                print(words, flush=True)
                said = words
            if lg.stopped is not None:
                return 1
            if lg.kept:
                s = lg.session
                print("result %s  moves %d  seed %d" % (
                    ",".join(str(r) for r in s.game.result()), s.count, s.seed), flush=True)
                # The other console may still wait for the last ACK: linger.
                linger = time.monotonic() + 1.0
                while time.monotonic() < linger:
                    lg.step()
                    transport.wait(50)
                return 0
            if not lg.acted:
                transport.wait(min(lg.due_ms(), 200))
    except KeyboardInterrupt:
        return 1
    finally:
        transport.close()
    print("host_sim: the link game did not end within %d s" % args.link_timeout,
          file=sys.stderr)
    return 1
