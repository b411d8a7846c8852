"""``python -m host_sim --link SPEC --autoplay LEVEL``: one link game in
the simulator, this console's seats played by the computer at LEVEL, the
other console's moves from the link (docs/link.md). It has no screen, so
``--mode`` makes no difference to it.

It prints one line each time what a waiting screen would say changes
("Looking for the other console", "The other player is thinking", "Link
lost: check the cable"...), then the result; with ``listen:0`` first the
port it got ("Waiting on port N"). The finished game's record and the link
statistics go to ``--data`` (``app.linkgame``), which it claims as any
simulator does (``host_sim.storage.take_folder``). A game saved there
(file ``linksave``: a run stopped mid-game) is continued, as Continue link
game does on the console; ``--role`` and ``--game`` then give way to the
save. Exit status 0 when the game was played to its end and kept, 1 when
it stopped (refused, the consoles disagree) or could not be kept, 2 for a
bad command line, a data folder in use or not writable, or a link that
cannot open.
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


def _say(words):
    print("host_sim: %s" % words, file=sys.stderr)


def _session(args, role, storage, clock):
    # The saved game when there is one (a run killed mid-game), else a new
    # one; (session, None) or (None, why).
    from app.linkgame import SAVE, resume, saved
    from link import session as ls

    save = saved(storage) if storage is not None else None
    if save is not None:
        try:
            s = resume(clock, save, os.urandom)
        except ValueError as e:
            from app.persist.storage import set_aside

            try:
                set_aside(storage, SAVE)
            except OSError:
                pass
            return None, "%s in %s: set aside; run again for a new game" % (e, args.data)
        print("Continuing the saved link game", flush=True)
        return s, None
    try:
        text = rules_of(args.game or "Klaberjass") if role == "host" else None
    except ValueError as e:
        return None, str(e)
    r = ls.HOST if role == "host" else ls.GUEST
    return ls.Session(clock, r, text, os.urandom), None


def main(args):
    """Run the link game the parsed command line ``args`` asks for;
    the exit status."""
    from host_sim import link_transports

    try:
        kind, _ = link_transports.parse(args.link)
    except ValueError as e:
        _say(e)
        return 2
    role = args.role or {"listen": "host", "connect": "join"}.get(kind)
    if role is None:
        _say("say --role host or --role join with --link serial:")
        return 2
    if role == "join" and args.game is not None:
        # The host picks the game and its rules; a joining console that
        # named one would otherwise play something else without a word.
        _say("--game is the host's choice: the joining console plays what the host picks")
        return 2
    storage = None
    if args.data:
        from host_sim.storage import FolderStorage, refusal, take_folder

        try:
            args.lock = take_folder(args.data)  # held until the process ends
        except OSError as e:
            _say(refusal(args.data, e))
            return 2
        storage = FolderStorage(args.data)
    s, why = _session(args, role, storage, MonotonicClock())
    if s is None:
        _say(why)
        return 2
    try:
        transport = link_transports.open_redial(args.link)
    except OSError as e:
        _say("cannot open the link %s: %s" % (args.link, e))
        return 2
    if kind == "listen":
        print("Waiting on port %d" % transport.port(), flush=True)
    seed = 1 if args.seed is None else args.seed
    from app.linkgame import LinkGame

    lg = LinkGame(s, transport, args.autoplay, True, seed, storage)
    lg.moves = s.count
    said = None
    trouble = None
    end = time.monotonic() + args.link_timeout
    try:
        while time.monotonic() < end:
            lg.step()
            words = lg.status()
            if words != said:
                print(words, flush=True)
                said = words
            if lg.trouble != trouble:
                trouble = lg.trouble
                if trouble:
                    _say("%s (in %s)" % (trouble, args.data))
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
                return 1 if lg.trouble else 0
            if not lg.acted:
                transport.wait(min(lg.due_ms(), 200))
    except KeyboardInterrupt:
        return 1
    finally:
        transport.close()
    _say("the link game did not end within %d s" % args.link_timeout)
    return 1
