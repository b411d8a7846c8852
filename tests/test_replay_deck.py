"""The replay you control (host_sim.replay_deck): stepping a move forward
and back, jumping a trick, pausing, speed, the end back to the list of
records, and the list itself; the same in the window and the terminal
(both run ``Replays``; the text view reads it at 80x24)."""

import contextlib

import pytest
from test_persist import _record

import host_sim  # noqa: F401  (sys.path)
from app.kit.clock import VirtualClock
from app.persist.records import parse
from host_sim import textview
from host_sim.display import SimDisplay
from host_sim.replay import saved_records
from host_sim.replay_deck import SPEEDS, Deck, Replays


@contextlib.contextmanager
def read_text(display):
    """The text view's recorder on ``display`` (``rec.grid(80, 22)``),
    detached again at the end."""
    rec = textview.attach(display)
    try:
        yield rec
    finally:
        textview.detach()


@pytest.fixture(scope="module")
def records():
    return {name: parse(_record(name, seed)[0])
            for name, seed in (("Clubbed", 5), ("Klaberjass", 6), ("Clubs", 7))}


def deck(fields):
    clock = VirtualClock()
    return Deck(SimDisplay(240, 135), fields, clock), clock


@pytest.mark.parametrize("name", ["Clubbed", "Klaberjass", "Clubs"])
def test_step_forward_then_back_shows_the_same_frames(records, name):
    d, _ = deck(records[name])
    frames, counts = [], []
    for _ in range(12):
        d.key("right")
        frames.append(bytes(d.display.shown))
        counts.append(d.count)
    assert counts == sorted(counts) and len(set(counts)) == 12  # a move each
    assert not d.playing  # stepping pauses
    for i in range(10, -1, -1):
        d.key("left")
        assert d.count == counts[i]
        assert bytes(d.display.shown) == frames[i], "move %d differs going back" % counts[i]


def test_jump_to_next_and_previous_trick(records):
    d, _ = deck(records["Klaberjass"])
    d.key("up")
    first = d.count
    assert first == d.marks[0]
    d.key("up")
    assert d.count == d.marks[1]
    shown = bytes(d.display.shown)
    d.key("up")
    d.key("down")
    assert d.count == d.marks[1] and bytes(d.display.shown) == shown
    assert "trick 2/%d" % len(d.marks) in d.caption()


def test_caption_fits_80_columns_at_the_end_with_a_long_seed(records):
    # "REPLAY Klaberjass seed 846634624  move 138 of 138  trick 54/54  end:
    # z back to the list" ran past an 80-column terminal, cutting the way
    # out; it closes up, then leaves the seed out.
    d, _ = deck(records["Klaberjass"])
    d.fields = dict(d.fields, seed=846634624)
    while not d.at_end():
        d.key("up")
    full = d.caption()
    assert len(full) > 80 and "seed 846634624" in full
    line = d.caption(80)
    assert len(line) <= 80, line
    for part in ("REPLAY Klaberjass", "move %d of %d" % (d.total, d.total),
                 "trick %d/%d" % (len(d.marks), len(d.marks)), "end: z back to the list"):
        assert part in line, line
    assert d.caption(200) == full


def test_pause_resume_and_speed(records):
    d, clock = deck(records["Clubbed"])
    assert d.playing and "playing 1x" in d.caption()
    clock.sleep_ms(5000)
    d.step()
    moved = d.count
    assert moved > 0 and "REPLAY Clubbed seed 5  move %d of 86" % moved in d.caption()
    d.key("z")
    clock.sleep_ms(5000)
    d.step()
    assert d.count == moved and "paused" in d.caption() and d.idle()
    d.key("space")
    t = d.vclock.now
    clock.sleep_ms(1000)
    d.step()
    assert d.vclock.now - t == 1000
    d.key("+")
    d.key("+")
    assert SPEEDS[d.speed] == (4, 1) and "playing 4x" in d.caption()
    t = d.vclock.now
    clock.sleep_ms(1000)
    d.step()
    assert d.vclock.now - t == 4000
    for _ in range(9):
        d.key("-")
    assert SPEEDS[d.speed] == (1, 4)


def test_end_goes_back_to_the_list_with_a(records):
    entries = [("r3", records["Clubs"]), ("r1", records["Clubbed"])]
    clock = VirtualClock()
    display = SimDisplay(240, 135)
    with read_text(display) as rec:
        r = Replays(display, clock, entries)
        r.step()
        flat = rec.grid(80, 22).text()
        assert "Replays" in flat and "r3 Clubs" in flat and "r1 Clubbed" in flat
        assert "pick" in r.caption()
        r.key("down")
        r.key("z")
        r.step()
        assert r.deck is not None and r.deck.fields is records["Clubbed"]
        r.deck.key("up")
        while not r.deck.at_end():
            r.deck.key("up")
        assert "end" in r.caption()
        flat = rec.grid(80, 22).text()
        assert "You win!" in flat or "West wins" in flat or "A draw" in flat
        r.key("z")
        r.step()
        assert r.deck is None and "Replays" in rec.grid(80, 22).text()


def test_saved_records_newest_first_without_the_bad(tmp_path, records):
    (tmp_path / "r2").write_bytes(_record("Clubbed", 5)[0])
    (tmp_path / "r10").write_bytes(_record("Klaberjass", 6)[0])
    (tmp_path / "r3").write_bytes(b"not a record")
    (tmp_path / "settings").write_bytes(b"x")
    assert [n for n, _ in saved_records(str(tmp_path))] == ["r10", "r2"]
    assert saved_records(str(tmp_path / "none")) == []


def test_window_takes_the_replay_keys(monkeypatch, records):
    # The window runs the same Replays: the list, z to watch, RIGHT a move,
    # LEFT back, + faster; q quits.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from host_sim import window

    made = []

    def control(display, clock):
        made.append(Replays(display, clock, [("r1", records["Clubbed"])]))
        return made[0]

    presses = [pygame.K_z, pygame.K_z, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT,
               pygame.K_PLUS, pygame.K_q]
    seen = []

    def hook(n, app, display):
        if presses and n % 3 == 0:
            key = presses.pop(0)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
            if app.deck is not None:
                seen.append((app.deck.count, app.deck.playing))
        return n < 500

    assert window.run(None, None, scale=1, hook=hook, control=control) == 0
    r = made[0]
    assert r.deck is not None and not r.deck.playing and SPEEDS[r.deck.speed] == (2, 1)
    assert "REPLAY Clubbed" in r.caption()
    assert not presses  # q was taken: the window closed


def test_no_records_names_the_folder_looked_in(tmp_path):
    # "No game records yet: finish a game first." when the games were
    # played with --data elsewhere: the list says where it looked.
    display = SimDisplay(240, 135)
    with read_text(display) as rec:
        folder = str(tmp_path / "games")
        r = Replays(display, VirtualClock(), [], folder=folder)
        r.step()
        flat = " ".join(rec.grid(80, 22).text().split())
        assert "No game records in" in flat and folder in flat.replace(" ", "")
        assert "--data" in flat


def test_replay_says_whose_move_and_no_live_game_keys(records):
    # A Clubbed replay showed "A play  B menu" and "West is playing…" on
    # the player's own moves: neither key does that in a replay, and it is
    # not West's turn.
    d, _ = deck(records["Clubbed"])
    with read_text(d.display) as rec:
        d.goto(0)
        seen = 0
        for _ in range(30):
            d.key("right")
            g = d.app.screen.game
            if g.is_over():
                break
            flat = rec.grid(80, 22).text()
            assert "A play" not in flat, flat
            if g.current_player == 0:
                seen += 1
                assert "West is playing" not in flat and "You are playing" in flat, flat
        assert seen


def test_klaberjass_replay_shows_no_live_game_keys(records):
    # A Klaberjass replay showed the table's "UP last trick & score   B
    # menu": in a replay UP jumps a trick and B goes to the list.
    d, _ = deck(records["Klaberjass"])
    with read_text(d.display) as rec:
        for _ in range(30):
            d.key("right")
            flat = rec.grid(80, 22).text()
            assert "B menu" not in flat and "UP last" not in flat, flat


def test_the_replay_stops_on_the_table_after_the_last_move(records):
    # The Clubbed replay went from the move before the last straight to the
    # result: the last move's table had no stop of its own.
    from app.screen import GameOverScreen

    for name in ("Clubbed", "Klaberjass"):
        d, _ = deck(records[name])
        d.goto(d.total)
        assert d.count == d.total and not isinstance(d.app.screen, GameOverScreen), name
        assert not d.at_end()
        d.key("right")
        assert d.at_end() and isinstance(d.app.screen, GameOverScreen), name


def test_replay_keys_name_each_arrow(records):
    # "↑↓ next/previous pile" read as DOWN for the next one; the README
    # said "UP/DOWN a trick".
    r = Replays(SimDisplay(240, 135), VirtualClock(), [("r1", records["Klaberjass"])],
                records["Klaberjass"])
    assert "\u2191 next trick" in r.legend and "\u2193 back a trick" in r.legend
    assert len(r.legend) <= 80
    readme = open(host_sim.REPO_DIR + "/README.md", encoding="utf-8").read()
    assert "UP jumps to the next trick" in readme and "DOWN back one" in readme
