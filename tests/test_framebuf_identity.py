"""host_sim/framebuf.py must be byte-identical to MicroPython's own framebuf.

The identity test generates a few hundred seeded random drawing sequences (every
implemented FrameBuffer method, every format, edge-case arguments: negative and
huge coordinates, zero/negative sizes, blit keys and palettes, tuple sources,
self-blits, memoryview-backed buffers, bad arguments), runs them all in ONE real
MicroPython 1.27 process (``node tools/mp/mp_run.mjs``, WebAssembly port, 32-bit
like the Pico) and in CPython against host_sim/framebuf.py, and compares the
full buffer contents, pixel reads and exception types, case by case.

Besides ~600 random cases there are fixed ones for what the app does most: glyph
blits (MONO_HLSB 10x20 through a 2-entry RGB565 palette with a key), mono-to-mono
glyph copies with every key, both mono bit orders into RGB565/GS8, and a full
240x135 RGB565 frame; plus ~200 constructor argument combinations.

The same runner source (``RUNNER``) is executed on both sides, so the only thing
that differs is the ``framebuf`` module.
"""

import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from array import array

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MP_RUN = os.path.join(REPO, "tools", "mp", "mp_run.mjs")
MP_PKG = os.path.join(REPO, "node_modules", "@micropython", "micropython-webassembly-pyscript")


def _load_sim_framebuf():
    """host_sim/framebuf.py loaded by path (no sys.path or package side effects)."""
    path = os.path.join(REPO, "host_sim", "framebuf.py")
    spec = importlib.util.spec_from_file_location("_sim_framebuf", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fb = _load_sim_framebuf()

# --------------------------------------------------------------------------------------
# Runner: executed verbatim by MicroPython and by CPython. Must stay compatible with
# both (no f-strings with "=", no CPython-only modules).
# --------------------------------------------------------------------------------------

RUNNER = r"""
from array import array


def _fill_seed(buf, seed):
    s = seed % 65521 + 1
    for i in range(len(buf)):
        s = (s * 75 + 74) % 65537
        buf[i] = s & 0xFF


def _need(fbm, fmt, w, h, stride):
    if stride is None:
        stride = w
    bpp = 1
    hr = h
    wr = w
    sr = h - 1
    if fmt == fbm.MONO_VLSB:
        hr = (h + 7) & ~7
        sr = hr - 8
    elif fmt == fbm.MONO_HLSB or fmt == fbm.MONO_HMSB:
        stride = (stride + 7) & ~7
        wr = (w + 7) & ~7
    elif fmt == fbm.GS2_HMSB:
        stride = (stride + 3) & ~3
        wr = (w + 3) & ~3
        bpp = 2
    elif fmt == fbm.GS4_HMSB:
        stride = (stride + 1) & ~1
        wr = (w + 1) & ~1
        bpp = 4
    elif fmt == fbm.GS8:
        bpp = 8
    elif fmt == fbm.RGB565:
        bpp = 16
    return (sr * stride + (hr - sr) * wr) * bpp // 8


def _buffer(fbm, spec):
    # spec: [fmt, w, h, stride, extra, seed, kind] -> (buffer object, bytes-like to dump)
    fmt, w, h, stride, extra, seed, kind = spec
    n = _need(fbm, fmt, w, h, stride) + extra
    if kind == "mv":
        outer = bytearray(n + 6)
        _fill_seed(outer, seed)
        return memoryview(outer)[3 : 3 + n], outer
    if kind == "arr":
        outer = array("B", bytes(n))
        _fill_seed(outer, seed)
        return outer, outer
    outer = bytearray(n)
    _fill_seed(outer, seed)
    if kind == "ro":
        outer = bytes(outer)
    return outer, outer


def _fb_args(fbm, spec, obj):
    fmt, w, h, stride = spec[0], spec[1], spec[2], spec[3]
    if stride is None:
        return (obj, w, h, fmt)
    return (obj, w, h, fmt, stride)


def _source(fbm, spec, keep):
    # spec = [as_tuple, bufspec]
    obj, outer = _buffer(fbm, spec[1])
    keep.append(outer)
    args = _fb_args(fbm, spec[1], obj)
    if spec[0]:
        return list(args) if spec[0] == 2 else args
    return fbm.FrameBuffer(*args)


def _arg(fbm, v):
    # JSON-friendly encodings of awkward arguments
    if isinstance(v, list):
        tag = v[0]
        if tag == "f":
            return float(v[1])
        if tag == "big":
            return v[1] * (2 ** 31) + v[2]
        if tag == "arr":
            return array(v[1], v[2])
        if tag == "list":
            return v[1]
        if tag == "none":
            return None
    return v


def _hex(b):
    return "".join("%02x" % x for x in bytes(b))


def run_ctor(fbm, spec):
    # spec: [fmt, w, h, stride, delta, kind]
    fmt, w, h, stride, delta, kind = spec
    try:
        n = max(0, _need(fbm, fmt, w, h, stride) + delta)
    except Exception:
        n = 16
    if kind == "ro":
        obj = bytes(n)
    elif kind == "int":
        obj = 5
    else:
        obj = bytearray(n)
    try:
        if stride is None:
            fbm.FrameBuffer(obj, _arg(fbm, w), _arg(fbm, h), fmt)
        else:
            fbm.FrameBuffer(obj, _arg(fbm, w), _arg(fbm, h), fmt, _arg(fbm, stride))
        return "ok"
    except Exception as e:
        return "E:" + type(e).__name__


def run_case(fbm, case):
    dst_obj, dst_outer = _buffer(fbm, case["dst"])
    keep = []
    out = []
    try:
        f = fbm.FrameBuffer(*_fb_args(fbm, case["dst"], dst_obj))
    except Exception as e:
        return "ctor E:" + type(e).__name__
    srcs = [_source(fbm, s, keep) for s in case["srcs"]]
    pals = [_source(fbm, s, keep) for s in case["pals"]]
    for op in case["ops"]:
        name = op[0]
        args = [_arg(fbm, a) for a in op[1:]]
        try:
            if name == "blit":
                s = args[0]
                if s == -2:
                    # another FrameBuffer over the same memory: a window of the frame
                    d = case["dst"]
                    stride = d[1] if d[3] is None else d[3]
                    w2 = max(1, d[1] // 2)
                    h2 = max(1, d[2] // 2)
                    args[0] = fbm.FrameBuffer(dst_obj, w2, h2, d[0], stride)
                elif isinstance(s, int):
                    args[0] = f if s < 0 else srcs[s]
                if len(args) > 4 and isinstance(args[4], int):
                    args[4] = pals[args[4]]
            r = getattr(f, name)(*args)
            if r is not None:
                out.append(str(r))
        except Exception as e:
            out.append("E:" + type(e).__name__)
    out.append(_hex(dst_outer))
    return " ".join(out)
"""

# --------------------------------------------------------------------------------------
# Case generation (CPython only; seeded, so MicroPython and CPython see the same data)
# --------------------------------------------------------------------------------------

FORMATS = [fb.MONO_VLSB, fb.MONO_HLSB, fb.MONO_HMSB, fb.RGB565, fb.GS2_HMSB, fb.GS4_HMSB, fb.GS8]
VALUE_RANGE = {
    fb.MONO_VLSB: 2,
    fb.MONO_HLSB: 2,
    fb.MONO_HMSB: 2,
    fb.GS2_HMSB: 4,
    fb.GS4_HMSB: 16,
    fb.GS8: 256,
    fb.RGB565: 65536,
}
HUGE = [2**31 - 1, -(2**31 - 1), 10**6, -(10**6), 2**30, -(2**30) - 7]


def _coord(rng, size, huge=True):
    r = rng.random()
    if huge and r < 0.04:
        return rng.choice(HUGE)
    if r < 0.15:
        return rng.choice([0, -1, size - 1, size, size + 1, -size])
    if r < 0.4:
        return rng.randint(-6, size + 6)
    return rng.randrange(size)


def _length(rng, size, huge=True):
    r = rng.random()
    if huge and r < 0.05:
        return rng.choice(HUGE)
    if r < 0.2:
        return rng.choice([0, -1, -5, 1, size, size + 3])
    return rng.randint(-3, size + 4)


def _colour(rng, fmt):
    r = rng.random()
    if r < 0.1:
        return rng.choice([-1, 0, 1, 2, 0xFFFF, 0x10000, -0x8000, 2**31 - 1, -(2**31 - 1)])
    return rng.randrange(VALUE_RANGE[fmt])


def _bufspec(rng, fmt, w, h, allow_ro=False, kinds=("ba", "ba", "ba", "mv", "arr")):
    stride = None
    r = rng.random()
    if r < 0.25:
        stride = w + rng.randint(0, 9)
    elif r < 0.35:
        stride = w
    kind = rng.choice(kinds + (("ro",) if allow_ro else ()))
    return [fmt, w, h, stride, rng.choice([0, 0, 0, 1, 5]), rng.randrange(1 << 30), kind]


def _source_spec(rng, fmt, w, h):
    as_tuple = rng.choice([0, 0, 0, 1, 2])
    return [as_tuple, _bufspec(rng, fmt, w, h, allow_ro=bool(as_tuple))]


def _bad_arg(rng):
    return rng.choice([["f", 1.5], ["big", 1, 0], ["big", -1, 0], ["none"]])


def _gen_op(rng, fmt, w, h, srcs, pals):
    kind = rng.choice(
        ["fill", "pixel", "getpixel", "hline", "vline", "rect", "fill_rect", "line"] * 2
        + ["ellipse", "ellipse", "poly", "poly", "blit", "blit", "blit", "blit", "scroll", "bad"]
    )
    c = _colour(rng, fmt)
    if kind == "fill":
        return ["fill", c]
    if kind == "pixel":
        return ["pixel", _coord(rng, w), _coord(rng, h), c]
    if kind == "getpixel":
        return ["pixel", _coord(rng, w), _coord(rng, h)]
    if kind == "hline":
        return ["hline", _coord(rng, w), _coord(rng, h), _length(rng, w), c]
    if kind == "vline":
        return ["vline", _coord(rng, w), _coord(rng, h), _length(rng, h), c]
    if kind == "rect":
        op = ["rect", _coord(rng, w), _coord(rng, h), _length(rng, w), _length(rng, h), c]
        if rng.random() < 0.5:
            op.append(rng.choice([True, False, 0, 1]))
        return op
    if kind == "fill_rect":
        return ["fill_rect", _coord(rng, w), _coord(rng, h), _length(rng, w), _length(rng, h), c]
    if kind == "line":
        if rng.random() < 0.05:
            pts = [rng.randint(-1000, 1000) for _ in range(4)]
        else:
            pts = [rng.randint(-15, w + 15), rng.randint(-15, h + 15)]
            pts += [rng.randint(-15, w + 15), rng.randint(-15, h + 15)]
        return ["line"] + pts + [c]
    if kind == "ellipse":
        if rng.random() < 0.04:
            xr, yr = rng.choice([(1100, 1100), (50000, 3), (3, 40000), (0, 5), (-4, 6), (-3, -3)])
        else:
            xr, yr = rng.randint(-2, max(w, h)), rng.randint(-2, max(w, h))
            if rng.random() < 0.1:
                xr = yr = 0
        op = ["ellipse", _coord(rng, w, False), _coord(rng, h, False), xr, yr, c]
        r = rng.random()
        if r < 0.7:
            op.append(rng.choice([True, False]))
        if r < 0.4:
            op.append(rng.randrange(-2, 40))
        return op
    if kind == "poly":
        typecode = rng.choice(["h", "h", "h", "b", "B", "i"])
        n = rng.choice([0, 1, 2, 3, 3, 4, 4, 5, 6, 7])
        lo, hi = (0, 255) if typecode == "B" else (-128, 127) if typecode == "b" else (-50, 250)
        vals = []
        for _ in range(n):
            vals.append(max(lo, min(hi, rng.randint(-8, w + 8))))
            vals.append(max(lo, min(hi, rng.randint(-8, h + 8))))
        if rng.random() < 0.1:
            vals.append(rng.randint(0, 9))  # odd count: trailing value ignored
        if typecode == "h" and rng.random() < 0.05:
            vals = [0, 0, 3000, 5, -2000, 40, 7, -900]
        op = ["poly", _coord(rng, w, False), _coord(rng, h, False), ["arr", typecode, vals], c]
        if rng.random() < 0.6:
            op.append(rng.choice([True, False]))
        return op
    if kind == "blit":
        # -1: blit the frame onto itself; -2: a FrameBuffer window onto the same memory
        si = rng.randrange(len(srcs) + 2) - 2
        sfmt, sw, sh = (fmt, w, h) if si < 0 else srcs[si][1][:3]
        op = ["blit", si, _coord(rng, w) - rng.randint(0, sw), _coord(rng, h) - rng.randint(0, sh)]
        r = rng.random()
        pal_ok = [i for i, p in enumerate(pals) if p[1][1] >= VALUE_RANGE[sfmt]]
        if r < 0.75:
            key = rng.choice(
                [-1, 0, 1, 2, 15, 0xFFFF, 0x1FFFF, 2**31 - 1, rng.randrange(VALUE_RANGE[fmt])]
            )
            op.append(key)
            if r < 0.55 and pal_ok:
                op.append(rng.choice(pal_ok))
            elif r < 0.6:
                op.append(["none"])
        return op
    if kind == "scroll":
        if rng.random() < 0.05:
            return ["scroll", rng.choice(HUGE), rng.choice(HUGE)]
        return ["scroll", rng.randint(-w - 2, w + 2), rng.randint(-h - 2, h + 2)]
    # bad arguments: the same exception type must be raised on both sides
    which = rng.randrange(7)
    if which == 0:
        return ["fill_rect", 0, 0, _bad_arg(rng), 2, c]
    if which == 1:
        return ["pixel", 1, 1, _bad_arg(rng)]
    if which == 2:
        return ["poly", 0, 0, ["list", [0, 0, 3, 3, 0, 3]], c]
    if which == 3:
        return ["poly", 0, 0, ["arr", "f", [0.0, 0.0, 3.0, 3.0]], c]
    if which == 4:
        return ["blit", ["list", [1, 2, 3]], 0, 0]
    if which == 5:
        if not srcs:
            return ["blit", ["list", [1, 2, 3, 4, 5, 6]], 0, 0]  # 6-item "framebuffer"
        return ["blit", 0, 0, 0, -1, ["f", 5]]  # palette that is a float
    return ["hline", _bad_arg(rng), 0, 3, c]


def _gen_case(rng):
    if rng.random() < 0.35:
        fmt = fb.RGB565
    else:
        fmt = rng.choice(FORMATS)
    w = rng.choice([1, 2, 3, 5, 7, 8, 9, 12, 16, 17, 20, 24])
    h = rng.choice([1, 2, 3, 5, 7, 8, 9, 12, 16, 17, 20])
    srcs = []
    for _ in range(rng.randint(0, 3)):
        if fmt == fb.RGB565 and rng.random() < 0.5:
            sfmt = fb.MONO_HLSB  # the app's font glyphs
            sw, sh = rng.choice([(6, 12), (8, 16), (10, 20), (3, 5)])
        elif fmt in (fb.MONO_HLSB, fb.MONO_HMSB) and rng.random() < 0.6:
            sfmt = fmt  # glyph strip -> scratch glyph copies
            sw, sh = rng.randint(1, 20), rng.randint(1, 12)
        else:
            sfmt = rng.choice(FORMATS)
            sw, sh = rng.randint(1, 12), rng.randint(1, 12)
        srcs.append(_source_spec(rng, sfmt, sw, sh))
    pals = []
    for _ in range(rng.randint(0, 2)):
        pfmt = fmt if rng.random() < 0.8 else rng.choice(FORMATS)
        n = rng.choice([2, 2, 4, 16, 256])
        pals.append(_source_spec(rng, pfmt, n, 1))
    ops = [_gen_op(rng, fmt, w, h, srcs, pals) for _ in range(rng.randint(1, 24))]
    return {"dst": _bufspec(rng, fmt, w, h), "srcs": srcs, "pals": pals, "ops": ops}


def _gen_ctor(rng):
    fmt = rng.choice(FORMATS * 3 + [7, -1, 99])
    w = rng.choice([1, 3, 8, 9, 17] * 3 + [0, -1, 0xFFFF, 0x10000])
    h = rng.choice([1, 2, 7, 8, 9, 16] * 3 + [0, -2])
    stride = rng.choice([None] * 4 + [w, w + 1, w + 3, w + 8, w - 1, 0x10000])
    if w > 100 or stride is not None and stride > 100:
        h = 1
    delta = rng.choice([0, 0, 0, 3, -1, 1, -3])
    kind = rng.choice(["ba"] * 8 + ["ro", "int"])
    return [fmt, w, h, stride, delta, kind]


def generate(seed=2024, n_cases=600, n_ctor=200):
    rng = random.Random(seed)
    cases = [_gen_case(rng) for _ in range(n_cases)]
    # fixed cases the app relies on: glyph blits into an RGB565 frame
    glyph = [1, [fb.MONO_HLSB, 10, 20, None, 0, 77, "ba"]]
    pal = [0, [fb.RGB565, 2, 1, None, 0, 5, "ba"]]
    cases.append(
        {
            "dst": [fb.RGB565, 24, 20, None, 0, 9, "ba"],
            "srcs": [glyph],
            "pals": [pal],
            "ops": [["blit", 0, x, y, k, 0] for x, y, k in [(0, 0, -1), (7, 3, 0), (-4, -9, 1)]]
            + [["blit", 0, 20, 15, 0], ["blit", 0, -9, -19], ["blit", 0, 23, 19, 0xFFFF, 0]],
        }
    )
    # a full-size simulator frame (240x135 RGB565): exercises the contiguous fast paths
    cases.append(
        {
            "dst": [fb.RGB565, 240, 135, None, 0, 11, "ba"],
            "srcs": [glyph, [0, [fb.RGB565, 40, 30, None, 0, 3, "ba"]]],
            "pals": [pal],
            "ops": [
                ["fill", 0x1234],
                ["fill_rect", -5, 3, 300, 40, 0xF800],
                ["fill_rect", 0, 0, 240, 135, 0x07E0],
                ["fill_rect", 10, 100, 230, 60, 0x001F],
                ["rect", 2, 2, 236, 131, 0xFFFF],
                ["ellipse", 120, 67, 60, 40, 0xABCD, True],
                ["ellipse", 120, 67, 70, 50, 0x5555, False, 5],
                ["line", -20, -10, 260, 140, 0x0F0F],
                ["poly", 30, 20, ["arr", "h", [0, 0, 50, 10, 20, 60, -10, 30]], 0x7777, True],
                ["scroll", -3, 2],
                ["blit", 1, 200, 100, 0x1234],
                ["blit", 0, 235, 130, 0, 0],
            ]
            + [["blit", 0, 11 * k - 3, 7 * k - 5, 0, 0] for k in range(25)],
        }
    )
    # mono -> same mono format blits (the app's glyph strip -> scratch copies), all keys
    for fmt in (fb.MONO_HLSB, fb.MONO_HMSB):
        for stride in (None, 27):
            srcs = [
                [0, [fmt, 13, 7, None, 0, rng.randrange(1 << 30), "ba"]],
                [0, [fmt, 6, 30, 11, 0, rng.randrange(1 << 30), "ba"]],
                [1, [fmt, 9, 4, None, 0, rng.randrange(1 << 30), "ro"]],
            ]
            ops = [
                ["blit", rng.randrange(3), rng.randint(-14, 22), rng.randint(-30, 10)]
                + [rng.choice([0, 1, -1, 2])]
                for _ in range(40)
            ]
            cases.append(
                {
                    "dst": [fmt, 21, 9, stride, 0, rng.randrange(1 << 30), "ba"],
                    "srcs": srcs,
                    "pals": [],
                    "ops": ops,
                }
            )
    # mono sources (both bit orders) into RGB565 / GS8 frames, with and without palettes
    for fmt in (fb.RGB565, fb.GS8):
        srcs = [
            [0, [fb.MONO_HMSB, 11, 6, None, 0, rng.randrange(1 << 30), "ba"]],
            [0, [fb.MONO_HLSB, 10, 5, 17, 0, rng.randrange(1 << 30), "ba"]],
        ]
        pals = [[0, [fmt, 2, 1, None, 0, rng.randrange(1 << 30), "ba"]]]
        ops = []
        for _ in range(40):
            op = ["blit", rng.randrange(2), rng.randint(-12, 18), rng.randint(-7, 12)]
            r = rng.random()
            if r < 0.8:
                op.append(rng.choice([-1, 0, 1, rng.randrange(VALUE_RANGE[fmt])]))
            if r < 0.6:
                op.append(0)
            ops.append(op)
        cases.append(
            {
                "dst": [fmt, 16, 10, None, 0, rng.randrange(1 << 30), "ba"],
                "srcs": srcs,
                "pals": pals,
                "ops": ops,
            }
        )
    ctors = [_gen_ctor(rng) for _ in range(n_ctor)]
    return json.loads(json.dumps(cases)), json.loads(json.dumps(ctors))


MP_MAIN = r"""
import json
import framebuf

CASES = json.loads(%r)
CTORS = json.loads(%r)
for i, case in enumerate(CASES):
    print("C%%d %%s" %% (i, run_case(framebuf, case)))
for i, spec in enumerate(CTORS):
    print("K%%d %%s" %% (i, run_ctor(framebuf, spec)))
print("DONE")
"""


def _run_micropython(cases, ctors):
    script = RUNNER + MP_MAIN % (json.dumps(cases), json.dumps(ctors))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "fb_identity.py")
        with open(path, "w") as f:
            f.write(script)
        proc = subprocess.run(
            ["node", MP_RUN, "--heap", "64m", "--path", tmp, path],
            cwd=tmp,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert proc.returncode == 0, "MicroPython run failed:\n" + proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert lines and lines[-1] == "DONE", proc.stdout[-2000:] + proc.stderr[-2000:]
    res = {}
    for line in lines[:-1]:
        tag, _, rest = line.partition(" ")
        res[tag] = rest
    return res


def _run_cpython(cases, ctors):
    ns = {"__name__": "fb_identity_runner"}
    exec(compile(RUNNER, "<RUNNER>", "exec"), ns)
    res = {}
    for i, case in enumerate(cases):
        res["C%d" % i] = ns["run_case"](fb, case)
    for i, spec in enumerate(ctors):
        res["K%d" % i] = ns["run_ctor"](fb, spec)
    return res


def _node_available():
    return shutil.which("node") is not None and os.path.isdir(MP_PKG)


@pytest.mark.skipif(
    not _node_available(),
    reason="needs `node` and node_modules/@micropython/micropython-webassembly-pyscript "
    "(run `npm ci`); CI installs both",
)
def test_identical_to_micropython():
    cases, ctors = generate()
    mp = _run_micropython(cases, ctors)
    sim = _run_cpython(cases, ctors)
    assert set(mp) == set(sim)
    bad = [k for k in sorted(mp, key=lambda k: (k[0], int(k[1:]))) if mp[k] != sim[k]]
    if bad:
        msgs = []
        for k in bad[:3]:
            what = cases[int(k[1:])] if k[0] == "C" else ctors[int(k[1:])]
            msgs.append(
                "%s: %s\n  micropython: %s\n  host_sim:    %s"
                % (k, json.dumps(what)[:1500], mp[k][:600], sim[k][:600])
            )
        pytest.fail("%d of %d cases differ:\n%s" % (len(bad), len(mp), "\n".join(msgs)))


# --------------------------------------------------------------------------------------
# Plain unit tests (no MicroPython needed)
# --------------------------------------------------------------------------------------


def test_constants_match_micropython():
    assert (fb.MONO_VLSB, fb.RGB565, fb.GS4_HMSB, fb.MONO_HLSB) == (0, 1, 2, 3)
    assert (fb.MONO_HMSB, fb.GS2_HMSB, fb.GS8, fb.MVLSB) == (4, 5, 6, 0)


def test_rgb565_is_little_endian():
    buf = bytearray(4 * 2 * 2)
    f = fb.FrameBuffer(buf, 4, 2, fb.RGB565)
    f.fill(0xF800)
    assert bytes(buf[:2]) == b"\x00\xf8"
    assert bytes(buf) == b"\x00\xf8" * 8
    f.pixel(1, 1, 0x1234)
    assert bytes(buf[10:12]) == b"\x34\x12"


@pytest.mark.parametrize("fmt", [fb.MONO_VLSB, fb.MONO_HLSB, fb.MONO_HMSB, fb.RGB565, fb.GS8])
def test_pixel_round_trip(fmt):
    buf = bytearray(64)
    f = fb.FrameBuffer(buf, 5, 6, fmt)
    top = {fb.RGB565: 0xFFFF, fb.GS8: 0xFF}.get(fmt, 1)
    for y in range(6):
        for x in range(5):
            f.pixel(x, y, (x * 7 + y * 13) % (top + 1))
    for y in range(6):
        for x in range(5):
            assert f.pixel(x, y) == (x * 7 + y * 13) % (top + 1)
    assert f.pixel(5, 0) is None and f.pixel(-1, 0) is None


def test_writes_land_in_callers_buffer():
    outer = bytearray(20)
    f = fb.FrameBuffer(memoryview(outer)[2:18], 8, 1, fb.RGB565)
    f.fill_rect(1, 0, 2, 1, 0xABCD)
    assert bytes(outer[:8]) == b"\x00\x00\x00\x00\xcd\xab\xcd\xab"
    arr = array("H", [0] * 6)
    g = fb.FrameBuffer(arr, 3, 2, fb.RGB565)
    g.hline(0, 1, 3, 0x0102)
    assert list(arr) == [0, 0, 0, 0x0102, 0x0102, 0x0102] or sys.byteorder != "little"


def test_errors():
    with pytest.raises(ValueError):
        fb.FrameBuffer(bytearray(3), 2, 2, fb.GS8)  # too small (needs 4)
    with pytest.raises(ValueError, match="invalid format"):
        fb.FrameBuffer(bytearray(8), 2, 2, 42)
    with pytest.raises(TypeError):
        fb.FrameBuffer(bytes(8), 2, 2, fb.GS8)  # read-only
    f = fb.FrameBuffer(bytearray(8), 2, 2, fb.RGB565)
    with pytest.raises(OverflowError):
        f.fill(2**31)
    with pytest.raises(TypeError):
        f.fill_rect(0, 0, 1.0, 1, 1)
    with pytest.raises(TypeError):
        f.blit(f, 0, 0, key=1)  # positional only, as on MicroPython
    with pytest.raises(NotImplementedError, match="font"):
        f.text("hi", 0, 0, 1)


def test_glyph_blit_with_palette_and_key():
    glyph = bytearray([0b10100000, 0b01000000])  # 3x2 MONO_HLSB
    src = fb.FrameBuffer(glyph, 3, 2, fb.MONO_HLSB)
    pal = fb.FrameBuffer(bytearray(4), 2, 1, fb.RGB565)
    pal.pixel(0, 0, 0x0001)  # background (keyed out)
    pal.pixel(1, 0, 0xF800)  # ink
    buf = bytearray(4 * 3 * 2)
    dst = fb.FrameBuffer(buf, 4, 3, fb.RGB565)
    dst.fill(0x07E0)
    dst.blit(src, 1, 1, 0x0001, pal)
    rows = [[dst.pixel(x, y) for x in range(4)] for y in range(3)]
    assert rows == [
        [0x07E0] * 4,
        [0x07E0, 0xF800, 0x07E0, 0xF800],
        [0x07E0, 0x07E0, 0xF800, 0x07E0],
    ]


def test_fast_paths_are_fast():
    """Full-frame fill and glyph blits must be cheap enough for ~30 redraws per second."""
    import time

    buf = bytearray(240 * 135 * 2)
    f = fb.FrameBuffer(buf, 240, 135, fb.RGB565)
    glyph = fb.FrameBuffer(bytearray(2 * 20), 10, 20, fb.MONO_HLSB)
    pal = fb.FrameBuffer(bytearray(4), 2, 1, fb.RGB565)
    t = time.perf_counter()
    for i in range(20):
        f.fill(i)
        f.fill_rect(10, 10, 200, 100, 0xFFFF - i)
        for k in range(40):
            f.blit(glyph, (k * 11) % 230, (k * 7) % 115, 0, pal)
    per_frame = (time.perf_counter() - t) / 20
    assert per_frame < 0.03, per_frame
