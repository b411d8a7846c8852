"""What the app keeps across power cycles, in files of ``app.persist.storage``:

- ``settings``: difficulty, each game's variants, four-colour deck, computer
  speed, backlight level, dim and sleep timeouts;
- ``stats``: per game eight counts: played, won, lost, drawn, current and
  best winning streak (indices 0..5), of those the games played and won with
  a hint or an undo (6, 7: ``hint_or_undo`` in the game's session; clean wins are
  won minus 7; files with six counts read as none), and per game
  ``last.<game>``, the number of its last game counted (a file with one
  ``last`` for every game reads as that number for each);
- ``game-clubbed``, ``game-klaberjass``, ``game-clubs`` (``SAVES``): each
  game's own game in progress, rewritten whenever the human is to move
  (a completed turn or trick) and removed once the game is counted: game
  name, its number, seed, the core's constructor options, the screen's
  session and view state, the core position (``to_text``) and every action
  so far (two hex digits each). ``game``, the one save of every game that
  older consoles kept, is moved to its game's file at boot;
- ``r<number>``: the record of each finished game (``app.persist.records``), the
  last 10 kept; a file of such a name is a record only when it holds the
  record of that game number (else it is set aside at boot, never counted).

A bad file (see ``app.persist.storage``) is moved aside and reported in
``app.notices`` (plain words shown on a screen at boot); the app then goes
on with defaults. A file that can be neither read nor moved aside is never
written over: its name goes in ``app.keep`` and, for the session, the
settings, statistics or game it holds are not saved (a notice says so).
Finishing a game is idempotent: the final position is saved first with its
result, then statistics (only if the game's number is above its game's
``last``), the record, and the save is removed, so a power cut at any point
neither loses nor double-counts a game (``boot`` completes it). Game numbers
are given in the order games start, above every number counted or saved, so
each game's own numbers rise and one game's save waiting while another is
played and counted is counted in its turn.
"""

from app import games, modules
from app.persist.storage import (
    STUCK,
    decode,
    hexlify,
    judge,
    read_file,
    set_aside,
    unhexlify,
    words,
    write_file,
)

# Few names on purpose: MicroPython keeps every identifier and short string
# of a loaded module interned for good, and this one is loaded on every save.


def find(name):
    """The ``games`` Entry of game ``name`` (str), or None."""
    for e in games.GAMES:
        if e.name == name:
            return e
    return None


SEATS = (2, 2, 4)  # each core's NUM_SEATS, in the order of games.GAMES
MAX_ID = 999999999  # games are numbered 1..MAX_ID (nine digits, below 2**30)
# A game number read from a file above this is impossible (a game a minute
# for 190 years) and refused: a forged one. New numbers go on above the
# highest one believed, so the numbering never runs out (MAX_ID is far off).
PLAUSIBLE = 99999999
# Each game's saved game, in the order of games.GAMES; OLD is the one save of
# every game that older consoles kept (moved to its game's file by ``boot``).
SAVES = ("game-clubbed", "game-klaberjass", "game-clubs")
OLD = "game"


def check_kw(e, kw):
    """ValueError unless ``kw`` (dict) holds only constructor options of
    game Entry ``e``'s core: its on/off variants (bool) and Clubbed's
    ``dealer`` (0 or 1)."""
    for k in kw:
        v = kw[k]
        if k == "dealer" and e.name == "Clubbed":
            ok = v is not True and v is not False and v in (0, 1)
        else:
            ok = (v is True or v is False) and any(k == o[0] for o in e.options)
        if not ok:
            raise ValueError("option %r is not one of %s" % (k[:16], e.name))


def core_of(e):
    """The rules core module of game Entry ``e`` (imported)."""
    return _module([m for m in e.owns if m.find("cardgames.") == 0][0])


def _text_of(e):
    # The position parser of game Entry ``e``: ``cardgames.<core>_text``.
    return _module([m for m in e.owns if m.find("cardgames.") == 0][0] + "_text")


def _module(name):
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


# --- small value codecs ---------------------------------------------------


def enc_dict(d):
    """``{str: int | bool | tuple of ints}`` as ``k:v,k:v`` (bool ``y``/``n``,
    a tuple as ints each followed by ``/``)."""
    out = []
    for k in sorted(d):
        v = d[k]
        if v is True or v is False:
            s = "y" if v else "n"
        elif isinstance(v, int):
            s = str(v)
        else:
            s = "".join(str(x) + "/" for x in v)
        out.append(k + ":" + s)
    return ",".join(out)


def dec_int(s):
    """A plain decimal int (optional minus, at most 10 digits, absolute value
    below 2**30: a MicroPython small int, as every seed of ``App.new_game``)
    from str ``s``; ValueError for anything else (damage, not something to
    guess at)."""
    t = s[1:] if s[:1] == "-" else s
    if not t or len(t) > 10 or any(ch not in "0123456789" for ch in t):
        raise ValueError("not a number: %r" % s[:12])
    # Compared as text (same length: same order): 2**30 is no small int.
    if len(t) == 10 and t > "1073741823":
        raise ValueError("number too big: %r" % s[:12])
    return int(s)


def dec_dict(s):
    """The dict ``enc_dict`` wrote; ValueError if ``s`` is not such text."""
    out = {}
    if not s:
        return out
    for part in s.split(","):
        i = part.find(":")
        if i <= 0:
            raise ValueError("bad item %r" % part[:12])
        k = part[:i]
        v = part[i + 1 :]
        if v == "y" or v == "n":
            out[k] = v == "y"
        elif v.endswith("/") or v == "":
            out[k] = tuple(dec_int(x) for x in v[:-1].split("/")) if v[:-1] else ()
        else:
            out[k] = dec_int(v)
    return out


# --- settings -------------------------------------------------------------


def apply_settings(app, f):
    """Set ``app``'s settings from file fields ``f`` (missing ones keep
    their value). Raises ValueError, changing nothing, for a bad value."""
    level = dec_int(f.get("level", str(app.level)))
    four = dec_int(f.get("four", "0"))
    speed = dec_int(f.get("speed", str(app.speed)))
    light = dec_int(f.get("light", str(app.light)))
    dim = dec_int(f.get("dim", str(app.dim)))
    sleep = dec_int(f.get("sleep", str(app.sleep)))
    motion = dec_int(f.get("motion", str(app.motion)))
    # The choices of the Settings screen (app.settings_screen).
    if level not in (0, 1, 2, 3) or four not in (0, 1) or speed not in (0, 1, 2) or \
            light not in (20, 40, 60, 80, 100) or dim not in (0, 15, 30, 60, 120, 300) or \
            sleep not in (0, 60, 120, 300, 600) or motion not in (0, 1, 2):
        raise ValueError("a setting out of range")
    opts = {}
    for e in games.GAMES:
        d = dec_dict(f.get("opt." + e.name, ""))
        for k in d:
            if d[k] is not True and d[k] is not False:
                raise ValueError(k)
        opts[e.name] = d
    app.level = _usable(app, level)
    # The file's level, kept while the player leaves the level alone: a
    # Pico plays Hard for a file's Expert and writes Expert back.
    app.level_kept = (level, app.level)
    app.four = four == 1
    app.speed = speed
    app.light = light
    app.dim = dim
    app.sleep = sleep
    app.motion = motion
    for e in games.GAMES:
        for k, _, _ in e.options:
            if k in opts[e.name]:
                app.options[e.name][k] = opts[e.name][k]


def _usable(app, level):
    # ``level``, or the highest level below it this device offers (Expert,
    # set in the simulator, plays Hard on a Pico: players.levels.usable).
    from players import levels

    v = levels.usable(level, app.device)
    if v != level:
        app.notices.append("%s is not offered on this device: the computer plays %s."
                           % (levels.LEVELS[level], levels.LEVELS[v]))
    modules.drop("players.levels")
    return v


def save_settings(app):
    """Write the settings file; False (and a notice) if storage fails."""
    kept = getattr(app, "level_kept", None)
    level = kept[0] if kept is not None and kept[1] == app.level else app.level
    f = [("level", level), ("four", 1 if app.four else 0), ("speed", app.speed),
         ("light", app.light), ("dim", app.dim), ("sleep", app.sleep), ("motion", app.motion)]
    for e in games.GAMES:
        d = {}
        for k, _, _ in e.options:
            d[k] = bool(app.options[e.name][k])
        f.append(("opt." + e.name, enc_dict(d)))
    return _write(app, "settings", "settings", f)


# --- statistics -----------------------------------------------------------


def read_stats(app):
    """The statistics: per game name the eight counts (a bad or missing file
    reads as none, ``boot`` reported it)."""
    f = None
    if app.storage is not None:
        had = "stats" in app.keep  # reported already
        f, why = _read(app, "stats", "stats", _read_stats)
        if why and not had:
            app.notices.append("Statistics were reset: " + why + ".")
    return _read_stats(f or {})[1]


def _read_stats(f):
    # ``(last, counts)``: per game (in the order of games.GAMES) the number
    # of its last game counted, and per game name its eight counts.
    last = []
    st = {}
    for e in games.GAMES:
        n = dec_int(f.get("last." + e.name, f.get("last", "0")))
        if not 0 <= n <= PLAUSIBLE:
            raise ValueError("last game number out of range")
        last.append(n)
        v = f.get(e.name)
        n = [0, 0, 0, 0, 0, 0] if v is None else [dec_int(x) for x in v.split(",")]
        if len(n) == 6:
            n += [0, 0]  # no games with help counted yet
        # played = won + lost + drawn, streak <= best <= won; with help:
        # won <= played, and neither above the game's own counts (nor the
        # helped games not won above the games not won)
        if len(n) != 8 or min(n) < 0 or n[0] > PLAUSIBLE or n[7] > n[6] or n[6] > n[0] \
                or n[7] > n[1] \
                or n[6] - n[7] > n[0] - n[1] \
                or n[1] + n[2] + n[3] != n[0] or n[4] > n[5] \
                or n[5] > n[1]:
            raise ValueError("counts for " + e.name)
        st[e.name] = n
    return last, st


# --- boot -------------------------------------------------------------------


def _read(app, name, key, check):
    # read_file, noting in app.keep a file that must not be written over.
    f, why = read_file(app.storage, name, key, check)
    if why and why.endswith(STUCK) and name not in app.keep:
        app.keep = app.keep + (name,)
    return f, why


# What is not saved while a file is in app.keep (see _read).
UNSAVED = {"settings": "Settings are", "stats": "Statistics are"}
# What a file holds, in a player's words (a failed write says it).
HOLDS = {"settings": "The settings", "stats": "The statistics"}


def _title(name):
    # The game whose save file is ``name`` (one of SAVES), or None.
    for i in range(len(SAVES)):
        if SAVES[i] == name:
            return games.GAMES[i].name
    return None


def _write(app, name, key, fields):
    if app.storage is None:
        return True  # an app without storage keeps nothing
    told = getattr(app, "told", ())  # files whose failure was told (boot: none)
    if name in app.keep:
        # Its file could not be read: writing would lose what it holds.
        if name not in told:
            app.told = told + (name,)
            what = _title(name)
            what = UNSAVED.get(name, "The game record is") if what is None \
                else "The %s game is" % what
            app.notices.append("%s not saved: the old file could not be read and is kept as "
                               "it is." % what)
        return False
    try:
        write_file(app.storage, name, key, fields)
        if name in told:
            app.told = tuple(n for n in told if n != name)  # a new failure is told again
        return True
    except OSError as e:
        # Once per file while it fails: a full or read-only folder fails
        # every save, and a notice per save filled the heap.
        if name not in told:
            app.told = told + (name,)
            what = _title(name)
            what = HOLDS.get(name, "The game record") if what is None else "The %s game" % what
            app.notices.append("%s could not be saved: %s. Play goes on; it is saved again "
                               "when it can be." % (what, words(e)))
        return False


def boot(app):
    """Set ``app``'s settings from the settings file: ``level`` (0 Easy,
    1 Normal, 2 Hard, 3 Expert where offered, else Hard with a notice),
    ``four`` (four-colour deck), ``speed`` (0 slow, 1 normal, 2 fast),
    ``light`` (backlight %), ``dim`` (s without a press before dimming,
    0 never), ``sleep`` (s without a press before the console sleeps, 0
    never), ``motion`` (cards moving: 0 slow, 1 normal, 2 fast = none);
    ``last`` (per game, in the order of games.GAMES, the number
    of its last game counted, from the statistics), ``id`` (the game being
    played), ``saves`` (per game the number of its saved game, 0 for none)
    and ``game_index`` (the game of the newest save, the one played last);
    move an older console's save to its game's file; finish a game that
    ended just before a power cut. Every problem becomes a line in
    ``app.notices``.
    """
    app.four = False
    app.speed = 1
    app.light = 100
    app.dim = 60
    app.sleep = 120
    app.motion = 1
    app.id = 0
    app.saves = [0] * len(SAVES)
    app.notices = []
    app.keep = ()
    app.told = ()
    app.owed = None
    f, why = _read(app, "settings", "settings", lambda f: apply_settings(app, f))
    if why:
        app.notices.append("Settings were reset: " + why + ".")
    f, why = _read(app, "stats", "stats", _read_stats)
    if why:
        app.notices.append("Statistics were reset: " + why + ".")
    recs = _records(app, True)  # bad files named like records set aside
    app.top = recs[-1]  # new games are numbered above it: no record is written over
    if f is not None and not why:
        app.last = _read_stats(f)[0]
    else:
        # No statistics (reset, or never written): game numbers go on
        # after the newest record, never over an old one.
        app.last = [recs[-1]] * len(SAVES)
    _migrate(app)
    for i in range(len(SAVES)):
        load_save(app, i, True)
        if app.saves[i] > app.saves[app.game_index]:
            app.game_index = i  # the title opens on it: Continue is there
    from app.kit import cardview

    cardview.four(app.four)


def unusable(app, game, why):
    """Tell (``app.notices``) that the saved game of ``game`` (a name, or ""
    when unknown) is not used, and ``why``."""
    game = game + " " if game else ""
    app.notices.append("The saved %sgame could not be used: %s." % (game, why))


def _migrate(app):
    # The one save older consoles kept for every game (OLD) becomes its
    # game's own file by a rename (atomic: a power cut leaves it in one place
    # or the other, and the next boot goes on). A bad one is set aside.
    f, why = _read(app, OLD, "save", _check_save)
    if why:
        unusable(app, "", why)
    if f is None:
        return
    name = SAVES[games.GAMES.index(find(f["game"]))]
    try:
        if name in app.storage.names():
            # Never written over: that game's own save is kept, this one too.
            app.notices.append("Two saved %s games were found: the one from an older console "
                               "was kept as %s." % (f["game"], set_aside(app.storage, OLD)))
        else:
            app.storage.rename(OLD, name)
    except OSError as e:
        app.notices.append("The saved %s game could not be moved to its own file (%s); it "
                           "stays as it is." % (f["game"], words(e)))


def load_save(app, i, boot=False):
    """The fields of game ``i``'s save (file ``SAVES[i]``; ``i`` in the
    order of games.GAMES), also kept as its number in ``app.saves[i]``; None
    (and 0) when there is none, it is bad (set aside, with a notice in
    ``app.notices``) or it is of a finished game, which at ``boot`` is
    counted (``complete``)."""
    name = SAVES[i]
    app.saves[i] = 0
    if name in app.keep:
        return None  # unreadable and told: not offered (and not written over)
    f, why = _read(app, name, "save", lambda f: _check_save(f, i))
    if why:
        unusable(app, games.GAMES[i].name, why)
    elif f is None:
        pass
    elif "res" not in f:
        app.saves[i] = dec_int(f["id"])
        app.guided &= ~(1 << i)
        if ("," + f.get("st", "") + ",").find(",guide:1,") >= 0:
            app.guided |= 1 << i
        return f
    elif boot:
        try:
            _check_end(f)
            complete(app, f)
        except (ValueError, IndexError, KeyError, TypeError) as ex:
            # Never a crash at every start-up: the file goes aside.
            why = "the file's contents make no sense (%s)" % ex
            try:
                why += "; it was kept as " + set_aside(app.storage, name)
            except OSError:
                pass
            unusable(app, games.GAMES[i].name, why)
    return None


def reload(app):
    """On the way to the title (after a game, "Quit to menu"): the picked
    game's ``app.saves`` entry from its file again, so the title offers
    Continue for it when it is saved. A bad file is set aside and reported
    in ``app.notices``."""
    if app.storage is not None:
        settle(app)
        load_save(app, app.game_index)


def _check_save(f, i=None):
    # ValueError unless save fields ``f`` make sense (and, ``i`` given, are
    # of game ``i``, as its file SAVES[i] says).
    for k in ("id", "game", "seed", "kw", "pos", "act", "you"):
        if k not in f:
            raise ValueError(k)
    e = find(f["game"])
    if e is None:
        raise ValueError("unknown game %r" % f["game"][:16])
    if i is not None and e is not games.GAMES[i]:
        raise ValueError("a %s game in the file of %s" % (e.name, games.GAMES[i].name))
    n = SEATS[games.GAMES.index(e)]
    if not 1 <= dec_int(f["id"]) <= PLAUSIBLE:
        raise ValueError("game number out of range")
    dec_int(f["seed"])
    if not 0 <= dec_int(f["you"]) < n:
        raise ValueError("no seat %s in %s" % (f["you"][:10], e.name))
    check_kw(e, dec_dict(f["kw"]))
    # The session state the game's screen keeps (docs/file-formats.md), by
    # key: "s" a seat 0 or 1 (Clubbed's next dealer, CB-1), "n" a count, "2"
    # a pair of counts (totals, games won), "3" Clubs' (hand, N-S, E-W) triples;
    # in every game "f" a flag 0 or 1 (hint_or_undo: a hint or an undo, app.hint;
    # guide: the guided hand, so that Continue guides it on).
    want = ({"dealer": "s", "games": "n", "totals": "2"}, {"round": "n", "wins": "2"},
            {"wins": "2", "hist": "3"})[games.GAMES.index(e)]
    st = dec_dict(f.get("st", ""))
    for k in st:
        v = st[k]
        t = want.get(k, "f" if k == "hint_or_undo" or k == "guide" else None)
        if v is True or v is False or t is None:
            ok = False
        elif t == "3":
            # Clubs' (hand, N-S, E-W) triples: hand numbers count up from
            # 1, and a hand scores less than 100 a side (at most 13 tricks,
            # three Negative Ones, two Adams), what the score screens fit.
            # Inline, not a function: each new name costs heap (docs/memory.md).
            ok = isinstance(v, tuple) and len(v) % 3 == 0
            last = 0
            for x in range(0, len(v) if ok else 0, 3):
                if not last < v[x] <= MAX_ID or not -100 < v[x + 1] < 100 or \
                        not -100 < v[x + 2] < 100:
                    ok = False
                last = v[x]
        elif t == "2":
            ok = isinstance(v, tuple) and len(v) == 2 and min(v) >= 0
        else:
            ok = isinstance(v, int) and 0 <= v <= (MAX_ID if t == "n" else 1)
        if not ok:
            raise ValueError("bad %s in the game's state" % k[:12])
    unhexlify(f["act"])  # ValueError if not hex
    if "res" in f and len([dec_int(x) for x in f["res"].split(",")]) != n:
        raise ValueError("not one result per seat")


def _check_end(f):
    # A save that says its game is over (``res``) is counted only if its
    # position is over with that very result.
    g = _text_of(find(f["game"])).from_text(f["pos"])
    if not g.is_over() or ",".join(str(r) for r in g.result()) != f["res"]:
        raise ValueError("its result is not the position's")


# --- the game in progress -----------------------------------------------------


def _actions(app):
    # Every action of the game: those of its last save (the file holds them,
    # so the heap does not), then ``app.actions``, made since. None when
    # the save could not be read (EIO): no save now, or the new one would
    # lose the moves before (the record would not replay); the next tries.
    prior = ""
    if app.in_save:
        name = SAVES[app.game_index]
        try:
            data = app.storage.read(name)
        except OSError:
            return None
        except ValueError as e:
            data = str(e)
        f, why = judge(app.storage, name, "save", data)
        if why:
            unusable(app, app.game_name(), why)
        if f is not None and f.get("id") == str(app.id):
            prior = f.get("act", "")
    return prior + hexlify(app.actions).decode()


def save_game(app, screen, seat):
    """Save the game on ``screen`` (a game screen with ``game``, ``seed`` and
    ``core_kw``; ``seat`` is the human's) atomically in its game's file
    (``SAVES``, replacing that game's earlier save only); once it is over,
    ``complete`` it. The state a resumed screen needs besides the core
    (``app.persist.resume``) goes with the session's: Klaberjass' round number (the
    next once the round's last card is down), Clubs' score history (flat).
    False (and a notice) if storage failed."""
    e = app.game()
    name = SAVES[app.game_index]
    g = screen.game
    st = dict(app.sessions[e.name])
    if app.guide:
        st["guide"] = 1  # Continue guides it on (app.persist.resume)
    if hasattr(screen, "round_no"):
        st["round"] = screen.round_no + (1 if screen.frozen is not None else 0)
    if hasattr(screen, "history"):
        flat = []
        for h in screen.history:
            flat.extend(h)
        st["hist"] = tuple(flat)
    told = len(app.notices)
    owed = settle(app)
    act = _actions(app)
    if owed is not None and SAVES[games.GAMES.index(find(owed["game"]))] == name \
            and owed["id"] != str(app.id):
        # That file holds a finished game not yet counted: kept until it is.
        ok = False
        if "owed" not in app.told:
            app.told = app.told + ("owed",)
            app.notices.append("The last %s game's result is still waiting to be saved, so "
                               "this game is not saved yet. Play goes on." % e.name)
    elif act is None:
        ok = False
        if name not in app.told:
            app.told = app.told + (name,)
            app.notices.append("Could not read the saved game to add the last moves to it; "
                               "they are kept and saved with the next ones.")
    else:
        f = [("id", app.id), ("game", e.name), ("seed", screen.seed),
             ("kw", enc_dict(screen.core_kw)), ("you", seat), ("st", enc_dict(st)),
             ("pos", g.to_text()), ("act", act)]
        if g.is_over():
            f.append(("res", ",".join(str(r) for r in g.result())))
        ok = _write(app, name, "save", f)
        if ok:
            app.actions = bytearray()  # they are in the file now
            app.in_save = True
            app.saves[app.game_index] = app.id  # the title's Continue is for this game now
            app.guided &= ~(1 << app.game_index)
            if app.guide:
                app.guided |= 1 << app.game_index
            if g.is_over():
                d = {}
                for k, v in f:
                    d[k] = str(v)
                ok = complete(app, d)  # a failure is told as a save's is
    if not ok:
        # The new notices, over the game on screen (once: see ``_write``):
        # during play nothing else would show them.
        scr = getattr(app, "screen", None)
        if getattr(scr, "game", None) is not None and len(app.notices) > told:
            from app.screen import ErrorScreen

            msg = " ".join(app.notices[told:])
            del app.notices[told:]
            app.show(ErrorScreen(app, msg, scr))
        return False
    return True


def settle(app):
    """Count and record ``app.owed``, the finished game a failed write left
    waiting (``complete``), if any. The game still owed (None when none)."""
    f = getattr(app, "owed", None)
    if f is not None and app.storage is not None:
        complete(app, f)
    return getattr(app, "owed", None)


def _records(app, aside=False):
    # The numbers of the game records, ascending, after a 0: the files
    # r<number> (number 1..PLAUSIBLE, as written) that hold the record of
    # that very game. Any other such file (damaged, foreign, an impossible
    # number) is no record: never counted, never removed; with ``aside`` (at
    # boot) it is set aside and reported, so that it is read once (the first
    # few by name, the rest counted in one line: thousands would be pages).
    out = [0]
    try:
        names = app.storage.names()
    except OSError:
        names = ()
    bad = 0
    for name in names:
        try:
            n = dec_int(name[1:]) if name[:1] == "r" else 0
        except ValueError:
            continue  # r12.bad1, r12.tmp, readme: not a record
        if not 1 <= n <= MAX_ID or name != "r%d" % n:
            continue  # r0, r007: no name of ours, left alone
        if aside:
            f, why = _read(app, name, "record", lambda f, n=n: _check_record(f, n))
            if why:
                bad += 1
                if bad <= 3:
                    app.notices.append("The game record %s was not used: %s." % (name, why))
        else:
            try:
                f = decode(app.storage.read(name) or b"", "record")
                _check_record(f, n)
            except (OSError, ValueError):
                f = None
        if f is not None:
            out.append(n)
    if bad > 3:
        app.notices.append("%d more files named like game records were not records: they "
                           "were set aside the same way." % (bad - 3))
    out.sort()
    return out


def _check_record(f, n):
    # ValueError unless record fields ``f`` are those of game number ``n``
    # (app.persist.records.parse checks the rest when it is replayed).
    if f.get("id") != str(n) or find(f.get("game", "")) is None:
        raise ValueError("it is not the record of game %d" % n)
    if n > PLAUSIBLE:
        raise ValueError("no console plays that many games")
    for k in ("seed", "kw", "you", "act", "res", "pos"):
        if k not in f:
            raise ValueError("the record has no %s" % k)


def complete(app, f):
    """Count the finished game of save fields ``f`` (once: if its number is
    above its game's ``app.last``), write its record, drop the oldest record
    (the last 10 are kept) and the game's save. False (and a notice) when
    the statistics or the record could not be written: the save is kept,
    and the game is ``app.owed`` and tried again at the next save (or the
    next boot)."""
    gid = dec_int(f["id"])
    i = games.GAMES.index(find(f["game"]))
    res = [dec_int(x) for x in f["res"].split(",")]
    helped = dec_dict(f.get("st", "")).get("hint_or_undo")
    ok = True
    if gid > app.last[i]:
        # played, won, lost, drawn, current streak (wins in a row), best
        stats = read_stats(app)
        n = stats[f["game"]]
        r = res[dec_int(f["you"])]
        n[0] += 1
        if r > 0:
            n[1] += 1
            n[4] += 1
            if n[4] > n[5]:
                n[5] = n[4]
        else:
            n[2 if r < 0 else 3] += 1
            n[4] = 0
        if helped:
            n[6] += 1
            n[7] += r > 0
        st = []
        for j in range(len(games.GAMES)):
            e = games.GAMES[j]
            st.append(("last." + e.name, gid if j == i else app.last[j]))
            st.append((e.name, ",".join(str(n) for n in stats[e.name])))
        # Counted only once written: a failed write is counted again.
        ok = _write(app, "stats", "stats", st)
        if ok:
            app.last[i] = gid
    rec = [("game", f["game"]), ("id", f["id"]), ("seed", f["seed"]), ("kw", f["kw"]),
           ("you", f["you"]), ("act", f["act"]), ("res", f["res"]), ("pos", f["pos"])]
    if helped:
        rec.append(("help", "y"))  # played with a hint or a take-back
    # Written even when the count failed: the record is the game itself.
    if _write(app, "r%d" % gid, "record", rec):
        if gid > app.top:
            app.top = gid
    else:
        ok = False
    if not ok:
        app.owed = f  # its save stays too, for a power cut (boot)
        return False
    app.owed = None
    try:
        # The last 10 records up to this one are kept: numbers need not be
        # consecutive, and a record numbered above (not written here) stays.
        recs = [n for n in _records(app) if n <= gid]
        for n in recs[1:-10]:
            app.storage.remove("r%d" % n)
        app.storage.remove(SAVES[i])
    except OSError as e:
        app.notices.append("Could not tidy the storage: %s." % words(e))
    app.saves[i] = 0
    return True
