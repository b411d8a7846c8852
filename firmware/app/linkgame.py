"""A game over the link, seen from one console: the session
(``link.session``), the pump to its transport, the computer players of
this console's seats that a person does not play, and what to say while
waiting. Screens and the simulator's ``--link`` drive it the same way:
``step()`` whenever bytes arrive or ``due_ms()`` has passed.

A finished link game is kept apart from games against the computer: its
record is file ``l<number>`` (the fields of ``app.persist.records`` plus
``link=host`` or ``link=guest``; the last 10 are kept) and it is counted
in file ``lstats`` (per game: played, won, lost, drawn), never in the
statistics of games against the computer.
"""

from link import session as ls
from link.transport import Pump

# Seat names of Clubs (cardgames.clubs.SEAT_NAMES), said when a computer
# seat of the host is to move.
_CLUBS = ("North", "East", "South", "West")
KEEP = 10
SAVE = "linksave"


def saved(storage):
    """The saved link game's fields (role, rules, seed, act), or None when
    there is none. A save that cannot be read, does not check or lacks a
    field is offered all the same: ``resume`` finds it damaged and the
    caller sets it aside, where a new game would write over it unseen."""
    from app.persist.storage import decode

    try:
        f = storage.read(SAVE)
        if f is None:
            return None
        f = decode(f, SAVE)
    except (OSError, ValueError):
        f = None
    # Fields none of which ``resume`` wants: it finds the save damaged.
    return f or {SAVE: 0}


def resume(clock, f, entropy):
    """A ``link.session.Session`` rebuilt from saved fields ``f``
    (``saved``); ValueError saying why when they do not make a game."""
    from app.persist.storage import unhexlify

    try:
        return ls.Session(clock, int(f["role"]), f["rules"], entropy, seed=int(f["seed"]),
                          moves=unhexlify(f["act"]))
    except (KeyError, TypeError, ValueError):
        # The session's own reason is for a developer; the player is told
        # in words and the file is set aside by the caller.
        raise ValueError("Link save damaged")


def person_seat(session):
    """The seat the person at this console plays: the only seat of a
    console in a game of two; in Clubs South (2) on the host, North (0) on
    the guest."""
    return session.seats[0] if len(session.seats) == 1 else 2


class LinkGame:
    """``session``: a ``link.session.Session``; ``transport``: its bytes
    (``readinto``, ``write``); ``level``: the computer players' level
    (``players.levels``) for the seats of this console a person does not
    play, made once the game is known (a guest learns it from the host);
    ``autoplay``: the computer plays the person's seat too; ``seed``: the
    players' seed; ``storage``: where the record and the link statistics go
    when the game ends (None: nowhere)."""

    def __init__(self, session, transport, level=0, autoplay=False, seed=0, storage=None):
        self.session = session
        self.pump = Pump(session, transport)
        self.level = level
        self.autoplay = autoplay
        self.seed = seed
        self.computers = None  # {seat: player}, once the game is known
        self.storage = storage
        self.acted = False  # the last step played a computer move
        self.words = "Looking for the other console"
        self.stopped = None  # words: refused or mismatched, the game stopped
        self.lost = False
        self.kept = False  # the game is over here and there, its record tried
        # Words when the save, the record or the statistics could not be
        # written (the game goes on; the caller says it), else None.
        self.trouble = None
        self.moves = 0  # moves played here and there (the session's count)
        self.to_save = False  # the last round's moves are saved in the next
        self.held = False  # a move received waits for its save: nothing is sent

    def step(self):
        """One round: bytes in and out, events read, a computer move if one
        of this console's computer seats is to move. Returns the events read
        (tuples of ``link.session``).

        Moves new in a round are saved (file SAVE) at the start of the next,
        which comes at once (``due_ms``): the caller draws them in between,
        so the card shows before the flash is written. A move received is
        acknowledged only once it is saved: nothing is sent meanwhile, so an
        acknowledged move is on this console's flash and survives a power
        cut (the sender, which keeps resending until acknowledged, holds it
        until then)."""
        s = self.session
        if self.to_save:
            self._store()
        n = s.count
        self.pump.receive()
        seen = []
        e = s.next_event()
        while e is not None:
            seen.append(e)
            self._event(e)
            e = s.next_event()
        self.acted = False
        if s.count != n and self.storage is not None:
            self.held = True
        if not self.held:
            self.pump.send()
            g = s.game
            if s.state == ls.PLAY and s.connected and not g.is_over():
                seat = g.current_player
                p = self._computers().get(seat)
                if p is not None:
                    # Decided from the seat's observation only, as any computer player.
                    s.play(p.choose(g.observation(seat), g.legal_actions()))
                    self.pump.send()
                    self.acted = True
        if s.count != self.moves or (self.over() and not self.kept):
            self.to_save = True
        self.moves = s.count
        return seen

    def _store(self):
        # The moves of the last round on flash (or, the game over on both
        # consoles, its record kept), then what was held back may go.
        self.to_save = False
        if self.over():
            if not self.kept:
                self.kept = True
                self._keep()
        elif self.storage is not None and not self.session.game.is_over():
            self._save()
        self.held = False

    def _computers(self):
        if self.computers is None:
            s = self.session
            me = person_seat(s)
            self.computers = {}
            seats = [seat for seat in s.seats if seat != me or self.autoplay]
            if seats:  # (a person alone at a console loads no player code)
                from players import levels

                for seat in seats:
                    self.computers[seat] = levels.make(s.rules.split(";")[0], self.level,
                                                       self.seed + seat)
        return self.computers

    def _event(self, e):
        k = e[0]
        if k == ls.EV_LINKED:
            self.lost = False
        elif k == ls.EV_LOST or k == ls.EV_SILENT:
            self.lost = True
            self.words = e[1]
        elif k == ls.EV_REFUSED or k == ls.EV_MISMATCH:
            self.stopped = e[1]
            self.words = e[1]

    def due_ms(self):
        """Milliseconds until ``step`` is due without bytes arriving (0
        while moves wait to be saved)."""
        return 0 if self.to_save else self.session.due_ms()

    def play(self, action):
        """A person's move for this console's seat to move (ValueError as
        ``Session.play``)."""
        if self.held:
            # What goes out with the move acknowledges a move received: it
            # is saved first (the person pressed before the round that
            # saves it came).
            self._store()
        self.session.play(action)
        self.pump.send()

    def over(self):
        """True once the game is over and the other console holds every move."""
        s = self.session
        return s.game is not None and s.game.is_over() and s.peer_has == s.count

    def game_name(self):
        """The game's name as the title shows it ("Klaberjass"), or "" while
        a guest does not know it yet."""
        g = self.session.rules.split(";")[0]
        return g[:1].upper() + g[1:]

    def status(self):
        """What the waiting screen says now: who is thinking, or why nothing
        happens."""
        s = self.session
        if self.stopped is not None or self.lost:
            return self.words
        if not s.connected:
            return "Looking for the other console"
        if s.game is None:
            return "Shuffling"
        g = s.game
        if g.is_over():
            return "Game over" if self.over() else "Telling the other console"
        seat = g.current_player
        if seat == person_seat(s):
            return "Your turn"
        if g.num_seats == 4:
            return "%s is thinking" % _CLUBS[seat]
        return "The other player is thinking"

    def record(self):
        """The record fields of the game (as ``app.persist.records`` reads
        them, plus ``link``): [(key, value)]."""
        from app.persist.files import enc_dict
        from app.persist.storage import hexlify
        from link import rules

        s = self.session
        g = s.game
        name, opts = rules.parse(s.rules)
        for k in opts:
            if k != "dealer":  # the on/off variants are bools in records
                opts[k] = opts[k] == 1
        you = person_seat(s)
        return [("game", self.game_name()), ("seed", s.seed), ("kw", enc_dict(opts)),
                ("you", you), ("act", hexlify(s.moves()).decode()),
                ("res", ",".join(str(r) for r in g.result())), ("pos", g.to_text()),
                ("link", "host" if s.role == ls.HOST else "guest")]

    def _save(self):
        # The game so far, for Continue after a power cut (file SAVE): the
        # session rebuilds it from the seed and the moves, and the other
        # console resends what this one lacks. The moves are those of the
        # last round (drawn since): one pressed meanwhile waits for its own.
        from app.persist.storage import hexlify, words, write_file

        s = self.session
        try:
            write_file(self.storage, SAVE, "linksave",
                       [("role", s.role), ("rules", s.rules), ("seed", s.seed),
                        ("act", hexlify(bytes(s.log[:self.moves])).decode())])
        except OSError as e:
            self.trouble = "The link game was not saved: %s" % words(e)

    def _keep(self):
        st = self.storage
        if st is None:
            return
        from app.persist.storage import decode, link_counts, words, write_file

        rec = self.record()
        try:
            nums = []
            for n in st.names():
                if n[:1] == "l" and n[1:].isdigit():
                    nums.append(int(n[1:]))
            nums.sort()
            gid = (nums[-1] + 1) if nums else 1
            write_file(st, "l%d" % gid, "record", [("id", gid)] + rec)
            st.remove(SAVE)
            for n in nums[:-(KEEP - 1)]:
                st.remove("l%d" % n)
            name = rec[0][1]
            try:
                counts = decode(st.read("lstats") or b"", "lstats")
            except ValueError:
                counts = {}  # none yet, or a bad file: counted from here
            n = link_counts(counts.get(name))
            r = self.session.game.result()[rec[3][1]]
            n[0] += 1
            n[1 if r > 0 else (2 if r < 0 else 3)] += 1
            counts[name] = ",".join(str(x) for x in n)
            write_file(st, "lstats", "lstats", sorted(counts.items()))
        except (OSError, ValueError) as e:
            self.trouble = "The link game was not kept: %s" % words(e)

