#!/usr/bin/env python3
# Sources/Adapters/binplist/xds_adapter_binplist.py - binplist 0.1.4 (PyPI, Python 2 code) behind the adapter protocol
"""decode = binplist.BinaryPlist(BytesIO(bytes)).Parse(), the parser class binplist documents for use on
possibly corrupt files (readPlist adds only a Python-2-only XML fallback); decode only (no writer).

binplist is Python 2 code. A runtime shim (binplist_py3_shim.py) gives it Python 3 spellings without changing its logic:
`ord()` inside the module accepts the ints that indexing bytes yields in Python 3, and `_ReadHeader` is the
same method with the magic compared as bytes and the two version characters kept as text ("00"), as they
were in Python 2. Nothing else is touched.

Rejections: binplist.Error (and its FormatError), IOError and IndexError, the errors binplist documents,
and a parse that sets `is_corrupt` (the documented flag for corrupt data; Parse still returns a value).
Values: ASCII strings and data both come back as bytes (Python 2 `str`), printed as data; UTF-16 strings
as text; the NullValue marker as null; its CorruptReference, RawValue and UnknownObject markers have no
tagged JSON form. Run with the peers' venv (.build/peers/venv)."""

import io
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peerlib"))
from binplist_py3_shim import binplist  # noqa: E402  (binplist with Python 3 spellings)
import xds_peerlib as peer  # noqa: E402


class Corrupt(Exception):
    """Parse returned a value but set is_corrupt."""


def decode(data):
    parser = binplist.BinaryPlist(io.BytesIO(data))
    value = parser.Parse()
    if parser.is_corrupt:
        raise Corrupt("Parse set is_corrupt")
    return value


def classify(value):
    found = peer.classify_python(value, null_marker=binplist.NullValue, none_is_null=False)
    if found is None:
        name = getattr(value, "__name__", type(value).__name__)
        raise peer.Unexpressible("binplist's %s marker" % name)
    return found


def version():
    return "binplist %s with a Python 3 spelling shim (Python %s)" % (
        peer.package_version("binplist"), sys.version.split()[0])


sys.exit(peer.run(
    sys.argv[1:], version=version, decode=decode, classify=classify,
    rejections=(binplist.Error, IOError, IndexError, Corrupt)))
