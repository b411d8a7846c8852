// An emulated Raspberry Pi Pico (rp2040js) driven over pipes by
// tools/pico/harness.py. Read docs/emulator.md first.
//
//   node tools/pico/emulator.mjs        (then JSON commands, one a line, on stdin)
//
// Each stdin line is a JSON object {"id": n, "cmd": "...", ...}; each answer is
// one stdout line {"id": n, "ok": true, ...} or {"id": n, "ok": false,
// "error": "..."}. Nothing else is written to stdout (diagnostics go to stderr).
// Bytes (serial data, flash images, pixels) travel as base64 or as files, never
// byte by byte: an emulated second can carry 100,000 SPI bytes.
//
// What is modelled beyond rp2040js itself:
// - Flash writes: rp2040js maps the flash array into XIP reads but has no
//   SPI-flash chip. The bootrom's flash_range_erase ('RE') and
//   flash_range_program ('RP') are overwritten in the loaded ROM image by
//   "BKPT #n; BX LR" stubs; onBreak applies the operation to the flash array,
//   counts it, may cut the power before it (the machine stops with the flash
//   as it was), and charges the chip's typical time (Winbond W25Q16JV
//   datasheet, AC characteristics: sector erase 45 ms, page program 0.4 ms).
//   connect_internal_flash, flash_exit_xip, flash_flush_cache and
//   flash_enter_cmd_xip ('IF' 'EX' 'FC' 'CX') become a bare BX LR: they only
//   drive the QSPI pins and the SSI, which rp2040js does not model.
// - SPI timing: rp2040js completes an SPI byte the moment it is written; here
//   each byte takes dataBits / SPI clock (the SSP's clk_peri / (CPSDVSR *
//   (1 + SCR))), so a push costs its time on the wire.
// - ST7789: the bytes on the display's SPI bus, split by the DC pin, drive a
//   model of the controller's 240x320 frame memory (CASET, RASET, RAMWR,
//   MADCTL, INVON/INVOFF); the end of every RAMWR is timestamped.
// - USB serial: the host side of USB CDC (rp2040js's USBCDC), with an input
//   queue that waits for the device to ask instead of answering empty reads.
// - Buttons: GPIO inputs held high (pull-up), driven low/high at given
//   emulated times.
// - UARTs: a PL011 model (pl011.mjs) in place of rp2040js's; a UART's TX
//   can be wired to a UART's RX of the same chip or of another chip in this
//   process ("uart_wire"), each character arriving as its stop bit ends.
// - Several chips ("pico": n in a command, 0 when absent): each has its own
//   clock; while more than one is on, every run advances all of them
//   together in slices shorter than a character on the line, on a common
//   "world" time (a rebooted chip's clock starts again at 0; its offset
//   keeps it on the world's time).
import fs from "fs";
import readline from "readline";
import { RP2040, USBCDC } from "rp2040js";
import { fitUarts } from "./pl011.mjs";

const FLASH_BASE = 0x10000000;
const NS_PER_MS = 1e6;

// Bootrom function table codes (RP2040 datasheet 2.8.3.1, "Fast Bit Counting"
// table and "Flash Access" functions): two ASCII characters, first in the low byte.
const code = (s) => s.charCodeAt(0) | (s.charCodeAt(1) << 8);
const BKPT_ERASE = 0x51;
const BKPT_PROGRAM = 0x52;
const THUMB_BX_LR = 0x4770;
const thumbBkpt = (n) => 0xbe00 | n;

// W25Q16JV typical times (datasheet rev. H, 9.6 AC Electrical Characteristics).
const ERASE_SECTOR_NS = 45e6;
const ERASE_BLOCK64_NS = 150e6;
const PROGRAM_PAGE_NS = 0.4e6;

// ST7789 commands (Sitronix ST7789V datasheet v1.3, command table).
const CASET = 0x2a, RASET = 0x2b, RAMWR = 0x2c, MADCTL = 0x36, INVOFF = 0x20, INVON = 0x21;
const SWRESET = 0x01;
// Commands kept in the panel's command log (power states): SLPIN, SLPOUT,
// DISPOFF, DISPON (ST7789V datasheet, 9.1); the SSD1306's AE/AF likewise.
const LOGGED = new Set([0x10, 0x11, 0x28, 0x29]);

function parseUF2(buf) {
  // UF2 blocks of 512 bytes: magic at 0 and 4, flags at 8, target address at
  // 12, payload size at 16, payload from 32 (Microsoft UF2 specification).
  const out = [];
  for (let off = 0; off + 512 <= buf.length; off += 512) {
    const v = new DataView(buf.buffer, buf.byteOffset + off, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157) {
      throw new Error(`UF2 block at byte ${off} has no UF2 magic`);
    }
    const flags = v.getUint32(8, true);
    if (flags & 1) continue; // "not main flash"
    const addr = v.getUint32(12, true), size = v.getUint32(16, true);
    out.push([addr, buf.subarray(off + 32, off + 32 + size)]);
  }
  return out;
}

// rp2040js reports unmodelled registers through its logger (console.log by
// default, which would corrupt our stdout protocol): warnings and errors go
// to stderr when PICO_EMU_VERBOSE is set, nothing else is kept.
const verbose = !!process.env.PICO_EMU_VERBOSE;
const quietLogger = {
  debug() {},
  info() {},
  warn(c, m) { if (verbose) process.stderr.write(`[${c}] ${m}\n`); },
  error(c, m) { process.stderr.write(`[${c}] ${m}\n`); },
};
console.log = (...a) => process.stderr.write(a.join(" ") + "\n");
// rp2040js models one core and no inter-core FIFO: its SIO warns (console.warn)
// on each read of FIFO_ST (0x50) and FIFO_RD (0x58). MicroPython reads them at
// every soft reboot (mp_thread_deinit -> pico-sdk's multicore_reset_core1,
// waiting for core 1's bootrom to answer on the FIFO); the 0xffffffff read
// says "valid" and it goes on. Harmless: dropped unless PICO_EMU_VERBOSE.
const HARMLESS_WARN = /^Read from invalid SIO address: (50|58)$/;
console.warn = (...a) => {
  const m = a.join(" ");
  if (verbose || !HARMLESS_WARN.test(m)) process.stderr.write(m + "\n");
};
const send = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");

class Panel {
  // The ST7789's frame memory as RGB565 words, 240 columns x 320 rows, and the
  // controller state that places pixels in it.
  constructor() {
    this.mem = new Uint16Array(240 * 320);
    this.reset();
    this.frames = []; // [end_ns, c0, c1, r0, r1, bytes] per RAMWR
    this.maxFrames = 100000;
    this.cmds = []; // [ns, command] of the LOGGED commands
  }
  reset() {
    this.madctl = 0;
    this.inverted = false;
    this.cmd = -1;
    this.args = [];
    this.xs = 0; this.xe = 239; this.ys = 0; this.ye = 319;
    this.inRamwr = false;
  }
  command(b, nowNs) {
    this.endRamwr(nowNs);
    this.cmd = b;
    this.args = [];
    if (LOGGED.has(b) && this.cmds.length < 10000) this.cmds.push([nowNs, b]);
    if (b === RAMWR) {
      this.inRamwr = true;
      this.c = this.xs; this.r = this.ys;
      this.hi = -1;
      this.count = 0;
    } else if (b === INVON) this.inverted = true;
    else if (b === INVOFF) this.inverted = false;
    else if (b === SWRESET) this.reset();
  }
  data(b, endNs) {
    if (this.inRamwr) {
      if (this.hi < 0) { this.hi = b; return; }
      this.pixel((this.hi << 8) | b);
      this.hi = -1;
      this.count++;
      this.lastNs = endNs;
      return;
    }
    this.args.push(b);
    const a = this.args;
    if (this.cmd === CASET && a.length === 4) {
      this.xs = (a[0] << 8) | a[1]; this.xe = (a[2] << 8) | a[3];
    } else if (this.cmd === RASET && a.length === 4) {
      this.ys = (a[0] << 8) | a[1]; this.ye = (a[2] << 8) | a[3];
    } else if (this.cmd === MADCTL && a.length === 1) {
      this.madctl = a[0];
    }
  }
  pixel(v) {
    // Memory write direction (ST7789V datasheet 8.12, MADCTL): MV swaps the
    // roles of column and row address, MX mirrors columns, MY rows.
    const m = this.madctl, c = this.c, r = this.r;
    let col, row;
    if (m & 0x20) { row = (m & 0x80) ? 319 - c : c; col = (m & 0x40) ? 239 - r : r; }
    else { col = (m & 0x40) ? 239 - c : c; row = (m & 0x80) ? 319 - r : r; }
    if (col >= 0 && col < 240 && row >= 0 && row < 320) this.mem[row * 240 + col] = v;
    if (++this.c > this.xe) { this.c = this.xs; if (++this.r > this.ye) this.r = this.ys; }
  }
  endRamwr(nowNs) {
    if (!this.inRamwr) return;
    this.inRamwr = false;
    if (this.count === 0) return;
    if (this.frames.length < this.maxFrames) {
      this.frames.push([this.lastNs ?? nowNs, this.xs, this.xe, this.ys, this.ye, this.count]);
    }
  }
  image(win, bgrPanel, invertPanel) {
    // RGB888 bytes of the glass window (x, y, w, h in memory columns/rows),
    // as the eye sees it: colour order and inversion as the panel shows them.
    const [wx, wy, ww, wh] = win;
    const out = Buffer.alloc(ww * wh * 3);
    const swap = !!(this.madctl & 0x08) !== !!bgrPanel;
    const inv = this.inverted !== !!invertPanel; // an IPS panel shows normal colours with INVON
    let o = 0;
    for (let y = 0; y < wh; y++) {
      for (let x = 0; x < ww; x++) {
        let v = this.mem[(wy + y) * 240 + wx + x];
        if (inv) v = ~v & 0xffff;
        let r = (v >> 11) & 0x1f, g = (v >> 5) & 0x3f, b = v & 0x1f;
        if (swap) { const t = r; r = b; b = t; }
        out[o++] = (r << 3) | (r >> 2);
        out[o++] = (g << 2) | (g >> 4);
        out[o++] = (b << 3) | (b >> 2);
      }
    }
    return out;
  }
}

// SSD1306 command bytes that take parameters, and how many (Solomon Systech
// SSD1306 datasheet rev 1.1, 9 "Command Table"; 0xAD is the SSD1306B/SH1106
// IREF select micropython-lib's driver also sends).
const SSD_ARGS = { 0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1,
  0xda: 1, 0xdb: 1, 0x8d: 1, 0xad: 1 };

class Oled {
  // An SSD1306's 128x64 display RAM (8 pages of 128 column bytes, bit 0 the
  // top row of a page) and what places data in it over I2C: the control byte
  // (Co bit 7, D/C# bit 6) ahead of commands or data; horizontal addressing
  // (the mode micropython-lib's driver sets), column and page windows;
  // segment remap (A0/A1), COM scan direction (C0/C8), inverse (A6/A7),
  // display on/off (AE/AF).
  constructor(width, height) {
    this.w = width; this.h = height; this.pages = height >> 3;
    this.ram = new Uint8Array(128 * 8);
    this.frames = [];
    this.maxFrames = 100000;
    this.mode = 0; this.c0 = 0; this.c1 = 127; this.p0 = 0; this.p1 = 7;
    this.col = 0; this.page = 0;
    this.remap = false; this.comFlip = false; this.inverse = false; this.on = false;
    this.cmd = -1; this.args = []; this.need = 0;
    this.control = true; this.data = false; this.co = false;
    this.count = 0;
    this.cmds = []; // [ns, command] of display off/on (AE/AF)
  }
  start() { this.control = true; this.count = 0; }
  byte(v, endNs) {
    if (this.control) {
      this.co = !!(v & 0x80); this.data = !!(v & 0x40); this.control = false;
      return;
    }
    if (this.data) this.write(v, endNs); else this.command(v, endNs);
    if (this.co) this.control = true;
  }
  command(v, ns) {
    if ((v === 0xae || v === 0xaf) && this.need === 0 && this.cmds.length < 10000) {
      this.cmds.push([ns, v]);
    }
    if (this.need > 0) {
      this.args.push(v);
      if (--this.need === 0) this.apply(this.cmd, this.args);
      return;
    }
    if (SSD_ARGS[v] !== undefined) { this.cmd = v; this.args = []; this.need = SSD_ARGS[v]; return; }
    if (v === 0xa0 || v === 0xa1) this.remap = v === 0xa1;
    else if (v === 0xc0 || v === 0xc8) this.comFlip = v === 0xc8;
    else if (v === 0xa6 || v === 0xa7) this.inverse = v === 0xa7;
    else if (v === 0xae || v === 0xaf) this.on = v === 0xaf;
  }
  apply(cmd, a) {
    if (cmd === 0x20) this.mode = a[0] & 3;
    else if (cmd === 0x21) { this.c0 = a[0] & 127; this.c1 = a[1] & 127; this.col = this.c0; }
    else if (cmd === 0x22) { this.p0 = a[0] & 7; this.p1 = a[1] & 7; this.page = this.p0; }
  }
  write(v, endNs) {
    this.ram[this.page * 128 + this.col] = v;
    this.count++;
    this.lastNs = endNs;
    if (this.mode === 0) {
      if (++this.col > this.c1) { this.col = this.c0; if (++this.page > this.p1) this.page = this.p0; }
    } else if (this.mode === 1) {
      if (++this.page > this.p1) { this.page = this.p0; if (++this.col > this.c1) this.col = this.c0; }
    } else if (++this.col > 127) this.col = 0;
  }
  stop() {
    if (this.count && this.frames.length < this.maxFrames) {
      this.frames.push([this.lastNs, this.c0, this.c1, this.p0, this.p1, this.count]);
    }
    this.count = 0;
  }
  image() {
    // MONO_VLSB bytes (width x pages) of what the glass shows, upright as
    // micropython-lib's driver sets a module up (A1 + C8: column 0 at the
    // left, row 0 at the top); lit pixels set (inverse applied, all dark when off).
    const w = this.w, h = this.h, out = Buffer.alloc(w * this.pages);
    if (!this.on) return out;
    for (let y = 0; y < h; y++) {
      const row = this.comFlip ? y : h - 1 - y;
      for (let x = 0; x < w; x++) {
        const col = this.remap ? x : 127 - x;
        let bit = (this.ram[(row >> 3) * 128 + col] >> (row & 7)) & 1;
        if (this.inverse) bit ^= 1;
        if (bit) out[(y >> 3) * w + x] |= 1 << (y & 7);
      }
    }
    return out;
  }
}

class Pico {
  constructor(bootrom, flash, opts) {
    this.opts = opts;
    const mcu = (this.mcu = new RP2040()); // its own SimulationClock
    this.clock = mcu.clock;
    mcu.logger = quietLogger;
    mcu.loadBootrom(bootrom);
    // ADC3 (GP29) is a plain Pico's VSYS/3: on USB, VBUS less the Schottky
    // diode's drop, about 4.7 V (1.567 V at the pin, of the 3.3 V reference).
    mcu.adc.channelValues[3] = Math.floor((4700 / 3) * 4095 / 3300);
    this.patchRom();
    mcu.flash.set(flash);
    mcu.onBreak = (n) => this.onBreak(n);
    this.uarts = fitUarts(mcu);
    this.uarts.forEach((u, i) => {
      u.onTransmit = (b, ns) => { if (this.onUart) this.onUart(i, b, ns); };
    });
    this.offset = 0; // world time at this chip's power-on (ns)
    this.serialBuf = Buffer.alloc(0); // output read from the device, not yet handed out
    this.serialDropped = 0; // bytes dropped from its front since the last read
    // machine.reset() is a watchdog reboot (watchdog_reboot); rp2040js
    // leaves the reset to us: stop there and say so (status "reset").
    this.watchdogReset = false;
    const wd = mcu.peripherals[0x40058]; // WATCHDOG_BASE 0x40058000, keyed as rp2040js does
    if (wd && "onWatchdogTrigger" in wd) {
      wd.onWatchdogTrigger = () => { this.watchdogReset = true; this.stopped = true; };
    }
    this.serialOut = [];
    this.serialIn = [];
    this.pendingRead = null;
    this.connected = false;
    this.erases = 0;
    this.programs = 0;
    this.ops = []; // [kind, addr, len, ns] per flash operation
    this.cutAt = 0; // stop before this flash operation (1-based, counted from boot); 0: never
    this.powerCut = false;
    this.stopped = false;
    this.allocPC = -1; // gc_alloc and gc_realloc entries watched (alloc_watch)
    this.reallocPC = -1;
    this.allocs = null;
    this.flashTiming = opts.flashTiming !== false;
    // Where the emulated time went since power-on: the core executing (its
    // instructions' cycles, and flash operations it waits for), or asleep
    // in WFI/WFE (the clock jumped to the next event). See awake().
    this.awakeNs = 0;
    this.asleepNs = 0;
    this.setupUSB();
    this.setupButtons(opts.buttons || []);
    this.panel = null;
    this.oled = null;
    if (opts.display && opts.display.kind === "ssd1306") this.setupOled(opts.display);
    else if (opts.display) this.setupDisplay(opts.display);
    this.spiTiming = opts.spiTiming !== false;
    mcu.core.PC = FLASH_BASE; // boot stage 2 at the start of flash, as the bootrom would
  }

  get ns() { return this.clock.nanos; }

  patchRom() {
    // Point no table entry elsewhere: overwrite the start of each function in
    // the (writable) ROM image, so every caller of the table lands on a stub.
    const rom = this.mcu.bootrom;
    const r16 = (a) => (rom[a >> 2] >>> ((a & 2) * 8)) & 0xffff;
    const w16 = (a, v) => {
      const s = (a & 2) * 8;
      rom[a >> 2] = (rom[a >> 2] & ~(0xffff << s)) | (v << s);
    };
    const table = r16(0x14);
    const funcs = {};
    for (let a = table; r16(a) !== 0; a += 4) funcs[r16(a)] = r16(a + 2) & ~1;
    for (const name of ["IF", "EX", "FC", "CX", "RE", "RP"]) {
      if (funcs[code(name)] === undefined) throw new Error(`bootrom has no ${name} function`);
    }
    for (const name of ["IF", "EX", "FC", "CX"]) w16(funcs[code(name)], THUMB_BX_LR);
    w16(funcs[code("RE")], thumbBkpt(BKPT_ERASE));
    w16(funcs[code("RE")] + 2, THUMB_BX_LR);
    w16(funcs[code("RP")], thumbBkpt(BKPT_PROGRAM));
    w16(funcs[code("RP")] + 2, THUMB_BX_LR);
  }

  onBreak(n) {
    const core = this.mcu.core, reg = core.registers;
    if (n !== BKPT_ERASE && n !== BKPT_PROGRAM) {
      this.stopped = true;
      this.breakCode = n;
      return;
    }
    if (this.cutAt && this.erases + this.programs + 1 >= this.cutAt) {
      this.powerCut = true;
      this.stopped = true;
      return;
    }
    const flash = this.mcu.flash;
    const addr = reg[0] >>> 0;
    let busy;
    if (n === BKPT_ERASE) {
      // flash_range_erase(addr, count, block_size, block_cmd): count is a
      // multiple of 4096; the ROM uses the 64 KB block erase where it fits.
      const count = reg[1] >>> 0;
      if (addr + count <= flash.length) flash.fill(0xff, addr, addr + count);
      this.erases++;
      this.ops.push(["erase", addr, count, this.ns]);
      const blocks = (addr % 65536 === 0) ? Math.floor(count / 65536) : 0;
      busy = blocks * ERASE_BLOCK64_NS + ((count - blocks * 65536) / 4096) * ERASE_SECTOR_NS;
    } else {
      // flash_range_program(addr, data, count): NOR programming only clears bits.
      const src = reg[1] >>> 0, count = reg[2] >>> 0;
      for (let i = 0; i < count; i++) {
        const a = addr + i;
        if (a < flash.length) flash[a] &= this.mcu.readUint8(src + i);
      }
      this.programs++;
      this.ops.push(["program", addr, count, this.ns]);
      busy = Math.ceil(count / 256) * PROGRAM_PAGE_NS;
    }
    if (this.flashTiming) { this.clock.tick(busy); this.awakeNs += busy; }
  }

  setupUSB() {
    const cdc = (this.cdc = new USBCDC(this.mcu.usbCtrl));
    cdc.onDeviceConnected = () => { this.connected = true; };
    cdc.onSerialData = (buf) => { if (verbose) process.stderr.write(`serial ${this.ns/1e6} ${buf.length}\n`); this.serialOut.push(Buffer.from(buf)); };
    const usb = this.mcu.usbCtrl;
    // Answer the device's OUT reads from our queue; hold a read while the
    // queue is empty (rp2040js's own handler answers at once with no bytes,
    // which makes TinyUSB ask again and again).
    usb.onEndpointRead = (ep, size) => {
      if (ep !== cdc.outEndpoint) return;
      if (verbose) process.stderr.write(`read ${this.ns/1e6} ${ep} ${size}\n`);
      this.pendingRead = [ep, size];
      this.feed();
    };
  }

  feed() {
    if (!this.pendingRead || this.serialIn.length === 0) return;
    const [ep, size] = this.pendingRead;
    this.pendingRead = null;
    const n = Math.min(size, this.serialIn.length);
    const chunk = Uint8Array.from(this.serialIn.splice(0, n));
    this.mcu.usbCtrl.endpointReadDone(ep, chunk);
  }

  write(bytes) {
    for (const b of bytes) this.serialIn.push(b);
    this.feed();
  }

  setupButtons(pins) {
    // A button pulls its GPIO low; released, the pull-up holds it high.
    for (const p of pins) this.mcu.gpio[p].setInputValue(true);
  }

  schedule(atNs, fn) {
    const alarm = this.clock.createAlarm(fn);
    alarm.schedule(Math.max(0, atNs - this.ns));
  }

  setupOled(d) {
    // Answer as the SSD1306 at d.addr on I2C d.i2c; each byte (8 bits and
    // the ACK) takes 9 SCL periods of (high + low count) ic_clk cycles.
    const oled = (this.oled = new Oled(d.width, d.height));
    this.display = d;
    const bus = this.mcu.i2c[d.i2c];
    const byteNs = () => {
      const cycles = bus.sclHighPeriod + bus.sclLowPeriod;
      return this.spiTiming && cycles > 0 ? (9 * cycles * 1e9) / (this.mcu.clkSys || 125e6) : 0;
    };
    let ours = false;
    const later = (fn) => {
      const ns = byteNs();
      if (ns > 0) this.schedule(this.ns + ns, fn); else fn();
    };
    this.setupI2CWire(d);
    bus.onStart = () => bus.completeStart();
    bus.onConnect = (addr, mode) => {
      ours = addr === d.addr && mode === 0;
      if (ours) oled.start();
      later(() => bus.completeConnect(ours));
    };
    bus.onWriteByte = (v) => {
      if (ours) oled.byte(v, this.ns + byteNs());
      later(() => bus.completeWrite(ours));
    };
    bus.onReadByte = () => later(() => bus.completeRead(0xff));
    bus.onStop = () => {
      if (ours) oled.stop();
      ours = false;
      bus.completeStop();
    };
  }

  setupI2CWire(d) {
    // The same SSD1306 on the wires, for what the firmware bit-bangs: rp2's
    // machine.I2C sends a zero-length write (i2c.scan()) as software I2C on
    // the GPIOs (ports/rp2/machine_i2c.c). Open-drain lines with pull-ups: a
    // line is low while the RP2040 or the slave pulls it. The slave follows
    // START/STOP and clocked bits and ACKs its address and each byte after.
    const scl = this.mcu.gpio[d.scl], sda = this.mcu.gpio[d.sda];
    let ackLow = false, pScl = true, pSda = true;
    let state = 0, bits = 0, byte = 0, acking = false; // state 0 idle, 1 address, 2 data
    const pulled = (g) => g.outputEnable && !g.outputValue;
    const update = () => {
      const c = !pulled(scl), a = !(pulled(sda) || ackLow);
      scl.setInputValue(c);
      sda.setInputValue(a);
      if (c && pScl && a !== pSda) {
        if (!a) { state = 1; bits = 0; byte = 0; acking = false; } // START
        else { state = 0; ackLow = false; acking = false; } // STOP
      } else if (c && !pScl && state && !acking && bits < 8) {
        byte = (byte << 1) | (a ? 1 : 0);
        bits++;
      } else if (!c && pScl && state) {
        if (acking) {
          ackLow = false; acking = false; bits = 0; byte = 0; state = 2;
        } else if (bits === 8) {
          if (state === 1 && (byte >> 1) !== d.addr) state = 0;
          else { ackLow = true; acking = true; }
        }
      }
      pScl = c;
      pSda = !(pulled(sda) || ackLow);
      sda.setInputValue(pSda);
    };
    scl.addListener(update);
    sda.addListener(update);
    update();
  }

  setupDisplay(d) {
    this.panel = new Panel();
    this.display = d;
    const spi = this.mcu.spi[d.spi];
    const dcPin = this.mcu.gpio[d.dc];
    const csPin = d.cs === null || d.cs === undefined ? null : this.mcu.gpio[d.cs];
    this.spiBytes = 0;
    const done = this.clock.createAlarm(() => spi.completeTransmit(0));
    spi.onTransmit = (value) => {
      const freq = spi.clockFrequency;
      const byteNs = this.spiTiming && freq > 0 ? (spi.dataBits * 1e9) / freq : 0;
      this.spiBytes++;
      if (!csPin || !csPin.outputValue) {
        if (dcPin.outputValue) this.panel.data(value & 0xff, this.ns + byteNs);
        else this.panel.command(value & 0xff, this.ns);
      }
      if (byteNs > 0) done.schedule(byteNs);
      else spi.completeTransmit(0);
    };
    if (csPin) {
      csPin.addListener(() => { if (csPin.outputValue) this.panel.endRamwr(this.ns); });
    }
  }

  // Run until the emulated clock reaches endNs, or stop() says so (checked
  // every few thousand instructions), or the machine stops itself.
  run(endNs, stop, batch = 4000) {
    const mcu = this.mcu, core = mcu.core, clock = this.clock;
    while (clock.nanos < endNs && !this.stopped) {
      const cycleNs = 1e9 / (mcu.clkSys || 125e6);
      for (let i = 0; i < batch && !this.stopped; i++) {
        if (core.waiting) {
          // Asleep, one tick may cross much time: ask stop() first.
          if (stop && stop()) return true;
          const next = clock.nextAlarm ? clock.nanosToNextAlarm : endNs - clock.nanos;
          const step = Math.max(0, Math.min(next, endNs - clock.nanos));
          clock.tick(step);
          this.asleepNs += step;
        } else {
          // The heap's allocator entered (no instruction replaced: the PC
          // is compared before each one is executed; -1 when not watched).
          const pc = core.PC;
          if (pc === this.allocPC) this.noteAlloc(core.registers[0] >>> 0, false);
          else if (pc === this.reallocPC) this.noteAlloc(core.registers[1] >>> 0, true);
          const cycles = core.executeInstruction();
          clock.tick(cycles * cycleNs);
          this.awakeNs += cycles * cycleNs;
        }
      }
      if (stop && stop()) return true;
    }
    return false;
  }

  // A request of n bytes to gc_alloc (n_bytes, r0) or gc_realloc (n_bytes, r1).
  noteAlloc(n, re) {
    const a = this.allocs;
    a.calls++;
    if (n > a.max) { a.max = n; a.max_ns = this.ns; a.max_realloc = re; }
    if (n > a.over && a.list.length < 100) a.list.push([n, re, this.ns]);
  }

  takeSerial() {
    const b = Buffer.concat(this.serialOut);
    this.serialOut = [];
    return b;
  }
}

// --- the command loop ------------------------------------------------------

// The chips of this process (index: the command's "pico"), the one a
// command names, and the wires between their UARTs.
const picos = [];
let pico = null;
let config = null; // the chip's own (pico.config)
// [{from: [chip, uart], to: [chip, uart], on: bool}]: TX of one to RX of the other.
const wires = [];
// Bytes each UART put on its TX line: key "chip:uart" -> {bytes: [], ns: []}
// (world ns as the stop bit ended); read by "uart_log".
const uartLogs = new Map();
//: Slice of world time the chips advance by in turn: under one character at
//: 115200 baud (86.8 us), so a byte reaches the other chip before it could
//: have answered it.
const SLICE_NS = 20e3;

const world = (p) => p.ns + p.offset;

function uartOut(index, u, b, ns) {
  const src = picos[index];
  const at = ns + src.offset;
  const key = `${index}:${u}`;
  if (!uartLogs.has(key)) uartLogs.set(key, { bytes: [], ns: [] });
  const log = uartLogs.get(key);
  log.bytes.push(b);
  log.ns.push(at);
  for (const w of wires) {
    if (!w.on || w.from[0] !== index || w.from[1] !== u) continue;
    const dst = picos[w.to[0]];
    if (!dst || dst.stopped) continue;
    const uart = dst.uarts[w.to[1]];
    const later = at - world(dst);
    if (later <= 0) uart.receive(b);
    else dst.schedule(dst.ns + later, () => uart.receive(b));
  }
}

function loadFlash(msg) {
  const flash = new Uint8Array(msg.flash_size || 2 * 1024 * 1024).fill(0xff);
  if (msg.flash_image) {
    const img = fs.readFileSync(msg.flash_image);
    if (img.length > flash.length) throw new Error(`flash image ${msg.flash_image} is over ${flash.length} bytes`);
    flash.set(img);
  }
  if (msg.uf2) {
    for (const [addr, data] of parseUF2(fs.readFileSync(msg.uf2))) flash.set(data, addr - FLASH_BASE);
  }
  if (msg.fs_image) flash.set(fs.readFileSync(msg.fs_image), msg.fs_offset);
  return flash;
}

function boot(index, cfg, flash, offset) {
  const rom = fs.readFileSync(cfg.bootrom);
  const words = new Uint32Array(rom.buffer.slice(rom.byteOffset, rom.byteOffset + rom.length));
  const p = new Pico(words, flash, cfg);
  p.config = cfg;
  p.cutAt = cfg.cut_at || 0;
  p.offset = offset;
  p.onUart = (u, b, ns) => uartOut(index, u, b, ns);
  picos[index] = p;
  return p;
}

// Run the chip `p` until its clock reaches endNs or stop() says so; every
// other chip runs along on the world's time, in slices.
function runChip(p, endNs, stop) {
  const others = picos.filter((q) => q && q !== p);
  if (others.length === 0) return p.run(endNs, stop);
  while (p.ns < endNs && !p.stopped) {
    const sliceEnd = Math.min(endNs, p.ns + SLICE_NS);
    const w = sliceEnd + p.offset;
    for (const q of others) if (!q.stopped) q.run(w - q.offset, null, 200);
    p.run(sliceEnd, null, 200);
    if (stop && stop()) return true;
  }
  return false;
}

function pullSerial(p = pico) {
  const b = p.takeSerial();
  if (b.length) p.serialBuf = Buffer.concat([p.serialBuf, b]);
  // Bounded: a script printing without end keeps only its last output.
  const over = p.serialBuf.length - p.config.serialKeep;
  if (over > 0) {
    p.serialDropped += over;
    p.serialBuf = p.serialBuf.subarray(over);
  }
}

function status(extra) {
  for (const q of picos) if (q && q !== pico) pullSerial(q);
  return Object.assign({
    ns: pico.ns,
    world_ns: world(pico),
    erases: pico.erases,
    programs: pico.programs,
    power_cut: pico.powerCut,
    stopped: pico.stopped,
    reset: pico.watchdogReset,
    connected: pico.connected,
    frames: (pico.panel || pico.oled) ? (pico.panel || pico.oled).frames.length : 0,
  }, extra || {});
}

const commands = {
  start(msg) {
    const cfg = {
      bootrom: msg.bootrom,
      buttons: msg.buttons || [],
      display: msg.display || null,
      flashTiming: msg.flash_timing !== false,
      spiTiming: msg.spi_timing !== false,
      cut_at: msg.cut_at || 0,
      serialKeep: msg.serial_keep || 16 * 1024 * 1024,
    };
    // A chip started beside others starts at the world's time of the first.
    const first = picos.find((q) => q);
    pico = boot(msg.pico || 0, cfg, loadFlash(msg), first ? world(first) : 0);
    config = cfg;
    return status();
  },
  reboot(msg) {
    // Power off and on: the flash keeps what was written; RAM, peripherals,
    // the panel and the clock start again.
    const flash = new Uint8Array(pico.mcu.flash.subarray(0, msg.flash_size || 2 * 1024 * 1024));
    if (msg.cut_at !== undefined) config.cut_at = msg.cut_at;
    pico = boot(msg.pico || 0, config, flash, world(pico));
    return status();
  },
  cut_at(msg) {
    // Cut the power before flash operation n (1-based, counted since boot); 0: never.
    pico.cutAt = msg.n;
    return status();
  },
  run(msg) {
    runChip(pico, pico.ns + msg.ms * NS_PER_MS);
    pullSerial();
    return status();
  },
  write(msg) {
    pico.write(Buffer.from(msg.data, "base64"));
    return status();
  },
  read(msg) {
    // Everything the device has sent (base64); with "until", first run until
    // that text has arrived or timeout_ms of emulated time have passed.
    let found = true;
    if (msg.until !== undefined) {
      const needle = Buffer.from(msg.until, "base64");
      const end = pico.ns + msg.timeout_ms * NS_PER_MS;
      const has = () => { pullSerial(); return pico.serialBuf.indexOf(needle) >= 0; };
      found = has() || runChip(pico, end, has);
    }
    pullSerial();
    let out;
    if (msg.until !== undefined && found) {
      const needle = Buffer.from(msg.until, "base64");
      const at = pico.serialBuf.indexOf(needle) + needle.length;
      out = pico.serialBuf.subarray(0, at);
      pico.serialBuf = pico.serialBuf.subarray(at);
    } else {
      out = pico.serialBuf;
      pico.serialBuf = Buffer.alloc(0);
    }
    const dropped = pico.serialDropped;
    pico.serialDropped = 0;
    return status({ data: out.toString("base64"), found, dropped });
  },
  gpio(msg) {
    // Drive input pin msg.pin to msg.value (0/1) at emulated time msg.at_ns
    // (now if absent or past).
    const set = () => pico.mcu.gpio[msg.pin].setInputValue(!!msg.value);
    if (msg.at_ns === undefined || msg.at_ns <= pico.ns) set();
    else pico.schedule(msg.at_ns, set);
    return status();
  },
  adc(msg) {
    // The level at ADC input msg.channel (0-3: GP26-29, 4: the temperature
    // sensor) as the converter's 12-bit result; rp2040js reads it at each
    // conversion.
    pico.mcu.adc.channelValues[msg.channel] = msg.value & 0xfff;
    return status();
  },
  pin(msg) {
    // The level a pin shows (output value if driven, else input).
    const g = pico.mcu.gpio[msg.pin];
    return status({ value: g.outputEnable ? (g.outputValue ? 1 : 0) : (g.inputValue ? 1 : 0) });
  },
  frames(msg) {
    // RAMWR records from index msg.since: [end_ns, c0, c1, r0, r1, pixels].
    const src = pico.panel || pico.oled;
    const f = src ? src.frames.slice(msg.since || 0) : [];
    return status({ list: f });
  },
  panel(msg) {
    if (pico.oled) {
      const d = pico.display;
      return status({ width: d.width, height: d.height, mono: pico.oled.image().toString("base64") });
    }
    if (!pico.panel) throw new Error("no display configured");
    const d = pico.display;
    const img = pico.panel.image(d.window, d.bgr, d.invert);
    return status({ width: d.window[2], height: d.window[3], rgb: img.toString("base64") });
  },
  flash(msg) {
    // Write the flash (or msg.offset/msg.length of it) to msg.path.
    const off = msg.offset || 0, len = msg.length || pico.mcu.flash.length - off;
    fs.writeFileSync(msg.path, pico.mcu.flash.subarray(off, off + len));
    return status();
  },
  panel_cmds(msg) {
    // The display's power commands from index msg.since: [ns, command].
    const src = pico.panel || pico.oled;
    return status({ list: src ? src.cmds.slice(msg.since || 0) : [] });
  },
  ops(msg) {
    return status({ list: pico.ops.slice(msg.since || 0) });
  },
  alloc_watch(msg) {
    // Watch gc_alloc / gc_realloc entries at these addresses (0: not); resets the figures.
    pico.allocPC = msg.alloc ? (msg.alloc & ~1) : -1;
    pico.reallocPC = msg.realloc ? (msg.realloc & ~1) : -1;
    pico.allocs = { calls: 0, max: 0, max_ns: 0, max_realloc: false, over: msg.over || 8192, list: [] };
    return status();
  },
  allocs() {
    return status({ allocs: pico.allocs || null });
  },
  status() {
    return status();
  },
  uart_wire(msg) {
    // Wire chip msg.from[0]'s UART msg.from[1] TX to chip msg.to[0]'s UART
    // msg.to[1] RX (on: msg.on, default true); off cuts it.
    const on = msg.on !== false;
    const same = (w) => w.from[0] === msg.from[0] && w.from[1] === msg.from[1] &&
      w.to[0] === msg.to[0] && w.to[1] === msg.to[1];
    const w = wires.find(same);
    if (w) w.on = on; else wires.push({ from: msg.from, to: msg.to, on });
    return status();
  },
  uart_log(msg) {
    // The bytes chip msg.pico's UART msg.uart sent from index msg.since, with
    // the world ns each one's stop bit ended.
    const log = uartLogs.get(`${msg.pico || 0}:${msg.uart || 0}`) || { bytes: [], ns: [] };
    const since = msg.since || 0;
    return status({ data: Buffer.from(log.bytes.slice(since)).toString("base64"),
                    ns: log.ns.slice(since), total: log.bytes.length });
  },
  uart_stats(msg) {
    const u = pico.uarts[msg.uart || 0];
    return status({ sent: u.sent, received: u.received, lost: u.lost, baud: u.baudRate });
  },
  awake() {
    // Emulated ns since power-on the core was awake (executing, or held by
    // a flash operation) and asleep (WFI/WFE); their sum is the time run.
    return status({ awake_ns: pico.awakeNs, asleep_ns: pico.asleepNs });
  },
  spi_timing(msg) {
    pico.spiTiming = !!msg.on;
    return status();
  },
  quit() {
    setImmediate(() => process.exit(0));
    return {};
  },
};

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on("line", (line) => {
  if (!line.trim()) return;
  let msg;
  let reply;
  try {
    msg = JSON.parse(line);
    const fn = commands[msg.cmd];
    if (!fn) throw new Error(`unknown command ${msg.cmd}`);
    if (msg.cmd !== "start" && msg.cmd !== "quit" && msg.cmd !== "uart_wire") {
      pico = picos[msg.pico || 0];
      if (!pico) throw new Error(`chip ${msg.pico || 0} not started`);
      config = pico.config;
    }
    reply = Object.assign({ id: msg.id, ok: true }, fn(msg));
  } catch (e) {
    reply = { id: msg ? msg.id : null, ok: false, error: String(e && e.stack ? e.stack : e) };
  }
  send(reply);
});
rl.on("close", () => process.exit(0));
