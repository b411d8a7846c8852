"""The import graph of firmware/ and host_sim/ (read from the source with
``ast``: imports at the top and inside functions, relative ones, and
``__import__("literal")``) has no cycles, and its arrows point down the
layers docs/ARCHITECTURE.md draws: cardgames <- link <- players <- app <- hw <-
host_sim, boards below them all; inside the app the kit imports nothing of
the app but itself, and neither a game's folder nor persist imports another
game's folder (issue #16)."""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Top-level packages, lowest first; a module may import its own package's
# modules and those of the packages before it (boards: data, below all).
LAYERS = ("boards", "cardgames", "link", "players", "app", "hw", "host_sim", "main")
GAMES = ("app.clubbed", "app.clubs", "app.klaberjass")


def module_files():
    """``{dotted name: path}`` of every module under firmware/ and host_sim/
    (firmware/main.py is ``main``, a package's __init__.py is the package)."""
    out = {}
    for base, prefix in ((os.path.join(ROOT, "firmware"), ""), (ROOT, "host_sim"),
                         (ROOT, "boards")):
        top = os.path.join(base, prefix) if prefix else base
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in filenames:
                if not f.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, f), base)[:-3].split(os.sep)
                if rel[-1] == "__init__":
                    rel = rel[:-1]
                out[".".join(rel)] = os.path.join(dirpath, f)
    return out


def imports_of(name, source, known, is_package=False):
    """The set of modules in ``known`` that module ``name`` (its ``source``)
    imports anywhere in its body."""
    pkg = name if is_package else name.rpartition(".")[0]
    out = set()

    def add(target):
        # ``a.b.c`` names module a.b.c if known, else the nearest known parent.
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            out.add(target)

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for a in node.names:
                add(a.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = pkg.split(".")
                up = parts[: len(parts) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for a in node.names:
                full = base + "." + a.name if base else a.name
                add(full if full in known else base)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            add(node.args[0].value)
    return out


def graph():
    """``{module: set of modules it imports}`` for the whole tree."""
    files = module_files()
    g = {}
    for name, path in files.items():
        with open(path) as f:
            src = f.read()
        g[name] = imports_of(name, src, files, path.endswith("__init__.py"))
    return g


def cycles(g):
    """Every cycle of ``g`` (dict: node -> iterable of nodes) as a list of
    nodes ``[a, b, ..., a]``, one per strongly connected component with more
    than one node or a self-arrow (Tarjan's algorithm, iterative)."""
    index, low, on, stack, sccs = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1 or v in g.get(v, ()):
                        sccs.append(set(comp))
    return [_cycle_in(g, comp) for comp in sccs]


def _cycle_in(g, comp):
    # A concrete cycle through the component's first node, by breadth-first search.
    start = min(comp)
    prev = {}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(g.get(v, ())):
            if w == start:
                path = [v]
                while path[-1] != start:
                    path.append(prev[path[-1]])
                return [start] + path[::-1][1:] + [start] if v != start else [start, start]
            if w in comp and w not in prev:
                prev[w] = v
                todo.append(w)
    raise AssertionError("no cycle in %r" % (comp,))


def layer_breaks(g):
    """Arrows that point up a layer or across the app's folders, as
    ``"a -> b"`` strings."""
    bad = []
    for a in sorted(g):
        la = LAYERS.index(a.split(".")[0])
        for b in sorted(g[a]):
            lb = LAYERS.index(b.split(".")[0])
            why = None
            if lb > la:
                why = "up the layers"
            elif a.startswith("app.kit") and b.startswith("app") and not b.startswith("app.kit"):
                why = "the kit imports only the kit"
            else:
                for game in GAMES:
                    if b.startswith(game) and not a.startswith(game) and (
                            a.startswith(GAMES) or a.startswith("app.persist")):
                        why = "a game's folder is its own"
            if why:
                bad.append("%s -> %s (%s)" % (a, b, why))
    return bad


def test_synthetic_graph_finds_its_cycles():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a"}, "f": set()}
    found = cycles(g)
    assert sorted(map(tuple, found)) == [("a", "b", "c", "a"), ("d", "d")]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_synthetic_imports_are_read_at_every_depth():
    src = ("from app.kit import text\n"
           "from . import sibling\n"
           "from .. import games\n"
           "def f():\n"
           "    import cardgames.clubs\n"
           "    return __import__('players.levels')\n")
    known = {"app", "app.kit", "app.kit.text", "app.clubs", "app.clubs.sibling",
             "app.games", "cardgames", "cardgames.clubs", "players", "players.levels"}
    assert imports_of("app.clubs.screen", src, known) == {
        "app.kit.text", "app.clubs.sibling", "app.games", "cardgames.clubs", "players.levels"}


def test_synthetic_layer_breaks_are_named():
    g = {"cardgames.x": {"app.main"}, "app.kit.text": {"app.games"},
         "app.clubs.screen": {"app.klaberjass.summary", "app.kit.text"},
         "app.main": {"cardgames.x"}}
    assert layer_breaks(g) == [
        "app.clubs.screen -> app.klaberjass.summary (a game's folder is its own)",
        "app.kit.text -> app.games (the kit imports only the kit)",
        "cardgames.x -> app.main (up the layers)"]


@pytest.fixture(scope="module")
def tree():
    return graph()


def test_the_graph_is_read(tree):
    # The reader sees the tree's arrows (else the next tests pass vacuously).
    assert "app.kit.text" in tree["app.main"] or "app.kit.text" in tree["app.title"]
    assert "cardgames.clubs" in tree["app.clubs.screen"]
    assert len(tree) > 80 and sum(map(len, tree.values())) > 150


def test_no_import_cycles(tree):
    found = cycles(tree)
    assert not found, "import cycles: " + "; ".join(" -> ".join(c) for c in found)


def test_imports_follow_the_layers(tree):
    bad = layer_breaks(tree)
    assert not bad, "imports against the layers: " + "; ".join(bad)
