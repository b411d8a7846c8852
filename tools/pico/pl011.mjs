// The RP2040's UART, an ARM PrimeCell PL011 (RP2040 datasheet 4.2; ARM
// PL011 Technical Reference Manual r1p5), in place of rp2040js's RPUART,
// which keeps its transmit interrupt raised (MicroPython's UART write then
// never returns) and sends each byte in no time. See docs/emulator.md.
//
// What is modelled: the 32-entry transmit and receive FIFOs (one entry with
// FEN off); the transmit shift register, each character taking (start + data
// + parity + stop) bit periods at the programmed rate, clk_peri / (16 x
// (IBRD + FBRD / 64)); the flags TXFE, RXFF, TXFF, RXFE and BUSY; the
// interrupts RX (receive FIFO at or over its IFLS level), RX timeout (data in
// the receive FIFO and nothing received for 32 bit periods), TX (the
// transmit FIFO passing down through its IFLS level; not raised by an empty
// FIFO alone, as on the PL011) and overrun (a character received with the
// receive FIFO full: the character is lost, the next one stored carries OE);
// ICR, IMSC, RIS, MIS; loopback (CR.LBE); the DMA requests.
//
// What is not: the modem lines, IrDA, break, parity and framing errors (the
// receiver takes every character whole, whatever rate the sender used), the
// baud-rate latch on LCR_H writes, and a FIFO reset by RESETS (rp2040js does
// not reset peripherals).
import { BasePeripheral } from "rp2040js";

// Register offsets (RP2040 datasheet 4.2.8, "List of Registers").
const DR = 0x00, RSR = 0x04, FR = 0x18, ILPR = 0x20, IBRD = 0x24, FBRD = 0x28;
const LCR_H = 0x2c, CR = 0x30, IFLS = 0x34, IMSC = 0x38, RIS = 0x3c, MIS = 0x40;
const ICR = 0x44, DMACR = 0x48;
// Identification registers (PL011 TRM 3.3.14-3.3.15).
const IDS = { 0xfe0: 0x11, 0xfe4: 0x10, 0xfe8: 0x34, 0xfec: 0x00,
  0xff0: 0x0d, 0xff4: 0xf0, 0xff8: 0x05, 0xffc: 0xb1 };

// FR bits.
const BUSY = 1 << 3, RXFE = 1 << 4, TXFF = 1 << 5, RXFF = 1 << 6, TXFE = 1 << 7;
// LCR_H bits.
const PEN = 1 << 1, STP2 = 1 << 3, FEN = 1 << 4;
// CR bits.
const UARTEN = 1 << 0, LBE = 1 << 7, TXE = 1 << 8, RXE = 1 << 9;
// Interrupt bits (RIS, MIS, IMSC, ICR).
const RXI = 1 << 4, TXI = 1 << 5, RTI = 1 << 6, OEI = 1 << 10;
// DR error bit for an overrun.
const DR_OE = 1 << 11;
// DMACR bits.
const RXDMAE = 1 << 0, TXDMAE = 1 << 1;

const DEPTH = 32;
// IFLS levels: 1/8, 1/4, 1/2, 3/4, 7/8 of the FIFO (RP2040 datasheet,
// UARTIFLS).
const EIGHTHS = [1, 2, 4, 6, 7];

class Fifo {
  constructor() { this.buf = new Uint16Array(DEPTH); this.start = 0; this.used = 0; }
  push(v) { this.buf[(this.start + this.used) % DEPTH] = v; this.used++; }
  pull() {
    const v = this.buf[this.start];
    this.start = (this.start + 1) % DEPTH;
    this.used--;
    return v;
  }
  clear() { this.used = 0; }
}

export class PL011 extends BasePeripheral {
  // `rp2040`: the chip (its clock, clkPeri, interrupts, DMA); `irq`: its
  // interrupt number; `dreq`: {rx, tx} DMA request numbers. `onTransmit(byte,
  // ns)` is called as each character's stop bit ends (ns on this chip's clock).
  constructor(rp2040, name, irq, dreq) {
    super(rp2040, name);
    this.irq = irq;
    this.dreq = dreq;
    this.clock = rp2040.clock;
    this.tx = new Fifo();
    this.rx = new Fifo();
    this.cr = RXE | TXE; // reset value 0x300
    this.lcr = 0;
    this.ifls = 0x12; // both levels 1/2
    this.imsc = 0;
    this.ris = 0;
    this.rsr = 0;
    this.dmacr = 0;
    this.ibrd = 0;
    this.fbrd = 0;
    this.ilpr = 0;
    this.shifting = false; // a character is in the transmit shift register
    this.overrun = false; // the next character stored carries OE
    this.onTransmit = null;
    this.txDone = this.clock.createAlarm(() => this.shiftOut());
    this.rtAlarm = this.clock.createAlarm(() => this.rxTimeout());
    this.sent = 0; // characters sent (for tests)
    this.received = 0;
    this.lost = 0; // characters lost to overrun or a disabled receiver
  }

  get enabled() { return !!(this.cr & UARTEN); }
  get depth() { return this.lcr & FEN ? DEPTH : 1; }

  // Bits on the wire per character: start, 5-8 data, parity, 1 or 2 stops.
  get bitsPerChar() {
    return 1 + (5 + ((this.lcr >> 5) & 3)) + (this.lcr & PEN ? 1 : 0) + (this.lcr & STP2 ? 2 : 1);
  }

  get baudRate() {
    const div = this.ibrd + this.fbrd / 64;
    return div > 0 ? this.rp2040.clkPeri / (16 * div) : 0;
  }

  get bitNs() {
    const b = this.baudRate;
    return b > 0 ? 1e9 / b : 0;
  }

  // Called by rp2040js when clk_peri changes; the rate is read at each character.
  clkPeriChanged() {}

  // --- the interrupt line and the DMA requests ----------------------------

  update() {
    this.rp2040.setInterrupt(this.irq, !!(this.ris & this.imsc));
    const dma = this.rp2040.dma;
    if (this.dreq && dma) {
      if (this.dmacr & TXDMAE && this.tx.used < this.depth) dma.setDREQ(this.dreq.tx);
      else dma.clearDREQ(this.dreq.tx);
      if (this.dmacr & RXDMAE && this.rx.used > 0) dma.setDREQ(this.dreq.rx);
      else dma.clearDREQ(this.dreq.rx);
    }
  }

  txLevel() { return this.lcr & FEN ? (EIGHTHS[this.ifls & 7] ?? 4) * 4 : 0; }
  rxLevel() { return this.lcr & FEN ? (EIGHTHS[(this.ifls >> 3) & 7] ?? 4) * 4 : 1; }

  // --- transmit -------------------------------------------------------------

  writeData(v) {
    if (this.tx.used >= this.depth) return; // a write to a full FIFO is lost
    this.tx.push(v & 0xff);
    if (this.tx.used > this.txLevel()) this.ris &= ~TXI;
    this.startShift();
    this.update();
  }

  startShift() {
    if (this.shifting || this.tx.used === 0 || !this.enabled || !(this.cr & TXE)) return;
    const bitNs = this.bitNs;
    if (!bitNs) return; // no rate set: the character waits
    const before = this.tx.used;
    this.shiftReg = this.tx.pull();
    this.shifting = true;
    // The transmit interrupt: the FIFO passing down through its level
    // (with FEN off: the one holding register emptied).
    if (before > this.txLevel() && this.tx.used <= this.txLevel()) this.ris |= TXI;
    this.txDone.schedule(bitNs * this.bitsPerChar);
  }

  shiftOut() {
    this.shifting = false;
    const b = this.shiftReg;
    this.sent++;
    if (this.cr & LBE) this.receive(b);
    else if (this.onTransmit) this.onTransmit(b, this.clock.nanos);
    this.startShift();
    this.update();
  }

  // --- receive --------------------------------------------------------------

  // A whole character has arrived on RX (now, on this chip's clock).
  receive(b) {
    if (!this.enabled || !(this.cr & RXE)) { this.lost++; return; }
    if (this.rx.used >= this.depth) {
      this.overrun = true;
      this.rsr |= 8; // RSR.OE
      this.ris |= OEI;
      this.lost++;
    } else {
      this.rx.push((b & 0xff) | (this.overrun ? DR_OE : 0));
      this.overrun = false;
      this.received++;
      if (this.rx.used >= this.rxLevel()) this.ris |= RXI;
    }
    // The timeout counts 32 bit periods from the last character received.
    const bitNs = this.bitNs;
    if (bitNs) this.rtAlarm.schedule(32 * bitNs);
    this.update();
  }

  rxTimeout() {
    if (this.rx.used > 0) {
      this.ris |= RTI;
      this.update();
    }
  }

  readData() {
    if (this.rx.used === 0) return 0;
    const v = this.rx.pull();
    if (this.rx.used < this.rxLevel()) this.ris &= ~RXI;
    if (this.rx.used === 0) this.ris &= ~RTI;
    this.update();
    return v;
  }

  // --- registers ------------------------------------------------------------

  get flags() {
    return (this.shifting || this.tx.used ? BUSY : 0) |
      (this.rx.used === 0 ? RXFE : 0) |
      (this.tx.used >= this.depth ? TXFF : 0) |
      (this.rx.used >= this.depth ? RXFF : 0) |
      (this.tx.used === 0 ? TXFE : 0);
  }

  // A register's value without side effects (DR reads as 0 here).
  peek(offset) {
    switch (offset) {
      case RSR: return this.rsr;
      case FR: return this.flags;
      case ILPR: return this.ilpr;
      case IBRD: return this.ibrd;
      case FBRD: return this.fbrd;
      case LCR_H: return this.lcr;
      case CR: return this.cr;
      case IFLS: return this.ifls;
      case IMSC: return this.imsc;
      case RIS: return this.ris;
      case MIS: return this.ris & this.imsc;
      case DMACR: return this.dmacr;
      case DR: case ICR: return 0;
    }
    if (IDS[offset] !== undefined) return IDS[offset];
    return super.readUint32(offset);
  }

  readUint32(offset) {
    return offset === DR ? this.readData() : this.peek(offset);
  }

  writeUint32(offset, value) {
    switch (offset) {
      case DR: this.writeData(value); return;
      case RSR: this.rsr = 0; return; // ECR: any write clears the errors
      case ILPR: this.ilpr = value & 0xff; return;
      case IBRD: this.ibrd = value & 0xffff; return;
      case FBRD: this.fbrd = value & 0x3f; return;
      case LCR_H: {
        // Turning the FIFOs on or off flushes them (PL011 TRM, UARTLCR_H FEN).
        if ((value ^ this.lcr) & FEN) { this.tx.clear(); this.rx.clear(); }
        this.lcr = value & 0xff;
        this.update();
        return;
      }
      case CR:
        this.cr = value & 0xff87;
        if (!this.enabled || !(this.cr & TXE)) break;
        this.startShift();
        break;
      case IFLS: this.ifls = value & 0x3f; return;
      case IMSC: this.imsc = value & 0x7ff; break;
      case ICR: this.ris &= ~(this.rawWriteValue & 0x7ff); break;
      case DMACR: this.dmacr = value & 7; break;
      default: super.writeUint32(offset, value); return;
    }
    this.update();
  }

  // The atomic aliases (set, clear, xor at +0x2000, +0x3000, +0x1000) read
  // the register first: never through DR's read, which would take a byte.
  writeUint32Atomic(offset, value, atomicType) {
    this.rawWriteValue = value;
    let v = value;
    if (atomicType === 1) v = this.peek(offset) ^ value;
    else if (atomicType === 2) v = this.peek(offset) | value;
    else if (atomicType === 3) v = this.peek(offset) & ~value;
    this.writeUint32(offset, v >>> 0);
  }
}

// Put a PL011 in place of each of the chip's stock UARTs (uart[0] at
// 0x40034000, uart[1] at 0x40038000). Returns the two.
export function fitUarts(mcu) {
  const old = mcu.uart;
  const fresh = old.map((u, i) => new PL011(mcu, `UART${i}`, u.irq, u.dreq));
  fresh.forEach((u, i) => {
    mcu.uart[i] = u;
    mcu.peripherals[0x40034 + 4 * i] = u;
  });
  return fresh;
}
