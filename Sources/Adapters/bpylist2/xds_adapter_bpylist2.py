#!/usr/bin/env python3
# Sources/Adapters/bpylist2/xds_adapter_bpylist2.py - bpylist2's plistlib fork (PyPI bpylist2) behind the adapter protocol
"""bpylist2 4.1.1 ships its own fork of plistlib, `bpylist2._plistlib`, and parses with it on Python < 3.8
(on 3.8 and later bpylist2 calls the standard plistlib, which is the `plistlib` row). This adapter runs
the fork: decode = _plistlib.loads(bytes, fmt=FMT_BINARY); encode = _plistlib.dumps(value, fmt=FMT_BINARY,
sort_keys=False). Rejection: InvalidFileException, the error the fork's binary parser documents (it
wraps OSError, IndexError, struct.error, OverflowError and UnicodeDecodeError into it); the fork's writer
raises TypeError, OverflowError and ValueError for values it cannot write. Run with the peers' venv
(.build/peers/venv, `make peers`)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peerlib"))
from bpylist2 import _plistlib as fork  # noqa: E402
import xds_peerlib as peer  # noqa: E402


def classify(value):
    found = peer.classify_python(value, uid_type=fork.UID, uid_value=lambda uid: uid.data)
    if found is None:
        raise peer.Unexpressible("a value of type %s" % type(value).__name__)
    return found


def make(kind, text):
    return peer.make_python(kind, text, uid=fork.UID, library="the fork")


def version():
    return "bpylist2 %s, its plistlib fork (Python %s)" % (peer.package_version("bpylist2"), sys.version.split()[0])


sys.exit(peer.run(
    sys.argv[1:], version=version, decode=lambda data: fork.loads(data, fmt=fork.FMT_BINARY), classify=classify,
    rejections=(fork.InvalidFileException,),
    encode=lambda value: fork.dumps(value, fmt=fork.FMT_BINARY, sort_keys=False), make=make,
    encode_rejections=(TypeError, OverflowError, ValueError)))
