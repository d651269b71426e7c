"""Small files that begin as real video containers do (the first boxes, chunks or elements of each format),
for tests of what uploads accept."""

import struct

ASF_HEADER_GUID = bytes.fromhex("3026b2758e66cf11a6d900aa0062ce6c")


def _box(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def _ebml(element_id: bytes, payload: bytes) -> bytes:
    return element_id + bytes([0x80 | len(payload)]) + payload


def mp4(body: bytes = bytes(1024)) -> bytes:
    """An MP4 as phones write it: ftyp (isom), free, then mdat."""
    return _box(b"ftyp", b"isom\x00\x00\x02\x00isomiso2avc1mp41") + _box(b"free", b"") + _box(b"mdat", body)


def mov(body: bytes = bytes(1024)) -> bytes:
    """A QuickTime movie: ftyp (qt), wide, then mdat."""
    return _box(b"ftyp", b"qt  \x00\x00\x02\x00qt  ") + _box(b"wide", b"") + _box(b"mdat", body)


def avi(body: bytes = bytes(1024)) -> bytes:
    """An AVI: RIFF 'AVI ' holding the 'hdrl' list first."""
    header_list = b"LIST" + struct.pack("<I", 4 + 64) + b"hdrl" + b"avih" + struct.pack("<I", 56) + bytes(56)
    payload = b"AVI " + header_list + body
    return b"RIFF" + struct.pack("<I", len(payload)) + payload


def wmv(body: bytes = bytes(1024)) -> bytes:
    """A WMV: the ASF header object (size, object count, reserved 1 and 2)."""
    return ASF_HEADER_GUID + struct.pack("<QIBB", 30 + len(body), 6, 1, 2) + body


def flv(body: bytes = bytes(1024)) -> bytes:
    """An FLV: version 1, audio and video flags, a 9-byte header and PreviousTagSize0 of 0."""
    return b"FLV\x01\x05" + struct.pack(">II", 9, 0) + body


def webm(body: bytes = bytes(1024)) -> bytes:
    """A WebM: the EBML header with DocType 'webm', then a Segment."""
    header = (
        _ebml(b"\x42\x86", b"\x01")
        + _ebml(b"\x42\xf7", b"\x01")
        + _ebml(b"\x42\xf2", b"\x04")
        + _ebml(b"\x42\xf3", b"\x08")
        + _ebml(b"\x42\x82", b"webm")
        + _ebml(b"\x42\x87", b"\x04")
        + _ebml(b"\x42\x85", b"\x02")
    )
    return b"\x1a\x45\xdf\xa3" + bytes([0x80 | len(header)]) + header + b"\x18\x53\x80\x67\x01" + bytes(7) + body
