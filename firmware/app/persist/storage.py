"""Files that survive a power cut: the saved game, settings, statistics and
game records, in one small text format, written atomically.

A *storage* is whatever the hardware layer hands the app (``hw.storage`` on
the Pico's flash, ``host_sim.storage`` a desktop folder, ``MemoryStorage``
below for a session that keeps nothing). It offers five primitive file
operations on flat names (no folders), each of which may be the last one
before the power goes:

- ``read(name)``: the file's bytes, or None when there is no such file;
  ValueError (``TOO_BIG``), reading nothing, when it has more than
  ``MAX_FILE`` bytes: the heap never holds more than one file's own size
  (a 16 KB read buffer was most of a Pico's free heap);
- ``write(name, data)``: create or replace the file with ``data`` (bytes);
- ``rename(old, new)``: rename, replacing ``new`` if it exists (atomic);
- ``remove(name)``: delete (no error if missing);
- ``names()``: list of the file names.

Every file is one header line then ``key=value`` lines (UTF-8)::

    PICOCARDS <kind> <version> <length> <crc32>
    game=Clubbed
    seed=12345

``kind`` says what the file holds (``save``, ``settings``, ``stats``,
``record``), ``version`` the format (1), ``length`` the body's size
in bytes and ``crc32`` the body's CRC-32 (``binascii.crc32``: CPython, and
MicroPython builds at ROM level "extra features", which includes rp2 and the
WebAssembly port; 8 lower-case hex digits). ``write_file`` writes
``name.tmp``, reads it back, then renames it over ``name``, so a cut at any
moment leaves either the old file or the new one, never a mix.
``read_file`` checks everything and moves a bad file aside (renamed to
the first free of ``name.bad1``, ``name.bad2`` ..., never deleted nor
renamed over another) with a reason in plain words.
A file the storage cannot read (``read`` raises OSError) is moved aside
too, since a rename may work where a read fails; when a bad or unreadable
file cannot be moved aside, the problem ends with ``STUCK`` and the app
must not write over that file (``app.persist.files`` then leaves it alone
for the session). ``words`` says a storage error as a player would.
A file over ``MAX_FILE`` bytes is bad too: ``read`` refuses it unread, so
a huge file never fills the Pico's heap.
"""

MAX_FILE = 16384  # bytes; a whole game's record is about 1.5 KB
# The end of ``read_file``'s problem for an unreadable file left in place.
STUCK = "; it could not be moved aside either, so it is kept and not written over"
TOO_BIG = "the file is too big (over %d bytes)" % MAX_FILE  # a storage's ValueError

try:
    # The built-in module: a port may freeze a larger pure-Python "binascii"
    # (the WebAssembly one does: 7 KB of heap) where the Pico has only this.
    # hexlify/unhexlify are for app.persist.files, app.persist.resume and app.persist.records.
    from ubinascii import crc32, hexlify, unhexlify  # noqa: F401
except ImportError:
    from binascii import crc32, hexlify, unhexlify  # noqa: F401  (CPython)

# Names here are few on purpose: every identifier and short string of a
# module MicroPython loads stays interned (in the heap) for good.


def encode(key, fields):
    """The bytes of a file of kind ``key`` (str) holding ``fields``: a list of
    ``(key, value)`` str pairs, in order. Raises ValueError for a key with
    ``=`` or a newline, or a value with a newline."""
    lines = []
    for k, v in fields:
        v = str(v)
        if not k or "=" in k or "\n" in k or "\n" in v:
            raise ValueError("bad field %r" % k[:16])
        lines.append("%s=%s\n" % (k, v))
    body = "".join(lines).encode()
    head = "PICOCARDS %s 1 %d %08x\n" % (key, len(body), crc32(body) & 0xFFFFFFFF)
    return head.encode() + body


def link_counts(v):
    """The four counts (played, won, lost, drawn) of a game's entry ``v``
    in file ``lstats``, as a list; [0, 0, 0, 0] for none or an entry that
    is not four counts from 0 to 99,999,999 (a damaged or forged file is
    counted afresh, never trusted or shown)."""
    try:
        n = [int(x) for x in (v or "").split(",")]
    except ValueError:
        n = []
    if len(n) != 4 or min(n) < 0 or max(n) > 99999999:
        return [0, 0, 0, 0]
    return n


def decode(data, key):
    """The fields (dict str -> str) of file bytes ``data`` of kind ``key``.

    Raises ValueError saying what is wrong: empty, not a Pico Cards file, of
    another kind, from another version, cut short, too long, checksum wrong,
    or lines that are not ``key=value``."""
    if not data:
        raise ValueError("the file is empty")
    nl = data.find(b"\n")
    if not data.startswith(b"PICOCARDS "):
        raise ValueError("the file is not a Pico Cards file")
    if nl < 0:
        raise ValueError("the file was cut short")
    try:
        head = data[:nl].decode().split(" ")
    except UnicodeError:
        raise ValueError("the file's header is damaged")
    if len(head) != 5:
        raise ValueError("the file's header is damaged")
    if head[1] != key:
        raise ValueError("the file holds %s, not %s" % (head[1][:10], key))
    if head[2] != "1":
        raise ValueError("the file is from another version (%s) of the console" % head[2][:6])
    body = data[nl + 1 :]
    try:
        n = int(head[3])
        crc = int(head[4], 16)
    except ValueError:
        raise ValueError("the file's header is damaged")
    if len(body) < n:
        raise ValueError("the file was cut short")
    if len(body) > n:
        raise ValueError("the file has bytes beyond its end")
    if crc32(body) & 0xFFFFFFFF != crc:
        raise ValueError("the file's contents are damaged (checksum)")
    out = {}
    try:
        text = body.decode()
    except UnicodeError:
        raise ValueError("the file's contents are damaged")
    for line in text.split("\n"):
        if not line:
            continue
        i = line.find("=")
        if i <= 0:
            raise ValueError("the file's contents are damaged")
        out[line[:i]] = line[i + 1 :]
    return out


def write_file(storage, name, key, fields):
    """Write ``fields`` (see ``encode``) as file ``name`` atomically: a temp
    file, read back and compared, then renamed over ``name``. Raises OSError
    when the storage fails (full, read-back differs); ``name`` is then as it
    was."""
    data = encode(key, fields)
    tmp = name + ".tmp"
    storage.write(tmp, data)
    if storage.read(tmp) != data:
        storage.remove(tmp)
        raise OSError("the storage did not keep what was written")
    storage.rename(tmp, name)


def words(e):
    """A storage error (OSError ``e``) as a player would say it: what went
    wrong with the storage, never its error number or the system's text."""
    n = e.args[0] if e.args else None
    if isinstance(n, str):
        return n  # said in words where it was raised (a storage's own check)
    if n == 28:  # ENOSPC (littlefs says it too)
        return "the storage is full"
    if n == 30 or n == 13 or n == 1:  # EROFS, EACCES, EPERM
        return "the storage cannot be written to"
    return "the storage did not respond as expected"


def set_aside(storage, name):
    """Rename file ``name`` to the first free ``name.badN`` (N = 1, 2 ...):
    never over another file. Returns the new name; OSError when the rename
    fails."""
    have = storage.names()
    i = 1
    while "%s.bad%d" % (name, i) in have:
        i += 1  # at most one more than the files there are
    new = "%s.bad%d" % (name, i)
    storage.rename(name, new)
    return new


def read_file(storage, name, key, f=None):
    """``(fields, problem)`` of file ``name``: ``(None, None)`` when there is
    none; ``(dict, None)`` when it is good; ``(None, words)`` when it is bad,
    after moving it aside (``set_aside``). ``f(fields)`` may raise
    ValueError to call a well-formed file bad (values out of range). A file
    the storage cannot read (OSError) is moved aside the same way; when that
    fails too the words end with ``STUCK``: the file is still there and
    must not be written over (its contents were never seen). ``key`` is the
    kind of file (see ``decode``)."""
    try:
        data = storage.read(name)
    except OSError as e:
        why = "the file could not be read (%s)" % words(e)
        try:
            return None, "%s; it was kept as %s" % (why, set_aside(storage, name))
        except OSError:
            return None, why + STUCK
    except ValueError as e:
        data = str(e)  # too big: refused unread (``judge`` reports it)
    return judge(storage, name, key, data, f)


def judge(storage, name, key, data, f=None):
    """``read_file``'s answer for ``data``, the bytes ``storage.read(name)``
    gave (None: no file; a str: why it could not be taken): ``(None, None)``,
    ``(fields, None)`` or ``(None, words)`` after moving the file aside
    (ending with ``STUCK`` when it could not be moved)."""
    if data is None:
        return None, None
    check = f
    try:
        if isinstance(data, str):
            raise ValueError(data)
        if len(data) > MAX_FILE:
            raise ValueError(TOO_BIG)
        f = decode(data, key)
        try:
            if check is not None:
                check(f)
            return f, None
        except ValueError as e:
            why = "the file's contents make no sense (%s)" % e
    except ValueError as e:
        why = str(e)
    try:
        new = set_aside(storage, name)
        return None, "%s; it was kept as %s" % (why, new)
    except OSError:
        return None, why + STUCK  # never written over: it is all there is of it


class MemoryStorage:
    """A storage in RAM (nothing survives the session): the default when the
    app is given none. ``files`` maps name -> bytes."""

    def __init__(self, files=None):
        self.files = {} if files is None else files

    def read(self, name):
        d = self.files.get(name)
        if d is not None and len(d) > MAX_FILE:
            raise ValueError(TOO_BIG)
        return d

    def write(self, name, data):
        self.files[name] = bytes(data)

    def rename(self, name, new):
        if name not in self.files:
            raise OSError(name)
        self.files[new] = self.files.pop(name)

    def remove(self, name):
        self.files.pop(name, None)

    def names(self):
        return list(self.files)
