"""Prints the search players' decisions at a few positions of each game, for
the CPython/MicroPython parity test (tests/test_search_parity.py):

    python tools/ai/search_decisions.py            # CPython (firmware on the path)
    node tools/mp/mp_run.mjs tools/ai/search_decisions.py

One line per decision: game, seed, decision number, then the Easy, Normal
and Hard choices and the worlds Hard searched. The heuristic plays the game
on; every fifth decision the levels decide.
"""

from cardgames import clubbed, clubs, klaberjass
from players import levels


def new_game(game, seed):
    if game == "clubbed":
        return clubbed.Clubbed(seed=seed, dealer=seed % 2)
    if game == "klaberjass":
        return klaberjass.Klaberjass(seed=seed)
    return clubs.Clubs(seed=seed)


def main(per_game=4):
    for game in levels.GAMES:
        h = levels.heuristic(game)
        kit = levels.kit(game)
        seed = 3
        g = new_game(game, seed)
        k = 0
        n = 0
        while not g.is_over() and n < per_game:
            p = g.current_player
            o = g.observation(p)
            legal = g.legal_actions()
            if len(legal) > 1 and kit.searchable(o):
                if k % 5 == 0:
                    got = [levels.make(game, lv, k).choose(o, legal) for lv in range(2)]
                    hard = levels.make(game, levels.HARD, k)
                    got.append(hard.choose(o, legal))
                    print(game, seed, k, got[0], got[1], got[2], hard.done_iters, hard.moves)
                    n += 1
                k += 1
            g.apply(h.choose(o, legal))


main()
