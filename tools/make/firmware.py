"""Build the firmware image: MicroPython 1.28.0 for the Pico (RPI_PICO) with
the console frozen in (tools/make/manifest.py), defaulting to one of our boards.

    python3 tools/make/firmware.py --board oled_ssd1306_128x64    # what make firmware runs
    python3 tools/make/firmware.py --micropy-dir ~/src/micropython  # your own checkout
    python3 tools/make/firmware.py --chip rp2350                  # a Pico 2 image (RPI_PICO2)

Writes ``build/firmware/picocards-<board>.uf2`` (``--out`` folder;
``picocards-<board>-rp2350.uf2`` for ``--chip rp2350``, which is built from
the same source but not tested on hardware: the emulator runs only the RP2040). The
MicroPython source is, in this order: ``--micropy-dir`` (MICROPY_DIR in the
Makefile: a v1.28.0 checkout with its submodules), the tree already extracted
into build/micropython-1.28.0 (beside the ``--out`` folder), or the device
kit's tarball (``--kit``, default ../shared/pico/), extracted there once. With none, one
line says where to get it (exit 2).

An image whose inputs (firmware/, boards/, the manifest and its generated
modules' sources, this tool, the source folder) have not changed since it was
built is not built again (a stamp beside it holds their digest). Each
board has its own build folder (``build/firmware/rp2-<source tag>-<board>``:
its firmware.elf stays the one of its image, which tools/bench reads);
picotool (built from the kit's lib/picotool, without USB) and mpy-cross are
made once and shared. One build runs at a time (a lock). Its output goes to
``build/firmware/build-<board>.log``; the tail is printed if it fails.
Steps follow the kit's README (build-firmware.sh): CMAKE_ARGS in the
environment, absolute paths, a fresh build folder per board and source.

The arguments, the output folder and the toolchain (arm-none-eabi-gcc,
cmake, make: one line says how to install them) are checked before the
kit is extracted; a damaged kit is named in one line and a failed
extraction or copy leaves nothing behind.

Exit status: 0 built or up to date, 1 the build failed, 2 bad arguments, no
source, a damaged kit or a build tool missing, 130 interrupted (Ctrl-C).
"""

import argparse
import fcntl
import hashlib
import lzma
import os
import shutil
import subprocess
import sys
import tarfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import boards  # noqa: E402

VERSION = "1.28.0"
TARBALL = "micropython-%s-rp2.tar.xz" % VERSION
KIT = os.path.join(os.path.dirname(ROOT), "shared", "pico")
BUILD = os.path.join(ROOT, "build")
OUT = os.path.join(BUILD, "firmware")
# The chips an image can be built for: MicroPython's board for each, and the
# image's name suffix. The RP2350 (Pico 2) image is built from the same kit;
# the emulator (rp2040js) runs only the RP2040, so it is not tested there.
CHIPS = {"rp2040": ("RPI_PICO", ""), "rp2350": ("RPI_PICO2", "-rp2350")}
MANIFEST = os.path.join(ROOT, "tools", "make", "manifest.py")
EXTRACTED = ".picocards-extracted"  # marker: the kit's tarball was fully extracted
# The release's tag, hash and date, for a source without its own .git (the
# kit's): makeversionhdr.py must not ask a surrounding repository (ours).
RELEASE_ENV = {"MICROPY_GIT_TAG": "v1.28.0", "MICROPY_GIT_HASH": "e0e9fbb17e",
               "SOURCE_DATE_EPOCH": "1775481169"}
# What a MicroPython tree needs for this build (submodules included).
NEEDED = ("ports/rp2/Makefile", "mpy-cross/Makefile", "lib/pico-sdk/pico_sdk_init.cmake",
          "lib/tinyusb/src/tusb.h", "lib/micropython-lib/README.md")
SSD1306 = "lib/micropython-lib/micropython/drivers/display/ssd1306/ssd1306.py"
# What reading a damaged .tar.xz raises: a cut or corrupt stream, a bad header.
DAMAGED = (tarfile.TarError, EOFError, lzma.LZMAError)
# The build's programs and where they come from (the kit's README; the
# Raspberry Pi Pico SDK's getting-started guide for macOS).
TOOLCHAIN = ("arm-none-eabi-gcc", "cmake", "make")
INSTALL = ("on Debian/Ubuntu: sudo apt-get install build-essential cmake gcc-arm-none-eabi "
           "libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib; on macOS: xcode-select "
           "--install, brew install cmake, brew install --cask gcc-arm-embedded; then make "
           "firmware takes about 2-5 minutes the first time, under 15 s after a change")



def no_source(kit=KIT):
    """The one line saying where to get a source, naming the kit folder
    looked in (``kit``, e.g. PICO_KIT)."""
    shown = os.path.relpath(kit, ROOT) if os.path.abspath(kit) == KIT else kit
    return ("firmware: no MicroPython source: get MicroPython v%s with its submodules "
            "(git clone -b v%s https://github.com/micropython/micropython, then make -C "
            "micropython/ports/rp2 BOARD=RPI_PICO submodules) and run make firmware "
            "MICROPY_DIR=<that folder>, or put the device kit (%s) in %s"
            % (VERSION, VERSION, TARBALL, shown))


class Failure(Exception):
    """The build cannot go on; ``str()`` is the one line to print, ``status``
    the exit status."""

    def __init__(self, msg, status=1):
        Exception.__init__(self, msg)
        self.status = status


def check_toolchain():
    """Failure (status 2) naming the first build program not on PATH and how
    to install the toolchain."""
    missing = [t for t in TOOLCHAIN if shutil.which(t) is None]
    if missing:
        raise Failure("firmware: no %s on PATH (the ARM compiler and CMake build the image): %s"
                      % (" or ".join(missing), INSTALL), 2)


def damaged(tarball, e):
    """The Failure (status 2) for the kit's ``tarball`` that cannot be read (``e``)."""
    if isinstance(e, EOFError):
        why = "it ends too soon"
    elif isinstance(e, lzma.LZMAError):
        why = "its xz data is corrupt"
    else:
        why = "it cannot be read as a tar archive"
    return Failure("firmware: the kit's %s is damaged or not a .tar.xz (%s): copy the device "
                   "kit again" % (tarball, why), 2)


def source_version(src):
    """``"X.Y.Z"`` from ``src``/py/mpconfig.h, or None if it cannot be read."""
    parts = {}
    try:
        with open(os.path.join(src, "py", "mpconfig.h")) as f:
            for line in f:
                w = line.split()
                if len(w) == 3 and w[0] == "#define" and w[1] in (
                        "MICROPY_VERSION_MAJOR", "MICROPY_VERSION_MINOR", "MICROPY_VERSION_MICRO"):
                    parts[w[1]] = w[2]
    except OSError:
        return None
    if len(parts) != 3:
        return None
    return "%s.%s.%s" % (parts["MICROPY_VERSION_MAJOR"], parts["MICROPY_VERSION_MINOR"],
                         parts["MICROPY_VERSION_MICRO"])


def check_source(src):
    """Failure (status 2) unless ``src`` is a MicroPython tree with what the
    rp2 build needs."""
    if not os.path.exists(src):
        raise Failure("firmware: the MicroPython source %s does not exist" % src, 2)
    if not os.path.isdir(src):
        raise Failure("firmware: the MicroPython source %s is not a folder" % src, 2)
    missing = [p for p in NEEDED if not os.path.exists(os.path.join(src, p))]
    if missing:
        raise Failure("firmware: %s is not a MicroPython source with its submodules (no %s): "
                      "in a v%s checkout run make -C ports/rp2 BOARD=RPI_PICO submodules"
                      % (src, missing[0], VERSION), 2)


def find_source(micropy_dir=None, kit=KIT, build=BUILD, out=sys.stdout):
    """The MicroPython source folder to build from (absolute): ``micropy_dir``,
    else the kit's tree extracted under ``build`` (extracting it from
    ``kit`` the first time). Failure (status 2, no_source()) if there is none."""
    if micropy_dir:
        src = os.path.abspath(os.path.expanduser(micropy_dir))
        check_source(src)
        return src
    src = os.path.join(os.path.abspath(build), "micropython-" + VERSION)
    if os.path.exists(os.path.join(src, EXTRACTED)):
        return src
    tarball = os.path.join(kit, TARBALL)
    if not os.path.isfile(tarball):
        raise Failure(no_source(kit), 2)
    print("extracting %s into %s" % (tarball, os.path.relpath(src, ROOT)), file=out)
    tmp = src + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.rmtree(src, ignore_errors=True)
    done = False
    try:
        os.makedirs(tmp)
        try:
            with tarfile.open(tarball) as tf:
                safe_extract(tf, tmp)
        except DAMAGED as e:
            raise damaged(tarball, e)
        top = os.path.join(tmp, "micropython-" + VERSION)
        if not os.path.isdir(top):
            raise Failure("firmware: %s holds no micropython-%s/ folder: not the kit's tarball"
                          % (tarball, VERSION), 2)
        os.rename(top, src)
        check_source(src)
        open(os.path.join(src, EXTRACTED), "w").close()
        done = True
    finally:
        # Anything beside that folder is not ours; a failed extraction
        # leaves nothing behind (the next run starts again).
        shutil.rmtree(tmp, ignore_errors=True)
        if not done:
            shutil.rmtree(src, ignore_errors=True)
    return src


def _unsafe(member, dest):
    """Why ``member`` (a TarInfo) must not be extracted into ``dest``, or None."""
    name = member.name
    if os.path.isabs(name) or name.startswith(("/", "\\")):
        return "an absolute path"
    if ".." in name.replace("\\", "/").split("/"):
        return "a '..' in its path"
    if not (member.isfile() or member.isdir() or member.issym() or member.islnk()):
        return "not a file, folder or link"
    if member.issym() or member.islnk():
        link = member.linkname
        if os.path.isabs(link):
            return "a link to an absolute path"
        # A symlink's target is relative to its folder, a hard link's to the top.
        base = os.path.dirname(name) if member.issym() else ""
        target = os.path.normpath(os.path.join(dest, base, link))
        if os.path.commonpath([dest, target]) != dest:
            return "a link outside the folder"
    return None


def safe_extract(tf, dest):
    """Extract the open TarFile ``tf`` into the folder ``dest``, refusing
    absolute paths, '..' and links out of ``dest``: tarfile's "data" filter
    where this Python has it (3.12, 3.11.4 and the security backports), else
    the same checks made here (Debian 12's 3.11.2 has no ``filter``).
    Failure (status 2) naming the first bad member."""
    if hasattr(tarfile, "data_filter"):
        try:
            tf.extractall(dest, filter="data")
        except tarfile.FilterError as e:
            raise Failure("firmware: %s: unsafe member refused (%s)" % (tf.name, e), 2)
        return
    dest = os.path.abspath(dest)
    members = tf.getmembers()
    for m in members:
        why = _unsafe(m, dest)
        if why:
            raise Failure("firmware: %s: unsafe member %r refused (%s)" % (tf.name, m.name, why),
                          2)
    tf.extractall(dest, members=members)


def driver_source(micropy_dir=None, kit=KIT, build=BUILD):
    """Path of micropython-lib's ``ssd1306.py`` (the SSD1306 board's driver)
    from the MicroPython source, without the network: ``micropy_dir``'s, the
    extracted kit tree's, or taken out of the kit's tarball once (into
    ``build``/micropython-lib/). None if there is no source."""
    if micropy_dir:
        path = os.path.join(os.path.abspath(os.path.expanduser(micropy_dir)), SSD1306)
        return path if os.path.isfile(path) else None
    path = os.path.join(build, "micropython-" + VERSION, SSD1306)
    if os.path.isfile(path):
        return path
    cached = os.path.join(build, "micropython-lib", os.path.basename(SSD1306))
    if os.path.isfile(cached):
        return cached
    tarball = os.path.join(kit, TARBALL)
    if not os.path.isfile(tarball):
        return None
    member = "micropython-%s/%s" % (VERSION, SSD1306)
    try:
        with tarfile.open(tarball) as tf:
            data = tf.extractfile(member).read()
    except (KeyError, AttributeError) + DAMAGED:  # no such member, or a damaged kit
        return None
    os.makedirs(os.path.dirname(cached), exist_ok=True)
    try:
        with open(cached + ".tmp", "wb") as f:
            f.write(data)
        os.replace(cached + ".tmp", cached)
    finally:
        if os.path.exists(cached + ".tmp"):
            os.remove(cached + ".tmp")
    return cached


def image_version():
    """The version the image says it is (host_sim.version: pyproject.toml's
    number and the commit), frozen into it by frozen_gen."""
    from host_sim import version

    return version.version(ROOT)


def inputs_digest(src, board, chip="rp2040"):
    """SHA-256 (hex) over what the image is made of: every file in firmware/
    and boards/, the manifest, tools/make/frozen/, the generator and this tool,
    plus the source folder, its version, the board, the image's version and
    (other than the RP2040) the chip."""
    h = hashlib.sha256()
    h.update(("%s\0%s\0%s\0%s\0" % (src, source_version(src), board, image_version())).encode())
    if chip != "rp2040":
        h.update(("chip\0%s\0" % chip).encode())
    paths = [os.path.join("tools", "make", n)
             for n in ("manifest.py", "frozen_gen.py", "firmware.py")]
    for top in ("firmware", "boards", os.path.join("tools", "make", "frozen")):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            paths += [os.path.relpath(os.path.join(dirpath, f), ROOT)
                      for f in filenames if not f.endswith(".pyc")]
    for rel in sorted(paths):
        with open(os.path.join(ROOT, rel), "rb") as f:
            data = f.read()
        h.update(("%s\0%d\0" % (rel.replace(os.sep, "/"), len(data))).encode())
        h.update(data)
    return h.hexdigest()


def _tag(src):
    return hashlib.sha256(src.encode()).hexdigest()[:8]


def uf2_path(board, out=OUT, chip="rp2040"):
    return os.path.join(out, "picocards-%s%s.uf2" % (board, CHIPS[chip][1]))


def read_stamp(uf2):
    """``(inputs digest, source folder)`` the image at ``uf2`` was built from
    (its ``.stamp``), or None."""
    try:
        with open(uf2 + ".stamp") as f:
            digest, _, src = f.read().strip().partition(" ")
    except OSError:
        return None
    return (digest, src) if digest and src else None


def up_to_date(uf2, board, chip="rp2040"):
    """True if the image at ``uf2`` was built for ``board`` (and ``chip``)
    from what firmware/, boards/ and the build's inputs hold now."""
    stamp = read_stamp(uf2)
    return stamp is not None and os.path.isdir(stamp[1]) and \
        stamp[0] == inputs_digest(stamp[1], board, chip)


def _run(argv, log, env, cwd=None):
    """Run ``argv``, appending its output to the open file ``log``; Failure
    with the log's tail if it fails."""
    log.write("\n$ %s\n" % " ".join(argv))
    log.flush()
    try:
        rc = subprocess.call(argv, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    except OSError as e:  # not installed (FileNotFoundError) or not runnable
        raise Failure("firmware: cannot run %s (%s): install it or put it on PATH"
                      % (argv[0], e.strerror or e), 2)
    if rc != 0:
        log.flush()
        with open(log.name, errors="replace") as f:
            tail = f.read().splitlines()[-25:]
        raise Failure("%s\nfirmware: %s failed (exit %d); the whole output is in %s"
                      % ("\n".join(tail), os.path.basename(argv[0]), rc, log.name))


def build_tools(src, tools_dir, jobs, log, env, out):
    """Build picotool (if the source has lib/picotool: the kit) and mpy-cross,
    once. Returns the CMAKE_ARGS for ports/rp2."""
    cmake_args = []
    if os.path.isdir(os.path.join(src, "lib", "picotool")):
        install = os.path.join(tools_dir, "picotool-install")
        exe = os.path.join(install, "picotool", "picotool")
        if not os.access(exe, os.X_OK):
            print("      picotool (once)", file=out)
            pbuild = os.path.join(tools_dir, "picotool-build")
            shutil.rmtree(pbuild, ignore_errors=True)
            _run(["cmake", "-S", os.path.join(src, "lib", "picotool"), "-B", pbuild,
                  "-DCMAKE_BUILD_TYPE=Release",
                  "-DPICO_SDK_PATH=" + os.path.join(src, "lib", "pico-sdk"),
                  "-DPICOTOOL_NO_LIBUSB=1", "-DPICOTOOL_FLAT_INSTALL=1",
                  "-DCMAKE_INSTALL_PREFIX=" + install], log, env)
            _run(["cmake", "--build", pbuild, "-j", str(jobs)], log, env)
            _run(["cmake", "--install", pbuild], log, env)
        # pico-sdk's find_package(picotool) then finds it instead of cloning it.
        cmake_args.append("-Dpicotool_DIR=" + os.path.join(install, "picotool"))
    _run(["make", "-C", os.path.join(src, "mpy-cross"), "-j", str(jobs)], log, env)
    return cmake_args


def _forget_other_manifest(rp2):
    """Empty ``rp2`` if its CMake cache names another manifest than ours (a
    build folder made before the manifest moved): ports/rp2 runs cmake only
    in a new folder, so the cached path would win and the freeze would fail,
    and the cache alone cannot go (a re-run of cmake then lacks our args)."""
    cache = os.path.join(rp2, "CMakeCache.txt")
    try:
        with open(cache) as f:
            lines = [ln for ln in f if ln.startswith("MICROPY_FROZEN_MANIFEST:")]
    except OSError:
        return
    if lines and lines[0].split("=", 1)[1].strip() != MANIFEST:
        shutil.rmtree(rp2)


def build(board, src, out=OUT, jobs=2, force=False, progress=sys.stdout, chip="rp2040"):
    """Build (or find up to date) the image for ``board`` and ``chip`` from
    ``src``. Returns ``(uf2 path, seconds spent building or None if up to date)``."""
    uf2 = uf2_path(board, out, chip)
    digest = inputs_digest(src, board, chip)
    if not force and os.path.isfile(uf2) and read_stamp(uf2) == (digest, src):
        return uf2, None
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time in the shared folders
        return uf2, _build(board, src, out, jobs, digest, progress, chip)


def _build(board, src, out, jobs, digest, progress, chip):
    t0 = time.monotonic()
    uf2 = uf2_path(board, out, chip)
    port_board, suffix = CHIPS[chip]
    env = dict(os.environ)
    if not os.path.exists(os.path.join(src, ".git")):
        for k, v in RELEASE_ENV.items():
            env.setdefault(k, v)
    env["PICO_SDK_PATH"] = os.path.join(src, "lib", "pico-sdk")
    env["PICOCARDS_BOARD"] = board
    env["PICOCARDS_VERSION"] = image_version()
    # One build folder per source and board: a folder shared by the boards
    # would hold only the last board's firmware.elf, and the benchmark reads
    # the ELF that matches its image (tools/pico/harness.py elf_of).
    tag = _tag(src)
    env["PICOCARDS_FROZEN_DIR"] = os.path.join(out, "frozen-%s-%s%s" % (tag, board, suffix))
    with open(os.path.join(out, "build-%s%s.log" % (board, suffix)), "w") as log:
        print("[1/2] picotool and mpy-cross (%s)" % src, file=progress)
        cmake_args = build_tools(src, os.path.join(out, "tools-" + tag), jobs, log, env,
                                 progress)
        # CMAKE_ARGS in the environment: on make's command line it would replace
        # the port Makefile's own (board, manifest) instead of adding to them.
        env["CMAKE_ARGS"] = " ".join(cmake_args + [env.get("CMAKE_ARGS", "")]).strip()
        # ports/rp2 runs cmake only in a new build folder: its settings (port
        # board, manifest path) are the same for all our boards.
        rp2 = os.path.join(out, "rp2-%s-%s%s" % (tag, board, suffix))
        _forget_other_manifest(rp2)
        print("[2/2] MicroPython %s %s, frozen: tools/make/manifest.py, board %s"
              % (source_version(src), port_board, board), file=progress)
        _run(["make", "-C", os.path.join(src, "ports", "rp2"), "BOARD=" + port_board,
              "BUILD=" + rp2, "FROZEN_MANIFEST=" + MANIFEST, "-j", str(jobs)], log, env)
    tmp = uf2 + ".tmp"
    try:
        shutil.copyfile(os.path.join(rp2, "firmware.uf2"), tmp)
        os.replace(tmp, uf2)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    with open(uf2 + ".stamp", "w") as f:
        f.write("%s %s\n" % (digest, src))
    return time.monotonic() - t0


def check_out(out_dir, extract_beside):
    """Make the output folder ``out_dir``; Failure (status 2) if it cannot
    be made or written, or (``extract_beside``: the kit's source goes there)
    its parent cannot be written."""
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as e:
        raise Failure("firmware: cannot make the output folder %s (%s)"
                      % (out_dir, e.strerror or e), 2)
    for d in (out_dir, os.path.dirname(out_dir)) if extract_beside else (out_dir,):
        if not os.access(d, os.W_OK | os.X_OK):
            raise Failure("firmware: cannot write in %s (the %s)" % (
                d, "output folder" if d == out_dir else "folder the kit's source is extracted "
                "into"), 2)


def _jobs(text):
    """argparse type for --jobs: an int >= 1."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be >= 1, not %d" % n)
    return n


def main(argv=None, out=None):
    """Command line entry (see the module docstring). Returns the exit status."""
    out = out or sys.stdout
    ap = argparse.ArgumentParser(prog="tools/make/firmware.py",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default=boards.DEFAULT,
                    help="the board the image defaults to, a module in boards/: "
                    + ", ".join(boards.names()) + " (default: %(default)s)")
    ap.add_argument("--micropy-dir", default=os.environ.get("MICROPY_DIR") or None,
                    help="a MicroPython v%s checkout with its submodules (default: "
                    "$MICROPY_DIR, else the kit's source)" % VERSION)
    ap.add_argument("--kit", default=KIT, help="folder holding %s (default: %%(default)s)"
                    % TARBALL)
    ap.add_argument("--out", default=OUT, help="where the image and the build folders go "
                    "(default: %(default)s)")
    ap.add_argument("--jobs", type=_jobs, default=os.cpu_count() or 2,
                    help="parallel compile jobs (default: %(default)s)")
    ap.add_argument("--force", action="store_true", help="build even if up to date")
    ap.add_argument("--chip", choices=sorted(CHIPS), default="rp2040",
                    help="rp2040 (Pico, Pico H, Pico W) or rp2350 (Pico 2: built, not "
                    "tested on hardware); default %(default)s")
    args = ap.parse_args(argv)
    try:
        try:
            boards.load(args.board)
        except ValueError as e:
            raise Failure("firmware: %s (have: %s)" % (e, ", ".join(boards.names())), 2)
        out_dir = os.path.abspath(args.out)
        check_out(out_dir, extract_beside=not args.micropy_dir)
        if args.force or not up_to_date(uf2_path(args.board, out_dir, args.chip), args.board,
                                        args.chip):
            check_toolchain()
        # The kit's source is extracted beside the output folder (build/).
        src = find_source(args.micropy_dir, args.kit, os.path.dirname(out_dir), out)
        version = source_version(src)
        if version != VERSION:
            print("firmware: note: %s is MicroPython %s; the project targets %s"
                  % (src, version, VERSION), file=out)
        uf2, secs = build(args.board, src, out_dir, args.jobs, args.force, out, args.chip)
    except Failure as e:
        print(e, file=sys.stderr)
        return e.status
    except OSError as e:  # e.g. the disk is full, a folder is not writable
        print("firmware: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("firmware: interrupted", file=sys.stderr)
        return 130
    rel = os.path.relpath(uf2, ROOT) if uf2.startswith(ROOT + os.sep) else uf2
    if secs is None:
        print("%s is up to date (%d bytes)" % (rel, os.path.getsize(uf2)), file=out)
    else:
        print("wrote %s (%d bytes) in %.0f s" % (rel, os.path.getsize(uf2), secs), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
