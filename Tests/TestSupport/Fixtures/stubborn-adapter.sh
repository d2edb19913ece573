#!/bin/sh
# stubborn-adapter.sh - On decode, ignores SIGTERM, SIGINT and SIGHUP, starts a child in its group and one in a
# session of its own, records the three pids in $XDS_TEST_PIDS, and never ends.
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
[ "$1" = decode ] || exit 64
trap '' TERM INT HUP
sleep 300 </dev/null >/dev/null 2>&1 &
echo $! >> "$XDS_TEST_PIDS"
setsid sh -c 'trap "" TERM INT HUP; echo $$ >> "$XDS_TEST_PIDS"; exec sleep 300' </dev/null >/dev/null 2>&1 &
echo $$ >> "$XDS_TEST_PIDS"
while :; do sleep 1; done
