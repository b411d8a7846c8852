"""Each game keeps its own saved game (``app.persist.files.SAVES``): saves
of different games live side by side through games played, quit and
finished; a New game touches only its own game's save; a game waiting in
its save while another is played and counted is still counted once, power
cuts included; help marks stay with their game; and the one ``game`` file
of older consoles is moved to its game's file at boot."""

import os
import sys

import pytest
from fakestore import FakeStorage, PowerCut, save_file

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_persist import (  # noqa: E402
    PLAYED,
    Console,
    FakeScreen,
    new_core,
    pick,
    play_out,
    positions,
)

from app import games  # noqa: E402
from app.persist import files as persist  # noqa: E402
from app.persist.storage import decode, encode  # noqa: E402
from app.title import ASK, TitleScreen  # noqa: E402
from cardgames.clubbed_text import from_text  # noqa: E402

NAMES = [e.name for e in games.GAMES]


def _play_a_little(con, name, presses=4):
    """From the title: New game of ``name`` (no question: nothing of it is
    saved), a few A presses, then Quit to menu. Returns its position."""
    con.choose_game(name)
    title = con.app.screen
    assert title.menu.items[title.menu.sel] == "New game"
    con.press("A")
    assert type(con.app.screen).__name__ != "TitleScreen", "New game asked"
    for _ in range(presses):
        con.press("A")
    pos = con.app.screen.game.to_text()
    con.quit_to_menu()
    assert isinstance(con.app.screen, TitleScreen)
    return pos


def _save(st, name):
    return decode(st.files[save_file(name)], "save")


def test_saves_of_two_games_survive_switching_games():
    st = FakeStorage()
    con = Console(st, seed=5)
    clubbed_pos = _play_a_little(con, "Clubbed")
    clubbed_file = st.files["game-clubbed"]
    kj_pos = _play_a_little(con, "Klaberjass")
    assert st.files["game-clubbed"] == clubbed_file  # untouched by Klaberjass
    assert _save(st, "Klaberjass")["pos"] == kj_pos
    assert _save(st, "Clubbed")["pos"] == clubbed_pos
    # Both offer Continue, in this session and after a power cut; the fresh
    # title opens on the game saved last.
    again = Console(st.reboot(), seed=5)
    assert again.app.game_name() == "Klaberjass"
    for c in (con, again):
        title = c.app.screen
        c.choose_game("Klaberjass")
        assert title.menu.items[0] == "Continue Klaberjass"
        c.choose_game("Clubbed")
        assert title.menu.items[0] == "Continue Clubbed"
        c.choose_game("Clubs")
        assert title.menu.items[0] == "New game"
    for name, pos in (("Clubbed", clubbed_pos), ("Klaberjass", kj_pos)):
        again.choose_game(name)
        again.press("A")  # Continue
        assert again.app.game_name() == name
        assert again.app.screen.game.to_text() == pos
        again.quit_to_menu()
    # Continuing one and quitting changes no other game's save.
    assert st.files["game-clubbed"] == clubbed_file


@pytest.mark.parametrize("name", NAMES)
def test_new_game_of_one_game_leaves_the_others_saves_alone(name):
    st = FakeStorage()
    con = Console(st, seed=3)
    for n in NAMES:
        _play_a_little(con, n, 3)
    before = dict(st.files)
    ids = {n: _save(st, n)["id"] for n in NAMES}
    assert len(set(ids.values())) == 3  # one number per game
    con.choose_game(name)
    title = con.app.screen
    title.menu.sel = 1
    con.press("A")  # its own save: asked first
    assert title.menu.items[1] == ASK and st.files == before
    con.press("A")
    assert type(con.app.screen).__name__ != "TitleScreen"
    for _ in range(6):  # to its first turn (Klaberjass' cut box waits for A)
        if _save(st, name)["id"] != ids[name]:
            break
        con.press("A")
    assert _save(st, name)["id"] != ids[name]
    # A new number, above every other game's: each game's own numbers rise.
    assert int(_save(st, name)["id"]) > max(int(i) for i in ids.values())
    for other in NAMES:
        if other != name:
            assert st.files[save_file(other)] == before[save_file(other)], other


def test_a_game_saved_while_another_is_counted_is_counted_too():
    # Clubbed is saved as game 1; Klaberjass (game 2) is played and counted;
    # then Clubbed ends: counted too (a single "last game counted" would have
    # taken 1 for counted already).
    st = FakeStorage()
    con = Console(st, seed=5)
    _play_a_little(con, "Clubbed")
    app = con.app
    assert _save(st, "Clubbed")["id"] == "1"
    g, kw, human, state = new_core("Klaberjass", 4)
    acts = play_out(g, 4)
    pick(app, "Klaberjass")
    app.new_game()
    assert app.id == 2
    app.actions = bytearray(acts)
    app.in_save = False  # these are all its actions
    assert persist.save_game(app, FakeScreen(g, 4, kw, state), human)
    assert persist.read_stats(app)["Klaberjass"][PLAYED] == 1 and "r2" in st.files
    assert "game-klaberjass" not in st.files and "game-clubbed" in st.files
    # Clubbed's game 1 to its end: a cut before every file operation.
    f = _save(st, "Clubbed")
    g1 = from_text(f["pos"])
    kw1 = persist.dec_dict(f["kw"])
    rest = play_out(g1, 9)
    base = dict(st.files)
    outcomes = set()
    for k in range(10):
        cut = FakeStorage(base, cut_after=k)
        a = Console(cut).app
        pick(a, "Clubbed")
        a.id, a.in_save, a.actions = 1, True, bytearray(rest)
        try:
            persist.save_game(a, FakeScreen(g1, int(f["seed"]), kw1, {}), 0)
            done = True
        except PowerCut:
            done = False
        on = cut.reboot()
        b = Console(on).app
        played = persist.read_stats(b)["Clubbed"][PLAYED]
        assert persist.read_stats(b)["Klaberjass"][PLAYED] == 1
        if played:
            assert played == 1 and "r1" in on.files and "game-clubbed" not in on.files
            c = Console(on.reboot()).app  # and once more: still once
            assert persist.read_stats(c)["Clubbed"][PLAYED] == 1
            outcomes.add("counted")
        else:
            assert b.saves[0] == 1  # not yet: its last save is there to continue
            outcomes.add("not yet")
        if done:
            break
    assert done and outcomes == {"not yet", "counted"}
    # The statistics keep each game's last number counted.
    stats = decode(on.files["stats"], "stats")
    assert stats["last.Clubbed"] == "1" and stats["last.Klaberjass"] == "2"


def test_a_hint_marks_only_its_own_games_save():
    from test_app_help import _ask_hint, _to_human_turn

    st = FakeStorage()
    con = Console(st, seed=2)
    _to_human_turn(con, "Clubbed")
    _ask_hint(con)  # saved at once with the mark
    assert "hint_or_undo:1" in _save(st, "Clubbed")["st"]
    con.quit_to_menu()
    _play_a_little(con, "Klaberjass")
    assert "hint_or_undo" not in _save(st, "Klaberjass")["st"]
    assert "hint_or_undo:1" in _save(st, "Clubbed")["st"]
    again = Console(st.reboot(), seed=2)
    again.choose_game("Clubbed")
    again.press("A")  # Continue Clubbed: played with help
    assert again.app.sessions["Clubbed"].get("hint_or_undo") == 1
    again.quit_to_menu()
    again.choose_game("Klaberjass")
    again.press("A")  # Continue Klaberjass: clean
    assert not again.app.sessions["Klaberjass"].get("hint_or_undo")


def _old_save(name, seed=4, n=6, res=False):
    """The bytes of a save of ``name`` as older consoles wrote it (file
    ``game``): at the human's first turn after ``n`` actions, or at its end
    with its result."""
    if res:
        g, kw, human, state = new_core(name, seed)
        acts = play_out(g, seed)
    else:
        g, acts, kw, human, state = [p for p in positions(name, seed, 60)[n:]
                                     if p[0].current_player == p[3]][0]
    f = [("id", 7), ("game", name), ("seed", seed), ("kw", persist.enc_dict(kw)),
         ("you", human), ("st", persist.enc_dict(state)), ("pos", g.to_text()),
         ("act", bytes(acts).hex())]
    if res:
        f.append(("res", ",".join(str(r) for r in g.result())))
    return encode("save", f), g


OLD_STATS = encode("stats", [("last", 6), ("Clubbed", "6,3,3,0,0,2")])


@pytest.mark.parametrize("name", NAMES)
def test_the_old_single_save_moves_to_its_games_file(name):
    data, g = _old_save(name)
    st = FakeStorage({"game": data, "stats": OLD_STATS})
    con = Console(st)
    app = con.app
    assert app.notices == [] and isinstance(app.screen, TitleScreen)
    assert "game" not in st.files and st.files[save_file(name)] == data
    assert app.game_name() == name and app.screen.menu.items[0] == "Continue " + name
    con.press("A")
    assert app.screen.game.to_text() == g.to_text()
    # Game numbers go on from the old statistics' one number.
    assert app.last == [6, 6, 6] and app.id == 7
    con.quit_to_menu()
    con.choose_game(NAMES[(NAMES.index(name) + 1) % 3])
    con.press("A")  # another game: no question, and a new number
    assert app.id == 8


def test_an_old_finished_save_is_moved_and_counted_once():
    data, g = _old_save("Klaberjass", res=True)
    st = FakeStorage({"game": data, "stats": OLD_STATS})
    app = Console(st).app
    assert app.notices == [] and "game" not in st.files and "game-klaberjass" not in st.files
    assert persist.read_stats(app)["Klaberjass"][PLAYED] == 1 and "r7" in st.files
    assert persist.read_stats(app)["Clubbed"][PLAYED] == 6


def test_a_power_cut_while_the_old_save_moves_loses_nothing():
    data, g = _old_save("Clubs")
    cut = FakeStorage({"game": data}, cut_after=0)
    with pytest.raises(PowerCut):
        Console(cut)
    assert cut.files == {"game": data}  # the rename never happened
    app = Console(cut.reboot()).app
    assert app.notices == [] and app.saves == [0, 0, 7]


def test_a_bad_old_save_is_set_aside_and_told():
    data, _ = _old_save("Clubbed")
    st = FakeStorage({"game": data[:-9]})
    app = Console(st).app
    said = " ".join(app.screen.lines)
    assert "The saved game could not be used: the file was cut short" in said
    assert "game.bad1" in said and st.files["game.bad1"] == data[:-9]
    assert not any(app.saves) and "game" not in st.files


def test_an_old_save_beside_its_games_own_is_set_aside_not_written_over():
    data, _ = _old_save("Clubbed")
    mine, _ = _old_save("Clubbed", seed=5)
    st = FakeStorage({"game": data, "game-clubbed": mine})
    app = Console(st).app
    said = " ".join(app.screen.lines)
    assert "Two saved Clubbed games" in said and "game.bad1" in said
    assert st.files["game-clubbed"] == mine and st.files["game.bad1"] == data
    assert app.saves == [7, 0, 0]


def test_a_save_in_another_games_file_is_set_aside():
    data, _ = _old_save("Clubs")
    st = FakeStorage({"game-clubbed": data})
    app = Console(st).app
    said = " ".join(app.screen.lines)
    assert "saved Clubbed game could not be used" in said and "a Clubs game" in said
    assert st.files["game-clubbed.bad1"] == data and not any(app.saves)
