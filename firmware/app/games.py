"""The games on offer, as data: name, the module that draws it, its rule
summary and its variants.

A game's screen module is imported only when the game is first played, so the
boot heap holds none of them; it provides ``start(app, seed, options)``
returning the screen for a new game. Options are on/off variants from
RULES.md: ``(key, label, default)``; the core receives them by keyword.
"""


class Entry:
    """One game: ``name`` (str), ``module`` (dotted name of its screen
    module), ``rules`` (key into ``app.rules_text``), ``options`` (tuple of
    ``(key, label, default)``), ``owns`` (dotted names of the modules only
    this game uses, which ``app.modules.drop_games`` drops when another game
    is started)."""

    def __init__(self, name, module, rules, options, owns=()):
        self.name = name
        self.module = module
        self.rules = rules
        self.options = options
        # Its folder's package last: with its modules gone it holds nothing.
        self.owns = (module,) + owns + (module[: module.rfind(".")],)


GAMES = (
    Entry("Clubbed", "app.clubbed.screen", "CLUBBED", (("refill", "Refill", True),),
          ("app.clubbed.result", "app.clubbed.compact", "app.clubbed.tall", "cardgames.clubbed",
           "cardgames.clubbed_text", "players.clubbed.heuristic",
           "players.clubbed.kit", "players.clubbed.endgame", "players.clubbed.beginner",
           "players.clubbed")),
    Entry("Klaberjass", "app.klaberjass.screen", "KLABERJASS",
          (("alternate", "Alternate deal", False), ("all_sequences", "All sequences", False),
           ("classic", "Classic follow", False)),
          ("app.klaberjass.summary", "app.klaberjass.score", "app.klaberjass.compact",
           "app.klaberjass.tall", "cardgames.klaberjass",
           "cardgames.klaberjass_text", "players.klaberjass.heuristic",
           "players.klaberjass.kit", "players.klaberjass.beginner", "players.klaberjass")),
    Entry("Clubs", "app.clubs.screen", "CLUBS", (),
          ("app.clubs.table", "app.clubs.deal", "app.clubs.tricks", "app.clubs.summary",
           "app.clubs.score", "app.clubs.compact", "app.clubs.tall", "cardgames.clubs",
           "cardgames.clubs_text", "players.clubs.heuristic", "players.clubs.kit",
           "players.clubs.beginner", "players.clubs")),
)


# Modules the games share and the title screen does not need: dropped with
# the games' own on the way back to the title (``app.modules.drop_games()``).
# Link play's (app.link_screen) go too: a link game is left for the title.
SHARED = ("cardgames.cards", "cardgames.game", "cardgames.notation", "players.heuristic",
          "players.levels", "players.search", "players", "app.link_screen", "app.linkgame",
          "link.session", "link.frame", "link.rules", "link.transport", "link")
