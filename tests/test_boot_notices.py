"""Boot notices as a player meets them (issue 32 item 10): a data folder
whose saved game (a game's own ``game-<game>``, or an older console's
``game``) is damaged and cannot be set aside (every ``.badN`` name taken,
or a file the storage can neither read nor rename) is told once, on one
Storage screen, not twice."""

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from app.kit import buttons
from app.persist.storage import MemoryStorage
from host_sim.headless import HeadlessRun
from host_sim.storage import FolderStorage


class Unreadable(MemoryStorage):
    """A flash whose one file fails every read and cannot be renamed."""

    def read(self, name):
        if name in self.files:
            raise OSError(5, "EIO")
        return super().read(name)

    def rename(self, old, new):
        if old in self.files:
            raise OSError(5, "EIO")
        super().rename(old, new)


def _folder(tmp_path, name):
    (tmp_path / name).write_bytes(b"not a save at all")
    for i in range(1, 100):  # every name set_aside could use is taken
        (tmp_path / ("%s.bad%d" % (name, i))).write_bytes(b"x")
    return FolderStorage(str(tmp_path))


def _unreadable(tmp_path, name):
    return Unreadable({name: b"?"})


@pytest.mark.parametrize("name,words", [("game", "The saved game could not be used"),
                                        ("game-clubs", "The saved Clubs game could not be used")])
@pytest.mark.parametrize("make", [_folder, _unreadable], ids=["names-taken", "unreadable"])
def test_a_boot_notice_is_shown_once(tmp_path, make, name, words):
    run = HeadlessRun(seed=1, storage=make(tmp_path, name))
    run.settle()
    scr = run.app.screen
    assert scr.title == "Storage"
    text = " ".join(scr.lines)
    assert text.count("could not be used") == 1 and words in text, scr.lines
    # A or B: back to the title, with nothing more to tell.
    run.buttons.push(buttons.A)
    run.settle("A")
    assert type(run.app.screen).__name__ == "TitleScreen"
