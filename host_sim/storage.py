"""The simulator's storage: the files of ``app.persist.storage`` in a desktop folder.

``python -m host_sim --data DIR`` keeps them in DIR; by default the window
and terminal use ``default_dir()`` (``$XDG_DATA_HOME/picocards-sim``, i.e.
``~/.local/share/picocards-sim``; ``%APPDATA%\\picocards-sim`` on Windows)
so a game can be continued next time, and headless runs a fresh temporary
folder that is removed at the end (so key scripts always start the same
way).

One simulator at a time uses a folder (``claim``): a second one on the
same folder is refused, since two would write over each other's saves and
statistics.
"""

import errno
import os
import stat

from app.persist.storage import MAX_FILE, TOO_BIG


def read_regular(path, limit=MAX_FILE):
    """The bytes of the regular file at ``path``, at most ``limit``: a bigger
    file raises ValueError (``app.persist.storage.TOO_BIG``) unread, as on the Pico
    (``hw.storage``). OSError for anything else (a folder, a FIFO, a device
    such as /dev/zero), without blocking on it: opened non-blocking,
    checked, then read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError("%s is not a regular file" % os.path.basename(path))
        if st.st_size > limit:
            raise ValueError(TOO_BIG if limit == MAX_FILE else "over %d bytes" % limit)
        with os.fdopen(fd, "rb") as f:
            fd = None  # f closes it
            return f.read(limit + 1)  # more if it grew since: the caller's check
    finally:
        if fd is not None:
            os.close(fd)


def default_dir():
    """The folder the window and terminal keep their data in by default."""
    if os.name == "nt" and os.environ.get("APPDATA"):
        base = os.environ["APPDATA"]
    else:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                               ".local", "share")
    return os.path.join(base, "picocards-sim")


LOCK = "sim.lock"  # in the data folder: the pid of the simulator using it


class InUse(OSError):
    """The data folder is used by another running simulator."""


def claim(path):
    """Claim data folder ``path`` for this process until it ends: file
    ``LOCK`` there, locked (``fcntl.flock``, released by the system however
    the process ends, so a lock left by a crash or a kill is no obstacle)
    and holding this process's id. Returns the open file (keep it). Raises
    InUse, naming the other simulator's process id, when one holds it."""
    p = os.path.join(path, LOCK)
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        # A FIFO would not seek, a link would not open (O_NOFOLLOW): said
        # as what it is, not as the system's error for it.
        raise OSError(errno.EEXIST, "%s is not a plain file: remove it" % LOCK)
    fd = os.open(p, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    f = os.fdopen(fd, "r+b")
    # Bytes: a lock file a crash left damaged is no text, and needs none.
    pid = f.read(20).decode("ascii", "replace").strip() or "?"
    try:
        import fcntl
    except ImportError:  # Windows: the pid alone says whether it is in use
        fcntl = None
    try:
        if fcntl is not None:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        elif _alive(pid):
            raise BlockingIOError
    except OSError:
        f.close()
        raise InUse(errno.EBUSY, "another simulator (process %s) is using it; close that one "
                                 "first, or give another folder with --data" % pid) from None
    f.seek(0)
    f.truncate()
    f.write(b"%d\n" % os.getpid())
    f.flush()
    return f


def take_folder(path):
    """Open data folder ``path`` for this simulator alone: the folder made
    if missing, checked writable and claimed (``claim``). Returns the lock
    (keep it until the process ends). OSError whose ``strerror`` says what
    is wrong (``refusal`` makes the line of it); InUse when another
    simulator holds it."""
    try:
        FolderStorage(path)
        if os.access(path, os.W_OK):
            return claim(path)
        why = "not writable"
    except InUse:
        raise
    except OSError as e:
        why = e.strerror or str(e)
    raise OSError(errno.EACCES, why)


def refusal(path, e):
    """The line saying why data folder ``path`` cannot be used (``e`` from
    ``take_folder``)."""
    if isinstance(e, InUse):
        return "cannot keep data in %s: %s" % (path, e.strerror)
    return "cannot keep data in %s (%s); give a folder with --data" % (path, e.strerror)


def _alive(text):
    # Whether process id ``text`` (str) is running (no fcntl: Windows).
    try:
        os.kill(int(text), 0)
    except (ValueError, OSError):
        return False
    return int(text) != os.getpid()


def make_folder(path):
    """``os.makedirs(path, exist_ok=True)``, with OSError in words where
    makedirs would raise RecursionError: a path of thousands of folders."""
    try:
        os.makedirs(path, exist_ok=True)
    except RecursionError:
        raise OSError(errno.ENAMETOOLONG, "too many folders inside one another") from None


def _not_a_folder(path):
    # What is at ``path`` instead of a folder, in words.
    if os.path.islink(path):
        try:
            os.stat(path)
        except OSError as e:
            if e.errno == errno.ELOOP:
                return "a symbolic link that loops back on itself"
            return "a symbolic link to nothing"
        return "a symbolic link to something that is not a folder"
    return "a file, not a folder"


class FolderStorage:
    """The ``app.persist.storage`` interface on folder ``path`` (created if missing).
    ``rename`` is ``os.replace``: atomic and replacing, as on littlefs."""

    def __init__(self, path):
        self.path = os.fspath(path)
        if not self.path:
            raise OSError(errno.ENOENT, "no folder named (the name is empty)")
        try:
            make_folder(self.path)
        except FileExistsError:
            # makedirs says only "File exists" for whatever is there and is
            # not a folder: a file, or a link that loops or leads nowhere.
            raise OSError(errno.EEXIST, _not_a_folder(self.path)) from None

    def _p(self, name):
        if "/" in name or "\\" in name or name in ("", ".", ".."):
            raise OSError("bad file name %r" % name)
        return os.path.join(self.path, name)

    def read(self, name):
        # Only a regular file is read (a FIFO or device is a bad file, as a
        # folder is), and none over MAX_FILE bytes, as the Pico's (hw.storage).
        try:
            return read_regular(self._p(name))
        except FileNotFoundError:
            return None

    def write(self, name, data):
        path = self._p(name)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            st = None
        if st is not None and not stat.S_ISREG(st.st_mode):
            # Never write through what is not a plain file: a link would
            # overwrite its target, a FIFO would wait for a reader for ever.
            # A stray one under a temporary name (the console's own, see
            # app.persist.storage) goes, an empty folder too; anything else
            # fails the write, saying what is there.
            if not name.endswith(".tmp"):
                raise OSError(errno.EEXIST, "%s is not a file" % path)
            if stat.S_ISDIR(st.st_mode):
                os.rmdir(path)  # OSError (not empty) fails the write
            else:
                os.remove(path)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0),
                     0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def rename(self, old, new):
        os.replace(self._p(old), self._p(new))

    def remove(self, name):
        try:
            os.remove(self._p(name))
        except FileNotFoundError:
            pass

    def names(self):
        return sorted(os.listdir(self.path))
