"""Link play on the console's screens (app.link_screen): two apps on one
virtual clock, joined by in-memory lines (tests/linksim.py), driven by
button presses only: Link play, Host and the game on one, Join on the
other; the guest is shown the host's rules before the deal; both play a
whole game with A and keep the same record; a cut says "Link lost" on both
screens and the game goes on; a mismatch is refused in words on both."""

import apptest  # noqa: F401  (sys.path: firmware/, host_sim/)
import pytest
from linksim import Line, Port, entropy_from

from app.kit import buttons
from app.kit.buttons import ScriptedButtons
from app.kit.clock import VirtualClock
from app.kit.display import FrameDisplay
from app.link_screen import LinkScreen
from app.main import App
from app.persist.storage import MemoryStorage, decode
from link import session as ls

STEP_MS = 10
SAME = ("game", "seed", "kw", "act", "res", "pos")
GAMES = ("Clubbed", "Klaberjass", "Clubs")


class Console:
    def __init__(self, clock, port, size, seed, storage=None):
        self.btn = ScriptedButtons()
        self.storage = storage or MemoryStorage()
        self.app = App(FrameDisplay(size[0], size[1], size[1] < 100), self.btn, clock, seed=seed,
                       storage=self.storage)
        self.app.motion = 2
        self.app.link_open = lambda: port

    def press(self, *names):
        for n in names:
            self.btn.push(buttons.from_name(n))

    def screen(self):
        return self.app.screen


class Two:
    def __init__(self, size=(240, 135)):
        entropy = entropy_from(size[0] + size[1])  # the same deals every run
        self.clock = VirtualClock()
        self.ab = Line(self.clock, seed=5)
        self.ba = Line(self.clock, seed=6)
        self.host = Console(self.clock, Port(self.ba, self.ab), size, 1)
        self.guest = Console(self.clock, Port(self.ab, self.ba), size, 2)
        for c in (self.host, self.guest):
            c.app.link_entropy = entropy

    def run(self, ms, until=None, play=False):
        end = self.clock.now + ms
        while self.clock.now < end:
            for c in (self.host, self.guest):
                c.app.step()
                s = c.screen()
                if play and isinstance(s, LinkScreen) and s.lg is not None and \
                        not c.btn.queue:
                    if not s.shown_rules:
                        c.press("A")
                    elif s._legal():
                        c.press("A")
            if until is not None and until():
                return True
            self.clock.now += STEP_MS
        return False

    def start(self, game, guest_hosts=False):
        # Title: Link play is the fifth row (no game saved yet).
        self.run(100)
        self.host.press("DOWN", "DOWN", "DOWN", "DOWN", "A")
        self.guest.press("DOWN", "DOWN", "DOWN", "DOWN", "A")
        self.run(200)
        assert isinstance(self.host.screen(), LinkScreen)
        self.host.press("A", *(["DOWN"] * GAMES.index(game)), "A")
        if guest_hosts:
            self.guest.press("A", "A")
        else:
            self.guest.press("DOWN", "A")
        self.run(100)


def rows(console):
    return [r[0] for r in console.screen()._rows()]


@pytest.mark.parametrize("game", ["Klaberjass", "Clubbed"])
def test_two_consoles_play_a_whole_game_by_presses(game):
    t = Two()
    t.start(game)
    h = t.host.screen()
    g = t.guest.screen()
    # The guest sees the host's game and settings before its deal shows.
    assert t.run(5_000, lambda: g.lg.session.rules)
    assert not g.shown_rules
    shown = rows(t.guest)
    assert shown[:2] == ["Link: " + game, "Host's settings:"]
    assert any(": off" in r or ": on" in r for r in shown)
    assert t.run(3_600_000, lambda: h.lg.kept and g.lg.kept, play=True), rows(t.host)
    hr = decode(t.host.storage.read("l1"), "record")
    gr = decode(t.guest.storage.read("l1"), "record")
    assert all(hr[k] == gr[k] for k in SAME)
    assert hr["game"] == game and (hr["link"], gr["link"]) == ("host", "guest")
    # Counted apart from the games against the computer.
    from app.persist import files

    assert files.read_stats(t.host.app)[game][0] == 0
    assert decode(t.guest.storage.read("lstats"), "lstats")[game].startswith("1,")
    assert "B menu" in rows(t.host) and "Game over" in rows(t.host)


def test_a_move_received_is_shown_then_saved_then_acknowledged():
    # Press to card: a console shows a move before it writes linksave (a
    # flash erase takes 45 ms and more on a Pico), and acknowledges a move
    # it received only once it is saved, so an acknowledged move survives a
    # power cut of the console that acknowledged it.
    from link import frame

    t = Two()
    t.start("Klaberjass")
    g = t.guest
    order = []

    def count():
        lg = g.screen().lg
        return lg.session.count if lg is not None else 0

    show = g.app.display.show
    g.app.display.show = lambda: (order.append(("show", count())), show())[1]
    write = g.storage.write

    def stored(name, data):
        if name.startswith("linksave"):
            order.append(("save", len(decode(bytes(data), "linksave")["act"]) // 2))
        write(name, data)

    g.storage.write = stored
    dec = frame.Decoder()
    send = t.ba.write  # the guest's side of the cable

    def sent(data):
        for b in bytes(data):
            if dec.feed(b) and dec.kind == ls.K_ACK and dec.payload[0] == ls.K_MOVE:
                order.append(("ack", dec.number + 1))
        send(data)

    t.ba.write = sent
    assert t.run(600_000, lambda: count() > 20, play=True)
    saves = [k for e, k in order if e == "save"]
    acks = [k for e, k in order if e == "ack"]
    assert len(saves) > 10 and len(acks) > 5
    for i, (e, k) in enumerate(order):
        before = order[:i]
        if e == "save":
            assert any(f == "show" and c >= k for f, c in before), "move %d saved unseen" % k
        if e == "ack":
            assert any(f == "save" and c >= k for f, c in before), "move %d acked unsaved" % k


def test_the_link_screen_sleeps_until_bytes_where_the_run_loop_wakes_on_them():
    # On the Pico the run loop sleeps on the UART (hw.start, App.link_wait):
    # the screen's deadline is then the session's own timers, not a round
    # every frame, and the app names the transport to wait on.
    t = Two()
    t.start("Klaberjass")
    h = t.host.screen()
    app = t.host.app
    assert t.run(5_000, lambda: h.lg.session.game is not None)
    t.run(200)
    port = h.lg.pump.transport
    assert app.listening() is port
    now = app.clock.ticks_ms()
    assert app.clock.ticks_diff(app.next_deadline(), now) <= 20
    port.wait = lambda ms: False
    assert app.clock.ticks_diff(app.next_deadline(), now) <= 20  # the loop does not wait
    app.link_wait = True
    assert app.clock.ticks_diff(app.next_deadline(), now) == h.lg.due_ms() > 20


def test_a_cut_says_link_lost_on_both_screens_and_play_goes_on():
    t = Two()
    t.start("Klaberjass")
    h = t.host.screen()
    g = t.guest.screen()
    assert t.run(600_000, lambda: h.lg.moves > 30, play=True)
    t.ab.cut = t.ba.cut = True
    moves = h.lg.moves
    assert t.run(10_000, lambda: h.lg.lost and g.lg.lost, play=True)
    assert ls.LOST in rows(t.host) and ls.LOST in rows(t.guest)
    assert t.host.screen() is h  # the game is kept on screen
    t.ab.cut = t.ba.cut = False
    assert t.run(10_000, lambda: h.lg.moves > moves + 2 and not h.lg.lost and not g.lg.lost,
                 play=True)
    assert t.run(3_600_000, lambda: h.lg.kept and g.lg.kept, play=True)
    assert h.lg.session.moves() == g.lg.session.moves()


def test_a_cut_while_the_guest_reads_the_settings_is_said():
    t = Two()
    t.start("Klaberjass")
    g = t.guest.screen()
    assert t.run(5_000, lambda: g.lg.session.rules)
    assert not g.shown_rules
    t.ab.cut = t.ba.cut = True
    assert t.run(10_000, lambda: g.lg.lost)
    shown = rows(t.guest)
    assert ls.LOST in shown and "Host's settings:" in shown
    t.ab.cut = t.ba.cut = False
    assert t.run(10_000, lambda: not g.lg.lost)
    assert ls.LOST not in rows(t.guest)


@pytest.mark.parametrize("size", [(240, 135), (240, 240), (128, 64)])
def test_two_hosts_are_refused_in_words_on_both_screens(size):
    t = Two(size)
    t.start("Clubbed", guest_hosts=True)
    assert t.run(10_000, lambda: t.host.screen().lg.stopped and t.guest.screen().lg.stopped)
    for c in (t.host, t.guest):
        assert "Link game stopped" in rows(c)
        assert "Both consoles are hosting: one must join" in rows(c)
    t.host.press("B", "B")
    t.run(200)
    assert not isinstance(t.host.screen(), LinkScreen)


def test_no_link_on_this_console_is_said():
    t = Two()
    t.host.app.link_open = lambda: None
    t.start("Clubbed")
    assert t.host.screen().lg is None
    assert t.host.screen().note == "This console has no link"



@pytest.mark.parametrize("size", [(240, 135), (240, 240), (128, 64)])
@pytest.mark.parametrize("game", GAMES)
def test_every_link_screen_text_fits(size, game):
    from textcheck import TextCheck

    t = Two(size)
    with TextCheck() as cuts:
        t.start(game)
        h = t.host.screen()
        g = t.guest.screen()
        for _ in range(40):
            t.run(2_000, play=True)
            t.ab.cut = t.ba.cut = not t.ab.cut  # now and then "Link lost"
        t.ab.cut = t.ba.cut = False
        assert t.run(600_000, lambda: h.lg.kept and g.lg.kept, play=True) or game == "Clubs"
        for c in (t.host, t.guest):
            c.app.invalidate()
            c.app.step()
    assert not cuts.found, cuts.found[:5]


def test_statistics_show_link_games_apart():
    from app.settings_screen import stats_lines

    t = Two()
    t.start("Clubbed")
    h = t.host.screen()
    g = t.guest.screen()
    assert t.run(3_600_000, lambda: h.lg.kept and g.lg.kept, play=True)
    lines = stats_lines(t.host.app)
    assert "Clubbed: no game finished yet." in lines
    r = h.lg.session.game.result()[0]
    assert "Clubbed over the link: played 1, won %d, lost %d, drawn %d." % (
        r > 0, r < 0, r == 0) in lines


def _continue_damaged(t):
    """The guest opens Link play, is offered its save, continues it and is
    told it is damaged; returns the names in its storage after."""
    t.run(100)
    t.guest.press("DOWN", "DOWN", "DOWN", "DOWN", "A")
    t.run(200)
    assert t.guest.screen().menu.items[0] == "Continue link game"
    t.guest.press("A")
    t.run(100)
    g = t.guest.screen()
    assert g.lg is None and g.note == "Link save damaged"
    return t.guest.storage.names()


@pytest.mark.parametrize("field, value", [("act", "zz"), ("rules", "nosuch"), ("seed", "abc"),
                                          ("role", "9")])
def test_a_damaged_link_save_is_told_in_words_and_set_aside(field, value):
    from app.persist.storage import write_file

    t = Two()
    f = {"role": "1", "rules": "clubbed", "seed": "7", "act": ""}
    f[field] = value
    write_file(t.guest.storage, "linksave", "linksave", sorted(f.items()))
    names = _continue_damaged(t)
    assert "linksave" not in names and "linksave.bad1" in names


@pytest.mark.parametrize("bad", ["1,1", "abc", "-5,0,-5,0", "99999999999999999999999,0,0,0"])
def test_a_damaged_link_count_is_counted_afresh_not_shown(bad):
    from app.persist.storage import write_file
    from app.settings_screen import stats_lines

    t = Two()
    for c in (t.host, t.guest):
        write_file(c.app.storage, "lstats", "lstats", [("Clubbed", bad)])
        assert not [ln for ln in stats_lines(c.app) if "over the link" in ln]
    t.start("Clubbed")
    h = t.host.screen()
    g = t.guest.screen()
    assert t.run(3_600_000, lambda: h.lg.kept and g.lg.kept, play=True)
    assert "not kept" not in h.lg.words + g.lg.words  # kept, both sides
    for c in (t.host, t.guest):
        assert [ln for ln in stats_lines(c.app) if "Clubbed over the link: played 1," in ln]


@pytest.mark.parametrize("game", ["clubbed", "klaberjass"])
def test_the_same_link_screens_on_micropython(game):
    # tools/mp/link_screens.py: two apps on their Link play screens, A for
    # every move; the same deal, moves, records and last rows on both
    # runtimes (the screens' code is the device's).
    from mprun import assert_same_lines, cpython_output, micropython_output

    cp = cpython_output("tools/mp/link_screens.py", game).splitlines()
    assert cp[0].split()[1] == cp[0].split()[2] and len(cp) == 6
    assert cp[2].split()[3:] == cp[4].split()[3:]  # both records: seed, moves, result
    assert_same_lines(cp, micropython_output("tools/mp/link_screens.py", game).splitlines())


def test_continue_after_a_power_cut_resumes_the_link_game():
    t = Two()
    t.start("Klaberjass")
    h = t.host.screen()
    assert t.run(600_000, lambda: h.lg.moves > 40, play=True)
    # The guest loses power: a new app on the same storage and cable.
    port = t.guest.app.link_open()
    store = t.guest.storage
    t.guest = Console(t.clock, port, (240, 135), 3, store)
    t.run(100)
    t.guest.press("DOWN", "DOWN", "DOWN", "DOWN", "A")
    t.run(200)
    assert rows(t.guest)[0] == "Link play" and \
        t.guest.screen().menu.items[0] == "Continue link game"
    t.guest.press("A")
    t.run(100)
    g = t.guest.screen()
    assert g.lg is not None and g.lg.session.count > 30
    assert t.run(3_600_000, lambda: h.lg.kept and g.lg.kept, play=True)
    assert h.lg.stopped is None and g.lg.stopped is None
    assert h.lg.session.moves() == g.lg.session.moves()
    assert store.read("linksave") is None  # the finished game's save is gone
    hr = decode(t.host.storage.read("l1"), "record")
    gr = decode(store.read("l1"), "record")
    assert all(hr[k] == gr[k] for k in SAME)


@pytest.mark.parametrize("how", ["checksum", "version", "empty", "no seed", "no fields"])
def test_a_link_save_that_does_not_read_is_set_aside_not_written_over(how):
    # A damaged file is reported and set aside: a link save whose container
    # does not check, or that lacks a field, is offered like any other, so
    # Continue says it is damaged and keeps it as linksave.bad1, where the
    # next link game's first save would otherwise write over it unseen.
    from app.persist.storage import encode

    t = Two()
    fields = [("act", "35"), ("role", "1"), ("rules", "clubbed"), ("seed", "7")]
    if how == "no seed":
        fields = [f for f in fields if f[0] != "seed"]
    data = encode("linksave", [] if how == "no fields" else fields)
    if how == "checksum":
        data = data.replace(b"act=35", b"act=36")
    elif how == "version":
        data = data.replace(b"linksave 1", b"linksave 2")
    elif how == "empty":
        data = b""
    t.guest.storage.write("linksave", data)
    names = _continue_damaged(t)
    assert "linksave" not in names and t.guest.storage.read("linksave.bad1") == data
