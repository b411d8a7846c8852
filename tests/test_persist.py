"""Saves, settings, statistics and game records (issue #6): the save at
every position of seeded games resumes the same position; a power cut
between any two file operations leaves the old or the new file; damaged
files are reported, set aside and never crash the console; settings and
statistics survive a reboot (a new App on the same storage)."""

import os
import subprocess
import sys

import pytest
from fakestore import FakeStorage, PowerCut, save_file

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "host_sim"))  # framebuf for CPython

import apptest  # noqa: E402

from app import games  # noqa: E402
from app.persist import files as persist  # noqa: E402
from app.persist.resume import continue_game  # noqa: E402
from app.persist.storage import decode, encode, read_file, write_file  # noqa: E402
from app.rules_screen import RulesScreen  # noqa: E402
from app.title import TitleScreen  # noqa: E402
from cardgames import clubbed, clubs, klaberjass  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAYED, WON = 0, 1  # indices of the statistics' counts (app.persist.files)
KEEP = 10  # records kept


class Console(apptest.Session):
    """An App on ``storage`` with scripted buttons and a virtual clock."""

    SETTLE_LIMIT = 20000

    def __init__(self, storage, seed=1):
        super().__init__(seed, storage)


def new_core(name, seed):
    """``(game, core kwargs, human seat, screen state)`` of a seeded game."""
    if name == "Clubbed":
        kw = {"dealer": seed % 2, "refill": seed % 3 != 0}
        return clubbed.Clubbed(seed, **kw), kw, 0, {}
    if name == "Klaberjass":
        kw = {"alternate": seed % 2 == 1, "all_sequences": seed % 3 == 1, "classic": False}
        return klaberjass.Klaberjass(seed, **kw), kw, 0, {"round": 1}
    return clubs.Clubs(seed), {}, clubs.SOUTH, {"hist": ()}


def play_out(g, seed, acts=None):
    """Play core ``g`` to its end, every seat a ``RandomPlayer(seed)``; each
    action is appended to ``acts`` (a new bytearray if None), returned."""
    acts = bytearray() if acts is None else acts
    player = RandomPlayer(seed)
    while not g.is_over():
        a = player.choose(g.observation(g.current_player), g.legal_actions())
        g.apply(a)
        acts.append(a)
    return acts


def started(storage, presses=6):
    """A Console on ``storage`` (seed 5) in a new game of Clubbed, ``presses``
    A presses into it (the save written on the way)."""
    con = Console(storage, seed=5)
    con.press("A")  # New game (Clubbed)
    for _ in range(presses):
        con.press("A")
    return con


class FakeScreen:
    """What ``persist.save_game`` reads of a game screen: the core, seed and
    core options, Klaberjass' round number, Clubs' score history."""

    def __init__(self, game, seed, kw, state):
        self.game = game
        self.seed = seed
        self.core_kw = kw
        if "round" in state:
            self.round_no = state["round"]
            self.frozen = None
        if "hist" in state:
            self.history = []


def positions(name, seed, limit=10000):
    """Every position of a seeded game played by random players, as
    ``(game copy, actions so far, kw, human, state)``, the end excluded; at
    most the first ``limit``."""
    g, kw, human, state = new_core(name, seed)
    player = RandomPlayer(seed)
    acts = bytearray()
    out = []
    while not g.is_over() and len(out) < limit:
        out.append((g.copy(), bytes(acts), kw, human, state))
        a = player.choose(g.observation(g.current_player), g.legal_actions())
        g.apply(a)
        acts.append(a)
    return out


def pick(app, name):
    app.game_index = [e.name for e in games.GAMES].index(name)


# Whole games of Clubbed; the first two rounds of Klaberjass and the first
# two hands of Clubs (passes, shows, plays, PC-9 choices, bids): every phase.
@pytest.mark.parametrize("name,seed,limit", [("Clubbed", 1, 999), ("Clubbed", 2, 999),
                                             ("Klaberjass", 3, 50), ("Clubs", 4, 150)])
def test_save_at_every_position_resumes_an_equal_position(name, seed, limit):
    st = FakeStorage()
    con = Console(st)
    checked = 0
    for g, acts, kw, human, state in positions(name, seed, limit):
        app = con.app
        pick(app, name)
        app.actions = bytearray(acts)
        app.id = len(acts) + 1  # a new game each time: no earlier actions
        assert persist.save_game(app, FakeScreen(g, seed, kw, state), human)
        again = Console(st.reboot()).app  # a reboot: a new App, same files
        assert again.notices == [] and again.saves[again.game_index] == app.id
        assert isinstance(again.screen, TitleScreen)
        assert again.screen.menu.items[0] == "Continue " + name
        continue_game(again)
        assert again.notices == []
        assert again.screen.game.to_text() == g.to_text()
        assert again.screen.game == g
        assert decode(st.files[save_file(name)], "save")["act"] == acts.hex()
        assert again.game_name() == name and again.screen.seed == seed
        checked += 1
    assert checked > 20


def test_resumed_game_plays_on_and_is_counted_once():
    st = FakeStorage()
    con = started(st)
    saved = st.files["game-clubbed"]
    assert b"game=Clubbed" in saved
    con = Console(st.reboot(), seed=9)
    assert con.app.screen.menu.items[0] == "Continue Clubbed"
    con.press("A")  # Continue
    assert con.app.screen.game.to_text() == decode(saved, "save")["pos"]
    for _ in range(3000):
        if type(con.app.screen).__name__ == "ResultScreen":
            break
        con.press("A")
    assert "game-clubbed" not in con.storage.files  # cleared at the end
    stats = persist.read_stats(con.app)["Clubbed"]
    assert stats[PLAYED] == 1
    rec = decode(con.storage.files["r1"], "record")
    from app.persist.records import replay_core

    g, problem = replay_core(rec)
    assert problem is None and g.is_over()
    again = Console(con.storage.reboot()).app
    assert persist.read_stats(again)["Clubbed"][PLAYED] == 1 and not any(again.saves)


def _save_two_positions():
    """A storage holding the save of position A, and the fields of A and B."""
    ps = positions("Klaberjass", 7)
    (ga, acts_a, kw, human, state), (gb, acts_b, _, _, _) = ps[10], ps[11]
    st = FakeStorage()
    app = Console(st).app
    pick(app, "Klaberjass")
    app.id = 1
    app.actions = bytearray(acts_a)
    assert persist.save_game(app, FakeScreen(ga, 7, kw, state), human)
    return st, app, ga, gb, acts_b, kw, human, state


@pytest.mark.parametrize("seed", [1, 4])
def test_klaberjass_resumed_in_the_bidding_names_its_own_deal(seed):
    """A Klaberjass save made in the bidding of a later deal (both passed
    twice: a new deal, KJ-5) resumes with the deal line (the event line once
    "Game resumed" gives way) naming that deal's dealer and turned card
    (KJ-3), not the first deal the screen made from the seed before the
    saved position replaced it."""
    from cardgames import klaberjass as kj

    st = FakeStorage()
    con = Console(st, seed=seed)
    con.choose_game("Klaberjass")
    con.press("A")
    scr = con.app.screen
    first = scr.game.turned
    for _ in range(40):
        if scr.game.turned != first and scr.game.phase == kj.BID1 and scr.human_turn():
            break
        if scr.human_turn() and scr.choices:
            while scr.choice != scr.choices.index(kj.PASS):
                con.press("RIGHT")
        con.press("A")
    else:
        pytest.fail("no new deal reached")
    live = scr.event_line()  # at 240 px the turned card alone (the top row marks the dealer)
    assert live == "Turned " + kj.symbol_name(scr.game.turned)
    assert scr.deal_line.endswith("turned " + kj.symbol_name(scr.game.turned))
    again = Console(st.reboot(), seed=seed)
    continue_game(again.app)
    res = again.app.screen
    assert res.game.to_text() == scr.game.to_text()
    # "Game resumed" holds the event line until the next event (d209709);
    # the deal line it gives way to names this deal.
    assert res.event_line() == "Game resumed"
    assert res.deal_line == scr.deal_line
    res.note = ""  # as the next event clears it
    assert res.event_line() == live


def test_power_cut_between_any_two_operations_of_a_save_keeps_old_or_new():
    st, app, ga, gb, acts_b, kw, human, state = _save_two_positions()
    acts_a = decode(st.files["game-klaberjass"], "save")["act"]
    acts_a = bytes.fromhex(acts_a)
    probe = FakeStorage(st.files)
    Console(probe)  # boot writes nothing
    base = dict(st.files)
    seen = set()
    k = 0
    while True:
        cut = FakeStorage(base, cut_after=k)
        app.storage = cut
        app.actions = bytearray(acts_b[len(acts_a):])  # since the last save
        try:
            persist.save_game(app, FakeScreen(gb.copy(), 7, kw, state), human)
            done = True
        except PowerCut:
            done = False
        again = Console(cut.reboot()).app
        assert again.notices == []
        pos = persist.load_save(again, again.game_index)["pos"]
        assert pos in (ga.to_text(), gb.to_text())
        seen.add(pos == gb.to_text())
        if done:
            break
        k += 1
    assert k >= 2 and seen == {False, True}


def test_power_cut_while_a_game_ends_counts_it_exactly_once():
    # The end of a game: final save, statistics, record, tidy up. A cut after
    # any operation: after the reboot the game is counted once (or not yet,
    # its last save still there to continue) and its record exists.
    g, kw, human, state = new_core("Clubbed", 3)
    player = RandomPlayer(3)
    acts = bytearray()
    while not g.is_over():
        before = g.copy()
        a = player.choose(g.observation(g.current_player), g.legal_actions())
        g.apply(a)
        acts.append(a)
    st = FakeStorage()
    app = Console(st).app
    app.id = 1
    app.actions = bytearray(acts[:-1])
    persist.save_game(app, FakeScreen(before, 3, kw, state), human)
    base = dict(st.files)
    k = 0
    outcomes = set()
    while True:
        cut = FakeStorage(base, cut_after=k)
        app = Console(cut).app
        app.id = 1
        app.actions = bytearray(acts[-1:])  # the last move, after the last save
        try:
            persist.save_game(app, FakeScreen(g, 3, kw, state), human)
            done = True
        except PowerCut:
            done = False
        again = Console(cut.reboot())
        a2 = again.app
        played = persist.read_stats(a2)["Clubbed"][PLAYED]
        if played == 0:
            assert persist.load_save(a2, 0)["pos"] == before.to_text()
            outcomes.add("not yet")
        else:
            assert played == 1 and not a2.saves[0] and "r1" in again.storage.files
            # One more reboot changes nothing: counted once.
            a3 = Console(again.storage.reboot()).app
            assert persist.read_stats(a3)["Clubbed"][PLAYED] == 1
            outcomes.add("counted")
        if done:
            break
        k += 1
    assert outcomes == {"not yet", "counted"}


def _good_files():
    """Storage with good settings (changed from the defaults), statistics
    (one game won) and a saved game of Klaberjass."""
    st, app, *_ = _save_two_positions()
    app.level = 2
    app.four = True
    app.options["Clubbed"]["refill"] = False
    assert persist.save_settings(app)
    write_file(st, "stats", "stats", [("last", "0"), ("Clubs", "1,1,0,0,1,1")])
    return st


def _bad(data, kind):
    if kind == "truncated":
        return data[: len(data) * 2 // 3]
    if kind == "bitflip":
        i = len(data) - 7
        return data[:i] + bytes([data[i] ^ 0x10]) + data[i + 1 :]
    if kind == "empty":
        return b""
    if kind == "version":
        return data.replace(b" 1 ", b" 7 ", 1)
    return bytes((i * 97 + 13) % 256 for i in range(300))  # random bytes


KINDS = ("truncated", "bitflip", "empty", "version", "random")
WORDS = {"truncated": "cut short", "bitflip": "checksum", "empty": "empty",
         "version": "another version", "random": "not a Pico Cards file"}


@pytest.mark.parametrize("kind", KINDS)
def test_bad_save_is_reported_set_aside_and_good_files_survive(kind):
    st = _good_files()
    good = st.files["game-klaberjass"]
    st.files["game-klaberjass"] = _bad(good, kind)
    con = Console(st.reboot())
    app = con.app
    # Reported on screen in words, moved aside (not deleted), a new game offered.
    assert isinstance(app.screen, RulesScreen)
    said = " ".join(app.screen.lines)
    assert "saved Klaberjass game" in said and WORDS[kind] in said
    assert "game-klaberjass.bad1" in said
    assert con.storage.files["game-klaberjass.bad1"] == _bad(good, kind)
    assert "game-klaberjass" not in con.storage.files
    con.press("B")
    assert isinstance(app.screen, TitleScreen)
    assert app.screen.menu.items[0] == "New game"
    # The good settings and statistics are untouched.
    assert app.level == 2 and app.four and app.options["Clubbed"]["refill"] is False
    assert persist.read_stats(app)["Clubs"][WON] == 1
    con.press("A")  # the new game starts
    assert type(app.screen).__name__ == "ClubbedScreen"


@pytest.mark.parametrize("name,kind", [(n, k) for n in ("settings", "stats") for k in KINDS])
def test_bad_settings_or_stats_reset_and_reported(name, kind):
    st = _good_files()
    st.files[name] = _bad(st.files[name], kind)
    app = Console(st.reboot()).app
    said = " ".join(app.screen.lines)
    assert ("Settings" if name == "settings" else "Statistics") in said
    assert WORDS[kind] in said and name + ".bad1" in said
    assert app.saves[1]  # the good save (Klaberjass) survives
    if name == "settings":
        assert app.level == 1 and persist.read_stats(app)["Clubs"][WON] == 1
    else:
        assert app.level == 2 and persist.read_stats(app)["Clubs"][PLAYED] == 0


def test_well_formed_save_the_rules_reject_is_set_aside_at_continue():
    st = _good_files()
    f = decode(st.files["game-klaberjass"], "save")
    f["pos"] = f["pos"].replace("KJ", "XX", 1)
    st.files["game-klaberjass"] = encode("save", list(f.items()))
    con = Console(st.reboot())
    assert con.app.screen.menu.items[0] == "Continue Klaberjass"
    con.press("A")
    assert isinstance(con.app.screen, RulesScreen)
    assert "Klaberjass game could not be used" in " ".join(con.app.screen.lines)
    assert "game-klaberjass.bad1" in con.storage.files
    assert "game-klaberjass" not in con.storage.files
    con.press("B")
    assert con.app.screen.menu.items[0] == "New game"


@pytest.mark.parametrize("name,seed", [("Clubbed", 3), ("Klaberjass", 3)])
def test_save_of_a_finished_game_without_its_result_is_set_aside_at_continue(name, seed):
    # Our saves of a finished game carry its result ("res"); one without it
    # (edited by hand) would resume a game nobody can move in.
    g, kw, human, state = new_core(name, seed)
    acts = play_out(g, seed)
    st = FakeStorage()
    st.files[save_file(name)] = encode("save", [
        ("id", 1), ("game", name), ("seed", seed), ("kw", persist.enc_dict(kw)),
        ("you", human), ("st", persist.enc_dict(state)), ("pos", g.to_text()),
        ("act", acts.hex())])
    con = Console(st)
    assert con.app.screen.menu.items[0] == "Continue " + name
    con.press("A")
    assert isinstance(con.app.screen, RulesScreen)
    said = " ".join(con.app.screen.lines)
    assert "could not be used" in said and "already over" in said
    assert save_file(name) + ".bad1" in con.storage.files
    assert save_file(name) not in con.storage.files
    assert persist.read_stats(con.app)[name][PLAYED] == 0
    con.press("B")
    assert con.app.screen.menu.items[0] == "New game"


def test_a_write_that_does_not_read_back_keeps_the_good_file():
    st = _good_files()
    good = st.files["settings"]
    bad = FakeStorage(st.files, corrupt_writes=True)
    with pytest.raises(OSError):
        write_file(bad, "settings", "settings", [("level", "0")])
    assert bad.files["settings"] == good
    app = Console(bad.reboot()).app
    app.storage = FakeStorage(bad.files, corrupt_writes=True)
    app.level = 0
    assert not persist.save_settings(app)  # reported, not raised
    assert "The settings could not be saved" in app.notices[0]
    assert read_file(st, "settings", "settings")[0]["level"] == "2"


class Unreadable(FakeStorage):
    """Files named in ``bad`` cannot be read (EIO, as a failing flash block
    or a mode-000 file in a folder; the name follows the file when it is
    renamed); with ``stuck`` they cannot be renamed either."""

    def __init__(self, files, bad, stuck=False):
        super().__init__(files)
        self.bad = set(bad)
        self.stuck = stuck

    def read(self, name):
        if name in self.bad and name in self.files:
            raise OSError(5, "EIO")
        return super().read(name)

    def rename(self, old, new):
        if self.stuck and old in self.bad:
            raise OSError(13, "EACCES")
        super().rename(old, new)
        if old in self.bad:
            self.bad.discard(old)
            self.bad.add(new)
        else:
            self.bad.discard(new)


FORTY = encode("stats", [("last", 41), ("Clubbed", "40,30,10,0,3,9")])


def _finish_a_game(app):
    """Play Clubbed game 42 to its end and save it (counted, recorded)."""
    g, kw, human, state = new_core("Clubbed", 5)
    pick(app, "Clubbed")
    app.id = 42
    play_out(g, 5, app.actions)
    return persist.save_game(app, FakeScreen(g, 5, kw, state), human)


def test_unreadable_stats_are_set_aside_before_new_ones_are_written():
    st = Unreadable({"stats": FORTY}, {"stats"})
    con = Console(st)
    said = " ".join(con.app.screen.lines)
    assert "Statistics" in said and "could not be read" in said and "stats.bad1" in said
    assert st.files["stats.bad1"] == FORTY  # the 40 games are kept
    assert _finish_a_game(con.app)
    assert st.files["stats.bad1"] == FORTY
    assert persist.read_stats(con.app)["Clubbed"][PLAYED] == 1


def test_stats_that_can_be_neither_read_nor_set_aside_are_never_written_over():
    st = Unreadable({"stats": FORTY}, {"stats"}, stuck=True)
    con = Console(st)
    app = con.app
    said = " ".join(app.screen.lines)
    assert "Statistics" in said and "could not be read" in said and "kept" in said
    _finish_a_game(app)
    assert st.files["stats"] == FORTY  # not the one game just finished
    assert "Statistics are not saved: the old file could not be read" in " ".join(app.notices)
    # The record is written, the save kept: counted once it can be.
    assert "r42" in st.files and "game-clubbed" in st.files
    st.bad = set()  # readable again at the next start: the game is counted then
    again = Console(st.reboot()).app
    assert persist.read_stats(again)["Clubbed"][PLAYED] == 41
    assert "game-clubbed" not in again.storage.files


def test_settings_and_save_that_can_be_neither_read_nor_set_aside_are_kept():
    good = _good_files()
    files = dict(good.files)
    st = Unreadable(files, {"settings", "game-klaberjass"}, stuck=True)
    app = Console(st).app
    said = " ".join(app.screen.lines)
    assert "Settings" in said and "saved Klaberjass game" in said and "could not be read" in said
    assert app.screen.back.menu.items[0] == "New game"  # not offered
    app.level = 0
    assert not persist.save_settings(app)
    # Another game's save is its own file: Clubbed is saved and counted.
    assert _finish_a_game(app)
    assert persist.read_stats(app)["Clubbed"][PLAYED] == 1 and "r42" in st.files
    # Klaberjass' is not written over.
    ga, acts, kw, human, state = positions("Klaberjass", 7)[10]
    pick(app, "Klaberjass")
    app.id = 43
    app.actions = bytearray(acts)
    app.in_save = False
    assert not persist.save_game(app, FakeScreen(ga, 7, kw, state), human)
    assert st.files["settings"] == good.files["settings"]
    assert st.files["game-klaberjass"] == good.files["game-klaberjass"]
    said = " ".join(app.notices)
    assert "Settings are not saved" in said and "The Klaberjass game is not saved" in said


def test_decode_names_each_problem():
    data = encode("stats", [("last", "3")])
    assert decode(data, "stats") == {"last": "3"}
    for bad, words in ((b"", "empty"), (data[:-1], "cut short"), (data + b"x", "beyond"),
                       (b"hello\n", "not a Pico Cards"), (data.replace(b"stats", b"stots", 1),
                                                          "holds stots")):
        with pytest.raises(ValueError, match=words):
            decode(bad, "stats")


class Rebooted(Console):
    MOTION = None  # the settings file's card motion (Normal at first), not the tests' Fast


def test_settings_and_statistics_survive_a_reboot():
    st = FakeStorage()
    con = Rebooted(st, seed=2)
    # Title: New game, Rules, Settings, Statistics.
    con.press("DOWN", "DOWN", "A")
    assert type(con.app.screen).__name__ == "SettingsScreen"
    con.press("RIGHT")  # Computer level: Hard
    con.press("DOWN", "LEFT")  # Computer speed: Slow
    con.press("DOWN", "LEFT")  # Card motion: Slow
    con.press("DOWN", "A")  # Four-colour deck: on
    con.press("DOWN", "LEFT")  # Backlight 80 %
    con.press("DOWN", "RIGHT")  # Dim after 2 min (from 1 min)
    con.press("DOWN", "RIGHT")  # Sleep after 5 min (from 2 min)
    con.press("DOWN", "A")  # Clubbed: Refill off
    con.press("B", "UP", "UP", "A")  # back, New game
    app = con.app
    assert app.screen.game.refill is False
    for _ in range(3000):
        if type(app.screen).__name__ == "ResultScreen":
            break
        con.press("A")
    won = app.screen.outcome[0] > 0
    again = Rebooted(st.reboot(), seed=3)
    a = again.app
    assert (a.level, a.speed, a.motion, a.four, a.light, a.dim, a.sleep) == \
        (2, 0, 0, True, 80, 120, 300)
    assert a.options["Clubbed"]["refill"] is False
    s = persist.read_stats(a)["Clubbed"]
    assert s[PLAYED] == 1 and s[WON] == (1 if won else 0)
    again.press("DOWN", "DOWN", "DOWN", "A")  # Statistics
    assert "Clubbed: played 1" in " ".join(a.screen.lines)


def test_only_the_last_records_are_kept():
    st = FakeStorage()
    app = Console(st).app
    g, kw, human, state = new_core("Clubbed", 1)
    play_out(g, 1, app.actions)
    for gid in range(1, KEEP + 4):
        app.id = gid
        persist.save_game(app, FakeScreen(g, 1, kw, state), human)
    recs = sorted(int(n[1:]) for n in st.files if n.startswith("r"))
    assert recs == list(range(4, KEEP + 4))
    assert persist.read_stats(app)["Clubbed"][PLAYED] == KEEP + 3


def _record(name, seed):
    """The bytes of the record of a whole seeded game played by heuristic
    players, as ``persist.save_game`` writes it at the end."""
    from players import levels

    g, kw, human, state = new_core(name, seed)
    p = levels.heuristic(name.lower(), seed)
    st = FakeStorage()
    app = Console(st).app
    pick(app, name)
    app.id = 1
    while not g.is_over():
        a = p.choose(g.observation(g.current_player), g.legal_actions())
        g.apply(a)
        app.actions.append(a)
    persist.save_game(app, FakeScreen(g, seed, kw, state), human)
    return st.files["r1"], g


def test_records_replay_to_the_same_end_on_cpython_and_micropython():
    import subprocess

    from mprun import ROOT, micropython_output

    recs = [_record(n, s) for n, s in (("Clubbed", 11), ("Klaberjass", 12), ("Clubs", 13))]
    args = [r.hex() for r, _ in recs]
    cp = subprocess.run([sys.executable, "tools/mp/replay_check.py", *args], cwd=ROOT,
                        capture_output=True, text=True, timeout=300,
                        env=dict(os.environ, PYTHONPATH=str(ROOT / "firmware")))
    assert cp.returncode == 0, cp.stderr
    lines = cp.stdout.splitlines()
    for (_, g), line in zip(recs, lines, strict=True):
        parts = line.split(" ")
        assert parts[2] == "match"
        assert parts[3] == ",".join(str(r) for r in g.result())
        assert parts[4] == g.to_text()
    assert micropython_output("tools/mp/replay_check.py", *args).splitlines() == lines


def test_replay_command_checks_a_record(tmp_path):
    from host_sim.replay import main

    data, g = _record("Clubbed", 5)
    path = tmp_path / "r1"
    path.write_bytes(data)
    assert main([str(path), "--check"]) == 0
    shots = tmp_path / "shots"
    assert main([str(path), "--mode", "headless", "--every", "0", "--shots", str(shots)]) == 0
    assert (shots / "final.png").exists()
    f = decode(data, "record")
    f["pos"] = f["pos"].replace("m=-", "m=0")
    path.write_bytes(encode("record", list(f.items())))
    assert main([str(path), "--check"]) == 1
    path.write_bytes(data[:-5])
    assert main([str(path), "--check"]) == 2


@pytest.mark.parametrize("name", ("Clubbed", "Klaberjass", "Clubs"))
def test_a_replay_ends_on_its_result_and_deals_no_live_game(name):
    """After the record's last move the result screen's A, A (or B) starts no
    game: the screen stays the replayed one, the caption says the replay
    has ended (before: a second A dealt a playable game under "REPLAY ...
    move 61 of 61")."""
    from app.kit import buttons
    from app.kit.buttons import ScriptedButtons
    from app.kit.clock import VirtualClock
    from app.kit.display import FrameDisplay
    from app.screen import GameOverScreen
    from host_sim.replay import caption, replay_app_class

    data, g = _record(name, 5)
    fields = decode(data, "record")
    cls = replay_app_class(fields)
    btn, clock = ScriptedButtons(), VirtualClock()
    app = cls(FrameDisplay(240, 135), btn, clock, seed=1)
    line = caption(fields, cls)

    def settle():
        for _ in range(20000):
            app.step()
            if app.idle():
                return
            dl = app.next_deadline()
            clock.now = max(clock.now, dl) if dl is not None else clock.now + 50
        raise AssertionError("replay never became idle")

    settle()
    for _ in range(50):  # summaries between hands wait for A in a replay too
        if isinstance(app.screen, GameOverScreen):
            break
        btn.push(buttons.A)
        settle()
    assert isinstance(app.screen, GameOverScreen) and app.replay_game.is_over()
    total = len(fields["act"]) // 2
    assert "move %d of %d" % (total, total) in line()
    result = app.screen
    for key in ("A", "A", "A", "B"):
        btn.push(buttons.from_name(key))
        settle()
        assert app.screen is result and app.replay_game.to_text() == g.to_text()
    assert "end of replay: q quits" in line()


def test_replay_reads_a_bounded_regular_file(tmp_path, capsys):
    from app.persist.storage import MAX_FILE
    from host_sim.replay import main

    data, _ = _record("Clubbed", 5)
    path = tmp_path / "r1"
    path.write_bytes(data + b"x" * (40 * MAX_FILE))
    assert main([str(path), "--check"]) == 2
    assert "too big" in capsys.readouterr().err
    if not hasattr(os, "mkfifo"):
        return
    # A FIFO (as /dev/zero, no regular file) is refused: before, the replay
    # blocked on it for good (the timeout only stops a hung run).
    os.mkfifo(tmp_path / "fifo")
    try:
        out = subprocess.run([sys.executable, "-m", "host_sim", "replay", str(tmp_path / "fifo"),
                              "--check"], cwd=REPO, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("replay hung reading a FIFO")
    assert out.returncode == 2 and "not a regular file" in out.stderr


def test_expert_setting_loads_in_the_simulator_and_plays_hard_on_a_pico():
    """Settings saved with Expert (level 3): the simulator offers it and
    keeps it; a Pico, which does not offer it (players.levels.offered),
    plays Hard and says so in a notice, and its Settings row skips it."""
    from app.settings_screen import SettingsScreen
    from players import levels

    st = FakeStorage()
    write_file(st, "settings", "settings", [("level", "3")])
    con = Console(st)
    assert con.app.level == levels.EXPERT
    scr = SettingsScreen(con.app, con.app.screen)
    assert scr.value(0) == "Expert"
    app = con.app
    app.device = True
    app.notices = []
    persist.apply_settings(app, {"level": "3"})
    assert app.level == levels.usable(levels.EXPERT, device=True)
    if levels.EXPERT not in levels.offered(device=True):
        assert app.level == levels.HARD
        assert "Expert is not offered" in " ".join(app.notices)
        scr = SettingsScreen(app, app.screen)
        seen = set()
        for _ in range(6):
            scr.change(0, 1, True)  # A: round the offered levels
            seen.add(app.level)
        assert seen == set(levels.offered(device=True))


def test_a_pico_keeps_a_files_expert_unless_the_level_is_changed():
    """A settings change on a Pico (say the speed) writes the file's Expert
    back, though the Pico plays Hard; changing the level row writes what
    the player chose."""
    from players import levels

    if levels.EXPERT in levels.offered(device=True):
        pytest.skip("this build offers Expert on a Pico")
    st = FakeStorage()
    write_file(st, "settings", "settings", [("level", "3")])
    app = Console(st).app
    app.device = True
    persist.apply_settings(app, {"level": "3"})
    assert app.level == levels.HARD
    app.speed = 2
    assert persist.save_settings(app)
    f, _ = read_file(st, "settings", "settings")
    assert f["level"] == "3" and f["speed"] == "2"
    app.level = levels.NORMAL  # the player picks Normal on the Settings screen
    assert persist.save_settings(app)
    f, _ = read_file(st, "settings", "settings")
    assert f["level"] == "1"


def test_a_pico_writes_hard_once_the_player_picks_it_on_the_level_row():
    """The file's Expert is kept only while the player leaves the level
    alone: away from Hard and back to it on the Settings screen, the player
    chose Hard, and the file says so (it said Expert again, so every start
    told of an Expert not offered on this device)."""
    from app.settings_screen import SettingsScreen
    from players import levels

    if levels.EXPERT in levels.offered(device=True):
        pytest.skip("this build offers Expert on a Pico")
    st = FakeStorage()
    write_file(st, "settings", "settings", [("level", "3")])
    app = Console(st).app
    app.device = True
    persist.apply_settings(app, {"level": "3"})
    scr = SettingsScreen(app, app.screen)
    scr.change(0, -1)  # Hard -> Normal
    scr.change(0, 1)  # back to Hard (Expert is not offered on a Pico)
    assert app.level == levels.HARD
    f, _ = read_file(st, "settings", "settings")
    assert f["level"] == "2"
    scr.change(1, 1)  # then another row: Hard stays Hard
    f, _ = read_file(st, "settings", "settings")
    assert f["level"] == "2"
    # The next start on the Pico has nothing to say about the level.
    app.notices = []
    persist.apply_settings(app, f)
    assert app.level == levels.HARD and app.notices == []
