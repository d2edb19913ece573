#!/usr/bin/env python3
# Sources/Adapters/bplist/xds_adapter_bplist.py - bplist 1.1 (PyPI, farcaller) behind the adapter protocol
"""decode = bplist.bplist.BPListReader(bytes).parse() (decode only: its writer is an unimplemented stub).
bplist documents no error type and its own checks raise plain Exception, so a caller must catch
Exception: every Exception is a rejection, except RecursionError and MemoryError (crashes).
The library's values, printed as they are: ASCII strings and data both come back as bytes (printed as
data: the library cannot tell them apart), UIDs as bytes (data), reals as (size, float) tuples (the
float is printed), dates as whole-second datetimes. Run with the peers' venv (.build/peers/venv)."""

import datetime
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peerlib"))
from bplist.bplist import BPListReader  # noqa: E402
import xds_peerlib as peer  # noqa: E402


class Refused(Exception):
    """Any Exception bplist raised except the two crash kinds."""


def decode(data):
    try:
        return BPListReader(data).parse()
    except (RecursionError, MemoryError):
        raise
    except Exception as error:  # noqa: BLE001 - bplist's only way to reject is a plain Exception
        raise Refused("%s: %s" % (type(error).__name__, error))


def classify(value):
    if isinstance(value, bool):
        return ("leaf", "bool", "true" if value else "false")
    if isinstance(value, int):
        return ("leaf", "integer", str(value))
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], float):
        return ("leaf", "real", peer.real_text(value[1]))
    if isinstance(value, str):
        return ("leaf", "string", value)
    if isinstance(value, (bytes, bytearray)):
        return ("leaf", "data", peer.data_text(value))
    if isinstance(value, datetime.datetime):
        return ("leaf", "date", peer.date_text(value))
    if value is None:
        return ("leaf", "null", "")
    if isinstance(value, list):
        return ("array", value)
    if isinstance(value, dict):
        return ("dict", list(value.items()))
    raise peer.Unexpressible("a value of type %s" % type(value).__name__)


def version():
    return "bplist %s (Python %s)" % (peer.package_version("bplist"), sys.version.split()[0])


sys.exit(peer.run(sys.argv[1:], version=version, decode=decode, classify=classify, rejections=(Refused,)))
