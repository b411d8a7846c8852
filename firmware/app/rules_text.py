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

KLABERJASS = (
    "KLABERJASS - 2 players, 32 cards",
    "",
    "Goal: 500 points, and more than the other (KJ-15).",
    "",
    "Ranks (KJ-1): plain 7 8 9 J Q K 10 A; trumps 7 8 Q K 10 A 9 J.",
    "",
    "Bidding (KJ-3, KJ-4): 6 cards each and one turned up. Round one: accept"
    " its suit as trump or pass. Round two: name another suit or pass. All"
    " pass: redeal (KJ-5). The bidder is the maker.",
    "",
    "Then 3 more cards each; the bottom card is shown (KJ-6). Trump of the"
    " turned suit: the holder of its 7 may swap it for the turned card (KJ-7).",
    "",
    "Sequences (KJ-8): 3+ in a row (7 8 9 10 J Q K A), one suit. Only the best"
    " scores: 20 for 3, 50 for 4+ (all-sequences variant: all the winner's)."
    " Bella (KJ-9): trump K and Q, 20.",
    "",
    "Play (KJ-10..12): 9 tricks. Follow suit and beat the card led if you can"
    " (classic variant: just follow); void, trump; trumps led, overtrump.",
    "",
    "Points (KJ-13, KJ-14): trump J 20, trump 9 14, A 11, 10 10, K 4, Q 3,"
    " plain J 2; last trick 10. A maker not strictly ahead scores 0 and the"
    " other scores both totals.",
    "",
    "The round's winner deals next (KJ-2; alternate-deal variant: take turns).",
)

CLUBS = (
    "CLUBS (David Poon) - 4 players, 52 cards; you (South) and North play"
    " East and West.",
    "",
    "Goal: 42 points and more than the other side, after a hand (PC-15).",
    "",
    "Pass (PC-2): 1 card to the Hearts pass - hand 1 left, 2 right, 3 across,"
    " 4 none - and 1 to your partner, every hand. Then everyone shows one card"
    " (PC-3).",
    "",
    "Play (PC-4, PC-5): follow suit if you can. No club lead until clubs are"
    " broken, unless you hold only clubs.",
    "",
    "Values (PC-6): 2-10, J 11, Q 12, K 13, A 14. Clubs +3. A non-club off the"
    " suit led -3. Clubs are not trumps.",
    "",
    "The trick (PC-7, PC-8): the side with the higher sum of its two cards"
    " wins; equal sums: the side with the highest club, else the highest card"
    " of the suit led. Of the two partners the higher card takes it: club,"
    " then suit led, then value; equal cards, the first to play chooses"
    " (PC-9).",
    "",
    "Bid (PC-10): after your first trick won, bid your tricks for the hand,"
    " 0-13; the bids may never total 13; after trick 12 the bid is 0. No trick"
    " won: nil.",
    "",
    "Score (PC-13): bid b, won w: w >= b scores b-(w-b), else -(b-w). Nil: +5"
    " with no trick, else -5. Negative One (PC-11): a non-club 2 off the suit"
    " led, +2.",
    "",
    "Adam (PC-12, PC-14): playing A or K of clubs to a trick the opponents win,"
    " while they play neither, gives them +5; twice in a hand (True Adam) +13.",
    "",
    "At the table each seat shows tricks won/bid and each card its value. UP"
    " shows the last trick, then the shown cards not yet played.",
)
