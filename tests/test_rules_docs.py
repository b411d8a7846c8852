"""The rule book in the repository (docs/rules/*.md) covers every rule: each
ID the code and the tests cite (CB-*, KJ-*, PC-*), every ID of the team's
RULES.md when it sits beside the repository (../shared/RULES.md), and the
issue's full set (CB-1..CB-12, KJ-1..KJ-17, PC-1..PC-16); its worked
examples are what the rules code computes (tools/docs/rules_examples.py)."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOKS = {"CB": "clubbed.md", "KJ": "klaberjass.md", "PC": "clubs.md"}
ID = re.compile(r"\b(CB|KJ|PC)-(\d+)\b")
# A rule is defined where the book writes it in bold at the start of a list item.
DEFINED = re.compile(r"^- \*\*(CB|KJ|PC)-(\d+) ", re.M)
FULL_SET = {("CB", n) for n in range(1, 13)} | {("KJ", n) for n in range(1, 18)} | {
    ("PC", n) for n in range(1, 17)}


def defined(prefix):
    text = (ROOT / "docs" / "rules" / BOOKS[prefix]).read_text(encoding="utf-8")
    found = [(p, int(n)) for p, n in DEFINED.findall(text)]
    assert all(p == prefix for p, _ in found), (prefix, found)
    return found


def all_defined():
    out = set()
    for prefix in BOOKS:
        out |= set(defined(prefix))
    return out


def cited(folder):
    out = set()
    for path in (ROOT / folder).rglob("*.py"):
        for p, n in ID.findall(path.read_text(encoding="utf-8")):
            out.add((p, int(n)))
    return out


def test_each_rule_is_defined_once_in_order():
    # CB-1 ... CB-12, KJ-1 ... KJ-17, PC-1 ... PC-16: each book defines its
    # own game's rules, once each, in the order of their numbers.
    for prefix in BOOKS:
        nums = [n for _, n in defined(prefix)]
        assert nums == sorted(set(nums)), (prefix, nums)


def test_the_issues_full_set_of_ids_is_covered():
    assert FULL_SET - all_defined() == set()


def test_every_id_the_code_and_tests_cite_is_in_the_book():
    ids = cited("firmware") | cited("tests") | cited("host_sim") | cited("tools")
    assert ids, "no rule IDs found in the code: the pattern is wrong"
    missing = sorted(ids - all_defined())
    assert not missing, "cited but not in docs/rules: %s" % missing


def test_every_id_of_the_shared_rule_book_is_in_the_book():
    shared = ROOT.parent / "shared" / "RULES.md"
    if not shared.exists():  # a clone outside the team's workspace
        return
    ids = {(p, int(n)) for p, n in DEFINED.findall(shared.read_text(encoding="utf-8"))}
    assert len(ids) >= len(FULL_SET) - 5, "RULES.md's rule lines not recognised"
    assert not ids - all_defined(), sorted(ids - all_defined())


def test_worked_examples_are_what_the_rules_code_computes(capsys):
    spec = importlib.util.spec_from_file_location("rules_examples",
                                                  ROOT / "tools" / "docs" / "rules_examples.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--check"]) == 0, capsys.readouterr().err
    # The examples show what they are about: a clubbing (CB-5), a Negative
    # One and an Adam (PC-11, PC-12), a sequence and a bella (KJ-8, KJ-9).
    assert "is clubbed" in "\n".join(mod.clubbed_example())
    hand = "\n".join(mod.clubs_example())
    assert "Negative One" in hand and "Adam" in hand
    kj = "\n".join(mod.klaberjass_example())
    assert "Sequence:" in kj and "Bella:" in kj


def _book_words(prefix):
    text = (ROOT / "docs" / "rules" / BOOKS[prefix]).read_text(encoding="utf-8")
    return " ".join(text.replace("**", "").split())


def test_klaberjass_book_says_how_sequences_compare():
    # KJ-8: length, then top card, then trump; a full tie scores nothing.
    book = _book_words("KJ")
    kj8 = book[book.index("KJ-8 "):book.index("KJ-9 ")]
    for words in ("longer sequence wins", "top card is higher", "trumps beats",
                  "neither player scores", "20 points for three cards", "50 for four"):
        assert words in kj8, words


def test_the_books_score_in_words_not_formulas():
    # PC-13, KJ-14: no algebra in the rules themselves (the worked examples
    # may add up).
    for prefix in BOOKS:
        text = (ROOT / "docs" / "rules" / BOOKS[prefix]).read_text(encoding="utf-8")
        rules = re.findall(r"^- \*\*%s-\d+ .*?(?=\n- |\n#|\n\n(?! )|\Z)" % prefix, text,
                           re.M | re.S)
        assert len(rules) == len(defined(prefix)), prefix
        for rule in rules:
            for bad in (" = ", " > ", " < ", "b - ", "w - b", " x "):
                assert bad not in rule, (prefix, bad, rule[:40])
    assert "Every trick over the bid costs you one point" in _book_words("PC")
