"""Continue: the picked game's save (read and checked by
``app.persist.files.load_save``) back on its screen. Imported only when the
player picks Continue, so a game in play holds none of this code.

The core comes back from its notation (``from_text``); the screen is made as
for a new game with the saved seed and options, then given the loaded core
and the view state the save kept (Klaberjass' round number, Clubs' score
history); what the screen shows is rebuilt from the core as the human may
see it.
"""


from app import modules
from app.persist.files import SAVES, dec_dict, dec_int, load_save, unusable
from app.persist.storage import set_aside, unhexlify


def reject_save(app, why):
    """The picked game's save cannot be resumed (``why``): move it aside,
    say so."""
    why = "the rules refuse it (" + why + ")"
    try:
        why += "; it was kept as " + set_aside(app.storage, SAVES[app.game_index])
    except OSError:
        pass
    unusable(app, app.game_name(), why)
    app.saves[app.game_index] = 0


def _back(app):
    # To the title, which shows what went wrong (app.notices) over it.
    app.persist_done()
    app.to_title()


def continue_game(app):
    """Resume the picked game's save. A save that turns out bad now is set
    aside and reported (``app.notices``) and the title offers a new game."""
    e = app.game()
    f = load_save(app, app.game_index)
    if f is None:
        _back(app)  # gone, or bad: set aside and told
        return
    # As App.new_game: the other games' code (and the title's) dropped first.
    app.screen = None
    modules.drop_games(e, "app.title", "app.title_tall", "app.rules_screen")
    mod = modules.load(e.module)
    try:
        st = dec_dict(f.get("st", ""))
        # A guided hand is guided on (its screens ask app.guide as they are made).
        app.guide = bool(st.pop("guide", 0))
        screen = RESUME[app.game_index](app, mod, dec_int(f["seed"]), dec_dict(f["kw"]), st,
                                        f["pos"])
        if screen.game.is_over():
            # Our saves of a finished game carry its result and are counted
            # at boot: this one says the game goes on, and nothing can.
            raise ValueError("its game is already over but has no result")
        unhexlify(f["act"])  # checked; the save keeps them (app.persist.files)
        app.actions = bytearray()
        app.undoable = bool(f["act"])
        app.your_turn = app.yours(screen, getattr(mod, "HUMAN", 0))
    except ValueError as ex:
        app.guide = False
        reject_save(app, str(ex))
        _back(app)
        return
    st.pop("round", None)  # the rest is the session's (series score, dealer)
    st.pop("hist", None)
    if app.id == dec_int(f["id"]) and app.sessions[e.name].get("hint_or_undo"):
        # Help taken in this very game whose save failed: the file is older
        # than the help, the session knows it (saved at the next save).
        st["hint_or_undo"] = 1
    app.sessions[e.name] = st
    app.id = dec_int(f["id"])
    app.in_save = True  # its actions so far are in the save
    app.last_seed = screen.seed
    app.show(screen)
    if app.guide:
        screen._plain_hint()  # the prompt at once (app.hint.guide)
    app.persist_done()
    modules.drop("players.levels", "app.persist.resume")  # the players are made


def _clubbed(app, mod, seed, kw, state, pos):
    from cardgames.clubbed_text import from_text

    g = from_text(pos)
    if kw.get("dealer") not in (0, 1) or kw.get("refill") not in (True, False):
        raise ValueError("bad options for Clubbed")
    s = mod.ClubbedScreen(app, seed, kw["dealer"], kw["refill"], mod._game_over)
    s.game = g
    s.msgs = ["Game resumed"]
    s._refresh_slots(True)
    return s


def _klaberjass(app, mod, seed, kw, state, pos):
    from cardgames.klaberjass_text import from_text

    kj = mod.kj
    g = from_text(pos)
    for k in kw:
        if k not in ("alternate", "all_sequences", "classic") or kw[k] not in (True, False):
            raise ValueError("bad option %r for Klaberjass" % k)
    s = mod.KlaberjassScreen(app, seed, kw, mod._game_over)
    s.game = g
    s.banners = []
    s.msgs = ["Game resumed"]
    s.note = s.msgs[0]  # over the deal line while bidding, until the next event
    # The bidding's event line names this position's deal, not the one the
    # screen dealt from the seed before the position replaced it.
    # (seen from seat 0, the player's: the screen's _HUMAN is a const(), gone
    # from the module once compiled)
    s.deal_line = kj.describe((kj.EV_DEAL, g.dealer, g.turned, 0), 0, mod.NAMES) \
        if g.phase == kj.BID1 or g.phase == kj.BID2 else ""
    s.round_no = max(1, state.get("round", 1))
    tr = g.trick() if g.phase == kj.PLAY else ()
    if len(tr) == 1 and g.current_player is not None:
        s.trick = [(1 - g.current_player, tr[0])]  # the card led, by the other seat
    s._refresh(True)
    return s


def _clubs(app, mod, seed, kw, state, pos):
    from cardgames.clubs_text import from_text

    clubs = mod.clubs
    g = from_text(pos)
    if kw:
        raise ValueError("Clubs takes no options")
    h = state.get("hist", ())
    if len(h) % 3:
        raise ValueError("bad score history")
    s = mod.ClubsScreen(app, seed, {}, mod._game_over)
    s.game = g
    s.queue = []
    s.history = [(h[i], h[i + 1], h[i + 2]) for i in range(0, len(h), 3)]
    # The view, from the core as South may see it: hand, scores, bids,
    # tricks won, shown cards, the trick on the table, the mode for the phase.
    human = mod.HUMAN
    o = g.observation(human)
    s.hand = g.hand(human)
    s.hand_no = g.hand_no
    s.dealer = g.dealer
    s.pass_dir = g.pass_dir()
    s.bids = bytearray(g.bids)
    s.won = bytearray(g.won)
    s.scores = [g.scores[0], g.scores[1]]
    s.shown = bytearray(o.shown)
    s.shown_live = bytearray(o.shown_live)
    s.broken = g.broken
    s.received = g.received(human) if g.phase > clubs.PH_PASS_PARTNER else b""
    s.gave = bytes(g.passes[2 * human : 2 * human + 2]) if s.received else b""
    t = mod.Trick(g.n_tricks + 1)
    lead = g.trick_leader()
    cs = g.trick()
    vs = g.trick_values()
    for i in range(len(cs)):
        t.add((lead + i) % 4, cs[i], vs[i])
    if t.complete():
        t.team, t.why, _, _ = clubs.resolve_trick(cs, lead)
        t.high = (lead + clubs.highest_card_index(cs)) % 4
    s.trick = t
    s.last_trick = None
    s.pick = mod.NO_CARD
    s.legal = []
    ph = g.phase
    if ph == clubs.PH_PASS_HEARTS or ph == clubs.PH_PASS_PARTNER:
        s.mode = mod.PASS
    elif ph == clubs.PH_SHOW:
        s.mode = mod.SHOW
    else:
        s.mode = mod.TABLE
    s.banner = None
    s.hold_until = None
    s.ai_at = None
    s._turn_start()
    s.msg = "Game resumed"
    s.note = s.msg  # said before South's prompt too, until the first key
    return s


RESUME = (_clubbed, _klaberjass, _clubs)  # in the order of games.GAMES
