"""The link protocol (firmware/link, docs/link.md): two sessions over an
in-memory line (tests/linksim.py) that drops, duplicates, corrupts, delays
and cuts; refusals in words; the fair shuffle; whole games by computer
players at Easy on both ends, each end with its own game."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from linksim import CORRUPT, CUT, DELAY, DROP, DUP, GARBAGE, OK, Pair

from link import rules
from link import session as ls

KJ = rules.text("klaberjass", {"alternate": False, "all_sequences": False, "classic": False})
CB = rules.text("clubbed", {"refill": True})


def events(end, kind):
    return [e for e in end.events if e[0] == kind]


def assert_same_game(p):
    h = p.host.session
    g = p.guest.session
    assert h.game is not None and g.game is not None
    assert h.moves() == g.moves()
    assert h.game.to_text() == g.game.to_text()
    assert bytes(h.hash) == bytes(g.hash)
    assert not events(p.host, ls.EV_MISMATCH) and not events(p.guest, ls.EV_MISMATCH)
    assert not events(p.host, ls.EV_REFUSED) and not events(p.guest, ls.EV_REFUSED)


@pytest.mark.parametrize("text", [KJ, CB], ids=["klaberjass", "clubbed"])
def test_whole_game_by_easy_players_on_both_ends(text):
    p = Pair(text)
    assert p.run(3_600_000, p.over), "the game did not finish"
    assert_same_game(p)
    h = p.host.session
    assert h.game.is_over() and h.count > 20
    # Each end saw the other's moves as events, and only those.
    seat_moves = [e for e in p.host.events if e[0] == ls.EV_MOVE]
    assert seat_moves and all(e[1] == 1 for e in seat_moves)
    assert all(e[1] == 0 for e in events(p.guest, ls.EV_MOVE))
    # The game was dealt from the seed both secrets make.
    assert h.seed == ls.seed_of(h.secret, p.guest.session.secret)


def test_neither_side_alone_decides_the_seed():
    a, b, c = bytes(16), bytes(range(16)), bytes(range(1, 17))
    seeds = {ls.seed_of(a, b), ls.seed_of(a, c), ls.seed_of(b, b), ls.seed_of(c, b)}
    assert len(seeds) == 4  # changing either secret changes the deal
    assert all(0 <= s < 2**30 for s in seeds)
    p1 = Pair(CB, seeds=(11, 22))
    p2 = Pair(CB, seeds=(11, 23))
    p3 = Pair(CB, seeds=(12, 22))
    for p in (p1, p2, p3):
        assert p.run(10_000, lambda p=p: p.host.session.game and p.guest.session.game)
        assert p.host.session.seed == p.guest.session.seed
    assert len({p1.host.session.seed, p2.host.session.seed, p3.host.session.seed}) == 3


def test_no_secret_travels_before_both_commitments():
    # The guest's first frames are lost: the host must not show its secret
    # until the guest's commitment has arrived.
    p = Pair(CB, faults_ba=[DROP] * 12)
    from link.frame import Decoder

    d = Decoder()
    reveals = []
    write = p.ab.write

    def watch(data):
        for b in bytes(data):
            if d.feed(b) and d.kind == ls.K_REVEAL:
                reveals.append(p.host.session.have_peer_commit)
        write(data)

    p.ab.write = watch
    assert p.run(10_000, lambda: p.host.session.game is not None)
    assert reveals and all(reveals)
    assert p.guest.events and p.guest.session.seed == p.host.session.seed


def test_a_secret_that_breaks_its_promise_is_refused():
    p = Pair(CB)
    g = p.guest.session
    # The guest commits to one secret (made when it starts), then shows another.
    assert g.my_commit == ls.commitment(g.secret)
    g.secret = bytes(16)
    p.run(10_000, p.stopped)
    p.run(2_000)
    h_ref = events(p.host, ls.EV_REFUSED)
    g_ref = events(p.guest, ls.EV_REFUSED)
    assert h_ref and "did not match its promise" in h_ref[0][1]
    assert g_ref and "refused this console's shuffle" in g_ref[0][1]
    assert p.host.session.game is None


def test_silent_peer_is_reported_and_hellos_keep_going():
    p = Pair(CB)
    p.ab.cut = True
    p.ba.cut = True
    p.run(ls.SILENT_MS + 100)
    for end in (p.host, p.guest):
        ev = events(end, ls.EV_SILENT)
        assert len(ev) == 1 and ev[0][1] == ls.SILENT
    n = len(p.ab.frames)
    assert n >= ls.SILENT_MS // ls.HELLO_MS
    p.ab.cut = p.ba.cut = False
    assert p.run(5_000, lambda: p.host.session.game is not None)  # answered at last


@pytest.mark.parametrize(
    "guest_rules, guest_kw, words",
    [
        (None, {"seats": None}, "version 2, this one 1"),
        (KJ, None, "set for Klaberjass, this one for Clubbed"),
        (rules.text("clubbed", {"refill": False}), None, "refill is off on the other console"),
    ],
    ids=["version", "game", "option"],
)
def test_a_mismatched_peer_is_refused_in_words_on_both(guest_rules, guest_kw, words):
    p = Pair(CB, guest_rules=guest_rules)
    if guest_rules is None:
        p.guest.session.version = 2
    p.run(5_000, lambda: p.host.session.state == ls.STOPPED and
          p.guest.session.state == ls.STOPPED)
    h = events(p.host, ls.EV_REFUSED)
    g = events(p.guest, ls.EV_REFUSED)
    assert h and words in h[0][1]
    assert g, "the guest was not told"
    assert p.host.session.game is None and p.guest.session.game is None


def test_a_host_refuses_a_hello_whose_rules_are_not_text():
    p = Pair(CB)
    p.guest.session._rules_b = b"\xff\xfeclubbed"
    p.run(5_000, lambda: p.host.session.state == ls.STOPPED)
    ev = events(p.host, ls.EV_REFUSED)
    assert ev and "cannot read" in ev[0][1]
    assert p.host.session.game is None


def test_two_hosts_are_refused():
    p = Pair(CB)
    p.guest.session.role = ls.HOST
    p.run(5_000, lambda: p.stopped() and p.host.session.state == p.guest.session.state)
    for end in (p.host, p.guest):
        ev = events(end, ls.EV_REFUSED)
        assert ev and ev[0][1] == "Both consoles are hosting: one must join"


def test_cable_pulled_mid_game_resumes():
    p = Pair(KJ)
    assert p.run(600_000, lambda: p.host.session.count >= 30)
    p.ab.cut = p.ba.cut = True
    p.run(ls.LOST_MS + 1000)
    for end in (p.host, p.guest):
        assert events(end, ls.EV_LOST)
        assert end.session.game is not None  # the game is kept
    p.ab.cut = p.ba.cut = False
    assert p.run(3_600_000, p.over)
    assert_same_game(p)
    assert len(events(p.host, ls.EV_LINKED)) >= 2


def test_a_console_that_lost_its_game_is_told_at_once_it_is_refused():
    # The guest loses power and starts a new game (no save): the host, in
    # the old game, refuses it as it links. The guest has linked already, so
    # a STOP tells it why at once; it heard it only after losing the link
    # (3.5 s) and in other words, and a simulator that quits once stopped
    # never told it.
    from linksim import entropy_from

    p = Pair(CB)
    assert p.run(60_000, lambda: p.host.session.count >= 6)
    p.guest.replace(ls.Session(p.clock, ls.GUEST, CB, entropy_from(99)))
    g = p.guest
    assert p.run(ls.LOST_MS - 500, lambda: g.session.state == ls.STOPPED)
    assert g.events[-1] == (ls.EV_REFUSED, ls.ANOTHER_GAME, None)
    assert p.host.session.state == ls.STOPPED


def test_power_cut_on_one_console_resumes_from_its_save():
    p = Pair(KJ)
    assert p.run(600_000, lambda: p.guest.session.count >= 25)
    g = p.guest.session
    # Its save is one move behind what it had played and sent.
    saved = g.moves()[:-1]
    p.guest.replace(ls.Session(p.clock, ls.GUEST, KJ, g.entropy, seed=g.seed, moves=saved))
    assert p.run(3_600_000, p.over)
    assert_same_game(p)


def test_a_state_mismatch_stops_both():
    p = Pair(KJ)
    assert p.run(600_000, lambda: p.guest.session.count >= 6)
    # The guest's shuffle generator is changed (a tampered or broken
    # console): its next deals would differ; the next move shows it.
    p.guest.session.game.rng.set_state((1, 2))
    p.run(20_000, lambda: p.host.session.state == ls.STOPPED and
          p.guest.session.state == ls.STOPPED)
    for end in (p.host, p.guest):
        ev = events(end, ls.EV_MISMATCH)
        assert ev and ev[0][1] == ls.DISAGREE
        assert end.session.moves()  # both keep the record


def test_klaberjass_whole_game_over_a_bad_line():
    rng_faults = []
    from cardgames.rng import Rng

    r = Rng(5)
    for _ in range(600):
        k = r.below(20)
        rng_faults.append((DROP, DUP, CORRUPT, DELAY, GARBAGE)[k] if k < 5 else OK)
    p = Pair(KJ, faults_ab=rng_faults, faults_ba=list(reversed(rng_faults)))
    assert p.run(3_600_000, p.over)
    assert_same_game(p)


FAULT = st.sampled_from([OK, OK, OK, DROP, DUP, CORRUPT, DELAY, GARBAGE, CUT])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(FAULT, max_size=120), st.lists(FAULT, max_size=120),
       st.integers(0, 1000))
def test_random_fault_schedules_end_in_the_same_game(fab, fba, seed):
    p = Pair(CB, fab, fba, seeds=(seed, seed + 1))
    assert p.run(1_800_000, p.over)
    assert_same_game(p)


@pytest.mark.parametrize("game", ["clubbed", "klaberjass"])
def test_the_same_link_game_on_micropython(game):
    # tools/mp/link_pair.py: a whole game over linksim's line losing every
    # seventh frame, the same seed, moves and hashes on both runtimes.
    from mprun import assert_same_lines, cpython_output, micropython_output

    cp = cpython_output("tools/mp/link_pair.py", game).splitlines()
    assert cp[1].endswith("True") and cp[4].startswith("over True True")
    assert_same_lines(cp, micropython_output("tools/mp/link_pair.py", game,
                                                     paths=("firmware", "tests")).splitlines())


@pytest.mark.parametrize("both", [True, False], ids=["both-ways", "host-to-guest"])
def test_cable_pulled_during_the_shuffle_still_deals_one_game(both):
    # Cut with both secrets in flight: with both ways cut neither console
    # has the deal; with one way cut the host has it and the guest not.
    p = Pair(CB)
    h = p.host.session
    g = p.guest.session
    assert p.run(10_000, lambda: h.revealed and g.revealed)
    assert h.game is None and g.game is None
    p.ab.cut = True
    p.ba.cut = both
    p.run(ls.LOST_MS + 500)
    assert (h.game is None) == both and g.game is None
    p.ab.cut = p.ba.cut = False
    assert p.run(1_800_000, p.over)
    assert_same_game(p)


def test_power_cut_during_the_shuffle_shuffles_again():
    # Both secrets shown and lost on the line; the guest restarts with a new
    # secret. The host, whose secret is out, must draw a new one too.
    p = Pair(CB)
    h = p.host.session
    assert p.run(10_000, lambda: h.revealed and p.guest.session.revealed)
    p.ab.cut = p.ba.cut = True
    p.run(ls.LOST_MS + 500)
    old_secret = h.secret
    fresh = ls.Session(p.clock, ls.GUEST, CB, lambda n: bytes(range(100, 100 + n)))
    p.guest.replace(fresh)
    p.ab.cut = p.ba.cut = False
    # The guest's first new commitments are lost, and the host's secrets on
    # the wire are watched: the old one must not be shown to the new guest.
    from link.frame import Decoder

    dec_ba, dec_ab = Decoder(), Decoder()
    lost = [3]
    shown = []
    write_ba, write_ab = p.ba.write, p.ab.write

    def guest_writes(data):
        for b in bytes(data):
            if dec_ba.feed(b) and dec_ba.kind == ls.K_COMMIT and lost[0]:
                lost[0] -= 1
                return
        write_ba(data)

    def host_writes(data):
        for b in bytes(data):
            if dec_ab.feed(b) and dec_ab.kind == ls.K_REVEAL:
                shown.append(bytes(dec_ab.payload[:16]))
        write_ab(data)

    p.ba.write = guest_writes
    p.ab.write = host_writes
    assert p.run(1_800_000, p.over)
    assert_same_game(p)
    assert h.secret != old_secret and old_secret not in shown
    assert h.seed == ls.seed_of(h.secret, fresh.secret)


def test_due_ms_tells_the_caller_when_to_wake():
    p = Pair(CB)
    s = p.host.session
    assert s.due_ms() == 0  # the first hello is due at once
    assert len(s.outgoing()) > 0
    assert s.due_ms() == ls.HELLO_MS
    p.clock.now += 100
    assert s.due_ms() == ls.HELLO_MS - 100
    assert len(s.outgoing()) == 0  # nothing before it is due
    assert p.run(10_000, lambda: p.host.session.game is not None and
                 p.guest.session.game is not None and not p.guest.session._want())
    # Linked, the guest to move or the host waiting: a ping or a resend is next.
    assert 0 <= p.host.session.due_ms() <= ls.PING_MS


@pytest.mark.parametrize("text", [KJ, rules.text("clubs", {})], ids=["klaberjass", "clubs"])
def test_a_guest_without_rules_plays_the_hosts(text):
    p = Pair(text, guest_rules=None)
    p.guest.replace(ls.Session(p.clock, ls.GUEST, None, p.guest.session.entropy))
    assert p.run(60_000, lambda: p.guest.session.game is not None)
    told = events(p.guest, ls.EV_RULES)
    assert told == [(ls.EV_RULES, text, None)]
    assert p.guest.session.rules == text
    assert p.guest.session.seats == ls.default_seats(ls.GUEST, text)
    assert p.host.session.seed == p.guest.session.seed


@pytest.mark.parametrize("sent", [b"chess;pawns=8", b"clubs;nosuch=1", b"clubbed;dealer=9",
                                  b"klaberjass;target=-1", b"clubbed;refill=7", b"\xff\xfeclubbed"])
def test_a_guest_without_rules_refuses_rules_it_cannot_read(sent):
    # Rules a newer host might send (an option this console lacks, a value
    # its rules refuse) or bytes that are not text: refused in words before
    # the deal, never a crash at it.
    p = Pair(CB)
    p.host.session._rules_b = sent
    p.guest.replace(ls.Session(p.clock, ls.GUEST, None, p.guest.session.entropy))
    p.run(5_000, lambda: p.guest.session.state == ls.STOPPED)
    ev = events(p.guest, ls.EV_REFUSED)
    assert ev and "cannot read" in ev[0][1]
