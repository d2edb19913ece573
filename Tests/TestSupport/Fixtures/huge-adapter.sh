#!/bin/sh
# huge-adapter.sh - Writes 64 MiB to stdout and 1 MiB to stderr without reading stdin, then exits 0.
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
head -c 1048576 /dev/zero >&2
head -c 67108864 /dev/zero | tr '\0' 'x'
