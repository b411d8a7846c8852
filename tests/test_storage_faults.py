"""The data folder when writes fail, files are forged or strays pile up
(issue 32, third round, items 1 to 4, 6, 8 and 9), driven from outside: the
simulator's command line and key scripts on a data folder, with a full
flash played by ``faultsim.py`` (the same command, some writes failing).
No game is ever lost or counted twice, no file is written over, and what
the player is told is in a player's words."""

import os
import subprocess
import sys

import pytest

TESTS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TESTS)
from test_records_defects import _fields, _record_numbered, _stats  # noqa: E402
from test_sim_defects import ROOT, sim  # noqa: E402

from app.persist.storage import encode  # noqa: E402

ONE_GAME = "A Ax60"  # New game of Clubbed (seed 4), A until it is over
GAMES = "A Ax110"  # New game, then A until two games are played (the second by the 90th)
HINT = "A B DOWNx5 A"  # New game, pause menu, Show a hint (test_records_defects)
TAKE_BACK = "A A B DOWNx4 A"  # New game, a move, pause menu, Take back move


def faultsim(data, keys, faults, text=False, timeout=240):
    """``python -m host_sim`` headless on folder ``data`` with the writes
    ``faults`` names failing (see faultsim.py)."""
    env = dict(os.environ, SIM_FAULTS=faults)
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(k, None)
    args = ["--mode", "headless", "--seed", "4", "--data", str(data), "--keys", keys,
            "--shots", str(data) + "-shots"] + (["--text"] if text else [])
    try:
        cp = subprocess.run([sys.executable, os.path.join(TESTS, "faultsim.py"), *args],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail("host_sim ran until killed")
    assert cp.returncode == 0 and "Traceback" not in cp.stderr, cp.stderr
    return cp


def play(data, keys=ONE_GAME):
    cp = sim(["--mode", "headless", "--seed", "4", "--data", str(data), "--keys", keys,
              "--shots", str(data) + "-shots"], timeout=240)
    assert cp.returncode == 0, cp.stderr
    return cp


def counts(data):
    return [int(x) for x in _fields(data / "stats", "stats")["Clubbed"].split(",")]


def records(data):
    return sorted(int(p.name[1:]) for p in data.iterdir() if p.name[1:].isdigit())


# --- item 1: a failed statistics write ------------------------------------


@pytest.mark.parametrize("failing", ["stats", "r*"])
def test_a_game_whose_count_or_record_could_not_be_written_is_not_lost(tmp_path, failing):
    # The first game's statistics (or record) cannot be written, once: it
    # is kept and counted at the next write. The count went, and with it
    # the record; the next game's save then wrote over the finished one.
    data = tmp_path / "data"
    faultsim(data, GAMES, failing + ":28:0:1")
    have = records(data)
    assert len(have) >= 2, "a few games were played"
    assert have == list(range(1, len(have) + 1)), "every game has its record"
    assert counts(data)[0] == len(have), "every game is counted once"
    assert _fields(data / "stats", "stats")["last.Clubbed"] == str(have[-1])


def test_a_count_that_could_not_be_written_is_told_in_words(tmp_path):
    # Said on the screen when the game ends, as a player would say it.
    sys.path.insert(0, TESTS)
    from fakestore import FakeStorage
    from test_persist import Console

    class FullOnce(FakeStorage):
        failed = False

        def write(self, name, data):
            if name.startswith("stats") and not self.failed:
                self.failed = True
                raise OSError(28, os.strerror(28))
            super().write(name, data)

    st = FullOnce()
    con = Console(st, seed=4)
    con.press("A")  # New game (Clubbed)
    said = None
    for _ in range(200):
        if type(con.app.screen).__name__ == "ErrorScreen":
            said = con.app.screen.message
            break
        con.press("A")
    assert said is not None, "the failure is shown when the game ends"
    assert "statistics could not be saved" in said and "storage is full" in said
    assert "Errno" not in said and os.strerror(28) not in said
    assert "r1" in st.files and "game-clubbed" in st.files  # the record and the save kept


# --- item 2: help whose save failed -----------------------------------------


@pytest.mark.parametrize("keys,skip", [(HINT, 1), (TAKE_BACK, 2)], ids=["hint", "take-back"])
def test_help_whose_save_failed_is_kept_through_quit(tmp_path, keys, skip):
    # The save made at the moment of the help fails (the flash is full for
    # a moment); B on the message goes to the title, Continue, play on to
    # the end of that game and the next: the continued game counted as
    # played with help (it counted as a clean game), the next one not.
    data = tmp_path / "data"
    faultsim(data, keys + " B A Ax120", "game-clubbed:28:%d:1" % skip)
    c = counts(data)
    assert c[0] >= 2 and c[6] == 1, "the continued game counts as played with help"
    rec = _fields(data / "r1", "record")
    assert rec.get("help") == "y"
    assert c[7] == (int(rec["res"].split(",")[int(rec["you"])]) > 0)


# --- item 3: huge numbers ---------------------------------------------------


def test_statistics_forged_with_a_huge_last_game_do_not_stop_the_counting(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    forged = _stats(999999999, 5)
    (data / "stats").write_bytes(forged)
    play(data, GAMES)
    n = len(records(data))
    assert n >= 2 and counts(data)[0] == n, "every game played is counted"
    assert (data / "stats.bad1").read_bytes() == forged, "set aside, not lost"


def test_statistics_forged_with_counts_near_the_int_limit_are_set_aside(tmp_path):
    # A count one game below 2**30 would be written as 2**30, past the
    # small ints the device keeps: such a file is not believed.
    data = tmp_path / "data"
    data.mkdir()
    forged = _stats(3, 2**30 - 1)
    (data / "stats").write_bytes(forged)
    play(data, GAMES)
    assert (data / "stats.bad1").read_bytes() == forged, "set aside, not lost"
    assert counts(data)[0] == len(records(data)), "counted afresh"


def test_a_record_forged_with_a_huge_number_does_not_stop_the_counting(tmp_path):
    # No statistics: numbers go on after the newest record, which a forged
    # r999999999 (a well-made record of that number) was.
    data = tmp_path / "data"
    data.mkdir()
    for n in (1, 2, 999999999):
        (data / ("r%d" % n)).write_bytes(_record_numbered(n))
    play(data, GAMES)
    have = records(data)
    assert have[:3] == [1, 2, 3] and counts(data)[0] == len(have) - 2
    assert (data / "r999999999.bad1").read_bytes() == _record_numbered(999999999)


# --- item 4: a record ahead of the statistics ---------------------------------


def test_a_record_ahead_of_the_statistics_is_never_written_over(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    for n in (43, 44, 45):
        (data / ("r%d" % n)).write_bytes(_record_numbered(n))
    (data / "stats").write_bytes(_stats(44, 2))
    play(data)
    assert (data / "r45").read_bytes() == _record_numbered(45)
    assert records(data) == [43, 44, 45, 46] and counts(data)[0] == 3


# --- item 6: every .badN name taken ---------------------------------------------


def test_a_bad_file_is_kept_when_a_hundred_are_set_aside_already(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    for i in range(1, 100):
        (data / ("stats.bad%d" % i)).write_bytes(b"old bad %d" % i)
    (data / "stats").write_bytes(b"damaged statistics")
    cp = play(data)
    assert (data / "stats.bad100").read_bytes() == b"damaged statistics", cp.stdout
    assert all((data / ("stats.bad%d" % i)).read_bytes() == b"old bad %d" % i
               for i in range(1, 100))
    assert counts(data)[0] == 1


# --- item 8: thousands of stray files --------------------------------------------


def test_thousands_of_stray_records_are_told_in_a_few_pages(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    for n in range(1, 2001):
        (data / ("r%d" % n)).write_bytes(b"hello")
    cp = sim(["--mode", "headless", "--data", str(data), "--keys", "WAIT:10", "--text",
              "--shots", str(tmp_path / "s")], timeout=240)
    assert cp.returncode == 0, cp.stderr
    page = [ln for ln in cp.stdout.splitlines() if "page 1/" in ln]
    assert page, cp.stdout
    pages = int(page[0].split("page 1/")[1].split()[0])
    assert pages <= 3, "%d pages of notices" % pages
    assert len(list(data.glob("r*.bad1"))) == 2000, "every stray file kept"


# --- item 9: errors in a player's words ------------------------------------------


@pytest.mark.parametrize("errno_,words", [(28, "storage is full"),
                                          (30, "cannot be written to"),
                                          (5, "did not respond")])
def test_a_storage_error_on_screen_is_in_a_players_words(tmp_path, errno_, words):
    cp = faultsim(tmp_path / "data", "A", "game-clubbed:%d:0:0" % errno_, text=True)
    screen = " ".join(cp.stdout.split())
    assert "could not be saved" in screen and words in screen, cp.stdout
    assert "Errno" not in screen and os.strerror(errno_) not in screen


def test_forged_numbers_are_refused_before_they_reach_the_core(tmp_path):
    # A save numbered past what is believed is set aside, not continued.
    from test_persist_bad import _good_files

    data = tmp_path / "data"
    data.mkdir()
    st = _good_files()
    from app.persist.storage import decode

    f = decode(st.files["game-klaberjass"], "save")
    f["id"] = "999999999"
    (data / "game-klaberjass").write_bytes(encode("save", list(f.items())))
    play(data)
    assert records(data) == [1] and counts(data)[0] == 1
    assert (data / "game-klaberjass.bad1").exists()
