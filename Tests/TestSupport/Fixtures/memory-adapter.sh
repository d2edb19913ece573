#!/bin/sh
# memory-adapter.sh - Doubles a string to 2 GiB; under the runner's address-space limit awk runs out of memory.
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
exec awk 'BEGIN { s = "x"; for (i = 0; i < 31; i++) s = s s; print length(s) }'
