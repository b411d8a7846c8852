"""Where each game's rules are: the key of its section in the rule file
(``rulebook.txt``, see app.rules_screen), as ``app.games`` names it in
``Entry.rules``. The rule text itself is not a module's string (on the Pico
a .mpy module's strings live in the heap): app.rules_screen reads the file
a paragraph at a time. The file is written by tools/make/gen_rules_text.py from
the player's guides docs/rules/console/*.md (the full rule book, with its rule
IDs, is docs/rules/*.md)."""

CLUBBED = "clubbed"
KLABERJASS = "klaberjass"
CLUBS = "clubs"
