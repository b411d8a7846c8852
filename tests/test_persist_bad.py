"""Well-formed files (good checksum) that lie: a bad seat, a short result, a
result that is not the position's, options the game does not have, a game
number beyond the format. Each is reported in words and set aside; none
crashes the console or is counted."""

import os
import sys

import pytest
from fakestore import FakeStorage

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_persist import (  # noqa: E402
    PLAYED,
    Console,
    _good_files,
    _record,
    new_core,
)

from app import persist  # noqa: E402
from app.storage import decode, encode  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402


def _finished_save(name="Clubbed", seed=3):
    """Storage holding the save of a finished game (``res`` present) as a
    power cut right after the final save leaves it."""
    g, kw, human, state = new_core(name, seed)
    p = RandomPlayer(seed)
    acts = bytearray()
    while not g.is_over():
        a = p.choose(g.observation(g.current_player), g.legal_actions())
        g.apply(a)
        acts.append(a)
    st = FakeStorage()
    app = Console(st).app
    app.id = 1
    app.actions = acts
    st.files.pop("r1", None)
    f = [("id", 1), ("game", name), ("seed", seed), ("kw", persist.enc_dict(kw)),
         ("you", human), ("st", ""), ("pos", g.to_text()), ("act", acts.hex()),
         ("res", ",".join(str(r) for r in g.result()))]
    st.files["game"] = encode("save", f)
    return st


def _edit(st, name, kind, **changes):
    f = decode(st.files[name], kind)
    f.update(changes)
    st.files[name] = encode(kind, list(f.items()))
    return st


def test_a_finished_save_is_counted_at_boot():
    con = Console(_finished_save().reboot())
    assert persist.read_stats(con.app)["Clubbed"][PLAYED] == 1
    assert "game" not in con.storage.files and "r1" in con.storage.files


@pytest.mark.parametrize("changes,words", [
    ({"you": "7"}, "no seat"), ({"you": "-1"}, "no seat"),
    ({"res": "1"}, "one result per seat"), ({"res": "1,-1,0"}, "one result per seat"),
    ({"kw": "refill:y,bogus:y"}, "bogus"), ({"kw": "seed:1"}, "seed"),
    ({"kw": "dealer:y"}, "dealer"), ({"id": "0"}, "game number"),
])
def test_a_lying_save_is_set_aside_at_boot_not_a_crash(changes, words):
    st = _edit(_finished_save(), "game", "save", **changes)
    bad = st.files["game"]
    con = Console(st.reboot())
    said = " ".join(con.app.screen.lines)
    assert "saved game" in said and words in said and "game.bad1" in said
    assert con.storage.files["game.bad1"] == bad and "game" not in con.storage.files
    assert persist.read_stats(con.app)["Clubbed"][PLAYED] == 0
    assert not [n for n in con.storage.files if n.startswith("r")]
    # The next start-up is clean.
    again = Console(con.storage.reboot())
    assert again.app.screen.menu.items[0] == "New game"


def test_a_save_whose_result_is_not_the_positions_is_not_counted():
    st = _finished_save()
    f = decode(st.files["game"], "save")
    flipped = ",".join(str(-int(x)) for x in f["res"].split(","))
    for changes in ({"res": flipped}, {"pos": new_core("Clubbed", 3)[0].to_text()}):
        s2 = _edit(FakeStorage(st.files), "game", "save", **changes)
        con = Console(s2.reboot())
        said = " ".join(con.app.screen.lines)
        assert "result is not the position" in said and "game.bad1" in said
        assert persist.read_stats(con.app)["Clubbed"][PLAYED] == 0
        assert "r1" not in con.storage.files


def test_a_save_in_play_with_a_bad_seat_or_option_is_not_offered():
    for changes in ({"you": "2"}, {"kw": "alternate:y,refill:y"}):
        st = _edit(_good_files(), "game", "save", **changes)
        con = Console(st.reboot())
        assert "game.bad1" in " ".join(con.app.screen.lines)
        assert con.app.saved is None


def test_last_game_number_is_range_checked_and_never_overflows():
    st = _good_files()
    st.files.pop("game")
    _edit(st, "stats", "stats", last=str(persist.MAX_ID))
    con = Console(st.reboot())
    assert con.app.last == persist.MAX_ID
    con.app.new_game()
    assert con.app.id == persist.MAX_ID  # never a number the files refuse
    _edit(st, "stats", "stats", last=str(persist.MAX_ID + 1))
    con = Console(st.reboot())
    assert "Statistics" in " ".join(con.app.screen.lines) and "stats.bad1" in con.storage.files


@pytest.mark.parametrize("changes,words", [
    ({"kw": "refill:y,bogus:y"}, "bogus"), ({"kw": "seed:5"}, "seed"),
    ({"act": "zz"}, "hex"), ({"act": "0"}, "hex"),
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
