# Sources/Adapters/binplist/binplist_py3_shim.py - binplist 0.1.4 (Python 2 code) with Python 3 spellings, logic unchanged
"""Importing this module patches two spellings of binplist at run time, and changes nothing else:

- `ord()` inside binplist accepts the ints that indexing bytes yields in Python 3 (Python 2 gave 1-char str);
- `BinaryPlist._ReadHeader` is the same method with the magic compared as bytes and the two version characters
  kept as text ("00"), as they were in Python 2 (so the later `self.version == "00"` checks mean what they did).

Used by the binplist adapter and by the replay check's direct call. `from binplist_py3_shim import binplist`.
"""

import builtins
import struct

from binplist import binplist


def _ord(character):
    return character if isinstance(character, int) else builtins.ord(character)


def _read_header(self):
    header_struct = struct.Struct(">6s2s")
    data = self.fd.read(header_struct.size)
    if len(data) != header_struct.size:
        raise binplist.FormatError("Wrong header length (got %d, expected %ld)." % (len(data), header_struct.size))
    magic, version = header_struct.unpack(data)
    self.version = version.decode("latin-1")
    if magic != b"bplist":
        raise binplist.FormatError("Wrong magic '%s', expecting 'bplist'." % magic)
    if self.version[0] != "0":
        self._LogWarn("Unknown version. Proceeding anyway...")


binplist.ord = _ord
binplist.BinaryPlist._ReadHeader = _read_header

