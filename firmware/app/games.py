"""The games on offer, as data: name, the module that draws it, its rule
summary and its variants.

A game's screen module is imported only when the game is first played, so the
boot heap holds none of them; it provides ``start(app, seed, options)``
returning the screen for a new game. Options are on/off variants from
RULES.md: ``(key, label, default)``; the core receives them by keyword.
"""


import sys


class Entry:
    """One game: ``name`` (str), ``module`` (dotted name of its screen
    module), ``rules`` (key into ``app.rules_text``), ``options`` (tuple of
    ``(key, label, default)``), ``owns`` (dotted names of the modules only
    this game uses, which ``unload`` drops when another game is started)."""

    def __init__(self, name, module, rules, options, owns=()):
        self.name = name
        self.module = module
        self.rules = rules
        self.options = options
        self.owns = (module,) + owns


GAMES = (
    Entry("Clubbed", "app.clubbed.screen", "CLUBBED", (("refill", "Refill", True),),
          ("app.clubbed.result", "app.clubbed.compact", "app.clubbed.tall", "cardgames.clubbed",
           "cardgames.clubbed_text", "players.clubbed_heuristic",
           "players.clubbed_kit")),
    Entry("Klaberjass", "app.klaberjass.screen", "KLABERJASS",
          (("alternate", "Alternate deal", False), ("all_sequences", "All sequences", False),
           ("classic", "Classic follow", False)),
          ("app.klaberjass.summary", "app.klaberjass.score", "app.klaberjass.compact",
           "app.klaberjass.tall", "cardgames.klaberjass",
           "cardgames.klaberjass_text", "players.klaberjass_heuristic",
           "players.klaberjass_kit")),
    Entry("Clubs", "app.clubs.screen", "CLUBS", (),
          ("app.clubs.table", "app.clubs.deal", "app.clubs.tricks", "app.clubs.summary",
           "app.clubs.score", "app.clubs.compact", "app.clubs.tall", "cardgames.clubs",
           "cardgames.clubs_text", "players.clubs_heuristic", "players.clubs_kit")),
)


# Modules the games share and the title screen does not need: dropped with
# the games' own on the way back to the title (``unload_others(None)``).
SHARED = ("cardgames.cards", "cardgames.game", "cardgames.notation", "players.heuristic",
          "players.levels", "players.search", "players")


def forget(name):
    """Drop module ``name`` (dotted) from ``sys.modules`` and its parent
    package, so its code can be collected once nothing else refers to it; the
    next import loads it afresh. No-op for a module not loaded."""
    if name not in sys.modules:
        return
    del sys.modules[name]
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot])
    if parent is not None and hasattr(parent, name[dot + 1 :]):
        delattr(parent, name[dot + 1 :])


def unload_others(keep):
    """Forget the modules of every game but ``keep`` (an Entry, or None for
    every game), so their code can be collected: the Pico's heap holds one
    game's code at a time instead of all three (tools/mem_report.py measures
    it)."""
    for e in GAMES:
        if e is not keep:
            for name in e.owns:
                forget(name)
    if keep is None:
        for name in SHARED:
            forget(name)


def load(entry):
    """The screen module of ``entry``, imported on first use."""
    mod = __import__(entry.module)
    for part in entry.module.split(".")[1:]:
        mod = getattr(mod, part)
    return mod
