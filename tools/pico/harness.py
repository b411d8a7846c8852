"""An emulated Raspberry Pi Pico for tests and benchmarks: MicroPython's rp2
firmware on rp2040js (tools/pico/emulator.mjs, a Node process behind two
pipes), with the board's buttons, its ST7789 panel and a trapped flash.
docs/emulator.md has the whole story; in short::

    from tools.pico.harness import Pico, kit, fs_image

    k = kit()                                  # None without ../shared/pico
    image = fs_image("build/pico/fs.bin", board="pimoroni_pico_display")
    with Pico(k, fs=image, board="pimoroni_pico_display") as pico:
        pico.wait_frames(1, timeout_ms=5000)   # the app's first full frame
        pico.tap("A")                          # 80 ms press, now
        pico.run_ms(300)
        pico.panel().save("now.png")           # PIL image as the glass shows it
        print(pico.exec("import gc; print(gc.mem_free())"))  # stops the app (Ctrl-C)
        print(pico.ms, pico.erases, pico.programs)

Times are emulated milliseconds (float) since power-on: the RP2040's cycles at
its clk_sys (125 MHz by default), not host time. Every call runs the machine
only as long as it says (``run_ms``, a timeout); between calls it is paused.

Errors: ``PicoError`` for anything the harness cannot do (no Node, a bad
command, a timeout, a power cut where none was asked for); ``ReplError`` (a
``PicoError``) when code run by ``exec`` raised, with the device's traceback.
"""

import base64
import json
import os
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMULATOR = os.path.join(ROOT, "tools", "pico", "emulator.mjs")

#: Where the device kit is looked for (``PICO_KIT`` overrides): MicroPython
#: 1.28.0's rp2 source, its stock RPI_PICO UF2 and the RP2040 B1 bootrom.
KIT_DIR = os.environ.get("PICO_KIT", os.path.join(os.path.dirname(ROOT), "shared", "pico"))
STOCK_UF2 = "RPI_PICO-v1.28.0.uf2"
BOOTROM = "rp2040-bootrom-b1.bin"
HOW_TO_GET_KIT = ("no device kit at %s: get MicroPython 1.28.0's RPI_PICO UF2 and the RP2040 "
                  "B1 bootrom there (see docs/emulator.md), or set PICO_KIT" % KIT_DIR)

# MicroPython 1.28.0 for RPI_PICO (ports/rp2/mpconfigport.h, rp2_flash.c):
# 2 MB flash, the filesystem in the last 1408 KB, 4 KB erase blocks; littlefs
# v2 as modules/_boot.py mounts it (vfs.VfsLfs2(bdev, progsize=256); readsize
# and lookahead default to 32, extmod/vfs_lfs.c).
FLASH_SIZE = 2 * 1024 * 1024
FS_BYTES = 1408 * 1024
FS_OFFSET = FLASH_SIZE - FS_BYTES  # 0xA0000: XIP address 0x100A0000
FS_BLOCK = 4096
FS_READ = 32
FS_PROG = 256
FS_LOOKAHEAD = 32

RAW_REPL_BANNER = b"raw REPL; CTRL-B to exit\r\n>"
TRACEBACK = b"Traceback (most recent call last):"
#: Emulated ms the run after a script (see ``Pico.exec``) may take.
PROBE_MS = 2000


class PicoError(RuntimeError):
    """The emulator could not do what was asked; the message says why."""


class PowerCut(PicoError):
    """The power was cut (``cut_at``) while waiting for something; the
    machine stands still until ``reboot``."""


class ReplError(PicoError):
    """Code run on the device raised; ``output`` is what it printed before,
    ``traceback`` the device's traceback text."""

    def __init__(self, output, traceback):
        super().__init__(traceback.strip().splitlines()[-1] if traceback.strip() else "error")
        self.output = output
        self.traceback = traceback


class ScriptExit(ReplError):
    """Code run by ``exec`` ended with ``sys.exit()`` (SystemExit): the raw
    REPL soft-resets the Pico then and does not pass on the exit code."""

    def __init__(self, output):
        super().__init__(output, "the script ended with sys.exit() (SystemExit): MicroPython's "
                                 "raw REPL does not pass on its code, and the Pico soft-reset")


class ScriptTimeout(PicoError):
    """Code run by ``exec`` had not finished within ``timeout_ms`` emulated
    ms; ``output`` (str) is what it printed until then, ``at_ms`` the time."""

    def __init__(self, output, timeout_ms, at_ms):
        super().__init__("the script did not finish within %s ms of emulated time (stopped at "
                         "%.1f ms)" % (_ms(timeout_ms), at_ms))
        self.output = output
        self.timeout_ms = timeout_ms
        self.at_ms = at_ms


class PicoReset(PicoError):
    """The Pico reset itself (``machine.reset()``, a watchdog reboot) while
    waiting; ``output`` (str) is what it printed before. The machine stands
    still until ``reboot``."""

    def __init__(self, output, at_ms):
        super().__init__("the Pico reset (machine.reset() or its watchdog) at %.1f ms" % at_ms)
        self.output = output
        self.at_ms = at_ms


def control_byte(data):
    """Offset of the first byte in ``data`` the raw REPL takes as a command
    (0x00-0x05: Ctrl-A new raw REPL, Ctrl-B leave it, Ctrl-C clear, Ctrl-D
    end of code, Ctrl-E raw paste), or None."""
    for i, b in enumerate(data):
        if b <= 5:
            return i
    return None


def _script_result(frame):
    """The output (str) of one raw-REPL run from its ``frame``: every byte
    after "OK" up to the reply of the run that followed it. The frame ends
    "0x04 0x04 >" after a run without error (the output may end in 0x04
    itself), error text (a traceback, ending in a newline) then "0x04 >"
    after one that raised (ReplError), or the soft reboot and the raw REPL's
    banner after sys.exit() (ScriptExit)."""
    def text(b):
        return b.decode("utf-8", "replace")

    if frame.endswith(RAW_REPL_BANNER) and b"soft reboot" in frame:
        return_at = frame.rfind(b"\x04\x04", 0, frame.rfind(b"soft reboot"))
        raise ScriptExit(text(frame[:max(0, return_at)]))
    if frame.endswith(b"\x04\x04>"):
        return text(frame[:-3])
    if frame.endswith(b"\x04>"):
        body = frame[:-2]
        # The error text is MicroPython's traceback: its last start, else
        # what follows the last 0x04.
        i = body.rfind(b"\x04" + TRACEBACK)
        if i < 0:
            i = body.rfind(b"\x04")
        raise ReplError(text(body[:i]), text(body[i + 1:]))
    raise PicoError("the raw REPL's reply is not understood: ...%r" % frame[-200:])


def _ms(ms):
    """``ms`` (float) as few digits as it needs: 5000.0 -> "5000"."""
    return ("%d" % ms) if ms == int(ms) else ("%s" % ms)


class Kit:
    """Paths of the device kit: ``dir``, ``uf2`` (stock image), ``bootrom``,
    ``source`` (the MicroPython source tarball, may be missing)."""

    def __init__(self, path):
        self.dir = path
        self.uf2 = os.path.join(path, STOCK_UF2)
        self.bootrom = os.path.join(path, BOOTROM)
        self.source = os.path.join(path, "micropython-1.28.0-rp2.tar.xz")


def kit(path=None):
    """The Kit at ``path`` (default ``KIT_DIR``), or None if it lacks the UF2
    or the bootrom (or Node is not installed)."""
    k = Kit(path or KIT_DIR)
    if not (os.path.isfile(k.uf2) and os.path.isfile(k.bootrom)):
        return None
    if shutil.which("node") is None or not os.path.isdir(os.path.join(ROOT, "node_modules",
                                                                       "rp2040js")):
        return None
    return k


class Frame:
    """One RAMWR the panel received: ``end_ms`` (emulated time its last pixel
    left the wire), the window ``x0..x1``, ``y0..y1`` (inclusive, controller
    addresses as CASET/RASET set them) and ``pixels`` written."""

    __slots__ = ("end_ms", "x0", "x1", "y0", "y1", "pixels")

    def __init__(self, rec):
        self.end_ms = rec[0] / 1e6
        self.x0, self.x1, self.y0, self.y1, self.pixels = rec[1:]

    @property
    def full(self):
        """True if the RAMWR covered its whole window (CASET x RASET)."""
        return self.pixels >= (self.x1 - self.x0 + 1) * (self.y1 - self.y0 + 1)

    def __repr__(self):
        return "Frame(%.3f ms, %d..%d x %d..%d, %d px)" % (self.end_ms, self.x0, self.x1, self.y0,
                                                           self.y1, self.pixels)


def load_board(name):
    """The board dict of ``boards/<name>.py`` (ValueError if unknown)."""
    import sys

    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    import boards

    return boards.load(name)


def button_pins(board):
    """{button name: GPIO} of a board dict (its ``buttons.pins``)."""
    return dict(board["buttons"]["pins"])


class Pico:
    """One emulated Pico (a Node child process), powered on at construction.

    ``kit``: a Kit (``kit()``). ``uf2``: firmware image (default the kit's
    stock one). ``fs``: a filesystem image file placed at ``FS_OFFSET`` (see
    ``fs_image``), or None (the firmware formats an empty one on first boot).
    ``flash``: instead of both, a whole flash image file (e.g. ``save_flash``).
    ``board``: a board module name (boards/) or dict; its buttons are held
    high and its ST7789 panel (if it has one) is rebuilt from the SPI bus.
    ``spi_timing``: charge each SPI byte its time on the wire (default True);
    ``flash_timing``: charge erase/program the chip's typical times (True).
    ``cut_at``: cut the power before flash operation n (1-based, counting
    erases and programs since power-on; 0 never). ``serial_keep``: bytes of
    unread console output the emulator keeps (the newest; default 16 MB);
    ``dropped`` counts those it let go.
    """

    def __init__(self, kit, uf2=None, fs=None, flash=None, board=None, spi_timing=True,
                 flash_timing=True, cut_at=0, node="node", serial_keep=None, beside=None):
        if kit is None:
            raise PicoError(HOW_TO_GET_KIT)
        self.kit = kit
        if isinstance(board, str):
            board = load_board(board)
        self.board = board
        self.buttons = button_pins(board) if board else {}
        self._id = 0
        self._status = {}
        self.dropped = 0  # console output bytes dropped (over serial_keep) since power-on
        # ``beside``: another Pico whose emulator process this chip shares
        # (see ``pair``); the first chip owns the process.
        self.index = 0
        self._owner = beside is None
        if beside is not None:
            self._proc = beside._proc
            self.index = beside._next_index
            beside._next_index += 1
        else:
            self._next_index = 1
            try:
                self._proc = subprocess.Popen([node, EMULATOR], stdin=subprocess.PIPE,
                                              stdout=subprocess.PIPE, cwd=ROOT)
            except OSError as e:
                raise PicoError("cannot start node: %s" % e)
        msg = {"cmd": "start", "bootrom": kit.bootrom,
               "buttons": sorted(set(self.buttons.values())),
               "spi_timing": spi_timing, "flash_timing": flash_timing, "cut_at": cut_at,
               "flash_size": FLASH_SIZE}
        if serial_keep:
            msg["serial_keep"] = int(serial_keep)
        if flash:
            msg["flash_image"] = os.path.abspath(flash)
        else:
            msg["uf2"] = os.path.abspath(uf2 or kit.uf2)
            if fs:
                msg["fs_image"] = os.path.abspath(fs)
                msg["fs_offset"] = FS_OFFSET
        disp = board["display"] if board else None
        if disp and disp.get("controller") == "ssd1306":
            msg["display"] = {"kind": "ssd1306", "i2c": disp["i2c"]["id"], "addr": disp["addr"],
                              "scl": disp["i2c"]["scl"], "sda": disp["i2c"]["sda"],
                              "width": disp["width"], "height": disp["height"]}
        elif disp and disp.get("controller") == "st7789":
            msg["display"] = {"spi": disp["spi"]["id"], "dc": disp["dc"], "cs": disp.get("cs"),
                              "window": list(disp["window"]), "bgr": bool(disp.get("bgr")),
                              "invert": bool(disp.get("invert"))}
        self._call(msg)

    # --- plumbing ---------------------------------------------------------

    def _call(self, msg):
        self._id += 1
        msg["id"] = self._id
        msg["pico"] = self.index
        try:
            self._proc.stdin.write((json.dumps(msg) + "\n").encode())
            self._proc.stdin.flush()
            line = self._proc.stdout.readline()
        except (BrokenPipeError, ValueError):
            line = b""
        if not line:
            raise PicoError("the emulator process ended (exit %s)" % self._proc.poll())
        reply = json.loads(line)
        if not reply.get("ok"):
            raise PicoError("emulator: %s" % reply.get("error"))
        self._status = reply
        return reply

    def close(self):
        """End the Node process (idempotent; a chip ``beside`` another
        leaves it to the owner)."""
        p = getattr(self, "_proc", None)
        if p is None or p.poll() is not None or not getattr(self, "_owner", True):
            return
        try:
            self._call({"cmd": "quit"})
        except PicoError:
            pass
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()

    # --- time and state ---------------------------------------------------

    @property
    def ms(self):
        """Emulated milliseconds since power-on (float)."""
        if self._shared():
            self._call({"cmd": "status"})
        return self._status.get("ns", 0) / 1e6

    def _shared(self):
        # True when another chip shares the process: its runs move this
        # chip's clock too, so the last status is stale.
        return not self._owner or getattr(self, "_next_index", 1) > 1

    @property
    def world_ms(self):
        """Emulated ms on the time all chips of one process share (this
        chip's ``ms`` plus the world's time at its last power-on)."""
        self._call({"cmd": "status"})
        return self._status.get("world_ns", 0) / 1e6

    # --- UARTs ------------------------------------------------------------

    def wire_uart(self, uart, to, to_uart, on=True):
        """Wire this chip's UART ``uart`` TX to Pico ``to``'s UART
        ``to_uart`` RX (``to`` shares this process, or is this chip: a
        loopback); ``on`` False cuts the wire. One direction only."""
        self._call({"cmd": "uart_wire", "from": [self.index, uart], "to": [to.index, to_uart],
                    "on": on})

    def uart_sent(self, uart=0, since=0):
        """``(bytes, [world ms])``: what UART ``uart``'s TX has sent since
        power-on of the process (from index ``since``), each byte with the
        time its stop bit ended."""
        r = self._call({"cmd": "uart_log", "uart": uart, "since": since})
        return base64.b64decode(r["data"]), [ns / 1e6 for ns in r["ns"]]

    def uart_stats(self, uart=0):
        """``{"sent", "received", "lost", "baud"}`` of UART ``uart`` since
        power-on (lost: overrun, or received while disabled)."""
        return self._call({"cmd": "uart_stats", "uart": uart})

    @property
    def erases(self):
        """Flash erase operations since power-on (bootrom flash_range_erase calls)."""
        return self._status.get("erases", 0)

    @property
    def programs(self):
        """Flash program operations since power-on (flash_range_program calls)."""
        return self._status.get("programs", 0)

    @property
    def flash_ops(self):
        """erases + programs since power-on."""
        return self.erases + self.programs

    @property
    def power_cut(self):
        """True once the power was cut (``cut_at``): the machine stands still."""
        return bool(self._status.get("power_cut"))

    def run_ms(self, ms):
        """Let the machine run ``ms`` emulated milliseconds (less if the power is cut)."""
        self._call({"cmd": "run", "ms": ms})

    @property
    def was_reset(self):
        """True once the Pico reset itself (machine.reset(), a watchdog
        reboot): the emulator stands still there."""
        return bool(self._status.get("reset"))

    def _check_power(self, what):
        if self.power_cut:
            raise PowerCut("the power was cut at %.1f ms (flash operation %d) %s"
                           % (self.ms, self.flash_ops + 1, what))

    def run_until(self, ms):
        """Run until emulated time ``ms`` (nothing if already past)."""
        if ms > self.ms:
            self.run_ms(ms - self.ms)

    # --- flash ------------------------------------------------------------

    def flash_log(self, since=0):
        """[(kind "erase"/"program", flash offset, bytes, ms)] of every flash
        operation since power-on, from index ``since``."""
        r = self._call({"cmd": "ops", "since": since})
        return [(k, a, n, ns / 1e6) for k, a, n, ns in r["list"]]

    def cut_power_at(self, n):
        """Cut the power just before flash operation ``n`` (1-based since
        power-on; 0: never). The operation is not applied; the machine stops."""
        self._call({"cmd": "cut_at", "n": n})

    def reboot(self, cut_at=0):
        """Power off and on: flash kept (as it was at a power cut), RAM, the
        clock (back to 0), the panel and the counters start again."""
        self._call({"cmd": "reboot", "cut_at": cut_at, "flash_size": FLASH_SIZE})

    def save_flash(self, path, offset=0, length=None):
        """Write the flash (the chip's ``FLASH_SIZE`` bytes, or ``length`` from
        ``offset``) to ``path``: a file ``Pico(flash=...)`` boots from."""
        length = length or FLASH_SIZE - offset
        self._call({"cmd": "flash", "path": os.path.abspath(path), "offset": offset,
                    "length": length})

    def read_fs(self):
        """A read-only littlefs-python view of the filesystem now in flash
        (``LittleFS``; ``.open(path, "rb")``, ``.listdir``)."""
        import littlefs

        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "fs.bin")
            self.save_flash(p, FS_OFFSET, FS_BYTES)
            with open(p, "rb") as f:
                data = bytearray(f.read())
        fs = littlefs.LittleFS(block_size=FS_BLOCK, block_count=FS_BYTES // FS_BLOCK,
                               read_size=FS_READ, prog_size=FS_PROG,
                               lookahead_size=FS_LOOKAHEAD, mount=False)
        fs.context.buffer = data
        fs.mount()
        return fs

    # --- buttons ----------------------------------------------------------

    def _pin(self, key):
        if isinstance(key, int):
            return key
        try:
            return self.buttons[key]
        except KeyError:
            raise PicoError("board has no button %r (has %s)" % (key, ", ".join(self.buttons)))

    def press(self, key, at_ms=None):
        """Press button ``key`` (board button name, e.g. "A", or a GPIO number)
        at emulated time ``at_ms`` (default now): its pin goes low."""
        self._gpio(key, 0, at_ms)

    def release(self, key, at_ms=None):
        """Release ``key`` at ``at_ms`` (default now): the pull-up takes it high."""
        self._gpio(key, 1, at_ms)

    def tap(self, key, hold_ms=80, at_ms=None, then_ms=0):
        """Press ``key`` at ``at_ms`` (default now) for ``hold_ms``; then run
        until the release plus ``then_ms``. Returns the press time (ms)."""
        t = self.ms if at_ms is None else at_ms
        self.press(key, t)
        self.release(key, t + hold_ms)
        self.run_until(t + hold_ms + then_ms)
        return t

    def _gpio(self, key, value, at_ms):
        msg = {"cmd": "gpio", "pin": self._pin(key), "value": value}
        if at_ms is not None:
            msg["at_ns"] = int(at_ms * 1e6)
        self._call(msg)

    def adc(self, channel, mv):
        """Put ``mv`` millivolts on ADC input ``channel`` (3: GP29, a plain
        Pico's VSYS/3), as the 12-bit result of a 3.3 V converter."""
        self._call({"cmd": "adc", "channel": channel, "value": min(4095, mv * 4095 // 3300)})

    def pin(self, n):
        """The level (0/1) GPIO ``n`` shows: its output if driven, else its input."""
        return self._call({"cmd": "pin", "pin": n})["value"]

    # --- USB serial and the REPL ------------------------------------------

    def write(self, data):
        """Type ``data`` (bytes or str) on the USB serial console."""
        if isinstance(data, str):
            data = data.encode()
        self._call({"cmd": "write", "data": base64.b64encode(data).decode()})

    def read(self, until=None, timeout_ms=1000):
        """What the device sent on USB serial since the last read (bytes).
        With ``until`` (bytes), run up to ``timeout_ms`` emulated ms until it
        has arrived and return the output up to and including it; PicoError
        if it has not come by then."""
        data, found = self._read(until, timeout_ms)
        if until is not None and not found:
            self._check_power("waiting for %r" % until)
            if self.was_reset:
                raise PicoReset(data.decode("utf-8", "replace"), self.ms)
            raise PicoError("no %r on the console within %s ms (at %.1f ms; got %r)"
                            % (until, timeout_ms, self.ms, data[-300:]))
        return data

    def _read(self, until, timeout_ms):
        """``(bytes read, whether until came)``: ``read`` without the error."""
        msg = {"cmd": "read"}
        if until is not None:
            msg["until"] = base64.b64encode(until).decode()
            msg["timeout_ms"] = timeout_ms
        r = self._call(msg)
        self.dropped += r.get("dropped", 0)
        return base64.b64decode(r["data"]), r["found"]

    def repl(self, timeout_ms=3000):
        """Stop whatever runs (Ctrl-C twice) and enter the raw REPL (as
        mpremote does); later ``exec`` calls reuse it."""
        self.read()
        self.write(b"\r\x03\x03")
        self.run_ms(50)
        self.read()
        self.write(b"\x01")
        self.read(RAW_REPL_BANNER, timeout_ms)
        self._raw = True

    def exec(self, code, timeout_ms=10000):
        """Run ``code`` (str) in the raw REPL (entered first if needed: this
        stops the app) and return what it printed (str). ReplError if it
        raised (ScriptExit for sys.exit()); ScriptTimeout if it did not finish
        within ``timeout_ms``; PicoReset if the Pico reset itself first;
        PicoError for anything else the harness could not do (code holding
        a byte the raw REPL takes as a command, 0x00-0x05).

        The raw REPL frames a run as "OK", the output, 0x04, the error
        output, 0x04, ">", and escapes nothing: a script may print 0x04 and
        ">" itself. So once that frame seems to have ended, a second run is
        typed (printing a fresh random token); it waits in the console's
        input until the script has really ended, and what came before its
        reply is the script's. A script that reads the console's input
        would read that run instead (it then times out)."""
        data = code.encode() if isinstance(code, str) else bytes(code)
        bad = control_byte(data)
        if bad is not None:
            raise PicoError("the code holds the byte 0x%02x at offset %d, which the raw REPL "
                            "takes as a command (Ctrl-%s): write it as an escape in a string"
                            % (data[bad], bad, "@ABCDE"[data[bad]]))
        if not getattr(self, "_raw", False):
            self.repl()
        # An empty run is the raw REPL's soft reset (Ctrl-D on an empty
        # line): a lone newline runs nothing instead.
        self.write((data or b"\n") + b"\x04")
        ok = self.read(b"OK", 2000 + len(data) // 10)
        if not ok.endswith(b"OK"):
            raise PicoError("raw REPL did not accept the code: %r" % ok)
        end = self.ms + timeout_ms
        got = b""
        for until in (b"\x04", b"\x04", b">", None):
            if until is None:
                token = os.urandom(8).hex().encode()
                until = b"OK" + token + b"\r\n\x04\x04>"
                self.write(b"print('%s')\x04" % token)
                left = max(0.0, end - self.ms) + PROBE_MS
            else:
                left = max(0.0, end - self.ms)
            chunk, found = self._read(until, left)
            got += chunk
            if not found:
                self._raw = False
                self._check_power("while the script ran")
                text = got.decode("utf-8", "replace")
                if self.was_reset:
                    raise PicoReset(text, self.ms)
                raise ScriptTimeout(text, timeout_ms, self.ms)
        return _script_result(got[:-len(until)])

    def soft_reset(self, timeout_ms=3000):
        """Leave the raw REPL and soft-reset (Ctrl-D at the friendly
        prompt): /main.py runs again, RAM state is lost, flash kept."""
        self.write(b"\x02")
        self.read(b">>> ", timeout_ms)
        self._raw = False
        self.write(b"\x04")

    # --- the panel --------------------------------------------------------

    def watch_allocs(self, alloc, realloc=0, over=8192):
        """From now on, note every request to the heap: the firmware's
        ``gc_alloc`` (n_bytes in r0) and ``gc_realloc`` (n_bytes in r1)
        entered at these addresses (``elf_symbol``; 0: not watched). The
        emulator compares the PC before each instruction, so nothing of the
        firmware is changed. Resets what ``allocs`` reports."""
        self._call({"cmd": "alloc_watch", "alloc": alloc, "realloc": realloc, "over": over})

    def allocs(self):
        """``{"calls", "max" (bytes), "max_ms", "max_realloc" (bool), "over"
        (bytes), "list": [(bytes, realloc, ms)] of requests over "over"}``
        since ``watch_allocs``, or None if not watched."""
        a = self._call({"cmd": "allocs"})["allocs"]
        if a is None:
            return None
        a["max_ms"] = a.pop("max_ns") / 1e6
        a["list"] = [(n, re, ns / 1e6) for n, re, ns in a["list"]]
        return a

    def panel_commands(self, since=0):
        """``[(ms, command)]`` of the display's power commands since power-on
        (from index ``since``): ST7789 SLPIN 0x10, SLPOUT 0x11, DISPOFF 0x28,
        DISPON 0x29; SSD1306 display off 0xAE, on 0xAF."""
        got = self._call({"cmd": "panel_cmds", "since": since})["list"]
        return [(ns / 1e6, c) for ns, c in got]

    def awake(self):
        """``(awake ms, asleep ms)`` since power-on: the core executing
        instructions (or held by a flash operation), and asleep in WFI/WFE
        while the clock jumped to the next event. Their sum is ``ms``."""
        r = self._call({"cmd": "awake"})
        return r["awake_ns"] / 1e6, r["asleep_ns"] / 1e6

    def awake_share(self, ms):
        """Run ``ms`` emulated milliseconds; the share of them (0..1) the
        core was awake."""
        a0, s0 = self.awake()
        self.run_ms(ms)
        a1, s1 = self.awake()
        return (a1 - a0) / ((a1 - a0) + (s1 - s0))

    def frames(self, since=0):
        """[Frame] of every RAMWR the panel received, from index ``since``."""
        return [Frame(r) for r in self._call({"cmd": "frames", "since": since})["list"]]

    @property
    def frame_count(self):
        """RAMWRs received so far."""
        if self._shared():
            self._call({"cmd": "status"})
        return self._status.get("frames", 0)

    def wait_frames(self, n=1, timeout_ms=5000, full=False):
        """Run until ``n`` more RAMWRs (full-window ones only with ``full``)
        have ended; returns them. PicoError after ``timeout_ms``."""
        start = self.frame_count
        end = self.ms + timeout_ms
        got = []
        while True:
            got = [f for f in self.frames(start) if f.full or not full]
            if len(got) >= n:
                return got[:n]
            self._check_power("waiting for frames")
            if self.ms >= end:
                raise PicoError("%d of %d frames within %s ms" % (len(got), n, timeout_ms))
            self.run_ms(min(20, end - self.ms))

    def settle(self, quiet_ms=400, timeout_ms=20000):
        """Run until no RAMWR has ended for ``quiet_ms``; returns the time of
        the last one (ms) or None. PicoError after ``timeout_ms``."""
        end = self.ms + timeout_ms
        last_count = self.frame_count
        last_change = self.ms
        while self.ms < end:
            self._check_power("waiting for the panel to settle")
            self.run_ms(min(50, quiet_ms))
            if self.frame_count != last_count:
                last_count = self.frame_count
                last_change = self.ms
            elif self.ms - last_change >= quiet_ms:
                fr = self.frames(max(0, last_count - 1))
                return fr[-1].end_ms if fr else None
        raise PicoError("the panel was still changing after %s ms" % timeout_ms)

    def panel_rgb(self):
        """``(width, height, RGB888 bytes)`` of the glass: an ST7789's
        board ``window`` of the controller's memory, unrotated; an SSD1306's
        128x64, upright, lit pixels in ``host_sim.display.MONO_LIT``."""
        r = self._call({"cmd": "panel"})
        if "mono" in r:
            # An SSD1306: lit/dark in the simulator's colours, so images compare.
            import sys

            if ROOT not in sys.path:
                sys.path.insert(0, ROOT)
            import host_sim  # noqa: F401  (firmware/ on sys.path)
            from host_sim.display import mono_vlsb_to_rgb24

            rgb = mono_vlsb_to_rgb24(base64.b64decode(r["mono"]), r["width"], r["height"])
            return r["width"], r["height"], bytes(rgb)
        return r["width"], r["height"], base64.b64decode(r["rgb"])

    def panel(self, rotation=None):
        """The glass as a PIL image, turned as the board's ``rotation`` (or
        ``rotation`` degrees) shows it to the player: the same orientation
        as the app's frame and the simulator's PNGs."""
        from PIL import Image

        w, h, rgb = self.panel_rgb()
        img = Image.frombytes("RGB", (w, h), rgb)
        if self.board and self.board["display"]["controller"] == "ssd1306":
            return img  # the OLED's image is upright already (see emulator.mjs, Oled)
        if rotation is None:
            rotation = self.board["display"]["rotation"] if self.board else 0
        return img.rotate(rotation, expand=True) if rotation else img


# --- the filesystem image ---------------------------------------------------


def fs_files(board, out_dir, files=None, frozen=False):
    """{device path: bytes} of the console laid out as tools/make/flash.py lays
    it for ``board`` (module name): tools/make/build.py's output of firmware/ and
    boards/ (``frozen``: none of them, as ``tools/make/flash.py --frozen``) and
    /board.txt; plus
    ``files`` {path: bytes} on top. ``out_dir`` is the build's stage folder."""
    import sys

    tools = os.path.join(ROOT, "tools", "make")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import flash

    local = {} if frozen else flash.local_files(flash.build(out_dir))
    if not frozen and load_board(board)["display"]["controller"] == "ssd1306":
        local.update(_driver(flash, out_dir))
    result = {}
    for path, (src, _, _) in local.items():
        with open(src, "rb") as f:
            result[path] = f.read()
    result[flash.BOARD_FILE] = (board + "\n").encode()
    result.update(files or {})
    return result


def _driver(flash, stage):
    """{"/lib/ssd1306.mpy": (path, sha, size)}: micropython-lib's SSD1306
    driver from the MicroPython source, as tools/make/flash.py installs it."""
    import firmware

    source = firmware.driver_source()
    if source is None:
        raise PicoError("the SSD1306 board needs micropython-lib's ssd1306.py: no MicroPython "
                        "source found (%s)" % HOW_TO_GET_KIT)
    return flash.build_driver(stage, source)


def oled_driver():
    """{"/lib/ssd1306.mpy": bytes} (see ``_driver``), for an SSD1306 board's image."""
    import sys

    tools = os.path.join(ROOT, "tools", "make")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import flash

    with tempfile.TemporaryDirectory(prefix="picocards-drv-") as stage:
        ((path, (src, _, _)),) = _driver(flash, stage).items()
        with open(src, "rb") as f:
            return {path: f.read()}


def write_fs_image(path, files):
    """Write a littlefs image of ``files`` {device path: bytes} to ``path``,
    formatted as MicroPython 1.28.0's rp2 port mounts it (``FS_BYTES``,
    4 KB blocks; see the constants above). Returns ``path``."""
    import littlefs

    fs = littlefs.LittleFS(block_size=FS_BLOCK, block_count=FS_BYTES // FS_BLOCK,
                           read_size=FS_READ, prog_size=FS_PROG, lookahead_size=FS_LOOKAHEAD)
    for dev_path in sorted(files):
        parts = dev_path.strip("/").split("/")
        for i in range(1, len(parts)):
            d = "/" + "/".join(parts[:i])
            try:
                fs.mkdir(d)
            except FileExistsError:
                pass
        with fs.open(dev_path, "wb") as f:
            f.write(files[dev_path])
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "wb") as f:
        f.write(fs.context.buffer)
    return path


def fs_image(path, board, files=None, frozen=False):
    """Build the console for ``board`` (see ``fs_files``) and write its
    littlefs image to ``path``; returns ``path``."""
    with tempfile.TemporaryDirectory(prefix="picocards-fs-") as stage:
        return write_fs_image(path, fs_files(board, stage, files, frozen))


def elf_symbol(elf, name):
    """Address (int) of symbol ``name`` in ELF file ``elf`` (arm-none-eabi-nm),
    or None if the tool, the file or the symbol is missing."""
    nm = shutil.which("arm-none-eabi-nm")
    if nm is None or not os.path.isfile(elf):
        return None
    out = subprocess.run([nm, elf], capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == name:
            return int(f[0], 16)
    return None


def elf_of(uf2):
    """The firmware.elf that tools/make/firmware.py built beside the UF2 ``uf2``
    (a build/firmware/rp2-*/ folder whose firmware.uf2 has the same bytes),
    or None."""
    d = os.path.dirname(os.path.abspath(uf2))
    with open(uf2, "rb") as f:
        want = f.read()
    for name in sorted(os.listdir(d)):
        sub = os.path.join(d, name)
        u = os.path.join(sub, "firmware.uf2")
        if name.startswith("rp2-") and os.path.isfile(u):
            with open(u, "rb") as f:
                if f.read() == want:
                    return os.path.join(sub, "firmware.elf")
    return None


def pair(kit, boards, uf2=None, fs=(None, None), cross=True, **kw):
    """Two Picos in one emulator process, on one time: ``boards`` (two
    board names or dicts), ``uf2`` one image for both, ``fs`` a filesystem
    image each; with ``cross``, UART0 crossed as the link cable wires it
    (each TX to the other's RX). Returns ``(a, b)``; closing ``a`` ends both.
    Every run of either chip runs the other along (docs/emulator.md)."""
    a = Pico(kit, uf2=uf2, fs=fs[0], board=boards[0], **kw)
    try:
        b = Pico(kit, uf2=uf2, fs=fs[1], board=boards[1], beside=a, **kw)
        if cross:
            a.wire_uart(0, b, 0)
            b.wire_uart(0, a, 0)
    except BaseException:
        a.close()
        raise
    return a, b
