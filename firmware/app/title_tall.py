"""The title's panel on the tall 240x240 layout (app.kit.tall), above its
menu: the console's name, then every game, the picked one marked, with its
players. The name up here leaves the menu below room for every row, none
scrolled out of view. Imported only on a 240x240 screen."""

from app import games

PLAYERS = {"Clubbed": "2 players, shedding", "Klaberjass": "2 players, trumps",
           "Clubs": "4 players, partners"}


def lines(app):
    """The panel's lines (see app.kit.tall._lines) for ``app``'s title."""
    out = [("t", "PICO CARDS"), ("h", "Games (\u25c4 \u25ba to pick)")]
    for i in range(len(games.GAMES)):
        e = games.GAMES[i]
        mark = "\u25ba " if i == app.game_index else "  "
        out.append(mark + e.name + "  " + PLAYERS.get(e.name, ""))
    return out
