#!/bin/sh
# sleep-adapter.sh - Sleeps far past any timeout the tests use, in a child process. A number on stdin
# sets the duration, so that a test can look for its own sleeper.
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
read -r seconds
case "$seconds" in [0-9]*) ;; *) seconds=300 ;; esac
sleep "$seconds"
