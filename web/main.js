// The page: shows the worker's frames on the canvas, sends it keys and
// on-screen button presses, and keeps the console's files in localStorage.
//
// URL parameters: board=NAME (a module of boards/, as the simulator's
// --board; remembered), seed=N (the session's deals, 0 <= N < 2**30; default and
// for a bad one, reported: random),
// clock=virtual (computer moves at once, as the headless simulator: for
// tests and demos).
//
// window.picocards holds what tests and the benchmark read: ready, frames
// drawn, screen (the app's screen class), sent/seq/settled (key messages
// sent, taken by the worker, and whether it has settled since the last one),
// titleAt (ms from navigation to the first title frame), latencies (ms from
// a key down to the next frame drawn).

const PREFIX = "picocards/"; // localStorage key of file NAME: PREFIX + NAME
const BOARD_PREF = "picocards-board";

// Keys as the simulator's window (host_sim/window.py): key -> key group.
const KEYS = {
  ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
  z: "z", Z: "z", Enter: "z", x: "x", X: "x", Escape: "x", Backspace: "x", " ": "space",
};

const pc = {
  ready: false, frames: 0, screen: "", sent: 0, seq: 0, settled: false,
  titleAt: null, latencies: [], error: null, storeErrors: 0,
};
window.picocards = pc;

const canvas = document.getElementById("lcd");
const ctx = canvas.getContext("2d", { alpha: false });
const message = document.getElementById("message");
const select = document.getElementById("board");
const params = new URLSearchParams(location.search);

function say(text, bad = false) {
  message.textContent = text;
  message.classList.toggle("bad", bad);
}

// --- storage: the console's files, one localStorage item each (bytes as a
// latin1 string: every byte one character) ---------------------------------

// null when the browser refuses storage (then nothing is kept, and the page says so).
let store = null;
try {
  store = window.localStorage;
  store.getItem(BOARD_PREF);
} catch (e) {
  store = null;
}

// A plain file name of the console's flat folder (hw.storage: one folder, no
// subfolders; app.persist.storage's names are game-clubs, settings, stats, r12 and those
// with .tmp or .bad1, .bad2 ... added). Any other key under PREFIX ("", "a/b",
// "..") is no file of the console: it is left alone in localStorage.
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
const MAX_NAME = 64;

function isFileName(name) {
  return name.length <= MAX_NAME && FILE_NAME.test(name);
}

// A value edited by hand may hold characters above U+00FF, which are no byte:
// it goes to the console as its UTF-8 bytes, not cut to 8 bits, so the copy a
// damaged file is set aside as keeps all of it.
function asBytes(v) {
  if (!/[^\x00-\xff]/.test(v)) return v;
  let s = "";
  for (const b of new TextEncoder().encode(v)) s += String.fromCharCode(b);
  return s;
}

// The console's files in localStorage {name: latin1}; the names of other
// keys under PREFIX go to skipped (if given).
function storedFiles(skipped) {
  const files = {};
  if (!store) return files;
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (!k.startsWith(PREFIX)) continue;
    const name = k.slice(PREFIX.length);
    if (isFileName(name)) files[name] = asBytes(store.getItem(k));
    else if (skipped) skipped.push(k);
  }
  return files;
}

// Names kept where they are for this session: a file the page could not move
// (its new name did not fit in the browser's storage) stays under its old name
// and is never written over or removed until the page is loaded again, as the
// device leaves a file it can neither read nor rename (app.persist.storage.STUCK).
const pinned = new Set();

// The worker's changes after a step: files to write (set: name -> latin1)
// and names gone (del). A rename arrives as the new name in set and the old
// in del, so every write goes first, and an old name whose contents did not
// reach the new one is kept: nothing is lost when the storage is full.
function applyStore(set, del) {
  if (!store) {
    say("This browser keeps no data for this page: settings and games last until it is closed.",
        true);
    return;
  }
  const failed = [];
  const notes = [];
  for (const [name, s] of Object.entries(set)) {
    if (pinned.has(name)) {
      pc.storeErrors++;
      notes.push("The browser did not keep " + name + ": the earlier " + name +
                 " could not be set aside, so it is kept and not written over.");
      continue;
    }
    try {
      store.setItem(PREFIX + name, s);
    } catch (e) {
      pc.storeErrors++;
      failed.push(s);
      notes.push("The browser did not keep " + name + " (" + e.name +
                 "): its storage is full or off.");
    }
  }
  for (const name of del) {
    if (pinned.has(name)) continue;
    const old = failed.length ? store.getItem(PREFIX + name) : null;
    if (old !== null && failed.includes(asBytes(old))) {
      pinned.add(name);
      notes.push("It is kept as " + name + " and not written over until the page is reloaded.");
      continue;
    }
    store.removeItem(PREFIX + name);
  }
  if (notes.length) say(notes.join(" "), true);
  listRecords();
}

function bytesOf(s) {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i) & 0xff;
  return b;
}

function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

let crcTable = null;

// The CRC-32 of latin1 string s (one byte a character), as the console's
// binascii.crc32.
function crc32(s) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xFFFFFFFF;
  for (let i = 0; i < s.length; i++) c = crcTable[(c ^ s.charCodeAt(i)) & 0xFF] ^ (c >>> 8);
  return (c ^ 0xFFFFFFFF) >>> 0;
}

// The game named in stored file `name` (latin1 `text`) when it is a record
// of the console, else null. As the console counts one (app.persist.files):
// the name r<number>, a record file whose length and checksum hold, and
// inside it the same number as its id.
function recordGame(name, text) {
  const m = /^r([1-9][0-9]{0,8})$/.exec(name);
  const nl = text.indexOf("\n");
  if (!m || nl < 0) return null;
  const head = text.slice(0, nl).split(" ");
  const body = text.slice(nl + 1);
  if (head.length !== 5 || head[0] !== "PICOCARDS" || head[1] !== "record" || head[2] !== "1" ||
      head[3] !== String(body.length) || !/^[0-9a-f]{8}$/.test(head[4]) ||
      parseInt(head[4], 16) !== crc32(body)) return null;
  const id = /(?:^|\n)id=([^\n]*)/.exec(body);
  const game = /(?:^|\n)game=([^\n]*)/.exec(body);
  return id && id[1] === m[1] && game ? game[1] : null;
}

function listRecords() {
  const list = document.getElementById("record-list");
  const files = storedFiles();
  const names = Object.keys(files).filter((n) => recordGame(n, files[n]) !== null);
  names.sort((a, b) => Number(b.slice(1)) - Number(a.slice(1)));
  list.replaceChildren();
  if (!names.length) {
    const li = document.createElement("li");
    li.textContent = "none yet";
    list.appendChild(li);
  }
  for (const n of names) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "record";
    b.dataset.name = n;
    b.textContent = "Download " + n;
    b.onclick = () => download(new Blob([bytesOf(files[n])], { type: "text/plain" }),
                               "picocards-" + n + ".txt");
    li.append(b, " " + recordGame(n, files[n]) + " (game " + n.slice(1) + ")");
    list.appendChild(li);
  }
}

// --- the screen ------------------------------------------------------------

let fw = 240, fh = 135;

// Pixels of CSS box ``e`` around its content on two sides: "x" or "y".
function edges(e, axis) {
  const c = getComputedStyle(e);
  const [p, q] = axis === "x" ? ["Left", "Right"] : ["Top", "Bottom"];
  return parseFloat(c["padding" + p]) + parseFloat(c["padding" + q]) +
    parseFloat(c["border" + p + "Width"]) + parseFloat(c["border" + q + "Width"]);
}

// The canvas takes the room the buttons leave: the console's width in
// portrait (the buttons go under it), the width between the D-pad and A/B
// in landscape, and the height left on the screen. It is scaled by a whole
// number of device pixels per frame pixel when that fills at least 95% of
// the room; otherwise (a phone: 390 CSS px at 3 device pixels each hold 4.9
// pixels of a 240-pixel frame) it fills the room, nearest-neighbour, which on
// a screen of 2 or more device pixels per CSS pixel makes every frame pixel
// 4 or 5 device pixels: too small a difference to see. On a screen of 1
// device pixel per CSS pixel the room is filled too while it holds less
// than WHOLE_FROM device pixels per frame pixel (a 390 px phone window
// holds 1.6: a whole 1 left the frame 240 px wide, 62% of the width, and
// frame pixels of 1 and 2 device pixels read well enough); from there a
// whole number is kept, as 3 and 4 pixel wide frame pixels would show.
const WHOLE_ENOUGH = 0.95;
const WHOLE_FROM = 3;

function fit() {
  const dpr = window.devicePixelRatio || 1;
  const vh = window.innerHeight;
  const con = document.getElementById("console");
  const scr = document.getElementById("screen");
  const dpad = document.getElementById("dpad"), ab = document.getElementById("ab");
  const landscape = document.documentElement.clientWidth > vh;
  const gap = parseFloat(getComputedStyle(con).columnGap) || 0;
  const rowGap = parseFloat(getComputedStyle(con).rowGap) || 0;
  const inner = con.clientWidth - edges(con, "x");
  const head = document.querySelector("header").offsetHeight;
  const below = message.offsetHeight ? message.offsetHeight + 6 : 0;
  const roomY = vh - head - edges(con, "y") - edges(scr, "y") - below;
  let w, h;
  if (landscape) {
    w = inner - dpad.offsetWidth - ab.offsetWidth - 2 * gap - edges(scr, "x");
    h = roomY;
  } else {
    w = inner - edges(scr, "x");
    h = roomY - rowGap - Math.max(dpad.offsetHeight, ab.offsetHeight);
  }
  const room = Math.max(1 / dpr, Math.min(w / fw, h / fh)); // CSS px per frame pixel
  let scale = Math.max(1, Math.floor(room * dpr)) / dpr;
  if ((dpr >= 2 || room < WHOLE_FROM) && scale < room * WHOLE_ENOUGH) scale = room;
  canvas.style.width = Math.floor(fw * scale * dpr) / dpr + "px";
  canvas.style.height = Math.floor(fh * scale * dpr) / dpr + "px";
}
window.addEventListener("resize", fit);

let pendingKeyAt = null;

function draw(m) {
  if (m.width !== canvas.width || m.height !== canvas.height) {
    canvas.width = m.width;
    canvas.height = m.height;
  }
  ctx.putImageData(new ImageData(m.rgba, m.width, m.height), 0, 0);
  pc.frames = m.frames;
  pc.screen = m.screen;
  if (pendingKeyAt !== null) {
    pc.latencies.push(performance.now() - pendingKeyAt);
    pendingKeyAt = null;
  }
  if (pc.titleAt === null && m.screen === "TitleScreen") pc.titleAt = performance.now();
}

function screenshot() {
  const s = 3, c = document.createElement("canvas");
  c.width = canvas.width * s;
  c.height = canvas.height * s;
  const g = c.getContext("2d");
  g.imageSmoothingEnabled = false;
  g.drawImage(canvas, 0, 0, c.width, c.height);
  c.toBlob((blob) => download(blob, "picocards-" + Date.now() + ".png"), "image/png");
}

// --- the worker ------------------------------------------------------------

let worker = null;

function send(group, down) {
  if (!worker || !pc.ready) return;
  if (down && pendingKeyAt === null) pendingKeyAt = performance.now();
  pc.sent++;
  pc.settled = false;
  worker.postMessage({ type: "key", group, down });
}

async function start() {
  let manifest;
  try {
    manifest = await (await fetch("files.json", { cache: "no-cache" })).json();
  } catch (e) {
    say("Cannot load the console's files (" + e + ").", true);
    return;
  }
  if (manifest.version) {
    document.getElementById("version").textContent = "Pico Cards " + manifest.version + ".";
  }
  const names = manifest.boards.map((b) => b.module);
  let board = params.get("board") || (store && store.getItem(BOARD_PREF)) || manifest.default;
  let warning = "";
  if (!names.includes(board)) {
    warning = "No board " + JSON.stringify(board) + " (boards: " + names.join(", ") +
      "); using " + manifest.default + ".";
    say(warning, true);
    board = manifest.default;
  }
  for (const b of manifest.boards) {
    const o = document.createElement("option");
    o.value = b.module;
    const size = b.width + "x" + b.height;
    o.textContent = b.name.includes(size) ? b.name : size + " " + b.name;
    o.selected = b.module === board;
    select.appendChild(o);
  }
  select.onchange = () => {
    if (store) store.setItem(BOARD_PREF, select.value);
    const p = new URLSearchParams(location.search);
    p.set("board", select.value);
    location.search = p.toString();
  };
  const info = manifest.boards.find((b) => b.module === board);
  document.getElementById("board-name").textContent = select.selectedOptions[0].textContent;
  fw = canvas.width = info.width;
  fh = canvas.height = info.height;
  fit();
  const skipped = [];
  const files = storedFiles(skipped);
  if (skipped.length) {
    warning += (warning ? " " : "") + "Left alone in the browser's storage, not files of the console: " +
      skipped.slice(0, 5).map((k) => JSON.stringify(k)).join(", ") +
      (skipped.length > 5 ? " and " + (skipped.length - 5) + " more" : "") + ".";
    say(warning, true);
  }
  // ?seed=N as the simulator's --seed: a whole number, 0 <= N < 2**30 (the
  // core's ints stay below 2**30); anything else is reported and a fresh
  // seed drawn.
  const asked = params.get("seed");
  let seed = /^\s*\+?\d{1,10}\s*$/.test(asked || "") ? Number(asked.trim()) : -1;
  if (!(seed >= 0 && seed < 2 ** 30)) {
    seed = crypto.getRandomValues(new Uint32Array(1))[0] & 0x3fffffff;
    if (asked !== null) {
      warning += (warning ? " " : "") + "No seed " + JSON.stringify(asked) +
        " (a whole number from 0 to " + (2 ** 30 - 1) + "); using " + seed + ".";
      say(warning, true);
    }
  }
  listRecords();
  say("Loading MicroPython...");
  worker = new Worker("worker.js", { type: "module" });
  worker.onerror = (e) => {
    pc.error = e.message || "worker error";
    say("The console stopped: " + pc.error, true);
  };
  let started = false;
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.type === "hello" && !started) {
      started = true;
      worker.postMessage({ type: "start", board, seed, fast: params.get("clock") === "virtual",
                           files });
    } else if (m.type === "ready") {
      pc.ready = true;
      pc.board = board;
      pc.seed = seed;
      pc.groups = m.groups;
      document.getElementById("legend").textContent = "Keys: " + m.legend;
      for (const btn of document.querySelectorAll(".pad button")) {
        btn.hidden = !m.groups.includes(btn.dataset.group);
      }
      if (warning) say(warning, true);
      else say(info.name + ", seed " + seed);
      fit();
    } else if (m.type === "frame") {
      draw(m);
    } else if (m.type === "store") {
      applyStore(m.set, m.del);
    } else if (m.type === "status") {
      pc.seq = m.seq;
      pc.settled = m.settled && m.seq === pc.sent;
      pc.screen = m.screen;
    } else if (m.type === "fail") {
      pc.error = m.message;
      say("The console cannot start: " + m.message, true);
    }
  };
}

// --- input -----------------------------------------------------------------

const held = new Set();

// The help shown is for the input in use: touch or keys (body.touch). The
// first guess is the primary pointer's (a finger cannot hover); a touch or
// a key press later switches it.
function useTouch(on) {
  document.body.classList.toggle("touch", on);
}
useTouch(window.matchMedia("(hover: none) and (pointer: coarse)").matches);
window.addEventListener("pointerdown", (e) => {
  if (e.pointerType === "touch") useTouch(true);
}, true);

window.addEventListener("keydown", (e) => {
  if (e.target === select || e.ctrlKey || e.altKey || e.metaKey) return;
  useTouch(false);
  if (e.key === "p" || e.key === "P") {
    if (!e.repeat) screenshot();
    e.preventDefault();
    return;
  }
  const g = KEYS[e.key];
  if (!g) return;
  e.preventDefault();
  if (e.repeat || held.has(e.key)) return; // holding is the buttons layer's job
  held.add(e.key);
  send(g, true);
});

window.addEventListener("keyup", (e) => {
  const g = KEYS[e.key];
  if (!g || !held.has(e.key)) return;
  e.preventDefault();
  held.delete(e.key);
  send(g, false);
});

function releaseAll() {
  held.clear();
  for (const b of document.querySelectorAll(".pad button.down-now")) b.classList.remove("down-now");
  if (worker && pc.ready) worker.postMessage({ type: "release" });
}
window.addEventListener("blur", releaseAll);
document.addEventListener("visibilitychange", () => { if (document.hidden) releaseAll(); });

for (const btn of document.querySelectorAll(".pad button")) {
  const g = btn.dataset.group;
  const down = (e) => {
    e.preventDefault();
    if (btn.classList.contains("down-now")) return;
    btn.setPointerCapture?.(e.pointerId);
    btn.classList.add("down-now");
    send(g, true);
  };
  const up = (e) => {
    e.preventDefault();
    if (!btn.classList.contains("down-now")) return;
    btn.classList.remove("down-now");
    send(g, false);
  };
  btn.addEventListener("pointerdown", down);
  btn.addEventListener("pointerup", up);
  btn.addEventListener("pointercancel", up);
  btn.addEventListener("lostpointercapture", up);
  btn.addEventListener("contextmenu", (e) => e.preventDefault());
}

start();
