"""Clubs' computer players: the beginner (Easy), the heuristic and the search kit
(docs/computer-players.md)."""
