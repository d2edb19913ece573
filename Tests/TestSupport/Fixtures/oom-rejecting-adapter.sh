#!/bin/sh
# oom-rejecting-adapter.sh - Runs out of memory under the address-space cap and exits 1, as CPython does when
# an adapter turns MemoryError into a rejection. With a third argument "quiet" it prints nothing (a C adapter
# checking malloc).
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
exec python3 - "$2" <<'PYTHON'
import os, sys
chunks = []
try:
    while True:
        chunks.append(b"x" * (16 << 20))
except MemoryError:
    chunks = None
    if sys.argv[1:] != ["quiet"]:
        sys.stderr.write("MemoryError\n")
    os._exit(1)
PYTHON
