// Runs a Python file under real MicroPython (the WebAssembly port) in Node.
//
//   node tools/mp/mp_run.mjs [--heap 16m] [--path DIR]... [--root DIR] [--step FUNC] SCRIPT.py [ARGS...]
//
// Garbage collection in this port only reclaims memory between top-level
// runPython calls (a gc.collect() inside one call frees nothing), so a script
// that must measure live heap or run long defines a function and names it
// with --step FUNC: after the script body runs, FUNC() is called again and
// again, each in its own top-level call, until it returns a false value.
// --heap sets the initial heap (default 16m). The port grows its heap on
// demand, so --heap is no cap: it cannot stand in for the Pico's 200 KB.
// Measure with gc.mem_alloc() instead (tools/bench/bench_mp.py).
//
// Each --path DIR (default: firmware/) is copied into MicroPython's in-memory
// filesystem under /lib/<n> and put on sys.path, so `import cardgames` works
// as on the Pico. --root DIR instead lays DIR out as a board's filesystem:
// copied to /, the current folder, found through sys.path's "" as on the
// Pico, so modules get the same paths (app/kit/text.mpy) as on a board; it may
// be given once and replaces the default firmware/ path. ARGS reach the
// script as sys.argv[1:]. Files the script
// writes under /out are copied back to ./mp_out/ when it ends. The exit code is
// the script's: 0, sys.exit(n) (None counts 0, a message is printed and
// counts 1), or 1 on an uncaught exception (traceback on stderr); 2 for a bad
// command line or a missing script or --path folder.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "fs";
import path from "path";

const args = process.argv.slice(2);
let heap = 16 * 1024 * 1024;
const paths = [];
let stepFunc = null;
let root = null;
function usage(msg) {
  console.error(`mp_run: ${msg}`);
  console.error("usage: node tools/mp/mp_run.mjs [--heap N[k|m]] [--path DIR]... [--step FUNC] SCRIPT.py [ARGS...]");
  process.exit(2);
}

while (args.length && args[0].startsWith("--")) {
  const flag = args.shift();
  const value = args.shift();
  if (value === undefined) usage(`${flag} needs a value`);
  if (flag === "--heap") {
    const m = /^(\d+)([km]?)$/i.exec(value);
    if (!m) usage(`bad --heap ${JSON.stringify(value)} (want e.g. 512k or 16m)`);
    heap = parseInt(m[1], 10) * ({ "": 1, k: 1024, m: 1048576 }[m[2].toLowerCase()]);
    if (heap < 64 * 1024 || heap > 1024 * 1048576) usage("--heap must be between 64k and 1024m");
  } else if (flag === "--path") {
    paths.push(value);
  } else if (flag === "--root") {
    if (root !== null) usage("--root may be given once");
    root = value;
  } else if (flag === "--step") {
    stepFunc = value;
  } else {
    usage(`unknown option ${flag}`);
  }
}
if (!args.length) usage("no script given");
const here = path.dirname(new URL(import.meta.url).pathname);
if (!paths.length && root === null) paths.push(path.join(here, "..", "..", "firmware"));
const script = args.shift();
if (!fs.existsSync(script) || !fs.statSync(script).isFile()) usage(`no such script: ${script}`);
for (const p of paths) {
  if (!fs.existsSync(p) || !fs.statSync(p).isDirectory()) usage(`no such --path folder: ${p}`);
}
if (root !== null && (!fs.existsSync(root) || !fs.statSync(root).isDirectory())) {
  usage(`no such --root folder: ${root}`);
}

let stderr = "";
const mp = await loadMicroPython({
  heapsize: heap,
  linebuffer: false,
  stdout: (data) => process.stdout.write(data),
  stderr: (data) => { stderr += typeof data === "string" ? data : Buffer.from(data).toString(); },
});
const FS = mp.FS;

function copyTree(src, dst) {
  FS.mkdirTree(dst);
  for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, ent.name);
    const d = dst + "/" + ent.name;
    if (ent.isDirectory()) {
      if (ent.name !== "__pycache__") copyTree(s, d);
    } else if (ent.name.endsWith(".py") || ent.name.endsWith(".mpy") || ent.name.endsWith(".bin") || ent.name.endsWith(".txt")) {
      FS.writeFile(d, fs.readFileSync(s));
    }
  }
}

const libs = paths.map((p, i) => {
  const dst = `/lib/${i}`;
  copyTree(path.resolve(p), dst);
  return dst;
});
if (root !== null) copyTree(path.resolve(root), "/");
FS.mkdirTree("/out");
FS.writeFile("/main_script.py", fs.readFileSync(script));
mp.runPython(`
import sys
if ${root !== null ? "True" : "False"} and sys.path[:1] != [""]:
    # The current folder is / (importing os to make sure would cost this
    # port's heap some 700 bytes a Pico does not spend).
    if "" in sys.path:
        sys.path.remove("")
    sys.path.insert(0, "")
sys.path[:0] = ${JSON.stringify(libs)}
sys.argv[:] = ${JSON.stringify([script, ...args])}
`);

// Runs BODY at top level; returns [exit code, whether to go on].
function run(body) {
  try {
    mp.runPython(`
import sys
_rc = 0
_more = False
try:
${body}
except SystemExit as e:
    _rc = e.args[0] if e.args else 0
    if _rc is None:
        _rc = 0
    elif not isinstance(_rc, int):
        print(_rc, file=sys.stderr)
        _rc = 1
except BaseException as e:
    sys.print_exception(e, sys.stderr)
    _rc = 1
_status = (_rc if isinstance(_rc, int) else 1) * 2 + (1 if _more else 0)
`);
    const n = mp.globals.get("_status");
    return [n >> 1, n & 1];
  } catch (e) {
    stderr += String(e) + "\n";
    return [1, 0];
  }
}

mp.runPython(`_g = {"__name__": "__main__"}`);
let [code, more] = run(`    exec(open("/main_script.py").read(), _g)`);
if (code === 0 && stepFunc) {
  more = 1;
  while (code === 0 && more) {
    [code, more] = run(`    _more = bool(_g[${JSON.stringify(stepFunc)}]())`);
  }
}
if (stderr) process.stderr.write(stderr);
for (const name of FS.readdir("/out")) {
  if (name === "." || name === "..") continue;
  fs.mkdirSync("mp_out", { recursive: true });
  fs.writeFileSync(path.join("mp_out", name), FS.readFile("/out/" + name));
}
process.exit(code);
