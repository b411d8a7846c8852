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
    ``(key, label, default)``)."""

    def __init__(self, name, module, rules, options):
        self.name = name
        self.module = module
        self.rules = rules
        self.options = options


GAMES = (
    Entry("Clubbed", "app.clubbed_screen", "CLUBBED", (("refill", "Refill", True),)),
    Entry("Klaberjass", "app.klaberjass_screen", "KLABERJASS",
          (("alternate", "Alternate deal", False), ("all_sequences", "All sequences", False),
           ("classic", "Classic follow", False))),
    Entry("Clubs", "app.clubs_screen", "CLUBS", ()),
)


def load(entry):
    """The screen module of ``entry``, imported on first use."""
    mod = __import__(entry.module)
    for part in entry.module.split(".")[1:]:
        mod = getattr(mod, part)
    return mod
