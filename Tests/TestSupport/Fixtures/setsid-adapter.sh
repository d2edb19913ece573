#!/bin/sh
# setsid-adapter.sh - On decode, leaves a process in a session of its own (out of the call's process group),
# records its pid in $XDS_TEST_PIDS, and rejects. The runner must still kill it.
[ "$1" = capabilities ] && { echo '["decode"]'; exit 0; }
[ "$1" = decode ] || exit 64
cat > /dev/null
setsid sh -c 'echo $$ >> "$XDS_TEST_PIDS"; exec sleep 300' </dev/null >/dev/null 2>&1 &
i=0
while [ $i -lt 200 ] && ! [ -s "$XDS_TEST_PIDS" ]; do sleep 0.05; i=$((i + 1)); done
exit 1
