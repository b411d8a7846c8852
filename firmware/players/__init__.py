"""Computer players. Each decides from ``observation(seat)`` and the list of
legal actions only, never from the game object itself (hidden information stays
hidden): ``player.choose(obs, legal) -> action``.
"""
