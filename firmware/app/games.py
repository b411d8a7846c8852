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
    Entry("Clubbed", "app.clubbed_screen", "CLUBBED", (("refill", "Refill", True),),
          ("app.result_screen", "cardgames.clubbed", "players.clubbed_heuristic")),
    Entry("Klaberjass", "app.klaberjass_screen", "KLABERJASS",
          (("alternate", "Alternate deal", False), ("all_sequences", "All sequences", False),
           ("classic", "Classic follow", False)),
          ("app.klaberjass_summary", "cardgames.klaberjass", "players.klaberjass_heuristic")),
    Entry("Clubs", "app.clubs_screen", "CLUBS", (),
          ("app.clubs_table", "app.clubs_summary", "cardgames.clubs",
           "players.clubs_heuristic")),
)


def unload_others(keep):
    """Forget the modules of every game but ``keep`` (an Entry), so their
    code can be collected: the Pico's heap holds one game's code at a time
    instead of all three (tools/mem_report.py measures it)."""
    for e in GAMES:
        if e is keep:
            continue
        for name in e.owns:
            if name not in sys.modules:
                continue
            del sys.modules[name]
            dot = name.rfind(".")
            parent = sys.modules.get(name[:dot])
            if parent is not None and hasattr(parent, name[dot + 1 :]):
                delattr(parent, name[dot + 1 :])


def load(entry):
    """The screen module of ``entry``, imported on first use."""
    mod = __import__(entry.module)
    for part in entry.module.split(".")[1:]:
        mod = getattr(mod, part)
    return mod
