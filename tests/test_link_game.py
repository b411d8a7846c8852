"""Link games as the simulator plays them (app.linkgame, host_sim --link,
docs/link.md): two simulators over TCP on localhost, both with --autoplay,
play a whole game and keep the same record; a link cut mid-trick says
"Link lost" on both sides and the game goes on from where both were."""

import os
import subprocess
import sys
import time

import pytest
from linksim import STEP_MS, Line, Port, entropy_from

import host_sim  # noqa: F401  (sets up sys.path: firmware/, host_sim/ shims)
from app.kit.clock import VirtualClock
from app.linkgame import LinkGame
from app.persist.storage import MemoryStorage, decode
from cardgames import klaberjass as kj
from link import rules
from link import session as ls

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAME = ("game", "seed", "kw", "act", "res", "pos")


def sim(*args):
    return subprocess.Popen([sys.executable, "-m", "host_sim", *args], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def host_on_any_port(*args):
    """A host run on ``listen:0`` and the port it says it got."""
    p = sim("--link", "listen:0", "--autoplay", "easy", "--link-timeout", "100", *args)
    first = p.stdout.readline()
    assert first.startswith("Waiting on port "), (first, p.stderr.read() if p.poll() else "")
    return p, int(first.split()[-1])


def guest_of(port, *args):
    return sim("--link", "connect:127.0.0.1:%d" % port, "--autoplay", "easy",
               "--link-timeout", "100", *args)


def record(folder):
    names = [n for n in os.listdir(folder) if n.startswith("l") and n[1:].isdigit()]
    assert names == ["l1"], names
    with open(os.path.join(folder, "l1"), "rb") as f:
        return decode(f.read(), "record")


@pytest.mark.parametrize("game", ["Klaberjass", "Clubbed"])
def test_two_simulators_over_tcp_keep_the_same_record(game, tmp_path):
    # listen:0: the host says the port the system gave it, the guest dials it.
    host, port = host_on_any_port("--game", game, "--data", str(tmp_path / "host"))
    guest = guest_of(port, "--data", str(tmp_path / "guest"))
    outs = [p.communicate(timeout=120) for p in (host, guest)]
    assert host.returncode == 0 and guest.returncode == 0, outs
    h = record(tmp_path / "host")
    g = record(tmp_path / "guest")
    assert h["game"] == game
    for k in SAME:
        assert h[k] == g[k], k
    assert (h["link"], h["you"], g["link"], g["you"]) == ("host", "0", "guest", "1")
    assert len(h["act"]) > 40
    # A record the replay reads: every move through the rules to its end.
    from app.persist import records

    assert records.replay_core(records.parse((tmp_path / "host" / "l1").read_bytes()))[1] \
        is None
    # Counted apart: link statistics, none against the computer.
    for side in ("host", "guest"):
        assert sorted(os.listdir(tmp_path / side)) == ["l1", "lstats", "sim.lock"]
    res = [int(r) for r in h["res"].split(",")]
    wins = [decode((tmp_path / s / "lstats").read_bytes(), "lstats")[game].split(",")[1]
            for s in ("host", "guest")]
    assert wins == [str(int(res[0] > 0)), str(int(res[1] > 0))]
    # Each printed the waiting screen's words and the same result.
    assert "The other player is thinking" in outs[0][0]
    assert outs[0][0].splitlines()[-1] == outs[1][0].splitlines()[-1]


def test_an_autoplay_run_killed_mid_game_continues_from_its_save(tmp_path):
    # As Continue link game on the console after a power cut: the restarted
    # host deals nothing new (a new shuffle would be refused by the guest as
    # "another game") and the guest resends what the save lacks.
    data = tmp_path / "host"
    host, port = host_on_any_port("--data", str(data))
    guest = guest_of(port, "--data", str(tmp_path / "guest"))
    save = data / "linksave"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if save.exists() and len(decode(save.read_bytes(), "linksave").get("act", "")) > 40:
            break
        time.sleep(0.002)
    host.kill()
    host.communicate()
    assert guest.poll() is None, "the game ended before the host was killed"
    host = sim("--link", "listen:%d" % port, "--autoplay", "easy", "--link-timeout", "100",
               "--data", str(data))
    outs = [p.communicate(timeout=120) for p in (host, guest)]
    assert host.returncode == 0 and guest.returncode == 0, outs
    assert "Continuing the saved link game" in outs[0][0]
    h = record(data)
    g = record(tmp_path / "guest")
    assert all(h[k] == g[k] for k in SAME)
    assert not save.exists()


def test_an_autoplay_run_sets_aside_a_link_save_that_does_not_check(tmp_path):
    # A damaged linksave (here its checksum) is said and kept as
    # linksave.bad1, not taken for no save and written over by a new game.
    bad = b"PICOCARDS linksave 1 9 00000000\nrole=1\nx\n"
    (tmp_path / "linksave").write_bytes(bad)
    p = subprocess.run([sys.executable, "-m", "host_sim", "--link", "listen:0",
                        "--autoplay", "easy", "--link-timeout", "3", "--data",
                        str(tmp_path)], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert p.returncode != 0 and "Traceback" not in p.stderr, (p.stdout, p.stderr)
    assert "Link save damaged in %s: set aside" % tmp_path in p.stderr
    assert (tmp_path / "linksave.bad1").read_bytes() == bad
    assert not (tmp_path / "linksave").exists()


def test_a_run_refused_as_it_links_is_told_why(tmp_path):
    # The host continues a saved game; the guest starts a new one. The host
    # refuses it ("in another game") as the link is made and quits; the
    # guest, linked already, must hear why from it, not look for the other
    # console until its timeout.
    from app.persist.storage import write_file
    from host_sim.storage import FolderStorage

    data = tmp_path / "host"
    data.mkdir()
    write_file(FolderStorage(str(data)), "linksave", "linksave",
               [("role", "0"), ("rules", "clubbed;refill=1"), ("seed", "7"), ("act", "")])
    host = sim("--link", "listen:0", "--autoplay", "easy", "--link-timeout", "100", "--data",
               str(data))
    assert host.stdout.readline() == "Continuing the saved link game\n"
    port = int(host.stdout.readline().split()[-1])
    guest = sim("--link", "connect:127.0.0.1:%d" % port, "--autoplay", "easy",
                "--link-timeout", "20", "--data", str(tmp_path / "guest"))
    outs = [p.communicate(timeout=60) for p in (host, guest)]
    assert host.returncode == 1 and "The other console is in another game" in outs[0][0], outs
    assert guest.returncode == 1, outs
    assert "The other console is in another game" in outs[1][0], outs
    assert "did not end" not in outs[1][1], outs


def test_a_link_run_keeps_others_off_its_data_folder(tmp_path):
    # A link run claims --data as any simulator: two would write over each
    # other's save and records.
    from host_sim.storage import claim

    held = claim(str(tmp_path))
    try:
        p = subprocess.run([sys.executable, "-m", "host_sim", "--link", "listen:0",
                            "--autoplay", "easy", "--link-timeout", "3", "--data",
                            str(tmp_path)], cwd=REPO, capture_output=True, text=True,
                           timeout=60)
    finally:
        held.close()
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert "another simulator (process %d)" % os.getpid() in p.stderr
    assert len(p.stderr.splitlines()) == 1 and p.stdout == ""


def test_a_record_that_cannot_be_written_is_said_and_fails(tmp_path):
    # The statistics file is a folder: the record cannot be counted. The
    # run says so in one line and exits non-zero; the guest still gets its
    # last acknowledgement and keeps its record.
    (tmp_path / "host").mkdir()
    (tmp_path / "host" / "lstats").mkdir()
    host, port = host_on_any_port("--game", "Clubbed", "--data", str(tmp_path / "host"))
    guest = guest_of(port, "--data", str(tmp_path / "guest"))
    outs = [p.communicate(timeout=120) for p in (host, guest)]
    assert host.returncode == 1 and guest.returncode == 0, outs
    err = outs[0][1].splitlines()
    assert len(err) == 1 and "not kept" in err[0] and "lstats" in err[0], err
    assert "Traceback" not in outs[0][1]
    assert record(tmp_path / "host")["act"] == record(tmp_path / "guest")["act"]


def test_headless_link_without_autoplay_is_refused_in_one_line():
    p = subprocess.run([sys.executable, "-m", "host_sim", "--link", "listen:0", "--mode",
                        "headless", "--keys", "A"], cwd=REPO,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert len(p.stderr.splitlines()) == 1 and "--autoplay" in p.stderr


def test_a_bad_link_is_said_in_one_line():
    p = subprocess.run([sys.executable, "-m", "host_sim", "--link", "listen:x", "--mode",
                        "headless", "--keys", "A"], cwd=REPO,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "listen:PORT" in p.stderr and "Traceback" not in p.stderr


def test_a_joining_console_naming_a_game_is_told_the_host_picks():
    p = subprocess.run([sys.executable, "-m", "host_sim", "--link", "connect:127.0.0.1:9",
                        "--autoplay", "easy", "--game", "Clubs"], cwd=REPO,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert len(p.stderr.splitlines()) == 1 and "host" in p.stderr and "--game" in p.stderr


class Ends:
    """Host and guest LinkGames over in-memory lines on one virtual clock."""

    def __init__(self, text):
        self.clock = VirtualClock()
        self.ab = Line(self.clock, seed=3)
        self.ba = Line(self.clock, seed=4)
        self.stores = (MemoryStorage(), MemoryStorage())
        self.ends = []
        for role, port, seed, st in ((ls.HOST, Port(self.ba, self.ab), 11, self.stores[0]),
                                     (ls.GUEST, Port(self.ab, self.ba), 22, self.stores[1])):
            s = ls.Session(self.clock, role, text if role == ls.HOST else None,
                           entropy_from(seed))
            self.ends.append(LinkGame(s, port, 0, True, seed, st))

    def run(self, ms, until):
        end = self.clock.now + ms
        while self.clock.now < end:
            for e in self.ends:
                e.step()
            if until():
                return True
            self.clock.now += STEP_MS
        return False

    def cut(self, on):
        self.ab.cut = self.ba.cut = on


def test_link_cut_mid_trick_says_lost_and_resumes():
    t = Ends(rules.text("klaberjass", {"alternate": False, "all_sequences": False,
                                       "classic": False}))
    host, guest = t.ends

    def mid_trick():
        # The host has led; its card is on the line, the guest to follow.
        g = host.session.game
        return g is not None and g.phase == kj.PLAY and len(g.trick()) == 1 and \
            g.current_player == 1 and host.session.count > 20

    assert t.run(600_000, mid_trick)
    t.cut(True)
    counts = (host.session.count, guest.session.count)
    assert counts[1] == counts[0] - 1  # the lead is lost with the cable
    assert t.run(10_000, lambda: host.lost and guest.lost)
    assert host.status() == guest.status() == ls.LOST
    assert (host.session.count, guest.session.count) == counts  # nobody moved on
    t.cut(False)
    # The host resends its lead; the guest follows it.
    assert t.run(10_000, lambda: guest.session.count > counts[0])
    assert guest.session.moves()[:counts[0]] == host.session.moves()[:counts[0]]
    assert t.run(3_600_000, lambda: host.kept and guest.kept)
    assert host.stopped is None and guest.stopped is None
    h = decode(t.stores[0].read("l1"), "record")
    g = decode(t.stores[1].read("l1"), "record")
    assert all(h[k] == g[k] for k in SAME)
    assert h["game"] == "Klaberjass" and host.session.game.is_over()


def test_clubs_the_host_plays_the_computer_seats():
    t = Ends(rules.text("clubs", {}))
    host, guest = t.ends
    assert t.run(60_000, lambda: guest.session.game is not None)
    assert guest.session.seats == (0,) and host.session.seats == (1, 2, 3)
    assert guest.game_name() == "Clubs"
    assert t.run(60_000, lambda: guest.session.count > 20)
    assert host.stopped is None and guest.stopped is None
    assert host.session.moves()[:20] == guest.session.moves()[:20]


@pytest.mark.parametrize("level", [0, 1])
def test_autoplay_plays_your_seat_at_its_level(level):
    from app.main import App
    from app.screen import GameOverScreen
    from host_sim.__main__ import autoplay_app
    from host_sim.headless import run_script

    cls = autoplay_app(App, level)
    app, _ = run_script("RIGHT A", seed=5, app_spec=cls)  # Klaberjass, New game
    assert isinstance(app.screen, GameOverScreen)  # nobody pressed a card
    assert app.options["Klaberjass"]["autolevel"] == level
