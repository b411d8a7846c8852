// Drives the web page in Debian's headless Chromium (playwright-core, no
// browser download) for the browser tests (tests/test_web_browser.py) and
// the benchmark (tools/bench/bench_web.py): one JSON command per line on stdin, one
// JSON answer per line on stdout ({ok: true, ...} or {ok: false, error}).
//
//   node tools/web/web_driver.mjs [--chromium /usr/bin/chromium]
//
// Commands ({op, ...}):
//   open {url, viewport?: {width, height}, touch?}  a fresh context (its own
//        storage), the page loaded until the console has settled
//   reload                     the same page again (same storage), settled
//   press {key}                a key (Playwright name: ArrowLeft, z, x...), settled
//   down {key} / up {key}      a key held / let go (no waiting)
//   tap {group}                the on-screen button of key group (touch), settled
//   click {group}              the same by mouse, settled
//   choose_board {board}       pick a board in the page's list; the page
//                              loads again with it, settled
//   settle                     wait until the console has settled
//   canvas                     the canvas pixels: {width, height, rgba (base64)}
//   state                      window.picocards
//   storage_get                the console's files in localStorage {name: latin1}
//   storage_set {files}        set (string) or remove (null) files, no reload
//   download {name, path}      click the record's Download button, save to path
//   screenshot {path}          a PNG of the page as shown
//   quit
// Chromium runs with Playwright's fresh temporary profile (--user-data-dir)
// and only talks to the page's server (127.0.0.1).
import { chromium } from "playwright-core";
import readline from "readline";

const args = process.argv.slice(2);
let exe = "/usr/bin/chromium";
if (args[0] === "--chromium" && args[1]) exe = args[1];

const browser = await chromium.launch({
  executablePath: exe,
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let context = null, page = null;
const TIMEOUT = 60000;

async function settled() {
  await page.waitForFunction(() => {
    const pc = window.picocards;
    return pc && (pc.error || (pc.ready && pc.settled));
  }, null, { timeout: TIMEOUT, polling: 5 });
  const pc = await page.evaluate(() => window.picocards);
  if (pc.error) throw new Error("page: " + pc.error);
  return { screen: pc.screen, frames: pc.frames };
}

const ops = {
  async open(c) {
    if (context) await context.close();
    context = await browser.newContext({
      viewport: c.viewport || { width: 900, height: 700 },
      deviceScaleFactor: c.scale || 1,
      hasTouch: !!c.touch,
      isMobile: !!c.touch,
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.on("pageerror", (e) => process.stderr.write("pageerror: " + e + "\n"));
    page.on("console", (m) => {
      if (m.type() === "error") process.stderr.write("console: " + m.text() + "\n");
    });
    await page.goto(c.url);
    const s = await settled();
    const t = await page.evaluate(() => window.picocards.titleAt);
    return { ...s, titleAt: t };
  },
  async reload() {
    await page.reload();
    return await settled();
  },
  async press(c) {
    await page.keyboard.press(c.key);
    return await settled();
  },
  async down(c) {
    await page.keyboard.down(c.key);
    return {};
  },
  async up(c) {
    await page.keyboard.up(c.key);
    return {};
  },
  async tap(c) {
    await page.locator(`.pad button[data-group="${c.group}"]`).tap();
    return await settled();
  },
  async click(c) {
    await page.locator(`.pad button[data-group="${c.group}"]`).click();
    return await settled();
  },
  async choose_board(c) {
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("board") === c.board, { timeout: TIMEOUT }),
      page.selectOption("#board", c.board),
    ]);
    return await settled();
  },
  async settle() {
    return await settled();
  },
  async canvas() {
    return await page.evaluate(() => {
      const cv = document.getElementById("lcd");
      const d = cv.getContext("2d").getImageData(0, 0, cv.width, cv.height).data;
      let s = "";
      for (let i = 0; i < d.length; i += 8192) s += String.fromCharCode.apply(null, d.subarray(i, i + 8192));
      return { width: cv.width, height: cv.height, rgba: btoa(s) };
    });
  },
  async state() {
    return { state: await page.evaluate(() => window.picocards) };
  },
  async storage_get() {
    return {
      files: await page.evaluate(() => {
        const out = {};
        for (let i = 0; i < localStorage.length; i++) {
          const k = localStorage.key(i);
          if (k.startsWith("picocards/")) out[k.slice(10)] = localStorage.getItem(k);
        }
        return out;
      }),
    };
  },
  async storage_set(c) {
    await page.evaluate((files) => {
      for (const [n, v] of Object.entries(files)) {
        if (v === null) localStorage.removeItem("picocards/" + n);
        else localStorage.setItem("picocards/" + n, v);
      }
    }, c.files);
    return {};
  },
  async download(c) {
    await page.locator("#records summary").click();
    const [dl] = await Promise.all([
      page.waitForEvent("download", { timeout: TIMEOUT }),
      page.locator(`button.record[data-name="${c.name}"]`).click(),
    ]);
    await dl.saveAs(c.path);
    return { suggested: dl.suggestedFilename() };
  },
  async screenshot(c) {
    await page.screenshot({ path: c.path, fullPage: !!c.fullPage });
    return {};
  },
  async eval(c) {
    return { value: await page.evaluate(c.expr) };
  },
};

const rl = readline.createInterface({ input: process.stdin });
process.stdout.write(JSON.stringify({ ok: true, ready: true, version: browser.version() }) + "\n");
for await (const line of rl) {
  if (!line.trim()) continue;
  let c;
  try {
    c = JSON.parse(line);
  } catch (e) {
    process.stdout.write(JSON.stringify({ ok: false, error: "bad JSON: " + e.message }) + "\n");
    continue;
  }
  if (c.op === "quit") break;
  const f = ops[c.op];
  let reply;
  if (!f) {
    reply = { ok: false, error: "unknown op " + c.op };
  } else {
    try {
      reply = { ok: true, ...(await f(c)) };
    } catch (e) {
      reply = { ok: false, error: String(e && e.message || e).split("\n")[0] };
    }
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
await browser.close();
process.exit(0);
