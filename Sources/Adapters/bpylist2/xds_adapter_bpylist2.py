#!/usr/bin/env python3
# Sources/Adapters/bpylist2/xds_adapter_bpylist2.py - bpylist2's plistlib fork (PyPI bpylist2) behind the adapter protocol
"""bpylist2 4.1.1 ships its own fork of plistlib, `bpylist2._plistlib`, and parses with it on Python < 3.8
(on 3.8 and later bpylist2 calls the standard plistlib, which is the `plistlib` row). This adapter runs
the fork: decode = _plistlib.loads(bytes, fmt=FMT_BINARY); encode = _plistlib.dumps(value, fmt=FMT_BINARY,
sort_keys=False). Rejection: InvalidFileException, the error the fork's binary parser documents (it
wraps OSError, IndexError, struct.error, OverflowError and UnicodeDecodeError into it); the fork's writer
raises TypeError, OverflowError and ValueError for values it cannot write. Run with the peers' venv
(.build/peers/venv, `make peers`)."""

import datetime
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peerlib"))
from bpylist2 import _plistlib as fork  # noqa: E402
import xds_peerlib as peer  # noqa: E402


def classify(value):
    if isinstance(value, bool):
        return ("leaf", "bool", "true" if value else "false")
    if isinstance(value, fork.UID):
        return ("leaf", "uid", str(value.data))
    if isinstance(value, int):
        return ("leaf", "integer", str(value))
    if isinstance(value, float):
        return ("leaf", "real", peer.real_text(value))
    if isinstance(value, str):
        return ("leaf", "string", value)
    if isinstance(value, (bytes, bytearray)):
        return ("leaf", "data", peer.data_text(value))
    if isinstance(value, datetime.datetime):
        return ("leaf", "date", peer.date_text(value))
    if value is None:
        return ("leaf", "null", "")
    if isinstance(value, (list, tuple)):
        return ("array", value)
    if isinstance(value, dict):
        return ("dict", list(value.items()))
    raise peer.Unexpressible("a value of type %s" % type(value).__name__)


def make(kind, text):
    if kind == "string":
        return text
    if kind == "integer":
        return int(text)
    if kind == "real":
        return float(text)
    if kind == "bool":
        return text == "true"
    if kind == "date":
        return peer.parse_date(text).replace(tzinfo=None)
    if kind == "data":
        return peer.data_bytes(text)
    if kind == "uid":
        return fork.UID(int(text))
    raise ValueError("the fork has no value for %s" % kind)


def version():
    return "bpylist2 %s, its plistlib fork (Python %s)" % (peer.package_version("bpylist2"), sys.version.split()[0])


sys.exit(peer.run(
    sys.argv[1:], version=version, decode=lambda data: fork.loads(data, fmt=fork.FMT_BINARY), classify=classify,
    rejections=(fork.InvalidFileException,),
    encode=lambda value: fork.dumps(value, fmt=fork.FMT_BINARY, sort_keys=False), make=make,
    encode_rejections=(TypeError, OverflowError, ValueError)))
