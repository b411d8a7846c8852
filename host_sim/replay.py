"""``python -m host_sim replay FILE``: show a game record move by move.

FILE is a record the console wrote (``app.persist.records``): a path, or a record
name such as ``r12`` from the simulator's data folder (``--data``, by
default ``host_sim.storage.default_dir()``), or pulled from a Pico with
``mpremote fs cp :data/r12 r12``. The front end says it is a replay, with
the record's seed and "move n of N"; the end is told in words. The game
is rebuilt from the record's seed and options and played on its own
screen, every seat's move taken from the record (nothing is saved or
counted). At the end the final position and
result are compared with the record's; the exit status is 0 when they match,
1 when not (or an action is illegal), 2 for a file that is not a record, 3
when the window or terminal was closed (``q``) before the record's last move
(nothing is compared then).

    .venv/bin/python -m host_sim replay r12             # window, else terminal
    .venv/bin/python -m host_sim replay r12 --mode headless --shots out   # move001.png ...
    .venv/bin/python -m host_sim replay r12 --check     # rules only, no screen
"""

import argparse
import os
import sys

import boards
from host_sim import python_command
from host_sim.replay_deck import (  # noqa: F401  (replay_app_class: tests use it here)
    claimed_end,
    end_words,
    replay_app_class,
)


def _data_default():
    from host_sim.storage import default_dir

    return default_dir()


def parse_args(argv):
    p = argparse.ArgumentParser(prog="%s -m host_sim replay" % python_command(),
                                description="Replay a game record move by move.")
    p.add_argument("file", nargs="?", metavar="RECORD",
                   help="a game record: a file, or a record's name such as r12 in "
                        "the data folder (--data; default %s); without it, the data "
                        "folder's records are listed to pick from" % _data_default())
    p.add_argument("--data", metavar="DIR",
                   help="the folder the simulator keeps its games in, where a record's "
                        "name is looked for (default: %s)" % _data_default())
    p.add_argument("--mode", choices=("window", "terminal", "headless"),
                   help="where to show the game: a window, the terminal, or no screen "
                        "but pictures (default: a window if one can open, else the "
                        "terminal)")
    p.add_argument("--check", action="store_true",
                   help="no screen: only check that every move follows the rules and "
                        "that the game ends as the record says")
    p.add_argument("--shots", metavar="DIR", default="screenshots",
                   help="with --mode headless: the folder a picture (PNG) of each move "
                        "goes to (default: screenshots)")
    p.add_argument("--every", type=int, default=1, metavar="N",
                   help="with --mode headless: a picture every N moves (default 1; 0: "
                        "only one of the end)")
    p.add_argument("--scale", type=int, metavar="N",
                   help="how many times bigger than the console's screen to draw it "
                        "(1 to 16; default 3 in a window, else 1)")
    p.add_argument("--view", choices=("auto", "text", "picture"), default="auto",
                   help="in the terminal: the screen as text (fits 80x24), as a picture, "
                        "or auto (default): the picture when the terminal is big enough")
    p.add_argument("--board", metavar="NAME", default=boards.DEFAULT,
                   help="the console to show it on, named as in boards/ (default: "
                        "%(default)s)")
    args = p.parse_args(argv)
    if args.file is None and (args.check or args.mode == "headless"):
        p.error("--check and --mode headless need a RECORD to replay")
    if args.scale is not None and not 1 <= args.scale <= 16:
        p.error("--scale must be 1..16")  # as the main command
    if args.every < 0:
        p.error("--every must be 0 or more (0: only the final PNG)")
    return args


def record_path(args):
    """The path of ``args.file``: as given when it names a file, else a
    record name (``r12``) in the data folder."""
    f = args.file
    if os.path.exists(f) or os.sep in f or "/" in f:
        return f
    return os.path.join(args.data or _data_default(), f)


def saved_records(folder):
    """``(name, fields)`` of every readable record in ``folder``, newest
    (highest number) first; files that are not records are left out."""
    from app.persist.records import parse
    from host_sim.storage import read_regular

    try:
        names = os.listdir(folder)
    except OSError:
        return []
    out = []
    for name in names:
        if not (name[:1] == "r" and name[1:].isdigit()):
            continue
        try:
            fields = parse(read_regular(os.path.join(folder, name)))
            check_seat(fields)
        except (OSError, ValueError):
            continue
        out.append((int(name[1:]), name, fields))
    out.sort(reverse=True)
    return [(name, fields) for _, name, fields in out]


def outcome(fields, game=None):
    """The end in words: "Clubbed, seed 7: you won in 52 moves": the
    replayed ``game``'s (a core game) when given, else the record's claim."""
    from app.persist.files import dec_int

    moves = len(fields["act"]) // 2
    if game is None:
        end = claimed_end(fields)
    elif not game.is_over():
        end = "the game is not over"
    else:
        end = end_words(game.result(), dec_int(fields.get("you", "0")))
    return "%s, seed %s: %s in %d moves" % (fields["game"], fields["seed"], end, moves)


def check_seat(fields):
    """ValueError unless the record's ``you`` (default 0) is a seat of its
    game (app.persist.files.SEATS)."""
    from app import games
    from app.persist.files import SEATS, dec_int, find

    e = find(fields["game"])
    n = SEATS[games.GAMES.index(e)]
    you = fields.get("you", "0")
    try:
        ok = 0 <= dec_int(you) < n
    except ValueError:
        ok = False
    if not ok:
        raise ValueError("it puts you in a seat %s does not have (%s)" % (e.name, you[:10]))


def caption(fields, app_class):
    """A callable giving the front end's replay line: "REPLAY Clubbed seed 7
    move 5 of 52"."""
    total = len(fields["act"]) // 2

    def line():
        app = app_class.made
        n = app.feeder.count if app is not None else 0
        if app is not None and app.ended:
            return "REPLAY %s seed %s  end of replay: q quits" % (fields["game"], fields["seed"])
        return "REPLAY %s seed %s  move %d of %d" % (fields["game"], fields["seed"], n, total)

    return line


def _check_end(fields, game, moves):
    """Compare the replayed ``game`` with the record; print; exit status."""
    from app.persist.records import replay_core

    core, problem = replay_core(fields)
    if game is not None and game.to_text() != fields["pos"]:
        problem = "the game on screen did not reach the record's final position"
    print("replay: %s" % outcome(fields, game if game is not None else core))
    if problem:
        print("replay: %s (the record says: %s)" % (problem, claimed_end(fields)),
              file=sys.stderr)
        return 1
    print("replay: the final position and result match the record")
    return 0


def _after_run(fields, app):
    """The end of a window or terminal replay of ``app`` (None if none was
    made): stopped part-way (status 3, nothing compared) or ``_check_end``."""
    total = len(fields["act"]) // 2
    done = app.feeder.count if app is not None else 0
    if done < total:
        print("replay: %s, seed %s, stopped at move %d of %d; the end was not compared"
              % (fields["game"], fields["seed"], done, total))
        return 3
    return _check_end(fields, app.replay_game, done)


def headless(fields, args, board):
    """Play the record in virtual time, a PNG every ``args.every`` moves."""
    from host_sim.headless import FRAME_MS, HeadlessRun

    # The folder is checked (main) before the run, not when the first PNG is due.
    run = HeadlessRun(seed=1, shots_dir=args.shots, scale=args.scale or 1,
                      app_spec=replay_app_class(fields), board=board)
    app = run.app
    feeder = app.feeder
    shown = 0
    total = len(fields["act"]) // 2
    print("replay: %s, seed %s, %d moves" % (fields["game"], fields["seed"], total))
    for _ in range(run.max_steps * 10):
        app.step()
        if feeder.count != shown:
            shown = feeder.count
            if args.every and shown % args.every == 0:
                print("wrote %s (move %d of %d)" % (run.shot("move%03d" % shown), shown, total))
        if app.idle():
            break
        deadline = app.next_deadline()
        if deadline is None:
            run.clock.sleep_ms(FRAME_MS)
        else:
            run._advance_to(deadline)
    print("wrote %s" % run.shot("final"))
    return _check_end(fields, app.replay_game, feeder.count)


def load(args):
    """``(fields, None)`` of the record ``args.file`` names, or ``(None,
    status)`` after saying in one line why it cannot be replayed."""
    from app.persist.records import parse
    from app.persist.storage import MAX_FILE
    from host_sim.storage import read_regular

    path = record_path(args)
    try:
        # Bounded, and only a regular file: /dev/zero or a FIFO never ends.
        data = read_regular(path)
    except FileNotFoundError:
        print("host_sim replay: no record %s (no such file, nor in the data folder %s)"
              % (args.file, args.data or _data_default()), file=sys.stderr)
        return None, 2
    except OSError as e:
        print("host_sim replay: cannot read %s: %s" % (path, e.strerror or e), file=sys.stderr)
        return None, 2
    except ValueError:
        data = None
    if data is None or len(data) > MAX_FILE:
        print("host_sim replay: %s is too big for a game record (over %d bytes)"
              % (path, MAX_FILE), file=sys.stderr)
        return None, 2
    try:
        fields = parse(data)
        check_seat(fields)
    except ValueError as e:
        print("host_sim replay: %s is not a game record: %s" % (path, e), file=sys.stderr)
        return None, 2
    return fields, None


def main(argv):
    """Entry point of ``python -m host_sim replay``; the exit status."""
    args = parse_args(argv)
    from host_sim.frontends import check_data_and_seed

    why = check_data_and_seed(args)
    if why:
        print("host_sim replay: %s" % why, file=sys.stderr)
        return 2
    from host_sim.boardkeys import BoardError, open_board

    try:
        board = open_board(args.board)  # checked with --check too
    except BoardError as e:
        print("host_sim replay: %s" % e, file=sys.stderr)
        return 2
    fields = None
    if args.file is not None:
        fields, status = load(args)
        if fields is None:
            return status
    try:
        if args.check:
            from app.persist.records import replay_core

            replay_core(fields)  # raises on an illegal move
            return _check_end(fields, None, len(fields["act"]) // 2)
        from host_sim.frontends import choose_mode, is_tty, window_refused

        args.keys = args.keys_file = None
        mode, reason = choose_mode(args)
        if mode is None:
            print("host_sim replay: no window (%s) and no terminal; try --mode headless"
                  % reason, file=sys.stderr)
            return 2
        why = window_refused(mode, args)
        if why:
            print("host_sim replay: %s" % why, file=sys.stderr)
            return 2
        if mode == "terminal" and not is_tty():
            print("host_sim replay: --mode terminal needs to be run in a terminal (its "
                  "input and output both); try --mode headless", file=sys.stderr)
            return 2
        if mode == "headless":
            if fields is None:
                print("host_sim replay: --mode headless needs a RECORD", file=sys.stderr)
                return 2
            try:
                from host_sim.storage import make_folder

                make_folder(args.shots)
                ok = os.access(args.shots, os.W_OK)
            except OSError:
                ok = False
            if not ok:
                print("host_sim replay: cannot write PNGs into --shots %s (not a writable "
                      "folder)" % args.shots, file=sys.stderr)
                return 2
            return headless(fields, args, board)
        return interactive(mode, fields, args, board)
    except OSError as e:  # a PNG on a full disk (--shots)
        print("host_sim replay: cannot write a PNG into --shots %s: %s"
              % (args.shots, e.strerror or e), file=sys.stderr)
        return 2
    except ValueError as e:
        print("host_sim replay: %s" % e, file=sys.stderr)
        return 1


def interactive(mode, fields, args, board):
    """The replay you control in the window or the terminal: the record
    ``fields`` first (None: the list of the data folder's records), and
    the list after it (``host_sim.replay_deck``). The status: the end
    compared when the record given was watched to its end (``_after_run``),
    else 0 for the list alone."""
    from host_sim.replay_deck import Replays

    folder = args.data or _data_default()
    entries = saved_records(folder)
    if fields is not None and not any(f == fields for _, f in entries):
        entries.insert(0, (os.path.basename(args.file), fields))
    made = []

    def control(display, clock):
        made.append(Replays(display, clock, entries, fields, folder))
        return made[0]

    if mode == "terminal":
        from host_sim import terminal

        terminal.run(None, None, shots_dir=args.shots, scale=args.scale or 1, board=board,
                     view=args.view, control=control)
    else:
        from host_sim import window

        window.run(None, None, scale=args.scale or 3, shots_dir=args.shots, board=board,
                   control=control)
    if fields is None:
        return 0
    decks = [d for d in made[0].watched if d.fields is fields] if made else []
    if not decks:
        return _after_run(fields, None)
    best = max(decks, key=lambda d: d.count)
    return _after_run(fields, best.app)
