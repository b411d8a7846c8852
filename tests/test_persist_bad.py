"""Well-formed files (good checksum) that lie: a bad seat, a short result, a
result that is not the position's, options the game does not have, a game
number beyond the format. Each is reported in words and set aside; none
crashes the console or is counted."""

import os
import stat
import subprocess
import sys

import pytest
from fakestore import FakeStorage, save_file

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_persist import (  # noqa: E402
    PLAYED,
    Console,
    _good_files,
    _record,
    new_core,
    play_out,
)

from app.persist import files as persist  # noqa: E402
from app.persist.storage import decode, encode  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _finished_save(name="Clubbed", seed=3):
    """Storage holding the save of a finished game (``res`` present) as a
    power cut right after the final save leaves it."""
    g, kw, human, state = new_core(name, seed)
    acts = play_out(g, seed)
    st = FakeStorage()
    app = Console(st).app
    app.id = 1
    app.actions = acts
    st.files.pop("r1", None)
    f = [("id", 1), ("game", name), ("seed", seed), ("kw", persist.enc_dict(kw)),
         ("you", human), ("st", ""), ("pos", g.to_text()), ("act", acts.hex()),
         ("res", ",".join(str(r) for r in g.result()))]
    st.files[save_file(name)] = encode("save", f)
    return st


def _edit(st, name, kind, **changes):
    f = decode(st.files[name], kind)
    f.update(changes)
    st.files[name] = encode(kind, list(f.items()))
    return st


def test_a_finished_save_is_counted_at_boot():
    con = Console(_finished_save().reboot())
    assert persist.read_stats(con.app)["Clubbed"][PLAYED] == 1
    assert "game-clubbed" not in con.storage.files and "r1" in con.storage.files


@pytest.mark.parametrize("changes,words", [
    ({"you": "7"}, "no seat"), ({"you": "-1"}, "no seat"),
    ({"res": "1"}, "one result per seat"), ({"res": "1,-1,0"}, "one result per seat"),
    ({"kw": "refill:y,bogus:y"}, "bogus"), ({"kw": "seed:1"}, "seed"),
    ({"kw": "dealer:y"}, "dealer"), ({"id": "0"}, "game number"),
])
def test_a_lying_save_is_set_aside_at_boot_not_a_crash(changes, words):
    st = _edit(_finished_save(), "game-clubbed", "save", **changes)
    bad = st.files["game-clubbed"]
    con = Console(st.reboot())
    said = " ".join(con.app.screen.lines)
    assert "saved Clubbed game" in said and words in said and "game-clubbed.bad1" in said
    assert con.storage.files["game-clubbed.bad1"] == bad
    assert "game-clubbed" not in con.storage.files
    assert persist.read_stats(con.app)["Clubbed"][PLAYED] == 0
    assert not [n for n in con.storage.files if n.startswith("r")]
    # The next start-up is clean.
    again = Console(con.storage.reboot())
    assert again.app.screen.menu.items[0] == "New game"


def test_a_save_whose_result_is_not_the_positions_is_not_counted():
    st = _finished_save()
    f = decode(st.files["game-clubbed"], "save")
    flipped = ",".join(str(-int(x)) for x in f["res"].split(","))
    for changes in ({"res": flipped}, {"pos": new_core("Clubbed", 3)[0].to_text()}):
        s2 = _edit(FakeStorage(st.files), "game-clubbed", "save", **changes)
        con = Console(s2.reboot())
        said = " ".join(con.app.screen.lines)
        assert "result is not the position" in said and "game-clubbed.bad1" in said
        assert persist.read_stats(con.app)["Clubbed"][PLAYED] == 0
        assert "r1" not in con.storage.files


def test_a_save_in_play_with_a_bad_seat_or_option_is_not_offered():
    for changes in ({"you": "2"}, {"kw": "alternate:y,refill:y"}):
        st = _edit(_good_files(), "game-klaberjass", "save", **changes)
        con = Console(st.reboot())
        assert "game-klaberjass.bad1" in " ".join(con.app.screen.lines)
        assert not any(con.app.saves)


def test_last_game_number_is_range_checked_and_never_overflows():
    st = _good_files()
    st.files.pop("game-klaberjass")
    _edit(st, "stats", "stats", last=str(persist.PLAUSIBLE))
    con = Console(st.reboot())
    assert con.app.last == [persist.PLAUSIBLE] * 3  # one number for every game: each's
    con.app.new_game()
    # Above it, and far below the format's end: games are still counted.
    assert con.app.id == persist.PLAUSIBLE + 1 < persist.MAX_ID
    for key in ("last", "last.Clubs"):
        for n in (persist.PLAUSIBLE + 1, persist.MAX_ID, persist.MAX_ID + 1):
            s2 = _edit(FakeStorage(st.files), "stats", "stats", **{key: str(n)})
            con = Console(s2.reboot())
            assert "Statistics" in " ".join(con.app.screen.lines)
            assert "stats.bad1" in con.storage.files


@pytest.mark.parametrize("changes,words", [
    ({"kw": "refill:y,bogus:y"}, "bogus"), ({"kw": "seed:5"}, "seed"),
    ({"act": "zz"}, "moves is damaged"), ({"act": "0"}, "moves is damaged"),
])
def test_replay_refuses_a_record_with_wrong_options_or_moves(tmp_path, capsys, changes, words):
    from host_sim.replay import main

    data, _ = _record("Clubbed", 5)
    f = decode(data, "record")
    f.update(changes)
    path = tmp_path / "r1"
    path.write_bytes(encode("record", list(f.items())))
    assert main([str(path), "--check"]) == 2
    err = capsys.readouterr().err
    assert "not a game record" in err and words in err and "Traceback" not in err


@pytest.mark.parametrize("data", ["/dev/null", "/dev/null/sub"])
def test_a_data_path_that_is_not_a_folder_is_refused_in_words(tmp_path, capsys, data):
    from host_sim.__main__ import main

    args = ["--mode", "headless", "--keys", "A", "--shots", str(tmp_path), "--data", data]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "cannot keep data in " + data in err and "Traceback" not in err


def test_replay_refuses_bad_shots_folder_and_scale(tmp_path, capsys):
    from host_sim.replay import main

    data, _ = _record("Clubbed", 5)
    path = tmp_path / "r1"
    path.write_bytes(data)
    assert main([str(path), "--mode", "headless", "--shots", "/dev/null"]) == 2
    assert "--shots /dev/null" in capsys.readouterr().err
    for scale in ("0", "17"):
        with pytest.raises(SystemExit) as ex:
            main([str(path), "--check", "--scale", scale])
        assert ex.value.code == 2
        assert "--scale must be 1..16" in capsys.readouterr().err


def test_bad_files_are_never_renamed_over_one_another():
    from app.persist.storage import read_file, set_aside

    st = FakeStorage({"game-clubs": b"junk 1"})
    for i in range(1, 100):
        st.files["game-clubs"] = b"junk %d" % i
        assert set_aside(st, "game-clubs") == "game-clubs.bad%d" % i
    st.files["game-clubs"] = b"junk 100"
    f, why = read_file(st, "game-clubs", "save")
    assert f is None and "not a Pico Cards file" in why
    # All 99 names taken: the hundredth takes the next, none replaced.
    assert "game-clubs" not in st.files and st.files["game-clubs.bad100"] == b"junk 100"
    assert "game-clubs.bad100" in why
    assert all(st.files["game-clubs.bad%d" % i] == b"junk %d" % i for i in range(1, 100))


def test_a_huge_file_is_refused_unread_and_set_aside(tmp_path):
    from app.persist.storage import MAX_FILE, read_file
    from host_sim.storage import FolderStorage
    from hw.storage import FlashStorage

    for st in (FolderStorage(tmp_path / "a"), FlashStorage(str(tmp_path / "b"))):
        big = b"PICOCARDS save 1 " + b"x" * (4 * MAX_FILE)
        st.write("game-clubs", big)
        with pytest.raises(ValueError, match="too big"):
            st.read("game-clubs")  # refused unread: no buffer over the file's own size
        f, why = read_file(st, "game-clubs", "save")
        assert f is None and "too big" in why and "game-clubs.bad1" in why
        assert "game-clubs" not in st.names() and "game-clubs.bad1" in st.names()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_the_data_folder_is_a_bad_file_not_a_hang(tmp_path):
    # The simulator in a subprocess: before the fix it blocked for good in
    # open() on the FIFO (the timeout only stops a hung run).
    os.mkfifo(tmp_path / "settings")
    try:
        out = subprocess.run(
            [sys.executable, "-m", "host_sim", "--mode", "headless", "--data", str(tmp_path),
             "--keys", "A", "--shots", str(tmp_path / "shots")],
            cwd=ROOT, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the simulator hung reading a FIFO in its data folder")
    assert out.returncode == 0, out.stderr
    # Set aside as a bad file (renamed, not deleted), the app went on.
    assert stat.S_ISFIFO(os.stat(tmp_path / "settings.bad1").st_mode)
    from host_sim.storage import FolderStorage

    st = FolderStorage(tmp_path)
    with pytest.raises(OSError, match="not a regular file"):
        st.read("settings.bad1")


def test_a_device_in_the_data_folder_is_not_read(tmp_path):
    from app.persist.storage import read_file
    from host_sim.storage import FolderStorage

    os.symlink("/dev/zero", tmp_path / "stats")
    f, why = read_file(FolderStorage(tmp_path), "stats", "stats")
    assert f is None and "not a regular file" in why and "stats.bad1" in why
