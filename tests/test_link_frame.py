"""Frames of the link (firmware/link/frame.py) and its rules text
(firmware/link/rules.py): the CRC's check value, stuffing, garbage and
broken frames dropped, mismatches worded."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from link import frame, rules


def decode_all(data):
    d = frame.Decoder()
    out = []
    for b in data:
        if d.feed(b):
            out.append((d.kind, d.tag0, d.tag1, d.number, bytes(d.payload[: d.length])))
    return out, d.dropped


def encoded(kind, tag0, tag1, number, payload):
    out = bytearray(frame.worst_size(len(payload)))
    n = frame.encode(kind, tag0, tag1, number, payload, len(payload), out, 0)
    return bytes(out[:n])


def test_crc_is_ccitt_false():
    assert frame.crc16(b"123456789", 9) == 0x29B1  # the catalogue's check value


@given(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255), st.integers(0, 65535),
       st.binary(max_size=frame.MAX_PAYLOAD))
def test_frames_round_trip_and_hide_the_flag(kind, t0, t1, number, payload):
    f = encoded(kind, t0, t1, number, payload)
    assert f[0] == frame.FLAG and f[-1] == frame.FLAG and frame.FLAG not in f[1:-1]
    assert decode_all(f) == ([(kind, t0, t1, number, payload)], 0)


def test_garbage_and_broken_frames_are_dropped_and_the_next_one_read():
    good = encoded(7, 1, 2, 300, b"\x7e\x7d\x00")
    bad = bytearray(good)
    bad[3] ^= 0x10  # a flipped bit: the CRC fails
    cut = good[: len(good) // 2]  # a frame cut short by the next FLAG
    long = bytes([frame.FLAG]) + bytes(200) + bytes([frame.FLAG])
    data = b"noise" + bytes(bad) + cut + long + good + b"\x7e\x7e" + good
    frames, dropped = decode_all(data)
    assert frames == [(7, 1, 2, 300, b"\x7e\x7d\x00")] * 2
    assert dropped >= 3


def test_a_payload_too_long_is_refused():
    out = bytearray(1000)
    with pytest.raises(ValueError, match="does not fit"):
        frame.encode(1, 0, 0, 0, bytes(frame.MAX_PAYLOAD + 1), frame.MAX_PAYLOAD + 1, out, 0)


def test_rules_text_and_its_differences_in_words():
    kj = rules.text("klaberjass", {"classic": True, "alternate": False, "target": 500})
    assert kj == "klaberjass;alternate=0;classic=1;target=500"
    assert rules.differences(kj, kj) is None
    assert rules.differences(kj, rules.text("clubbed", {})) == \
        "The other console is set for Clubbed, this one for Klaberjass"
    assert rules.differences(kj, kj.replace("classic=1", "classic=0")) == \
        "Rule classic is off on the other console, on here"
    assert rules.differences(kj, kj.replace("500", "300")) == \
        "The other console plays to 300, this one to 500"
    assert "known on one console only" in rules.differences(kj, kj + ";new_rule=1")
    assert rules.differences(kj, "klaberjass;x") == \
        "The other console sent rules this one cannot read"
    g = rules.new_game(kj, 12345)
    assert g.classic and not g.alternate and g.target == 500


@pytest.mark.parametrize("game, opts, words", [
    ("spades", {}, "no link play for game"),
    ("clubbed", {"refill": "yes"}, "must be an int or a bool"),
    ("clubbed", {"x" * 90: 1}, "too long"),
])
def test_bad_rules_are_refused(game, opts, words):
    with pytest.raises(ValueError, match=words):
        rules.text(game, opts)


def test_an_option_the_game_lacks_is_refused():
    with pytest.raises(ValueError, match="Clubbed has no such rule option: colour"):
        rules.new_game("clubbed;colour=1", 1)
