#!/usr/bin/env python3
# Sources/Adapters/biplist/xds_adapter_biplist.py - biplist (Debian python3-biplist) behind the adapter protocol
"""decode = biplist.readPlistFromString(bytes); encode = biplist.writePlistToString(value) (binary).
Rejections: InvalidPlistException and NotBinaryPlistException, the two errors biplist documents.
Run with Debian's /usr/bin/python3 (python3-biplist is installed for it). See xds_peerlib for the rest."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peerlib"))
import biplist  # noqa: E402
import xds_peerlib as peer  # noqa: E402


def classify(value):
    found = peer.classify_python(value, uid_type=biplist.Uid, uid_value=lambda uid: uid.integer, sets=True)
    if found is None:
        raise peer.Unexpressible("a value of type %s" % type(value).__name__)
    return found


def make(kind, text):
    return peer.make_python(kind, text, data=biplist.Data, uid=biplist.Uid, sets=True, library="biplist")


def version():
    return "biplist %s (Python %s)" % (peer.package_version("biplist"), sys.version.split()[0])


sys.exit(peer.run(
    sys.argv[1:], version=version, decode=biplist.readPlistFromString, classify=classify,
    rejections=(biplist.InvalidPlistException, biplist.NotBinaryPlistException),
    encode=biplist.writePlistToString, make=make))
