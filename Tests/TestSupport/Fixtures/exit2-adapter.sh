#!/bin/sh
# exit2-adapter.sh - Exits 2 on every call: a crash, never a rejection.
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
echo "something broke" >&2
exit 2
