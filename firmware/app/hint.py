"""Help while playing, from the pause menu; imported only when asked for
and forgotten afterwards (``App.module``), so a game without help holds none
of this code (and one module name, not two: MicroPython keeps names).

Hint (``show``): the move the Normal computer player would make for you,
with a one-line reason in words, and the cursor put on it.

The player is made afresh for each hint from the game's seed without a
clock: the hint depends only on what your seat may see (its observation,
CB-11, KJ-16, PC-16) and the seed, never on hidden cards or timing.

Undo (``back``, "Take back move"): take back your last move against the
computer, back to where you chose it (the start of your last turn); the
computer's replies are played again from that same position.

The game's actions since its seed (the save's, then ``app.actions``) are
replayed on a fresh core up to your last decision: the position is the one
saved then (``App.moved`` saves whenever you are to move).
The screen is rebuilt as Continue does (``app.persist.resume``), the save rewritten
with the shortened action list, so the game's record still replays.
"""

from app import modules
from app.kit.menu import BACK
from app.persist.storage import unhexlify
from app.screen import ADVICE, PAUSE_ITEMS, undo_row

# The core modules' names for players.levels, in the order of games.GAMES.
KEYS = ("clubbed", "klaberjass", "clubs")


def best(app, screen, seat):
    """The action (int) the Normal player picks for ``seat`` in
    ``screen.game`` (the human is to move), deterministic for the screen's
    seed. ValueError when the seat has nothing to choose."""
    from players import levels

    g = screen.game
    key = KEYS[app.game_index]
    player = levels.make(key, levels.NORMAL, screen.seed)
    modules.drop("players.levels")
    return player.choose(g.observation(seat), g.legal_actions())


def reason(key, g, a, seat):
    """One line saying what action ``a`` (legal for ``seat`` in core game
    ``g`` of game ``key``) does, in a player's words: "K♠ wins 14 points"
    (the trick's card points, and the last trick's 10, KJ-13)."""
    if key == "clubbed":
        return _clubbed(g, a)
    if key == "klaberjass":
        return _klaberjass(g, a)
    return _clubs(g, a, seat)


# The reasons are short (at most 21 characters but the card names), so that
# they fit the 128x64 screen's hint row too.


def _clubbed(g, a):
    from cardgames import clubbed as cb

    if a == cb.DRAW:
        return "Draw: no match for %s" % cb.symbol_name(g.top()) if g.n_pile else \
            "Draw: only clubs held"
    name = cb.symbol_name(a)
    if a < 13:  # CB-5, CB-6: a club hands the pile over
        n = g.n_pile + 1 if g.n_pile else 1
        return "%s gives West %d card%s" % (name, n, "" if n == 1 else "s")
    for c in g.hand(g.current_player):
        if c < 13:
            return "Play %s, keep clubs" % name
    return "Play %s (no clubs held)" % name


def _klaberjass(g, a):
    from cardgames import klaberjass as kj

    sym = kj.SUIT_SYMBOLS
    if a == kj.ACCEPT:
        return "Accept %s: strong in it" % sym[g.turned_suit]
    if a == kj.PASS:
        return "Pass: too weak to bid"
    if kj.NAME_CLUBS <= a <= kj.NAME_SPADES:
        return "Name %s: best suit" % sym[a - kj.NAME_CLUBS]
    if a == kj.EXCHANGE:
        return "Swap for the %s" % kj.symbol_name(g.turned)
    if a == kj.DECLINE:
        return "Keep the seven"
    name = kj.symbol_name(a)
    tr = g.trick()
    t = g.trump
    if not tr:
        # Why this lead, from what your seat sees (KJ-9, KJ-12): a trump
        # pulls trumps, a card nothing unseen beats is the top of its suit,
        # else it is cheap ("risks 10 points" read as a warning, not advice).
        if a // 13 == t:
            return "Lead %s: pulls trumps" % name
        if _top_left(g, a, t):
            return "Lead %s: top of its suit" % name
        pts = kj.card_points(a, t)
        return "Lead %s: only %d points" % (name, pts) if pts else \
            "Lead %s: worth no points" % name
    pts = kj.card_points(tr[0], t) + kj.card_points(a, t)
    if g.n_played == 17:
        pts += 10  # the ninth trick's 10 for the last trick (KJ-13)
    if kj.beats(tr[0], a, t):
        return "%s wins %d points" % (name, pts)  # the trick's card points
    # A card that loses says why it is the one to play, from your own hand
    # (what it loses read as a warning against it): nothing you may play
    # wins (KJ-11 makes you win when you can), or with Classic follow your
    # best winner is kept for a richer trick.
    wins = [c for c in g.legal_actions() if kj.beats(tr[0], c, t)]
    if not wins:
        return "Play %s: none can win" % name
    top = wins[0]
    for c in wins:
        if kj.card_order(c, t) > kj.card_order(top, t):
            top = c
    return "Play %s: %s for later" % (name, kj.symbol_name(top))


def _top_left(g, c, t):
    """No card of ``c``'s suit that beats it is still unseen by the player
    to move: each is in their hand or already played (KJ-1's order)."""
    from cardgames import klaberjass as kj

    seen = bytes(g.played[:g.n_played]) + bytes(g.hand(g.current_player))
    s = c // 13
    for r in range(kj.R7, 13):  # 7 .. A, the 32-card deck's ranks
        x = s * 13 + r
        if x not in seen and kj.beats(c, x, t):
            return False
    return True


def _clubs(g, a, seat):
    from cardgames import clubs
    from players.clubs.heuristic import BID_SCALE, TAKER_STRENGTH, shows_taker, strength

    hand = g.hand(seat)
    if a >= clubs.BID0 and a <= clubs.BID0 + 13:
        n = a - clubs.BID0
        if not n:
            return "Bid nil: win none"
        # The tricks won and what the cards left look worth (as the computer
        # counts them), or the total a bid may not make (PC-10: never 13).
        won = g.won[seat]
        more = max(1, (100 * won + strength(hand) * BID_SCALE // 10) // 100) - won
        if n == won + more:
            return "Bid %d: %d won, %d more likely" % (n, won, more) if more else \
                "Bid %d: the tricks you won" % n
        if g.bids_total() + won + more == 13:
            return "Bid %d: %d would make 13" % (n, won + more)
        return "Bid %d: total %d" % (n, g.bids_total() + n)
    if a == clubs.TAKE_SELF:
        return "Take it yourself"
    if a == clubs.TAKE_PARTNER:
        return "Give it to North"
    name = clubs.symbol_name(a)
    ph = g.phase
    if ph == clubs.PH_PASS_HEARTS or ph == clubs.PH_PASS_PARTNER:
        # To whom (PC-2: the prompt said "first" only), and why, by the
        # hand's plan: strong hands play for tricks, weak ones for none.
        partner = (seat + 2) % 4
        to = partner
        if ph == clubs.PH_PASS_HEARTS:
            to = clubs.hearts_receiver(seat, g.pass_dir())
            to = partner if to is None else to
        # The why in words (short: the guide's keys go first): a strong
        # hand keeps its high cards and gives what it does not need; a weak
        # one plays to win no trick (a nil) and gives its partner tricks.
        taker = strength(hand) >= TAKER_STRENGTH
        if to == partner:
            why = ("keep highs" if a % 13 < 6 else "not needed") if taker else "wins tricks"
        else:
            why = "not needed" if taker else "to win none"
        return "%s to %s: %s" % (name, clubs.SEAT_NAMES[to], why)
    if ph == clubs.PH_SHOW:
        # PC-3: partners read the shown card as the hand's plan (a high
        # club: playing for tricks; else for none), as the computer does.
        return "Show %s: a %s hand" % (name, "strong" if shows_taker(a) else "weak")
    cs = g.trick()
    led = cs[0] // 13 if cs else a // 13
    # Your side's sum takes the trick (PC-6, PC-7): "10♥ is worth 10", in
    # the rules' words (a club 3 more, off the suit led 3 less); an off-suit
    # 2 scores you 2 (PC-11: a Negative One). Short, so that on the guided
    # hand the status line at 240 px holds the duty and the keys too
    # (app.clubs.table.guided_play).
    v = clubs.card_value(a, led)
    if v < 0:
        return "%s scores you 2" % name
    return "%s is worth %d" % (name, v)


def _index(seq, v):
    for i in range(len(seq)):
        if seq[i] == v:
            return i
    return -1


def show(app, screen):
    """Pause menu -> Hint on game ``screen``: the Normal player's move for
    you with its reason on the hint line and the cursor (or the choice) on
    it; the game counts as played with help (``app.sessions``, saved at
    once, counted apart in the statistics and said in the record)."""
    key = KEYS[app.game_index]
    if not screen.human_turn():
        screen.hint = "Hint: on your turn"
        screen.hint_alert = True
        return
    seat = 2 if key == "clubs" else 0
    if key == "clubs":
        screen.pick = 255  # the Hearts-pass pick, if any, goes back (NO_CARD)
    a = best(app, screen, seat)
    if key == "clubbed":
        screen.cursor = _index(screen.slots, a)
    elif key == "klaberjass" and screen.choices:
        screen.choice = _index(screen.choices, a)
    elif key == "clubs" and screen.bidding():
        screen.bid_val = a - 100  # clubs.BID0
    elif key == "clubs" and screen.taking():
        screen.take_sel = 1 if a == 121 else 0  # clubs.TAKE_PARTNER
    else:
        screen.cursor = _index(screen.hand, a)
    # "Hint: " where there is room for it (not on the 128x64 screen).
    screen.hint = ("" if app.compact else "Hint: ") + reason(key, screen.game, a, seat)
    screen.hint_alert = ADVICE
    sess = app.sessions[app.game_name()]
    if not sess.get("hint_or_undo"):
        sess["hint_or_undo"] = 1
        if app.storage is not None:
            # Saved now, not with your next move: a Quit or a power cut
            # before it would make the game a clean one again. It is your
            # turn, so the save is of this very position (App.moved).
            from app.persist import files as persist

            persist.save_game(app, screen, seat)
            app.persist_done()


def _actions(app):
    # Every action of the game so far (bytes), as app.persist.files keeps
    # them (its reading of the save: a bad save is set aside and reported in
    # app.notices); None when the save could not be read (OSError): it is
    # left as it is, not set aside (read_file would, and the next save would
    # then hold only the moves made since), and a later Take back reads it.
    if app.storage is None:
        return bytes(app.actions)
    from app.persist import files as persist

    act = persist._actions(app)
    app.persist_done()
    return None if act is None else bytes(unhexlify(act))


def target(g0, acts, seat):
    """Replay ``acts`` (bytes) on the fresh core ``g0``: ``(n, rounds)``, the
    number of actions before ``seat``'s last decision (-1: none yet), where
    the app saved the game (every position ``seat`` is to move, but between
    Clubs' two pass cards, PC-2), and the rounds scored before it
    (Klaberjass' EV_ROUND, kind 15, for its round number)."""
    g = g0
    clubs = type(g).__name__ == "Clubs"
    last = -1
    rounds = 0
    at = 0
    for i in range(len(acts)):
        if g.current_player == seat and not (clubs and g.phase == 2):
            last = i
            at = rounds
        g.apply(acts[i])
        for ev in g.events:
            if ev[0] == 15 and not clubs and len(ev) == 4 and hasattr(g, "maker"):
                rounds += 1
    return last, at


def back(app, screen):
    """Pause menu -> Take back move on game ``screen``: the game back at
    your last decision on a new screen, saved; or a line on the hint row
    saying why not."""
    seat = 2 if app.game_index == 2 else 0  # Clubs' South, else seat 0
    told = len(app.notices) if app.storage is not None else 0
    acts = _actions(app)
    if app.storage is not None and len(app.notices) > told:
        # A bad save was set aside: said now, over the game (as
        # app.persist.files.save_game does), A goes back to it; its moves
        # are unknown, so nothing is taken back.
        from app.screen import ErrorScreen

        msg = " ".join(app.notices[told:])
        del app.notices[told:]
        app.show(ErrorScreen(app, msg, screen))
        acts = None
    if acts is None:
        screen.hint = "Cannot take back: save unreadable"
        screen.hint_alert = True
        return
    cls = type(screen.game)
    g = cls(seed=screen.seed, **screen.core_kw)
    try:
        n, rounds = target(g, acts, seat)
    except ValueError:  # a save whose moves are not its deal's
        n = None
    # The moves must lead from the deal to the table as it is (a save's moves
    # are only checked as hex at Continue, its position by every rule).
    if n is None or g.to_text() != screen.game.to_text():
        screen.hint = "Cannot take back: moves unknown"
        screen.hint_alert = True
        return
    if n < 0:
        screen.hint = "Nothing to undo yet"
        screen.hint_alert = True
        return
    g = cls(seed=screen.seed, **screen.core_kw)
    for a in acts[:n]:
        g.apply(a)
    state = {"round": rounds + 1}
    if hasattr(screen, "history"):
        flat = []
        for h in screen.history[: g.hand_no - 1]:  # the hands finished by then
            flat.extend(h)
        state = {"hist": tuple(flat)}
    from app.persist import resume

    mod = modules.load(app.game().module)
    new = resume.RESUME[app.game_index](app, mod, screen.seed, screen.core_kw, state,
                                        g.to_text())
    if hasattr(new, "msgs"):
        new.msgs = ["Move taken back"]
    else:
        new.msg = "Move taken back"
    if hasattr(new, "note"):
        # The note (Klaberjass' event line, Clubs' status line until the
        # first key): the resumed screen's "Game resumed" would hide that
        # the move was taken back.
        new.note = "Move taken back"
    app.sessions[app.game_name()]["hint_or_undo"] = 1
    app.actions = bytearray(acts[:n])
    app.undoable = n > 0
    app.your_turn = True
    app.in_save = False  # the shortened actions replace the save's
    app.show(new)
    if app.storage is not None:
        from app.persist import files as persist

        persist.save_game(app, new, seat)
        app.persist_done()
    modules.drop("app.persist.resume", "players.levels")


def pause_button(screen, b, think_ms):
    """``app.screen.pause_button``'s work (see there)."""
    app = screen.app
    menu = screen.pause
    pick = menu.on_button(b)
    asked = menu.items[1] != PAUSE_ITEMS[1]
    menu.items = PAUSE_ITEMS
    undo_row(menu, app)
    if pick == BACK and asked:
        return  # B takes back the question only: the pause menu stays
    if pick == BACK or pick == 0:
        screen.pause = None
        if screen.ai_at is not None:
            screen.ai_at = app.clock.ticks_ms() + think_ms
    elif pick == 1 and asked:
        app.new_game()
    elif pick == 1:
        menu.items = ["Resume", "Abandon? A: yes", "Rules", "Quit to menu", menu.items[4],
                      "Show a hint"]
    elif pick == 2:
        screen.pause = None
        app.show_rules(screen)
    elif pick == 3:
        app.to_title()
    elif pick == 4 and not app.undoable:
        screen.pause = None
        screen.hint = "Nothing to take back yet"
        screen.hint_alert = True
    elif pick == 4 and screen.human_turn():
        screen.pause = None
        back(app, screen)
    elif pick >= 4:
        screen.pause = None
        if pick == 4:
            screen.hint = "Take back: on your turn"
            screen.hint_alert = True
        else:
            show(app, screen)


# --- the guided first hand (title: Guided hand) -------------------------------

def guide(screen):
    """On the guided hand (``app.guide``), called when ``screen`` puts back
    its plain hint: at your turn the hint row says which keys to press and
    why ("RIGHT x2, A: K♠ wins 14 points"), the Normal player's move; after the
    first hand (or round) the guide says it is done and stops."""
    app = screen.app
    g = screen.game
    if not screen.human_turn():
        return
    if getattr(g, "hand_no", 1) > 1 or getattr(screen, "round_no", 1) > 1:
        app.guide = False
        screen.hint = "Guided hand done: play on, or B"
        screen.hint_alert = ADVICE
        return
    key = KEYS[app.game_index]
    seat = 2 if key == "clubs" else 0
    pos = g.to_text()
    pick = getattr(screen, "pick", 255)
    if getattr(screen, "guide_at", None) != (pos, pick):
        if pick != 255:  # Clubs: the Hearts card picked, now the partner card
            from cardgames.clubs_text import from_text

            g = from_text(pos)
            g.apply(pick)
            screen.guide_a = _normal(key, g, screen.seed, seat)
        else:
            screen.guide_a = best(app, screen, seat)
        screen.guide_at = (pos, pick)
        screen.guide_why = reason(key, g, screen.guide_a, seat)
    screen.hint = _keys(screen, key, screen.guide_a) + ": " + screen.guide_why
    screen.hint_alert = ADVICE


def _normal(key, g, seed, seat):
    from players import levels

    player = levels.make(key, levels.NORMAL, seed)
    modules.forget("players.levels")
    return player.choose(g.observation(seat), g.legal_actions())


def _presses(name, n):
    # ``n`` presses of button ``name`` then A, in the README's button names:
    # "RIGHT x2, A" (arrows alone read as a cursor already on the card).
    if n == 0:
        return "A"
    return name + (" x%d, A" % n if n > 1 else ", A")


def _keys(screen, key, a):
    # The presses from the cursor (or choice, or bid) to ``a``, then A.
    if key == "clubs" and screen.bidding():
        d = a - 100 - screen.bid_val  # clubs.BID0
        return _presses("RIGHT", d) if d >= 0 else _presses("LEFT", -d)
    if key == "clubbed" and a == 52 and screen.cursor != len(screen.slots) - 1:  # clubbed.DRAW
        return "DOWN to DRAW, A"  # DOWN jumps to DRAW, at the row's end (the README's key)
    if key == "clubs" and screen.taking():
        return _presses("RIGHT", 1 if (a == 121) != (screen.take_sel == 1) else 0)
    pick = getattr(screen, "pick", 255)  # Clubs' picked Hearts-pass card
    if key == "klaberjass" and screen.choices:
        seq, cur = screen.choices, screen.choice
    elif key == "klaberjass" and screen.hand[screen.cursor] in screen.legal or pick != 255:
        # The cursor steps over Klaberjass's greyed cards and over Clubs'
        # picked card: count the cards it stops on.
        seq = [c for c in screen.hand if c in screen.legal and c != pick]
        # (the cards before the cursor: mid-step it may stand on the pick)
        cur = len([c for c in screen.hand[: screen.cursor] if c in seq])
    else:
        seq, cur = (screen.slots if key == "clubbed" else screen.hand), screen.cursor
    # The way that does not wrap round the row's end, even when the other
    # is shorter: "LEFT x6" to a card seven places right puzzled a player.
    d = _index(seq, a) - cur
    return _presses("RIGHT", d) if d >= 0 else _presses("LEFT", -d)

