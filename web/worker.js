// The console's engine, in a Web Worker so that the page never freezes while
// the computer thinks: MicroPython (WebAssembly) runs the unchanged firmware
// app through web/py/webport.py (display, buttons, clock, storage).
//
// Messages from the page:   {type: "start", board, seed, fast, files}
//                           {type: "key", group, down}   {type: "release"}
// Messages to the page:     {type: "hello"} once loaded, {type: "ready", ...},
//   {type: "frame", rgba, width, height, frames, screen},
//   {type: "store", set: {name: latin1}, del: [name]},
//   {type: "status", settled, seq, frames, screen}, {type: "fail", message}.
//
// The loop steps the app whenever something is due (Console.due): a key in
// flight is sampled every 5 ms, a computer move or animation waits for its
// deadline; with nothing due it sleeps until the next message. Key messages
// that arrive while a step runs (a long computer move) wait in the worker's
// queue and are all taken afterwards, none lost (WebKeys spaces them out).
// In fast mode (the page's ?clock=virtual) the virtual clock jumps to each
// deadline instead of waiting, except while a key is held.
import { loadMicroPython } from "./mp/micropython.mjs";

const inbox = [];
let wake = null;
self.onmessage = (e) => {
  inbox.push(e.data);
  if (wake) {
    const w = wake;
    wake = null;
    w();
  }
};

function nextMessage(ms) {
  // Resolves on the next message, or after ms (ms < 0: no timeout).
  return new Promise((resolve) => {
    let timer = null;
    wake = () => {
      if (timer !== null) clearTimeout(timer);
      resolve();
    };
    if (ms >= 0) {
      timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
    }
  });
}

// A zero-delay yield (setTimeout(0) is clamped to 4 ms when nested).
const channel = new MessageChannel();
const yielders = [];
channel.port1.onmessage = () => yielders.shift()();
function yieldNow() {
  return new Promise((resolve) => {
    yielders.push(resolve);
    channel.port2.postMessage(0);
  });
}

function latin1(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 4096) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 4096));
  }
  return s;
}

function bytesOf(s) {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i) & 0xff;
  return b;
}

// RGB565 -> 8 bits per channel, high bits replicated into the low ones
// (host_sim/display.py: the simulator's PNGs use the same expansion).
function paletteRGBA(pal) {
  const out = new Uint32Array(256);
  const bytes = new Uint8Array(out.buffer);
  for (let i = 0; i < 256; i++) {
    const c = (pal[2 * i] << 8) | pal[2 * i + 1];
    const r = c >> 11, g = (c >> 5) & 63, b = c & 31;
    bytes[4 * i] = (r << 3) | (r >> 2);
    bytes[4 * i + 1] = (g << 2) | (g >> 4);
    bytes[4 * i + 2] = (b << 3) | (b >> 2);
    bytes[4 * i + 3] = 255;
  }
  return out;
}

// The colours of a 1-bit frame: host_sim/display.py's MONO_DARK, MONO_LIT.
const MONO = [[0, 0, 0], [236, 244, 255]];

function frameRGBA(raw, w, h, mono) {
  const rgba = new Uint8ClampedArray(w * h * 4);
  if (mono) {
    for (let y = 0; y < h; y++) {
      const row = (y >> 3) * w, bit = 1 << (y & 7);
      for (let x = 0; x < w; x++) {
        const c = MONO[raw[row + x] & bit ? 1 : 0];
        const i = 4 * (y * w + x);
        rgba[i] = c[0]; rgba[i + 1] = c[1]; rgba[i + 2] = c[2]; rgba[i + 3] = 255;
      }
    }
  } else {
    const n = w * h;
    const lut = paletteRGBA(raw.subarray(n, n + 512));
    const px = new Uint32Array(rgba.buffer);
    for (let i = 0; i < n; i++) px[i] = lut[raw[i]];
  }
  return rgba;
}

let mp, FS, con;
let width = 0, height = 0, mono = false, fast = false;
let seq = 0; // key messages taken
const synced = new Map(); // file name -> latin1 contents as last sent to the page

function syncData() {
  const names = FS.readdir("/data").filter((n) => n !== "." && n !== "..");
  const set = {}, del = [];
  let any = false;
  for (const n of names) {
    const s = latin1(FS.readFile("/data/" + n));
    if (synced.get(n) !== s) {
      set[n] = s;
      synced.set(n, s);
      any = true;
    }
  }
  for (const n of [...synced.keys()]) {
    if (!names.includes(n)) {
      del.push(n);
      synced.delete(n);
      any = true;
    }
  }
  if (any) postMessage({ type: "store", set, del });
}

function sendFrame() {
  const raw = FS.readFile("/frame.bin");
  const rgba = frameRGBA(raw, width, height, mono);
  postMessage({ type: "frame", rgba, width, height, frames: con.display.frames,
                screen: con.screen() }, [rgba.buffer]);
}

function takeInbox() {
  while (inbox.length) {
    const m = inbox.shift();
    if (m.type === "key") {
      con.key(m.group, m.down);
      seq++;
    } else if (m.type === "release") {
      con.release_all();
    }
  }
}

async function load(start) {
  mp = await loadMicroPython({
    heapsize: 8 * 1024 * 1024,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  FS = mp.FS;
  const manifest = await (await fetch("files.json", { cache: "no-cache" })).json();
  const bodies = await Promise.all(manifest.files.map(async (p) => {
    const r = await fetch("py/" + p, { cache: "no-cache" });
    if (!r.ok) throw new Error("cannot fetch py/" + p + " (" + r.status + ")");
    return new Uint8Array(await r.arrayBuffer());
  }));
  manifest.files.forEach((p, i) => {
    const dir = "/py/" + p.split("/").slice(0, -1).join("/");
    FS.mkdirTree(dir);
    FS.writeFile("/py/" + p, bodies[i]);
  });
  FS.mkdirTree("/data");
  for (const [name, s] of Object.entries(start.files || {})) {
    FS.writeFile("/data/" + name, bytesOf(s));
    synced.set(name, s);
  }
  mp.runPython(`
import sys
sys.path[:0] = ["/py"]
import os
os.chdir("/py")
`);
}

async function main(start) {
  const t0 = performance.now();
  await load(start);
  fast = !!start.fast;
  const webport = mp.pyimport("webport");
  try {
    con = webport.Console(start.board, start.seed, fast);
  } catch (e) {
    postMessage({ type: "fail", message: e.message || String(e) });
    return;
  }
  width = con.display.width;
  height = con.display.height;
  mono = !!con.display.mono;
  postMessage({ type: "ready", width, height, mono, legend: con.legend(),
                groups: con.groups().split(" "), loadMs: performance.now() - t0 });
  sendFrame(); // the splash
  await yieldNow();
  con.boot();
  let settledSent = -1;
  for (;;) {
    takeInbox();
    const flags = con.tick();
    if (flags & 1) sendFrame();
    if (flags & 2) syncData();
    let due = con.due();
    if (due < 0 && inbox.length === 0) {
      if (settledSent !== seq || (flags & 1)) {
        postMessage({ type: "status", settled: true, seq, frames: con.display.frames,
                      screen: con.screen() });
        settledSent = seq;
      }
      await nextMessage(-1);
      continue;
    }
    settledSent = -1;
    if (fast && !con.held()) {
      con.advance(due < 0 ? 0 : due);
      await yieldNow();
    } else if (due > 0) {
      const before = performance.now();
      await nextMessage(due);
      if (fast) con.advance(Math.round(performance.now() - before));
    } else {
      await yieldNow();
    }
  }
}

(async () => {
  while (!inbox.some((m) => m.type === "start")) {
    postMessage({ type: "hello" });
    await nextMessage(-1);
  }
  const start = inbox.splice(inbox.findIndex((m) => m.type === "start"), 1)[0];
  try {
    await main(start);
  } catch (e) {
    console.error(e);
    postMessage({ type: "fail", message: (e && e.message) || String(e) });
  }
})();
