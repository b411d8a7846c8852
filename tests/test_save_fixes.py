"""Regressions of the save/resume code: 10-digit seeds, the wording of
storage notices, Continue after "Quit to menu"."""

import pytest
from fakestore import FakeStorage
from test_persist import (
    KINDS,
    Console,
    FakeScreen,
    _bad,
    _good_files,
    _record,
    new_core,
    pick,
    started,
)

from app.persist import files as persist
from app.persist.resume import continue_game
from app.persist.storage import decode
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
    assert again.notices == [] and again.saves == [1, 0, 0]
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


@pytest.mark.parametrize("name", ("settings", "stats", "game-klaberjass"))
def test_storage_notices_read_as_plain_words(name):
    expect = {"truncated": "the file was cut short; it was kept as ",
              "random": "the file is not a Pico Cards file; it was kept as ",
              "bitflip": "the file's contents are damaged (checksum); it was kept as ",
              "empty": "the file is empty; it was kept as ",
              "version": "the file is from another version"}
    head = {"settings": "Settings were reset: ", "stats": "Statistics were reset: ",
            "game-klaberjass": "The saved Klaberjass game could not be used: "}[name]
    for kind in KINDS:
        st = _good_files()
        st.files[name] = _bad(st.files[name], kind)
        said = " ".join(Console(st.reboot()).app.screen.lines)
        assert head + expect[kind] in said, said
        for garble in ("the file it", "the file the file", ": it ", ": its "):
            assert garble not in said, said


def test_a_save_the_rules_refuse_is_reported_in_words():
    st = _good_files()
    f = decode(st.files["game-klaberjass"], "save")
    f["pos"] = f["pos"].replace("KJ", "XX", 1)
    from app.persist.storage import encode

    st.files["game-klaberjass"] = encode("save", list(f.items()))
    con = Console(st.reboot())
    con.press("A")  # Continue
    said = " ".join(con.app.screen.lines)
    assert "The saved Klaberjass game could not be used: the rules refuse it (" in said
    assert "; it was kept as game-klaberjass.bad1." in said


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
    # Another game's page offers no Continue (the row would open Clubbed).
    assert con.app.screen.menu.items[0] == "New game"
    con.press("LEFT")
    assert con.app.screen.menu.items[0] == "Continue Clubbed"
    con.press("A")
    assert con.app.screen.game.to_text() == pos


def _save_replays(st):
    """The save's actions, applied from its seed, reach its position."""
    from fakestore import only_save

    from app.persist.records import replay_core

    f = decode(st.files[only_save(st)], "save")
    f["res"] = ""
    g, problem = replay_core(f)
    return g.to_text() == f["pos"]


def test_new_game_after_quit_saves_only_its_own_actions():
    st = FakeStorage()
    con = started(st)
    assert _save_replays(st)
    _quit_to_menu(con)
    con.press("DOWN", "A")  # New game, not Continue
    for _ in range(6):
        con.press("A")
    while con.app.screen.banner:
        con.press("A")  # a club's banner waits for A (CB-5)
    pos = con.app.screen.game.to_text()
    assert decode(st.files["game-clubbed"], "save")["pos"] == pos
    assert _save_replays(st)


def _replay_strings(name, seed, steps=None):
    """Every string a headless replay of a seeded record draws (first
    ``steps`` app steps, else to the end), and the app."""
    from app.kit import text
    from host_sim.headless import FRAME_MS, HeadlessRun
    from host_sim.replay import replay_app_class

    data, _ = _record(name, seed)
    seen = set()
    orig, centered = text.draw, text.draw_centered

    def draw(fb, s, *a, **k):
        seen.add(s)
        return orig(fb, s, *a, **k)

    def draw_c(fb, s, *a, **k):
        seen.add(s)
        return centered(fb, s, *a, **k)

    text.draw, text.draw_centered = draw, draw_c
    try:
        run = HeadlessRun(seed=1, shots_dir="unused", scale=1,
                          app_spec=replay_app_class(decode(data, "record")))
        app = run.app
        for _ in range(steps or 200000):
            app.step()
            if app.idle():
                break
            dl = app.next_deadline()
            if dl is None:
                run.clock.sleep_ms(FRAME_MS)
            else:
                run._advance_to(dl)
    finally:
        text.draw, text.draw_centered = orig, centered
    return seen, app, data


@pytest.mark.parametrize("name,seed", [("Klaberjass", 6), ("Clubs", 7)])
def test_replay_status_lines_are_grammatical(name, seed):
    seen, app, _ = _replay_strings(name, seed)
    assert app.feeder.count == len(app.feeder.acts)  # replayed to the end
    said = " ".join(seen)
    for bad in ("You bids", "You plays", "You's", "You takes", "You passes", "You deals"):
        assert bad not in said
    if name == "Klaberjass":
        assert "You play\u2026" in said and "West plays\u2026" in said


def test_terminal_replay_stopped_part_way_says_so(tmp_path, monkeypatch, capsys):
    import host_sim.frontends as cli
    from host_sim import replay, terminal

    steps = {"n": 40}

    def fake_run(seed, app_spec, control=None, **kw):  # the player presses q after n steps
        from app.kit.clock import VirtualClock
        from host_sim.display import SimDisplay

        clock = VirtualClock()
        replays = control(SimDisplay(240, 135), clock)
        for _ in range(steps["n"]):
            clock.sleep_ms(100)
            replays.step()
            if replays.deck.at_end():
                break
        return 0

    monkeypatch.setattr(terminal, "run", fake_run)
    monkeypatch.setattr(cli, "choose_mode", lambda args: ("terminal", None))
    monkeypatch.setattr(cli, "is_tty", lambda: True)  # a terminal the fake run stands in for
    data, _ = _record("Clubbed", 5)
    path = tmp_path / "r1"
    path.write_bytes(data)
    assert replay.main([str(path)]) == 3
    out = capsys.readouterr().out
    assert "stopped at move" in out and "match" not in out
    steps["n"] = 200000  # watched to the end
    assert replay.main([str(path)]) == 0
    assert "the final position and result match the record" in capsys.readouterr().out
