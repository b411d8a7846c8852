"""Storage used as a careless or hostile user would (issue 13 items 5, 6, 7
and 14; issue 12's sized reads): a full or read-only data folder, a read
error during a save, saves edited by hand with a valid checksum, a damaged
statistics file, and reads that never allocate more than the file."""

import os
import sys

import pytest
from fakestore import FakeStorage, save_file

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_persist import PLAYED, Console, FakeScreen, pick, positions  # noqa: E402

from app.persist import files as persist  # noqa: E402
from app.persist.records import replay_core  # noqa: E402
from app.persist.storage import decode, encode  # noqa: E402


def _play(con, presses, on_error=None):
    """Press A ``presses`` times (the human plays its first legal card);
    return how many times an ErrorScreen came up."""
    shown = 0
    for _ in range(presses):
        if type(con.app.screen).__name__ == "ErrorScreen":
            shown += 1
            if on_error:
                on_error(con.app.screen)
        if type(con.app.screen).__name__ == "ResultScreen":
            break
        con.press("A")
    return shown


class Failing(FakeStorage):
    """Every write fails as on a full (ENOSPC) or read-only (EROFS) folder."""

    def __init__(self, errno_, files=None):
        super().__init__(files)
        self.errno = errno_

    def write(self, name, data):
        raise OSError(self.errno, os.strerror(self.errno))


@pytest.mark.parametrize("errno_", [28, 30], ids=["full", "read-only"])
def test_a_full_or_read_only_folder_is_told_once_and_notices_do_not_grow(errno_):
    # Issue 13 item 5: every save failed silently and added a notice (443
    # after 1,500 presses, 25 KB held).
    con = Console(Failing(errno_), seed=3)
    con.press("A")  # New game (Clubbed)
    said = []
    shown = _play(con, 600, lambda s: said.append(s.message))
    app = con.app
    assert shown == 1, "said once, where the player sees it"
    # In a player's words (issue 32 item 9): what is wrong with the
    # storage, not the system's error text.
    assert "Clubbed game could not be saved" in said[0]
    assert ("storage is full" if errno_ == 28 else "cannot be written to") in said[0]
    assert os.strerror(errno_) not in said[0] and "Errno" not in said[0]
    assert "Play goes on" in said[0]
    assert len(app.notices) <= 1  # one notice per file at most, no growth


class EioOnce(FakeStorage):
    """The ``nth`` read of an existing ``game-clubbed`` raises EIO, once."""

    def __init__(self, nth):
        super().__init__()
        self.nth = nth
        self.reads = 0

    def read(self, name):
        if name == "game-clubbed" and name in self.files:
            self.reads += 1
            if self.reads == self.nth:
                raise OSError(5, "EIO")
        return super().read(name)


@pytest.mark.parametrize("nth", [1, 3])
def test_a_read_error_during_a_save_costs_neither_the_save_nor_the_record(nth):
    # Issue 13 item 6: the good save became game.bad1 without a notice and
    # the record kept only the later moves ("move 2 (52) is illegal").
    st = EioOnce(nth)
    con = Console(st, seed=5)
    con.press("A")  # New game (Clubbed)
    said = []
    _play(con, 3000, lambda s: said.append(s.message))
    assert type(con.app.screen).__name__ == "ResultScreen"
    assert st.reads >= nth
    assert not [n for n in st.files if ".bad" in n]
    assert said and "Could not read the saved game" in said[0]
    rec = decode(st.files["r1"], "record")
    g, problem = replay_core(rec)
    assert problem is None and g.is_over()
    assert persist.read_stats(con.app)["Clubbed"][PLAYED] == 1


def _save_of(name, seed, n=6):
    """Storage holding the save of game ``name`` after ``n`` actions."""
    g, acts, kw, human, state = positions(name, seed, n + 1)[n]
    st = FakeStorage()
    app = Console(st).app
    pick(app, name)
    app.id = 1
    app.actions = bytearray(acts)
    assert persist.save_game(app, FakeScreen(g, seed, kw, state), human)
    return st


@pytest.mark.parametrize("name,state,words", [
    ("Clubs", "hist:y", "hist"), ("Clubs", "hist:1/2/", "hist"), ("Clubs", "wins:1/", "wins"),
    ("Clubs", "hist:0/1/2/", "hist"), ("Clubs", "hist:1/1/2/1/3/4/", "hist"),
    ("Clubs", "hist:1/100000/2/", "hist"), ("Clubs", "hist:1/2/-100/", "hist"),
    ("Clubbed", "totals:1/", "totals"), ("Clubbed", "dealer:2", "dealer"),
    ("Clubbed", "games:-1", "games"), ("Clubbed", "dealer:y", "dealer"),
    ("Klaberjass", "wins:1/", "wins"), ("Klaberjass", "round:1/2/", "round"),
    ("Klaberjass", "wins:1/-2/", "wins"), ("Klaberjass", "colour:1", "colour"),
    ("Clubbed", "hint_or_undo:2", "hint_or_undo"), ("Klaberjass", "hint_or_undo:y", "hint_or_undo"),
    ("Clubs", "hint_or_undo:1/", "hint_or_undo"), ("Clubbed", "hint_or_undo:-1", "hint_or_undo"),
])  # fmt: skip
def test_a_hand_edited_save_with_a_valid_checksum_is_set_aside_not_a_crash(name, state, words):
    # Issue 13 item 7: Clubs hist:y was a TypeError at Continue, Clubbed
    # totals:1/ and Klaberjass wins:1/ an IndexError at the game's end,
    # Clubbed dealer:2 broke every new Clubbed game of the session.
    st = _save_of(name, 4)
    f = decode(st.files[save_file(name)], "save")
    f["st"] = state
    st.files[save_file(name)] = encode("save", list(f.items()))
    con = Console(st.reboot())
    app = con.app
    assert not any(app.saves) and save_file(name) + ".bad1" in con.storage.files
    said = " ".join(app.screen.lines)
    assert "saved %s game could not be used" % name in said and words in said


@pytest.mark.parametrize("name,state", [("Clubs", "hist:1/-3/5/,wins:2/0/"),
                                        ("Clubbed", "dealer:0,games:3,totals:12/30/"),
                                        ("Klaberjass", "round:3,wins:0/1/"),
                                        ("Clubbed", "dealer:1,hint_or_undo:1"),
                                        ("Clubs", "hint_or_undo:1,hist:"),
                                        ("Klaberjass", "hint_or_undo:0,round:1")])
def test_a_save_with_good_state_is_still_offered(name, state):
    st = _save_of(name, 4)
    f = decode(st.files[save_file(name)], "save")
    f["st"] = state
    st.files[save_file(name)] = encode("save", list(f.items()))
    app = Console(st.reboot()).app
    assert app.saves[app.game_index] == 1 and app.game_name() == name and app.notices == []


def test_after_a_damaged_statistics_file_game_numbers_go_on_and_ten_records_are_kept():
    # Issue 13 item 14: after the reset game numbers began at 1 again, an old
    # record r2 was written over, and 11 records were kept.
    st = FakeStorage()
    app = Console(st).app
    g, acts, kw, human, state = positions("Clubbed", 1, 10000)[-1]
    # Finish the same game as numbers 3..12 (ten records), then damage stats.
    last = g.copy()
    while not last.is_over():
        b = last.legal_actions()[0]
        last.apply(b)
        acts += bytes((b,))
    for gid in range(3, 13):
        app.id = gid
        app.actions = bytearray(acts)
        app.in_save = False
        persist.save_game(app, FakeScreen(last, 1, kw, state), human)
    old = {n: st.files[n] for n in st.files if n.startswith("r")}
    assert sorted(old, key=lambda n: int(n[1:])) == ["r%d" % i for i in range(3, 13)]
    st.files["stats"] = st.files["stats"][:-3]  # damaged: reset at boot
    con = Console(st.reboot())
    app = con.app
    assert "Statistics were reset" in " ".join(app.screen.lines)
    assert app.last == [12, 12, 12]
    con.press("B")
    con.press("A")  # a new game of Clubbed
    assert app.id == 13
    app.actions = bytearray(acts)
    app.in_save = False
    persist.save_game(app, FakeScreen(last, 1, kw, state), human)
    recs = sorted((n for n in con.storage.files if n.startswith("r")), key=lambda n: int(n[1:]))
    assert recs == ["r%d" % i for i in range(4, 14)], "the last 10, none written over"
    assert all(con.storage.files[n] == old[n] for n in recs if n in old)


def test_flash_reads_are_sized_to_the_file(tmp_path, monkeypatch):
    # Issue 12: hw.storage.read did f.read(MAX_FILE + 1), a 16 KB buffer
    # twice per save, most of a Pico's free heap; now one buffer of the
    # file's own size, and a file over MAX_FILE is refused unread.
    import builtins

    from app.persist.storage import MAX_FILE, read_file, write_file
    from hw import storage as hw_storage

    asked = []
    real_open = builtins.open

    class Spy:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *a):
            self.f.close()

        def read(self, n=-1):
            asked.append(n)
            return self.f.read(n)

        def readinto(self, buf):
            asked.append(len(buf))
            return self.f.readinto(buf)

        def write(self, data):
            return self.f.write(data)

    def spy_open(path, mode="r", *a, **kw):
        return Spy(real_open(path, mode, *a, **kw))

    st = hw_storage.FlashStorage(str(tmp_path / "data"))
    monkeypatch.setattr(hw_storage, "open", spy_open, raising=False)
    write_file(st, "stats", "stats", [("last", "3")])
    f, why = read_file(st, "stats", "stats")
    assert f == {"last": "3"} and why is None
    size = os.path.getsize(tmp_path / "data" / "stats")
    assert asked and all(0 <= n <= size for n in asked), asked
    with real_open(tmp_path / "data" / "game-clubs", "wb") as out:
        out.write(b"x" * (MAX_FILE + 1))
    asked.clear()
    f, why = read_file(st, "game-clubs", "save")
    assert f is None and "too big" in why and asked == []


@pytest.mark.parametrize("counts,ok", [
    ("2,2,0,0,0,2,2,0", False),  # two games with help, none won, yet none lost or drawn
    ("2,1,1,0,0,1,2,0", False),  # helped games not won (2) above games not won (1)
    ("2,1,1,0,0,1,1,0", True), ("2,1,1,0,0,1,2,1", True), ("3,2,1,0,1,2", True),
])
def test_statistics_with_help_are_checked_against_the_games_not_won(counts, ok):
    # Breaker finding: "with hint or undo: played 2, won 0" beside "lost 0"
    # was accepted; played with help less won with help can be no more than
    # the games lost or drawn.
    from app.persist import files as persist

    f = {"last": "3", "Clubbed": counts}
    if ok:
        assert persist._read_stats(f)[1]["Clubbed"][:6] == [int(x) for x in counts.split(",")][:6]
    else:
        with pytest.raises(ValueError, match="Clubbed"):
            persist._read_stats(f)


def _clubbed_save_with_no_match(seed=4):
    """``(storage, game)``: the save of the first position of a seeded
    Clubbed game (random players) with a no-match entry (field ``nm``) and
    cards in both hands."""
    found = [p for p in positions("Clubbed", seed)
             if ";nm=" in p[0].to_text() and p[0].hand(0) and p[0].hand(1)]
    assert found, "no position with field nm"
    g, acts, kw, human, state = found[0]
    st = FakeStorage()
    app = Console(st).app
    pick(app, "Clubbed")
    app.id = 1
    app.actions = bytearray(acts)
    assert persist.save_game(app, FakeScreen(g, seed, kw, state), human)
    return st, g


def _with_nm(pos, nm):
    fields = [f for f in pos.split(";") if not f.startswith("nm=")]
    fields.insert(len(fields) - 1, "nm=" + nm)  # before x, as to_text writes it
    return ";".join(fields)


@pytest.mark.parametrize("nm", ["7D", "7D1,,/", "2C1/", "7D0/", "7D99/", "\u00e9\u00e91/",
                                ",".join(["7D1"] * 7) + "/", "7D" + "1" * 5000 + "/", "unsound"])
def test_a_clubbed_save_with_a_tampered_nm_field_is_set_aside_at_continue(nm):
    # A count the hand contradicts ("unsound": seat 0's hand "all clubs")
    # used to load; play went on and the next save held a count past the
    # hand, which no Continue could read.
    st, g = _clubbed_save_with_no_match()
    if nm == "unsound":
        nm = "**%d/" % len(g.hand(0))
        assert any(c >= 13 for c in g.hand(0)), "pick a seed whose hand 0 is not all clubs"
    f = decode(st.files["game-clubbed"], "save")
    f["pos"] = _with_nm(f["pos"], nm)
    st.files["game-clubbed"] = encode("save", list(f.items()))
    con = Console(st.reboot())
    assert con.app.screen.menu.items[0] == "Continue Clubbed"
    con.press("A")
    said = " ".join(con.app.screen.lines)
    assert "could not be used" in said and "'nm'" in said
    assert "game-clubbed.bad1" in con.storage.files and "game-clubbed" not in con.storage.files
    con.press("B")
    assert con.app.screen.menu.items[0] == "New game"
    con.press("A")  # a new game starts
    assert type(con.app.screen).__name__ == "ClubbedScreen"


def test_a_good_clubbed_save_with_nm_continues_with_its_entries():
    st, g = _clubbed_save_with_no_match()
    con = Console(st.reboot())
    assert con.app.screen.menu.items[0] == "Continue Clubbed"
    con.press("A")
    screen = con.app.screen
    assert type(screen).__name__ == "ClubbedScreen" and con.app.notices == []
    assert screen.game.to_text() == g.to_text()
    assert screen.game.observation(1).no_match == g.observation(1).no_match != (b"", b"")
    assert _play(con, 40) == 0  # plays on; every autosave reads back
    assert "game-clubbed.bad1" not in con.storage.files


@pytest.mark.parametrize("damage", ["flip", "eio"])
def test_a_save_found_bad_on_quit_to_menu_is_reported_on_the_title(damage):
    """Quit to menu reads the save back to offer Continue
    (``persist.reload``); a save found damaged (or unreadable) then is set
    aside, and the player is told so at once, over the title (the notice
    waited, unseen, until the Settings screen was left: the game simply
    vanished from the title)."""
    from fakestore import FailingRead

    from app.rules_screen import RulesScreen
    from app.title import TitleScreen

    st = FailingRead()
    con = Console(st, seed=5)
    con.press("A")  # New game (Clubbed): saved at the human's first turn
    assert "game-clubbed" in st.files
    if damage == "flip":
        data = bytearray(st.files["game-clubbed"])
        data[-2] ^= 1
        st.files["game-clubbed"] = bytes(data)
    else:
        st.fail = 1
    con.press("B", "DOWN", "DOWN", "DOWN", "A")  # pause menu: Quit to menu
    scr = con.app.screen
    assert isinstance(scr, RulesScreen) and scr.title == "Storage"
    shown = " ".join(scr.lines)
    assert "saved Clubbed game could not be used" in shown and "game-clubbed.bad1" in shown
    assert con.app.notices == [] and "game-clubbed.bad1" in st.files
    con.press("B")
    assert isinstance(con.app.screen, TitleScreen) and not any(con.app.saves)


def test_statistics_found_bad_when_shown_say_why_they_are_reset():
    """The Statistics page reads the file anew; one damaged since the start
    (a bad checksum) is set aside and the page counts nothing: the notice
    saying why comes over the page at once (it waited, unseen, while the
    page said no game was finished)."""
    from app.rules_screen import RulesScreen
    from app.title import TitleScreen

    st = FakeStorage({"stats": encode("stats", [("last", "1"),
                                                ("Clubbed", "1,1,0,0,1,1,0,0")])})
    con = Console(st)
    assert isinstance(con.app.screen, TitleScreen)
    data = bytearray(st.files["stats"])
    data[-2] ^= 1
    st.files["stats"] = bytes(data)
    con.press("DOWN", "DOWN", "DOWN", "A")  # Statistics
    scr = con.app.screen
    assert isinstance(scr, RulesScreen) and scr.title == "Storage"
    shown = " ".join(scr.lines)
    assert "Statistics were reset" in shown and "stats.bad1" in shown
    assert con.app.notices == []
    con.press("B")
    assert isinstance(con.app.screen, RulesScreen) and con.app.screen.title == "Statistics"
    con.press("B")
    assert isinstance(con.app.screen, TitleScreen)
