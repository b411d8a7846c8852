"""Link play: two consoles, one game, over a byte transport.

``link.frame`` cuts bytes into checked frames, ``link.rules`` names the game
and its rule options and builds the game from a seed, ``link.session`` is the
protocol itself (hello, fair shuffle, moves, state hashes, resend). The
transport (UART in ``hw``, TCP or serial in ``host_sim``) is handed in; this
package knows cardgames only, never players or screens.
"""
