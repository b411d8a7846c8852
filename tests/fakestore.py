"""An in-memory storage for tests that can simulate a power cut between any
two file operations (the interface of ``app.persist.storage``).

    st = FakeStorage(cut_after=3)   # the 4th mutating operation never happens
    ...                             # (a write leaves half its bytes), PowerCut
    st2 = st.reboot()               # the files as the flash keeps them

Only mutating operations (write, rename, remove) count: reads change nothing
a cut could interrupt.
"""

from app.persist.storage import MemoryStorage


class PowerCut(BaseException):
    """The power went: not an Exception, so app code cannot swallow it."""


class FakeStorage(MemoryStorage):
    """``cut_after``: the number of mutating operations that complete before
    the power goes (None: never). ``ops`` counts those done; ``log`` lists
    them as ``(op, name)``. ``corrupt_writes``: flip a bit of every write
    (a failing flash)."""

    def __init__(self, files=None, cut_after=None, corrupt_writes=False):
        super().__init__(dict(files or {}))
        self.cut_after = cut_after
        self.corrupt_writes = corrupt_writes
        self.ops = 0
        self.log = []

    def _op(self, op, name):
        if self.cut_after is not None and self.ops >= self.cut_after:
            return False
        self.ops += 1
        self.log.append((op, name))
        return True

    def write(self, name, data):
        data = bytes(data)
        if self.corrupt_writes and data:
            data = bytes([data[0] ^ 1]) + data[1:]
        if not self._op("write", name):
            self.files[name] = data[: len(data) // 2]  # cut mid-write
            raise PowerCut(name)
        self.files[name] = data

    def rename(self, old, new):
        if not self._op("rename", old):
            raise PowerCut(old)
        super().rename(old, new)

    def remove(self, name):
        if not self._op("remove", name):
            raise PowerCut(name)
        super().remove(name)

    def reboot(self):
        """A new storage holding the files as they are now (no cut)."""
        return FakeStorage(self.files)


class FailingRead(FakeStorage):
    """A FakeStorage whose next ``fail`` reads of a game's save (``game-...``)
    raise OSError (EIO: a flash read that fails, then works again)."""

    fail = 0

    def read(self, name):
        if name.startswith("game-") and "." not in name and self.fail:
            self.fail -= 1
            raise OSError(5, "EIO")
        return super().read(name)


def save_file(game):
    """The name of the save file of ``game`` (its name, "Clubbed"...):
    ``app.persist.files.SAVES``, in the order of ``app.games.GAMES``."""
    from app import games
    from app.persist.files import SAVES

    return SAVES[[e.name for e in games.GAMES].index(game)]


def only_save(st):
    """The name of the one game save on storage ``st`` (AssertionError
    unless there is exactly one)."""
    from app.persist.files import SAVES

    names = [n for n in SAVES if n in st.files]
    assert len(names) == 1, names
    return names[0]
