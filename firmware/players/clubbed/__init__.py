"""Clubbed's computer players: the beginner (Easy), the heuristic, the search kit
and the endgame solver (docs/computer-players.md, docs/clubbed_ai.md)."""
