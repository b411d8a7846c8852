"""Short rule summaries shown on the Rules screen, one per game, from
RULES.md (the IDs in brackets)."""

CLUBBED = (
    "CLUBBED - 2 players, 52 cards",
    "",
    "Goal: collect the FEWEST cards.",
    "",
    "Deal: 5 cards each; the next card starts the discard pile (CB-1).",
    "",
    "On your turn play a card matching the top card's suit or rank, or any club"
    " (CB-2, CB-3). If you hold a match you must play.",
    "",
    "No match? Play a club or DRAW one card at a time; a drawn card may be"
    " played at once (CB-4).",
    "",
    "A club CLUBS your opponent: they collect the whole pile, club included"
    " (CB-5). Facing an empty pile you may play any card; a club there gives"
    " one card (CB-6). A club starter lets the first player play anything"
    " (CB-7).",
    "",
    "Empty hand? Draw a new hand of 5 at once (CB-8; off in the no-refill"
    " variant).",
    "",
    "The game ends when the stock is empty and the player to move cannot play;"
    " cards in hand are added to your collection (CB-9). Fewer collected cards"
    " wins (CB-10).",
)
