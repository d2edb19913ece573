#!/usr/bin/env python3
# Sources/Adapters/biplist/xds_adapter_biplist.py - biplist (Debian python3-biplist) behind the adapter protocol
"""decode = biplist.readPlistFromString(bytes); encode = biplist.writePlistToString(value) (binary).
Rejections: InvalidPlistException and NotBinaryPlistException, the two errors biplist documents.
Run with Debian's /usr/bin/python3 (python3-biplist is installed for it). See xds_peerlib for the rest."""

import datetime
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peerlib"))
import biplist  # noqa: E402
import xds_peerlib as peer  # noqa: E402


def classify(value):
    if isinstance(value, bool):
        return ("leaf", "bool", "true" if value else "false")
    if isinstance(value, biplist.Uid):
        return ("leaf", "uid", str(value.integer))
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
    if isinstance(value, (set, frozenset)):
        return ("set", list(value))
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
        return biplist.Data(peer.data_bytes(text))
    if kind == "uid":
        return biplist.Uid(int(text))
    if kind == "set":
        return set(text)
    raise ValueError("biplist has no value for %s" % kind)


def version():
    return "biplist %s (Python %s)" % (peer.package_version("biplist"), sys.version.split()[0])


sys.exit(peer.run(
    sys.argv[1:], version=version, decode=biplist.readPlistFromString, classify=classify,
    rejections=(biplist.InvalidPlistException, biplist.NotBinaryPlistException),
    encode=biplist.writePlistToString, make=make))
