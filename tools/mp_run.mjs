// Runs a Python file under real MicroPython (the WebAssembly port) in Node.
//
//   node tools/mp_run.mjs [--heap 192k] [--path DIR]... SCRIPT.py [ARGS...]
//
// Each --path DIR (default: firmware/) is copied into MicroPython's in-memory
// filesystem under /lib/<n> and put on sys.path, so `import cardgames` works
// as on the Pico. ARGS reach the script as sys.argv[1:]. Files the script
// writes under /out are copied back to ./mp_out/ when it ends. The exit code is
// the script's: 0, sys.exit(n), or 1 on an uncaught exception (traceback on
// stderr).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "fs";
import path from "path";

const args = process.argv.slice(2);
let heap = 192 * 1024;
const paths = [];
while (args.length && args[0].startsWith("--")) {
  const flag = args.shift();
  const value = args.shift();
  if (flag === "--heap") {
    const m = /^(\d+)([km]?)$/i.exec(value || "");
    if (!m) throw new Error(`bad --heap ${value}`);
    heap = parseInt(m[1], 10) * ({ "": 1, k: 1024, m: 1048576 }[m[2].toLowerCase()]);
  } else if (flag === "--path") {
    paths.push(value);
  } else {
    console.error(`unknown option ${flag}`);
    process.exit(2);
  }
}
if (!args.length) {
  console.error("usage: node tools/mp_run.mjs [--heap N] [--path DIR]... SCRIPT.py [ARGS...]");
  process.exit(2);
}
const here = path.dirname(new URL(import.meta.url).pathname);
if (!paths.length) paths.push(path.join(here, "..", "firmware"));
const script = args.shift();

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
    } else if (ent.name.endsWith(".py") || ent.name.endsWith(".bin") || ent.name.endsWith(".txt")) {
      FS.writeFile(d, fs.readFileSync(s));
    }
  }
}

const libs = paths.map((p, i) => {
  const dst = `/lib/${i}`;
  copyTree(path.resolve(p), dst);
  return dst;
});
FS.mkdirTree("/out");
FS.writeFile("/main_script.py", fs.readFileSync(script));
mp.runPython(`
import sys
sys.path[:0] = ${JSON.stringify(libs)}
sys.argv[:] = ${JSON.stringify([script, ...args])}
`);

let code = 0;
try {
  const rc = mp.runPython(`
import sys
_rc = 0
try:
    exec(open("/main_script.py").read(), {"__name__": "__main__"})
except SystemExit as e:
    _rc = e.args[0] if e.args else 0
except BaseException as e:
    sys.print_exception(e, sys.stderr)
    _rc = 1
_rc
`);
  code = typeof rc === "number" ? rc : rc ? 1 : 0;
} catch (e) {
  stderr += String(e) + "\n";
  code = 1;
}
if (stderr) process.stderr.write(stderr);
for (const name of FS.readdir("/out")) {
  if (name === "." || name === "..") continue;
  fs.mkdirSync("mp_out", { recursive: true });
  fs.writeFileSync(path.join("mp_out", name), FS.readFile("/out/" + name));
}
process.exit(code);
