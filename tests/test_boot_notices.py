"""Boot notices as a player meets them (issue 32 item 10): a data folder
whose saved game is damaged and cannot be set aside (every ``game.badN``
name taken, or a file the storage can neither read nor rename) is told
once, on one Storage screen, not twice."""

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from app.kit import buttons
from app.persist.storage import MemoryStorage
from host_sim.headless import HeadlessRun
from host_sim.storage import FolderStorage


class Unreadable(MemoryStorage):
    """A flash whose ``game`` file fails every read and cannot be renamed."""

    def read(self, name):
        if name == "game":
            raise OSError(5, "EIO")
        return super().read(name)

    def rename(self, old, new):
        if old == "game":
            raise OSError(5, "EIO")
        super().rename(old, new)


def _folder(tmp_path):
    (tmp_path / "game").write_bytes(b"not a save at all")
    for i in range(1, 100):  # every name set_aside could use is taken
        (tmp_path / ("game.bad%d" % i)).write_bytes(b"x")
    return FolderStorage(str(tmp_path))


def _unreadable(tmp_path):
    return Unreadable({"game": b"?"})


@pytest.mark.parametrize("make", [_folder, _unreadable], ids=["names-taken", "unreadable"])
def test_a_boot_notice_is_shown_once(tmp_path, make):
    run = HeadlessRun(seed=1, storage=make(tmp_path))
    run.settle()
    scr = run.app.screen
    assert scr.title == "Storage"
    text = " ".join(scr.lines)
    assert text.count("The saved game could not be used") == 1, scr.lines
    # A or B: back to the title, with nothing more to tell.
    run.buttons.push(buttons.A)
    run.settle("A")
    assert type(run.app.screen).__name__ == "TitleScreen"
