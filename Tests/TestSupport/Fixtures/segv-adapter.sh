#!/bin/sh
# segv-adapter.sh - Dies of SIGSEGV.
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
kill -SEGV $$
