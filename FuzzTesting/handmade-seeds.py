#!/usr/bin/env python3
# FuzzTesting/handmade-seeds.py - Writes the hand-built bplist seeds into a directory (fuzz_seeds calls it).
#
# Usage: handmade-seeds.py DIR
#
# Two Docs/codec.md rules need more bytes than a campaign's -max_len (4096) allows, so no mutation can
# reach them; these seeds do (each rejected by exactly its rule, which `make fuzz-coverage` counts):
#
#   handmade-element-budget.bplist  bplist.object.element-budget: only offset-table entries that alias
#       one container make the decoder build it more than once. With 1-byte references at most 255
#       objects exist, so 253 aliases of one array need more than 2^20 / 253 = 4,145 elements of one
#       byte each: 4,200 here, 5,011 bytes in all. With 2-byte references the table and the references
#       cost 4 bytes per alias and 2 per element: more than 4,096 bytes again (n^2 / 16 > 2^20).
#   handmade-payload-budget.bplist  bplist.object.payload-budget: 2,100 aliases of one 8,200-byte ASCII
#       string read 17.2 MB of payload, past the 16 MiB budget, from 16,651 bytes. The budget is at least
#       2^24 bytes and aliases cost 4 bytes each, so the input needs more than 2^14 bytes.
#
# And one a mutation could reach but the corpus has not yet:
#
#   handmade-materialised-size.bplist  bplist.object.materialised-size: 16 levels of arrays that hold the
#       next level twice, ending in one 3,000-byte ASCII string: 2^17 values (inside the expansion
#       bound) that would materialise 2^16 copies of the string, 196 MB past the 64 MiB bound, from
#       3,126 bytes (within -max_len).
#
# Campaigns cut seeds at -max_len (the prefix fails the trailer checks quickly); `make fuzz-coverage`
# and `xds-fuzz-replay --errors` read them whole.
import os
import struct
import sys


def trailer(offset_size, ref_size, count, top, table):
    return bytes(6) + bytes([offset_size, ref_size]) + struct.pack(">QQQ", count, top, table)


def element_budget():
    aliases, elements = 253, 4200
    # Object 0: the root array of the 253 aliases (objects 2...254); object 1: false; 2...254: one array
    # of 4,200 references to object 1, named by every one of those entries.
    root = bytes([0xAF, 0x10, aliases]) + bytes(range(2, 2 + aliases))
    false = bytes([0x08])
    shared = bytes([0xAF, 0x11]) + struct.pack(">H", elements) + bytes([1]) * elements
    body = b"bplist00" + root + false + shared
    offsets = [8, 8 + len(root)] + [8 + len(root) + len(false)] * aliases
    table = len(body)
    return body + b"".join(struct.pack(">H", o) for o in offsets) + trailer(2, 1, len(offsets), 0, table)


def payload_budget():
    aliases, length = 2100, 8200
    # Object 0: the root array of objects 1...2100, every one of them the same ASCII string.
    root = bytes([0xAF, 0x11]) + struct.pack(">H", aliases) + b"".join(struct.pack(">H", i) for i in range(1, aliases + 1))
    string = bytes([0x5F, 0x11]) + struct.pack(">H", length) + b"a" * length
    body = b"bplist00" + root + string
    offsets = [8] + [8 + len(root)] * aliases
    table = len(body)
    return body + b"".join(struct.pack(">H", o) for o in offsets) + trailer(2, 2, len(offsets), 0, table)


def materialised_size():
    levels, length = 16, 3000
    # Object i (0...15) is an array holding object i+1 twice; object 16 is the string.
    arrays = [bytes([0xA2, i + 1, i + 1]) for i in range(levels)]
    string = bytes([0x5F, 0x11]) + struct.pack(">H", length) + b"a" * length
    body = b"bplist00"
    offsets = []
    for item in arrays + [string]:
        offsets.append(len(body))
        body += item
    table = len(body)
    return body + b"".join(struct.pack(">H", o) for o in offsets) + trailer(2, 1, len(offsets), 0, table)


def main():
    into = sys.argv[1]
    os.makedirs(into, exist_ok=True)
    for name, data in (("handmade-element-budget.bplist", element_budget()),
                       ("handmade-payload-budget.bplist", payload_budget()),
                       ("handmade-materialised-size.bplist", materialised_size())):
        with open(os.path.join(into, name), "wb") as handle:
            handle.write(data)


if __name__ == "__main__":
    main()
