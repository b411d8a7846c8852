"""Regressions of the save/resume code: 10-digit seeds, the wording of
storage notices, Continue after "Quit to menu"."""

import pytest
from fakestore import FakeStorage
from test_persist import KINDS, Console, FakeScreen, _bad, _good_files, _record, new_core, pick

from app import persist
from app.resume import continue_game
from app.storage import decode
from app.title import TitleScreen

BIG = 1021417912  # a seed of App.new_game (up to 2**30 - 1) with 10 digits


def test_dec_int_takes_ten_digits_below_2_to_the_30_only():
    assert persist.dec_int(str(BIG)) == BIG
    assert persist.dec_int("1073741823") == 2**30 - 1
    assert persist.dec_int("-1073741823") == -(2**30 - 1)
    for s in ("1073741824", "-1073741824", "9999999999", "12345678901", "", "-", "1a"):
        with pytest.raises(ValueError):
            persist.dec_int(s)


def test_a_game_with_a_ten_digit_seed_is_saved_and_continued():
    g, kw, human, state = new_core("Clubbed", BIG)
    st = FakeStorage()
    app = Console(st).app
    pick(app, "Clubbed")
    app.id = 1
    assert persist.save_game(app, FakeScreen(g, BIG, kw, state), human)
    again = Console(st.reboot()).app
    assert again.notices == [] and again.saved is not None
    continue_game(again)
    assert again.notices == [] and again.screen.seed == BIG
    assert again.screen.game.to_text() == g.to_text()


def test_a_record_with_a_ten_digit_seed_replays(tmp_path):
    from host_sim.replay import main

    data, _ = _record("Clubbed", BIG)
    assert decode(data, "record")["seed"] == str(BIG)
    path = tmp_path / "r1"
    path.write_bytes(data)
    assert main([str(path), "--check"]) == 0


@pytest.mark.parametrize("name", ("settings", "stats", "game"))
def test_storage_notices_read_as_plain_words(name):
    expect = {"truncated": "the file was cut short; it was kept as ",
              "random": "the file is not a Pico Cards file; it was kept as ",
              "bitflip": "the file's contents are damaged (checksum); it was kept as ",
              "empty": "the file is empty; it was kept as ",
              "version": "the file is from another version"}
    head = {"settings": "Settings were reset: ", "stats": "Statistics were reset: ",
            "game": "The saved game could not be used: "}[name]
    for kind in KINDS:
        st = _good_files()
        st.files[name] = _bad(st.files[name], kind)
        said = " ".join(Console(st.reboot()).app.screen.lines)
        assert head + expect[kind] in said, said
        for garble in ("the file it", "the file the file", ": it ", ": its "):
            assert garble not in said, said


def test_a_save_the_rules_refuse_is_reported_in_words():
    st = _good_files()
    f = decode(st.files["game"], "save")
    f["pos"] = f["pos"].replace("KJ", "XX", 1)
    from app.storage import encode

    st.files["game"] = encode("save", list(f.items()))
    con = Console(st.reboot())
    con.press("A")  # Continue
    said = " ".join(con.app.screen.lines)
    assert "The saved game could not be used: the rules refuse it (" in said
    assert "; it was kept as game.bad1." in said


def _quit_to_menu(con):
    con.press("B")  # pause
    for _ in range(3):
        con.press("DOWN")
    con.press("A")  # Quit to menu
    assert isinstance(con.app.screen, TitleScreen)


def test_quit_to_menu_offers_continue_of_the_same_position():
    con = Console(FakeStorage(), seed=5)
    con.press("A")  # New game (Clubbed)
    for _ in range(6):
        con.press("A")
    pos = con.app.screen.game.to_text()
    _quit_to_menu(con)
    assert con.app.screen.menu.items[0] == "Continue Clubbed"
    con.press("A")  # Continue
    assert type(con.app.screen).__name__ == "ClubbedScreen"
    assert con.app.screen.game.to_text() == pos
    # ... and again, after switching the game on the title and back.
    _quit_to_menu(con)
    con.press("RIGHT")
    assert con.app.screen.menu.items[0] == "Continue Clubbed"
    con.press("LEFT")
    assert con.app.screen.menu.items[0] == "Continue Clubbed"
    con.press("A")
    assert con.app.screen.game.to_text() == pos


def _save_replays(st):
    """The save's actions, applied from its seed, reach its position."""
    from app.records import replay_core

    f = decode(st.files["game"], "save")
    f["res"] = ""
    g, problem = replay_core(f)
    return g.to_text() == f["pos"]


def test_new_game_after_quit_saves_only_its_own_actions():
    st = FakeStorage()
    con = Console(st, seed=5)
    con.press("A")  # New game (Clubbed)
    for _ in range(6):
        con.press("A")
    assert _save_replays(st)
    _quit_to_menu(con)
    con.press("DOWN", "A")  # New game, not Continue
    for _ in range(6):
        con.press("A")
    pos = con.app.screen.game.to_text()
    assert decode(st.files["game"], "save")["pos"] == pos
    assert _save_replays(st)
