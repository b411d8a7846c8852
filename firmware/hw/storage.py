"""Storage on the Pico's flash filesystem (littlefs, through ``os``): the
files of ``app.persist.storage`` (saved game, settings, statistics, game records)
live flat in one folder, ``/data`` by default.

    from hw.storage import FlashStorage
    store = FlashStorage()          # creates /data if missing

littlefs renames atomically and replaces an existing target, which is what
``app.persist.storage.write_file`` relies on for its write-temp-then-rename. Copy a
game record to a computer with ``mpremote fs cp :data/r12 r12.txt``.
"""

try:
    import uos as os  # the built-in module, also where a port freezes a larger "os"
except ImportError:
    import os  # type: ignore[no-redef]  # CPython (tests)

from app.persist.storage import MAX_FILE, TOO_BIG


class FlashStorage:
    """The ``app.persist.storage`` interface on folder ``root`` of the flash
    filesystem. Errors are the filesystem's OSError."""

    def __init__(self, root="/data"):
        self.root = root
        try:
            os.mkdir(root)
        except OSError:
            pass  # already there

    def read(self, name):
        """The file's bytes (a bytearray of the file's size), or None when
        there is none. A file over ``MAX_FILE`` bytes raises ValueError
        (``TOO_BIG``) unread: the heap gets one buffer of the file's own
        size, never a 16 KB one (issue 12). OSError when it cannot be read."""
        path = self.root + "/" + name
        try:
            n = os.stat(path)[6]  # st_size
            if n > MAX_FILE:
                raise ValueError(TOO_BIG)
            buf = bytearray(n)
            with open(path, "rb") as f:
                got = f.readinto(buf) or 0
            return buf if got == n else buf[:got]  # it shrank meanwhile
        except OSError:
            # Missing is normal; any other failure is the caller's to report.
            # (errno numbers differ between ports: ask the folder instead.)
            if name not in self.names():
                return None
            raise

    def write(self, name, data):
        """Create or replace file ``name`` with ``data`` (bytes)."""
        with open(self.root + "/" + name, "wb") as f:
            f.write(data)

    def rename(self, name, new):
        """Rename ``name`` to ``new``, replacing ``new``."""
        os.rename(self.root + "/" + name, self.root + "/" + new)

    def remove(self, name):
        """Delete ``name``; no error when it is missing."""
        try:
            os.remove(self.root + "/" + name)
        except OSError:
            pass

    def names(self):
        """The file names in the folder."""
        return os.listdir(self.root)
