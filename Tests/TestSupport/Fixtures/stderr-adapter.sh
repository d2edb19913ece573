#!/bin/sh
# stderr-adapter.sh - Correct answers with chatter on stderr and exit 0: still an acceptance.
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
echo "warning: chatty adapter" >&2
input=$(cat)
case "$input" in "{"*) printf '%s' "$input" ;; *) exit 1 ;; esac
