"""The link protocol between two consoles: one ``Session`` per console.

The caller hands received bytes to ``receive``, sends what ``outgoing``
returns, sleeps until ``due_ms`` or the next byte, and reads what happened
with ``next_event``. The session never sleeps and never touches a transport:
time comes from the injected clock (``ticks_ms``/``ticks_diff``), bytes from
the caller (``link.transport.Pump`` does the rounds).

What travels (frames: ``link.frame``):

- HELLO, repeated every ``HELLO_MS`` until answered: protocol version, role
  (host or guest), rules text, and where this console is (shuffling, with the
  start of its commitment, or the deal's identity, the number of moves it
  holds and the hash of its state).
  Its tag bytes are this console's nonce and the nonce it has heard from the
  other; a console is linked once it hears its own nonce echoed, and a
  linked console answers the hellos of one that is not linked yet. A version,
  role or rules mismatch is refused in words on both sides.
- COMMIT (sha256 of a 16-byte secret), then REVEAL (the secret) once the
  other's commitment is in: the deal's seed comes from both secrets, so
  neither console chooses it. A secret that does not match its commitment is
  refused.
- MOVE n: the action of move number n (one byte) and, for the newest move,
  the hash of the state after it. The receiver applies it, checks the hash
  and answers with an ACK carrying its own hash: both sides compare every
  move.
- ACK (kind and number acknowledged), PING (nothing to say, still here) and
  STOP (a code: this console stopped the game).

COMMIT, REVEAL and MOVE are resent every ``RESEND_MS`` until acknowledged,
one at a time. They are idempotent (a move is known by its number), so a
duplicate is acknowledged again and otherwise ignored. Every frame but HELLO
carries both nonces of the current link as its tag, so a frame left over
from before a reconnection is dropped. Nothing heard for ``LOST_MS`` (each
side sends a PING every ``PING_MS`` when it has nothing else to send) is a
lost link: the game is kept, hellos start again, and the hello says how many
moves each side holds, so the side that is ahead resends the rest.
"""

import hashlib

from link import frame, rules

VERSION = 1
HOST = 0
GUEST = 1

# Frame kinds.
K_HELLO = 1
K_ACK = 2
K_PING = 3
K_STOP = 4
K_COMMIT = 5
K_REVEAL = 6
K_MOVE = 7

# Where the session is (``state``).
SHUFFLE = 0  # no game yet: commit-reveal under way
PLAY = 1  # ``game`` is the game
STOPPED = 2  # refused or mismatched: nothing more happens

# Events (``next_event``): tuples (kind, a, b).
EV_LINKED = 1  # the two consoles hear each other: a = moves held
EV_READY = 2  # the deal is known: a = seed; ``game`` is ready
EV_MOVE = 3  # the other console's move was applied: a = seat, b = action
EV_LOST = 4  # a = words for the screen
EV_SILENT = 5  # nobody answers the hellos: a = words
EV_REFUSED = 6  # a = words (version, role, rules, shuffle)
EV_MISMATCH = 7  # the games differ: a = words; play has stopped
EV_RULES = 8  # a guest took the host's rules: a = the rules text

# STOP codes.
STOP_SHUFFLE = 1  # your secret does not match your commitment
STOP_HASH = 2  # our states differ
STOP_ILLEGAL = 3  # your move is illegal here
STOP_GAME = 4  # you are in another game

HELLO_MS = 400
RESEND_MS = 250
PING_MS = 1000
LOST_MS = 3500
SILENT_MS = 5000

SECRET = 16
HASH = 4
MAX_MOVES = 1024
TX_CAP = 1024

LOST = "Link lost: check the cable"
SILENT = "No answer from the other console"
ANOTHER_GAME = "The other console is in another game"
DISAGREE = "The two consoles no longer agree on the game"
ILLEGAL = "The other console sent a move that is not legal here"
BROKEN_PROMISE = "The other console's shuffle did not match its promise"
UNREADABLE_RULES = "The other console sent rules this one cannot read"
_STOP_WORDS = (
    None,
    (EV_REFUSED, "The other console refused this console's shuffle"),
    (EV_MISMATCH, DISAGREE),
    (EV_MISMATCH, "The other console could not play this console's move"),
    (EV_REFUSED, ANOTHER_GAME),
)


def state_hash(game, out):
    """Write the first ``HASH`` bytes of sha256 of the game's position text
    (its full state, hands and shuffle generator included) into ``out``."""
    d = hashlib.sha256(game.to_text().encode()).digest()
    for i in range(HASH):
        out[i] = d[i]


def seed_of(host_secret, guest_secret):
    """The deal's seed (an int below 2**30) from both secrets, host's first."""
    h = hashlib.sha256(host_secret)
    h.update(guest_secret)
    d = h.digest()
    return ((d[0] & 0x3F) << 24) | (d[1] << 16) | (d[2] << 8) | d[3]


def commitment(secret):
    """What a console promises before revealing ``secret``: its sha256."""
    return hashlib.sha256(secret).digest()


def default_seats(role, rules_text):
    """The seats a console plays unless told: in a game of two, the host
    seat 0 and the guest seat 1; in Clubs the two people are partners, the
    host South (seat 2) with the computer's East and West (1, 3), the guest
    North (0)."""
    if rules.seats(rules_text) == 2:
        return (role,)
    return (1, 2, 3) if role == HOST else (0,)


def _same(a, b, n):
    for i in range(n):
        if a[i] != b[i]:
            return False
    return True


class Session:
    """One console's side of a link game.

    ``clock``: ``ticks_ms()`` and ``ticks_diff(a, b)``. ``role``: HOST or
    GUEST (one of each per link). ``rules_text``: ``link.rules.text(...)``,
    equal on both consoles; a guest given None plays the host's (event
    EV_RULES once they are known). ``entropy(n)``: n random bytes (``os.urandom``
    on both runtimes; tests pass their own). ``seats``: the seats this
    console plays (default: ``default_seats``). To resume a saved link game, ``seed`` and
    ``moves`` (the actions played, bytes) rebuild it. ValueError saying why
    for a bad role, rules text or saved game.
    """

    def __init__(self, clock, role, rules_text, entropy, seats=None, seed=None, moves=b""):
        if role not in (HOST, GUEST):
            raise ValueError("role must be HOST or GUEST, got %r" % (role,))
        if rules_text is None:
            if role != GUEST:
                raise ValueError("the host says which game is played")
            rules_text = ""
        else:
            rules.parse(rules_text)
            seats = seats or default_seats(role, rules_text)
        self.clock = clock
        self.version = VERSION
        self.role = role
        self.rules = rules_text
        self._rules_b = rules_text.encode()
        self.entropy = entropy
        self.seats = tuple(seats or ())
        self.dec = frame.Decoder()
        self.tx = bytearray(TX_CAP)
        self._txv = memoryview(self.tx)
        self.n_tx = 0
        self.pay = bytearray(frame.MAX_PAYLOAD)
        self.log = bytearray(MAX_MOVES)
        self.count = 0
        self.hash = bytearray(HASH)
        self.deal_id = bytearray(HASH)
        self.peer_hash = bytearray(HASH)
        self.events = []
        # Called with the game's events after every move applied here,
        # this console's or the other's (a screen tells them).
        self.on_move = None
        self.game = None
        self.seed = None
        self.secret = None
        self.peer_commit = bytearray(32)
        self.have_peer_commit = False
        self.revealed = False
        self.commit_acked = True
        self.reveal_acked = True
        self.peer_has = 0
        self.state = SHUFFLE
        self.stopped_code = 0
        now = clock.ticks_ms()
        self.connected = False
        self.was_linked = False
        self.nonce = 0
        self.peer_nonce = 0
        self.heard = now
        self.since = now
        self.silent_told = False
        self.hello_due = now
        self.out_due = now
        self.out_kind = 0
        self.out_number = -1
        self.sent_at = now
        if seed is None:
            self._new_secret()
        else:
            self._start_game(seed)
            for a in moves:
                self._apply(a)
            self.peer_has = self.count
        self._new_nonce()

    # -- what the caller calls -------------------------------------------

    def receive(self, data):
        """Take bytes received from the transport (any bytes-like)."""
        dec = self.dec
        for b in data:
            if dec.feed(b):
                self._frame()

    def outgoing(self):
        """Run the timers; the bytes to send now (a memoryview, valid until
        the next call to ``receive`` or ``outgoing``; empty when none)."""
        now = self.clock.ticks_ms()
        diff = self.clock.ticks_diff
        if self.state == STOPPED:
            pass
        elif not self.connected:
            if diff(now, self.hello_due) >= 0:
                self._send_hello()
                self.hello_due = now + HELLO_MS
            if not self.silent_told and diff(now, self.since) >= SILENT_MS:
                self.silent_told = True
                self._event(EV_SILENT, SILENT)
        elif diff(now, self.heard) >= LOST_MS:
            self._lose(LOST)
            self._send_hello()
            self.hello_due = now + HELLO_MS
        else:
            self._send_reliable(now)
            if diff(now, self.sent_at) >= PING_MS:
                self._send(K_PING, 0, 0)
        n = self.n_tx
        self.n_tx = 0
        return self._txv[:n]

    def due_ms(self):
        """Milliseconds until ``outgoing`` has something to do (0: now)."""
        if self.state == STOPPED:
            return PING_MS
        now = self.clock.ticks_ms()
        diff = self.clock.ticks_diff
        if not self.connected:
            t = diff(self.hello_due, now)
            if not self.silent_told:
                t = min(t, diff(self.since + SILENT_MS, now))
        else:
            t = min(diff(self.sent_at + PING_MS, now), diff(self.heard + LOST_MS, now))
            if self._want() is not None:
                t = min(t, diff(self.out_due, now))
        return max(0, t)

    def next_event(self):
        """The oldest event not yet read, or None."""
        if self.events:
            return self.events.pop(0)
        return None

    def play(self, action):
        """Play ``action`` for this console's seat to move: applied here at
        once, sent to the other console. ValueError saying why when there is
        no game, the seat to move is the other console's, or the action is
        illegal (the game unchanged)."""
        if self.state != PLAY:
            raise ValueError("no game on the link yet" if self.state == SHUFFLE
                             else "the link game has stopped")
        seat = self.game.current_player
        if seat is None:
            raise ValueError("the game is over")
        if seat not in self.seats:
            raise ValueError("seat %d plays on the other console" % seat)
        self._apply(action)

    def moves(self):
        """The actions played so far, in order (bytes)."""
        return bytes(self.log[: self.count])

    # -- the shuffle -------------------------------------------------------

    def _new_secret(self):
        s = bytes(self.entropy(SECRET))
        if len(s) != SECRET:
            raise ValueError("entropy gave %d bytes, not %d" % (len(s), SECRET))
        self.secret = s
        self.my_commit = commitment(s)
        self.revealed = False
        self.commit_acked = False
        self.reveal_acked = False

    def _start_game(self, seed):
        self.seed = seed
        self.game = rules.new_game(self.rules, seed)
        state_hash(self.game, self.deal_id)
        state_hash(self.game, self.hash)
        self.state = PLAY

    def _apply(self, action):
        if self.count >= MAX_MOVES:
            raise ValueError("the game is longer than the link's record")
        if type(action) is not int or not 0 <= action < 256:
            raise ValueError("not an action: %r" % (action,))
        self.game.apply(action)
        self.log[self.count] = action
        self.count += 1
        state_hash(self.game, self.hash)
        if self.on_move is not None:
            self.on_move(self.game.events)

    # -- frames in ---------------------------------------------------------

    def _frame(self):
        d = self.dec
        k = d.kind
        if k == K_HELLO:
            self._hello()
            return
        if not self.connected or d.tag0 != self._tag0() or d.tag1 != self._tag1():
            return
        self.heard = self.clock.ticks_ms()
        if k == K_STOP:
            self._stopped_by_peer(d.payload[0] if d.length else 0)
        elif self.state == STOPPED:
            self._send_stop()
        elif k == K_ACK:
            self._ack()
        elif k == K_COMMIT:
            self._commit()
        elif k == K_REVEAL:
            self._reveal()
        elif k == K_MOVE:
            self._move()

    def _hello(self):
        d = self.dec
        p = d.payload
        n = d.length
        if n < 15 or d.tag0 == 0:
            return
        their_nonce = d.tag0
        heard = d.tag1
        if self.state == STOPPED:
            if heard != self.nonce or their_nonce != self.peer_nonce:
                self.peer_nonce = their_nonce
                self._send_hello()
            return
        why = None
        if p[0] != self.version:
            why = "The other console speaks link version %d, this one %d: update both" % (
                p[0], self.version)
        elif p[1] == self.role:
            why = "Both consoles are hosting: one must join" if self.role == HOST else \
                "Both consoles are joining: one must host"
        elif not self.rules:
            why = self._take_rules(bytes(p[15:n]))
        elif n == 15 and self.role == HOST:
            pass  # a guest that takes this console's rules, not told them yet
        elif n - 15 != len(self._rules_b) or not _same(p[15:n], self._rules_b, n - 15):
            try:
                why = rules.differences(self.rules, bytes(p[15:n]).decode())
            except (ValueError, UnicodeError):
                why = UNREADABLE_RULES
        if not why and p[2] == STOPPED:
            why = "The other console has stopped this game"
        if why:
            self.peer_nonce = their_nonce
            self._refuse(EV_REFUSED, why, 0)
            self._send_hello()
            return
        if self.connected:
            if their_nonce == self.peer_nonce:
                if not p[13]:  # it has not heard this side's answer yet
                    self._send_hello()
                return
            self._lose(LOST)  # the other console started over
        self.peer_nonce = their_nonce
        self.heard = self.clock.ticks_ms()
        if heard == self.nonce:
            self._link(p)
        if self.state != STOPPED:
            self._send_hello()

    def _take_rules(self, text):
        # A guest without rules of its own plays the host's: the first
        # readable hello sets them (EV_RULES, for the screen to show them
        # before the deal).
        try:
            text = text.decode()
            rules.new_game(text, 0)  # a game this console can deal, options and all
            seats = self.seats or default_seats(GUEST, text)
        except (ValueError, UnicodeError):
            return UNREADABLE_RULES
        self.rules = text
        self._rules_b = text.encode()
        self.seats = seats
        self._event(EV_RULES, text)
        return None

    def _link(self, p):
        peer_phase = p[2]
        peer_count = (p[3] << 8) | p[4]
        if self.state == PLAY and peer_phase == PLAY:
            if not _same(p[9:13], self.deal_id, HASH):
                self._refuse(EV_REFUSED, ANOTHER_GAME, STOP_GAME)
                return
            if peer_count == self.count and not _same(p[5:9], self.hash, HASH):
                self._refuse(EV_MISMATCH, DISAGREE, STOP_HASH)
                return
            if peer_count > self.count:
                self.peer_has = self.count  # it resends what this side lacks
            else:
                self.peer_has = peer_count
        elif peer_phase == SHUFFLE or self.state == SHUFFLE:
            if self.secret is None:  # resumed from a save: its secret is gone
                self._refuse(EV_REFUSED, ANOTHER_GAME, STOP_GAME)
                return
            if peer_phase == SHUFFLE and self.have_peer_commit and \
                    not _same(p[9:13], self.peer_commit, HASH):
                # The other console started its shuffle again (it lost
                # power): a deal made here from its old secret is not its
                # deal; a secret shown already must not be used again.
                if self.state == PLAY:
                    self._refuse(EV_REFUSED, ANOTHER_GAME, STOP_GAME)
                    return
                self.have_peer_commit = False
                if self.revealed:
                    self._new_secret()
            # One side may lack the other's commitment or secret (the other
            # may even have dealt and moved): send both again; the moves
            # follow, and a side that took a new secret meanwhile deals
            # another game, which the first hash or move shows.
            self.commit_acked = False
            self.reveal_acked = False
            self.peer_has = 0 if peer_phase == SHUFFLE else min(peer_count, self.count)
        self.connected = True
        self.silent_told = False
        self.out_number = -1
        now = self.clock.ticks_ms()
        self.out_due = now
        self.sent_at = now
        self._event(EV_LINKED, self.count)
        self.was_linked = True

    def _ack(self):
        d = self.dec
        if not d.length:
            return
        kind = d.payload[0]
        n = d.number
        if kind == K_COMMIT:
            self.commit_acked = True
        elif kind == K_REVEAL and self.revealed:
            self.reveal_acked = True
        elif kind == K_MOVE and self.state == PLAY and n < self.count:
            if n + 1 > self.peer_has:
                self.peer_has = n + 1
            if d.length >= 1 + HASH and n + 1 == self.count and \
                    not _same(d.payload[1:1 + HASH], self.hash, HASH):
                self._refuse(EV_MISMATCH, DISAGREE, STOP_HASH)
                return
        if kind == self.out_kind and n == self.out_number:
            self.out_number = -1  # the next one goes at once
            self.out_due = self.clock.ticks_ms()

    def _commit(self):
        d = self.dec
        if d.length != 32:
            return
        if self.state == SHUFFLE:
            if self.have_peer_commit and not _same(self.peer_commit, d.payload, 32):
                # The other console started a new shuffle: if this one has
                # shown its secret already, it takes a new one, else the
                # other could choose its secret knowing this one's.
                if self.revealed:
                    self._new_secret()
            for i in range(32):
                self.peer_commit[i] = d.payload[i]
            self.have_peer_commit = True
        self._send_ack(K_COMMIT, 0, False)

    def _reveal(self):
        d = self.dec
        if d.length != SECRET:
            return
        if self.state == SHUFFLE:
            if not self.have_peer_commit:
                return  # no ack: it comes again after the commitment
            secret = bytes(d.payload[:SECRET])
            if not _same(commitment(secret), self.peer_commit, 32):
                self._refuse(EV_REFUSED, BROKEN_PROMISE, STOP_SHUFFLE)
                return
            if self.role == HOST:
                seed = seed_of(self.secret, secret)
            else:
                seed = seed_of(secret, self.secret)
            self._start_game(seed)
            self._event(EV_READY, seed)
        self._send_ack(K_REVEAL, 0, False)

    def _move(self):
        d = self.dec
        n = d.number
        if self.state != PLAY or d.length < 1:
            return  # no ack: it comes again once the deal is known
        if n < self.count:
            self._send_ack(K_MOVE, n, n + 1 == self.count)
            return
        if n > self.count:
            return
        action = d.payload[0]
        seat = self.game.current_player
        try:
            self._apply(action)
        except ValueError:
            self._refuse(EV_MISMATCH, ILLEGAL, STOP_ILLEGAL)
            return
        if d.length >= 1 + HASH and not _same(d.payload[1:1 + HASH], self.hash, HASH):
            self._refuse(EV_MISMATCH, DISAGREE, STOP_HASH)
            return
        if self.count > self.peer_has:
            self.peer_has = self.count
        self._send_ack(K_MOVE, n, True)
        self._event(EV_MOVE, seat, action)

    # -- stopping ----------------------------------------------------------

    def _refuse(self, ev, words, code):
        self.state = STOPPED
        self.stopped_code = code
        self._event(ev, words)
        # Also when the refusal comes as the link is made (not connected
        # here yet): the other console, linked already, hears why at once.
        if code and self.peer_nonce:
            self._send_stop()

    def _stopped_by_peer(self, code):
        if self.state == STOPPED:
            return
        ev, words = _STOP_WORDS[code] if 0 < code < len(_STOP_WORDS) else (
            EV_REFUSED, "The other console stopped the game")
        self.state = STOPPED
        self._event(ev, words)

    def _lose(self, words):
        self.connected = False
        self.since = self.clock.ticks_ms()
        self.silent_told = False
        self._new_nonce()
        self._event(EV_LOST, words)

    def _new_nonce(self):
        n = self.entropy(1)[0] or 1
        if n == self.nonce:
            n = n % 255 + 1
        self.nonce = n

    def _event(self, kind, a=None, b=None):
        self.events.append((kind, a, b))

    # -- frames out --------------------------------------------------------

    def _tag0(self):
        return self.nonce if self.role == HOST else self.peer_nonce

    def _tag1(self):
        return self.peer_nonce if self.role == HOST else self.nonce

    def _send(self, kind, number, length, tag0=-1, tag1=-1):
        if tag0 < 0:
            tag0 = self._tag0()
            tag1 = self._tag1()
        if self.n_tx + frame.worst_size(length) > TX_CAP:
            return  # no room this round: what matters is sent again
        self.n_tx = frame.encode(kind, tag0, tag1, number, self.pay, length, self.tx, self.n_tx)
        self.sent_at = self.clock.ticks_ms()

    def _send_hello(self):
        p = self.pay
        p[0] = self.version
        p[1] = self.role
        p[2] = self.state
        p[3] = self.count >> 8
        p[4] = self.count & 0xFF
        ident = self.deal_id if self.state != SHUFFLE else self.my_commit
        for i in range(HASH):
            p[5 + i] = self.hash[i]
            p[9 + i] = ident[i]
        p[13] = 1 if self.connected else 0
        p[14] = 0
        r = self._rules_b
        for i in range(len(r)):
            p[15 + i] = r[i]
        heard = self.peer_nonce if self.peer_nonce else 0
        self._send(K_HELLO, 0, 15 + len(r), self.nonce, heard)

    def _send_ack(self, kind, number, with_hash):
        p = self.pay
        p[0] = kind
        n = 1
        if with_hash:
            for i in range(HASH):
                p[1 + i] = self.hash[i]
            n += HASH
        self._send(K_ACK, number, n)

    def _send_stop(self):
        self.pay[0] = self.stopped_code
        self._send(K_STOP, 0, 1)

    def _want(self):
        if not self.commit_acked:
            return K_COMMIT, 0
        if not self.reveal_acked and self.have_peer_commit:
            return K_REVEAL, 0
        if self.state == PLAY and self.peer_has < self.count:
            return K_MOVE, self.peer_has
        return None

    def _send_reliable(self, now):
        w = self._want()
        if w is None:
            return
        kind, number = w
        if kind == self.out_kind and number == self.out_number and \
                self.clock.ticks_diff(now, self.out_due) < 0:
            return
        self.out_kind = kind
        self.out_number = number
        self.out_due = now + RESEND_MS
        p = self.pay
        if kind == K_COMMIT:
            for i in range(32):
                p[i] = self.my_commit[i]
            self._send(K_COMMIT, 0, 32)
        elif kind == K_REVEAL:
            self.revealed = True
            for i in range(SECRET):
                p[i] = self.secret[i]
            self._send(K_REVEAL, 0, SECRET)
        else:
            p[0] = self.log[number]
            n = 1
            if number + 1 == self.count:
                for i in range(HASH):
                    p[1 + i] = self.hash[i]
                n += HASH
            self._send(K_MOVE, number, n)
