"""Help while playing (issue 14, section 4): the hint is the Normal
player's move for you, with a reason in words, and never depends on cards
your seat cannot see; games played with help are counted apart from clean
wins in the statistics."""

import types

import pytest
from apptest import Session, screen_text
from fakestore import FakeStorage, save_file
from positions import text_module
from test_no_peeking import MODULES, _positions, _variants
from test_persist import Console

from app import games, hint
from app.screen import NO_UNDO
from cardgames.rng import Rng
from players import levels

NAMES = [e.name for e in games.GAMES]


class Tall(Session):
    SIZE = (240, 240)


class Compact(Session):
    SIZE = (128, 64)
    MONO = True


def _to_human_turn(s, name):
    """A fresh game of ``name`` at the human's first turn with a choice."""
    s.choose_game(name)
    s.press("A")
    scr = s.app.screen
    for _ in range(20):
        if scr.human_turn():
            return scr
        s.press("A")  # a banner that waits, a summary
    raise AssertionError("never the human's turn")


def _ask_hint(s):
    s.press("B")  # pause
    assert s.app.screen.pause.items[-1] == "Show a hint"
    s.press(*["DOWN"] * 5, "A")  # Show a hint, the last row
    assert s.app.screen.pause is None


def _selected(scr, name):
    """The action the screen's cursor (or choice) is on."""
    if name == "Clubbed":
        return scr.slots[scr.cursor]
    if name == "Klaberjass" and scr.choices:
        return scr.choices[scr.choice]
    if name == "Clubs" and scr.bidding():
        return 100 + scr.bid_val
    return scr.hand[scr.cursor]


@pytest.mark.parametrize("cls", (Session, Tall, Compact))
@pytest.mark.parametrize("name", NAMES)
def test_hint_is_the_normal_players_move_with_a_reason(name, cls):
    for seed in (2, 5):
        s = cls(seed)
        scr = _to_human_turn(s, name)
        g = scr.game
        seat = g.current_player
        before = g.to_text()
        want = levels.make(name.lower(), levels.NORMAL, scr.seed).choose(
            g.observation(seat), g.legal_actions())
        _ask_hint(s)
        assert g.to_text() == before  # a hint plays nothing
        assert _selected(scr, name) == want
        why = hint.reason(name.lower(), g, want, seat)
        assert scr.hint == ("" if s.app.compact else "Hint: ") + why
        assert len(why.replace("\u2663", "").replace("10", "1")) <= 24
        # On the screen, in full where there is room.
        shown = screen_text(s)
        assert (why[:14] if s.app.compact else scr.hint) in shown
        assert s.app.sessions[name]["hint_or_undo"] == 1
        # A plays it (the Hearts-pass card of Clubs is picked, given with the next).
        s.press("A")
        assert g.to_text() != before or getattr(scr, "pick", None) == want


def _hint_colours(s, hint_text):
    """The colours (palette indices) of the strings drawn for the current
    frame on the row of the longest piece of ``hint_text`` that are pieces
    of it, but single characters (``cardview.draw_rich`` draws the suit
    glyphs over in their inks; a choice button may read like a word of the
    hint)."""
    from apptest import draws

    # Not a suit glyph drawn over in its ink: one character.
    seen = [(len(st), y, col) for _, st, _, y, col, _ in draws(s)
            if len(st) > 1 and st in hint_text]
    row = max(seen)[1]
    return [col for n, y, col in seen if y == row]


@pytest.mark.parametrize("cls", (Session, Tall))
@pytest.mark.parametrize("name", NAMES)
def test_a_hint_is_not_drawn_in_the_error_colour(name, cls):
    """Advice the player asked for is gold; the same line as a refused move's
    (``hint_alert`` True) is in the alert colour."""
    from app.kit import theme

    s = cls(2)
    scr = _to_human_turn(s, name)
    _ask_hint(s)
    assert set(_hint_colours(s, scr.hint)) == {theme.GOLD}
    scr.hint_alert = True
    assert set(_hint_colours(s, scr.hint)) == {theme.ALERT}


@pytest.mark.parametrize("game", sorted(MODULES))
def test_a_hint_never_reveals_hidden_cards(game):
    """Same hint (move and words) under every rearrangement of the cards the
    seat to move cannot see (tests/test_no_peeking.py makes them)."""
    rng = Rng(5)
    app = types.SimpleNamespace(game_index=hint.KEYS.index(game))
    n = 0
    for text in _positions(game):
        g = text_module(MODULES[game]).from_text(text)
        seat = g.current_player
        screen = types.SimpleNamespace(game=g, seed=9)
        a = hint.best(app, screen, seat)
        why = hint.reason(game, g, a, seat)
        for g2 in _variants(game, text, rng):
            screen.game = g2
            assert hint.best(app, screen, seat) == a
            assert hint.reason(game, g2, a, seat) == why
            n += 1
    assert n >= 10


def test_hint_waits_for_your_turn():
    s = Session(3)
    s.press("A")
    scr = s.app.screen
    scr.autoplay = True  # as if the computer were to move
    hint.show(s.app, scr)
    assert scr.hint == "Hint: on your turn" and "hint_or_undo" not in s.app.sessions["Clubbed"]
    scr.autoplay = False


def _finish_clubbed(con):
    from test_app_game import play_by_keys

    play_by_keys(con)
    assert type(con.app.screen).__name__ == "ResultScreen"


def test_games_with_a_hint_are_counted_apart_from_clean_wins():
    from app.persist import files as persist
    from app.settings_screen import stats_lines

    st = FakeStorage()
    con = Console(st, seed=4)
    con.press("A")
    _ask_hint(con)
    # The help is kept in the save: Continue after a power cut keeps it.
    con.press("A")
    con = Console(st.reboot(), seed=4)
    con.press("A")  # Continue Clubbed
    assert con.app.sessions["Clubbed"]["hint_or_undo"] == 1
    _finish_clubbed(con)
    stats = persist.read_stats(con.app)
    won = stats["Clubbed"][1]
    assert stats["Clubbed"][6:] == [1, won]
    lines = "\n".join(stats_lines(con.app))
    assert ("Clean wins %d; helped (hint, take back or guided hand): played 1, won %d."
            % (0, won)) in lines
    # The next game, without help, is a clean one.
    con.press("A", "A")
    assert "hint_or_undo" not in con.app.sessions["Clubbed"]
    _finish_clubbed(con)
    stats = persist.read_stats(con.app)
    assert stats["Clubbed"][0] == 2 and stats["Clubbed"][6:] == [1, won]


# --- Undo ---------------------------------------------------------------------


def _one_move_turn(s, name, min_turns=2):
    """Play (by keys) until the human's turn asks for one action that is a
    card played (not a draw, bid or pass), after at least ``min_turns``
    human decisions; returns the screen."""
    from test_app_clubs import decide
    from test_app_klaberjass import human_move

    from app.clubs import table as table
    from cardgames import clubbed, klaberjass

    made = 0
    for _ in range(400):
        scr = s.app.screen
        if apptest_waits(scr):
            s.press("A")
            continue
        if not scr.human_turn():
            s.press("A")
            continue
        g = scr.game
        if made >= min_turns:
            if name == "Clubbed" and clubbed.DRAW not in scr.legal:
                return scr
            if name == "Klaberjass" and g.phase == klaberjass.PLAY and not scr.choices:
                return scr
            if name == "Clubs" and scr.mode == table.TABLE and not scr.bidding() \
                    and not scr.taking():
                return scr
        if name == "Clubbed":
            legal = [i for i, a in enumerate(scr.slots) if a in scr.legal]
            while scr.cursor != legal[0]:
                s.press("RIGHT")
            s.press("A")
        elif name == "Klaberjass":
            human_move(s, scr, 1)
        else:
            decide(s)
        made += 1
    raise AssertionError("no such turn")


def apptest_waits(scr):
    from apptest import waits

    return hasattr(scr, "banners") and waits(scr)


def _save(st):
    # The fields of the one game saved on ``st``.
    from fakestore import only_save

    from app.persist.storage import decode

    return decode(st.files[only_save(st)], "save")


def _play_selected(s, scr, name):
    """Play one legal card of the hand by keys (the first raised one)."""
    hand = scr.slots if name == "Clubbed" else scr.hand
    legal = [i for i, a in enumerate(hand) if a in scr.legal]
    while scr.cursor != legal[0]:
        s.press("RIGHT")
    s.press("A")


def _undo(s, offered=True):
    s.press("B")
    assert s.app.screen.pause.items[4] == ("Take back move" if offered else NO_UNDO)
    s.press(*["DOWN"] * 4, "A")  # Take back move, above the hint


@pytest.mark.parametrize("name", NAMES)
def test_undo_goes_back_to_the_saved_start_of_your_last_turn(name):
    from test_save_fixes import _save_replays

    st = FakeStorage()
    con = Console(st, seed=6)
    con.choose_game(name)
    con.press("A")
    scr = _one_move_turn(con, name)
    p1 = scr.game.to_text()
    assert _save(st)["pos"] == p1  # the save of this turn
    _play_selected(con, scr, name)
    scr2 = _one_move_turn(con, name, 0)
    assert scr2.game.to_text() != p1
    assert _save(st)["pos"] == scr2.game.to_text()
    _undo(con)
    back = con.app.screen
    assert back is not scr2 and back.human_turn()
    assert back.game.to_text() == p1  # the state saved at that turn
    f = _save(st)
    assert f["pos"] == p1 and _save_replays(st)  # save and its actions agree
    assert con.app.sessions[name]["hint_or_undo"] == 1 and "hint_or_undo:1" in f["st"]
    # Continue after a power cut brings back that very position.
    again = Console(st.reboot(), seed=6)
    again.press("A")
    assert again.app.screen.game.to_text() == p1


def test_undo_then_the_game_to_its_end_keeps_the_record_consistent():
    from test_app_game import play_by_keys

    from app.persist.records import replay_core
    from app.persist.storage import decode

    st = FakeStorage()
    con = Console(st, seed=8)
    con.press("A")
    scr = _one_move_turn(con, "Clubbed", 3)
    _play_selected(con, scr, "Clubbed")
    _one_move_turn(con, "Clubbed", 0)
    _undo(con)
    play_by_keys(con)
    gid = con.app.last[0]  # Clubbed's
    rec = decode(st.files["r%d" % gid], "record")
    g, problem = replay_core(rec)
    assert problem is None and "game-clubbed" not in st.files


@pytest.mark.parametrize("cls", (Session, Tall, Compact))
def test_undo_without_storage_as_in_the_headless_simulator(cls):
    s = cls(4)
    s.press("A")
    scr = _one_move_turn(s, "Clubbed")
    p1 = scr.game.to_text()
    _play_selected(s, scr, "Clubbed")
    _one_move_turn(s, "Clubbed", 0)
    _undo(s)
    assert s.app.screen.game.to_text() == p1
    assert "Move taken back" in screen_text(s) or s.app.compact


@pytest.mark.parametrize("name", NAMES)
def test_undo_of_a_save_whose_moves_are_not_its_deals_says_so(name):
    """A save whose moves (``act``) or seed do not lead to its position
    (``pos``) Continues (the position is checked by every rule) but cannot
    be taken back: a line says so, and nothing is lost or crashes."""
    from app.persist.storage import encode

    st = FakeStorage()
    con = Console(st, seed=6)
    con.choose_game(name)
    con.press("A")
    scr = _one_move_turn(con, name)
    _play_selected(con, scr, name)
    _one_move_turn(con, name, 0)
    saved = _save(st)
    for bad in ({"seed": "0"}, {"act": "ff" + saved["act"]}, {"act": ""}):
        f = dict(saved, **bad)
        st.files[save_file(name)] = encode("save", list(f.items()))
        again = Console(st.reboot(), seed=6)
        again.press("A")  # Continue
        table = again.app.screen
        pos = table.game.to_text()
        assert pos == saved["pos"]
        _undo(again, bool(f["act"]))  # no moves saved: nothing offered
        assert again.app.screen is table and table.game.to_text() == pos
        assert table.hint == ("Cannot take back: moves unknown" if f["act"]
                              else "Nothing to take back yet"), bad
        assert _save(st)["pos"] == pos  # the save is still there
    st.files[save_file(name)] = encode("save", list(saved.items()))


def test_undo_at_the_first_turn_says_so():
    s = Session(3)
    s.press("A")  # West deals: your first turn, nothing to take back
    scr = s.app.screen
    _undo(s, False)  # the row says so, greyed
    assert s.app.screen is scr and scr.hint == "Nothing to take back yet"


# --- the guided first hand --------------------------------------------------------


def _presses(keys):
    """The buttons a guided prompt's keys name, in order: "RIGHT x2, A" is
    RIGHT, RIGHT, A; the last is always A, the others one LEFT or RIGHT, or
    DOWN (Clubbed's jump to DRAW)."""
    parts = keys.split(", ")
    assert parts[-1] == "A", keys
    out = []
    for p in parts[:-1]:
        name, _, times = p.partition(" x")
        name = "DOWN" if name == "DOWN to DRAW" else name
        assert name in ("LEFT", "RIGHT", "DOWN"), keys
        n = int(times) if times else 1
        assert n >= 2 or not times, keys  # "x1" is written as the name alone
        out += [name] * n
    assert len(parts) <= 2, keys
    return out + ["A"]


def _follow_guide(s, name):
    """From the title, Guided hand of ``name``, then only the keys the screen
    names: the prompt's LEFT/RIGHT and A at your turns, A where the screen says
    "A" (banners, summaries); returns the number of prompts followed."""
    s.choose_game(name)
    title = s.app.screen
    while title.menu.items[title.menu.sel] != "Guided hand":
        s.press("DOWN")
    s.press("A")
    assert s.app.guide
    prompts = 0
    for _ in range(3000):
        scr = s.app.screen
        if not s.app.guide or not hasattr(scr, "human_turn"):
            break
        if not scr.human_turn():
            s.press("A")  # a banner, the cards received, a summary: "A"
            continue
        assert scr.hint_alert, "no prompt at your turn"
        keys, _, why = scr.hint.partition(": ")
        assert why, scr.hint
        assert why in screen_text(s) or s.app.compact
        for k in _presses(keys):
            s.press(k)
        prompts += 1
    return prompts


@pytest.mark.parametrize("cls", (Session, Tall, Compact))
@pytest.mark.parametrize("name", NAMES)
def test_guided_hand_is_completed_by_following_its_prompts(name, cls):
    s = cls(1)
    n = _follow_guide(s, name)
    scr = s.app.screen
    assert n >= 5
    if name == "Clubbed":  # the whole game is its hand
        assert type(scr).__name__ == "ResultScreen"
    else:  # the first hand (round) played, the guide says so and stops
        assert not s.app.guide and scr.hint == "Guided hand done: play on, or B"
    assert s.app.sessions[name]["hint_or_undo"] == 1  # counted as a game with help


def test_guided_hand_is_the_same_deal_every_time_and_can_be_left():
    a, b = Session(1), Session(2)
    for s in (a, b):
        s.press(*["DOWN"] * 5, "A")  # Guided hand, the last row
    assert a.app.screen.game.to_text() == b.app.screen.game.to_text()
    a.press("B")  # pause: Quit to menu leaves it at any time
    a.press("DOWN", "DOWN", "DOWN", "A")
    assert type(a.app.screen).__name__ == "TitleScreen"
    a.press("A")  # New game: not guided
    assert not a.app.guide and ", A: " not in a.app.screen.hint


def test_clubbed_reason_says_keep_clubs_only_with_clubs_in_hand():
    # CB-5: a club hands the pile over; playing another card keeps your clubs
    # only if you hold some.
    from cardgames import clubbed

    seen = set()
    for seed in range(40):
        g = clubbed.Clubbed(seed=seed, dealer=seed % 2)
        rng = Rng(seed)
        while not g.is_over():
            seat = g.current_player
            legal = g.legal_actions()
            has_club = any(c < 13 for c in g.hand(seat))
            for a in legal:
                if a != clubbed.DRAW and a >= 13:
                    why = hint.reason("clubbed", g, a, seat)
                    assert ("keep clubs" in why) == has_club, (why, has_club)
                    assert ("no clubs held" in why) == (not has_club), why
                    seen.add(has_club)
            g.apply(legal[rng.below(len(legal))])
    assert seen == {True, False}


def test_klaberjass_follow_reason_says_why_that_card():
    """A card that wins the trick names the trick's card points (KJ-13),
    in the ninth trick the 10 for the last trick too (the player read "0
    points" and then saw West score 10); a card that loses says why it is
    the one to play, from the hand alone: nothing it may play wins (KJ-11,
    KJ-12), or with Classic follow its best winner is kept for later ("9♦
    gives up 34 points" read as advice against the card)."""
    from cardgames import klaberjass as kj
    from players.klaberjass.heuristic import KlaberjassHeuristic

    seen = {}
    kinds = set()
    for seed in range(8):
        g = kj.Klaberjass(seed=seed, classic=seed >= 4)
        players = (KlaberjassHeuristic(seed), KlaberjassHeuristic(seed + 50))
        while g.winner is None and g.n_played < 18:
            p = g.current_player
            legal = g.legal_actions()
            if g.phase == kj.PLAY and g.n_played % 2 == 1:
                tr = g.trick()
                t = g.trump
                last = g.n_played == 17
                wins = [c for c in legal if kj.beats(tr[0], c, t)]
                for a in legal:  # every card the hint may name
                    why = hint.reason("klaberjass", g, a, p)
                    name = kj.symbol_name(a)
                    pts = kj.card_points(tr[0], t) + kj.card_points(a, t) + (10 if last else 0)
                    if a in wins:
                        assert why == "%s wins %d points" % (name, pts), why
                        seen[last] = why
                        kinds.add("wins")
                    elif not wins:
                        assert why == "Play %s: none can win" % name, why
                        kinds.add("none")
                    else:
                        top = max(wins, key=lambda c: kj.card_order(c, t))
                        assert why == "Play %s: %s for later" % (name, kj.symbol_name(top)), why
                        kinds.add("later")
                    assert "gives up" not in why
            g.apply(players[p].choose(g.observation(p), legal))
    assert set(seen) == {False, True}
    assert kinds == {"wins", "none", "later"}, kinds


def test_clubbed_guided_hand_stays_out_of_the_series():
    # CB-10's running total is the real games': a guided hand after one is a
    # lesson, shown alone, and leaves the series as it was.
    s = Session(1)
    sess = s.app.sessions["Clubbed"]
    sess["totals"], sess["games"] = (24, 26), 1
    _follow_guide(s, "Clubbed")
    res = s.app.screen
    assert type(res).__name__ == "ResultScreen"
    assert res.games == 1 and res.totals == res.counts
    assert "Series" not in screen_text(s)
    assert (sess["totals"], sess["games"]) == ((24, 26), 1)


def test_guided_keys_never_wrap_round_the_row():
    """The prompt's presses go straight to the card, never round the end of
    the row (the cursor wraps, but "LEFT x6" to a card seven places right
    puzzled a new player)."""
    screen = types.SimpleNamespace(hand=list(range(10, 18)), cursor=0, choices=None,
                                   legal=list(range(10, 18)))
    assert hint._keys(screen, "klaberjass", 17) == "RIGHT x7, A"
    screen.cursor = 7
    assert hint._keys(screen, "klaberjass", 10) == "LEFT x7, A"
    screen.cursor = 3
    assert hint._keys(screen, "klaberjass", 13) == "A"
    assert hint._keys(screen, "klaberjass", 12) == "LEFT, A"


def test_klaberjass_lead_reason_says_why_that_card():
    """A lead's reason is not the card alone ("Lead 9♥" told a new player
    nothing) nor a warning ("risks 10 points" read as one): a trump pulls
    trumps, a card no unseen card of its suit beats is the top of its suit
    (KJ-1's order), another card is cheap to lose (KJ-9's points)."""
    from cardgames import klaberjass as kj
    from players.klaberjass.heuristic import KlaberjassHeuristic

    kinds = set()
    for seed in range(4):
        g = kj.Klaberjass(seed=seed)
        players = (KlaberjassHeuristic(seed), KlaberjassHeuristic(seed + 50))
        while g.winner is None and g.n_played < 18:
            p = g.current_player
            a = players[p].choose(g.observation(p), g.legal_actions())
            if g.phase == kj.PLAY and g.n_played % 2 == 0:
                why = hint.reason("klaberjass", g, a, p)
                name = kj.symbol_name(a)
                obs = g.observation(p)
                seen = set(obs.played) | set(obs.hand)
                higher = [x for x in kj.cards.DECK32 if x // 13 == a // 13
                          and kj.card_order(x, g.trump) > kj.card_order(a, g.trump)]
                pts = kj.card_points(a, g.trump)
                if a // 13 == g.trump:
                    want = "Lead %s: pulls trumps" % name
                elif all(x in seen for x in higher):
                    want = "Lead %s: top of its suit" % name
                elif pts:
                    want = "Lead %s: only %d points" % (name, pts)
                else:
                    want = "Lead %s: worth no points" % name
                assert why == want
                assert "risk" not in why
                kinds.add(want.split(": ")[1].split(" ")[0])
            g.apply(a)
    assert kinds == {"pulls", "top", "only", "worth"}


def test_clubs_bid_reason_gives_the_total_it_makes():
    """A Clubs bid's reason gives the running total with it (PC-10: the
    total may never be 13)."""
    from cardgames import clubs

    g = clubs.Clubs(seed=5)
    why = hint.reason("clubs", g, clubs.BID0 + 9, 2)
    assert why == "Bid 9: total %d" % (g.bids_total() + 9), why
    assert hint.reason("clubs", g, clubs.BID0, 2) == "Bid nil: win none"


def test_clubs_pass_and_bid_reasons_say_why():
    """The Hearts and partner passes (PC-2) and a bid (PC-10) say why, in a
    player's words: the bid the Normal player makes from the tricks won and
    the cards left, a pass by the hand's plan (tricks or none)."""
    from cardgames import clubs

    reasons = set()
    for seed in range(12):
        g = clubs.Clubs(seed=seed)
        while not g.is_over() and g.hand_no == 1:
            seat = g.current_player
            a = g.legal_actions()[0]
            if g.phase in (clubs.PH_PASS_HEARTS, clubs.PH_PASS_PARTNER):
                why = hint.reason("clubs", g, a, seat)
                assert why.startswith("%s to " % clubs.symbol_name(a)), why
                reasons.add(why.split(": ")[1])
            if g.phase == clubs.PH_BID:
                from players.clubs.heuristic import ClubsHeuristic

                bid = ClubsHeuristic()._choose(g.observation(seat), g.legal_actions())
                why = hint.reason("clubs", g, bid, seat)
                assert ": " in why and "total" not in why or "13" in why, why
                reasons.add(why.split(": ")[1].split(" ", 1)[1])
            g.apply(a)
    assert {"not needed", "to win none", "wins tricks"} <= reasons, reasons
    assert "won, 1 more likely" in reasons or "won, 2 more likely" in reasons, reasons


@pytest.mark.parametrize("name", NAMES)
def test_guided_hand_is_guided_on_after_a_power_cut(name):
    """A guided hand saved at your turn and Continued after a restart (a new
    App on the same storage) goes on with its prompts, and can be followed
    to its end as before (it had none: the guide was not in the save)."""
    st = FakeStorage()
    con = Console(st, seed=1)
    con.choose_game(name)
    title = con.app.screen
    while title.menu.items[title.menu.sel] != "Guided hand":
        con.press("DOWN")
    con.press("A")
    scr = con.app.screen
    for _ in range(20):  # a banner, the cards received: A
        if scr.human_turn():
            break
        con.press("A")
    for k in _presses(scr.hint.partition(": ")[0]):  # one prompt followed
        con.press(k)
    again = Console(st, seed=2)  # the power came back
    again.choose_game(name)
    assert again.app.screen.menu.items[0] == "Continue guided hand"
    again.press("A")
    assert again.app.guide and again.app.screen.hint_alert
    prompts = 0
    for _ in range(3000):
        scr = again.app.screen
        if not again.app.guide or not hasattr(scr, "human_turn"):
            break
        if not scr.human_turn():
            again.press("A")
            continue
        keys, _, why = scr.hint.partition(": ")
        assert why, scr.hint
        for k in _presses(keys):
            again.press(k)
        prompts += 1
    assert prompts >= 3


def test_guided_draw_is_down_and_a_pass_names_its_receiver():
    """The guide reaches Clubbed's DRAW with DOWN (the README's key for it,
    not "RIGHT x6"), and names the Hearts pass's receiver (PC-2) where it
    said "Pass A♦ first"."""
    from cardgames import clubs

    screen = types.SimpleNamespace(slots=[14, 27, 40, 52], cursor=0, choices=None)
    assert hint._keys(screen, "clubbed", 52) == "DOWN to DRAW, A"
    screen.cursor = 3
    assert hint._keys(screen, "clubbed", 52) == "A"
    g = clubs.Clubs(seed=5)
    assert g.phase == clubs.PH_PASS_HEARTS
    a = g.legal_actions()[0]
    to = clubs.SEAT_NAMES[clubs.hearts_receiver(g.current_player, g.pass_dir())]
    assert hint.reason("clubs", g, a, g.current_player).startswith("%s to %s: " % (
        clubs.symbol_name(a), to))
